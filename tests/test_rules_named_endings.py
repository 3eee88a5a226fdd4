"""Endings told as a change to something named in the same sentence: a routine moved from
some weekdays to others (English and Chinese), a job ended by naming it ("stopped the
teller job"), a car swapped, sold or dead under the model name people type in lower case.
None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held


def read(text: str) -> set[tuple[str, str, Op]]:
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about}


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("also choir's moved from tuesday nights to thursday nights so the director reckons we need practice",
         "choir on Tuesdays", "choir on Thursdays"),
        ("five-a-side has moved from wed to mon", "five-a-side on Wednesdays", "five-a-side on Mondays"),
        ("we switched pottery from saturdays to sundays", "pottery on Saturdays", "pottery on Sundays"),
        ("篮球从周二改到周四了", "篮球 每周二", "篮球 每周四"),
        ("游泳课从每周一挪到周三了", "游泳 每周一", "游泳 每周三"),
    ],
)
def test_a_routine_moved_between_days_ends_the_old_days(text: str, old: str, new: str) -> None:
    found = read(text)
    assert ("routine", old, Op.RETRACT) in found
    assert ("routine", new, Op.ASSERT) in found


def test_a_moved_class_keeps_every_new_day_and_not_the_timetable() -> None:
    assert ("routine", "尊巴 每周二和四", Op.ASSERT) in read("尊巴馆排课调了 以后改成周二周四晚上")


def test_a_one_off_moved_from_a_day_stays_an_appointment() -> None:
    assert not [f for f in facts_in("面试从周二改到周四了") if f.attribute == "routine"]
    assert not [f for f in facts_in("it's moved from monday to wednesday") if f.attribute == "routine"]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("and I stopped the cashier job last friday, they closed our store",
         {("job_title", "cashier", Op.RETRACT)}),
        ("quit my waiter job at Nando's two weeks ago",
         {("job_title", "waiter", Op.RETRACT), ("employer", "Nando's", Op.RETRACT)}),
    ],
)
def test_a_job_ended_by_naming_it_ends_the_title(text: str, ended: set[tuple[str, str, Op]]) -> None:
    found = read(text)
    assert ended <= found
    assert not [f for f in found if f[0] in ("likes", "hobby", "car")]  # the job, not any thing


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("just swapped my old corolla for a Kia Niro last weekend, petrol was killing me",
         {("car", "corolla", Op.RETRACT), ("car", "Kia Niro", Op.ASSERT)}),
        ("sold the fiesta to my neighbour last week", {("car", "fiesta", Op.RETRACT)}),
        ("my 2009 camry finally died on the M4 lol", {("car", "camry", Op.RETRACT)}),
    ],
)
def test_a_car_named_by_its_model_in_lower_case_ends(text: str, expected: set[tuple[str, str, Op]]) -> None:
    assert expected <= read(text)


def test_a_model_word_that_names_something_else_is_no_car() -> None:
    assert not [f for f in facts_in("sold my golf clubs on ebay") if f.attribute == "car"]
    assert not [f for f in facts_in("swapped my shifts with Tom") if f.attribute == "car"]


def test_a_routine_moved_in_a_vault_is_historical_on_its_old_days(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my knee is sore after netball", "2026-01-10T09:00:00Z")
    say(vault, "netball's moved from monday nights to wednesday nights this season", "2026-02-20T09:00:00Z")
    vault.weave_all()
    held = values_held(vault, "routine")
    assert held == [("netball on Mondays", False), ("netball on Wednesdays", True)]


def test_someone_of_ours_changing_jobs_puts_no_job_of_the_speaker_in_doubt() -> None:
    said = "choir moved from tuesday to friday nights, our conductor changed jobs"
    assert not [f for f in facts_in(said) if f.op is Op.DOUBT]
    assert [f.attribute for f in facts_in("so our conductor quit and I'm thinking of changing jobs")
            if f.op is Op.DOUBT] == ["employer", "job_title"]


def _jobs(vault: Vault) -> list[tuple[str, str, bool, str]]:
    return sorted((i.attribute, i.value, i.is_current, f"{i.valid_to:%Y-%m-%d}" if i.valid_to else "")
                  for i in vault.loaded_items().values() if i.attribute in ("employer", "job_title"))


def test_leaving_an_employer_ends_the_title_told_with_it(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "我在顺丰做客服主管 天天接投诉", "2026-01-10T09:00:00Z", speaker="林悦")
    say(vault, "我上周五从顺丰离职了 终于解放了", "2026-02-20T09:00:00Z", speaker="林悦")
    vault.weave_all()
    ended = [("employer", "顺丰", False, "2026-02-13"), ("job_title", "客服主管", False, "2026-02-13")]
    assert _jobs(vault) == ended


def test_a_title_told_apart_or_again_with_the_leaving_is_kept(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I'm a nurse", "2026-01-10T09:00:00Z")
    say(vault, "I work at Mercy Hospital", "2026-01-12T09:00:00Z")
    say(vault, "I left Mercy last week", "2026-02-20T09:00:00Z")
    vault.weave_all()
    assert ("job_title", "nurse", True, "") in _jobs(vault)
    other = make_vault()
    say(other, "I'm a barista at Blue Bottle", "2026-01-10T09:00:00Z")
    say(other, "I left Blue Bottle, I'm a barista at Ritual now", "2026-02-20T09:00:00Z")
    other.weave_all()
    assert ("job_title", "barista", True, "") in _jobs(other)
    moved_on = make_vault()
    say(moved_on, "I'm a barista at Blue Bottle", "2026-01-10T09:00:00Z")
    say(moved_on, "I left Blue Bottle and joined Ritual last week", "2026-02-20T09:00:00Z")
    moved_on.weave_all()
    assert ("job_title", "barista", True, "") in _jobs(moved_on)  # a new employer: the title may go on


def test_a_chinese_last_day_told_in_its_own_sentence_dates_the_ending() -> None:
    said = "海底捞那边我不干了!! 上周三最后一天"
    found = {(f.attribute, f.value, f.op, f.when) for f in facts_in(said) if not f.about}
    assert ("employer", "海底捞", Op.RETRACT, "上周三") in found


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("so bye bye evening swims, the pool is closing", ("likes", "evening swims")),
        ("rip cheeseburgers 😂", ("likes", "cheeseburgers")),
        ("so goodbye cheese and goodbye my beloved lattes", ("likes", "cheese")),
        ("奶茶再见了呜呜", ("likes", "奶茶")),
        ("火锅只能说再见了", ("likes", "火锅")),
        ("we lost Pepper on sunday, the house is so quiet", ("pet", "Pepper")),
    ],
)
def test_a_farewell_to_a_thing_ends_it(text: str, ended: tuple[str, str]) -> None:
    assert (*ended, Op.RETRACT) in read(text)


def test_a_parting_is_no_farewell_to_a_thing() -> None:
    assert not [f for f in facts_in("好的 明天再见") if f.op is Op.RETRACT]
    assert not [f for f in facts_in("ok bye bye!") if f.op is Op.RETRACT]


def test_an_animal_taken_to_the_vet_by_name_is_a_pet() -> None:
    assert ("pet", "Mochi", Op.ASSERT) in read("took Mochi to the vet this morning, she's limping")


def test_the_words_around_a_quit_drink_are_not_its_value() -> None:
    assert ("likes", "奶茶", Op.RETRACT) in read("从那天起奶茶就戒了")
    assert ("likes", "可乐", Op.RETRACT) in read("可乐全戒了")


def _routines(vault: Vault) -> list[tuple[str, bool]]:
    return values_held(vault, "routine")


@pytest.mark.parametrize("ending", ["周六也就不去了", "羽毛球那个就先停了", "唉 周六的羽毛球局只能退出了"])
def test_a_routine_ended_by_its_day_or_a_word_of_it(make_vault: Callable[..., Vault], ending: str) -> None:
    vault = make_vault()
    say(vault, "每周六上午去打羽毛球 每周二晚上练书法", "2026-01-10T09:00:00Z", speaker="周宁")
    say(vault, f"膝盖伤了 {ending}", "2026-02-20T09:00:00Z", speaker="周宁")
    vault.weave_all()
    held = dict(_routines(vault))
    assert [v for v, current in held.items() if not current] == [v for v in held if "羽毛球" in v]
    assert [v for v, current in held.items() if current] == [v for v in held if "书法" in v]


def test_a_stop_that_names_no_routine_ends_none(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "每周六上午去打羽毛球", "2026-01-10T09:00:00Z", speaker="周宁")
    say(vault, "雨停了 出去走走", "2026-02-20T09:00:00Z", speaker="周宁")
    vault.weave_all()
    assert all(current for _, current in _routines(vault)) and _routines(vault)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我是做，怎么说，那个，律师的", ("job_title", "律师")),
        ("我是……emm说好听点叫摄影师，其实就是拍证件照的", ("job_title", "摄影师")),
        ("我男朋友阿杰在成都，他是牙医", ("job_title", "牙医")),
        ("我是无人机飞手，主要接婚礼航拍", ("job_title", "无人机飞手")),
    ],
)
def test_a_title_told_with_hesitations_or_a_trade_word_is_read(text: str, expected: tuple[str, str]) -> None:
    assert expected in {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


def test_a_hesitation_between_two_thoughts_keeps_them_apart() -> None:
    said = "我对象叫阿杰 呃全名李俊杰 在华为做芯片的"
    found = {(f.attribute, f.value) for f in facts_in(said) if f.op is Op.ASSERT}
    assert ("partner", "李俊杰") in found or ("partner", "阿杰") in found
    assert not [v for a, v in found if a == "partner" and "全名" in v]


def test_a_student_of_a_school_named_with_its_own_language_is_read() -> None:
    said = "i'm finishing my masters in civil engineering at the Universidade do Minho, thesis on bridges"
    assert ("studies_at", "Universidade do Minho") in read_values(said)
    said = "final year physics at the University of the Western Cape and i just signed an offer"
    assert ("studies_at", "University of the Western Cape") in read_values(said)


def read_values(text: str) -> set[tuple[str, str]]:
    return {(f.attribute, f.value) for f in facts_in(text)}


def test_one_appointment_moved_between_days_is_rescheduled_not_a_routine() -> None:
    found = facts_in("the dentist moved from friday to monday at 3pm")
    assert [(f.attribute, f.value) for f in found] == [("appointment", "dentist")]
    moved = "also the physio moved from tomorrow to tuesday the 14th at 4:30"
    assert ("appointment", "physio") in read_values(moved)


def test_a_change_with_its_object_after_de_is_read_as_told() -> None:
    said = "项目结束了，上周五离开的西宁，现在在家休息"
    found = {(f.attribute, f.value, f.op, f.when) for f in facts_in(said)}
    assert ("lives_in", "西宁", Op.RETRACT, "上周五") in found


def test_cantonese_words_read_as_their_mandarin() -> None:
    found = {(f.attribute, f.value, f.op) for f in facts_in("上个礼拜五喺利丰做埋最后一日，好开心")}
    assert ("employer", "利丰", Op.RETRACT) in found
    assert ("job_title", "会计") in read_values("我喺深圳做咗三年会计")


def test_a_change_after_a_headline_is_read() -> None:
    assert ("employer", "Rio Tinto") in read_values("big change, took a job with Rio Tinto out at Karratha")


def test_a_home_named_as_left_behind_ends_and_is_no_home_now() -> None:
    found = read("new flat is so much nicer than my old place in leeds tbh")
    assert ("lives_in", "Leeds", Op.RETRACT) in found and ("lives_in", "Leeds", Op.ASSERT) not in found


def test_giving_up_on_the_thing_and_dropping_the_degree() -> None:
    found = {(f.attribute, f.value, f.op) for f in facts_in("gave up on the violin thing about a month ago")}
    assert ("learning", "violin", Op.RETRACT) in found
    assert ("studies_at", "", Op.RETRACT) in read("and i dropped the masters too, couldn't focus")


def test_a_routine_moved_without_its_name_is_the_one_told_before(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my cello lessons are monday evenings with Ana", "2026-01-10T09:00:00Z")
    say(vault, "small thing, she asked to change to wednesdays from now on", "2026-02-20T09:00:00Z")
    vault.weave_all()
    assert _routines(vault) == [("cello lessons on Mondays", False), ("cello lessons on Wednesdays", True)]


def test_a_routine_moved_without_its_name_and_none_told_is_left_out(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "she asked to change to wednesdays from now on", "2026-02-20T09:00:00Z")
    vault.weave_all()
    assert _routines(vault) == []
