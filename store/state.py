"""Derived, git-ignored state in .vaultweave/: read cursor, line problems, render hashes.

Everything here can be lost: without a cursor the weaver rereads every resource, and
deterministic item ids plus provenance checks make that rereading change nothing.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.resources import FilePosition, LineProblem

STATE_VERSION = 1


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("version") == STATE_VERSION else None


def _write_json(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps({"version": STATE_VERSION, **data}, ensure_ascii=False, sort_keys=True, indent=1)
    atomic_write_text(path, text)


def _cursor_digest(files: Any, commit: Any) -> str:
    """A checksum of the cursor's content: an edited or damaged cursor.json fails it (a
    cursor written before checksums has none and is checked by position alone)."""
    canonical = json.dumps({"files": files, "commit": commit}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _is_position(pos: Any) -> bool:
    return (
        isinstance(pos, list)
        and len(pos) == 2
        and all(type(n) is int and n >= 0 for n in pos)
        and (pos[0] == 0) == (pos[1] == 0)
        and pos[1] <= pos[0]
    )


@dataclass(frozen=True)
class Cursor:
    """How far each resource file has been consumed, and at which commit.

    ``damaged``: cursor.json exists but cannot be trusted (unreadable, malformed, or its
    checksum fails); positions are then empty and the weaver rebuilds them from git.
    """

    positions: dict[str, FilePosition]
    commit: str | None = None
    damaged: bool = False


class StateDir:
    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def cursor_path(self) -> Path:
        return self.root / "cursor.json"

    @property
    def problems_path(self) -> Path:
        return self.root / "problems.json"

    @property
    def rendered_path(self) -> Path:
        return self.root / "rendered.json"

    def load_cursor(self) -> Cursor:
        if not self.cursor_path.exists():
            return Cursor({})
        data = _read_json(self.cursor_path)
        files = data.get("files") if data else None
        commit = data.get("commit") if data else None
        if (
            data is None
            or not isinstance(files, dict)
            or not (commit is None or isinstance(commit, str))
            or data.get("sha256", _cursor_digest(files, commit)) != _cursor_digest(files, commit)
            or not all(_is_position(pos) for pos in files.values())
        ):
            return Cursor({}, damaged=True)
        return Cursor({rel: FilePosition(pos[0], pos[1]) for rel, pos in files.items()}, commit)

    def save_cursor(self, cursor: Cursor) -> None:
        files = {rel: [p.offset, p.line] for rel, p in sorted(cursor.positions.items())}
        digest = _cursor_digest(files, cursor.commit)
        _write_json(self.cursor_path, {"files": files, "commit": cursor.commit, "sha256": digest})

    def load_problems(self) -> list[LineProblem]:
        data = _read_json(self.problems_path)
        if data is None:
            return []
        return [LineProblem(p["path"], int(p["line"]), p["reason"]) for p in data.get("lines", [])]

    def add_problems(self, problems: list[LineProblem]) -> None:
        if not problems:
            return
        known = {(p.path, p.line): p for p in self.load_problems()}
        for problem in problems:
            known[(problem.path, problem.line)] = problem
        lines = [
            {"path": p.path, "line": p.line, "reason": p.reason}
            for p in sorted(known.values(), key=lambda p: (p.path, p.line))
        ]
        _write_json(self.problems_path, {"lines": lines})

    def load_rendered(self) -> dict[str, str]:
        """Content hash of every Markdown file as the weaver last wrote it."""
        data = _read_json(self.rendered_path)
        return dict(data.get("files", {})) if data else {}

    def save_rendered(self, hashes: dict[str, str]) -> None:
        _write_json(self.rendered_path, {"files": dict(sorted(hashes.items()))})
