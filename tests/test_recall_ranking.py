"""Ranking choices measured by bench.retrieval: adaptive keyword keys, fusion, the present."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from vaultweave.store.resources import Resource
from vaultweave.weaver.recall.search import Tuning, about_present, fuse
from vaultweave.weaver.recall.units import SHORT_TURN_WORDS, turn_unit
from vaultweave.weaver.vault import Vault

from tests.conftest import say

MOMENT = datetime(2026, 1, 5, tzinfo=timezone.utc)


def resource(text: str) -> Resource:
    return Resource("resources/a.jsonl#L2", "resources/a.jsonl", 2, text, MOMENT, "user", "Maya", "s1")


def test_short_turns_borrow_the_previous_turn_long_ones_do_not() -> None:
    short = turn_unit(resource("Adoption agencies."), (), "What did you research?")
    assert short.words.startswith("What did you research?") and "Adoption" in short.words
    long_text = " ".join(["word"] * (SHORT_TURN_WORDS + 1))
    long = turn_unit(resource(long_text), (), "What did you research?")
    assert "research" not in long.words
    chinese = turn_unit(resource("我" * 80), (), "你研究了什么？")
    assert "研究" not in chinese.words
    assert "研究" in turn_unit(resource("领养机构。"), (), "你研究了什么？").words


def test_questions_are_about_the_present_unless_they_say_otherwise() -> None:
    assert about_present("Where does Maya work?") and about_present("用户现在住在哪个城市？")
    assert about_present("What car does Leila drive now?")
    for past in (
        "Where did Maya work?",
        "What was her job in 2024?",
        "她以前住在哪里？",
        "When did she move?",
    ):
        assert not about_present(past), past


def test_fusion_rewards_rows_found_by_both_legs() -> None:
    legs = [("dense", 1.0, [1, 2, 3], [0.9, 0.5, 0.4]), ("keyword", 1.0, [3, 4], [7.0, 1.0])]
    for mode in ("rrf", "dbsf"):
        fused, parts = fuse(legs, Tuning(fusion=mode))
        assert set(fused) == {1, 2, 3, 4}
        assert parts[3] == {"dense": 0.4, "keyword": 7.0}
        assert max(fused, key=lambda r: fused[r]) in (1, 3)
    fused, _ = fuse(legs, Tuning())
    assert fused[3] > fused[2] and fused[1] > fused[4]


def test_a_question_about_the_present_ranks_the_update_above_the_original(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    say(vault, "My sister Amara is flying in to stay with us in spring.", "2026-01-05T10:00:00Z")
    for n in range(6):
        say(
            vault,
            f"The weather was grey again on day {n}, rain in the morning.",
            f"2026-01-{n + 6:02d}T10:00:00Z",
        )
    say(
        vault,
        "Change of plan: my other sister Colette is the one flying in to stay in spring.",
        "2026-02-10T10:00:00Z",
    )
    vault.weave()
    now = [h.text for h in vault.search("Which sister is flying in to stay in spring?", k=5, kinds=["turn"])]
    assert now.index(next(t for t in now if "Colette" in t)) < now.index(next(t for t in now if "Amara" in t))
    # as_of still answers from what was said by then
    then = [
        h.text
        for h in vault.search("Which sister is flying in to stay?", k=5, kinds=["turn"], as_of="2026-01-20")
    ]
    assert any("Amara" in t for t in then) and not any("Colette" in t for t in then)
