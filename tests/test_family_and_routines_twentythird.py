"""The speaker's children named in a list, one value each, with their ages; a son or daughter
by chat's words; a relative named before whose they are; the spouse as "the wife"; routines
told one after another in a clause. Every sentence is written for these tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in


def _said(text: str) -> set[tuple[str, str, str]]:
    """(attribute, value, whose name) of every fact asserted in ``text``."""
    return {(f.attribute, f.value, f.name) for f in facts_in(text) if f.op is Op.ASSERT}


def _turn(text: str) -> list[tuple[str, str, str]]:
    """(subject, attribute, value) of what one turn of Kim's asserts, through the real extractor."""
    turn = Resource(id="t1", path="conversation.jsonl", line=1, text=text,
                    ts=datetime(2026, 3, 2, 9, tzinfo=timezone.utc), role="user", speaker="Kim", session="s1")
    return [(c.subject, c.attribute, c.value) for c in RulesExtractor().extract([turn]) if c.op is Op.ASSERT]


def _routines(text: str) -> list[str]:
    return [f.value for f in facts_in(text) if f.attribute == "routine" and f.op is Op.ASSERT]


# -- children in a list ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("our two boys Kofi and Yaw are away at boarding school",
         {("son", "Kofi", ""), ("son", "Yaw", "")}),
        ("sorting the family admin. twin girls Ada and Bea, 7, both obsessed with horses",
         {("daughter", "Ada", ""), ("daughter", "Bea", ""), ("age", "7", "Ada"), ("age", "7", "Bea")}),
        ("full house here. 3 kids, Sol 14 and Tam 11 and Ivy 5, all of them loud",
         {("child", "Sol", ""), ("child", "Tam", ""), ("child", "Ivy", ""),
          ("age", "14", "Sol"), ("age", "11", "Tam"), ("age", "5", "Ivy")}),
        ("needs a big boot. our kids are Wren and Otis, 9 and 4, so mud everywhere",
         {("child", "Wren", ""), ("child", "Otis", ""), ("age", "9", "Wren"), ("age", "4", "Otis")}),
        ("kids are 10 and 6, Jude and Pia, and they want a trampoline",
         {("child", "Jude", ""), ("child", "Pia", ""), ("age", "10", "Jude"), ("age", "6", "Pia")}),
    ],
)
def test_each_child_named_in_a_list_is_a_value_of_its_own(text: str, told: set[tuple[str, str, str]]) -> None:
    assert told <= _said(text)


def test_ages_that_do_not_pair_with_the_names_are_left_alone() -> None:
    said = _said("our two boys Kofi and Yaw, 12, 9 and 4 are the ages of the cousins")
    assert ("son", "Kofi", "") in said
    assert not {f for f in said if f[0] == "age" and f[2] in ("Kofi", "Yaw")}


@pytest.mark.parametrize(
    "text",
    [
        "the boys Tom and Ben from next door came round",  # whose boys is not said
        "three kids, Ann and Lou, came to the party",  # the count says the names are not all of them
        "the twins Dee and Dom were at the match",
    ],
)
def test_children_of_no_one_said_are_no_children(text: str) -> None:
    assert not {f for f in _said(text) if f[0] in ("son", "daughter", "child")}


# -- one child, by chat's words or an age aside ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("my little girl Maisie is 4 and already bossier than me", {("daughter", "Maisie", ""),
                                                                   ("age", "4", "Maisie")}),
        ("our young fella Cal is staying with his nan till june", {("son", "Cal", "")}),
        ("my eldest Ines is 12 and wants a phone", {("child", "Ines", ""), ("age", "12", "Ines")}),
        ("elder one Dev has board exams. small one Tara is 7", {("child", "Dev", ""), ("child", "Tara", ""),
                                                               ("age", "7", "Tara")}),
        ("my boy Rory is my apprentice now", {("son", "Rory", "")}),
        ("mi daughter Shona want fi study law in london", {("daughter", "Shona", "")}),
        ("my son Sol (he's 8) wants a dog for his birthday", {("son", "Sol", ""), ("age", "8", "Sol")}),
        ("Rudi (my 7yo) has football on saturdays", {("child", "Rudi", ""), ("age", "7", "Rudi")}),
        ("Bethan (my wife) is due in may", {("wife", "Bethan", "")}),
        ("Tess (our youngest) starts school tomorrow", {("child", "Tess", "")}),
    ],
)
def test_a_child_or_spouse_named_as_chat_names_them(text: str, told: set[tuple[str, str, str]]) -> None:
    assert told <= _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "yes my girl, she's up there working",  # a way of speaking to someone, no daughter
        "the meeting (room 4) is at three",
        "tell me daughter she can come round",  # no name follows
        "my eldest sister Vera is visiting",  # a sister, not a child
        "the little one already has a best friend",  # no name
    ],
)
def test_no_child_is_read_from_words_alone(text: str) -> None:
    assert not {f for f in _said(text) if f[0] in ("son", "daughter", "child", "age")}


# -- an appointment is no job ---------------------------------------------------------------


def test_the_one_booked_for_a_pet_is_no_job_of_the_speakers() -> None:
    said = _turn("remind me: groomer for Biscuit on friday at 4, his coat is a mess")
    assert ("Kim", "appointment", "groomer") in said
    assert not [s for s in said if s[1] in ("job_title", "employer")]


def test_a_title_told_for_a_workplace_is_still_a_job() -> None:
    said = _turn("groomer for Pawfect Paws, mostly weekends")
    assert ("Kim", "job_title", "groomer") in said


# -- the spouse as "the wife" ---------------------------------------------------------------


def test_the_wife_named_is_the_speakers_wife() -> None:
    said = _turn("the wife Carys says I need a hobby, so here I am")
    assert ("Kim", "wife", "Carys") in said


def test_the_wife_and_what_she_is() -> None:
    said = _turn("the wife Ffion does the money stuff but she's a midwife at the Royal Gwent")
    assert ("Kim", "wife", "Ffion") in said
    assert ("Ffion", "job_title", "midwife") in said


def test_the_wife_unnamed_says_no_name() -> None:
    assert not [s for s in _turn("the wife says it'll help with the quotes") if s[1] == "wife"]


# -- routines told one after another ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "routines"),
    [
        ("i go to the pool tue thu 7am, and badminton on saturday morning",
         ["pool on Tuesdays and Thursdays", "badminton on Saturdays"]),
        ("i do parkrun every saturday at the common and gym mon/wed after work",
         ["parkrun on Saturdays", "gym on Mondays and Wednesdays"]),
        ("i do yoga on mondays and pottery on thursdays", ["yoga on Mondays", "pottery on Thursdays"]),
    ],
)
def test_each_routine_of_a_list_is_read(text: str, routines: list[str]) -> None:
    assert _routines(text) == routines


def test_an_appointment_after_a_routine_stays_an_appointment() -> None:
    facts = facts_in("gym mondays and the dentist on friday at 3")
    assert [f.value for f in facts if f.attribute == "routine"] == ["gym on Mondays"]
    assert [f.value for f in facts if f.attribute == "appointment"] == ["dentist"]


def test_days_joined_by_and_are_one_routine() -> None:
    said = _routines("i swim mondays and thursdays and sundays")
    assert said == ["swimming on Mondays, Thursdays and Sundays"]


# -- a pronoun after "but" or "so" -----------------------------------------------------------


def test_a_pronoun_after_but_is_the_relative_just_named() -> None:
    said = _turn("my husband jabu says just order in but he's a paramedic not a chef")
    assert ("Jabu", "job_title", "paramedic") in said


def test_a_pronoun_after_so_that_says_no_title_gives_none() -> None:
    said = _turn("my brother Tomas is away so he's a bit lonely")
    assert not [s for s in said if s[1] == "job_title"]
