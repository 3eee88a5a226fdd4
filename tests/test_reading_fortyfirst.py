"""Who a sentence is about and what a value is, as chat tells them: a pronoun after someone just
named who is no relative ("my girl Priya ..., she's a radiographer", "he's dating Imogen, she's
a vet"), a person described in a clause of "who" or before "and he ...", a partner met and
then named (谈了个对象 叫佳琪), a stranger named so (认识了一个男生 叫周航) and two relations of one
person (室友兼闺蜜); a driver for a company, an age told with a sex ("29M"), a shop owned
(开五金店), a trade in its town (长沙开出租的), a shift, a market, a port or a class that is no job
or town (夜班, 超市, 宁波港, 油画班), a flat's kind that is no place (员工公寓), a partner's home moved
into; appointments told by their news (答辩通知来了) or as the thing and its time (面试是…), taken
as an exam (考初级会计), held somewhere ("在X考点"), a talk that turns (不过说实话) before a
supposition, one moved by whoever moved "it"; routines moved "instead" or "from this week", told
by their weekday (每周四是书法课), volunteering where; things done with ("hockey's done for me",
"quiz tuesday is dead"), a car no longer had or handed on, a diet broken, the one workplace named
by its kind; an ending that leaves room for the new value after it. None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in

from tests.conftest import FakeClock, say


def told(text: str) -> set[tuple[str, str, str]]:
    """(attribute, value, whose) of every assertion the turn tells; whose is the name or relation."""
    return {(f.attribute, f.value, f.name or f.about) for f in facts_in(text) if f.op is Op.ASSERT}


def ended(text: str) -> set[tuple[str, str]]:
    """(attribute, value) of every retraction the turn tells of the speaker."""
    return {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.RETRACT and not f.about}


def held(vault) -> dict[tuple[str, str], object]:
    return {(i.attribute, i.value): i for i in vault.loaded_items().values()}


# -- whom a pronoun or a clause is about ---------------------------------------------------------


def test_a_pronoun_after_someone_just_named_is_theirs_not_whom_an_earlier_turn_named(make_vault) -> None:
    vault = make_vault()
    say(vault, "My friend Dawit keeps telling me to take a break", "2026-03-01T10:00:00Z")
    say(vault, "honestly my girl Priya is carrying the whole house right now, she's a radiographer so "
               "she knows the drill", "2026-03-02T10:00:00Z")
    vault.weave()
    titles = {(i.subject, i.value) for i in vault.loaded_items().values() if i.attribute == "job_title"}
    assert ("Priya", "radiographer") in titles
    assert not [s for s, _ in titles if s == "Dawit"]


@pytest.mark.parametrize(("text", "fact"), [
    ("he's dating Imogen, she's a vet in Truro", ("job_title", "vet", "Imogen")),
    ("seeing a new guy, Callum, he's a paramedic", ("job_title", "paramedic", "Callum")),
    ("my sister Noor loves Radiohead, she's a pharmacist", ("job_title", "pharmacist", "Noor")),
])
def test_a_pronoun_right_after_a_named_person_is_theirs(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


def test_a_person_described_in_a_clause_of_who_has_those_facts() -> None:
    found = told("my cousin Tendai who is a site engineer at Bechtel reckons I should apply")
    assert ("job_title", "site engineer", "Tendai") in found
    assert ("employer", "Bechtel", "Tendai") in found


def test_a_clause_of_who_that_tells_nothing_of_them_gives_nothing() -> None:
    assert not {f for f in told("my boss who I can't stand is leaving") if f[0] == "job_title"}


def test_a_named_person_then_and_he_keeps_only_what_is_theirs() -> None:
    assert ("job_title", "welder", "Ruben") in told("Ruben is a welder and he keeps nagging me to learn it")


def test_a_partner_met_then_named_in_chinese_is_the_partner_with_her_own_facts() -> None:
    found = facts_in("跟你说 最近谈了个对象 叫佳琪 在盒马上班 人挺好")
    assert not [f for f in found if f.attribute == "name" and not f.about and not f.name]
    assert [f for f in found if f.value == "佳琪" and f.attribute in ("partner", "girlfriend")]
    assert [f for f in found if f.attribute == "employer" and f.value == "盒马" and f.name == "佳琪"]


def test_a_stranger_met_then_named_in_chinese_names_no_speaker() -> None:
    assert not [f for f in facts_in("前两天认识了一个男生，叫周航") if f.attribute == "name"]


# -- values: jobs, ages, places -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "title", "org"), [
    ("I drive for Metro Buses these days", "bus driver", "Metro Buses"),
    ("i drive for Ocado now, early shifts", "driver", "Ocado"),
])
def test_driving_for_a_company_is_a_driver_there(text: str, title: str, org: str) -> None:
    found = told(text)
    assert ("job_title", title, "") in found and ("employer", org, "") in found


def test_an_adverb_after_a_relative_is_no_name() -> None:
    assert not [f for f in facts_in("i help out my uncle sometimes on weekends") if f.value == "Sometimes"]


@pytest.mark.parametrize(("text", "age"), [("need a cutting plan. 29M, 85kg, electrician", "29"),
                                           ("34f here, first time posting", "34")])
def test_an_age_told_with_a_sex_is_the_speakers_age(text: str, age: str) -> None:
    assert ("age", age, "") in told(text)


@pytest.mark.parametrize("text", ["the upload is 25M, can you shrink it", "they raised 40M, wild"])
def test_a_size_or_a_sum_is_no_age(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "age"]


@pytest.mark.parametrize(("text", "title"), [("我舅在东莞开五金店 最近生意淡", "五金店老板"),
                                             ("我在义乌开袜厂的 干了二十年", "袜厂老板")])
def test_a_shop_or_a_factory_owned_is_the_owners_title_and_no_employer(text: str, title: str) -> None:
    found = facts_in(text)
    assert [f for f in found if f.attribute == "job_title" and f.value == title]
    assert not [f for f in found if f.attribute == "employer"]


def test_a_factory_opened_without_a_kind_is_no_title() -> None:
    assert not [f for f in facts_in("我开厂的") if f.attribute == "job_title"]


@pytest.mark.parametrize("text", ["我老婆在医院当护士 她也是上夜班", "我在肯德基做兼职"])
def test_a_shift_is_no_job_title(text: str) -> None:
    titles = {f.value for f in facts_in(text) if f.attribute == "job_title"}
    assert not titles & {"夜班", "兼职", "基做兼职"}


def test_a_supermarket_is_an_employer_not_a_city() -> None:
    found = {(f.attribute, f.value) for f in facts_in("我在华润万家超市当理货员")}
    assert ("employer", "华润万家超市") in found
    assert not [a for a, _ in found if a == "lives_in"]


def test_a_city_with_a_mood_is_no_employer_but_a_port_is() -> None:
    assert not [f for f in facts_in("我还在成都累死累活上班") if f.attribute == "employer"]
    assert ("employer", "青岛港") in {(f.attribute, f.value) for f in facts_in("老公在青岛港上班")}


def test_what_one_says_of_the_work_after_an_unnamed_workplace_is_no_name() -> None:
    assert not [f for f in facts_in("我在杭州一家律所做律师，加班多") if f.attribute == "employer"]


@pytest.mark.parametrize("text", ["现在住的是员工公寓", "我住在新房子里", "搬回我妈家了"])
def test_a_kind_of_flat_or_whose_home_is_no_place(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "lives_in" and f.value]


def test_a_flat_in_a_place_is_that_place() -> None:
    assert ("lives_in", "闵行", "") in told("我住闵行一个单间")


def test_a_class_taken_is_no_employer() -> None:
    assert not [f for f in facts_in("换到油画班了，周二晚上") if f.attribute == "employer" and f.value]


# -- homes moved into ------------------------------------------------------------------------------


def test_moving_in_with_a_partner_ends_the_old_home(make_vault) -> None:
    vault = make_vault()
    say(vault, "I rent a studio in Stockbridge", "2026-01-05T10:00:00Z")
    say(vault, "big news, I moved in with my girlfriend at the weekend!", "2026-03-02T10:00:00Z")
    vault.weave()
    assert not held(vault)[("lives_in", "Stockbridge")].is_current


def test_moving_in_with_a_partner_whose_town_is_told_makes_it_home(make_vault) -> None:
    vault = make_vault()
    say(vault, "我住在拱墅区", "2026-01-05T10:00:00Z")
    say(vault, "我搬去男朋友那了 他住余杭 以后通勤要一个小时", "2026-03-02T10:00:00Z")
    vault.weave()
    homes = {i.value: i.is_current for i in vault.loaded_items().values()
             if i.attribute == "lives_in" and i.subject == "Maya"}
    assert homes == {"拱墅区, 杭州": False, "余杭, 杭州": True}


@pytest.mark.parametrize("text", ["thinking of moving in with my boyfriend", "要不要搬去男朋友那住"])
def test_a_move_in_weighed_ends_no_home(text: str) -> None:
    assert not ended(text)


# -- appointments ----------------------------------------------------------------------------------


def test_a_supposition_after_the_talk_turns_leaves_the_appointment_before_it() -> None:
    found = facts_in("笔试过了！面试是5月9号上午十点 不过说实话 这次要是再挂 我就回老家了")
    assert [f for f in found if f.attribute == "appointment" and f.value == "面试"]


@pytest.mark.parametrize(("text", "thing"), [("6月3号上午9点考初级会计", "考初级会计"),
                                             ("答辩通知来了 5月20号下午两点", "答辩")])
def test_an_exam_taken_or_its_news_with_the_time_is_an_appointment(text: str, thing: str) -> None:
    assert [f for f in facts_in(text) if f.attribute == "appointment" and f.value == thing and f.scheduled]


@pytest.mark.parametrize("text", ["下周三上午考场维护", "我明年考研", "周五下午考完了"])
def test_words_of_exams_without_one_taken_are_no_appointment(text: str) -> None:
    assert not [f for f in told(text) if f[0] == "appointment" and f[1].startswith("考")]


@pytest.mark.parametrize("text", ["帮我记一下 5月9号上午9点考教师资格证 在武汉二中考点",
                                  "复试通知来了 4月2号上午九点 线下 在上海"])
def test_where_an_exam_is_held_is_no_home(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "lives_in"]


def test_a_date_of_an_appointment_moved_is_that_appointment_moved(make_vault) -> None:
    vault = make_vault()
    say(vault, "my court hearing is on 14 March at 10am", "2026-02-01T10:00:00Z")
    say(vault, "court date is changed to 21 March, same time", "2026-02-20T10:00:00Z")
    vault.weave()
    hearings = [i for i in vault.loaded_items().values() if i.attribute == "appointment" and i.is_current]
    assert len(hearings) == 1 and hearings[0].when is not None
    assert hearings[0].when.date().isoformat() == "2026-03-21"


# -- routines --------------------------------------------------------------------------------------


def test_a_routine_on_other_days_from_this_week_moves(make_vault) -> None:
    vault = make_vault()
    say(vault, "I do judo every monday and thursday evening", "2026-02-02T19:00:00Z")
    say(vault, "club changed the timetable, from this week it is tuesdays and fridays instead",
        "2026-02-16T19:00:00Z")
    vault.weave()
    routines = {i.value: i.is_current for i in vault.loaded_items().values() if i.attribute == "routine"}
    assert routines.get("judo on Tuesdays and Fridays") is True
    assert routines.get("judo on Mondays and Thursdays") is False


def test_a_routine_going_to_be_on_other_days_instead_moves() -> None:
    found = facts_in("new job's further out so swim's going to be tues and thurs arvo instead")
    assert [f for f in found if f.attribute == "routine" and f.value == "swim on Tuesdays and Thursdays"]


def test_going_to_be_somewhere_on_a_weekday_is_no_routine() -> None:
    found = facts_in("I'm going to be on mondays with my nan")
    assert not [f for f in found if f.attribute in ("routine", "habit")]


@pytest.mark.parametrize(("text", "value"), [
    ("I volunteer at the animal shelter every saturday", "volunteering at the animal shelter on Saturdays"),
    ("I volunteer at Oxfam on thursdays", "volunteering at Oxfam on Thursdays"),
])
def test_where_one_volunteers_is_part_of_the_routine(text: str, value: str) -> None:
    assert [f for f in facts_in(text) if f.attribute == "routine" and f.value.lower() == value.lower()]


# -- endings ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "fact"), [
    ("quick update, hockey's done for me, shoulder's wrecked", ("routine", "hockey")),
    ("keto's over lol", ("diet", "keto")),
    ("my Golf went to my nephew, weird not having a car in Glasgow", ("car", "")),
    ("卡罗拉留老家给我爸开了", ("car", "卡罗拉")),
    ("低碳早破功了 过年天天吃饺子", ("diet", "low-carb")),
])
def test_a_thing_done_with_or_handed_on_is_ended(text: str, fact: tuple[str, str]) -> None:
    assert fact in ended(text)


@pytest.mark.parametrize("text", ["dinner's done", "my shift's over", "imagine not having a car"])
def test_a_meal_a_shift_or_a_supposition_ends_nothing(text: str) -> None:
    assert not ended(text)


def test_a_teacher_who_retired_puts_no_job_of_the_speaker_in_doubt() -> None:
    assert not [f for f in facts_in("舞蹈班老师退休了，班也散了") if f.attribute in ("employer", "job_title")]


def test_a_job_quit_named_by_its_kind_ends_the_one_employer(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    say(vault, "我在瑞幸上班 做咖啡师", "2026-01-10T10:00:00Z")
    clock.advance(days=40)
    say(vault, "咖啡店那边我辞了 下个月去考驾照", "2026-02-20T10:00:00Z")
    vault.weave()
    assert not held(vault)[("employer", "瑞幸")].is_current


def test_a_job_quit_named_by_another_name_ends_nothing(make_vault) -> None:
    vault = make_vault()
    say(vault, "我在瑞幸上班 做咖啡师", "2026-01-10T10:00:00Z")
    say(vault, "星巴克那边我辞了", "2026-02-20T10:00:00Z")
    vault.weave()
    assert held(vault)[("employer", "瑞幸")].is_current


def test_driving_for_an_app_after_giving_back_the_taxi_is_the_new_job() -> None:
    found = facts_in("出租车不开了 往后就专心跑滴滴")
    assert [f for f in found if f.attribute == "job_title" and f.value == "网约车司机"]


# -- more of the same, read past the first reading -----------------------------------------------


def test_whoever_moved_it_moved_the_last_appointment(make_vault) -> None:
    vault = make_vault()
    say(vault, "my appraisal got booked for friday 20 march at 2pm with Priti", "2026-02-10T10:00:00Z")
    say(vault, "ugh nvm Priti pushed it to monday 23 march 10am", "2026-02-12T10:00:00Z")
    vault.weave()
    current = [i for i in vault.loaded_items().values() if i.attribute == "appointment" and i.is_current]
    assert len(current) == 1 and current[0].when is not None
    assert current[0].when.date().isoformat() == "2026-03-23"


def test_a_weekday_routine_that_is_dead_ends_on_the_day_it_is_told(make_vault) -> None:
    vault = make_vault()
    say(vault, "we do quiz every tuesday at the Crown", "2026-01-10T10:00:00Z")
    say(vault, "the Crown closed down so quiz tuesday is dead", "2026-02-24T10:00:00Z")
    vault.weave()
    quiz = next(i for i in vault.loaded_items().values() if i.attribute == "routine")
    assert not quiz.is_current and quiz.valid_to is not None
    assert quiz.valid_to.date().isoformat() == "2026-02-24"


def test_an_ending_leaves_room_for_the_new_value_told_after_it() -> None:
    text = "the van's gone, sold it to my cousin, and my partner talked me into a, honestly, Kia Sportage"
    assert ("car", "Kia Sportage", "") in told(text)


def test_no_more_after_so_ends_the_thing() -> None:
    assert ("routine", "tennis") in ended("twisted my knee again so no more tennis")


def test_what_was_switched_to_is_the_routine_and_no_liking() -> None:
    found = facts_in("back's bad so switched to pilates mon and wed evenings instead")
    assert {(f.attribute, f.value) for f in found} == {("routine", "pilates on Mondays and Wednesdays")}


def test_a_workplace_stops_at_its_comma_and_the_school_is_read() -> None:
    found = {(f.attribute, f.value) for f in facts_in("我在爱丁堡大学读MSc Finance，想写和ESG有关的论文")}
    assert ("studies_at", "爱丁堡大学") in found
    assert not [v for a, v in found if a in ("employer", "job_title")]


def test_a_school_whose_name_starts_with_study_is_no_learning() -> None:
    found = {(f.attribute, f.value) for f in facts_in("我学军中学初二的 英语老拖后腿")}
    assert not [v for a, v in found if a == "learning"]


def test_a_business_run_then_named_is_the_employer() -> None:
    found = {(f.attribute, f.value) for f in facts_in("我在成都开了家面馆 叫老蓉城小面 生意还行")}
    assert ("employer", "老蓉城小面") in found


def test_who_a_clause_is_about_goes_on_past_a_date() -> None:
    found = facts_in("我老婆换工作了 上周刚去顺丰报到")
    assert [f for f in found if f.attribute == "employer" and f.value == "顺丰" and f.about == "wife"]


def test_a_company_jieba_takes_for_a_town_is_an_employer() -> None:
    assert ("employer", "大疆") in {(f.attribute, f.value) for f in facts_in("我在大疆做结构工程师")}


@pytest.mark.parametrize(("text", "value"), [("每周四是书法课", "书法课 每周四"),
                                           ("我每礼拜一休息", "休息 每礼拜一")])
def test_a_lesson_or_a_day_off_told_by_its_weekday_is_a_routine(text: str, value: str) -> None:
    assert ("routine", value, "") in told(text)


def test_two_relations_of_one_person_are_the_first() -> None:
    assert ("roommate", "小敏", "") in told("室友兼闺蜜小敏又把我的外卖吃了")


def test_what_one_learns_at_a_school_told_with_a_time_of_day() -> None:
    found = told("下午在社区老年大学学国画 上午带孙子")
    assert ("learning", "国画", "") in found and ("studies_at", "社区老年大学", "") in found


def test_a_trade_told_with_its_town_is_no_hometown() -> None:
    found = {(f.attribute, f.value) for f in facts_in("我是长沙开出租的，干了八年了")}
    assert ("job_title", "出租车司机") in found and ("hometown", "长沙") not in found


def test_a_switch_to_a_workplace_in_a_city_tells_the_city_too() -> None:
    found = {(f.attribute, f.value, f.about) for f in facts_in("我哥跳到威海造船厂去了")}
    assert ("lives_in", "威海", "brother") in found


def test_a_port_of_a_city_is_an_employer_not_a_home() -> None:
    found = {(f.attribute, f.value, f.about) for f in facts_in("我哥跳到宁波港去了")}
    assert ("employer", "宁波港", "brother") in found and not [a for a, _, _ in found if a == "lives_in"]
