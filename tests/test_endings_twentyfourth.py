"""Endings and replacements as chat tells them: a couple's end typed in lower case after a
filler ("also marco and i broke up", "fraser and me called it quits"), a newcomer in a role
("new manager is some rahul": the one before ends), and a routine ended by a long reference
("周二周四周六的跑步全停了", "台北那間健身房也沒再去了"). Each with what must stay unread."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def _ended(text: str, attribute: str) -> set[str]:
    return {f.value for f in facts_in(text) if f.attribute == attribute and f.op is Op.RETRACT}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("also dario and i broke up last month, the distance won", "Dario"),
        ("long week but me n kofi split up on sunday", "Kofi"),
        ("so priya and me called it quits back in april", "Priya"),
    ],
)
def test_a_couples_end_typed_in_lower_case_ends_the_partner(text: str, name: str) -> None:
    assert name in _ended(text, "partner")


def test_a_couples_end_told_later_ends_the_partner_held(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my boyfriend Callum is a joiner", "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, "bit of a weird one but me n callum split up in january", "2026-02-20T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert ("Callum", False) in _held(vault, "boyfriend")
    assert not [i for i in vault.loaded_items().values() if i.attribute == "boyfriend" and i.is_current]


@pytest.mark.parametrize(
    "text",
    ["long story but mum and me split the cost", "me and the lads split up the bill at the pub",
     "also dad and i went fishing"],
)
def test_no_couple_no_ending(text: str) -> None:
    assert not _ended(text, "partner")


def _held(vault: Vault, *attributes: str) -> list[tuple[str, bool]]:
    return sorted((i.value, i.is_current) for i in vault.loaded_items().values() if i.attribute in attributes)


def test_a_newcomer_in_a_role_replaces_the_one_before(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my boss is Deirdre", "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, "deirdre retired!! new manager is some tomasz from the warsaw office", "2026-02-20T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert _held(vault, "manager", "boss") == [("Deirdre", False), ("Tomasz", True)]


@pytest.mark.parametrize(
    "text", ["new manager is lovely tbh", "new boss is nice", "my new flatmate is starting next week"]
)
def test_what_is_said_of_a_newcomer_is_no_name(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute in ("manager", "boss", "flatmate", "roommate")]


@pytest.mark.parametrize(
    ("first", "later", "ended"),
    [
        ("我每周二周四周六晚上去跑步", "脚踝扭了 周二周四周六的跑步全停了 烦", "跑步"),
        ("我每週一三去台北的健身房", "搬去台中了 台北那間健身房也沒再去了", "健身房"),
    ],
)
def test_a_routine_ended_by_a_long_reference_ends(
    make_vault: Callable[..., Vault], first: str, later: str, ended: str
) -> None:
    vault = make_vault()
    say(vault, first, "2026-02-02T09:00:00Z")
    say(vault, later, "2026-02-20T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    named = [current for value, current in _held(vault, "routine") if ended in value]
    assert named and not any(named)


def test_a_routine_only_planned_to_stop_goes_on(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "我每周二周四周六晚上去跑步", "2026-02-02T09:00:00Z")
    say(vault, "要是膝盖再疼 周二周四的跑步就全停了", "2026-02-20T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert all(current for _, current in _held(vault, "routine"))


@pytest.mark.parametrize(
    ("first", "later", "attribute", "value"),
    [
        ("I drive a Toyota Yaris", "no need for the parking permit now, sold the yaris on sunday", "car",
         "Toyota Yaris"),
        ("I live in Accra.", "finally packed out of accra, the quiet here at night is strange", "lives_in",
         "Accra"),
        ("我开一辆大众朗逸", "朗逸上周卖掉了 现在天天挤地铁", "car", "大众朗逸"),
    ],
)
def test_a_value_named_beside_a_word_that_only_ends_is_ended(
    make_vault: Callable[..., Vault], first: str, later: str, attribute: str, value: str
) -> None:
    vault = make_vault()
    say(vault, first, "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, later, "2026-02-22T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    ended = [i for i in vault.loaded_items().values() if i.attribute == attribute and i.value == value]
    assert ended and not ended[0].is_current and not ended[0].doubt and ended[0].valid_to is not None


def test_an_ending_by_name_ends_the_title_told_with_the_employer(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I drive for Bolt on weekends, a Bolt driver for two years now", "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, "tax stuff: i ain't drivin bolt no more as of this month", "2026-02-22T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    held = _held(vault, "employer", "job_title")
    assert held and not [value for value, current in held if current]


@pytest.mark.parametrize(
    "later",
    [
        "might sell the yaris next month, insurance is mad",  # planned
        "my brother sold his yaris on sunday",  # someone else's
        "if i sold the yaris could i afford the flat?",  # supposed
    ],
)
def test_an_ending_planned_supposed_or_someone_elses_ends_nothing(
    make_vault: Callable[..., Vault], later: str
) -> None:
    vault = make_vault()
    say(vault, "I drive a Toyota Yaris", "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, later, "2026-02-22T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert ("Toyota Yaris", True) in _held(vault, "car")
