"""Chinese routines however the clause orders them (weaver/extract/routines_zh.py), and an
appointment named by its errand, not by who goes along or where (带女儿去打疫苗): a lead
word, a clock, 下班, the subject again, a companion or a venue between the days and the
activity; a daily routine of exercise but not of a mood; a later piece that opens with the
days; a class on a bare weekday right after a routine. None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.routines_zh import routine
from vaultweave.weaver.extract.rules import facts_in


@pytest.mark.parametrize(
    ("clause", "value"),
    [
        ("我每周三晚上去练拳击", "拳击 每周三"),
        ("另外我每周一周五下班都去游泳", "游泳 每周一周五"),
        ("每个礼拜天早上九点带我女儿去上美术课", "美术课 每礼拜天"),
        ("每周二和周四晚上我在公园打太极", "太极 每周二和周四"),
        ("天天早上五点半去湖边跑步", "跑步 天天"),
        ("天天七点跑 雷打不动", "跑步 天天"),
    ],
)
def test_the_activity_is_found_behind_what_people_put_before_it(clause: str, value: str) -> None:
    found = routine(clause)
    routines_read = [(f.attribute, f.value, f.op) for f in found if f.attribute == "routine"]
    assert routines_read == [("routine", value, Op.ASSERT)]


def test_exercise_every_day_is_one_routine_with_its_days() -> None:
    # no habit beside it: a habit without days would stand for the same thing, told less well
    read = {(f.attribute, f.value) for f in routine("现在每天游泳两公里")}
    assert read == {("routine", "游泳 每天")}


@pytest.mark.parametrize("clause", ["我每天都很忙", "天天琢磨要不要换工作", "每天必喝一杯咖啡"])
def test_a_mood_or_a_habit_every_day_is_no_routine(clause: str) -> None:
    assert routine(clause) == []


def routines(text: str) -> set[str]:
    return {f.value for f in facts_in(text) if f.attribute == "routine" and f.op is Op.ASSERT and not f.about}


def test_a_later_piece_that_opens_with_the_days_is_read() -> None:
    assert routines("报了个书法班，以后每周六上午去练字") == {"练字 每周六"}


def test_a_class_on_a_weekday_after_a_routine_is_another_routine() -> None:
    assert routines("每周一三晚上打网球 周日下午钢琴课") == {"网球 每周一三", "钢琴课 每周日"}


def test_a_dentist_on_a_weekday_after_a_routine_stays_an_appointment() -> None:
    read = facts_in("每周一三晚上打网球，周六上午十点去看牙医")
    assert ("appointment", "看牙医") in {(f.attribute, f.value) for f in read}
    assert "看牙医 每周六" not in routines("每周一三晚上打网球，周六上午十点去看牙医")


@pytest.mark.parametrize(
    ("text", "errand"),
    [
        ("周日上午十点带女儿去打流感疫苗", "打流感疫苗"),
        ("周三晚上七点跟中介看房", "看房"),
        ("这周五上午九点约了区医院打疫苗", "打疫苗"),
        ("提醒我明天下午三点看牙医", "看牙医"),
    ],
)
def test_an_appointment_is_the_errand_not_who_goes_along_or_where(text: str, errand: str) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == "appointment" and f.op is Op.ASSERT] == [errand]
