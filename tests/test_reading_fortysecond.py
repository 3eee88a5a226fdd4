"""Whom news and pronouns name, what a value is, and routines and slots as chat types them: a
sentence of someone's news or someone's party naming whom "he" or "she" means next, "our" children,
a relative and the pronoun repeating them, what a relative is doing after their age, a relative's
home between their name and their news, a booking after a relative (我奶奶…复查改到…) or of 他/她;
a class told only as "上课" named by the class told before it (学大提琴 每周四晚上上课), a routine moved
to two days without 每 (以后改成周一和周四), days and an hour before what recurs, a day that only feels
some way ("thursdays are rough"); "7 o'clock in the evening", "the Sunday, 29th", an office that
says "come monday same time instead", a thing opening a sentence with its capital, a booking for a
day, bookings told thing first (西装试穿我约了…); a home settled into by its town, a move home, a
firm named for the nation (中国银行), a branch or a head office (人民路店, 江宁支行, 总部), teaching or
driving trucks as work, a year of school before the school, children without 我, pets named with a
number; breakups in slang, a last shift, a season done. None is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in

from tests.conftest import FakeClock, say


def told(text: str) -> set[tuple[str, str, str]]:
    """(attribute, value, whose) of every assertion the turn tells; whose is the name or relation."""
    return {(f.attribute, f.value, f.name or f.about) for f in facts_in(text) if f.op is Op.ASSERT}


def current(vault, attribute: str) -> list[object]:
    return [i for i in vault.loaded_items().values() if i.attribute == attribute and i.is_current]


# -- routines ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [
    ("今年开始学大提琴 每周四晚上上课 手都练麻了", "大提琴课 每周四"),
    ("给儿子报了个围棋班，每周六上午上课", "围棋班 每周六"),
    ("报了个口语网课 每周二周五晚上上课", "口语网课 每周二周五"),
])
def test_a_class_told_only_as_going_to_class_is_the_class_named_before(text: str, value: str) -> None:
    assert ("routine", value, "") in told(text)


def test_a_shift_is_no_class_to_name_a_routine_by() -> None:
    routines = {v for a, v, _ in told("下了夜班 每周日上课") if a == "routine"}
    assert not any(v.startswith("夜班") or v.startswith("完夜班") for v in routines)


def test_a_routine_moved_to_two_days_without_every_keeps_its_thing(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "我每周一周三晚上去上书法课", "2026-03-01T10:00:00Z")
    say(vault, "书法老师说她周三要带别的班 以后改成周一和周四", "2026-03-18T10:00:00Z")
    vault.weave()
    routines = {(i.value, i.is_current) for i in vault.loaded_items().values() if i.attribute == "routine"}
    assert ("书法 每周一周三", False) in routines or ("书法课 每周一周三", False) in routines
    now = [v for v, is_now in routines if is_now]
    assert len(now) == 1 and now[0].startswith("书法")
    days = now[0].split(" ")[-1]
    assert "一" in days and "四" in days and "三" not in days


def test_a_single_day_changed_to_is_no_routine() -> None:
    assert not [f for f in facts_in("改成周五了") if f.attribute == "routine"]


@pytest.mark.parametrize("text", [
    "my hours are all over the place and thursdays are rough",
    "sunday mornings are sacred, nobody books me then",
    "please keep tuesday and friday evenings free for me",
    "I do payroll so monday mornings are brutal",
])
def test_how_a_day_feels_or_a_request_about_it_is_no_routine(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "routine"]


def test_long_runs_keep_their_kind() -> None:
    assert ("routine", "long runs on Sundays", "") in told("long runs sundays, intervals wednesdays")


# -- appointments --------------------------------------------------------------------------------


def test_what_she_has_booked_is_not_the_speakers() -> None:
    assert not [f for f in facts_in("教练说他周五要去外地比赛") if f.attribute == "appointment"]
    assert not [f for f in facts_in("她周六下午有个讲座") if f.attribute == "appointment" and not f.about]


def test_what_someone_says_of_the_speakers_booking_stays_the_speakers() -> None:
    found = [f for f in facts_in("她说周二上午十点来复查") if f.attribute == "appointment"]
    assert found and not found[0].about


def test_an_hour_told_in_oclock_words(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "my knee scan is on the 9th of April at the county hospital", "2026-03-01T10:00:00Z")
    say(vault, "they rang, the scan is now the 14th of April, 7 o'clock in the evening",
        "2026-03-05T10:00:00Z")
    say(vault, "also the vet on the 20th of April at 3 o'clock", "2026-03-05T10:05:00Z")
    vault.weave()
    when = {i.value: i.when for i in current(vault, "appointment")}
    assert when["knee scan"] is not None and when["knee scan"].hour == 19 and when["knee scan"].day == 14
    assert when["vet"] is not None and when["vet"].hour == 15


def test_a_day_said_as_the_weekday_then_its_date(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "the christening is saturday 11 april at 1pm", "2026-03-01T10:00:00Z")
    say(vault, "it's moved to the Sunday, 12th, 2pm instead", "2026-03-20T10:00:00Z")
    vault.weave()
    [now] = current(vault, "appointment")
    assert now.when is not None and (now.when.day, now.when.hour) == (12, 14)


def test_an_office_that_says_come_another_day_moves_the_booking(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "licence renewal at the DVLA office thursday 9am", "2026-06-01T10:00:00Z")
    say(vault, "the DVLA texted, their computers are down, come monday same time instead",
        "2026-06-03T10:00:00Z")
    vault.weave()
    [now] = current(vault, "appointment")
    assert now.value != "come" and now.when is not None and now.when.weekday() == 0 and now.when.hour == 9


# -- values --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [
    ("I settled into the Leeds flat last weekend", "Leeds"),
    ("we moved into our new Tema house on friday", "Tema"),
])
def test_a_home_settled_into_by_its_town(text: str, town: str) -> None:
    assert ("lives_in", town, "") in told(text)


def test_a_building_by_a_capitalised_name_is_no_town() -> None:
    assert not [f for f in facts_in("I moved into the House of Lords") if f.attribute == "lives_in"]


def test_a_firm_named_for_the_nation_is_an_employer_and_no_town() -> None:
    facts = told("过完年跳到中国银行了")
    assert ("employer", "中国银行", "") in facts
    assert not [v for a, v, _ in facts if a == "lives_in"]


@pytest.mark.parametrize(("text", "org"), [
    ("我在一点点人民路店做店长", "一点点"),
    ("我在建行江宁开发区支行上班", "建行"),
    ("我在Costco总部上班", "Costco"),
])
def test_a_branch_or_a_head_office_is_no_part_of_the_company(text: str, org: str) -> None:
    assert ("employer", org, "") in told(text)


# -- whose a fact is -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "fact"), [
    ("Femi rang last night. He's a quantity surveyor now", ("job_title", "quantity surveyor", "Femi")),
    ("I wrote a toast about Ifeoma. she's a midwife", ("job_title", "midwife", "Ifeoma")),
    ("Tunde texted me. hes a welder in Ibadan", ("job_title", "welder", "Tunde")),
])
def test_he_or_she_after_a_sentence_of_someones_news_is_theirs(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


def test_a_pronoun_after_the_speakers_own_sentence_stays_nobodys() -> None:
    assert not [f for f in facts_in("I rang the garage. he's a mechanic") if f.attribute == "job_title"]


def test_a_relative_and_the_pronoun_that_repeats_them() -> None:
    facts = told("my uncle he is a ferry captain")
    assert ("job_title", "ferry captain", "uncle") in facts
    assert not [v for a, v, _ in facts if a == "uncle"]


@pytest.mark.parametrize(("text", "relation"), [
    ("my nonna lives in Lecce", "grandmother"),
    ("my babcia lives in Gdansk", "grandmother"),
])
def test_grandparents_by_the_family_word(text: str, relation: str) -> None:
    assert any(a == "lives_in" and who == relation for a, _, who in told(text))


def test_a_relatives_home_told_between_their_name_and_the_news() -> None:
    facts = facts_in("my cousin Kwabena in Tamale just had twins")
    homes = [f for f in facts if f.attribute == "lives_in"]
    assert homes and (homes[0].value, homes[0].name, homes[0].about) == ("Tamale", "Kwabena", "cousin")
    assert not [f for f in facts if f.attribute == "appointment"]


# -- work ----------------------------------------------------------------------------------------


def test_a_promotion_at_a_company_told_with_its_day() -> None:
    facts = told("finally got promoted to claims manager at Aviva yesterday so drinks are on me")
    assert ("job_title", "claims manager", "") in facts
    assert ("employer", "Aviva", "") in facts


@pytest.mark.parametrize(("text", "title"), [
    ("I'm a night shift porter at the Royal", "porter"),
    ("I'm an apprentice chippy", "apprentice carpenter"),
])
def test_a_shift_before_a_title_and_a_trade_by_its_chat_name(text: str, title: str) -> None:
    assert any(a == "job_title" and v == title for a, v, _ in told(text))


# -- endings and changes as chat tells them ------------------------------------------------------


def test_a_breakup_said_in_slang_without_a_subject() -> None:
    facts = facts_in("算了 跟志强掰了 房子退了")
    assert any(f.attribute == "partner" and f.op is Op.RETRACT and f.value == "志强" for f in facts)


def test_a_promotion_said_as_made_it_to_the_lead() -> None:
    assert ("job_title", "主程序员", "") in told("熬了四年 终于混上主程了")


def test_a_booking_after_a_relative_is_theirs() -> None:
    found = [f for f in facts_in("我奶奶血糖有点高 复查改到下周四上午了") if f.attribute == "appointment"]
    assert found and found[0].about == "grandmother"


def test_a_booking_after_a_relative_that_names_the_speaker_is_the_speakers() -> None:
    found = [f for f in facts_in("我妈来了 周五下午三点陪我去拔牙") if f.attribute == "appointment"]
    assert found and not found[0].about


def test_the_last_shift_worked_ends_the_job(make_vault) -> None:
    vault = make_vault()
    say(vault, "I'm a line cook at Dishoom", "2026-02-01T10:00:00Z")
    say(vault, "I just worked my last shift at Dishoom, starting somewhere new soon", "2026-03-01T10:00:00Z")
    vault.weave()
    assert not current(vault, "employer")


def test_what_someone_said_of_the_old_date_leaves_the_new_date_read() -> None:
    found = [f for f in facts_in("the vicar said 4 July is taken, so the christening is now 11 July")
             if f.attribute == "appointment"]
    assert [(f.value, f.scheduled) for f in found] == [("christening", "11 July")]


def test_a_fitting_booked_thing_first_with_i_booked() -> None:
    found = [f for f in facts_in("西装试穿我约了4月2号下午三点") if f.attribute == "appointment"]
    assert [(f.value, f.scheduled) for f in found] == [("西装试穿", "4月2号下午三点")]


def test_a_booking_told_after_its_thing_in_the_clause_before() -> None:
    found = [f for f in facts_in("毕业典礼提前了，已经定了6月20号") if f.attribute == "appointment"]
    assert found and found[0].value == "毕业典礼"


@pytest.mark.parametrize(("text", "title"), [
    ("我在幼儿园教书，天天被小朋友围着", "幼儿园老师"),
    ("我在七中带毕业班", "老师"),
    ("我跑长途货车的 一年到头在路上", "货车司机"),
])
def test_work_told_by_what_one_does(text: str, title: str) -> None:
    assert any(a == "job_title" and v == title for a, v, _ in told(text))


def test_teaching_a_class_is_no_subject_taught() -> None:
    assert not any(a == "job_title" and v.startswith("大班") for a, v, _ in told("我在幼儿园教大班"))


def test_a_thing_ends_at_a_space_before_a_clause_of_its_own() -> None:
    found = [f for f in facts_in("准备9月6号考CFA 报了个周末班") if f.attribute == "appointment"]
    assert found and found[0].value == "考CFA"


@pytest.mark.parametrize(("text", "value"), [
    ("Thursdays 6pm orchestra rehearsal at the town hall", "orchestra rehearsal on Thursdays"),
    ("Mondays 7pm choir, Saturdays 10am parkrun", "choir on Mondays"),
])
def test_days_and_an_hour_then_what_recurs_on_them(text: str, value: str) -> None:
    assert ("routine", value, "") in told(text)


@pytest.mark.parametrize("text", [
    "Mondays 9am dentist",
    "Fridays are hard with the kids",
    "her netball is every saturday",
])
def test_days_first_that_tell_no_routine_of_the_speakers(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "routine" and not f.about]


@pytest.mark.parametrize(("text", "value"), [
    ("Funeral is on 9 May at 11am", "funeral"),
    ("Driving test is monday 4 may at 10am", "driving test"),
    ("booked a checkup for tuesday 12 may at 9:30", "checkup"),
])
def test_a_thing_that_opens_a_sentence_with_its_capital_or_its_booking(text: str, value: str) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == "appointment"] == [value]


def test_a_name_that_opens_a_sentence_is_no_appointment() -> None:
    assert not [f for f in facts_in("Priya is on 9 May") if f.attribute == "appointment"]


def test_a_move_home_to_a_town() -> None:
    assert ("lives_in", "Galway", "") in told("I moved home to Galway last week")


def test_a_season_done_at_a_resort_ends_the_job_there() -> None:
    facts = facts_in("the season's done at Cardrona so I'm back on the farm")
    assert any(f.attribute == "employer" and f.op is Op.RETRACT and f.value == "Cardrona" for f in facts)


def test_a_title_one_is_not_allowed_is_none() -> None:
    assert not [f for f in facts_in("新领导不让我当组长") if f.attribute == "job_title"]


def test_a_town_lived_in_also_is_the_town_alone() -> None:
    assert ("lives_in", "昆明", "") in told("我在昆明也住了八年")


@pytest.mark.parametrize(("text", "school"), [
    ("我初三 在南宁三中 化学是真的不行", "南宁三中"),
    ("我高二了，在长沙一中", "长沙一中"),
])
def test_a_year_of_school_then_the_school(text: str, school: str) -> None:
    assert ("studies_at", school, "") in told(text)


def test_a_year_then_a_town_is_no_school() -> None:
    assert not [f for f in facts_in("我大二了，在厦门 天天下雨") if f.attribute == "studies_at"]


@pytest.mark.parametrize(("text", "relation", "age"), [
    ("大儿子9岁 天天打游戏", "son", "9"),
    ("小闺女4岁了 刚上幼儿园", "daughter", "4"),
])
def test_an_elder_or_younger_child_told_without_my(text: str, relation: str, age: str) -> None:
    assert any(f.attribute == "age" and f.about == relation and f.value == age for f in facts_in(text))


def test_an_age_told_as_how_old_one_still_is() -> None:
    assert ("age", "38", "") in told("38了还没存够首付")


def test_minutes_waited_are_no_age() -> None:
    assert not [f for f in facts_in("等了40分钟了还没来") if f.attribute == "age"]


def test_our_child_then_a_pronoun_is_theirs() -> None:
    facts = facts_in("it's just me and our son Tadeo, he's 6, year 1")
    assert any(f.attribute == "age" and f.value == "6" and f.name == "Tadeo" for f in facts)


def test_a_pronoun_after_someones_party_is_theirs() -> None:
    assert ("age", "8", "Noa") in told("sorting Noa's party, she's 8 and wants a unicorn cake")


def test_what_a_relative_is_doing_after_their_age_is_theirs_alone() -> None:
    facts = facts_in("my daughter Ines, 20, doing architecture at Porto")
    studies = {(f.attribute, f.value, f.name) for f in facts if f.attribute in ("studies", "studies_at")}
    assert ("studies", "architecture", "Ines") in studies
    assert not [f for f in facts if f.attribute in ("studies", "studies_at") and not f.name and not f.about]


@pytest.mark.parametrize(("text", "pet"), [
    ("另外我家猫叫 Luna3号，对就是这个名字", "a cat named Luna3号"),
    ("我养的那只布偶猫叫雪球 最近不爱吃饭", "a cat named 雪球"),
])
def test_a_pet_named_after_its_kind_spaced_or_numbered(text: str, pet: str) -> None:
    assert ("pet", pet, "") in told(text)


def test_someone_elses_pet_named_is_theirs() -> None:
    assert not [f for f in facts_in("我同事的狗叫豆包") if f.attribute == "pet" and not f.about]


def test_what_one_must_eat_some_of_is_no_dislike() -> None:
    assert not [f for f in facts_in("冬天不吃点热的就扛不住") if f.attribute == "dislikes"]
    assert ("dislikes", "香菜", "") in told("我不吃香菜")
