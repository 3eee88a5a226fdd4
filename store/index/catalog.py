"""The unit catalog: every retrievable unit (item or turn) with its key text, tokens and vector.

One SQLite file in ``.vaultweave/recall/``. SQLite's own transactions make each update
atomic (a crash leaves the previous generation), which is why this file is not written
through ``store.atomic``. Rows are keyed by the unit key; re-embedding is keyed on the
SHA-256 of the key text, so an unchanged unit is never embedded again.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from vaultweave.store.embeddings.base import Vectors
from vaultweave.store.errors import IndexModelMismatchError, VaultWriteError
from vaultweave.store.index.unit import Unit

SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS units (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    hash TEXT NOT NULL,
    row INTEGER NOT NULL UNIQUE,
    text TEXT NOT NULL,
    tokens TEXT NOT NULL,
    ts REAL NOT NULL,
    speaker TEXT NOT NULL,
    session TEXT NOT NULL,
    vector BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS units_session ON units(session);
CREATE INDEX IF NOT EXISTS units_ts ON units(ts);
"""


@dataclass(frozen=True)
class Row:
    key: str
    kind: str
    hash: str
    row: int
    text: str
    tokens: tuple[str, ...]
    ts: float
    speaker: str
    session: str


_ROW_COLUMNS = "key, kind, hash, row, text, tokens, ts, speaker, session"


def _row(
    key: str, kind: str, h: str, row: int, text: str, tokens: str, ts: float, speaker: str, session: str
) -> Row:
    return Row(key, kind, h, row, text, tuple(tokens.split(" ")) if tokens else (), ts, speaker, session)


class Catalog:
    """Open (creating if needed) the catalog for one embedding model."""

    def __init__(self, path: Path, model_id: str, dim: int) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:  # e.g. a read-only vault: WAL needs to write
            raise VaultWriteError(path, f"cannot open the search index ({exc})") from exc
        found = self.meta("model")
        wanted = f"{model_id}/{dim}"
        if found is None:
            self._set_meta(
                {
                    "model": wanted,
                    "schema": SCHEMA_VERSION,
                    "generation": "0",
                    "epoch": uuid.uuid4().hex[:12],
                }
            )
        elif found != wanted or self.meta("schema") != SCHEMA_VERSION:
            self.db.close()
            raise IndexModelMismatchError(path, f"{found} (schema {self.meta_or('schema')})", wanted)
        self.dim = dim

    def meta_or(self, name: str) -> str:
        return self.meta(name) or "?"

    def meta(self, name: str) -> str | None:
        try:
            row = self.db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        except sqlite3.ProgrammingError:
            return None
        return None if row is None else str(row[0])

    def _set_meta(self, values: dict[str, str]) -> None:
        self.db.executemany(
            "INSERT INTO meta(name, value) VALUES (?, ?) "
            "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            list(values.items()),
        )

    def note(self, name: str, value: str) -> None:
        """Record bookkeeping that does not change what is indexed (no new generation).
        Best effort: on a read-only vault it is skipped, and asked for again next time."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:  # read-only, or another writer holds it
            return
        try:
            self._set_meta({name: value})
            self.db.execute("COMMIT")
        except sqlite3.OperationalError:
            self.db.execute("ROLLBACK")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    @property
    def generation(self) -> int:
        return int(self.meta("generation") or 0)

    @property
    def version(self) -> str:
        """Names this catalog's content: changes with every update and with a new catalog."""
        return f"{self.meta_or('epoch')}-{self.generation}"

    def close(self) -> None:
        self.db.close()

    # -- reading ---------------------------------------------------------------------------

    def hashes(self) -> dict[str, str]:
        return {k: h for k, h in self.db.execute("SELECT key, hash FROM units")}

    def vectors_by_hash(self, hashes: Iterable[str]) -> dict[str, bytes]:
        wanted = list(set(hashes))
        found: dict[str, bytes] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for h, blob in self.db.execute(f"SELECT hash, vector FROM units WHERE hash IN ({marks})", chunk):
                found[h] = blob
        return found

    def rows(self) -> Iterator[Row]:
        for key, kind, h, row, text, tokens, ts, speaker, session in self.db.execute(
            "SELECT key, kind, hash, row, text, tokens, ts, speaker, session FROM units ORDER BY row"
        ):
            yield Row(
                key,
                kind,
                h,
                row,
                text,
                tuple(tokens.split(" ")) if tokens else (),
                ts,
                speaker,
                session,
            )

    def turns_in(
        self, sessions: Iterable[str], spans: Iterable[tuple[float, float]]
    ) -> list[tuple[Row, Vectors]]:
        """Turns of these sessions or said within these [start, end) spans, with their
        vectors, in time order (what a digest is made from)."""
        wanted = sorted(set(sessions))
        clauses = []
        args: list[object] = []
        if wanted:
            clauses.append(f"session IN ({','.join('?' * len(wanted))})")
            args += wanted
        for start, end in spans:
            clauses.append("(ts >= ? AND ts < ?)")
            args += [start, end]
        if not clauses:
            return []
        query = (
            f"SELECT {_ROW_COLUMNS}, vector FROM units "
            f"WHERE kind = 'turn' AND ({' OR '.join(clauses)}) ORDER BY ts, key"
        )
        return [
            (_row(*values[:-1]), np.frombuffer(values[-1], dtype=np.float32))
            for values in self.db.execute(query, args)
        ]

    def rows_for(self, keys: Iterable[str]) -> list[Row]:
        wanted = sorted(set(keys))
        found = []
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT {_ROW_COLUMNS} FROM units WHERE key IN ({marks})"
            found += [_row(*values) for values in self.db.execute(query, chunk)]
        return found

    def matrix(self, size: int) -> Vectors:
        """All vectors by row number; rows that hold no unit are zero."""
        out = np.zeros((size, self.dim), dtype=np.float32)
        for row, blob in self.db.execute("SELECT row, vector FROM units"):
            out[row] = np.frombuffer(blob, dtype=np.float32)
        return out

    def next_row(self) -> int:
        """Never a number used before: a deleted top row's number stays spent, or a saved
        HNSW graph would answer for the old vector under the new unit's row."""
        value = self.db.execute("SELECT MAX(row) FROM units").fetchone()[0]
        used = 0 if value is None else int(value) + 1
        return max(used, int(self.meta("next_row") or 0))

    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM units").fetchone()[0])

    # -- writing ---------------------------------------------------------------------------

    def update(
        self,
        upserts: list[tuple[Unit, tuple[str, ...], bytes]],
        deletes: Iterable[str] = (),
        extra_meta: dict[str, str] | None = None,
    ) -> int:
        """Apply one batch in one transaction; returns the new generation.

        A changed unit gets a new row number (rows only grow), so an HNSW graph built over
        older rows stays valid and only needs the new rows added.
        """
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            next_row = self.next_row()
            gone = list(deletes) + [unit.key for unit, _, _ in upserts]
            for start in range(0, len(gone), 500):
                chunk = gone[start : start + 500]
                cur.execute(f"DELETE FROM units WHERE key IN ({','.join('?' * len(chunk))})", chunk)
            rows = []
            for offset, (unit, tokens, blob) in enumerate(upserts):
                rows.append(
                    (
                        unit.key,
                        unit.kind,
                        unit.hash,
                        next_row + offset,
                        unit.text,
                        " ".join(tokens),
                        unit.ts,
                        unit.speaker,
                        unit.session,
                        blob,
                    )
                )
            cur.executemany("INSERT INTO units VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
            generation = self.generation + 1
            spent = str(next_row + len(upserts))
            self._set_meta({"generation": str(generation), "next_row": spent, **(extra_meta or {})})
            cur.execute("COMMIT")
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        return generation

    def clear(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("DELETE FROM units")
        self._set_meta({"generation": str(self.generation + 1), "applied": json.dumps({})})
        self.db.execute("COMMIT")
