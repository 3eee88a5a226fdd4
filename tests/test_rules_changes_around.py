"""Changes told around other words: a part of a month as a date ("end of december",
"mid-february"), a last day told in its own sentence, "finally done with X", "not at the
X anymore" for a name typed in lower case, what led to a change before it ("after watching
a documentary I went vegan"), a favourite behind an adverb, a job at a university hospital,
a subject taught at a named school, and the meat a vegetarian diet ends. None is taken
from the bench."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import pytest
from vaultweave.weaver.extract import dates, dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.value_match import diet_ends
from vaultweave.weaver.vault import Vault

from tests.conftest import say

SPOKEN = datetime(2026, 1, 20, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I left Ocado end of december", "2025-12-28"),
        ("she moved out in the end of august", "2025-08-28"),
        ("quit at the start of march", "2025-03-03"),
        ("we broke up mid-february", "2025-02-15"),
    ],
)
def test_a_part_of_a_month_is_a_day_in_it(text: str, day: str) -> None:
    found = dates.resolve(dates_en.find(text), SPOKEN, "past")
    assert found is not None and found.date().isoformat() == day


def read(text: str) -> set[tuple[str, str, Op, str]]:
    return {(f.attribute, f.value, f.op, f.when) for f in facts_in(text) if not f.about}


def test_a_last_day_told_apart_dates_the_ending() -> None:
    assert ("employer", "Zalando", Op.RETRACT, "two weeks ago") in read(
        "i left Zalando!! last day there was two weeks ago and i start at N26 monday")


def test_finally_done_with_a_workplace_ends_it_on_the_last_shift() -> None:
    assert ("employer", "St Mungo's", Op.RETRACT, "yesterday") in read(
        "finally done with St Mungo's!! my last shift was yesterday")


def test_not_at_the_name_anymore_ends_it_but_not_at_the_gym() -> None:
    assert ("employer", "bakehouse", Op.RETRACT, "") in read("im not at the bakehouse anymore")
    assert not [f for f in facts_in("im not at the gym anymore") if f.attribute == "employer"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("after a month of documentaries i went fully vegetarian", ("diet", "vegetarian")),
        ("pho is honestly my favourite food", ("favourite_food", "pho")),
        ("brisket is hands down my favourite thing to eat ever", ("favourite_food", "brisket")),
        ("I'm a staff nurse at Guy's University Hospital", ("employer", "Guy's University Hospital")),
        ("i teach chemistry at Colegio San Marcos", ("job_title", "chemistry teacher")),
        ("i teach chemistry at Colegio San Marcos", ("employer", "Colegio San Marcos")),
    ],
)
def test_a_value_is_read_around_chat(text: str, expected: tuple[str, str]) -> None:
    assert expected in {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT and not f.about}


def test_a_job_at_a_university_hospital_is_no_study_and_a_first_year_still_studies() -> None:
    nurse = facts_in("I'm a staff nurse at Guy's University Hospital")
    assert not [f for f in nurse if f.attribute == "studies_at"]
    assert ("studies_at", "Leeds University") in {(f.attribute, f.value) for f in facts_in(
        "I'm a first year at Leeds University")}


@pytest.mark.parametrize("food", ["ribeye", "wagyu burger", "calamari", "lasagne"])
def test_a_vegetarian_diet_ends_more_meat(food: str) -> None:
    assert diet_ends("vegetarian", food)


def test_a_pescatarian_keeps_the_squid() -> None:
    assert not diet_ends("pescatarian", "grilled squid")


def test_going_vegetarian_ends_a_favourite_steak_in_a_vault(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "ribeye is hands down my favourite thing to eat", "2026-01-10T09:00:00Z")
    say(vault, "after a month of documentaries i went fully vegetarian last week", "2026-02-20T09:00:00Z")
    vault.weave_all()
    held = [i for i in vault.loaded_items().values() if i.attribute == "favourite_food"]
    assert [(i.value, i.is_current) for i in held] == [("ribeye", False)]


def test_a_break_up_told_by_a_nickname_ends_the_boyfriend_told(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my boyfriend Mateo is a chef", "2026-01-10T09:00:00Z")
    say(vault, "teo and i broke up last week, honestly fine", "2026-02-20T09:00:00Z")  # a nickname
    vault.weave_all()
    held = [i for i in vault.loaded_items().values() if i.attribute == "boyfriend"]
    assert [(i.value, i.is_current) for i in held] == [("Mateo", False)]


def test_a_break_up_with_someone_not_held_leaves_the_partner(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my boyfriend Mateo is a chef", "2026-01-10T09:00:00Z")
    say(vault, "sofia and i broke up ages ago", "2026-02-20T09:00:00Z")
    vault.weave_all()
    held = [i.value for i in vault.loaded_items().values() if i.attribute == "boyfriend" and i.is_current]
    assert held == ["Mateo"]


def test_handing_in_the_badge_ends_the_employer_and_puts_the_title_in_doubt() -> None:
    # a badge is handed in when one leaves: the workplace ends; the title may go on elsewhere
    read = facts_in("handed in my badge at the clinic on friday")
    assert ("employer", "") in {(f.attribute, f.value) for f in read if f.op is Op.RETRACT}
    assert "job_title" in {f.attribute for f in read if f.op is Op.DOUBT}
