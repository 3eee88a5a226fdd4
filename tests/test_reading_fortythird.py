"""When a change happened, a car parted with as chat says it, and a relative's birthday by its
number: "three months back" is three months ago, a first week told done began a week before, a
car sold after a clause of its own and without "I" ("no need, sold the fiesta on saturday"), 把车
卖了 (whichever car the speaker had), "my son Tobi's 7th on the 14th" (his age and his birthday).
Every sentence is written here."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import dates, dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in

from tests.conftest import FakeClock, say

NOW = datetime(2026, 7, 10, 14, 30, tzinfo=timezone.utc)


def ended_cars(text: str) -> list[tuple[str, str, str]]:
    """(value, when, whose) of every car the turn ends."""
    return [(f.value, f.when, f.about) for f in facts_in(text) if f.attribute == "car" and f.op is Op.RETRACT]


# -- when ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "day"), [
    ("relocated to leeds from york like three months back", "2026-04-10"),
    ("we moved here a couple weeks back", "2026-06-26"),
    ("a few years back I was nursing in Cork", "2023-07-10"),
    ("the van was written off two weeks ago on the M6", "2026-06-26"),  # "ago" before "on" stays
])
def test_a_count_of_time_back_is_that_long_ago(text: str, day: str) -> None:
    phrase = dates_en.find(text)
    resolved = dates.resolve(phrase, NOW, "past")
    assert resolved is not None and resolved.date().isoformat() == day


@pytest.mark.parametrize("text", [
    "she came two weeks back to the flat",  # back somewhere, not ago
    "it set us back two weeks",
])
def test_back_that_is_no_time_ago(text: str) -> None:
    assert "ago" not in dates_en.find(text)


@pytest.mark.parametrize("text", [
    "first week at Orchard Dental done, so tired",
    "first week on the ward is over!!",
    "my first week at the depot finished today",
])
def test_a_first_week_told_done_began_a_week_ago(text: str) -> None:
    assert dates_en.find(text) == dates_en.FIRST_WEEK_AGO


@pytest.mark.parametrize("text", [
    "my first week at Orchard Dental starts monday",
    "first week is always the hardest",
])
def test_a_first_week_not_told_done_dates_nothing(text: str) -> None:
    assert dates_en.find(text) != dates_en.FIRST_WEEK_AGO


def test_the_vault_starts_a_job_told_a_week_in_a_week_before(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "I'm a porter at Kings Cross station", "2026-02-01T09:00:00Z")
    say(vault, "first week at Orchard Dental done, my feet are dead", "2026-03-20T09:00:00Z")
    vault.weave()
    held = {i.value: i for i in vault.loaded_items().values() if i.attribute == "employer"}
    assert held["Orchard Dental"].is_current
    assert held["Orchard Dental"].valid_from.date().isoformat() == "2026-03-13"


# -- a car parted with -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value", "when"), [
    ("no point insuring it, sold the fiesta on saturday", "fiesta", "saturday"),
    ("ok so I scrapped the corolla last week", "corolla", "last week"),
    ("bad news, finally sold my car yesterday", "", "yesterday"),
])
def test_a_car_parted_with_after_a_clause_and_without_i(text: str, value: str, when: str) -> None:
    assert ended_cars(text) == [(value, when, "")]


@pytest.mark.parametrize("text", [
    "she said, sold the fiesta last week",  # what someone said of it
    "my brother sold the fiesta last week",  # someone else's
    "ok so I sold my golf clubs on sunday",  # no car
])
def test_a_car_not_the_speakers_or_no_car_parted_with(text: str) -> None:
    assert not [c for c in ended_cars(text) if not c[2]]


@pytest.mark.parametrize(("text", "when"), [
    ("上周把车卖了 以后坐地铁", "上周"),
    ("我把车子卖掉了 太费油", ""),
    ("车上个月卖了", "上个月"),
])
def test_a_chinese_car_sold_without_its_name_ends_whichever_car(text: str, when: str) -> None:
    assert ended_cars(text) == [("", when, "")]


@pytest.mark.parametrize("text", ["想把车卖了", "车卖了吗"])
def test_a_chinese_car_only_weighed_or_asked_of_ends_nothing(text: str) -> None:
    assert ended_cars(text) == []


def test_a_relatives_car_sold_is_theirs() -> None:
    assert ended_cars("我哥把车卖了") == [("", "", "brother")]


def test_the_vault_ends_the_car_on_the_day_it_was_sold(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "我开的是一辆大众朗逸 开了六年了", "2026-01-05T09:00:00Z")
    say(vault, "我上周把车卖了 以后坐地铁上班", "2026-02-04T09:00:00Z")  # a Wednesday
    vault.weave()
    (car,) = [i for i in vault.loaded_items().values() if i.attribute == "car"]
    assert not car.is_current and car.valid_to is not None
    assert "2026-01-26" <= car.valid_to.date().isoformat() <= "2026-02-01"


# -- a relative's birthday by its number -----------------------------------------------------------


def _theirs(text: str, said: str = "2026-03-04T10:00:00+00:00") -> set[tuple[str, str, str]]:
    """(subject, attribute, value) of each assertion the rules path reads from one turn."""
    turn = Resource(id="r#1", path="r", line=1, text=text, ts=datetime.fromisoformat(said),
                    role="user", speaker="Sam", session="s")
    return {(c.subject, c.attribute, c.value) for c in RulesExtractor(default_subject="Sam").extract([turn])
            if c.op is Op.ASSERT}


@pytest.mark.parametrize(("text", "told"), [
    ("need a cake idea for my son Tobi's 7th on the 14th",
     {("Tobi", "age", "7"), ("Tobi", "birthday", "03-14")}),
    ("my daughter Ama's 10th birthday is on 2 May, help me plan",
     {("Ama", "age", "10"), ("Ama", "birthday", "05-02")}),
    ("my son Femi turns 5 on the 9th", {("Femi", "age", "5"), ("Femi", "birthday", "03-09")}),
    ("a speech for my nan's 90th, any ideas", {("Sam's grandmother", "age", "90")}),
])
def test_a_relatives_birthday_by_its_number_tells_their_age(text: str, told: set[tuple[str, ...]]) -> None:
    assert told <= _theirs(text)


@pytest.mark.parametrize("text", [
    "my son's 5th grade teacher is lovely",  # a grade, not a birthday
    "my son Tobi's 3rd attempt at the driving test",
    "my daughter's 8th is next week",  # a child's number alone: a grade as likely
])
def test_a_number_that_is_no_birthday_tells_no_age(text: str) -> None:
    assert not [f for f in _theirs(text) if f[1] == "age"]


@pytest.mark.parametrize(("text", "value"), [
    ("on weekends I go bouldering at the wall", "bouldering on Saturdays and Sundays"),
    ("weekends we do a proper coastal walk", "coastal walk on Saturdays and Sundays"),
])
def test_weekends_first_then_what_recurs(text: str, value: str) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == "routine"] == [value]
