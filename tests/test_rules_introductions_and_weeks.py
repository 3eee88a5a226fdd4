"""Introductions in pieces and weeks as chat types them: a name and an age cut by full stops
("niamh. 29. paramedic"), a title fragment after the introduction ("tomás here. staff nurse
in the cork clinic"), a lower-case name known by the title after it ("i'm dara, plasterer,"),
a home by its kind and its companions ("flat in stoneybatter w 2 lads"), "stay" for "live",
a vehicle one drives for a living, a title said without its article ("she is primary
teacher"); days joined as typed ("tues n fri", "mon + wed", "mon-fri"), the days said
first ("Sundays I go sailing"), what a group does ("the book club meets ..."). And what
must stay unread: a place and its weather, a van one owns, another person's age after
"she". None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in

from tests.conftest import FakeClock, say


def told(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # introductions in pieces
        ("niamh. 29. paramedic, based in Athlone.", ("", "", "name", "Niamh")),
        ("niamh. 29. paramedic, based in Athlone.", ("", "", "age", "29")),
        ("niamh. 29. paramedic, based in Athlone.", ("", "", "job_title", "paramedic")),
        ("hiya, kofi. 35, plumber, self employed", ("", "", "name", "Kofi")),
        ("tomás here. staff nurse in the cork clinic, 3 years now", ("", "", "job_title", "staff nurse")),
        ("tomás here. staff nurse in the cork clinic, 3 years now", ("", "", "name", "Tomás")),
        ("morning, dara here 👋 31, sligo", ("", "", "name", "Dara")),
        ("i'm dara, plasterer, mostly domestic jobs", ("", "", "name", "Dara")),
        ("i'm dara, plasterer, mostly domestic jobs", ("", "", "job_title", "plasterer")),
        ("hey im priya, 27, IT support at the county council.", ("", "", "job_title", "IT support")),
        ("hey im priya, 27, IT support at the county council.", ("", "", "name", "Priya")),
        ("i'm ayo, 40, hairstylist, i rent a chair in a salon", ("", "", "job_title", "hairstylist")),
        # homes
        ("maeve here, 22, flat in stoneybatter w 2 lads from college", ("", "", "lives_in", "Stoneybatter")),
        ("i live in salford w my sister and her cat", ("", "", "lives_in", "Salford")),
        ("moved last year, live out in ashbourne w my partner", ("", "", "lives_in", "Ashbourne")),
        ("still stay with my parents in Thane West, saving up", ("", "", "lives_in", "Thane West")),
        ("I stay in Bedok with my wife and kids", ("", "", "lives_in", "Bedok")),
        ("hello. ravi here, stay in Yishun with family", ("", "", "lives_in", "Yishun")),
        # work
        ("I drive a taxi for CityCabs, nights mostly", ("", "", "job_title", "taxi driver")),
        ("I drive a taxi for CityCabs, nights mostly", ("", "", "employer", "CityCabs")),
        ("I drive buses for Arriva", ("", "", "job_title", "bus driver")),
        ("I drive lorries for Tesco", ("", "", "job_title", "truck driver")),  # a plural, said as one
        ("I am second officer on a container ship", ("", "", "job_title", "second officer")),
        ("my wife is primary teacher at a school in Ipoh", ("wife", "", "job_title", "primary teacher")),
        ("my housemate Ola is a dispatcher for the ambulance service",
         ("roommate", "Ola", "job_title", "dispatcher")),
        ("hiya, i'm shona, 29, glasgow born and bred", ("", "", "hometown", "Glasgow")),
        ("born and raised in leeds, living in york now", ("", "", "hometown", "Leeds")),
        ("my real passion is baking, i sell cakes online", ("", "", "hobby", "baking")),
        ("my brother is super into climbing these days", ("brother", "", "likes", "climbing")),
        ("oat flat white is my go to drink now", ("", "", "favourite_drink", "oat flat white")),
        # languages
        ("Afrikaans is my language, my English is so-so.", ("", "", "speaks", "Afrikaans")),
        ("speak tamil, english, and a bit of hindi", ("", "", "speaks", "English")),
        # appointments
        ("my eye test at the vision centre is 9 march, 2.30pm.", ("", "", "appointment", "eye test")),
        ("i get physio appointment on 14th, 11am", ("", "", "appointment", "physio")),
        ("remind me dentist tmr 10.15am pls", ("", "", "appointment", "dentist")),
        ("the dentist appointment for my crown moved to friday the 9th at 2",
         ("", "", "appointment", "dentist")),
        ("im hosting book club on thursday", ("", "", "appointment", "book club")),
        # weeks
        ("swim club is tues n fri now", ("", "", "routine", "swim club on Tuesdays and Fridays")),
        ("yoga mon + wed, boxing thurs nights", ("", "", "routine", "yoga on Mondays and Wednesdays")),
        ("i started spanish, tues and thurs evenings at the library",
         ("", "", "routine", "spanish on Tuesdays and Thursdays")),
        ("my dad still does the paper round mon-fri",
         ("father", "", "routine", "paper round on Mondays, Tuesdays, Wednesdays, Thursdays and Fridays")),
        ("Sundays I go sailing with my uncle", ("", "", "routine", "sailing on Sundays")),
        ("Thursdays I help at the food bank in town", ("", "", "routine", "food bank on Thursdays")),
        ("Our walking group meets Tuesday mornings by the canal.",
         ("", "", "routine", "walking group on Tuesdays")),
        ("chess club still meets on fridays thank god", ("", "", "routine", "chess club on Fridays")),
        ("we go climbing most saturdays", ("", "", "routine", "climbing on Saturdays")),
        ("started ceramics last monday, going every monday evening now",
         ("", "", "routine", "ceramics on Mondays")),
        ("so saturday mornings are parkrun with the club", ("", "", "routine", "parkrun on Saturdays")),
    ],
)
def test_read(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("Galway. 14 degrees and raining.", "name"),  # a place and its weather
        ("I drive a van, it's falling apart", "job_title"),  # a van one owns
        ("I drive the bus to school on mondays", "job_title"),
        ("my cousin got good news, she just turned 21", "age"),  # hers, not the speaker's
        ("my son is in UCD now, loves it", "lives_in"),  # a college, no town
        ("i'm tired, 2 hours sleep", "name"),
        ("i'm exhausted, 12 hour shift again", "name"),  # a length of time, no age
        ("my mum still tuesdays, she says", "routine"),  # a person, no activity
        ("we stay in touch on whatsapp", "lives_in"),
        ("I'm having a rough day on monday, ugh", "appointment"),
        ("got a labradoodle pup on sunday, the kids are obsessed", "appointment"),  # what one got
        ("picked up a new laptop on friday", "appointment"),
        ("she's a new born, so tiny", "hometown"),
        ("we adopted a lurcher!! retired racer called Flint, very shy", "job_title"),  # the dog retired
        ("we adopted a lurcher!! retired racer called Flint, very shy", "employer"),
    ],
)
def test_not_read(text: str, attribute: str) -> None:
    found = told(text)
    assert not any(a == attribute for about, _, a, _ in found if not about or attribute != "age"), found


def test_an_age_after_she_is_not_the_speakers() -> None:
    assert not any(f.attribute == "age" and not f.about and not f.name
                   for f in facts_in("my mei mei got good news, she just turned 19"))


@pytest.mark.parametrize(
    ("plan", "done", "old", "new", "day"),
    [
        ("I'm starting at Lumen Labs on 2nd march, handed my notice in at Ferro today",
         "first week at lumen labs done, the commute is fine", "Ferro", "Lumen Labs", "2026-03-02"),
        ("signed the contract! I'm joining Halden Bank on the 16th of march",
         "first day at Halden Bank was a blur", None, "Halden Bank", "2026-03-16"),
    ],
)
def test_a_change_planned_with_its_day_is_dated_by_that_day_when_told_done(
    make_vault, clock: FakeClock, plan: str, done: str, old: str | None, new: str, day: str
) -> None:
    vault = make_vault()
    say(vault, "I work at Ferro, logistics", "2026-01-05T09:00:00Z")
    say(vault, plan, "2026-01-20T09:00:00Z")  # weeks ahead: a plan, not yet the employer
    vault.weave()
    held = {i.value: i for i in vault.loaded_items().values() if i.attribute == "employer"}
    assert new not in held or not held[new].is_current
    clock.advance(days=25)
    say(vault, done, "2026-03-25T09:00:00Z")
    vault.weave()
    held = {i.value: i for i in vault.loaded_items().values() if i.attribute == "employer"}
    assert held[new].is_current and held[new].valid_from.date().isoformat() == day
    if old:
        assert not held[old].is_current and held[old].valid_to.date().isoformat() == day


@pytest.mark.parametrize(("done", "day"), [
    ("first week at Halden Bank done, so tired", "2026-03-18"),  # a week told done began a week before
    ("first day at Halden Bank done, so tired", "2026-03-25"),  # a day told done keeps the day it was told
])
def test_a_start_told_done_without_a_plan(make_vault, clock: FakeClock, done: str, day: str) -> None:
    vault = make_vault()
    clock.advance(days=25)
    say(vault, "I work at Ferro, logistics", "2026-01-05T09:00:00Z")
    say(vault, done, "2026-03-25T09:00:00Z")
    vault.weave()
    held = {i.value: i for i in vault.loaded_items().values() if i.attribute == "employer"}
    assert held["Halden Bank"].valid_from.date().isoformat() == day
    assert held["Ferro"].valid_to is not None and held["Ferro"].valid_to.date().isoformat() == day


def test_an_appointment_changed_to_a_new_day_said_with_now_is_the_one_told() -> None:
    found = [f for f in facts_in("clinic texted, had to change my appointment, now 3 feb same time")
             if f.attribute == "appointment"]
    assert [(f.value, f.scheduled) for f in found] == [("it", "3 feb, same time")]


@pytest.mark.parametrize("text", ["fridays are some new guy now", "saturdays are somebody else's problem"])
def test_someone_on_a_day_is_no_routine(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "routine"]


def test_a_word_of_chat_that_names_a_town_is_no_home() -> None:
    assert not [f for f in facts_in("the christmas rota nearly broke me, I'm on the rota in rota")
                if f.attribute == "lives_in"]


def test_an_age_after_an_animal_or_a_child_is_not_the_speakers() -> None:
    found = facts_in("i have a cat, Miso, 3 years old")
    assert not [f for f in found if f.attribute == "age" and not f.about]
    assert ("", "", "age", "34") in told("I'm Ann, 34 years old")


def test_a_badge_handed_in_ends_the_job_and_goodbye_ends_a_thing_liked() -> None:
    def ended(text: str) -> set[tuple[str, str]]:
        return {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.RETRACT}

    assert ("employer", "") in ended("handed in my badge at the depot on friday")
    gone = ended("so goodbye my beloved croissants")
    assert ("likes", "croissants") in gone
    assert not [f for f in facts_in("goodbye for now, thanks!") if f.op is Op.RETRACT]

