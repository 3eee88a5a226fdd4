"""A weekly routine told on its new days the way people say it: someone else's ("my son's
swimming is on fridays now"), one day said with "now" ("padel is saturday now"), and
Chinese 改 before the day ("外教课从这周起改周五了"). None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held


def routines(text: str) -> set[tuple[str, str, str]]:
    return {(f.about, f.name, f.value) for f in facts_in(text)
            if f.attribute == "routine" and f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my son's swimming is on fridays now", {("son", "", "swimming on Fridays")}),
        ("my daughter Ama's netball moved to thursdays", {("daughter", "Ama", "netball on Thursdays")}),
        ("squash is tuesday now, the court got rebooked", {("", "", "squash on Tuesdays")}),
        ("羽毛球以后改周六了", {("", "", "羽毛球 每周六")}),
        ("吉他课从下周起改周日了", {("", "", "吉他 每周日")}),
    ],
)
def test_a_routine_told_on_its_new_days_is_read(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert routines(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the dentist is friday now",  # one appointment, not a week's
        "one of the guys works fridays now",  # someone else's week
        "my mum's at the shops on mondays",  # where she is, not a routine of hers
    ],
)
def test_what_is_not_a_routine_of_the_speaker_or_theirs_stays_out(text: str) -> None:
    assert not routines(text)


def test_a_routine_said_on_one_new_day_ends_the_old_days(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "i play padel with the lads every thursday", "2026-01-08T19:00:00Z")
    say(vault, "padel is sunday now, one of them moved", "2026-02-12T19:00:00Z")
    vault.weave_all()
    assert values_held(vault, "routine") == [("padel on Sundays", True), ("padel on Thursdays", False)]
