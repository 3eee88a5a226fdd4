"""Tier 1: where lines go, how they are addressed, and that bad lines lose nothing."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from pathlib import Path

import pytest
from vaultweave.store.errors import InvalidResourceError
from vaultweave.store.resources import FilePosition, parse_resource_id, read_resource, scan
from vaultweave.weaver.vault import Vault


def test_ingest_files_lines_by_utc_day(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    rid = vault.ingest("hello", ts="2026-01-05T23:30:00-05:00", speaker="Maya")
    assert rid == "resources/2026/01/06.jsonl#L1"  # 04:30 UTC the next day
    line = json.loads((vault.root / "resources/2026/01/06.jsonl").read_text().splitlines()[0])
    assert line == {"text": "hello", "ts": "2026-01-06T04:30:00Z", "speaker": "Maya"}
    assert vault.ingest("again", ts="2026-01-06T08:00:00Z") == "resources/2026/01/06.jsonl#L2"


def test_ingest_without_ts_uses_the_clock(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    rid = vault.ingest("no time given")
    assert rid == "resources/2026/03/01.jsonl#L1"  # the FakeClock's date


@pytest.mark.parametrize(
    ("fields", "reason"),
    [({"text": ""}, "text"), ({"text": "   "}, "text"), ({"text": "x", "ts": "yesterday"}, "ts"),
     ({"role": "user"}, "text"), ({"text": "x", "meta": "not a dict"}, "meta")],
)
def test_invalid_resources_are_refused_before_writing(
    make_vault: Callable[..., Vault], fields: dict[str, object], reason: str
) -> None:
    vault = make_vault()
    with pytest.raises(InvalidResourceError, match=reason):
        vault.ingest(**fields)
    assert list(vault.paths.resources.rglob("*.jsonl")) == []


def test_ingest_many_writes_nothing_if_one_line_is_bad(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    with pytest.raises(InvalidResourceError, match="line 2"):
        vault.ingest_many([{"text": "fine", "ts": "2026-01-01T00:00:00Z"}, {"text": ""}])
    assert list(vault.paths.resources.rglob("*.jsonl")) == []


def _write(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("ab") as handle:
        handle.write(content)


def test_malformed_lines_are_reported_and_skipped_not_lost(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    path = vault.paths.resources / "2026/01/05.jsonl"
    good = json.dumps({"text": "I live in Berlin", "ts": "2026-01-05T10:00:00Z"}).encode()
    _write(path, b"\n".join([
        good,
        b"{not json",
        json.dumps({"role": "user"}).encode(),
        json.dumps({"text": "x", "ts": "not a time"}).encode(),
        b"[1, 2]",
        b"\xff\xfe",
        b"",
        json.dumps({"text": "I work at Google", "ts": "2026-01-05T11:00:00Z"}).encode(),
    ]) + b"\n")
    before = path.read_bytes()
    result = scan(vault.paths, {})
    assert [r.line for r in result.resources] == [1, 8]
    where = "resources/2026/01/05.jsonl"
    assert [str(p) for p in result.problems] == [
        f"{where}:2: bad JSON (Expecting property name enclosed in double quotes at column 2)",
        f"{where}:3: no text",
        f"{where}:4: bad ts (Input should be a valid datetime or date, invalid character in year)",
        "resources/2026/01/05.jsonl:5: expected a JSON object, got list",
        "resources/2026/01/05.jsonl:6: not UTF-8 (invalid start byte at byte 0)",
    ]
    vault.weave()
    status = vault.status()
    assert [f"{p.path}:{p.line}" for p in status.line_problems] == [
        f"resources/2026/01/05.jsonl:{n}" for n in (2, 3, 4, 5, 6)
    ]
    assert path.read_bytes() == before  # never rewritten
    assert status.pending_lines == 0


def test_torn_last_line_waits_for_its_newline(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    path = vault.paths.resources / "2026/01/05.jsonl"
    _write(path, json.dumps({"text": "first", "ts": "2026-01-05T10:00:00Z"}).encode() + b"\n")
    _write(path, b'{"text": "sec')
    first = scan(vault.paths, {})
    assert [r.text for r in first.resources] == ["first"]
    assert first.problems == ()
    assert first.pending == ("resources/2026/01/05.jsonl",)
    _write(path, b'ond", "ts": "2026-01-05T10:01:00Z"}\n')
    second = scan(vault.paths, first.positions)
    assert [(r.id, r.text) for r in second.resources] == [("resources/2026/01/05.jsonl#L2", "second")]


def test_ingest_closes_a_torn_tail_instead_of_gluing_onto_it(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    path = vault.paths.resources / "2026/01/05.jsonl"
    _write(path, b'{"text": "a writer died mid-li')
    rid = vault.ingest("mine", ts="2026-01-05T12:00:00Z")
    assert rid == "resources/2026/01/05.jsonl#L2"
    result = scan(vault.paths, {})
    assert [r.text for r in result.resources] == ["mine"]
    assert [p.line for p in result.problems] == [1]


def test_cursor_positions_resume_exactly(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    for n in range(5):
        vault.ingest(f"line {n}", ts="2026-01-05T10:00:00Z")
    result = scan(vault.paths, {}, max_lines=3)
    assert [r.line for r in result.resources] == [1, 2, 3]
    rest = scan(vault.paths, result.positions)
    assert [r.line for r in rest.resources] == [4, 5]
    assert rest.positions["resources/2026/01/05.jsonl"] == FilePosition(
        path_size(vault.paths.resources / "2026/01/05.jsonl"), 5
    )


def path_size(path: Path) -> int:
    return path.stat().st_size


def test_resource_ids_resolve_back_to_their_line(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    vault.ingest("one", ts="2026-01-05T10:00:00Z")
    rid = vault.ingest("two", ts="2026-01-05T10:00:00Z")
    assert parse_resource_id(rid) == ("resources/2026/01/05.jsonl", 2)
    found = read_resource(vault.paths, rid)
    assert found is not None and getattr(found, "text", None) == "two"
    with pytest.raises(ValueError):
        parse_resource_id("not-an-id")


def _append_many(root: str, writer: int, count: int) -> None:
    vault = Vault.open(root)
    for n in range(count):
        vault.ingest(f"writer {writer} line {n}", ts="2026-01-05T10:00:00Z")


def _append_direct(path: str, writer: int, count: int) -> None:
    import os

    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        for n in range(count):
            line = json.dumps({"text": f"direct {writer} line {n}", "ts": "2026-01-05T10:00:00Z"})
            os.write(fd, (line + "\n").encode())
    finally:
        os.close(fd)


def test_concurrent_appenders_lose_and_interleave_nothing(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    target = vault.paths.resources / "2026/01/05.jsonl"
    target.parent.mkdir(parents=True, exist_ok=True)
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_many, args=(str(vault.root), w, 150)) for w in range(3)]
    workers += [context.Process(target=_append_direct, args=(str(target), w, 150)) for w in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    result = scan(vault.paths, {}, max_lines=10**6)
    assert result.problems == ()
    texts = sorted(r.text for r in result.resources)
    expected = sorted(
        [f"writer {w} line {n}" for w in range(3) for n in range(150)]
        + [f"direct {w} line {n}" for w in range(2) for n in range(150)]
    )
    assert texts == expected


def test_deleting_the_state_keeps_malformed_lines_reported(make_vault: Callable[..., Vault]) -> None:
    import shutil

    vault = make_vault()
    vault.ingest("I live in Berlin.", ts="2026-01-05T10:00:00Z")
    _write(vault.paths.resources / "2026/01/05.jsonl", b"{broken\n")
    vault.ingest("I love jazz.", ts="2026-01-05T11:00:00Z")
    vault.weave()
    assert [p.line for p in vault.status().line_problems] == [2]
    shutil.rmtree(vault.paths.state)
    again = Vault.open(vault.root)
    again.weave()
    status = again.status()
    assert [f"{p.path}:{p.line}" for p in status.line_problems] == ["resources/2026/01/05.jsonl:2"]
    assert status.pending_lines == 0
