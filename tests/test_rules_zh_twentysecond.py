"""Chinese facts the twenty-second round reads (docs/FACTS.md): a routine whose days change, the gym's
routine by its common name, a home left on the day of a move still to come, a town married or
emigrated to, the speaker's name told after their trade, and a bank named by its town. Every
sentence is written for these tests, none is taken from the bench."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.zh_facts import homes, own, theirs

A = Op.ASSERT
START = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


def _vault(tmp_path: Path, *turns: str) -> Vault:
    """A vault that wove ``turns`` a day apart, from 2 March 2026."""
    vault = Vault.init(tmp_path)
    for k, text in enumerate(turns):
        vault.ingest(text, ts=(START + timedelta(days=k)).isoformat(), role="user", speaker="阿明",
                     session="s")
    vault.weave_all()
    return vault


def _routines(tmp_path: Path, *turns: str) -> set[tuple[str, str]]:
    """(value, status) of every routine after weaving ``turns``."""
    vault = _vault(tmp_path, *turns)
    return {(i.value, str(i.status.value)) for i in vault.items(status="all") if i.attribute == "routine"}


# -- a routine whose days change ------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "change", "old", "new"),
    [("我每周二周四晚上去游泳", "最近加班 游泳改成周六周日上午了", "游泳 每周二周四", "游泳 每周六和日"),
     ("每周一三五早上去公园打太极", "天冷了 现在改成每周二四去公园打太极", "太极 每周一三五",
      "太极 每周二四"),
     ("我每周三晚上跟同事打羽毛球", "羽毛球改到周五了", "羽毛球 每周三", "羽毛球 每周五")],
)
def test_a_routine_told_on_new_days_ends_its_old_days(tmp_path: Path, before: str, change: str, old: str,
                                                      new: str) -> None:
    routines = _routines(tmp_path, before, change)
    assert (old, "historical") in routines
    assert (new, "current") in routines


def test_a_routine_of_another_activity_on_new_days_ends_nothing(tmp_path: Path) -> None:
    routines = _routines(tmp_path, "我每周二周四晚上去游泳", "现在改成每周六去爬山了")
    assert ("游泳 每周二周四", "current") in routines


def test_an_appointment_moved_to_a_day_is_no_routine() -> None:
    facts = facts_in("体检改到周五了")
    assert any(f.attribute == "appointment" and f.value == "体检" for f in facts)
    assert not any(f.attribute == "routine" for f in facts)


@pytest.mark.parametrize("text", ["我每周二周四下班去健身房举铁", "每周一三五晚上去撸铁"])
def test_the_gyms_routine_is_named_by_the_gym(text: str) -> None:
    assert {value.split(" ")[0] for attribute, value, op in own(text) if attribute == "routine"} == {"健身"}


def test_a_sport_at_the_gym_keeps_its_name() -> None:
    assert {value.split(" ")[0] for attribute, value, _ in own("每周六下午去体育馆打篮球")
            if attribute == "routine"} == {"篮球"}


# -- a home left on the day of a move still to come ----------------------------------------------


def _ended_on(vault: Vault, value: str) -> date | None:
    item = next(i for i in vault.items(status="all") if i.attribute == "lives_in" and i.value == value)
    return item.valid_to.date() if item.valid_to else None


def test_a_home_left_by_a_move_to_come_ends_on_the_day_of_the_move(tmp_path: Path) -> None:
    vault = _vault(tmp_path, "我住济南快十年了", "帮我列个清单 下周六从济南搬去青岛")
    assert _ended_on(vault, "济南") == date(2026, 3, 14)


def test_a_home_left_by_a_move_done_ends_on_the_day_it_was_done(tmp_path: Path) -> None:
    vault = _vault(tmp_path, "我住济南快十年了", "上周六从济南搬去青岛了 累死")
    assert _ended_on(vault, "济南") == date(2026, 2, 28)


# -- a town married or emigrated to ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "relation", "town"),
    [("我表姐前年嫁到了杭州", "cousin", "杭州"),
     ("我哥移民去温哥华了 一年回来一次", "brother", "温哥华")],
)
def test_a_town_married_or_emigrated_to_is_home(text: str, relation: str, town: str) -> None:
    assert (relation, "", "lives_in", town) in theirs(text)


def test_marrying_there_told_of_oneself_is_home() -> None:
    assert homes("我去年嫁到厦门了") == {"厦门"}


@pytest.mark.parametrize("text", ["我妈老想让我嫁到成都去", "她嫁给了一个成都人", "我哥移民的事还没定"])
def test_a_wish_to_marry_there_or_a_spouse_from_there_is_no_home(text: str) -> None:
    assert not any(attribute == "lives_in" for *_, attribute, _ in theirs(text))
    assert not homes(text)


# -- the speaker's name told after their trade ---------------------------------------------------


def test_a_name_told_after_the_speakers_trade_is_their_name() -> None:
    assert ("name", "郑国强", A) in own("我是潍坊的菜农，叫郑国强，家里种了三个大棚")


def test_calling_for_a_takeaway_is_no_name() -> None:
    assert not any(attribute == "name" for attribute, *_ in own("我在单位加班，叫外卖，困死了"))


# -- a bank named by its town ----------------------------------------------------------------


def test_a_bank_named_by_its_town_is_no_home() -> None:
    assert not homes("我在宁波银行当柜员 天天数钱")


def test_a_bank_in_a_town_is_where_one_lives() -> None:
    assert homes("我在宁波一家银行当柜员") == {"宁波"}


# -- a routine ended bare, or told it may be done no more -------------------------------------


def test_a_bare_end_after_the_gym_card_lapsed_ends_the_gym(tmp_path: Path) -> None:
    routines = _routines(tmp_path, "每周一三五晚上去健身房举铁", "健身房的卡过期了也没续 以后不去了")
    assert ("健身 每周一三五", "historical") in routines


def test_told_it_may_be_done_no_more_ends_the_routine(tmp_path: Path) -> None:
    routines = _routines(tmp_path, "我每天早上去江边跑步", "腰扭了 医生说不能再跑步了")
    assert ("跑步 每天", "historical") in routines


def test_a_bare_end_after_something_else_ends_no_routine(tmp_path: Path) -> None:
    routines = _routines(tmp_path, "我每周二周四下班去游泳", "我爸住院了 以后不去了 得陪床")
    assert ("游泳 每周二周四", "current") in routines


# -- one living in the family's town ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "relation", "town"),
    [("我妈在湖南常德老家 退休了", "mother", "常德"),
     ("老头子一个人在赣州老家种橘子，我每年回去两趟", "husband", "赣州"),
     ("我婆娘在南充老家带孙子", "wife", "南充")],
)
def test_a_relative_in_the_family_town_lives_there(text: str, relation: str, town: str) -> None:
    assert (relation, "", "lives_in", town) in theirs(text)


@pytest.mark.parametrize("text", ["我妈在老家", "我妈老说要回常德老家", "我在老家的时候天天下河"])
def test_a_family_town_unnamed_or_only_wished_for_is_no_home(text: str) -> None:
    assert not any(attribute == "lives_in" for *_, attribute, _ in theirs(text))
    assert not homes(text)
