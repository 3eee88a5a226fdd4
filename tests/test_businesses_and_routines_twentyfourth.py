"""A relative who "stays in" a town, a business one runs named after it, and routines told with
their days first or without the subject or verb. Every sentence is written for these tests."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def _of(attribute: str, text: str) -> set[tuple[str, str, str]]:
    """(value, whose relation, whose name) of every ``attribute`` asserted in ``text``."""
    read = facts_in(text)
    return {(f.value, f.about, f.name) for f in read if f.attribute == attribute and f.op is Op.ASSERT}


# -- "stays in": lives there ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("my brother stays in Nagpur with his wife", ("Nagpur", "brother", "")),
        ("my girlfriend Ines stays in Porto so we alternate weekends", ("Porto", "girlfriend", "Ines")),
        ("Tobias stays in Graz these days", ("Graz", "", "Tobias")),
    ],
)
def test_someone_who_stays_in_a_town_lives_there(text: str, home: tuple[str, str, str]) -> None:
    assert home in _of("lives_in", text)


@pytest.mark.parametrize(
    "text",
    ["my mum stays with us on weekends", "Priya stays late on thursdays", "my son stays up till midnight"],
)
def test_staying_with_someone_or_late_is_no_home_and_no_routine(text: str) -> None:
    assert not _of("lives_in", text)
    assert not _of("routine", text)


# -- a business one runs, by its name -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("i own a tiny bakery in fitzroy called Crumb Theory. open 5 days", "Crumb Theory"),
        ("Good morning. I run a small tailoring shop in Yaba, Lagos, Stitch & Style. 4 staff",
         "Stitch & Style"),
        ("hey, i run my family's noodle bar in chinatown, Lucky Bowl", "Lucky Bowl"),
    ],
)
def test_the_name_of_a_business_one_runs_is_the_employer(text: str, name: str) -> None:
    assert (name, "", "") in _of("employer", text)


@pytest.mark.parametrize(
    "text",
    ["I run a small bakery in Leeds, Sundays are mad", "I own a cafe, Monday is my day off", "I run a salon"],
)
def test_a_town_or_a_day_after_the_business_is_no_employer(text: str) -> None:
    assert not _of("employer", text)


# -- routines with their days first, or their subject or verb left out ------------------------


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("mon n wed nights i usually play squash with the neighbours", "squash on Mondays and Wednesdays"),
        ("still got hurling training tuesdays n fridays so i'm busy",
         "hurling training on Tuesdays and Fridays"),
        ("every thursday evening i get band practice for the parish so keep it free",
         "band practice on Thursdays"),
    ],
)
def test_a_routine_told_with_its_days_first_or_words_left_out(text: str, routine: str) -> None:
    assert (routine, "", "") in _of("routine", text)


@pytest.mark.parametrize("text", ["got it, cheers", "i get paid every friday", "got to go, late for work"])
def test_got_or_get_with_no_activity_is_no_routine(text: str) -> None:
    assert not _of("routine", text)


def test_a_spot_or_a_joint_gives_its_name_and_no_title() -> None:
    text = "hiya, i run my uncle's taco spot in the mission, Casa Lupe. 6 days a week"
    assert ("Casa Lupe", "", "") in _of("employer", text)
    assert not _of("job_title", text)


# -- an age told bare, right before what the speaker is ---------------------------------------


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("ok honest version: 41, bus driver, two teenagers", "41"),
        ("quick background. 23, grew up in hamilton, now doing my masters", "23"),
    ],
)
def test_a_bare_age_before_a_title_or_a_life_told_is_the_speakers(text: str, age: str) -> None:
    assert (age, "", "") in _of("age", text)


@pytest.mark.parametrize(
    "text",
    ["paid 25, plumber said it was fair", "we were 40, teachers mostly", "table for 30, married couples"],
)
def test_a_number_before_other_people_or_a_price_is_no_age(text: str) -> None:
    assert not _of("age", text)
