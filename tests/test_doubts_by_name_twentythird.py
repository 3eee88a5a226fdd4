"""Doubts by name: a later turn that names a current value beside a word of change ("sold
the golf last weekend", "飞度上个月卖掉了"), in words no rule reads as an ending, flags that
value as possibly outdated; nothing is ended, and someone else's change, a supposition, a
value told anew or a value just told raise nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.value_match import mentioned
from vaultweave.weaver.vault import Vault

from tests.conftest import say

GOLF = "I drive a VW Golf, 2015 model."


def _told_then(make_vault: Callable[..., Vault], first: str, later: str, *, days: int = 20) -> Vault:
    vault = make_vault()
    say(vault, first, "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, later, f"2026-02-{2 + days:02d}T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    return vault


def _held(vault: Vault, attribute: str) -> list[tuple[str, bool, bool]]:
    """(value, current, doubted) of every fact of ``attribute``."""
    return sorted((i.value, i.is_current, bool(i.doubt)) for i in vault.loaded_items().values()
                  if i.attribute == attribute)


@pytest.mark.parametrize(
    ("first", "later", "attribute", "value"),
    [
        (GOLF, "nae need for the insurance lol, thinking of selling the golf", "car", "VW Golf"),
        ("I live in Lagos.", "big gist!! thinking of packing out of lagos, the noise is mad",
         "lives_in", "Lagos"),
        ("我开一辆本田飞度", "飞度可能要卖掉了 现在骑电动车上班", "car", "本田飞度"),
        # weighed or hedged beside the value's name
        ("I do pottery on weekends, it's my thing", "idk if i'll keep up the pottery tbh, prices went up",
         "routine", "pottery on Saturdays and Sundays"),
        ("我是做自媒体的", "这个月流量断崖式下跌 都在想自媒体还要不要继续搞了", "job_title", "自媒体"),
        # an ending the rules read that ends nothing held: the routine it names is in doubt
        ("I go swimming every tuesday and friday morning", "update: dropped the tuesday swim, cant wake up",
         "routine", "swimming on Tuesdays and Fridays"),
    ],
)
def test_a_value_named_beside_a_word_of_change_is_doubted_and_kept(
    make_vault: Callable[..., Vault], first: str, later: str, attribute: str, value: str
) -> None:
    vault = _told_then(make_vault, first, later)
    assert (value, True, True) in _held(vault, attribute)


@pytest.mark.parametrize(
    ("first", "later", "attribute"),
    [
        # someone else's change, a supposition, a question
        (GOLF, "my sister sold her golf last weekend", "car"),
        (GOLF, "if i sold the golf could i afford a bike?", "car"),
        ("I live in Lagos.", "have you ever moved out of lagos?", "lives_in"),
        # a word of change that is not beside the value
        (GOLF, "we moved the sofa into the spare room; the golf needs a wash", "car"),
        # a partner weighing her own move; a kind of pet is no pet's name
        ("我住在武汉", "女朋友在纠结要不要留武汉 她拿了深圳的offer", "lives_in"),
        ("we have a cat named Luna", "thinking of getting a second cat lol", "pet"),
        # the value said to stand, or told anew by the turn (so not in doubt in another attribute)
        ("I work at Concentrix as a team lead", "moved desks again lol, still concentrix tho", "employer"),
        ("I'm learning Arabic, class is on tuesdays", "arabic moved to thursdays from this week", "learning"),
        # the new value told with it: an update, no doubt
        ("I live in Lagos.", "packed out of lagos last week, we live in Ibadan now", "lives_in"),
    ],
)
def test_others_changes_suppositions_and_new_values_raise_no_doubt(
    make_vault: Callable[..., Vault], first: str, later: str, attribute: str
) -> None:
    vault = _told_then(make_vault, first, later)
    assert not any(doubted for _, _, doubted in _held(vault, attribute))


def test_the_words_doubt_the_value_they_name_most_of(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I live in London and I work at London Zoo", "2026-02-02T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    say(vault, "ugh idk if london is for me, the rent is mad", "2026-02-22T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert _held(vault, "lives_in") == [("London", True, True)]
    assert _held(vault, "employer") == [("London Zoo", True, False)]


def test_a_value_named_right_after_it_was_told_is_not_doubted(make_vault: Callable[..., Vault]) -> None:
    vault = _told_then(make_vault, GOLF, "might have sold the golf by summer lol", days=1)
    assert _held(vault, "car") == [("VW Golf", True, False)]


def test_the_doubt_shows_where_an_agent_reads(make_vault: Callable[..., Vault]) -> None:
    vault = _told_then(make_vault, GOLF, "idk if i'll keep the golf, the insurance went up again")
    assert "possibly outdated" in vault.context("What car does Maya drive?").text


@pytest.mark.parametrize(
    ("stored", "words", "named"),
    [
        ("VW Golf", "sold the golf last", True),
        ("swimming on Tuesdays, Fridays", "dropped the tuesday swim cannot", True),
        ("swimming on Tuesdays, Fridays", "dropped the tuesday yoga", False),  # a day names nothing
        ("Mercy Hospital", "left the hospital early today", False),  # nor does a kind of place
        ("深圳市宝安区", "从宝安 到南山了", True),
        ("瑜伽 每周二", "周二 不去了", False),
    ],
)
def test_what_names_a_value(stored: str, words: str, named: bool) -> None:
    assert mentioned(stored, words) is named
