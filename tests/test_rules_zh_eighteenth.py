"""Chinese facts the eighteenth round reads (docs/FACTS.md): a town told as one's own while
talking of something else (its weather, a local ask, "我们X人"), a level of school in a city
(the city is the home, not a school), a home with the verb after it. Every sentence is written
for these tests, none is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in

A, R = Op.ASSERT, Op.RETRACT


def own(text: str) -> set[tuple[str, str, Op]]:
    """The speaker's own facts in ``text``: (attribute, value, op)."""
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about and not f.name}


def theirs(text: str) -> set[tuple[str, str, str, str]]:
    """Everyone else's facts in ``text``: (relation, name, attribute, value)."""
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.about or f.name}


def homes(text: str) -> set[str]:
    return {value for attribute, value, op in own(text) if attribute == "lives_in" and op is A}


# -- a town told as one's own ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("咱沈阳这两天零下二十度 出门脸都冻麻了", "沈阳"),
        ("福州八月还三十八度 空调开一天电费吓死人", "福州"),
        ("我们贵阳的天气真是舒服 夏天都不用开空调", "贵阳"),
        ("想问问在南昌有没有靠谱的口腔医院推荐", "南昌"),
        ("求推荐几家洛阳本地的牛肉汤 要老字号", "洛阳"),
        ("济南这周末有啥好玩的地方 想带娃出去转转", "济南"),
        ("我们潍坊人过年都要吃这个", "潍坊"),
    ],
)
def test_a_town_told_as_ones_own_is_the_home(text: str, town: str) -> None:
    assert town in homes(text)


@pytest.mark.parametrize(
    "text",
    [
        "下个月去南昌玩 有没有好吃的推荐",  # a trip
        "明天飞洛阳 洛阳有啥好吃的推荐",  # a town gone to
        "我表姐在贵阳 贵阳的天气真是舒服",  # someone else's town
        "要是搬去福州 福州的夏天太热了",  # a plan
        "我是潍坊人",  # where one is from, not (yet) where one lives
    ],
)
def test_no_home_from_a_trip_someone_else_a_plan_or_an_origin(text: str) -> None:
    assert not homes(text) & {"南昌", "洛阳", "贵阳", "福州", "潍坊"}


def test_a_town_in_passing_never_overrides_a_home_told_in_the_turn() -> None:
    assert homes("我住在苏州 在无锡有没有好吃的推荐") == {"苏州"}


# -- a level of school in a city ----------------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [("我在合肥上大学", "合肥"), ("我在太原念高中 高二了", "太原")])
def test_a_level_of_school_in_a_city_is_the_home_and_no_school(text: str, town: str) -> None:
    found = own(text)
    assert ("lives_in", town, A) in found
    assert not any(attribute == "studies_at" for attribute, _, _ in found)


def test_someone_elses_level_of_school_in_a_city_is_their_home() -> None:
    found = theirs("我弟弟在大连上大学 学船舶的")
    assert any(attribute == "lives_in" and value == "大连" for _, _, attribute, value in found)
    assert not any(attribute == "studies_at" and "上大学" in value for _, _, attribute, value in found)


def test_a_named_school_in_a_city_is_still_the_school() -> None:
    assert ("studies_at", "川大", A) in own("我在成都读川大")


# -- a home with the verb after it --------------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [("上个月搬到萧山住了", "萧山"), ("我们搬去昌平定居了", "昌平")])
def test_a_home_moved_to_without_the_verb_after_it(text: str, town: str) -> None:
    assert town in homes(text)


# -- cousins --------------------------------------------------------------------------------------


def test_a_cousin_is_someone_else_with_their_own_facts() -> None:
    assert ("cousin", "李想", "job_title", "医生") in theirs("我堂弟叫李想，在西安当医生")
    assert not homes("我表姐在贵阳 贵阳的天气真是舒服")
