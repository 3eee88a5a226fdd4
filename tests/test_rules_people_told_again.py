"""People named in lower case and told of again (ninth round of docs/FACTS.md): "my bf
theo", "my dog moose (13)", a breakup said after "but", "we called it off", a pronoun after
someone new is named, and a kinship the pronoun's rewriting alone would say. None is taken
from the bench."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in

A, R = Op.ASSERT, Op.RETRACT
SPOKEN = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)


def session(*texts: str) -> list[tuple[int, str, str, str, Op]]:
    """(turn, subject, attribute, value, op) of every candidate of one session, a day apart."""
    said = [Resource(id=f"r#L{i}", path="r", line=i + 1, ts=SPOKEN + timedelta(days=i), role="user",
                     speaker="Ola", session="s", text=text) for i, text in enumerate(texts)]
    return [(int(c.source.rsplit("L", 1)[1]), c.subject, c.attribute, c.value, c.op)
            for c in RulesExtractor().extract(said)]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my bf tomas hates musicals lol", ("boyfriend", "Tomas", A)),
        ("my hubby raj keeps losing his keys", ("husband", "Raj", A)),
        ("my son leo (6) only eats pasta now", ("son", "Leo", A)),
        ("my cat mochi (9) is getting picky", ("pet", "a cat named Mochi", A)),
    ],
)
def test_a_name_typed_in_lower_case_after_a_relation(text: str, fact: tuple[str, str, Op]) -> None:
    assert fact in {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about}


def test_a_pet_put_down_and_a_breakup_told_of_someone_named_before_in_lower_case() -> None:
    found = session("my dog biscuit (old beagle) limps a bit", "we had to put biscuit down on monday")
    assert (1, "Ola", "pet", "Biscuit", R) in found
    found = session("my boyfriend sam wants a dog", "been ages but sam and i broke up in may. all good")
    assert (1, "Ola", "boyfriend", "Sam", R) in found


def test_calling_it_off_ends_the_partner() -> None:
    found = {(f.attribute, f.value, f.op) for f in facts_in("we called it off last week")}
    assert ("girlfriend", "", R) in found


def test_a_pronoun_after_someone_new_is_not_the_one_before() -> None:
    found = session("my boyfriend sam wants a dog",
                    "sam and i broke up. seeing someone new, Idris, he's a chef")
    assert not [f for f in found if f[0] == 1 and f[1] == "Sam" and f[2] == "job_title"]


def test_a_kinship_only_the_pronoun_says_is_not_told_again() -> None:
    found = session("my girlfriend Noor is moving to Dubai", "we called it off. she's taking the Dubai job")
    assert not [f for f in found if f[0] == 1 and f[2] == "girlfriend" and f[4] is A]


@pytest.mark.parametrize(
    ("text", "who", "day"),
    [
        ("i turn 30 on june 3rd so party time", "", "06-03"),
        ("my sister lena turns 40 on may 9th, any gift ideas", "Lena", "05-09"),
        ("haha no i'm 31, born 17 september 1994", "", "1994-09-17"),
        ("ok quick facts: born 2 march 1988, from leeds", "", "1988-03-02"),
        ("my wife is great, and our son Tom was born 4 May 2020", "Tom", "2020-05-04"),
    ],
)
def test_a_birthday_told_by_its_day(text: str, who: str, day: str) -> None:
    found = [(f.name, f.value) for f in facts_in(text) if f.attribute == "birthday"]
    assert (who, day) in found


def test_an_age_is_not_dated_by_the_birth_told_after_it() -> None:
    ages = [f for f in facts_in("i'm 31, born 17 september 1994") if f.attribute == "age"]
    assert ages and all(not a.when for a in ages)


def test_turning_an_age_without_a_day_gives_no_birthday() -> None:
    assert not [f for f in facts_in("I turn 30 next year") if f.attribute == "birthday"]


def test_kin_the_turn_names_or_counts_is_told() -> None:
    found = session("I have two sisters", "my sister Oona moved to Cork")
    assert (0, "Ola", "sibling", "two sisters", A) in found and (1, "Ola", "sister", "Oona", A) in found
