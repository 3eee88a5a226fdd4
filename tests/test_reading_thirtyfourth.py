"""Thirty-fourth round: routines that end with what they were kept up for, move to new days
in more words, keep the name they were told with, and homes held with their city."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.weaver.extract import districts_zh, rules
from vaultweave.weaver.extract.doubt_cues import by_name_doubts
from vaultweave.weaver.extract.routines_zh import routine
from vaultweave.weaver.extract.weekdays_en import on_days
from vaultweave.weaver.value_match import routine_thing
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held


def _woven(tmp_path: Path, speaker: str, *turns: str) -> Vault:
    vault = Vault.init(tmp_path / "v")
    for day, text in enumerate(turns):
        say(vault, text, f"2026-04-{day * 9 + 1:02d}T10:00:00Z", speaker=speaker)
    vault.weave_all(llm=False)
    return vault


def test_a_pet_gone_ends_the_walks_kept_for_it(tmp_path: Path) -> None:
    vault = _woven(tmp_path, "Moira", "i walk my spaniel Pepper every evening after tea",
                   "Pepper passed away on sunday, 13 good years")
    # no pet was held: the ending still tells that Pepper was one, as history
    assert values_held(vault, "pet") == [("Pepper", False)]
    assert [current for _, current in values_held(vault, "routine")] == [False]


def test_a_learning_given_up_ends_its_weekly_class(tmp_path: Path) -> None:
    vault = _woven(tmp_path, "何川", "我在学吉他 每周六下午去琴行上吉他课", "吉他不学了 手指疼 坚持不下去")
    assert values_held(vault, "routine") == [("吉他课 每周六", False)]


def test_a_routine_told_with_function_words_is_named_by_its_activity() -> None:
    assert on_days("aerobics is just", ["wednesday"]) == "aerobics on Wednesdays"
    assert on_days("gym only happens", ["friday", "saturday"]) == "gym on Fridays and Saturdays"
    assert on_days("training's tuesday and", ["tuesday"]) == "training on Tuesdays"
    assert on_days("teaching sunday school", ["sunday"]) == "teaching sunday school on Sundays"


def test_a_routine_on_fewer_days_keeps_the_name_it_was_told_with(tmp_path: Path) -> None:
    vault = _woven(tmp_path, "Glenys", "I go to water aerobics on mondays and thursdays",
                   "the leisure centre cut the monday session so aerobics is just on thursdays")
    assert values_held(vault, "routine") == [
        ("water aerobics on Mondays and Thursdays", False), ("water aerobics on Thursdays", True)]


@pytest.mark.parametrize("value", ["跑步 每礼拜一礼拜三", "跑步 每周一和周三", "跑步 每星期一、星期三"])
def test_the_days_of_a_chinese_routine_are_no_part_of_its_activity(value: str) -> None:
    assert routine_thing(value) == "跑步"


def test_a_chinese_routine_told_again_on_other_days_ends_the_old_days(tmp_path: Path) -> None:
    vault = _woven(tmp_path, "杜娟", "每个礼拜一礼拜三晚上我去打乒乓球", "现在改成每周二和周五打乒乓球了")
    held = values_held(vault, "routine")
    assert [current for _, current in held].count(True) == 1
    assert any(current and "周二" in value for value, current in held)


@pytest.mark.parametrize(
    ("said", "activity"),
    [("下个月起夜班变成每周一周四了", "夜班"), ("私教现在挪到每周二周五晚上了", "私教"),
     ("太极拳每周二四早上打", "太极拳")],
)
def test_a_chinese_routine_moved_in_other_words_names_its_activity(said: str, activity: str) -> None:
    told = [f for f in routine(said) if f.op.value == "assert"]
    assert [f.value.split(" ")[0] for f in told] == [activity]


def test_a_night_shift_moved_to_other_days_ends_the_old_ones(tmp_path: Path) -> None:
    vault = _woven(tmp_path, "孔磊", "我每周三周五值夜班 累死了", "下个月起夜班变成每周一周四了")
    held = sorted(values_held(vault, "routine"))
    assert held == [("值夜班 每周一周四", True), ("值夜班 每周三周五", False)]


def test_a_class_called_off_is_ended_by_name(tmp_path: Path) -> None:
    assert [f.op.value for f in by_name_doubts(["the tuesday intervals are off, physio's orders"], [])] == [
        "retract"]
    assert by_name_doubts(["we're off to Lisbon on friday"], []) == []
    vault = _woven(tmp_path, "Cormac", "I do intervals on tuesdays and a parkrun on saturdays",
                   "stress fracture :( so the tuesday intervals are off for six weeks")
    held = dict(values_held(vault, "routine"))
    assert held == {"intervals on Tuesdays": False, "parkrun on Saturdays": True}


def test_talk_to_the_assistant_is_no_job() -> None:
    facts = rules.facts_in("接娃放学 在校门口等的空当问问你 这道应用题咋讲")
    assert not [f for f in facts if f.attribute in ("job_title", "employer")]
    assert ("job_title", "保安") in {(f.attribute, f.value) for f in rules.facts_in("我在小区门口当保安")}


@pytest.mark.parametrize(
    ("said", "home"),
    [("我跟同事在望京合租一套两居", "望京"), ("我带着闺女搬回石景山我爸妈家住", "石景山"),
     ("跟老婆搬到了珠海", "珠海")],
)
def test_a_home_shared_or_moved_into_with_someone_is_the_speakers(said: str, home: str) -> None:
    assert ("lives_in", home) in {(f.attribute, f.value) for f in rules.facts_in(said)}


def test_the_districts_table_places_a_district_in_its_city() -> None:
    assert districts_zh.cities_of("番禺") == {"广州"} == districts_zh.cities_of("番禺区")
    assert districts_zh.cities_of("浦东") == {"上海"}
    assert districts_zh.cities_of("西湖区") == {"杭州", "南昌"}
    assert districts_zh.is_city("广州") and not districts_zh.is_city("番禺")
    assert districts_zh.cities_of("伦敦") == frozenset()
    # a province, a side of town: a district by those names only said in full
    assert districts_zh.cities_of("河北") == frozenset() and districts_zh.cities_of("河北区") == {"天津"}
    assert districts_zh.cities_of("城东") == districts_zh.cities_of("东区") == frozenset()


def test_the_districts_table_is_made_from_the_division_codes(tmp_path: Path) -> None:
    adcodes = tmp_path / "adcodes.csv"
    adcodes.write_text(
        "adcode,name,longitude,latitude\n"
        "440000000000,广东省,0,0\n440100000000,广州市,0,0\n440113000000,番禺区,0,0\n"
        "310000000000,上海市,0,0\n310100000000,市辖区,0,0\n310106000000,静安区,0,0\n"
        "420000000000,湖北省,0,0\n429000000000,省直辖县级行政区划,0,0\n429004000000,仙桃市,0,0\n"
        "532900000000,大理白族自治州,0,0\n532901000000,大理市,0,0\n",
        encoding="utf-8")
    # a municipality's districts lie in it; a county-level city under its province, or in an
    # autonomous prefecture, is left out
    assert districts_zh.table_rows(adcodes) == ["番禺区 广州", "静安区 上海"]


@pytest.mark.parametrize(
    ("turns", "held"),
    [(("我住番禺 上班要坐一个钟地铁",), [("番禺, 广州", True)]),
     (("我住番禺 上班要坐一个钟地铁", "我住在广州"), [("番禺, 广州", True)]),
     (("我住番禺 上班要坐一个钟地铁", "上个月搬到海珠了"), [("番禺, 广州", False), ("海珠, 广州", True)]),
     (("我住在杭州", "我住在西湖区"), [("杭州", False), ("西湖区, 杭州", True)]),
     (("我住在西湖区",), [("西湖区", True)])],  # 杭州 or 南昌: nothing held chooses
)
def test_a_home_said_by_its_district_is_held_with_its_city(
        tmp_path: Path, turns: tuple[str, ...], held: list[tuple[str, bool]]) -> None:
    vault = _woven(tmp_path, "梁静", *turns)
    assert sorted(values_held(vault, "lives_in")) == sorted(held)
