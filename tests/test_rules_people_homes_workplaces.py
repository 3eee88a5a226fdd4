"""Whose fact it is, where one lives, where one works and what recurs, as chat tells them: a relative
named and then "she" after "but" ("my wife Meenal says apply, but she's a doctor"), "he got
a job at", a direction before "in" ("a vet down in Timaru"), a home told by its kind ("staying
in a condo in Relau"), a new workplace named after it ("the new place, Lee Valley
Electrical"), an app one drives for ("i drive grab", "跑美团外卖"), a week's day part ("choir on
Monday nights"), and Chinese as Hong Kong and Taiwan type it ("老公係土木工程師", "我姊住高雄").
None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in

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
