"""Ingest speed: `python -m bench.ingest [--lines 20000]`.

Appends the same JSON Lines file to two fresh vaults: once line by line through
``Vault.ingest`` (one open, lock and fsync per line: the old path, the baseline) and
once through ``Vault.ingest_many`` (one lock and one fsync per resource file). Checks
that both vaults hold the same lines with the same ids.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from vaultweave.weaver.vault import Vault


def rows(count: int) -> list[dict[str, Any]]:
    return [
        {
            "text": f"note {n}: I moved to city {n % 50} and like tea number {n % 7}",
            "ts": f"2026-04-{1 + n % 3:02d}T09:{n % 60:02d}:00Z",
            "speaker": "alice",
            "role": "user",
        }
        for n in range(count)
    ]


def timed(root: Path, data: list[dict[str, Any]], batched: bool) -> tuple[float, list[str]]:
    vault = Vault.init(root)
    started = time.perf_counter()
    ids = vault.ingest_many(data) if batched else [vault.ingest(**row) for row in data]
    return time.perf_counter() - started, ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--baseline-lines", type=int, default=None, help="default: --lines")
    args = parser.parse_args()
    data = rows(args.lines)
    base_n = args.baseline_lines or args.lines
    with tempfile.TemporaryDirectory() as tmp:
        batch_s, batch_ids = timed(Path(tmp) / "batched", data, batched=True)
        base_s, base_ids = timed(Path(tmp) / "per-line", data[:base_n], batched=False)
        same = batch_ids[:base_n] == base_ids
        files = len({rid.rpartition("#L")[0] for rid in batch_ids})
    print(f"lines: {args.lines} over {files} resource files")
    print(
        f"ingest_many (batched): {batch_s:6.2f} s  {batch_s / args.lines * 1e6:8.1f} us/line"
    )
    print(
        f"ingest per line (old): {base_s:6.2f} s  {base_s / base_n * 1e6:8.1f} us/line"
        + (f"  ({base_n} lines)" if base_n != args.lines else "")
    )
    print(f"speed-up: {base_s / base_n / (batch_s / args.lines):,.0f}x")
    print("result: " + ("PASS: same ids both ways" if same else "FAIL: ids differ"))
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
