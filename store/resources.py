"""Tier 1: append-only JSON Lines. Reading past a cursor, reporting malformed lines."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from vaultweave.schemas.resource import ResourceLine
from vaultweave.schemas.validation import first_error
from vaultweave.store.paths import VaultPaths


@dataclass(frozen=True)
class Resource:
    """One valid resource line, addressed by ``<relative path>#L<line>``."""

    id: str
    path: str
    line: int
    text: str
    ts: datetime
    role: str | None = None
    speaker: str | None = None
    session: str | None = None
    source: str | None = None
    meta: dict[str, Any] | None = None


@dataclass(frozen=True)
class LineProblem:
    """A line that could not be read as a resource; it is skipped, never rewritten."""

    path: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}"


@dataclass(frozen=True)
class FilePosition:
    offset: int = 0  # bytes consumed
    line: int = 0  # complete lines consumed


@dataclass(frozen=True)
class ScanResult:
    resources: tuple[Resource, ...]
    problems: tuple[LineProblem, ...]
    positions: dict[str, FilePosition] = field(default_factory=dict)
    # Files with a torn (unterminated) last line, left for a later cycle.
    pending: tuple[str, ...] = ()

    @property
    def consumed_lines(self) -> int:
        return len(self.resources) + len(self.problems)


def resource_id(rel_path: str, line: int) -> str:
    return f"{rel_path}#L{line}"


def parse_resource_id(rid: str) -> tuple[str, int]:
    path, _, line = rid.rpartition("#L")
    if not path or not line.isdigit():
        raise ValueError(f"not a resource id: {rid!r}")
    return path, int(line)


def resource_files(paths: VaultPaths) -> list[Path]:
    if not paths.resources.is_dir():
        return []
    return sorted(p for p in paths.resources.rglob("*.jsonl") if p.is_file())


def day_of(rel_path: str) -> datetime | None:
    """The UTC midnight a ``resources/YYYY/MM/DD.jsonl`` path names, if it names one."""
    parts = rel_path.split("/")
    try:
        year, month, day = int(parts[-3]), int(parts[-2]), int(parts[-1].split(".")[0])
        return datetime(year, month, day, tzinfo=timezone.utc)
    except (IndexError, ValueError):
        return None


def parse_line(rel_path: str, line_no: int, raw: bytes) -> Resource | LineProblem:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return LineProblem(rel_path, line_no, f"not UTF-8 ({exc.reason} at byte {exc.start})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return LineProblem(rel_path, line_no, f"bad JSON ({exc.msg} at column {exc.colno})")
    if not isinstance(data, dict):
        return LineProblem(rel_path, line_no, f"expected a JSON object, got {type(data).__name__}")
    try:
        parsed = ResourceLine.model_validate(data)
    except ValidationError as exc:
        return LineProblem(rel_path, line_no, _describe(exc))
    ts = parsed.ts or day_of(rel_path) or datetime(1970, 1, 1, tzinfo=timezone.utc)
    return Resource(
        id=resource_id(rel_path, line_no),
        path=rel_path,
        line=line_no,
        text=parsed.text,
        ts=ts,
        role=parsed.role,
        speaker=parsed.speaker,
        session=parsed.session,
        source=parsed.source,
        meta=parsed.meta,
    )


def _describe(exc: ValidationError) -> str:
    error = first_error(exc, "line")
    return f"no {error.where}" if error.missing else f"bad {error.where} ({error.message})"


def scan(
    paths: VaultPaths, positions: dict[str, FilePosition], max_lines: int = 50_000
) -> ScanResult:
    """Read complete lines past ``positions``, in file order, at most ``max_lines`` of them."""
    resources: list[Resource] = []
    problems: list[LineProblem] = []
    new_positions = dict(positions)
    pending: list[str] = []
    budget = max_lines
    for file in resource_files(paths):
        if budget <= 0:
            break
        rel = paths.relative(file)
        start = positions.get(rel, FilePosition())
        for item, position in _read_from(file, rel, start, budget):
            if isinstance(item, Resource):
                resources.append(item)
            elif isinstance(item, LineProblem):
                problems.append(item)
            new_positions[rel] = position
            budget -= 1
        if _has_torn_tail(file, new_positions.get(rel, start)):
            pending.append(rel)
    return ScanResult(tuple(resources), tuple(problems), new_positions, tuple(pending))


def _read_from(
    file: Path, rel: str, start: FilePosition, budget: int
) -> Iterator[tuple[Resource | LineProblem | None, FilePosition]]:
    with file.open("rb") as handle:
        handle.seek(start.offset)
        data = handle.read()
    offset, line_no = start.offset, start.line
    cursor = 0
    while budget > 0:
        end = data.find(b"\n", cursor)
        if end < 0:
            return  # torn or empty tail: wait until the writer finishes the line
        raw = data[cursor:end].rstrip(b"\r")
        line_no += 1
        offset += end + 1 - cursor
        cursor = end + 1
        budget -= 1
        # A blank line, or one erased for privacy (store/erasure.py), holds nothing.
        item = None if not raw.strip() or raw.startswith(b'{"erased":') else parse_line(
            rel, line_no, raw
        )
        yield item, FilePosition(offset, line_no)


def _has_torn_tail(file: Path, position: FilePosition) -> bool:
    try:
        return file.stat().st_size > position.offset
    except OSError:
        return False


def read_resource(paths: VaultPaths, rid: str) -> Resource | LineProblem | None:
    """Look one resource up by id (reads its file up to that line)."""
    rel, wanted = parse_resource_id(rid)
    file = paths.root / rel
    if not file.is_file():
        return None
    with file.open("rb") as handle:
        for line_no, raw in enumerate(handle, start=1):
            if line_no == wanted:
                if not raw.endswith(b"\n"):
                    return None
                stripped = raw.rstrip(b"\r\n")
                if not stripped.strip() or stripped.startswith(b'{"erased":'):
                    return None
                return parse_line(rel, line_no, stripped)
    return None
