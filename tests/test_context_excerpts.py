"""Excerpts in the context block: a long turn past the first recalled hits shows only its
sentences nearest the query (real vault, real packaged model, real FAISS and BM25)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from vaultweave.store.embeddings.onnx import count_tokens
from vaultweave.weaver.recall.context import turn_line
from vaultweave.weaver.recall.excerpts import (
    ELLIPSIS,
    pick_sentences,
    plan_excerpts,
    sentences_of,
    shared_keywords,
)
from vaultweave.weaver.recall.hits import Hit
from vaultweave.weaver.vault import Vault

from tests.conftest import say

LONG = (
    "We drove to the coast on Friday after work. "
    "Traffic was terrible the whole way and we got there late. "
    "My dog Biscuit ran straight into the waves and would not come back. "
    "The hotel had lost our booking, so we slept in the car."
)


def turn(turn_id: str, text: str) -> Hit:
    return Hit("turn", turn_id, text, 1.0, ts=datetime(2026, 1, 5, 10, tzinfo=timezone.utc), speaker="Maya")


def test_sentences_split_on_stops_in_latin_and_chinese() -> None:
    assert sentences_of("One.  Two?\nThree! four") == ["One.", "Two?", "Three!", "four"]
    assert sentences_of("我养了一只猫。它叫小白！") == ["我养了一只猫。", "它叫小白！"]


def test_an_excerpt_keeps_the_best_sentences_in_order_and_marks_the_gaps() -> None:
    sentences = sentences_of(LONG)
    scores = [0.0, 0.2, 0.9, 0.1]
    words = pick_sentences(sentences, scores, 20, count_tokens)
    best = "My dog Biscuit ran straight into the waves and would not come back."
    assert words == f"{ELLIPSIS} {best} {ELLIPSIS}"
    both = pick_sentences(sentences, scores, 40, count_tokens)
    # next best that fits: the second; the last is skipped for the budget, the first fits
    assert both == (
        "We drove to the coast on Friday after work. Traffic was terrible the whole way and we got "
        f"there late. My dog Biscuit ran straight into the waves and would not come back. {ELLIPSIS}"
    )
    # the best sentence stays even when it alone is over the limit
    assert "Biscuit" in pick_sentences(sentences, scores, 3, count_tokens)


def test_plan_keeps_the_first_hits_and_short_turns_whole() -> None:
    hits = [
        turn("r1", LONG),
        Hit("item", "i1", "Maya has a dog named Biscuit.", 1.0, sources=("r1",)),
        turn("r2", LONG.replace("Biscuit", "Pickle")),
        turn("r3", "Short and sweet. Two sentences."),
        turn("r4", "One very long sentence " + "and more " * 40),
    ]
    plan = plan_excerpts("Where did the dog run?", hits, 24, count_tokens, shared_keywords, whole=2)
    # r1 is among the first two facts and turns; r3 fits; r4 has one sentence only
    assert set(plan) == {"r2"}
    assert "Pickle ran straight into the waves" in plan["r2"] and ELLIPSIS in plan["r2"]
    assert count_tokens(plan["r2"]) <= 24
    assert plan_excerpts("dog", hits, 0, count_tokens, shared_keywords) == {}
    assert turn_line(hits[2], plan["r2"]).startswith(f"- 10:00 Maya: {ELLIPSIS} My dog Pickle")
    assert turn_line(hits[2]).endswith("slept in the car.")


def trips(vault: Vault) -> None:
    for day, place in enumerate(("coast", "lake", "desert", "forest"), start=5):
        say(
            vault,
            f"We went to the {place} on Saturday. The weather was grey and cold all day. "
            f"My dog Biscuit loved the {place} and ran around for hours. "
            "Afterwards we ate at a small diner, which was fine but nothing special.",
            f"2026-01-{day:02d}T10:00:00Z",
        )
    vault.weave()


def test_context_shows_later_long_turns_as_excerpts(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault(config="[context]\nexcerpt_after = 1\nexcerpt_tokens = 24\n")
    trips(vault)
    query = "Where did Biscuit the dog run around for hours?"
    block = vault.context(query, budget_tokens=1500)
    turns = [line for line in block.text.splitlines() if line.startswith("- 10:00 Maya:")]
    assert len(turns) == 4 and block.turns == 4 and len(block.sources) >= 4
    cut = [line for line in turns if ELLIPSIS in line]
    assert len(cut) >= 3  # at most the first hit whole, the later ones in part
    assert all("ran around for hours" in line and "diner" not in line for line in cut)
    for budget in (30, 60, 120, 240, 1500):
        assert vault.context(query, budget_tokens=budget).tokens <= budget

    whole = make_vault("whole", config="[context]\nexcerpt_tokens = 0\n")
    trips(whole)
    text = whole.context(query, budget_tokens=1500).text
    assert ELLIPSIS not in text and text.count("diner") == 4
