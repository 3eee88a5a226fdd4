"""Homes told in passing or left by their kind, and trades told by what one does: "from my
place in Stellenbosch", "3 years in Dubai now", "Ludlow where we live", "left the flat in
Hackney", "I drive the 42 bus for Metro", "i drive logging trucks", trades by their word or
their ending ("scaffolder", "hypnotherapist"), "shes a garda", a promotion with the subject
dropped. And what must stay unread: a home still to come, a friend of mine in a town, a
stay for a conference, kids driven to school. A home told in passing never ends the one the
vault holds. None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.value_match import names_ended

from tests.conftest import FakeClock, say


def told(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # homes in passing
        ("the vineyard is ten min from my place in Franschhoek, handy", ("", "", "lives_in", "Franschhoek")),
        ("our tiny flat in Tallinn has no oven lol", ("", "", "lives_in", "Tallinn")),
        ("drinks at mine in Leith on saturday, bring snacks", ("", "", "lives_in", "Leith")),
        ("we grow apples in Ludlow where we live", ("", "", "lives_in", "Ludlow")),
        ("4 years in Doha now, quantity surveyor", ("", "", "lives_in", "Doha")),
        ("I've been living in Porto for ages", ("", "", "lives_in", "Porto")),
        ("been in Leeds since I was 12", ("", "", "lives_in", "Leeds")),
        ("you can come to mine in partick after", ("", "", "lives_in", "Partick")),
        ("im from ibadan originally, nurse", ("", "", "hometown", "Ibadan")),
        # trades
        ("hiya, i drive the 42 bus for Metro, early shifts", ("", "", "job_title", "bus driver")),
        ("hiya, i drive the 42 bus for Metro, early shifts", ("", "", "employer", "Metro")),
        ("I drive timber trucks... no wait, I drive logging trucks for Pinecrest", ("", "", "job_title",
                                                                                  "logging truck driver")),
        ("i drive the tube, central line mostly", ("", "", "job_title", "tube driver")),
        ("I drive ferries for Caledonian, six years now", ("", "", "job_title", "ferry driver")),
        ("im kai, scaffolder, play rugby on weekends", ("", "", "job_title", "scaffolder")),
        ("hey i'm noor, 33, hypnotherapist", ("", "", "job_title", "hypnotherapist")),
        ("im ola, 30, videographer, mostly weddings", ("", "", "job_title", "videographer")),
        ("my cousin aisling keeps texting, shes a garda in Mullingar", ("cousin", "Aisling", "job_title",
                                                                       "garda")),
        ("got bumped up to head baker!! still at the same bakery", ("", "", "job_title", "head baker")),
        ("got promoted to inspector just before christmas", ("", "", "job_title", "inspector")),
        ("im a sparky, mostly rewires", ("", "", "job_title", "electrician")),
        ("i teach 3rd grade at Lincoln Elementary", ("", "", "job_title", "3rd grade teacher")),
        ("day job i teach physics at a high school in Leeds", ("", "", "job_title", "physics teacher")),
        ("i'm a vet tech at Paws & Co", ("", "", "job_title", "vet tech")),
        ("im a junior dev at Monzo", ("", "", "job_title", "junior developer")),
        ("hello, am a cheesemaker in Wensleydale", ("", "", "job_title", "cheesemaker")),
        ("hiya, im jo, postie for the royal mail", ("", "", "job_title", "postman")),
    ],
)
def test_read(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("we're at my sister's for now, until our own flat in Swindon is ready", "lives_in"),
        ("a friend of mine in Berlin says hi", "lives_in"),
        ("my old flat in Leeds had mould everywhere", "lives_in"),
        ("honestly, where i live it rains all year", "lives_in"),
        ("I've been in London for a conference", "lives_in"),
        ("i drive the kids to school at 8", "job_title"),
        ("I drive a van, it's a Transit", "job_title"),
        ("im a test lead in QA", "lives_in"),
        ("im a staff nurse in ICU at the moment", "lives_in"),
        ("back on monday at 9", "appointment"),
        ("am a bit tired today", "job_title"),
    ],
)
def test_not_read_as_current(text: str, attribute: str) -> None:
    assert not {f for f in facts_in(text) if f.attribute == attribute and f.op is Op.ASSERT and not f.about}


def test_a_home_left_by_its_kind_ends_its_town(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    clock.advance(days=10)
    say(vault, "I live in Hackney", "2026-01-05T09:00:00Z")
    say(vault, "left the flat in Hackney and moved down to Brighton on saturday", "2026-02-02T09:00:00Z")
    say(vault, "we moved out of our old place in Galway in 2024", "2026-02-03T09:00:00Z")
    vault.weave()
    homes = {i.value: i.status.value for i in vault.loaded_items().values() if i.attribute == "lives_in"}
    assert homes == {"Hackney": "historical", "Brighton": "current", "Galway": "historical"}


def test_a_home_told_in_passing_does_not_end_the_one_held(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    clock.advance(days=10)
    say(vault, "the landlord wants more rent for my flat in Peckham", "2026-01-05T09:00:00Z")
    say(vault, "im from enugu originally, 8 yrs in London now", "2026-01-06T09:00:00Z")
    vault.weave()
    homes = {i.value: i.status.value for i in vault.loaded_items().values() if i.attribute == "lives_in"}
    assert homes == {"Peckham": "current"}


# Appointments as chat moves them: the exam one studies for, a slot moved by "now it's" or
# "rebooked for" (the minutes kept), and "its" is no appointment.
def test_the_exam_studied_for_is_the_event_and_nothing_is_learned() -> None:
    found = facts_in("revising for my chem exam next monday 9.30 ugh")
    assert [(f.attribute, f.value, f.scheduled) for f in found] == [("appointment", "chem exam",
                                                                     "next monday 9.30")]


def test_its_is_no_appointment() -> None:
    assert not [f for f in facts_in("its on march 18 by 8am at the embassy") if f.value == "its"]


@pytest.mark.parametrize(
    ("moved", "when"),
    [
        ("ugh dentist cancelled on me. now it's next tuesday 8am which is grim", "2026-03-10T08:00"),
        ("receptionist rang 🙄 rebooked for the 22nd at 9:30", "2026-03-22T09:30"),
    ],
)
def test_a_slot_moved_by_now_or_rebooked_moves_the_last_appointment(
    make_vault, clock: FakeClock, moved: str, when: str
) -> None:
    vault = make_vault()
    clock.advance(days=10)
    say(vault, "dentist on friday at 4:15", "2026-03-02T10:00:00Z")
    say(vault, moved, "2026-03-03T10:00:00Z")
    vault.weave()
    slots = {(i.status.value, i.when.strftime("%Y-%m-%dT%H:%M")) for i in vault.loaded_items().values()
             if i.attribute == "appointment"}
    assert slots == {("historical", "2026-03-06T16:15"), ("current", when)}


def test_an_organisation_is_ended_by_its_clipped_name() -> None:
    assert names_ended("employer", "ComfortDelGro", "comfort")
    assert names_ended("employer", "Maru-a-Pula", "MaP")
    assert names_ended("studies_at", "Amazon Web Services", "AWS")
    assert not names_ended("employer", "Google", "Go")
    assert not names_ended("likes", "JavaScript", "Java")


def test_a_job_left_at_the_end_of_last_month_for_an_app(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    clock.advance(days=60)
    say(vault, "i drive a taxi for StarCabs, 20 years already", "2026-01-05T09:00:00Z")
    say(vault, "i quit star end of last month. now drive grab full time, own car own time",
        "2026-03-16T09:00:00Z")
    vault.weave()
    held = {(i.attribute, i.value): (i.status.value, i.valid_to and i.valid_to.date().isoformat())
            for i in vault.loaded_items().values()}
    assert held[("employer", "StarCabs")] == ("historical", "2026-02-28")
    assert held[("employer", "Grab")][0] == "current"
    assert held[("job_title", "Grab driver")][0] == "current"


def test_a_relatives_name_typed_in_lower_case_before_a_comma_is_their_name() -> None:
    assert ("", "", "husband", "Ramon") in told("my husband ramon, he drives a tricycle")
    assert not [f for f in facts_in("my sister again, she never calls") if f.attribute == "sister"]


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("lowkey thinking about leaving halden, the hours are brutal", "employer"),
        ("honestly been thinking about leaving nursing altogether", "employer"),
        ("might quit my job after bonus season", "employer"),
        ("been seriously thinking about moving back to cork", "lives_in"),
    ],
)
def test_a_change_weighed_puts_the_value_in_doubt(text: str, attribute: str) -> None:
    assert [(f.attribute, f.op) for f in facts_in(text)] == [(attribute, Op.DOUBT)]


@pytest.mark.parametrize("text", ["I might leave early today", "i might quit sugar lol"])
def test_leaving_early_or_quitting_sugar_doubts_no_job(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "employer"]
