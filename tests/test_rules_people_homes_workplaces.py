"""Whose fact it is, where one lives, where one works and what recurs, as chat tells them: a relative
named and then "she" after "but" ("my wife Meenal says apply, but she's a doctor"), "he got
a job at", a direction before "in" ("a vet down in Timaru"), a home told by its kind ("staying
in a condo in Relau"), a new workplace named after it ("the new place, Lee Valley
Electrical"), an app one drives for ("i drive grab", "跑美团外卖"), a week's day part ("choir on
Monday nights"), and Chinese as Hong Kong and Taiwan type it ("老公係土木工程師", "我姊住高雄").
None is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.resolve import plan_resolution

from tests.conftest import FakeClock, say, values_held


def told(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


def attributes(text: str) -> set[tuple[str, str]]:
    """(about, attribute) of every fact read, whatever its operation."""
    return {(f.about or f.name, f.attribute) for f in facts_in(text)}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("our son Eoin's a nurse up in Belfast, loves it", ("son", "Eoin", "job_title", "nurse")),
        ("our son Eoin's a nurse up in Belfast, loves it", ("son", "Eoin", "lives_in", "Belfast")),
        ("my brother lives out in Galway", ("brother", "", "lives_in", "Galway")),
        ("my aunt Rosa lives in Porto, she's a chemist", ("aunt", "Rosa", "lives_in", "Porto")),
        ("my husband Joel is great, but he's a welder at Harland, he never gets home before 8",
         ("husband", "Joel", "job_title", "welder")),
        ("my girlfriend Ines moved to Braga, she got a job at Bosch as a tester",
         ("girlfriend", "Ines", "employer", "Bosch")),
        ("staying in a flat in Carlow with two lads from work", ("", "", "lives_in", "Carlow")),
        ("living in a PG in Koramangala, office is 10 min away", ("", "", "lives_in", "Koramangala")),
        ("now staying in Adyar with my parents.", ("", "", "lives_in", "Adyar")),
        ("we're renting a tiny house in Ballarat now", ("", "", "lives_in", "Ballarat")),
        ("second day at the new place, Harbour Freight Co, so far so good",
         ("", "", "employer", "Harbour Freight Co")),
        ("switched to a different agency, Blue Lantern Media, way better pay",
         ("", "", "employer", "Blue Lantern Media")),
        ("Tendai has taken a post at Parirenyatwa Hospital.",
         ("", "Tendai", "employer", "Parirenyatwa Hospital")),
        ("i drive grab full time now, mostly nights", ("", "", "employer", "Grab")),
        ("i ride for deliveroo after lectures", ("", "", "job_title", "Deliveroo rider")),
        ("跑美团外卖跑得腿都软了", ("", "", "employer", "美团")),
        ("老子跑滴滴跑了五年了", ("", "", "job_title", "网约车司机")),
        ("我现在跑外卖，一天五十单", ("", "", "job_title", "外卖骑手")),
        ("doing swimming on wednesday mornings at the pool instead",
         ("", "", "routine", "swimming on Wednesdays")),
        ("Every Thursday I lead Bible study at 7pm.",
         ("", "", "routine", "leading Bible study on Thursdays")),
        ("老公係土木工程師，我哋有兩個仔", ("husband", "", "job_title", "土木工程師")),
        ("我姊住台中，在那邊當護理師", ("sister", "", "lives_in", "台中")),
        ("我姊住台中，在那邊當護理師", ("sister", "", "job_title", "護理師")),
        ("室友叫阿琳，是个护士，天天夜班", ("roommate", "阿琳", "job_title", "护士")),
        ("我男朋友周凯是个交警", ("boyfriend", "周凯", "job_title", "交警")),
        ("我在工地当钢筋工", ("", "", "job_title", "钢筋工")),
        ("我在城东的物流园当仓管下班还挺早", ("", "", "job_title", "仓管")),
    ],
)
def test_whose_fact_and_where_is_read(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a place before the comma is no subject of the pronoun after it
        ("my aunt Rosa lives in Porto, she's a chemist", ("aunt", "Rosa", "lives_in", "Porto's")),
        # "would" after "my mum" is no name of hers
        ("my mum would actually kill me tho, she's a pharmacist", ("mother", "", "mother", "Would")),
        ("my mum would actually kill me tho, she's a pharmacist", ("", "", "mother", "Would")),
        ("I grew up in Leeds", ("", "", "lives_in", "Leeds")),  # a hometown, not a home
        # the job of someone named is theirs, not the speaker's
        ("室友叫阿琳，是个护士，天天夜班", ("", "", "job_title", "护士")),
        ("我姊住台中，在那邊當護理師", ("", "", "lives_in", "台中")),
    ],
)
def test_what_is_not_told_is_not_read(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact not in told(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm staying in Paris this week for the conference",  # a visit
        "staying in a hotel in Rome, the view is unreal",  # a hotel is no home
        "ended up in Perth somehow",  # the adverb belongs to the verb
        "she moved back last week, staying in galway with her boyfriend for now",  # hers, after a comma
        "i ride bolt to work",  # a passenger, not a rider for the app
        "我是个打工人",  # a wage slave, said of oneself: no title
        "跑滴滴的人越来越多",  # who drives for the app, not the speaker
        "我系统学过一点",  # 系统 is no Cantonese 係
        "我在北京的时候认识他的",  # a 的时候 frame says when, not where one lives now
    ],
)
def test_no_home_or_workplace_of_the_speaker_is_read(text: str) -> None:
    assert not {a for a in attributes(text) if a[0] == ""} & {
        ("", "lives_in"), ("", "employer"), ("", "job_title")
    }


def test_a_job_held_before_a_when_frame_ends_it_by_its_own_name() -> None:
    ended = [f for f in facts_in("以前在义乌做服装档口的时候都没这么累过") if f.attribute == "job_title"]
    assert [(f.op, f.value) for f in ended] == [(Op.RETRACT, "服装档口")]


def test_someone_moving_out_puts_no_home_of_the_speaker_in_doubt() -> None:
    assert not [f for f in facts_in("grace moved out last month so it's just us now") if f.op is Op.DOUBT]
    assert [f.attribute for f in facts_in("finally moved out of my parents' place") if f.op is Op.DOUBT] == [
        "lives_in"
    ]


def test_a_cancelled_membership_ends_the_routine_and_a_cancelled_visit_the_appointment(
    make_vault, clock: FakeClock
) -> None:
    vault = make_vault()
    say(vault, "gym mondays and thursdays after work, non negotiable", "2026-03-02T09:00:00Z")
    say(vault, "dentist on friday at 3pm", "2026-03-02T09:05:00Z")
    vault.weave()
    clock.advance(days=3)
    say(vault, "wrecked my shoulder so I cancelled the gym membership. also cancelled the dentist",
        "2026-03-05T09:00:00Z")
    vault.weave()
    assert values_held(vault, "routine") == [("gym on Mondays and Thursdays", False)]
    assert [current for _, current in values_held(vault, "appointment")] == [False]


@pytest.mark.parametrize(
    ("text", "value", "slot"),
    [
        ("got the mechanic booked for the 14th of May at half past two", "mechanic", "14th of May at 2:30"),
        ("And I've the optician on the 3rd of June at twenty past nine.", "optician", "3rd of June at 9:20"),
        ("hairdresser friday at quarter to ten", "hairdresser", "friday at 9:45"),
        ("can u remind me i've got a meeting with my supervisor the day after tomorrow at 11:30",
         "meeting with my supervisor", "in 2 days at 11:30"),
        ("first proper meeting with the board is monday at 10, need to prep", "meeting with the board",
         "monday at 10"),
        ("下周三上午九点厂里有个考核，帮我记着点", "考核", "下周三上午九点"),
        ("后天早上八点去区里参加消防培训，连着三天", "消防培训", "后天早上八点"),
        ("人家让我后天上午十点去社保局登记，你帮我记一下", "社保局登记", "后天上午十点"),
    ],
)
def test_an_appointment_told_in_everyday_words_is_read(text: str, value: str, slot: str) -> None:
    assert [(f.value, f.scheduled) for f in facts_in(text) if f.attribute == "appointment"] == [(value, slot)]


def test_an_hour_and_a_doing_without_a_request_to_remember_are_no_appointment() -> None:
    assert not [f for f in facts_in("明天早上八点起床") if f.attribute == "appointment"]


def test_a_title_held_in_retirement_is_the_title_and_a_bare_retirement_ends_the_job() -> None:
    assert told("I'm Morag, I'm 71, retired primary teacher, and I live in Broughty Ferry") >= {
        ("", "", "job_title", "retired primary teacher"), ("", "", "lives_in", "Broughty Ferry")
    }
    assert [(f.attribute, f.op) for f in facts_in("I'm retired, and bored")] == [
        ("employer", Op.RETRACT), ("job_title", Op.RETRACT)
    ]


@pytest.mark.parametrize("text", ["试用期还剩一个月，能不能转正还两说", "说实话不知道还能干多久"])
def test_a_job_that_may_not_last_is_put_in_doubt(text: str) -> None:
    assert {f.attribute for f in facts_in(text) if f.op is Op.DOUBT} == {"employer", "job_title"}


@pytest.mark.parametrize(
    "turns",
    [
        ["dentist thursday at 3pm. no wait, friday"],
        ["dentist thursday at 3pm", "no wait, friday"],
        ["下周四下午三点看牙医。不对不对，是下周五"],
    ],
)
def test_a_day_put_right_moves_the_appointment_and_keeps_its_hour(make_vault, clock: FakeClock,
                                                                 turns: list[str]) -> None:
    vault = make_vault()
    for at, text in enumerate(turns):
        say(vault, text, f"2026-03-02T0{1 + at}:00:00Z")
    vault.weave()
    current = [i for i in vault.loaded_items().values() if i.attribute == "appointment" and i.is_current]
    assert len(current) == 1
    assert current[0].when is not None and current[0].when.weekday() == 4  # friday
    assert current[0].when.hour in (15, 7)  # 3pm, in UTC or at +08:00


def test_a_day_put_right_is_woven_once_when_the_cycle_is_redone(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    text = "dentist thursday at 3pm. no wait, friday"
    rid = say(vault, text, "2026-03-02T01:00:00Z")
    vault.weave()
    path, _, line = rid.rpartition("#L")
    at = datetime(2026, 3, 2, 1, tzinfo=timezone.utc)
    told = Resource(id=rid, path=path, line=int(line), text=text, ts=at, role="user", speaker="Maya")
    candidates = RulesExtractor().extract([told])
    assert [c.when.weekday() for c in candidates if c.when] == [4]  # one time told: friday
    redone = plan_resolution(candidates, vault.loaded_items(), clock())
    assert redone.changes == () and redone.skipped == 1


@pytest.mark.parametrize("text", ["no, friday is fine", "monday is free for me", "tuesday is good for me"])
def test_an_answer_about_a_day_puts_nothing_right_and_is_no_routine(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute in ("appointment", "routine")]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("bit about me, Declan, 44, been a roofer for years", ("", "", "name", "Declan")),
        ("hi there. morven, 58, school cook in Oban", ("", "", "name", "Morven")),
        ("howya. ciaran here, 33, tiler in Athlone", ("", "", "name", "Ciaran")),
        ("Good morning. I am R. Venkatesh, retired bank manager", ("", "", "name", "Venkatesh")),
        ("I am Rev. Kwame Mensah, Anglican priest", ("", "", "name", "Kwame Mensah")),
        ("jambo! am Wanjiru, tour guide in mombasa, mostly the old town",
         ("", "", "job_title", "tour guide")),
        ("I'm Aoife, 29, physio in Galway", ("", "", "name", "Aoife")),
        ("在杭州做客服，35了，天天加班", ("", "", "age", "35")),
        ("俺48了，腰也不中了", ("", "", "age", "48")),
        ("我河南周口的，在郑州读大三", ("", "", "hometown", "周口")),
        ("我东北铁岭的，在北京当保安", ("", "", "hometown", "铁岭")),
        ("阿拉宁波人，十几岁到上海来的", ("", "", "hometown", "宁波")),
    ],
)
def test_an_introduction_is_read_as_people_type_it(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    ("text", "attribute", "values"),
    [
        ("Lena here. paramedic, 29, a vegan", "name", ["Lena"]),  # a title before the age is no name
        ("anyway, 52, still going", "name", []),
        ("sorry, 40, not sure", "name", []),  # a word clean_name refuses is no name either
        ("我是老师的", "hometown", []),
    ],
)
def test_what_only_looks_like_an_introduction_names_nothing(
    text: str, attribute: str, values: list[str]
) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == attribute and f.op is Op.ASSERT] == values


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("massive news, they've made me a supervisor!! off the tills now",
         ("", "", "job_title", "supervisor")),
        ("I got made team lead today", ("", "", "job_title", "team lead")),
        ("update. mum moved into Rosewood House on the 3rd", ("mother", "", "lives_in", "Rosewood House")),
    ],
)
def test_a_new_title_given_and_a_home_moved_into_by_its_name_are_read(
    text: str, fact: tuple[str, str, str, str]
) -> None:
    assert fact in told(text)


@pytest.mark.parametrize("text", ["they made me cry", "my boss made me a coffee", "I moved into management"])
def test_what_is_made_of_one_or_moved_into_that_is_no_title_or_home_stores_nothing(text: str) -> None:
    assert not {f.attribute for f in facts_in(text)} & {"job_title", "lives_in", "appointment"}
