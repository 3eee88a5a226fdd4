"""Hostile resource lines against a real vault: nothing stuck, lost, doubled or leaked.

``fuzz_lines(count, seed, workdir)`` writes ``count`` generated lines (bench/fuzz/
line_kinds.py) into a vault's resource files in batches, weaving with the rules
extractor after each batch. Between batches it also plants symlinked resource files
and folders (pointing outside the vault, into a sentinel folder, and at other resource
files), appends through ``Vault.ingest_many`` (hostile fields must be refused whole),
leaves torn last lines that the next batch completes, and damages the cursor. After
each weave it runs ``status``, the doctor's checks and ``vaultweave status`` through the
CLI. It counts:

- stuck: a weave that does not drain the complete lines, or lines still pending at the end;
- tracebacks: any exception other than a ``VaultError`` where one is expected, a CLI
  run that did not end in a one-line error, a line reported as an internal error;
- lost / twice: lines (every non-blank complete line of every regular resource file)
  never consumed, or consumed more than once, counted from the cycles' own reports;
- through_links: lines consumed under a symlinked path;
- outside_writes: files created, changed or removed in the sentinel folder beside the
  vault (snapshotted before and after), or beside the vault in the work folder;
- altered: resource bytes changed by a weave (resources are append-only).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner
from vaultweave.store.errors import InvalidResourceError, SymlinkRefusedError
from vaultweave.store.resources import INTERNAL_ERROR, LineProblem
from vaultweave.weaver.cli import cli
from vaultweave.weaver.cycle import CycleReport
from vaultweave.weaver.doctor import (
    check_cursor,
    check_git,
    check_items,
    check_pages,
    check_resources,
    diagnose,
)
from vaultweave.weaver.vault import Vault

from bench.fuzz.line_kinds import hostile_line, turn

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
# Upkeep passes are another bench's subject; several cycles per batch let the cursor be
# damaged between them.
VAULT_TOML = "[upkeep]\ntrigger_every = 0\n\n[weaver]\nmax_lines_per_cycle = 8000\n"
CHECKS = [check_items, check_pages, check_cursor, check_resources, check_git]
ODD_FILES = ["resources/odd/name.jsonl", "resources/2026/02/30.jsonl", "resources/9999/12/31.jsonl"]


@dataclass
class LineFigures:
    lines: int = 0  # generated lines written to resource files (blank ones included)
    woven: int = 0  # consumed as resources
    reported: int = 0  # consumed as problems: file:line: reason
    blank: int = 0  # blank lines: neither, by design
    stuck: int = 0
    tracebacks: int = 0
    lost: int = 0
    twice: int = 0
    through_links: int = 0
    outside_writes: int = 0
    altered: int = 0
    links_planted: int = 0
    links_unreported: int = 0
    ingest_refused: int = 0  # hostile lines given to ingest_many, refused whole
    cursor_damaged: int = 0
    weaves: int = 0
    seconds: float = 0.0  # wall clock
    cpu_seconds: float = 0.0  # this process and its children (git): the load-free cost

    def failures(self) -> dict[str, int]:
        keys = ("stuck", "tracebacks", "lost", "twice", "through_links", "outside_writes", "altered")
        return {k: getattr(self, k) for k in keys if getattr(self, k)} | (
            {"links_unreported": self.links_unreported} if self.links_unreported else {}
        )


class _Run:
    def __init__(self, workdir: Path, seed: int, search: bool, sample: list[str]) -> None:
        self.rng = random.Random(seed)
        self.figures = LineFigures()
        self.consumed: Counter[str] = Counter()
        self.woven: set[str] = set()
        self.reported: set[str] = set()
        self.samples = sample  # a few first failure details, for the report
        self.sentinel = workdir / "sentinel"
        self.links: list[str] = []  # vault-relative symlinks we planted
        self._plant_sentinel()
        root = workdir / "vault"
        root.mkdir(parents=True)
        (root / "vault.toml").write_text(VAULT_TOML, encoding="utf-8")
        self.vault = Vault.init(root, clock=lambda: NOW)
        if not search:
            self.vault.projections.clear()  # the search index is the recall benches' subject
        self.workdir = workdir
        self.before = _snapshot(self.sentinel)
        self.beside = sorted(p.name for p in workdir.iterdir())
        self.torn: tuple[Path, bytes] | None = None

    def _plant_sentinel(self) -> None:
        (self.sentinel / "dir").mkdir(parents=True)
        lines = [json.dumps({"text": f"I live in Secretville {n}.", "speaker": "Outsider"}) for n in range(3)]
        (self.sentinel / "outside.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (self.sentinel / "dir" / "01.jsonl").write_text(lines[0] + "\n", encoding="utf-8")

    # -- one batch -------------------------------------------------------------------------

    def batch(self, number: int, size: int) -> None:
        files = self._files_for(number)
        if self.torn is not None:  # finish the line a "writer" left half-written last time
            path, rest = self.torn
            _append(path, rest + b"\n")
            self.torn = None
        for n in range(size):
            _, raw = hostile_line(self.rng, NOW)
            self.figures.lines += 1
            target = files[0] if self.rng.random() < 0.8 else self.rng.choice(files)
            if n == size - 1 and self.rng.random() < 0.3:
                cut = self.rng.randrange(0, len(raw) + 1)
                _append(target, raw[:cut])  # torn: no newline yet
                self.torn = (target, raw[cut:])
            else:
                _append(target, raw + b"\n")
        self._ingest_through_api()
        self._plant_link(number)
        self._weave_and_check()

    def _files_for(self, number: int) -> list[Path]:
        day = NOW - timedelta(days=3 * number + 1)
        main = self.vault.paths.resource_file(day)
        older = sorted(p for p in self.vault.paths.resources.rglob("*.jsonl") if not p.is_symlink())[:5]
        odd = self.vault.root / self.rng.choice(ODD_FILES)
        return [main, odd, *[p for p in older if not _under_link(self.vault.root, p)]]

    def _ingest_through_api(self) -> None:
        good = [turn(self.rng, NOW) for _ in range(self.rng.randrange(1, 20))]
        try:
            self.vault.ingest_many(good)
            self.figures.lines += len(good)
        except Exception as exc:  # noqa: BLE001 - a bench counts, it does not stop
            self._traceback("ingest_many(valid)", exc)
        hostile = dict(turn(self.rng, NOW))
        field, value = self.rng.choice(
            [
                ("ts", "0001-01-01T00:00:00+05:00"),
                ("ts", "9999-12-31T23:59:59-05:00"),
                ("ts", (NOW + timedelta(days=30)).isoformat()),
                ("ts", "1850-06-01T00:00:00Z"),
                ("meta", json.loads("[" * 200 + "]" * 200)),
                ("text", "caf\ud800"),
                ("text", ""),
                ("speaker", ["not", "a", "name"]),
            ]
        )
        hostile[field] = value
        try:
            self.vault.ingest_many([dict(turn(self.rng, NOW)), hostile])
            self._fail("ingest_many accepted a hostile line", f"{field}={str(value)[:60]!r}")
        except InvalidResourceError:
            self.figures.ingest_refused += 1
        except Exception as exc:  # noqa: BLE001
            self._traceback(f"ingest_many({field})", exc)

    def _plant_link(self, number: int) -> None:
        root = self.vault.root
        kind = number % 4
        if kind == 0:  # a regular file whose name cannot go into ids and commit messages
            folder = os.fsencode(self.vault.paths.resources / "2026" / "names")
            name = self.rng.choice([b"\xff%d.jsonl", b"line\nConsumed: x%d.jsonl", b"nul\x01%d.jsonl"])
            os.makedirs(folder, exist_ok=True)
            path = folder + b"/" + name % number
            with open(path, "wb") as handle:
                handle.write(json.dumps(turn(self.rng, NOW)).encode() + b"\n")
            self.links.append(_printable(os.fsdecode(path)[len(str(root)) + 1 :]))
            self.figures.links_planted += 1
            return
        if kind == 1:  # a resource file pointing outside the vault
            link = root / f"resources/2026/links/out{number}.jsonl"
            target = self.sentinel / "outside.jsonl"
        elif kind == 2:  # a resource file pointing at another resource file
            plain = [p for p in self.vault.paths.resources.rglob("*.jsonl") if not p.is_symlink()]
            if not plain:
                return
            link = root / f"resources/2026/links/twin{number}.jsonl"
            target = self.rng.choice(sorted(plain))
        else:  # a folder pointing outside
            link = root / f"resources/2024/{number:02d}"
            target = self.sentinel / "dir"
        link.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, link)
        self.links.append(link.relative_to(root).as_posix())
        self.figures.links_planted += 1
        if kind == 1:  # appending through it must be refused, and the outside file untouched
            day = f"2025/{number % 12 + 1:02d}/15"
            day_link = root / "resources" / f"{day}.jsonl"
            day_link.parent.mkdir(parents=True, exist_ok=True)
            if not day_link.exists() and not day_link.is_symlink():
                os.symlink(self.sentinel / "outside.jsonl", day_link)
                self.links.append(day_link.relative_to(root).as_posix())
                self.figures.links_planted += 1
            try:
                self.vault.ingest("I live in Leakville.", ts=f"{day.replace('/', '-')}T10:00:00Z")
                self._fail("ingest wrote through a symlink", day)
            except SymlinkRefusedError:
                self.figures.ingest_refused += 1
            except Exception as exc:  # noqa: BLE001
                self._traceback("ingest through a link", exc)

    def _damage_cursor(self) -> None:
        path = self.vault.state.cursor_path
        if not path.exists():
            return
        self.figures.cursor_damaged += 1
        data = json.loads(path.read_text(encoding="utf-8"))
        how = self.rng.randrange(5)
        if how == 0:
            path.write_bytes(os.urandom(64))
        elif how == 1:
            path.write_text(path.read_text(encoding="utf-8")[: self.rng.randrange(1, 40)], encoding="utf-8")
        elif how in (2, 3) and data.get("files"):
            rel = self.rng.choice(sorted(data["files"]))
            offset, line = data["files"][rel]
            data["files"][rel] = [max(offset - self.rng.randrange(1, 30), 1), line]  # mid-line
            if how == 3:
                del data["sha256"]  # as a cursor from before checksums
            path.write_text(json.dumps(data), encoding="utf-8")
        else:
            data["files"] = {rel: ["x", None] for rel in data.get("files", {})}
            path.write_text(json.dumps(data), encoding="utf-8")

    # -- weaving and checking -------------------------------------------------------------

    def _weave_and_check(self) -> None:
        before = _resource_digest(self.vault)
        self.weave_until_drained()
        if _resource_digest(self.vault) != before:
            self.figures.altered += 1
            self._fail("a weave changed resource bytes", "")
        self._check_status()
        try:
            diagnose(self.vault, CHECKS)
        except Exception as exc:  # noqa: BLE001
            self._traceback("doctor", exc)
        result = CliRunner().invoke(cli, ["status", "--vault", str(self.vault.root)])
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        if result.exit_code != 0 or crashed:
            self._traceback("vaultweave status", result.exception or RuntimeError(result.output[-200:]))

    def weave_until_drained(self) -> None:
        limit = self.figures.lines // self.vault.config.weaver.max_lines_per_cycle + 10
        for _ in range(limit):
            if self.rng.random() < 0.4:
                self._damage_cursor()
            try:
                report = self.vault.weave(llm=False)
            except Exception as exc:  # noqa: BLE001
                self._traceback("weave", exc)
                self.figures.stuck += 1
                return
            self.figures.weaves += 1
            self._count(report)
            if report.consumed == 0:
                return
        self.figures.stuck += 1
        self._fail("weave did not drain", f"{limit} cycles")

    def _count(self, report: CycleReport) -> None:
        for resource in report.resources:
            self.consumed[resource.id] += 1
            self.woven.add(resource.id)
        for problem in report.problems:
            rid = f"{problem.path}#L{problem.line}"
            self.consumed[rid] += 1
            self.reported.add(rid)
            if problem.reason.startswith(INTERNAL_ERROR):
                self._traceback("reader", RuntimeError(str(problem)))

    def _check_status(self) -> None:
        try:
            status = self.vault.status()
        except Exception as exc:  # noqa: BLE001
            self._traceback("status", exc)
            return
        listed = {p.path for p in status.line_problems if isinstance(p, LineProblem) and p.line == 0}
        missing = [link for link in self.links if link not in listed]
        self.figures.links_unreported = len(missing)

    # -- the end ---------------------------------------------------------------------------

    def finish(self) -> None:
        if self.torn is not None:
            path, rest = self.torn
            _append(path, rest + b"\n")
            self.torn = None
        self.weave_until_drained()
        try:
            if self.vault.status().pending_lines:
                self.figures.stuck += 1
        except Exception as exc:  # noqa: BLE001
            self._traceback("status", exc)
        expected, blank = _expected_ids(self.vault)
        self.figures.blank = blank
        linked = tuple(self.links)
        self.figures.through_links = sum(1 for rid in self.consumed if rid.startswith(linked))
        self.figures.lost = len(expected - set(self.consumed))
        self.figures.twice = sum(1 for n in self.consumed.values() if n > 1)
        self.figures.woven = len(self.woven & expected)
        self.figures.reported = len(self.reported & expected)
        after = _snapshot(self.sentinel)
        self.figures.outside_writes = len(set(self.before.items()) ^ set(after.items()))
        beside = sorted(p.name for p in self.workdir.iterdir())
        self.figures.outside_writes += len(set(beside) ^ set(self.beside))
        for what, count in (("lost", self.figures.lost), ("twice", self.figures.twice)):
            if count:
                ids = sorted(expected - set(self.consumed)) if what == "lost" else [
                    r for r, n in self.consumed.items() if n > 1
                ]
                self._fail(f"lines {what}", ", ".join(ids[:3]))

    def _traceback(self, where: str, exc: BaseException) -> None:
        self.figures.tracebacks += 1
        self._fail(f"{where} raised", f"{type(exc).__name__}: {str(exc)[:160]}")

    def _fail(self, what: str, detail: str) -> None:
        if len(self.samples) < 10:
            self.samples.append(f"{what}: {detail}")


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _append(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def _printable(rel: str) -> str:
    """As the reader shows an unusable name: undecodable bytes and controls escaped."""
    text = rel.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(f"\\x{ord(c):02x}" if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in text)


def _under_link(root: Path, path: Path) -> bool:
    current = root
    for part in path.relative_to(root).parts:
        current = current / part
        if current.is_symlink():
            return True
    return False


def _regular_resource_files(vault: Vault) -> list[Path]:
    """Regular ``*.jsonl`` files under resources/ reached through no link, whose names
    can be ids (the others are planted on purpose and must never be read)."""
    found = []
    for folder, _, names in os.walk(vault.paths.resources, followlinks=False):
        for name in names:
            path = Path(folder) / name
            rel = path.relative_to(vault.root).as_posix()
            if name.endswith(".jsonl") and not path.is_symlink() and _printable(rel) == rel:
                found.append(path)
    return sorted(found)


def _expected_ids(vault: Vault) -> tuple[set[str], int]:
    """Every non-blank complete line of every regular resource file, and the blank count."""
    ids: set[str] = set()
    blank = 0
    for file in _regular_resource_files(vault):
        rel = file.relative_to(vault.root).as_posix()
        for number, raw in enumerate(file.read_bytes().split(b"\n")[:-1], start=1):
            if raw.rstrip(b"\r").strip():
                ids.add(f"{rel}#L{number}")
            else:
                blank += 1
    return ids, blank


def _resource_digest(vault: Vault) -> str:
    digest = hashlib.sha256()
    for file in _regular_resource_files(vault):
        digest.update(file.relative_to(vault.root).as_posix().encode())
        digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()


def _snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder`` (links not followed): its kind and content hash."""
    seen: dict[str, str] = {}
    for current, dirs, names in os.walk(folder, followlinks=False):
        for name in dirs + names:
            path = Path(current) / name
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink():
                seen[rel] = "link:" + os.readlink(path)
            elif path.is_file():
                seen[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                seen[rel] = "dir"
    return seen


def fuzz_lines(
    count: int, seed: int, workdir: Path, batch: int = 20_000, search: bool = False
) -> tuple[LineFigures, list[str]]:
    """Run the bench in ``workdir`` (which must be empty or absent); figures and samples."""
    started, cpu = time.monotonic(), _cpu()
    workdir.mkdir(parents=True, exist_ok=True)
    samples: list[str] = []
    run = _Run(workdir, seed, search, samples)
    number = 0
    written = 0
    while written < count:
        size = min(batch, count - written)
        run.batch(number, size)
        written += size
        number += 1
    run.finish()
    run.figures.seconds = time.monotonic() - started
    run.figures.cpu_seconds = _cpu() - cpu
    return run.figures, samples

