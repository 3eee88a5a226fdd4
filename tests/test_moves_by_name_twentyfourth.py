"""Moves by name: a later turn that moves a class or an appointment to another time and
names it only by a word of it ("had to switch yoga to mondays", "the checkup got pushed to
the 20th", "周四那节改到周六了") moves the routine or appointment the vault holds: the old
one is superseded as a reschedule, the new one keeps the old name. Nothing held named,
a move asked or supposed, or someone else's class moves nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest
from vaultweave.store.item import Item
from vaultweave.weaver.extract.base import MOVED
from vaultweave.weaver.extract.moves import moves_in
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def _told_then(make_vault: Callable[..., Vault], first: str, later: str, later_at: str) -> Vault:
    vault = make_vault()
    say(vault, first, "2026-02-02T09:00:00Z")  # a Monday
    vault.weave(extractor=RulesExtractor())
    say(vault, later, later_at)
    vault.weave(extractor=RulesExtractor())
    return vault


def _of(vault: Vault, attribute: str) -> list[Item]:
    held = [i for i in vault.loaded_items().values() if i.attribute == attribute]
    return sorted(held, key=lambda i: i.value)


def _current(vault: Vault, attribute: str) -> list[str]:
    return [i.value for i in _of(vault, attribute) if i.is_current]


@pytest.mark.parametrize(
    ("first", "later", "before", "after"),
    [
        ("I do yoga every tuesday and thursday evening", "work changed my shifts so had to switch yoga to "
         "mondays and wednesdays", "yoga on Tuesdays and Thursdays", "yoga on Mondays and Wednesdays"),
        ("我每周二和周四去打羽毛球", "球馆装修 羽毛球只好改到周六了", "羽毛球 每周二和周四", "羽毛球 每周六"),
    ],
)
def test_a_routine_named_by_its_activity_moves_to_the_new_days(
    make_vault: Callable[..., Vault], first: str, later: str, before: str, after: str
) -> None:
    vault = _told_then(make_vault, first, later, "2026-02-20T18:00:00Z")
    assert _current(vault, "routine") == [after]
    old = next(i for i in _of(vault, "routine") if i.value == before)
    assert not old.is_current
    assert old.valid_to == datetime.fromisoformat("2026-02-20T18:00:00+00:00")


@pytest.mark.parametrize(
    ("first", "later", "after"),
    [
        ("我每周三和周五去上舞蹈课", "舞蹈老师排课变了 周五那节挪到周日了 周三不变", "舞蹈课 每周三周日"),
        ("I do yoga every tuesday and thursday evening",
         "the thursday yoga got moved to saturdays, tuesday same", "yoga on Tuesdays and Saturdays"),
    ],
)
def test_only_the_old_day_the_move_names_moves(
    make_vault: Callable[..., Vault], first: str, later: str, after: str
) -> None:
    vault = _told_then(make_vault, first, later, "2026-02-20T18:00:00Z")
    assert _current(vault, "routine") == [after]


def test_an_appointment_named_by_a_word_of_it_moves_and_keeps_its_name_and_hour(
    make_vault: Callable[..., Vault],
) -> None:
    later = "ugh the checkup got pushed to the 19th, clinic is short staffed"
    vault = _told_then(make_vault, "my dental checkup is on feb 12 at 3pm", later, "2026-02-09T08:00:00Z")
    appointments = _of(vault, "appointment")
    current = [i for i in appointments if i.is_current]
    assert [(i.value, i.when) for i in current] == [
        ("dental checkup", datetime.fromisoformat("2026-02-19T15:00:00+00:00"))]
    assert any(not i.is_current and i.when == datetime.fromisoformat("2026-02-12T15:00:00+00:00")
               for i in appointments)


@pytest.mark.parametrize(
    ("first", "later"),
    [
        # nothing held is named
        ("I do yoga every tuesday and thursday evening", "they switched the bin collection to fridays"),
        # asked, supposed
        ("I do yoga every tuesday and thursday evening", "should I move yoga to the weekend?"),
        ("I do yoga every tuesday and thursday evening", "if they move yoga to mondays i'm quitting"),
        ("我每周二和周四去打羽毛球", "如果羽毛球改到周六我就去不了了"),
        # a person moving, not a class
        ("I do yoga every tuesday and thursday evening", "my yoga teacher moved to Lisbon in may"),
    ],
)
def test_a_move_of_nothing_held_or_not_told_as_done_moves_nothing(
    make_vault: Callable[..., Vault], first: str, later: str
) -> None:
    vault = make_vault()
    say(vault, first, "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    held = _current(vault, "routine")
    say(vault, later, "2026-02-20T18:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert _current(vault, "routine") == held


def test_a_move_hands_on_the_words_before_it_and_the_new_time() -> None:
    (move,) = moves_in(["the physio review is postponed to next friday, same time"])
    assert (move.attribute, move.value, move.scheduled) == (MOVED, "the physio review is postponed to",
                                                            "next friday, same time")
    (zh,) = moves_in(["体检改到下周三上午了"])
    assert (zh.value, zh.scheduled) == ("体检改到", "下周三上午")
    assert moves_in(["can we push the review to friday?"]) == []
    assert moves_in(["she moved to Leeds on friday"]) == []
