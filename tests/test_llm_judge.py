"""Conflict judgement: narrowing is pure and bounded; the model decides only ambiguous pairs."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from datetime import datetime, timezone

import pytest
from vaultweave.store.item import Item, Status
from vaultweave.weaver.extract.base import Candidate
from vaultweave.weaver.llm.judge import narrow, related
from vaultweave.weaver.vault import Vault

from tests.conftest import say
from tests.llm_server import ScriptedLLM, Staged, data_of, ok, stage_of, vault_toml

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
T1 = datetime(2026, 2, 1, tzinfo=timezone.utc)


def item(id_: str, attribute: str, value: str, subject: str = "Maya") -> Item:
    return Item(
        id=id_,
        subject=subject,
        attribute=attribute,
        value=value,
        text=f"{subject} {attribute} {value}.",
        category="x",
        kind="fact",
        valid_from=T0,
        observed_at=T0,
    )


def candidate(attribute: str, value: str, subject: str = "Maya", source: str = "r.jsonl#L9") -> Candidate:
    return Candidate(subject, attribute, value, f"{subject} {attribute} {value}.", "x", "fact", source, T1)


def test_narrowing_leaves_same_key_single_valued_conflicts_to_the_rules() -> None:
    existing = {
        "a": item("a", "lives_in", "Berlin"),
        "b": item("b", "employer", "Acme"),
        "c": item("c", "likes", "tea"),
        "d": item("d", "employer", "Other", subject="Ana"),
        "e": item("e", "pet", "a cat"),
    }
    result = narrow(
        [
            candidate("lives_in", "Lisbon"),
            candidate("job_title", "founder"),
            candidate("likes", "green tea"),
        ],
        existing,
        per_candidate=3,
        max_pairs=10,
    )
    pairs = {(p.candidate.attribute, p.existing.id) for p in result.pairs}
    # lives_in vs lives_in: the rules supersede, no call. job_title ~ employer (same family,
    # same subject only). likes vs likes with another value: ambiguous. pet: unrelated.
    assert pairs == {("job_title", "b"), ("likes", "c")}
    assert result.rule_decisions == 1
    again = narrow([candidate("employer", "Acme")], existing, per_candidate=3, max_pairs=10)
    assert again.pairs == () and again.rule_decisions == 1  # a restatement is never judged
    assert [p.index for p in result.pairs] == [0, 1]


def test_narrowing_is_bounded() -> None:
    existing = {f"i{n}": item(f"i{n}", "likes", f"thing {n}") for n in range(50)}
    existing["other"] = item("other", "likes", "jazz")  # no word in common: never paired
    many = [candidate("likes", f"new thing {n}", source=f"r.jsonl#L{n}") for n in range(20)]
    result = narrow(many, existing, per_candidate=2, max_pairs=7)
    assert len(result.pairs) == 7
    assert result.dropped_pairs == 20 * 2 - 7


def test_optional_similarity_widens_the_net() -> None:
    existing = {"p": item("p", "pet", "a dog named Rex")}
    new = [candidate("note", "walks Rex every morning")]
    assert narrow(new, existing, per_candidate=3, max_pairs=5).pairs == ()
    close = narrow(new, existing, per_candidate=3, max_pairs=5, similarity=lambda a, b: 0.9, threshold=0.8)
    assert len(close.pairs) == 1


def test_related_attributes() -> None:
    assert related("employer", "job_title") and related("favourite_food", "likes")
    assert not related("lives_in", "employer")


def test_model_verdicts_are_recorded_on_the_items(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("extract", "judge")))
    say(vault, "I work at Acme. I like hiking.", "2026-01-05T10:00:00Z")
    vault.weave()
    assert not any(stage_of(r) == "judge" for r in server.requests)  # nothing to compare yet

    rid = say(
        vault,
        "I quit and founded Sunbeam; weekends are for mountain hikes.",
        "2026-02-10T10:00:00Z",
    )
    staged.push(
        "extract",
        ok(
            {
                "facts": [
                    {
                        "turn": rid,
                        "subject": "Maya",
                        "attribute": "job_title",
                        "value": "founder of Sunbeam",
                    },
                    {"turn": rid, "subject": "Maya", "attribute": "hobby", "value": "hiking"},
                ]
            }
        ),
    )

    def judge(request: object) -> object:
        pairs = data_of(request)["pairs"]  # type: ignore[arg-type]
        verdicts = {"employer": "supersedes", "likes": "duplicate"}
        return ok(
            {
                "decisions": [
                    {
                        "pair": p["pair"],
                        "verdict": verdicts[p["existing"]["attribute"]],
                        "reason": "left Acme to found Sunbeam",
                    }
                    for p in pairs
                ]
                + [{"pair": 99, "verdict": "supersedes", "reason": "not offered"}]
            }
        )

    staged.push("judge", judge)  # type: ignore[arg-type]
    report = vault.weave()

    (acme,) = [i for i in vault.items(status="all") if i.attribute == "employer"]
    (founder,) = [i for i in vault.items(status="all") if i.attribute == "job_title"]
    assert acme.status is Status.HISTORICAL
    assert acme.superseded_by == founder.id and founder.supersedes == (acme.id,)
    assert acme.valid_to == founder.valid_from
    assert "left Acme to found Sunbeam" in acme.status_reason and "(model)" in acme.status_reason
    (hiking,) = [i for i in vault.items(status="all") if i.attribute in ("likes", "hobby")]
    assert hiking.attribute == "likes" and rid in hiking.sources  # duplicate: reinforced
    message = subprocess.run(
        ["git", "-C", str(vault.root), "log", "-1", "--format=%B"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "1 superseded (employer: Acme -> founder of Sunbeam)" in message
    assert "LLM-Judge: 2 pairs by the model" in message
    assert report.commit


def test_conflict_keeps_both_and_links_them(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("extract", "judge")))
    say(vault, "I like coffee.", "2026-01-05T10:00:00Z")
    vault.weave()
    rid = say(vault, "Coffee makes me ill.", "2026-02-10T10:00:00Z")
    staged.push(
        "extract",
        ok({"facts": [{"turn": rid, "subject": "Maya", "attribute": "likes", "value": "decaf coffee"}]}),
    )
    staged.push("judge", ok({"decisions": [{"pair": 0, "verdict": "conflict", "reason": "unclear"}]}))
    vault.weave()
    likes = {i.value: i for i in vault.items() if i.attribute == "likes"}
    assert set(likes) == {"coffee", "decaf coffee"}
    assert likes["decaf coffee"].links == (likes["coffee"].id,)
    assert "conflicts with" in likes["decaf coffee"].status_reason


def test_same_key_conflicts_cost_no_call(make_vault: Callable[..., Vault], server: ScriptedLLM) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("extract", "judge")))
    say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
    vault.weave()
    say(vault, "I moved to Lisbon.", "2026-02-10T10:00:00Z")
    vault.weave()
    assert [stage_of(r) for r in server.requests] == ["extract", "extract"]
    (old,) = [i for i in vault.items(status="all") if i.status is Status.HISTORICAL]
    assert old.value == "Berlin"


def test_judge_failure_falls_back_to_rules(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("extract", "judge")))
    say(vault, "I work at Acme.", "2026-01-05T10:00:00Z")
    vault.weave()
    rid = say(vault, "Now I am a freelance designer.", "2026-02-10T10:00:00Z")
    staged.push(
        "extract",
        ok(
            {
                "facts": [
                    {
                        "turn": rid,
                        "subject": "Maya",
                        "attribute": "job_title",
                        "value": "freelance designer",
                    }
                ]
            }
        ),
    )
    staged.push("judge", ok("not json"), ok("still not json"))
    report = vault.weave()
    assert report.commit
    assert {i.attribute for i in vault.items()} == {"employer", "job_title"}  # both kept
    assert "LLM-Fallback: judge" in report.message


def test_embedding_similarity_is_cosine_and_survives_a_broken_embedder() -> None:
    import numpy as np
    from vaultweave.weaver.llm.judge import embedding_similarity

    rows = {"a": [1.0, 0.0], "b": [0.6, 0.8], "c": [0.0, 1.0]}
    calls: list[str] = []

    def embed(texts: list[str]) -> object:
        calls.extend(texts)
        return np.array([rows[t] for t in texts], dtype=np.float32)

    similarity = embedding_similarity(embed)
    assert similarity("a", "b") == pytest.approx(0.6)
    assert similarity("a", "c") == pytest.approx(0.0)
    assert calls == ["a", "b", "c"]  # each text embedded once

    def broken(texts: list[str]) -> object:
        raise RuntimeError("model missing")

    assert embedding_similarity(broken)("a", "b") == 0.0
