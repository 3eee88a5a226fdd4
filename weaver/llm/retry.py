"""Resources whose LLM extraction failed, kept in .vaultweave/llm_retry.json for a later cycle.

The rules path has already woven them; a later cycle with the endpoint back sends them to
the model again. Re-applying is safe: item ids are deterministic and a fact's sources say
what was applied, so a retried resource never duplicates a fact. The file is derived state:
losing it only means those resources are not retried.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from vaultweave.store.atomic import atomic_write_text

FILE_NAME = "llm_retry.json"
VERSION = 1
MAX_ATTEMPTS = 3  # after this many failed retries a resource is left alone (status shows it)


@dataclass(frozen=True)
class RetryEntry:
    resource: str
    reason: str
    attempts: int = 1

    @property
    def given_up(self) -> bool:
        return self.attempts > MAX_ATTEMPTS


class RetryQueue:
    def __init__(self, state_root: Path) -> None:
        self.path = state_root / FILE_NAME

    def load(self) -> dict[str, RetryEntry]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return {}
        entries: dict[str, RetryEntry] = {}
        for rid, row in data.get("resources", {}).items():
            if isinstance(row, dict):
                entries[rid] = RetryEntry(rid, str(row.get("reason", "")), int(row.get("attempts", 1)))
        return entries

    def due(self) -> list[RetryEntry]:
        """Entries to retry now, in resource order."""
        return sorted((e for e in self.load().values() if not e.given_up), key=lambda e: _order(e.resource))

    def record_failures(self, failed: Iterable[tuple[str, str]], retried: Iterable[str] = ()) -> None:
        """Queue ``(resource id, reason)`` pairs; a failed retry counts one more attempt."""
        entries = self.load()
        retried_now = set(retried)
        changed = False
        for rid, reason in failed:
            before = entries.get(rid)
            attempts = 1 if before is None else before.attempts + (rid in retried_now)
            entries[rid] = RetryEntry(rid, reason, attempts)
            changed = True
        if changed:
            self._save(entries)

    def settle(self, succeeded: Iterable[str]) -> None:
        """Drop resources whose LLM extraction has now been committed."""
        done = set(succeeded)
        entries = self.load()
        remaining = {rid: e for rid, e in entries.items() if rid not in done}
        if len(remaining) != len(entries):
            self._save(remaining)

    def _save(self, entries: dict[str, RetryEntry]) -> None:
        rows = {
            rid: {"reason": e.reason, "attempts": e.attempts}
            for rid, e in sorted(entries.items(), key=lambda kv: _order(kv[0]))
        }
        atomic_write_text(
            self.path,
            json.dumps({"version": VERSION, "resources": rows}, ensure_ascii=False, indent=1),
        )


def _order(rid: str) -> tuple[str, int]:
    path, _, line = rid.rpartition("#L")
    return path, int(line) if line.isdigit() else 0
