"""Habits told by how often in the shapes chat gives them ("i'm jogging every morning now",
"I do pilates 2x a week, its my sanity", "every evening I walk the dog"), a business one runs
("i run a little flower stall"), a trade named where a message opens ("paramedic here"),
and "he"/"she" after a comma meaning the person just named ("my brother Eoin fixed my bike,
he's a mechanic down in Cork"). And what must stay unread: a habit of the past, a plan, a
race one runs, a name told by "here". None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.grammar_en import ENGLISH
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.value_match import names_ended

from tests.conftest import FakeClock, say, values_held


def told(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # habits going on, with the place after or the frequency first; done every day, a routine
        ("I've been swimming twice a week at the lido", ("", "", "habit", "swims")),
        ("I've been going to the gym 4 days a week", ("", "", "habit", "goes to the gym")),
        ("I do pilates 2x a week, its my sanity", ("", "", "habit", "does pilates")),
        ("i row 3x/week with the club", ("", "", "habit", "rows")),
        ("every evening I walk the dog by the canal", ("", "", "routine", "walking the dog every day")),
        ("Daily 7am I swim at Bondi Beach with the crew", ("", "", "routine",
                                                           "swimming at Bondi Beach every day")),
        ("Every morning 6am I do qigong in the park", ("", "", "routine", "qigong every day")),
        ("i'm cycling every morning now that the weather's better", ("", "", "routine", "cycling every day")),
        # a business one runs, said of oneself or of someone else
        ("i run a little flower stall at the market, ten years now", ("", "", "job_title",
                                                                      "flower stall owner")),
        ("we're fine, I own a small bakery so mornings are early", ("", "", "job_title", "bakery owner")),
        ("my aunt Femi runs a tiny fabric shop in Yaba", ("aunt", "Femi", "job_title", "fabric shop owner")),
        # a trade where the message opens
        ("paramedic here, 12 hour shifts, need quick dinners", ("", "", "job_title", "paramedic")),
        ("hello! claims adjuster here at Aviva, quick question", ("", "", "employer", "Aviva")),
        # the person just named, after a comma
        ("my brother Eoin fixed my bike, he's a mechanic down in Cork", ("brother", "Eoin", "job_title",
                                                                         "mechanic")),
        ("my sister Ama called today, she's a midwife now", ("sister", "Ama", "job_title", "midwife")),
    ],
)
def test_read(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("I used to swim every day", "habit"),  # past
        ("I smoke every day", "routine"),  # taken in: a habit only
        ("every sunday i go to my nan's", "habit"),  # a weekday's: a routine, read with the events
        ("i do it every day, no excuses", "habit"),  # what "it" is was said before
        ("I'm going to start running every morning", "habit"),  # a plan
        ("I run a 10k every spring", "job_title"),  # a race, not a business
        ("I run a tight ship at work", "job_title"),
        ("I run a small business idea past my friends", "job_title"),
        ("the manager here is useless", "job_title"),
        ("Dara here, quick one", "job_title"),  # a name, not a trade
        ("im here in Lyon for a conference this week", "lives_in"),  # a stay, not a home
    ],
)
def test_not_read(text: str, attribute: str) -> None:
    assert not {f for f in told(text) if f[2] == attribute}


def test_a_trade_here_is_no_name() -> None:
    assert not {f for f in told("teacher here! how do I mark essays faster") if f[2] == "name"}
    assert ("", "", "name", "Dara") in told("Dara here, quick one")


def test_he_after_a_comma_is_the_one_named_last() -> None:
    # the pronoun after a second person named goes to that one
    said = told("my sister Ama and my brother Kojo came over, he's a pilot")
    assert ("brother", "Kojo", "job_title", "pilot") in said
    assert ("sister", "Ama", "job_title", "pilot") not in said


def test_three_days_a_week_is_no_date() -> None:
    assert ENGLISH.dated("I've been going to the gym 3 days a week") == ""
    assert ENGLISH.dated("I've been here 3 days") == "3 days ago"


def test_a_daily_routine_ends_with_its_habit(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    say(vault, "I swim every morning before work", "2026-01-05T09:00:00Z")
    say(vault, "I cycle every evening, usually along the river", "2026-01-06T09:00:00Z")
    say(vault, "I stopped swimming, my shoulder is done", "2026-02-02T09:00:00Z")
    say(vault, "night shifts now so bye bye evening cycles", "2026-02-09T09:00:00Z")
    vault.weave()
    assert values_held(vault, "routine") == [("cycling every day", False), ("swimming every day", False)]
    assert values_held(vault, "habit") == []


def test_a_pet_named_in_a_habit_is_told_too() -> None:
    assert ("", "", "pet", "a dog named Biscuit") in told("every evening I walk my dog Biscuit by the canal")


@pytest.mark.parametrize(
    ("stored", "spoken", "ended"),
    [
        ("running every day", "morning runs", True),
        ("swimming on Mondays and Thursdays", "swims", True),
        ("runs", "running", True),
        ("spin class every day", "spinning", False),  # not every word of the activity said
        ("running every day", "run club", False),
    ],
)
def test_a_routine_is_ended_by_its_activity_said_another_way(stored: str, spoken: str, ended: bool) -> None:
    assert names_ended("routine", stored, spoken) is ended


@pytest.mark.parametrize(
    ("text", "started", "ended"),
    [
        ("we move from Ghent to Leuven on 3 May", "Leuven", "Ghent"),
        ("we're finally moving out of Leeds down to Bristol next week", "Bristol", "Leeds"),
        ("I'm relocating to Perth on the 14th, so excited", "Perth", None),
    ],
)
def test_a_move_told_ahead_with_its_day(text: str, started: str, ended: str | None) -> None:
    facts = facts_in(text)
    assert {(f.value, f.op) for f in facts if f.attribute == "lives_in"} == {
        (started, Op.ASSERT), *([(ended, Op.RETRACT)] if ended else []), ("", Op.DOUBT)}
    assert all(f.starts for f in facts if f.attribute == "lives_in" and f.op is not Op.DOUBT)


def test_a_move_told_without_its_day_is_no_fact_yet_but_doubts_the_home_held() -> None:
    said = facts_in("I'm moving to Bristol, can't wait")
    assert [(f.value, f.op) for f in said if f.attribute == "lives_in"] == [("", Op.DOUBT)]


def test_a_town_shifted_from_or_moved_out_of_ends() -> None:
    assert ("", "", "lives_in", "Pune") not in told("i shifted from Pune for this job")
    assert any(f.value == "Pune" and f.op is Op.RETRACT for f in facts_in("i shifted from Pune for this job"))
    assert any(f.value == "London" and f.op is Op.RETRACT for f in facts_in("we moved out of London in May"))
