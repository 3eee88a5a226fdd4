"""The context block's second hop: the query widened by the words its first hits share
(real vault, real packaged model, real FAISS and BM25)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from vaultweave.store.index.keyword import KeywordIndex
from vaultweave.store.index.terms import keyword_tokens
from vaultweave.weaver.recall import api
from vaultweave.weaver.recall.feedback import below_first, feedback_terms, widened
from vaultweave.weaver.recall.hits import Hit
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def turn(turn_id: str, text: str, score: float = 1.0) -> Hit:
    return Hit("turn", turn_id, text, score, ts=datetime(2026, 1, 5, 10, tzinfo=timezone.utc), speaker="Maya")


def test_idf_is_bm25s_weight_of_a_token() -> None:
    docs = [tuple(keyword_tokens(t)) for t in ("my dog runs", "my cat sleeps", "my dog barks", "rain")]
    index = KeywordIndex.build(docs)
    dog, cat, unknown = index.idf(["dog", "cat", "zebra"])
    assert cat > dog > 0.0 and unknown == 0.0
    assert KeywordIndex.build([]).idf(["dog"]) == [0.0]


def test_feedback_terms_are_the_rare_words_of_the_first_hits() -> None:
    idf_of = {"hom": 2.0, "country": 2.0, "friend": 0.5, "sweden": 3.0, "lucky": 1.0}

    def idf(words: list[str]) -> list[float]:
        return [idf_of.get(w, 0.1) for w in words]

    hits = [
        turn("r1", "I'm lucky to have friends since I moved from my home country.", 1.0),
        Hit("digest", "digests/weeks/2026-w02.md", "[2026-01-05] Maya: Sweden Sweden", 0.9),
        turn("r2", "My home country has long winters.", 0.5),
        turn("r3", "Sweden!", 0.4),
    ]
    # keyword stems; the query's own words and the digest are left out; r3 is past the first two
    assert feedback_terms("Where did Maya move from?", hits, idf, 2, 3) == ["hom", "country", "lucky"]
    assert feedback_terms("Where did Maya move from?", hits, idf, 3, 1) == ["hom"]
    assert feedback_terms("Where did Maya move from?", hits, idf, 0, 3) == []
    assert widened("Where?", ["home", "country"]) == "Where? home country"
    assert widened("Where?", []) == "Where?"


def test_second_hits_go_below_the_first_ones_each_once() -> None:
    first = [turn(f"a{n}", "x") for n in range(4)]
    second = [turn("a0", "x"), turn("b1", "y"), turn("a3", "x"), turn("b2", "y")]
    merged = below_first(first, second, 2)
    assert [h.id for h in merged] == ["a0", "a1", "b1", "a3", "b2", "a2"]
    assert [h.id for h in below_first(first, [], 2)] == ["a0", "a1", "a2", "a3"]


def moves(vault: Vault) -> None:
    lines = [
        "I moved here from my home country.",
        "We had pasta for dinner and watched a film about sharks.",
        "The weather turned cold and the garden needs work before spring.",
        "Work was busy, three meetings back to back and a long commute.",
        "This necklace is special, a gift from my grandma in my home country, Sweden.",
        "I bought new running shoes and tried them in the park.",
    ]
    for day, text in enumerate(lines, start=5):
        say(vault, text, f"2026-01-{day:02d}T10:00:00Z")
    vault.weave()


def test_context_brings_what_the_first_hits_point_to(make_vault: Callable[..., Vault]) -> None:
    settings = (
        "[context]\nrecall_k = 2\ndigest_k = 0\nexcerpt_tokens = 0\nfeedback_hits = 1\nfeedback_after = 1\n"
    )
    query = "Where did Maya move from?"
    vault = make_vault(config=settings)
    moves(vault)
    first = api.search(vault, query, k=api.context_pool(vault))
    assert "moved here from my home country" in first[0].text
    assert "Sweden" not in " ".join(h.text for h in first[:2])  # one hop does not reach it
    hits = api.with_feedback(vault, query, first)
    # the first hit stays first; the second search's best new hit comes right after it
    assert hits[0].id == first[0].id and "Sweden" in hits[1].text
    block = vault.context(query, budget_tokens=1500)
    assert "moved here from my home country" in block.text and "Sweden" in block.text
    for budget in (20, 60, 1500):
        assert vault.context(query, budget_tokens=budget).tokens <= budget

    off = make_vault("off", config=settings + "feedback_terms = 0\n")
    moves(off)
    assert "Sweden" not in off.context(query, budget_tokens=1500).text
