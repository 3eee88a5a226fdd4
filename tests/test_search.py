"""Search and context on small real vaults (rules path, real model, real FAISS and BM25)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from vaultweave.store.embeddings.onnx import count_tokens
from vaultweave.store.errors import SearchQueryError
from vaultweave.weaver.cli import cli, main
from vaultweave.weaver.recall.api import projection_of
from vaultweave.weaver.vault import Vault

from tests.conftest import say


@pytest.fixture
def job_vault(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    say(vault, "I love jazz.", "2026-01-06T10:00:00Z")
    say(vault, "We hiked up the mountain near Lake Tahoe this weekend.", "2026-01-10T10:00:00Z")
    say(vault, "The view from the top was incredible.", "2026-01-10T10:01:00Z")
    vault.weave()
    say(vault, "I work at OpenAI now.", "2026-02-10T09:30:00Z")
    vault.weave()
    return vault


def employers(hits: list) -> dict[str, str]:  # type: ignore[type-arg]
    return {h.text: h.status for h in hits if h.kind == "item" and ("Google" in h.text or "OpenAI" in h.text)}


def test_current_facts_by_default_history_on_request(job_vault: Vault) -> None:
    hits = job_vault.search("where does Maya work", k=10)
    found = employers(hits)
    assert any("OpenAI" in t for t in found) and not any("Google" in t for t in found)
    item = next(h for h in hits if h.kind == "item" and "OpenAI" in h.text)
    assert item.status == "current" and item.valid_to is None and item.sources
    assert {"relevance", "importance"} <= set(item.parts)
    with_history = job_vault.search("where does Maya work", k=10, include_history=True)
    old = next(h for h in with_history if h.kind == "item" and "Google" in h.text)
    assert old.status == "historical" and old.superseded_by and old.valid_to is not None


def test_as_of_answers_with_what_was_true_then(job_vault: Vault) -> None:
    then = employers(job_vault.search("where does Maya work", k=10, as_of="2026-01-20"))
    assert any("Google" in t for t in then) and not any("OpenAI" in t for t in then)
    # turns said after that date are not part of the answer either
    turns = job_vault.search("OpenAI", k=10, kinds=["turn"], as_of="2026-01-20")
    assert all(h.ts is not None and h.ts.isoformat() < "2026-01-21" for h in turns)
    assert not any("OpenAI" in h.text for h in turns)
    before_anything = job_vault.search("work", as_of="2025-01-01")
    assert before_anything == []


def test_turns_are_retrievable_with_provenance_and_neighbours(job_vault: Vault) -> None:
    hits = job_vault.search("mountain hike Tahoe", k=3, kinds="turn")
    top = hits[0]
    assert top.kind == "turn" and "Tahoe" in top.text
    assert top.id.startswith("resources/2026/01/10.jsonl#L") and top.sources == (top.id,)
    assert top.speaker == "Maya" and top.ts is not None
    assert all(h.kind == "turn" for h in hits)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"query": ""}, "empty"),
        ({"query": "   \n\t"}, "empty"),
        ({"query": "jazz", "k": 0}, "at least 1"),
        ({"query": "jazz", "k": -3}, "at least 1"),
        ({"query": "jazz", "categories": ["no-such-category"]}, "unknown category"),
        ({"query": "jazz", "as_of": "the day after yesterday"}, "not a date"),
    ],
)
def test_bad_requests_are_clear_errors(job_vault: Vault, kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(SearchQueryError, match=message):
        job_vault.search(**kwargs)


@pytest.mark.parametrize(
    "query",
    [
        "jazz " * 20_000,
        "我喜欢爵士乐",
        "أحب موسيقى الجاز",
        "🎷🎶",
        "\x00\x07 control",
        "ジャズ",
        "?!",
    ],
)
def test_any_query_gives_a_list(job_vault: Vault, query: str) -> None:
    hits = job_vault.search(query, k=5)
    assert isinstance(hits, list) and len(hits) <= 5


def test_filters_by_kind_and_category(job_vault: Vault) -> None:
    categories = {i.category for i in job_vault.items()}
    category = sorted(categories)[0]
    hits = job_vault.search("Maya", k=20, categories=[category])
    assert hits and all(h.kind == "item" and h.category == category for h in hits)
    assert all(h.kind == "turn" for h in job_vault.search("Maya", kinds=["turn"]))


def test_context_never_exceeds_its_budget(job_vault: Vault) -> None:
    for budget in (1, 5, 12, 30, 60, 200, 1500):
        block = job_vault.context("What does Maya do and like?", budget_tokens=budget)
        assert block.tokens <= budget
        assert count_tokens(block.text) <= budget
    full = job_vault.context("What does Maya do and like?", budget_tokens=1500)
    facts, turns = full.text.split("### Turns")
    assert "### Facts" in facts and "OpenAI" in facts and "Google" not in facts  # current only
    assert "Maya: I work at Google." in turns  # the raw turn itself is still there, dated
    with pytest.raises(SearchQueryError, match="budget"):
        job_vault.context("jazz", budget_tokens=0)


def test_drift_is_reported_by_doctor_and_repaired(job_vault: Vault) -> None:
    assert job_vault.check_projections()[0].ok
    catalog = job_vault.paths.state / "recall" / "catalog.sqlite"
    projection_of(job_vault).close()
    with sqlite3.connect(catalog) as db:
        (victim,) = db.execute("SELECT key FROM units WHERE kind = 'turn' LIMIT 1").fetchone()
        db.execute("DELETE FROM units WHERE key = ?", (victim,))
        db.execute(
            "UPDATE units SET hash = 'x' WHERE kind = 'item'"
            " AND rowid = (SELECT MIN(rowid) FROM units WHERE kind = 'item')"
        )
        db.execute(
            "INSERT INTO units SELECT 'item:ghost', kind, hash, 999, text, tokens, ts,"
            " speaker, session, vector FROM units LIMIT 1"
        )
    (check,) = job_vault.check_projections()
    assert check.drift.missing == (victim,)
    assert len(check.drift.stale) == 1 and check.drift.orphan == ("item:ghost",)

    runner = CliRunner()
    result = runner.invoke(cli, ["doctor", "--vault", str(job_vault.root)])
    assert result.exit_code == 1 and "1 missing, 1 stale, 1 orphan" in result.output, result.output
    result = runner.invoke(cli, ["reindex", "--vault", str(job_vault.root)])
    assert result.exit_code == 0 and "reindexed" in result.output
    result = runner.invoke(cli, ["doctor", "--vault", str(job_vault.root), "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["remaining"] == []


def test_a_deleted_index_is_rebuilt_on_open(job_vault: Vault) -> None:
    projection_of(job_vault).close()
    import shutil

    shutil.rmtree(job_vault.paths.state / "recall")
    reopened = Vault.open(job_vault.root)
    hits = reopened.search("mountain Tahoe", k=2)
    assert hits and "Tahoe" in hits[0].text
    assert reopened.check_projections()[0].ok


def test_cli_search_and_context(job_vault: Vault, capsys: pytest.CaptureFixture[str]) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["search", "jazz", "--json", "-k", "3", "--vault", str(job_vault.root)])
    assert result.exit_code == 0, result.output
    assert '"kind"' in result.output and "jazz" in result.output.lower()
    result = runner.invoke(cli, ["context", "jazz", "--budget", "40", "--vault", str(job_vault.root)])
    assert result.exit_code == 0 and count_tokens(result.output.strip()) <= 40
    assert main(["search", "", "--vault", str(job_vault.root)]) == 1
    assert main(["search", "jazz", "-k", "0", "--vault", str(job_vault.root)]) == 1
    assert main(["search", "jazz", "--as-of", "soon", "--vault", str(job_vault.root)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("error: bad search:") for line in err)


def test_weaving_without_search_loads_no_model(make_vault: Callable[..., Vault], tmp_path: Path) -> None:
    vault = make_vault("quiet")
    vault.weave()  # nothing to read: no index is opened, no model loaded
    assert not (vault.paths.state / "recall").exists()


def test_an_index_of_another_model_is_refused_until_reindexed(job_vault: Vault) -> None:
    import shutil

    from vaultweave.store.errors import IndexModelMismatchError
    from vaultweave.store.index.catalog import Catalog

    projection_of(job_vault).close()
    folder = job_vault.paths.state / "recall"
    shutil.rmtree(folder)
    Catalog(folder / "catalog.sqlite", "e5-large", 1024).close()
    reopened = Vault.open(job_vault.root)
    with pytest.raises(IndexModelMismatchError, match="vaultweave reindex"):
        reopened.search("jazz")
    assert main(["search", "jazz", "--vault", str(job_vault.root)]) == 1
    units, embedded = reopened.reindex()
    # Every distinct unit embedded once (a digest may share a turn's texts and vector).
    distinct = {u.hash for u in projection_of(reopened).expected_units()}
    assert units > 0 and embedded == len(distinct) and units >= embedded
    assert reopened.search("jazz", k=1)[0].text.lower().count("jazz") == 1


def test_a_cycle_updates_only_what_it_changed(job_vault: Vault) -> None:
    index = projection_of(job_vault).index
    before = {r.key: (r.row, r.hash) for r in index.catalog.rows()}
    google = next(i for i in job_vault.items("all") if i.value == "Google")
    say(job_vault, "I live in Lisbon.", "2026-02-12T10:00:00Z")
    job_vault.weave()
    after = {r.key: (r.row, r.hash) for r in index.catalog.rows()}
    assert {k: after[k] for k in before} == before  # nothing old was touched
    new = set(after) - set(before)
    assert any(k.startswith("resources/2026/02/12.jsonl#L") for k in new)
    assert any(k.startswith("item:") for k in new)  # the Lisbon fact
    assert f"item:{google.id}" in after  # historical facts stay indexed, filtered at search
    hits = job_vault.search("Lisbon", k=3)
    assert hits and "Lisbon" in hits[0].text


def test_reindex_builds_the_hnsw_graph_above_the_threshold(
    job_vault: Vault, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VAULTWEAVE_HNSW_THRESHOLD", "1")  # env beats vault.toml's 20000
    vault = Vault.open(job_vault.root)
    vault.reindex()
    assert (vault.paths.state / "recall" / "dense.hnsw").is_file()
    assert "Tahoe" in vault.search("mountain Tahoe", k=1)[0].text


def test_a_long_lived_vault_searches_what_hand_edits_changed(make_vault: Callable[..., Any]) -> None:

    vault = make_vault("handsearch")
    say(vault, "I like green tea.", "2026-01-05T10:00:00Z")
    vault.weave()
    assert any(h.kind == "item" and "tea" in h.text for h in vault.search("green tea", k=5))
    page = vault.paths.categories / "preferences.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if "likes green tea" not in line]
    kept.insert(kept.index("## Current") + 2, "- Maya likes oolong.")
    page.write_text("\n".join(kept) + "\n", encoding="utf-8")
    vault.weave()  # the same object: its caches must follow the edit
    items = [h for h in vault.search("tea oolong", k=10) if h.kind == "item"]
    assert any("oolong" in h.text and h.status == "current" for h in items)
    assert not any("green tea" in h.text for h in items)  # retracted: history only


def test_the_tags_filter_keeps_only_tagged_facts(make_vault: Callable[..., Any]) -> None:
    from vaultweave.weaver.extract.base import Candidate

    class Tagged:
        name = "tagged"

        def extract(self, resources: Any) -> list[Candidate]:
            return [
                Candidate("Maya", "likes", r.text, f"Maya likes {r.text}.", "preferences",
                          "preference", r.id, r.ts, tags=("music",) if "jazz" in r.text else ())
                for r in resources
            ]

    vault = make_vault("tags")
    say(vault, "jazz records", "2026-01-05T10:00:00Z")
    say(vault, "jazz cafes", "2026-01-05T10:01:00Z")
    say(vault, "green tea", "2026-01-05T10:02:00Z")
    vault.weave(Tagged())
    tagged = {h.text for h in vault.search("things Maya likes", k=10, tags=["music"])}
    assert tagged == {"Maya likes jazz records.", "Maya likes jazz cafes."}
    untagged = {h.text for h in vault.search("things Maya likes", k=10) if h.kind == "item"}
    assert "Maya likes green tea." in untagged
