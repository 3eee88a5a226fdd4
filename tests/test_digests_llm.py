"""Digest paragraphs written by a model ([llm] stages = ["digest"]): cached, and extractive
when the model fails. Against a real local OpenAI-compatible HTTP server."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import pytest
import yaml
from vaultweave.weaver.cycle import CycleHooks
from vaultweave.weaver.vault import Vault

from tests.llm_server import ScriptedLLM, Staged, data_of, error, stage_of, vault_toml
from tests.test_digests_topics import BREAD, RUNNING

TURNS = [
    ("s1", "2026-01-05T10:00:00Z", "We adopted a dog named Rex last weekend."),
    ("s1", "2026-01-05T10:01:00Z", "Rex loves the beach in the morning."),
]


def digest_requests(server: ScriptedLLM) -> list[dict[str, object]]:
    return [data_of(r) for r in server.requests if stage_of(r) == "digest"]


def front(text: str) -> dict[str, object]:
    data = yaml.safe_load(text[4:].split("\n---\n", 1)[0])
    assert isinstance(data, dict)
    return data


def test_a_model_writes_the_digest_paragraph_once(
    make_vault: Callable[..., Vault], server: ScriptedLLM
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("digest",)))
    for session, ts, text in TURNS:
        vault.ingest(text, ts=ts, speaker="Maya", session=session)

    def abort() -> None:
        raise RuntimeError("killed")

    with pytest.raises(RuntimeError):
        vault.weave(hooks=CycleHooks(before_commit=abort))
    sent = digest_requests(server)
    assert sorted(str(s["title"]) for s in sent) == ["Session s1", "Week 2026-W02"]
    assert sent[0]["turns"] == [
        "[2026-01-05 10:00] Maya: We adopted a dog named Rex last weekend.",
        "[2026-01-05 10:01] Maya: Rex loves the beach in the morning.",
    ]
    report = Vault.open(vault.root, clock=vault.clock).weave()  # redone: the cache answers
    assert len(digest_requests(server)) == 2
    assert "LLM-Digests: 0 written, 2 cached" in report.message
    page = (vault.root / "digests/sessions/s1.md").read_text(encoding="utf-8")
    assert front(page)["summary_by"] == "model"
    summary = page.split("## Summary\n")[1].split("\n## ")[0]
    assert summary.startswith("A scripted digest.\n")
    assert "· `resources/2026/01/05.jsonl#L" in summary  # the quoted lines stay
    hit = vault.search("scripted digest", kinds=["digest"], k=1)[0]
    assert hit.text.startswith("A scripted digest.") and hit.sources == tuple(front(page)["quoted"])  # type: ignore[arg-type]
    block = vault.context("Rex and the beach", budget_tokens=1000)
    assert block.digests >= 1 and "\n#### digests/" in block.text and "\n- A scripted digest.\n" in block.text


def test_a_failing_model_leaves_the_digest_extractive(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged
) -> None:
    staged.fallback["digest"] = error(500)
    vault = make_vault(config=vault_toml(server.base_url, stages=("digest",)))
    for session, ts, text in TURNS:
        vault.ingest(text, ts=ts, speaker="Maya", session=session)
    report = vault.weave()
    assert report.commit and "LLM-Fallback: digest" in report.message
    page = (vault.root / "digests/sessions/s1.md").read_text(encoding="utf-8")
    assert front(page)["summary_by"] == "extractive" and "scripted" not in page
    status = ["git", "-C", str(vault.root), "status", "--porcelain"]
    assert subprocess.run(status, capture_output=True, text=True).stdout == ""


def test_digest_paragraphs_are_asked_for_by_name(
    make_vault: Callable[..., Vault], server: ScriptedLLM
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("summarize",)))
    for session, ts, text in TURNS:
        vault.ingest(text, ts=ts, speaker="Maya", session=session)
    vault.weave()
    assert digest_requests(server) == []


def test_a_model_writes_topic_pages_too(make_vault: Callable[..., Vault], server: ScriptedLLM) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("digest",)))
    for session, ts, text in sorted(BREAD + RUNNING, key=lambda line: line[1]):
        vault.ingest(text, ts=ts, speaker="Maya", session=session)
    vault.weave()
    titles = [str(s["title"]) for s in digest_requests(server)]
    assert len([t for t in titles if t.startswith("Topic: ")]) == 2
    pages = sorted((vault.root / "digests/topics").glob("*.md"))
    assert len(pages) == 2
    assert all(front(p.read_text(encoding="utf-8"))["summary_by"] == "model" for p in pages)
