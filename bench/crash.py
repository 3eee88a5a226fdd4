"""Crash harness: SIGKILL a real weaver at random points, restart it, check nothing was lost.

`python -m bench.crash [--kills 1000] [--seed 7]` runs the long form and prints its
figures; tests/test_crash.py runs a short form. Each round starts a weaver process
(bench/live_worker.py, weaving in a loop), appends a few resource lines (through
``Vault.ingest`` and by direct O_APPEND writes, a malformed line now and then), waits
a random moment and kills the weaver's whole process group, git children included.
At the end a clean weaver finishes the work and ``verify`` checks:
- every resource line was consumed exactly once (weave commit trailers);
- the items equal those of a replay of the same resources without any crash;
- no two current items state the same fact; categories and items agree (doctor);
- git history is intact (git fsck) and nothing is left uncommitted.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from vaultweave.store.resources import resource_files
from vaultweave.weaver.doctor import check_cursor, check_git, check_items, check_pages
from vaultweave.weaver.vault import Vault

from bench.live_support import PhraseExtractor

WORKER = Path(__file__).resolve().parent / "live_worker.py"
AFTER_COMMIT_SHARE = 0.3  # rounds that let a commit happen before the kill
START = datetime(2026, 1, 1, 8, 0, tzinfo=timezone.utc)
# Upkeep passes (decay, dedupe, archive) run on activity counts and the wall clock, so a
# crashed run and its replay would hold them at different moments: both turn them off,
# and the comparison is of the weaving alone.
NO_UPKEEP = "[upkeep]\ntrigger_every = 0\n"


@dataclass
class CrashStats:
    kills: int = 0
    lines: int = 0
    commits: int = 0
    seconds: float = 0.0
    stale_locks_seen: int = 0
    delay: float = 0.0  # kills land 0..delay seconds after a weaver is ready
    failures: list[str] = field(default_factory=list)


class Feeder:
    """Appends a deterministic, time-ordered stream of resource lines."""

    def __init__(self, vault: Vault, seed: int) -> None:
        self.vault = vault
        self.rng = random.Random(seed)
        self.n = 0

    def _text(self) -> str:
        n, pick = self.n, self.rng.random()
        if pick < 0.25:
            return f"I work at Company{self.rng.randrange(8)}"
        if pick < 0.45:
            return f"I like thing{self.rng.randrange(30)}"
        if pick < 0.55:
            return f"I no longer like thing{self.rng.randrange(30)}"
        if pick < 0.7:
            return f"I live in City{self.rng.randrange(6)}"
        if pick < 0.85:
            return f"I have pet{n}"
        return f"chatter {n}"

    def append(self, count: int) -> None:
        for _ in range(count):
            self.n += 1
            ts = START + timedelta(minutes=7 * self.n)
            fields = {"text": self._text(), "ts": ts.isoformat(), "speaker": "Maya", "role": "user"}
            choice = self.rng.random()
            if choice < 0.5:
                self.vault.ingest(**fields)
                continue
            target = self.vault.paths.resource_file(ts)
            target.parent.mkdir(parents=True, exist_ok=True)
            line = "{not json" if choice > 0.97 else json.dumps(fields)
            fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, (line + "\n").encode("utf-8"))  # one write of a whole line
            finally:
                os.close(fd)


def _start(root: Path, search: bool) -> tuple[subprocess.Popen[str], queue.Queue[str]]:
    env = {**os.environ, **({} if search else {"VAULTWEAVE_BENCH_NO_SEARCH": "1"})}
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), "loop", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
        env=env,
    )
    assert proc.stdout is not None
    if not proc.stdout.readline().startswith("ready"):
        proc.kill()
        raise RuntimeError("weaver worker did not start")
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_pump, args=(proc, lines), daemon=True).start()
    return proc, lines


def _pump(proc: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.put(line)


def _wait_for_commit(lines: queue.Queue[str], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            if lines.get(timeout=left).startswith("commit"):
                return True
        except queue.Empty:
            return False
    return False


def crash_run(
    root: Path,
    kills: int,
    seed: int = 7,
    max_delay: float = 0.4,
    search: bool = True,
    progress: bool = False,
) -> CrashStats:
    stats = CrashStats()
    started = time.monotonic()
    root.mkdir(parents=True, exist_ok=True)
    (root / "vault.toml").write_text(NO_UPKEEP, encoding="utf-8")
    vault = Vault.init(root)
    feeder = Feeder(vault, seed)
    rng = random.Random(seed + 1)
    # Calibrate: how long from a started weaver to its first commit. Kills then land
    # anywhere in up to three times that, so every stage of a cycle gets hit.
    proc, lines = _start(root, search)
    begun = time.monotonic()
    feeder.append(5)
    _wait_for_commit(lines, 600)
    span = max(max_delay, 3 * (time.monotonic() - begun))
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    stats.delay = span
    for round_ in range(kills):
        proc, lines = _start(root, search)
        feeder.append(rng.randrange(1, 12))
        if rng.random() < AFTER_COMMIT_SHARE:
            # Let a cycle commit, then kill just after: between the commit and the cursor
            # save, or in the next cycle. Also drains the backlog now and then.
            _wait_for_commit(lines, 10 * span)
            time.sleep(rng.uniform(0, 0.05))
        else:
            time.sleep(rng.uniform(0, span))
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if (root / ".git" / "index.lock").exists():
            stats.stale_locks_seen += 1
        stats.kills += 1
        if progress and (round_ + 1) % 100 == 0:
            print(f"  {round_ + 1} kills, {feeder.n} lines, {time.monotonic() - started:.0f} s", flush=True)
    final = Vault.open(root)
    final.weave_all(PhraseExtractor())
    stats.lines = feeder.n
    stats.commits = len(final.log(10**6))
    stats.failures = verify(final, seed)
    stats.seconds = time.monotonic() - started
    return stats


def _consumed_ids(vault: Vault) -> Counter[str]:
    seen: Counter[str] = Counter()
    for commit in vault.log(10**6):
        for line in commit.message.splitlines():
            if line.startswith("Consumed: "):
                path, _, span = line.removeprefix("Consumed: ").rpartition("#")
                first, _, last = span.partition("-")
                lo, hi = int(first[1:]), int((last or first)[1:])
                seen.update(f"{path}#L{n}" for n in range(lo, hi + 1))
            elif line.startswith("Skipped: "):
                where = line.removeprefix("Skipped: ").split(": ", 1)[0]
                path, _, n = where.rpartition(":")
                seen[f"{path}#L{n}"] += 1
    return seen


def _all_line_ids(vault: Vault) -> set[str]:
    ids = set()
    for file in resource_files(vault.paths):
        rel = vault.paths.relative(file)
        lines = file.read_bytes().split(b"\n")[:-1]
        ids.update(f"{rel}#L{n}" for n, raw in enumerate(lines, start=1) if raw.strip())
    return ids


def _replay(vault: Vault) -> dict[str, tuple[str, str, str]]:
    """The same resources woven in one go without crashes, in a fresh vault."""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "replay").mkdir()
        (Path(tmp) / "replay" / "vault.toml").write_text(NO_UPKEEP, encoding="utf-8")
        clean = Vault.init(Path(tmp) / "replay")
        for file in resource_files(vault.paths):
            target = clean.root / vault.paths.relative(file)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(file.read_bytes())
        clean.weave_all(PhraseExtractor())
        return _fingerprint(clean)


def _fingerprint(vault: Vault) -> dict[str, tuple[str, str, str]]:
    return {i.id: (i.status.value, i.value, i.superseded_by) for i in vault.items(status="all")}


def verify(vault: Vault, seed: int = 0) -> list[str]:
    """Every way the vault could be wrong after the crashes, one line each (empty: none)."""
    failures: list[str] = []
    consumed = _consumed_ids(vault)
    expected = _all_line_ids(vault)
    twice = sorted(rid for rid, n in consumed.items() if n > 1)
    missing = sorted(expected - set(consumed))
    extra = sorted(set(consumed) - expected)
    if twice:
        failures.append(f"{len(twice)} lines consumed more than once, e.g. {twice[:3]}")
    if missing:
        failures.append(f"{len(missing)} lines never consumed, e.g. {missing[:3]}")
    if extra:
        failures.append(f"{len(extra)} consumed ids that are no line, e.g. {extra[:3]}")
    ours, replay = _fingerprint(vault), _replay(vault)
    if ours != replay:
        diff = sorted(set(ours.items()) ^ set(replay.items()))
        failures.append(f"items differ from a crash-free replay in {len(diff)} entries, e.g. {diff[:2]}")
    facts = Counter(
        (i.subject.casefold(), i.attribute, i.value.casefold()) for i in vault.items(status="current")
    )
    doubled = [f for f, n in facts.items() if n > 1]
    if doubled:
        failures.append(f"duplicate current facts: {doubled[:3]}")
    for check in (check_items, check_pages, check_cursor, check_git):
        failures.extend(str(p) for p in check(vault))
    dirty = vault.repo.dirty_paths("items", "categories", "index.md")
    if dirty:
        failures.append(f"uncommitted after the final weave: {dirty[:5]}")
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-delay", type=float, default=0.4)
    parser.add_argument(
        "--search",
        action="store_true",
        help="Keep the search projection in the weaver (each start loads the embedding model).",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        stats = crash_run(
            Path(tmp) / "vault", args.kills, args.seed, args.max_delay, args.search, progress=True
        )
    print(f"kills: {stats.kills} ({'with' if args.search else 'without'} the search projection)")
    print(f"resource lines: {stats.lines}")
    print(f"commits: {stats.commits}")
    print(f"kill moments: uniform in 0..{stats.delay:.2f} s after the weaver is ready")
    print(f"stale .git/index.lock left by a kill: {stats.stale_locks_seen}")
    print(f"time: {stats.seconds:.1f} s")
    print("result: " + ("PASS" if not stats.failures else "FAIL"))
    for failure in stats.failures:
        print(f"  {failure}")
    sys.exit(1 if stats.failures else 0)


if __name__ == "__main__":
    main()
