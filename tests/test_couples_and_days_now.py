"""A couple's news told the short way, and a routine's new days told alone, read through the
real extractor over turns of one conversation.

- "so tom and I broke up. he kept the flat": the partner ends, and the pronoun said as "my
  boyfriend Tom" does not tell him again;
- "we got married on saturday" after "my girlfriend Priya": Priya is the spouse now;
- "just mondays now" after a routine on two days: the routine, on its new days.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor

_START = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)


def _said(*turns: str) -> list[tuple[str, str, str, Op]]:
    """(turn id, attribute, value, op) of the speaker's own facts, turns a day apart."""
    resources = [
        Resource(id=f"r{k}", path="conversation.jsonl", line=k + 1, text=text, ts=_START + timedelta(days=k),
                 role="user", speaker="Ana", session="s1")
        for k, text in enumerate(turns)
    ]
    read = RulesExtractor().extract(resources)
    return [(c.source, c.attribute, c.value, c.op) for c in read if c.subject == "Ana"]


def _facts(*turns: str) -> list[tuple[str, str, Op]]:
    return [(a, v, op) for _, a, v, op in _said(*turns)]


def test_a_breakup_named_after_so_ends_the_partner_and_the_pronoun_tells_him_not_again() -> None:
    said = _said("my boyfriend tom says our flat is too small",
                 "so tom and I broke up. he kept the flat, i'm fine")
    assert ("r1", "boyfriend", "Tom", Op.RETRACT) in said
    assert ("r1", "boyfriend", "Tom", Op.ASSERT) not in said


def test_a_wedding_without_a_name_makes_the_girlfriend_named_before_the_spouse() -> None:
    facts = _facts("my girlfriend priya loves pottery, any gift ideas",
                   "guess what, we got married on saturday!!")
    assert ("spouse", "Priya", Op.ASSERT) in facts
    assert ("girlfriend", "Priya", Op.RETRACT) in facts


def test_a_wedding_to_come_or_asked_about_changes_nobody() -> None:
    for later in ("we're getting married in june, help me plan", "when did we get married, 2019?"):
        facts = _facts("my girlfriend priya loves pottery, any gift ideas", later)
        assert not [f for f in facts if f[0] == "spouse" or f[2] is Op.RETRACT], later


def test_a_wedding_with_two_partners_told_names_nobody() -> None:
    facts = _facts("my girlfriend priya loves pottery", "my boyfriend sam loves chess",
                   "we got married in the spring")
    assert not [f for f in facts if f[0] == "spouse"]


def test_days_said_alone_move_the_routine_told_before() -> None:
    facts = _facts("i go to pottery class mondays and thursdays after work",
                   "dropped the thursday one. just mondays now")
    assert ("routine", "pottery class on Mondays", Op.ASSERT) in facts


def test_days_said_alone_that_are_not_a_weeks_or_not_a_routines_move_nothing() -> None:
    for later in ("i'm free tuesdays now so we can meet", "just tuesday"):
        facts = _facts("i go to pottery class mondays and thursdays after work", later)
        assert [f for f in facts if f[0] == "routine"] == [
            ("routine", "pottery class on Mondays and Thursdays", Op.ASSERT)], later
        assert not [f for f in facts if f[0] == "appointment"], later  # "just tuesday" books nothing
