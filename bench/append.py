"""Concurrent appenders: `python -m bench.append [--writers 8] [--lines 10000]`.

Half the writer processes append straight to the resource file (one write(2) of a
whole line on an O_APPEND descriptor, the rule in docs/LIVE.md), half go through
``Vault.ingest``. Some lines are longer than PIPE_BUF (4 KiB). Afterwards every line
must be there exactly once, whole, in each writer's order, and a weave must read
them all. tests/test_concurrency.py runs a short form.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from vaultweave.weaver.vault import Vault

TS = "2026-04-01T09:00:00Z"
TARGET = "resources/2026/04/01.jsonl"


def _payload(writer: int, seq: int) -> dict[str, str]:
    pad = "x" * (5000 if seq % 97 == 0 else (seq * 31) % 300)  # a few lines past PIPE_BUF
    return {
        "text": f"w{writer} n{seq} {pad}",
        "ts": TS,
        "speaker": f"writer{writer}",
        "role": "user",
    }


def direct_writer(root: str, writer: int, lines: int) -> None:
    fd = os.open(Path(root) / TARGET, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        for seq in range(lines):
            data = (json.dumps(_payload(writer, seq)) + "\n").encode("utf-8")
            if os.write(fd, data) != len(data):  # whole line, one write
                raise OSError("short write")
    finally:
        os.close(fd)


def ingest_writer(root: str, writer: int, lines: int) -> None:
    vault = Vault.open(root)
    for seq in range(lines):
        vault.ingest(**_payload(writer, seq))


@dataclass(frozen=True)
class AppendResult:
    lines: int
    seconds: float
    problems: tuple[str, ...]


def hammer(root: Path, writers: int, lines: int) -> AppendResult:
    Vault.init(root)
    (root / TARGET).parent.mkdir(parents=True, exist_ok=True)
    ctx = multiprocessing.get_context("fork")
    procs = [
        ctx.Process(target=direct_writer if w % 2 == 0 else ingest_writer, args=(str(root), w, lines))
        for w in range(writers)
    ]
    started = time.perf_counter()
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join()
    seconds = time.perf_counter() - started
    problems = [f"writer {w} exited {p.exitcode}" for w, p in enumerate(procs) if p.exitcode]
    problems += check(root / TARGET, writers, lines)
    return AppendResult(writers * lines, seconds, tuple(problems))


def check(path: Path, writers: int, lines: int) -> list[str]:
    """Every line whole, once, and in its writer's order."""
    problems: list[str] = []
    raw = path.read_bytes()
    if not raw.endswith(b"\n"):
        problems.append("file does not end with a newline")
    last = {w: -1 for w in range(writers)}
    seen = 0
    for number, line in enumerate(raw.split(b"\n")[:-1], start=1):
        try:
            text = json.loads(line)["text"]
            w_part, n_part, pad = text.split(" ", 2)
            writer, seq = int(w_part[1:]), int(n_part[1:])
        except (ValueError, KeyError) as exc:
            problems.append(f"line {number} is not one whole line ({exc})")
            continue
        if pad != _payload(writer, seq)["text"].split(" ", 2)[2]:
            problems.append(f"line {number} lost bytes")
        if seq != last[writer] + 1:
            problems.append(f"line {number}: writer {writer} jumped from {last[writer]} to {seq}")
        last[writer] = seq
        seen += 1
    if seen != writers * lines:
        problems.append(f"{seen} lines found, {writers * lines} written")
    return problems[:20]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--lines", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "vault"
        result = hammer(root, args.writers, args.lines)
        print(
            f"writers: {args.writers} ({args.writers // 2 + args.writers % 2} direct O_APPEND, "
            f"{args.writers // 2} Vault.ingest), lines each: {args.lines}"
        )
        print(
            f"appended {result.lines} lines in {result.seconds:.1f} s "
            f"({result.lines / result.seconds:,.0f} lines/s)"
        )
        started = time.perf_counter()
        vault = Vault.open(root)
        status = vault.status()
        print(
            f"pending for the weaver: {status.pending_lines} lines, "
            f"{len(status.line_problems)} unreadable "
            f"({time.perf_counter() - started:.1f} s to scan)"
        )
        ok = not result.problems and status.pending_lines == result.lines and not status.line_problems
        print("result: " + ("PASS: no line lost, torn or interleaved" if ok else "FAIL"))
        for problem in result.problems:
            print(f"  {problem}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
