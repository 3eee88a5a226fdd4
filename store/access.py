"""Recall counts, batched: .vaultweave/access.jsonl and the upkeep counters.

Search and context append one line per recalled item (``{"id": ..., "at": ...}``) without
taking the weaver's lock and without a commit. The next consolidation pass reads the
log, folds it into the items (access_count, last_access, reinforcement) in its one
commit, and then drops the lines it folded. The commit names the folded bytes (length
and hash), so a pass that crashed after committing but before dropping them is finished
by the next pass instead of counting the same recalls twice.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from vaultweave.store.atomic import append_records, atomic_write_text, drop_leading_bytes

UPKEEP_STATE_VERSION = 1


@dataclass(frozen=True)
class Recall:
    item_id: str
    at: datetime


@dataclass(frozen=True)
class AccessBatch:
    """The complete lines at the head of the log: what a pass folds."""

    recalls: tuple[Recall, ...] = ()
    size: int = 0  # bytes of the log they span
    digest: str = ""  # sha256 of those bytes, first 16 hex digits
    unreadable: int = 0  # lines that were not valid records (skipped, dropped with the batch)

    @property
    def stamp(self) -> str:
        """``<size> <digest>``: recorded in the commit that folds this batch."""
        return f"{self.size} {self.digest}"


class AccessLog:
    def __init__(self, path: Path) -> None:
        self.path = path

    def record(self, item_ids: Iterable[str], at: datetime) -> int:
        """Append one line per id, all in one write. Returns the count."""
        moment = at.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
        lines = [json.dumps({"id": i, "at": moment}, ensure_ascii=False) for i in item_ids]
        append_records(self.path, lines)
        return len(lines)

    def read(self, skip: int = 0) -> AccessBatch:
        """The complete lines from the start (their records counted from byte ``skip``)."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return AccessBatch()
        end = data.rfind(b"\n") + 1  # a torn last line waits for the next pass
        head = data[:end]
        recalls: list[Recall] = []
        unreadable = 0
        for raw in head[skip:].splitlines():
            if not raw.strip():
                continue
            recall = _parse(raw)
            if recall is None:
                unreadable += 1
            else:
                recalls.append(recall)
        digest = hashlib.sha256(head).hexdigest()[:16]
        return AccessBatch(tuple(recalls), len(head), digest, unreadable)

    def head_matches(self, stamp: str) -> bool:
        """Whether the log still starts with the bytes a committed pass folded."""
        size_text, _, digest = stamp.partition(" ")
        if not size_text.isdigit() or not digest:
            return False
        size = int(size_text)
        try:
            with self.path.open("rb") as handle:
                head = handle.read(size)
        except FileNotFoundError:
            return False
        return len(head) == size and hashlib.sha256(head).hexdigest()[:16] == digest

    def drop(self, batch: AccessBatch) -> None:
        drop_leading_bytes(self.path, batch.size)


def _parse(raw: bytes) -> Recall | None:
    try:
        record = json.loads(raw)
        item_id = record["id"]
        at = datetime.fromisoformat(str(record["at"]).replace("Z", "+00:00"))
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(item_id, str) or not item_id:
        return None
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return Recall(item_id, at)


@dataclass(frozen=True)
class UpkeepCounters:
    """Activity since the last pass; decides when the next automatic pass runs."""

    since_last_pass: int = 0
    last_pass: str | None = None  # commit of the last pass


class UpkeepState:
    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> UpkeepCounters:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return UpkeepCounters()
        if not isinstance(data, dict) or data.get("version") != UPKEEP_STATE_VERSION:
            return UpkeepCounters()
        count = data.get("since_last_pass", 0)
        last = data.get("last_pass")
        return UpkeepCounters(
            since_last_pass=count if isinstance(count, int) and count >= 0 else 0,
            last_pass=last if isinstance(last, str) else None,
        )

    def save(self, counters: UpkeepCounters) -> None:
        payload = {
            "version": UPKEEP_STATE_VERSION,
            "since_last_pass": counters.since_last_pass,
            "last_pass": counters.last_pass,
        }
        atomic_write_text(self.path, json.dumps(payload, sort_keys=True, indent=1))
