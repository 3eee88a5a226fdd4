"""Chinese facts the eighteenth round reads (docs/FACTS.md): a town told as one's own while
talking of something else (its weather, a local ask, "我们X人"), a level of school in a city
(the city is the home, not a school), a home with the verb after it, cousins, a routine's value
without its venue or the words around it, a class moved by who told of it. Every sentence is
written for these tests, none is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.dates_zh import weekdays
from vaultweave.weaver.extract.routines_zh import routine, split_routine
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.extract.span_reader import someone_else

from tests.zh_facts import homes, own, theirs

A, R = Op.ASSERT, Op.RETRACT


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


# -- a routine's value ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "value"),
    [
        ("每周四晚上照样去老街茶馆听评书", "听评书 每周四"),
        ("每周一周三去羽毛球馆", "羽毛球 每周一周三"),
        ("每天早上沿着江边跑个三公里", "跑步 每天"),
        ("我每周二上午去康复医院做针灸", "针灸 每周二"),
    ],
)
def test_a_routine_is_the_activity_not_the_venue_or_the_distance(clause: str, value: str) -> None:
    assert [f.value for f in routine(clause) if f.attribute == "routine"] == [value]


def test_a_routine_that_names_only_where_is_none() -> None:
    assert not routine("每周五下午在图书馆那边")


@pytest.mark.parametrize(
    ("before", "piece", "value"),
    [
        ("报了个书法班", "每周日上午", "书法班 每周日"),
        ("我们每个礼拜三早浪向八点钟", "到人民公园练剑", "练剑 每礼拜三"),
    ],
)
def test_a_routine_in_two_pieces_a_class_or_a_wu_morning(before: str, piece: str, value: str) -> None:
    assert [f.value for f in split_routine(before, piece)] == [value]


def test_a_count_after_the_day_names_no_day() -> None:
    assert weekdays("改成每周三一次") == ("wednesday",)
    assert weekdays("每周一三五") == ("monday", "wednesday", "friday")


# -- a class moved, named by who told of it --------------------------------------------------------

SPOKEN = datetime(2026, 3, 2, 2, 0, tzinfo=timezone.utc)


def routines_after(*texts: str) -> dict[str, set[str]]:
    """The routines asserted and ended over a session of turns a day apart."""
    said = [Resource(id=f"r#L{i}", path="r", line=i + 1, ts=SPOKEN + timedelta(days=i), role="user",
                     speaker="林", session="s", text=text) for i, text in enumerate(texts)]
    found: dict[str, set[str]] = {"asserted": set(), "ended": set()}
    for c in RulesExtractor().extract(said):
        if c.attribute == "routine" and not c.subject.endswith("'s"):
            found["asserted" if c.op is A else "ended"].add(c.value)
    return found


def test_a_class_moved_as_the_coach_told_is_the_routine_told_before() -> None:
    found = routines_after("每周一周三晚上去练跆拳道", "馆长说周三那节课没了 以后改成周一和周五晚上")
    assert "跆拳道 每周一和五" in found["asserted"]
    assert "跆拳道 每周一周三" in found["ended"]
    assert not any("说" in value for value in found["asserted"])


def test_a_class_moved_by_its_teacher_keeps_the_class_named() -> None:
    found = routines_after("每周二晚上上尤克里里课", "尤克里里老师排课变了 改到周四晚上了")
    assert "尤克里里 每周四" in found["asserted"]
    assert not any("老师" in value for value in found["asserted"])


def test_a_class_moved_as_someone_else_told_is_not_the_speakers() -> None:
    found = routines_after("我每周一上午去游泳", "我女儿说舞蹈老师排课变了 改到周六上午了")
    assert not any("舞蹈" in value for value in found["asserted"])


@pytest.mark.parametrize("clause", ["游泳教练说下周停课", "数学老师讲这次考得不好", "房东通知下个月涨租"])
def test_a_clause_opened_by_someone_named_by_their_role_is_theirs(clause: str) -> None:
    assert someone_else(clause)


@pytest.mark.parametrize("clause", ["我是初中数学老师", "跟医生说了我对花粉过敏", "医生让我每天快走半小时"])
def test_a_clause_of_ones_own_with_a_role_in_it_is_the_speakers(clause: str) -> None:
    assert not someone_else(clause)


def test_someone_elses_class_moved_moves_no_appointment_of_the_speakers() -> None:
    turns = ["下周三下午三点去看牙医", "我女儿说舞蹈老师排课变了 周四那节挪到周六了"]
    said = [Resource(id=f"r#L{i}", path="r", line=i + 1, ts=SPOKEN + timedelta(days=i), role="user",
                     speaker="林", session="s", text=text) for i, text in enumerate(turns)]
    moved = [c for c in RulesExtractor().extract(said) if c.attribute == "appointment" and c.op is A]
    assert len(moved) == 1


# -- a habit's value ---------------------------------------------------------------------------------


def habits(text: str) -> set[str]:
    return {value for attribute, value, op in own(text) if attribute == "habit" and op is A}


@pytest.mark.parametrize(
    ("text", "habit"), [("我每天三点半都要吃一个苹果", "吃一个苹果"), ("我天天早上六点去滨江路快走", "快走")]
)
def test_a_habit_without_its_hour_or_its_place(text: str, habit: str) -> None:
    assert any(habit in value for value in habits(text))
    assert not any("点" in value or "楼下" in value or "路" in value for value in habits(text))


@pytest.mark.parametrize(
    "text",
    ["我每天坐地铁去陆家嘴上班", "我天天八点还要开早会", "我每天都在写结题报告", "我每天晚上带它去河边转转"],
)
def test_work_errands_and_what_is_done_with_others_are_no_habits(text: str) -> None:
    assert not habits(text)


def test_a_time_of_every_day_is_no_appointment() -> None:
    assert not any(attribute == "appointment" for attribute, _, _ in own("我每天下午三点半吃一个苹果"))


# -- a home told and a workplace's district in one turn ------------------------------------------------


def test_a_home_told_outranks_the_district_of_a_workplace_in_the_same_turn() -> None:
    assert homes("我住天通苑 在望京一家外企做财务 每天挤地铁") == {"天通苑"}


def test_the_city_of_a_workplace_alone_is_still_the_home() -> None:
    assert "苏州" in homes("在苏州一家外企做财务")


# -- he or she after someone the speaker did something with ------------------------------------------


def test_he_after_a_relative_one_did_something_with_is_that_relative() -> None:
    found = theirs("我跟老婆在成都买了房 她在川大当老师 我在家带娃")
    assert ("wife", "", "job_title", "老师") in found
    assert ("lives_in", "成都", A) in own("我跟老婆在成都买了房 她在川大当老师 我在家带娃")


def test_a_relative_named_with_what_one_did_together_is_named_and_is_she_next() -> None:
    found = facts_in("我跟女朋友林悦订了下周六晚上七点的餐厅，她是中山医院的医生")
    assert any(f.attribute == "partner" and f.value == "林悦" for f in found)
    assert any(f.name == "林悦" and f.attribute == "job_title" and f.value == "医生" for f in found)


def test_a_clause_without_a_subject_after_a_relative_as_company_is_the_speakers() -> None:
    found = facts_in("我跟老公在青岛买了房 在银行当柜员")
    assert any(f.attribute == "job_title" and f.value == "柜员" and not f.about and not f.name for f in found)


# -- a routine moved with no thing named, and Cantonese days -----------------------------------------


def test_a_game_moved_to_new_days_without_naming_it_moves_the_routine_told_before() -> None:
    found = routines_after("我每周五晚上踢足球", "踢球改成周一和周四了")
    assert "踢足球 每周一和四" in found["asserted"]
    assert "踢足球 每周五" in found["ended"]


def test_cantonese_every_and_and_between_days() -> None:
    found = routines_after("我逢礼拜六打波", "打波改咗星期日同星期三")
    assert "打球 每礼拜六" in found["ended"]
    assert any(v.startswith("打球 每周") and "三" in v and "日" in v for v in found["asserted"])


def test_an_appointment_moved_to_two_days_stays_an_appointment() -> None:
    found = routines_after("下周三下午三点去看牙医", "改到周四和周五了")
    assert not found["asserted"]
