"""Event-to-visible latency of the live weaver: `python -m bench.live [--sizes 1000 100000]`.

For each vault size a vault is filled with that many items (written straight to disk
and committed once, as a fixture), a real watcher process is started on it
(bench/live_worker.py, debounce 20 ms), and then, one at a time, a resource line is
appended and the clock runs until the fact's Markdown page is rewritten *and*
committed. Prints p50 / p95 / max per size.

With the recall extra installed every cycle also embeds what it changed, and the
watcher's first cycle builds the search index of the whole vault (minutes at 100k
items). `--no-search` measures the weaver alone.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from vaultweave.store.item import Item, encode, item_id
from vaultweave.weaver.attributes import canonical_sentence
from vaultweave.weaver.pages import write_pages
from vaultweave.weaver.vault import Vault

WORKER = Path(__file__).resolve().parent / "live_worker.py"
T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
CATEGORIES = 100


def fill(root: Path, size: int) -> Vault:
    """A vault holding ``size`` current items in ``CATEGORIES`` categories, committed."""
    vault = Vault.init(root)
    for n in range(size):
        category = f"topic{n % CATEGORIES:03d}"
        subject = f"Person{n % 997}"
        value = f"thing {n}"
        source = f"resources/2025/01/01.jsonl#L{n + 1}"
        moment = T0 + timedelta(seconds=n)
        item = Item(
            id=item_id(source, subject, "likes", value),
            subject=subject,
            attribute="likes",
            value=value,
            text=canonical_sentence(subject, "likes", value),
            category=category,
            kind="preference",
            valid_from=moment,
            observed_at=moment,
            sources=(source,),
        )
        path = vault.files.path_of(item)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(encode(item))  # fixture: no fsync, one commit below
    vault.forget_loaded_items()
    write_pages(vault, [f"topic{c:03d}" for c in range(CATEGORIES)], T0)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(
        [
            "git",
            "-C",
            str(root),
            "-c",
            "gc.auto=0",
            "-c",
            "user.name=bench",
            "-c",
            "user.email=b@b",
            "commit",
            "-qm",
            "fixture",
        ],
        check=True,
    )
    # Pack the fixture's objects, as a long-lived vault would be; otherwise git's
    # automatic gc starts in the background during the measurement.
    subprocess.run(["git", "-C", str(root), "gc", "-q"], check=True)
    return vault


def _head(root: Path) -> str:
    """HEAD's commit, read from the ref files (git may pack refs at any commit)."""
    ref = (root / ".git" / "HEAD").read_text().strip().removeprefix("ref: ")
    try:
        return (root / ".git" / ref).read_text().strip()
    except FileNotFoundError:
        packed = (root / ".git" / "packed-refs").read_text()
        return next(ln.split()[0] for ln in packed.splitlines() if ln.endswith(" " + ref))


def measure(root: Path, samples: int, timeout: float = 30.0, search: bool = True) -> list[float]:
    env = {**os.environ, **({} if search else {"VAULTWEAVE_BENCH_NO_SEARCH": "1"})}
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), "watch", str(root), "0.02"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    proc.stdout.readline()  # ready
    target = root / "resources" / "2026" / "03" / "01.jsonl"
    target.parent.mkdir(parents=True, exist_ok=True)
    page = root / "categories" / "pets.md"
    latencies: list[float] = []
    try:
        for n in range(samples + 2):  # the first two warm the watcher up (it loads all items)
            before = _head(root)
            line = json.dumps(
                {
                    "text": f"I have pet number {n}",
                    "ts": f"2026-03-01T10:{n % 60:02d}:00Z",
                    "speaker": "Maya",
                    "role": "user",
                }
            )
            start = time.perf_counter()
            fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            os.write(fd, (line + "\n").encode())
            os.close(fd)
            deadline = start + (600 if n < 2 else timeout)
            while time.perf_counter() < deadline:
                if _head(root) != before and page.exists() and f"pet number {n}." in page.read_text("utf-8"):
                    break
                time.sleep(0.002)
            else:
                raise RuntimeError(f"sample {n}: not visible after {timeout} s")
            if n >= 2:
                latencies.append(time.perf_counter() - start)
            time.sleep(0.05)
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    return latencies


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 100_000])
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument(
        "--no-search",
        action="store_true",
        help="Without the search projection (no embedding per cycle; the weaver alone).",
    )
    args = parser.parse_args()
    for size in args.sizes:
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
            started = time.perf_counter()
            fill(Path(tmp) / "vault", size)
            setup = time.perf_counter() - started
            print(f"{size:>7} items: fixture ready in {setup:.0f} s, measuring", flush=True)
            lat = measure(Path(tmp) / "vault", args.samples, search=not args.no_search)
            print(
                f"{size:>7} items: p50 {statistics.median(lat) * 1000:6.1f} ms  "
                f"p95 {_pct(lat, 0.95) * 1000:6.1f} ms  max {max(lat) * 1000:6.1f} ms  "
                f"(n={len(lat)}, debounce 20 ms, "
                f"{'no search projection' if args.no_search else 'with search projection'})",
                flush=True,
            )


if __name__ == "__main__":
    main()
