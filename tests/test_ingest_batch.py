"""Batched appends: one lock and fsync per file, ids equal to line numbers, torn tails closed."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from vaultweave.store.atomic import append_line, append_lines
from vaultweave.store.errors import InvalidResourceError
from vaultweave.store.resources import parse_resource_id
from vaultweave.weaver.vault import Vault


def test_append_lines_numbers_follow_other_writers(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    assert append_line(path, '{"text": "a"}') == 1
    with open(path, "ab") as direct:  # a foreign O_APPEND writer
        direct.write(b'{"text": "b"}\n')
    assert append_lines(path, ['{"text": "c"}', '{"text": "d"}']) == [3, 4]
    assert append_line(path, '{"text": "e"}') == 5
    assert append_lines(path, []) == []


def test_a_new_file_that_reuses_a_deleted_files_inode_is_numbered_from_its_own_start(tmp_path: Path) -> None:
    # A vault removed and another created in the same process (a test run, a server, the
    # bench): the new day file may take the old one's inode, and its lines are its own.
    numbers = []
    for attempt in range(20):
        first = tmp_path / f"a{attempt}" / "day.jsonl"
        append_line(first, '{"text": "%s"}' % ("a" * 190))
        inode = os.stat(first).st_ino
        shutil.rmtree(first.parent)  # the old vault's folder goes, and a new one comes
        second = tmp_path / f"b{attempt}" / "day.jsonl"
        numbers.append(append_lines(second, ['{"text": "%s"}' % ("b" * 28)] * 5))
        if os.stat(second).st_ino == inode:
            break
    else:
        pytest.skip("the file system gave the new file another inode every time")
    assert numbers[-1] == [1, 2, 3, 4, 5]
    assert append_line(second, '{"text": "c"}') == 6


def test_append_lines_closes_a_torn_tail(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(b'{"text": "whole"}\n{"text": "torn')
    assert append_lines(path, ['{"text": "x"}', '{"text": "y"}']) == [3, 4]
    assert path.read_bytes().endswith(b'torn\n{"text": "x"}\n{"text": "y"}\n')


def test_append_lines_refuses_raw_newlines_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with pytest.raises(ValueError):
        append_lines(path, ['{"text": "ok"}', "bad\nline"])
    assert not path.exists()


def test_ingest_many_ids_point_at_their_lines_across_files(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    rows = [{"text": f"n{n}", "ts": f"2026-04-0{1 + n % 3}T09:00:00Z"} for n in range(30)]
    seen: list[tuple[int, int]] = []
    ids = vault.ingest_many(rows, progress=lambda done, total: seen.append((done, total)))
    assert len(ids) == 30
    assert seen[-1] == (30, 30) and len(seen) == 3
    for n, rid in enumerate(ids):
        rel, line = parse_resource_id(rid)
        text = (vault.root / rel).read_text(encoding="utf-8").splitlines()[line - 1]
        assert json.loads(text)["text"] == f"n{n}"
    # Mixed with single ingests, numbering stays exact.
    single = vault.ingest("later", ts="2026-04-01T10:00:00Z")
    assert single.endswith("#L11")


def test_ingest_many_writes_nothing_when_one_line_is_invalid(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    rows = [{"text": "fine", "ts": "2026-04-01T09:00:00Z"}, {"ts": "2026-04-01T09:00:00Z"}]
    with pytest.raises(InvalidResourceError, match="line 2"):
        vault.ingest_many(rows)
    assert not any(p.suffix == ".jsonl" for p in (vault.root / "resources").rglob("*"))


def test_ingest_many_is_fast(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    rows = [{"text": f"n{n}", "ts": "2026-04-01T09:00:00Z"} for n in range(5000)]
    import time

    started = time.perf_counter()
    ids = vault.ingest_many(rows)
    assert time.perf_counter() - started < 5.0
    assert ids[-1].endswith("#L5000")
    assert os.path.getsize(vault.root / "resources/2026/04/01.jsonl") > 0
