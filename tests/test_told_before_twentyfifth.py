"""The value a change came from, named beside the new one ("moved up to Dublin from Cork in
January", "before that 4 years at Mr Price", "之前在饿了么 现在跳到美团了"): ended when the new
one began, whether the vault held it or not. Each with what must stay unread."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held


def _ended(text: str, attribute: str) -> list[tuple[str, str, str]]:
    facts = facts_in(text)
    return [(f.value, f.when, f.about) for f in facts if f.attribute == attribute and f.op is Op.RETRACT]


@pytest.mark.parametrize(
    ("text", "old", "when"),
    [
        ("moved up to Dublin from Cork in January for it, still not over the rent", "Cork", "January"),
        ("I moved in Toronto in february from Montreal and the wind here is something else", "Montreal",
         "february"),
        ("we relocated to Leeds from Sheffield last month, the commute is way better", "Sheffield",
         "last month"),
    ],
)
def test_the_home_a_move_came_from_is_ended(text: str, old: str, when: str) -> None:
    assert (old, when, "") in _ended(text, "lives_in")


@pytest.mark.parametrize(
    ("text", "old"),
    [
        ("since 1 May I'm IT support tech at Netcare, before that 4 years at Mr Price head office",
         "Mr Price"),
        ("之前在饿了么跑 现在跳到美团了", "饿了么"),
        ("以前在华为 现在在小米做硬件", "华为"),
    ],
)
def test_the_employer_before_a_new_one_is_ended(text: str, old: str) -> None:
    assert old in [value for value, _, _ in _ended(text, "employer")]


def test_the_one_before_is_of_the_person_the_move_is_of() -> None:
    assert ("York", "", "sister") in _ended("my sister moved to Leeds from York", "lives_in")
    assert not [v for v, _, about in _ended("my sister moved to Leeds from York", "lives_in") if not about]


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("I came home from work and I live in Leeds now", "lives_in"),  # no move "from" a town
        ("I live in Leeds, I'm from Sheffield originally", "lives_in"),  # a home town, not a move
        ("I work at KPMG, previously I was a student", "employer"),  # no employer before
        ("我在美团上班 之前的事不提了", "employer"),
    ],
)
def test_nothing_is_ended_without_a_value_before(text: str, attribute: str) -> None:
    assert _ended(text, attribute) == []


def test_a_home_the_vault_never_held_is_kept_as_history(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "ya I'm a backend dev at Stripe. moved up to Dublin from Cork in January for it",
        "2026-02-12T21:00:00Z")
    vault.weave(extractor=RulesExtractor())
    homes = {i.value: i for i in vault.loaded_items().values() if i.attribute == "lives_in"}
    assert homes["Dublin"].is_current and not homes["Cork"].is_current
    ended = homes["Cork"].valid_to
    assert ended is not None and datetime(2026, 1, 1, tzinfo=timezone.utc) <= ended <= datetime(
        2026, 2, 1, tzinfo=timezone.utc)


def test_an_employer_held_is_ended_by_the_one_named_after_it(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "我在饿了么送外卖 冬天太冷了", "2026-01-05T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, "跟你说 之前在饿了么跑 现在跳到美团了", "2026-02-12T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert values_held(vault, "employer") == [("美团", True), ("饿了么", False)]
