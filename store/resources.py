"""Tier 1: append-only JSON Lines. Reading past a cursor, reporting malformed lines."""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ValidationError
from vaultweave.schemas.resource import ResourceLine
from vaultweave.schemas.validation import first_error
from vaultweave.store.line_checks import LineLimits, load_json, structure_problem
from vaultweave.store.paths import VaultPaths, first_link


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
        if self.line == 0:  # the whole file (a symlink), not one of its lines
            return f"{self.path}: {self.reason}"
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
    # Files never read (symlinks, unusable names), one problem each; not consumed lines.
    unread: tuple[LineProblem, ...] = ()

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
    """The resource files to read: regular ``*.jsonl`` files, reached through no symlink."""
    return walk_resources(paths)[0]


def walk_resources(paths: VaultPaths) -> tuple[list[Path], list[LineProblem]]:
    """Regular resource files, and a problem for each file that is never read.

    A symlink is never followed: one pointing outside the vault would leak a foreign
    file into facts and git, one pointing at another resource file would have its lines
    consumed twice under two names. The target, if it is a resource, is read under its
    own name; the link is reported (``status``, ``doctor``) and left alone. A file name
    that is not valid UTF-8 or holds control characters is refused the same way: it
    would go into resource ids, commit messages and reports.
    """
    top = paths.resources
    if top.is_symlink():
        return [], [LineProblem("resources", 0, _link_reason(paths, top, "folder"))]
    if not top.is_dir():
        return [], []
    files: list[Path] = []
    unread: list[LineProblem] = []
    for folder, dirnames, filenames in os.walk(top, followlinks=False):
        base = Path(folder)
        for name in dirnames:
            if (base / name).is_symlink():
                reason = _link_reason(paths, base / name, "folder")
                unread.append(LineProblem(_printable(paths.relative_lexical(base / name)), 0, reason))
        for name in filenames:
            if not name.endswith(".jsonl"):
                continue
            file = base / name
            rel = paths.relative_lexical(file)
            if not _usable_name(rel):
                reason = "file name is not valid UTF-8 or holds control characters: not read; rename it"
                unread.append(LineProblem(_printable(rel), 0, reason))
            elif file.is_symlink():
                reason = _link_reason(paths, file, "file")
                unread.append(LineProblem(paths.relative_lexical(file), 0, reason))
            elif file.is_file():
                files.append(file)
    return sorted(files), sorted(unread, key=lambda p: p.path)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _usable_name(rel: str) -> bool:
    """A path that can go into ids, commit messages and reports as it is."""
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes in the name (surrogate escapes)
        return False
    return not _CONTROL.search(rel)


def _printable(rel: str) -> str:
    text = rel.encode("utf-8", "backslashreplace").decode("utf-8")
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _link_reason(paths: VaultPaths, link: Path, kind: str) -> str:
    target = Path(os.path.realpath(link))
    root = Path(os.path.realpath(paths.root))
    if target != root and root not in target.parents:
        where = "outside the vault"
    else:
        where = _printable(target.relative_to(root).as_posix()) or "."
        if where.startswith("resources/"):
            where += " (read under its own name)"
    return f"symlinked {kind} pointing to {where}: not read; resources must be regular files"


def day_of(rel_path: str) -> datetime | None:
    """The UTC midnight a ``resources/YYYY/MM/DD.jsonl`` path names, if it names one."""
    parts = rel_path.split("/")
    try:
        year, month, day = int(parts[-3]), int(parts[-2]), int(parts[-1].split(".")[0])
        return datetime(year, month, day, tzinfo=timezone.utc)
    except (IndexError, ValueError):
        return None


def parse_line(
    rel_path: str, line_no: int, raw: bytes, limits: LineLimits | None = None
) -> Resource | LineProblem:
    limits = limits or LineLimits.default()
    too_long = limits.size_problem(len(raw))
    if too_long:
        return LineProblem(rel_path, line_no, too_long)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return LineProblem(rel_path, line_no, f"not UTF-8 ({exc.reason} at byte {exc.start})")
    data, bad_json = load_json(text)
    if bad_json:
        return LineProblem(rel_path, line_no, bad_json)
    if not isinstance(data, dict):
        return LineProblem(rel_path, line_no, f"expected a JSON object, got {type(data).__name__}")
    bad_structure = structure_problem(data, limits.max_depth)
    if bad_structure:
        return LineProblem(rel_path, line_no, bad_structure)
    try:
        parsed = ResourceLine.model_validate(data)
    except ValidationError as exc:
        return LineProblem(rel_path, line_no, _describe(exc))
    if parsed.ts is not None:
        ts, out_of_window = parsed.ts, limits.ts_problem(parsed.ts)
    else:
        day = day_of(rel_path)
        ts = day or datetime(1970, 1, 1, tzinfo=timezone.utc)
        out_of_window = limits.ts_problem(day, "no ts, and the file's day") if day else None
    if out_of_window:
        return LineProblem(rel_path, line_no, out_of_window)
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
    paths: VaultPaths,
    positions: dict[str, FilePosition],
    max_lines: int = 50_000,
    limits: LineLimits | None = None,
) -> ScanResult:
    """Read complete lines past ``positions``, in file order, at most ``max_lines`` of them."""
    limits = limits or LineLimits.default()
    resources: list[Resource] = []
    problems: list[LineProblem] = []
    new_positions = dict(positions)
    pending: list[str] = []
    budget = max_lines
    files, unread = walk_resources(paths)
    for file in files:
        if budget <= 0:
            break
        rel = paths.relative_lexical(file)
        start = positions.get(rel, FilePosition())
        for item, position in _read_from(file, rel, start, budget, limits):
            if isinstance(item, Resource):
                resources.append(item)
            elif isinstance(item, LineProblem):
                problems.append(item)
            new_positions[rel] = position
            budget -= 1
        if _has_torn_tail(file, new_positions.get(rel, start)):
            pending.append(rel)
    return ScanResult(tuple(resources), tuple(problems), new_positions, tuple(pending), tuple(unread))


def _read_from(
    file: Path, rel: str, start: FilePosition, budget: int, limits: LineLimits
) -> Iterator[tuple[Resource | LineProblem | None, FilePosition]]:
    handle = _open_plain(file)
    if handle is None:
        return  # replaced by a symlink since it was listed: the next walk reports it
    with handle:
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
        erased = raw.startswith(b'{"erased":')
        item = None if not raw.strip() or erased else _parse_guarded(rel, line_no, raw, limits)
        yield item, FilePosition(offset, line_no)


def lines_before(
    paths: VaultPaths,
    positions: dict[str, FilePosition],
    files: Iterable[str],
    limits: LineLimits | None = None,
    max_bytes: int = 16 * 1024,
) -> list[Resource]:
    """The last lines already consumed before each of ``files`` (vault-relative), at most
    ``max_bytes`` for each, in file order. They are context for reading the lines after
    them (the question a short answer replies to), never woven again; a line that does
    not parse is left out (it was reported when it was consumed).

    A file with less than ``max_bytes`` consumed is topped up from the tail of the file
    consumed before it (the previous day's, for a conversation that crossed midnight),
    unless that file is being woven too (its lines then come with the batch)."""
    limits = limits or LineLimits.default()
    wanted = set(files)
    found: list[Resource] = []
    for rel in sorted(wanted):
        here = _consumed_tail(paths, rel, positions.get(rel), max_bytes, limits)
        previous = _previous_file(rel, positions)
        room = max_bytes - sum(len(r.text.encode()) for r in here)
        if previous is not None and previous not in wanted and room > 0:
            found += _consumed_tail(paths, previous, positions[previous], room, limits)
        found += here
    return found


def _previous_file(rel: str, positions: dict[str, FilePosition]) -> str | None:
    """The consumed day file just before ``rel``'s day (any gap), or None; only day files
    (``resources/YYYY/MM/DD.jsonl``) have a day before them."""
    day = day_of(rel)
    if day is None:
        return None
    earlier = [
        (when, k)
        for k, pos in positions.items()
        if pos.offset > 0 and (when := day_of(k)) is not None and when < day
    ]
    return max(earlier)[1] if earlier else None


def _consumed_tail(
    paths: VaultPaths, rel: str, position: FilePosition | None, max_bytes: int, limits: LineLimits
) -> list[Resource]:
    """The consumed lines at the end of ``rel``'s consumed part, at most ``max_bytes``."""
    if position is None or position.offset <= 0:
        return []
    handle = _open_plain(paths.root / rel)
    if handle is None:
        return []
    with handle:
        start = max(0, position.offset - max_bytes)
        handle.seek(start)
        data = handle.read(position.offset - start)
    lines = data.split(b"\n")[:-1]  # the chunk ends at a line end: drop the empty tail
    if start > 0:
        lines = lines[1:]  # the first piece may be the end of a longer line
    first_no = position.line - len(lines) + 1
    found: list[Resource] = []
    for number, raw in enumerate(lines, start=first_no):
        raw = raw.rstrip(b"\r")
        if not raw.strip() or raw.startswith(b'{"erased":'):
            continue
        parsed = _parse_guarded(rel, number, raw, limits)
        if isinstance(parsed, Resource):
            found.append(parsed)
    return found


INTERNAL_ERROR = "could not be read (internal error, please report it)"


def _parse_guarded(rel: str, line_no: int, raw: bytes, limits: LineLimits) -> Resource | LineProblem:
    """``parse_line``, and a report instead of a stuck vault if a line still breaks it."""
    try:
        return parse_line(rel, line_no, raw, limits)
    except Exception as exc:  # noqa: BLE001 - one line must never stop every later weave
        detail = " ".join(f"{type(exc).__name__}: {exc!r}".split())[:200]
        return LineProblem(rel, line_no, f"{INTERNAL_ERROR}: {detail}")


def _open_plain(file: Path) -> BinaryIO | None:
    """``file`` opened for reading, refusing a symlink; None if it is one (or is gone)."""
    try:
        fd = os.open(file, os.O_RDONLY | _NOFOLLOW)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOENT, errno.ENOTDIR):
            return None
        raise
    return os.fdopen(fd, "rb")


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _has_torn_tail(file: Path, position: FilePosition) -> bool:
    try:
        return file.stat().st_size > position.offset
    except OSError:
        return False


def read_resource(paths: VaultPaths, rid: str) -> Resource | LineProblem | None:
    """Look one resource up by id (reads its file up to that line)."""
    rel, wanted = parse_resource_id(rid)
    file = _plain_resource(paths, rel)
    handle = _open_plain(file) if file is not None else None
    if handle is None:
        return None
    with handle:
        for line_no, raw in enumerate(handle, start=1):
            if line_no == wanted:
                if not raw.endswith(b"\n"):
                    return None
                stripped = raw.rstrip(b"\r\n")
                if not stripped.strip() or stripped.startswith(b'{"erased":'):
                    return None
                return _parse_guarded(rel, line_no, stripped, LineLimits.without_window())
    return None


def read_consumed(
    paths: VaultPaths, rel: str, upto: int, limits: LineLimits
) -> list[Resource | LineProblem]:
    """Every line of one resource file up to byte ``upto`` (what the weaver consumed),
    blank and erased lines left out; [] for a file that is no regular resource file."""
    file = _plain_resource(paths, rel)
    if file is None:
        return []
    lines: list[Resource | LineProblem] = []
    for item, position in _read_from(file, rel, FilePosition(), 1 << 62, limits):
        if position.offset > upto:
            break
        if item is not None:
            lines.append(item)
    return lines


def _plain_resource(paths: VaultPaths, rel: str) -> Path | None:
    """The file a resource id names, if it is a regular file under resources/ reached
    through no symlink (an id in an item could name anything)."""
    parts = rel.split("/")
    if parts[0] != "resources" or not rel.endswith(".jsonl") or any(p in ("", ".", "..") for p in parts):
        return None
    path = paths.root / rel
    return path if first_link(paths.root, path) is None and path.is_file() else None
