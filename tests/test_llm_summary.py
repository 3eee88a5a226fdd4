"""Category summaries written by the model, cached by facts + prompt version + model."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from vaultweave.weaver.llm.summarize import clean_summary
from vaultweave.weaver.vault import Vault

from tests.conftest import say
from tests.llm_server import ScriptedLLM, Staged, data_of, ok, stage_of, vault_toml


def summaries(server: ScriptedLLM) -> list[dict[str, object]]:
    return [data_of(r) for r in server.requests if stage_of(r) == "summarize"]


def bullets(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("- ")]


def test_summary_prose_from_the_category_facts_only(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("summarize",)))
    plain = vault.__class__.init(vault.root.parent / "plain")  # same turns, rules only
    for target in (vault, plain):
        say(target, "I live in Berlin.", "2026-01-05T10:00:00Z")
        say(target, "I work at Acme.", "2026-01-06T10:00:00Z")
    staged.push(
        "summarize", ok({"summary": "Maya lives in Berlin.\n\n## Not a heading ^abc [[x]]"})
    )
    staged.push("summarize", ok({"summary": "Maya works at Acme."}))
    vault.weave()
    plain.weave()
    plain.lock.release()

    sent = summaries(server)
    assert [s["category"] for s in sent] == ["places", "work"]
    assert [f["value"] for f in sent[0]["facts"]] == ["Berlin"]  # type: ignore[index]
    page = vault.category_text("places")
    assert "Maya lives in Berlin. Not a heading abc x" in page
    assert bullets(page) == bullets(plain.category_text("places"))  # bullets stay deterministic


def test_unchanged_category_costs_no_call(
    make_vault: Callable[..., Vault], server: ScriptedLLM
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("summarize",)))
    say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
    vault.weave()
    assert len(summaries(server)) == 1
    say(vault, "As I said, I live in Berlin.", "2026-01-07T10:00:00Z")  # reinforces only
    report = vault.weave()
    assert report.commit and len(summaries(server)) == 1
    assert "LLM-Summaries: 0 written, 1 cached" in report.message
    assert "A scripted summary." in vault.category_text("places")
    say(vault, "I moved to Lisbon.", "2026-02-07T10:00:00Z")  # the facts change: a new call
    vault.weave()
    assert len(summaries(server)) == 2


def test_new_model_rewrites_the_summary(
    make_vault: Callable[..., Vault], server: ScriptedLLM
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("summarize",)))
    say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
    vault.weave()
    toml = Path(vault.root / "vault.toml")
    toml.write_text(toml.read_text().replace('"scripted-1"', '"scripted-2"'))
    again = Vault.open(vault.root, clock=vault.clock)
    say(again, "As I said, I live in Berlin.", "2026-01-07T10:00:00Z")
    again.weave()
    assert len(summaries(server)) == 2


def test_summary_failure_keeps_the_deterministic_one(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("summarize",)))
    staged.push("summarize", ok("nope"), ok("nope again"))
    say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
    report = vault.weave()
    assert report.commit
    assert "1 current fact about Maya" in vault.category_text("places")
    assert "LLM-Summaries: 0 written, 0 cached, 1 failed" in report.message


def test_clean_summary() -> None:
    assert clean_summary("# Title\n- item ^x1 [[link]]") == "Title item x1 link"
    assert len(clean_summary("word " * 1000)) <= 1202


def test_upkeep_keeps_the_model_summary_without_a_call(
    make_vault: Callable[..., Vault], server: ScriptedLLM
) -> None:
    vault = make_vault(config=vault_toml(server.base_url, stages=("summarize",)))
    say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
    vault.weave()
    assert "A scripted summary." in vault.category_text("places")
    calls = len(server.requests)
    vault.clock.advance(days=30)  # type: ignore[attr-defined]
    report = vault.consolidate(similar="off")  # decays importance and re-renders the page
    assert report.commit is not None and "places" in report.categories
    assert "A scripted summary." in vault.category_text("places")
    assert len(server.requests) == calls
