"""Consolidation pass time at scale, and what it does to search.

    python -m bench.upkeep [--items 100000] [--similarity vectors|model|off] [--keep DIR]

Builds a vault of --items items (20 categories, mixed kinds, ages spread over a year,
1% planted near-duplicates and 1% planted merge pairs), commits it, then times:
the pure plan, the whole pass (plan + item writes + re-render + one git commit), and,
when the recall extra's search is present, search latency and index size before and
after the pass. ``vectors`` uses synthetic 384-d unit vectors (the pairwise cost is the
same as with real embeddings); ``model`` embeds every text with the packaged model.
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import numpy as np
from vaultweave.store.item import Item, encode
from vaultweave.weaver.transaction import render_categories
from vaultweave.weaver.upkeep.plan import Rule, plan_consolidation
from vaultweave.weaver.upkeep.similar import embedding_pairs, vector_pairs
from vaultweave.weaver.vault import Vault

NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)
KINDS = (("fact", 0.6), ("preference", 0.5), ("event", 0.5), ("identity", 0.8), ("transient", 0.3))
DIM = 384


class Clock:
    def __call__(self) -> datetime:
        return NOW


def make_items(n: int, rng: random.Random) -> list[Item]:
    items = []
    for i in range(n):
        kind, base = KINDS[i % len(KINDS)]
        age = rng.uniform(0, 365)
        when = NOW - timedelta(days=age)
        subject = "user" if rng.random() < 0.8 else f"person{rng.randrange(50)}"
        category = f"topic{i % 20:02d}"
        items.append(Item(
            id=f"{i:016x}", subject=subject, attribute=f"attr{i % 40}", value=f"value {i}",
            text=f"{subject} has attr{i % 40} value {i}.", category=category, kind=kind,
            valid_from=when, observed_at=when, importance=round(base * rng.uniform(0.5, 1.2), 4),
            sources=(f"resources/2026/01/01.jsonl#L{i + 1}",),
        ))
    return items


def make_vectors(items: list[Item], rng: random.Random) -> dict[str, Any]:
    gen = np.random.default_rng(7)
    matrix = gen.standard_normal((len(items), DIM)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    # Plant twins: each pair is in the same (subject, category) block.
    by_block: dict[tuple[str, str], list[int]] = {}
    for n, item in enumerate(items):
        by_block.setdefault((item.subject, item.category), []).append(n)
    planted = 0
    for members in by_block.values():
        for a, b in zip(members[0::100], members[1::100], strict=False):
            cosine = 0.97 if planted % 2 == 0 else 0.88
            noise = gen.standard_normal(DIM).astype(np.float32)
            noise -= noise.dot(matrix[a]) * matrix[a]
            noise /= np.linalg.norm(noise)
            matrix[b] = cosine * matrix[a] + math.sqrt(1 - cosine**2) * noise
            planted += 1
    return {item.id: matrix[n] for n, item in enumerate(items)}


def build_vault(root: Path, items: list[Item]) -> Vault:
    vault = Vault.init(root, clock=Clock())
    for item in items:  # setup, not measured: plain writes, no fsync per file
        path = vault.paths.item_file(item.category, item.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(encode(item))
    vault.remember_items(items)
    render_categories(vault, {i.category for i in items}, NOW)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=bench", "-c", "user.email=b@x",
         "commit", "-qm", "bench: seed"], check=True,
    )
    return vault


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.exists() else 0


def search_figures(vault: Vault, queries: list[str]) -> dict[str, float] | None:
    search = getattr(vault, "search", None)
    if search is None or not vault.projections:
        return None
    start = time.perf_counter()
    search(queries[0], k=10)  # builds, repairs or loads the index
    first = time.perf_counter() - start
    times = []
    for q in queries:
        start = time.perf_counter()
        search(q, k=10)
        times.append(time.perf_counter() - start)
    times.sort()
    return {
        "p50_ms": times[len(times) // 2] * 1000,
        "p95_ms": times[int(len(times) * 0.95) - 1] * 1000,
        "first_search_s": first,
        "index_bytes": float(folder_size(vault.paths.state / "recall")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--similarity", choices=("vectors", "model", "off"), default="vectors")
    parser.add_argument("--keep", type=Path, help="Build the vault here and keep it.")
    parser.add_argument(
        "--no-search", action="store_true",
        help="No recall index: time the pass alone (the index is not built or updated).",
    )
    args = parser.parse_args()

    rng = random.Random(1)
    items = make_items(args.items, rng)
    root = args.keep or Path(tempfile.mkdtemp(prefix="vw-upkeep-")) / "vault"
    start = time.perf_counter()
    vault = build_vault(root, items)
    print(f"setup: {len(items)} items written and committed in {time.perf_counter() - start:.1f}s")

    if args.similarity == "vectors":
        similar = vector_pairs(make_vectors(items, rng))
    elif args.similarity == "model":
        from vaultweave.store.embeddings.base import load_embedder

        similar = embedding_pairs(load_embedder(vault.config.recall.embedder))
    else:
        similar = None

    if args.no_search:
        vault.projections.clear()
    queries = [f"user attr{i} value {i * 37}" for i in range(50)]
    before = search_figures(vault, queries)

    vault.forget_loaded_items()
    start = time.perf_counter()
    loaded = vault.loaded_items()
    load_s = time.perf_counter() - start
    start = time.perf_counter()
    plan = plan_consolidation(loaded, similar, NOW, vault.config.upkeep)
    plan_s = time.perf_counter() - start
    print(f"load items: {load_s:.1f}s; plan (pure, similarity={args.similarity}): {plan_s:.1f}s")
    print(f"plan: {plan.summary()}; {len(plan.final_items)} items change")

    vault.forget_loaded_items()
    start = time.perf_counter()
    report = vault.consolidate(similar=similar if similar is not None else "off")
    pass_s = time.perf_counter() - start
    print(f"full pass (load + plan + write + render + commit): {pass_s:.1f}s")
    statuses = Counter(i.status.value for i in vault.loaded_items().values())
    print(f"after: {dict(statuses)}; archived {report.plan.count(Rule.ARCHIVED)}")

    vault.forget_loaded_items()
    start = time.perf_counter()
    again = vault.consolidate(similar=similar if similar is not None else "off")
    print(f"second pass right after: {time.perf_counter() - start:.1f}s ({again.plan.summary()})")

    after = search_figures(vault, queries)
    if before is None or after is None:
        print("search latency / index size: not measured (--no-search or no recall extra)")
    else:
        for key in before:
            print(f"search {key}: before {before[key]:.1f}, after {after[key]:.1f}")
    if args.keep is None:
        shutil.rmtree(root.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
