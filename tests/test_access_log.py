"""The recall log: whole lines, torn tails, bad records, and dropping a folded head."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from vaultweave.store.access import AccessLog, UpkeepCounters, UpkeepState

AT = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)


def test_records_are_read_back_and_a_torn_tail_waits(tmp_path: Path) -> None:
    log = AccessLog(tmp_path / "access.jsonl")
    assert log.read().recalls == ()
    assert log.record(["a", "b"], AT) == 2
    with log.path.open("ab") as handle:
        handle.write(b'{"id": "c", "at": "2026-03-01T12:00:00Z"')  # a writer died mid-line
    batch = log.read()
    assert [r.item_id for r in batch.recalls] == ["a", "b"] and batch.recalls[0].at == AT
    log.record(["d"], AT)  # closes the torn line first, so its own line stays whole
    again = log.read()
    assert [r.item_id for r in again.recalls] == ["a", "b", "d"] and again.unreadable == 1


def test_dropping_the_folded_head_keeps_what_came_after(tmp_path: Path) -> None:
    log = AccessLog(tmp_path / "access.jsonl")
    log.record(["a"], AT)
    batch = log.read()
    log.record(["late"], AT)  # appended while a pass was folding the batch
    assert log.head_matches(batch.stamp)
    log.drop(batch)
    assert [r.item_id for r in log.read().recalls] == ["late"]
    assert not log.head_matches(batch.stamp)
    assert not log.head_matches("garbage")


def test_bad_records_are_counted_not_fatal(tmp_path: Path) -> None:
    log = AccessLog(tmp_path / "access.jsonl")
    log.path.write_text('not json\n{"id": 3, "at": "x"}\n{"id": "ok", "at": "2026-03-01T12:00:00"}\n')
    batch = log.read()
    assert [r.item_id for r in batch.recalls] == ["ok"] and batch.unreadable == 2
    assert batch.recalls[0].at == AT  # a naive time is UTC


def test_upkeep_counters_survive_a_damaged_file(tmp_path: Path) -> None:
    state = UpkeepState(tmp_path / "upkeep.json")
    assert state.load() == UpkeepCounters()
    state.save(UpkeepCounters(7, "abc"))
    assert state.load() == UpkeepCounters(7, "abc")
    state.path.write_text("{broken")
    assert state.load() == UpkeepCounters()


def test_a_batch_write_replaces_every_file_or_none(tmp_path: Path) -> None:
    import pytest
    from vaultweave.store.atomic import atomic_write_batch
    from vaultweave.store.errors import VaultWriteError

    targets = [tmp_path / f"d{i % 3}" / f"f{i}.pb" for i in range(10)]
    atomic_write_batch([(t, b"old") for t in targets])
    (tmp_path / "blocker").write_text("a file where a folder should be")
    bad = tmp_path / "blocker" / "x.pb"
    with pytest.raises(VaultWriteError, match="blocker"):
        atomic_write_batch([*((t, b"new") for t in targets), (bad, b"new")])
    assert {t.read_bytes() for t in targets} == {b"old"}  # nothing replaced
    assert not [p for p in tmp_path.rglob("*.tmp")]  # no temp file left behind
    atomic_write_batch([(t, b"new") for t in targets])
    assert {t.read_bytes() for t in targets} == {b"new"}


def test_search_and_context_count_recalls_of_the_facts_they_show(make_vault: Any) -> None:
    from tests.conftest import say

    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    say(vault, "I love jazz.", "2026-01-05T10:01:00Z")
    vault.weave()
    jazz = next(i for i in vault.items() if i.attribute == "likes")
    assert jazz.id in {h.id for h in vault.search("jazz", k=3) if h.kind == "item"}
    block = vault.context("what music does Maya like", budget_tokens=300)
    assert jazz.id in block.item_ids
    recalled = [r.item_id for r in AccessLog(vault.paths.state / "access.jsonl").read().recalls]
    assert recalled.count(jazz.id) == 2  # once from search, once from context
    vault.consolidate(similar="off")
    assert vault.item(jazz.id).access_count == 2
