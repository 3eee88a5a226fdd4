"""Pets one by one, pets named as chat names them, a pet put down without a subject; facts
told beside an appointment in the same clause; a relative named in the turn whom a pronoun
then speaks of; a mother called by chat's words. Every sentence is written for these tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in


def _pets(text: str) -> list[str]:
    return [f.value for f in facts_in(text) if f.attribute == "pet" and f.op is Op.ASSERT and not f.about]


def _ended_pets(text: str) -> list[str]:
    return [f.value for f in facts_in(text) if f.attribute == "pet" and f.op is Op.RETRACT]


# -- pets, one value each -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pets"),
    [
        ("we've got two rabbits named Clover and Fig", ["a rabbit named Clover", "a rabbit named Fig"]),
        ("I have two dogs, Maple and Jasper, both rescues", ["a dog named Maple", "a dog named Jasper"]),
        ("my cats juniper and sprout keep knocking stuff off the shelf",
         ["a cat named Juniper", "a cat named Sprout"]),
        ("our two greyhounds Pepper and Moss are lazy today", ["a dog named Pepper", "a dog named Moss"]),
    ],
)
def test_each_animal_named_in_a_list_is_a_pet_of_its_own(text: str, pets: list[str]) -> None:
    assert _pets(text) == pets


def test_a_count_without_names_stays_one_value() -> None:
    assert _pets("I have three cats and no patience") == ["three cats"]


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("my whippet olive is 9 and still mad for squirrels", "a dog named Olive"),
        ("moving to a flat with my spaniel bramble", "a dog named Bramble"),
        ("actually I have a hamster, Toffee, about a year old", "a hamster named Toffee"),
        ("since the divorce it's just me and the cat now, Socks, a grumpy tabby", "a cat named Socks"),
        ("and biscuit (my dog) has his jabs next week", "a dog named Biscuit"),
    ],
)
def test_a_pet_named_by_its_kind_and_a_lower_case_name(text: str, pet: str) -> None:
    assert _pets(text) == [pet]


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("we finally got a kitten on sunday, my daughter named her Marmalade", "a cat named Marmalade"),
        ("adopted a dog from the shelter. Collie cross, 3 years old, name's Rowan.", "a dog named Rowan"),
        ("we adopted a greyhound! ex racer called Comet, scared of the hoover", "a dog named Comet"),
    ],
)
def test_a_pet_told_then_named_in_the_same_turn(text: str, pet: str) -> None:
    assert _pets(text) == [pet]


def test_a_pets_name_after_name_is_not_the_speakers() -> None:
    facts = facts_in("adopted a cat last week. Tortoiseshell, name's Juno.")
    assert not [f for f in facts if f.attribute == "name"]


@pytest.mark.parametrize(
    "text",
    [
        "got a puppy yesterday. my brother called Sam to tell him",  # a person called, no name given
        "we got a kitten and I called her vet straight away",
    ],
)
def test_calling_someone_names_no_pet(text: str) -> None:
    assert all(" named " not in pet for pet in _pets(text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("had to put Bruno down this morning. worst day", "Bruno"),
        ("had to have Ziggy put to sleep on monday, he was 15", "Ziggy"),
        ("we had to put Nutmeg down", "Nutmeg"),
    ],
)
def test_a_pet_put_down_is_ended_with_or_without_a_subject(text: str, name: str) -> None:
    assert _ended_pets(text) == [name]


def test_putting_ones_foot_down_ends_no_pet() -> None:
    assert _ended_pets("had to put my foot down with the landlord") == []


# -- what a clause tells beside its appointment ----------------------------------------------


def test_a_job_told_beside_an_appointment_is_read_undated() -> None:
    facts = facts_in("busy month, I'm a data engineer at monzo, offsite on the 14th")
    assert ("appointment", "offsite") in [(f.attribute, f.value) for f in facts]
    job = [f for f in facts if f.attribute in ("job_title", "employer")]
    assert [(f.attribute, f.value) for f in job] == [("job_title", "data engineer"), ("employer", "Monzo")]
    assert all(not f.when for f in job)  # the offsite's day is no start of the job


def test_a_pet_named_inside_an_appointment_is_read() -> None:
    facts = facts_in("groomer for my dog Waffle on saturday at 11")
    assert ("pet", "a dog named Waffle") in [(f.attribute, f.value) for f in facts]
    assert any(f.attribute == "appointment" for f in facts)


def test_an_appointment_alone_tells_nothing_beside_it() -> None:
    facts = facts_in("dentist on tuesday at 4, dreading it")
    assert [f.attribute for f in facts] == ["appointment"]


# -- people: the turn's own naming, and mothers by chat's words -------------------------------


def _turn(text: str) -> list[tuple[str, str, str]]:
    """(subject, attribute, value) of what one turn of Kim's asserts, through the real extractor."""
    turn = Resource(id="t1", path="conversation.jsonl", line=1, text=text,
                    ts=datetime(2026, 3, 2, 9, tzinfo=timezone.utc), role="user", speaker="Kim", session="s1")
    return [(c.subject, c.attribute, c.value) for c in RulesExtractor().extract([turn]) if c.op is Op.ASSERT]


def test_a_relative_named_in_lower_case_is_who_the_next_pronoun_is() -> None:
    said = _turn("my boyfriend tariq is impossible to buy for. he's a paramedic.")
    assert ("Tariq", "job_title", "paramedic") in said


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("my ma is still in Galway, won't budge", "Galway"),
        ("mum's in Hobart now, loves it", "Hobart"),
    ],
)
def test_a_mother_by_chats_words_is_not_the_speaker(text: str, home: str) -> None:
    said = _turn(text)
    assert ("Kim", "lives_in", home) not in said
    assert any(a == "lives_in" and v == home and s != "Kim" for s, a, v in said)


def test_my_own_home_is_still_mine() -> None:
    assert ("Kim", "lives_in", "Hobart") in _turn("mum visited, I live in Hobart now")


def test_a_relative_named_in_lower_case_before_their_verb_is_named() -> None:
    said = _turn("my uncle farid says I should buy gold, he is an accountant so who knows.")
    assert ("Farid", "job_title", "accountant") in said


def test_a_person_named_then_told_of_by_pronoun() -> None:
    said = _turn("her name is Odile, she's a sound engineer in Lyon.")
    assert ("Odile", "job_title", "sound engineer") in said


def test_a_new_flatmate_named_after_the_news() -> None:
    said = _turn("new flatmate arrived on friday! his name's bram, he's a chef at a hotel.")
    assert ("Kim", "flatmate", "Bram") in said


def test_a_pet_that_may_be_rehomed_is_in_doubt() -> None:
    facts = facts_in("the new lease says no pets. I may have to rehome Biscuit, not decided")
    assert [(f.attribute, f.op) for f in facts if f.attribute == "pet"] == [("pet", Op.DOUBT)]


def test_turning_an_age_beside_a_birthday_to_come_is_no_age_yet() -> None:
    facts = facts_in("party planning! birthday is on the 9th, turning 40, help")
    assert not [f for f in facts if f.attribute == "age"]
