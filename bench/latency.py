"""Warm latency of the whole ``Vault.search`` call, query embedding included, at scale.

    python -m bench.latency --items 10000 100000 [--queries 300] [--rounds 5]

For each size a real vault is made in a temporary folder: synthetic item files on disk
(``items/<category>/<id>.pb``) and the recall index in ``.vaultweave/recall``, built as
``bench.scale`` does (document vectors composed from real MiniLM embeddings of the sentence
parts, so 100k rows take minutes, not the hour the real model would need on 2 cores). The
index holds exactly the units the projection expects, so opening the vault repairs
nothing; the HNSW graph (above the vault's threshold) is built and saved before timing.

Then, per round: the query-vector cache is cleared and every query is searched once
through ``Vault.search`` (the real int8 model embeds each query: "with embedding"; the
cache reports its hits, which must be 0), then searched again (now every vector is
cached, checked likewise: "search only"). CPU time per search (all threads) is printed
too: on a shared machine the wall time is mostly waiting for a core. Queries are
distinct and none is used in the warm-up. Each round gives p50 / p95; the table shows
the median over rounds, beside the machine's load average.

Ranking must not move with any speed change: the top-10 ids of every query are hashed
and compared with ``bench/latency_top10.json`` (written by ``--write-expected`` from the
ranking before the latency work); any difference is printed and fails the run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
from vaultweave.store.embeddings.base import Vectors, normalise_rows
from vaultweave.store.index.recall_index import RecallIndex
from vaultweave.store.item import Item, encode
from vaultweave.weaver.recall.api import projection_of
from vaultweave.weaver.recall.graph import FactGraph
from vaultweave.weaver.recall.units import item_unit
from vaultweave.weaver.vault import Vault

from bench.scale import PEOPLE, PLACES, THINGS, VERBS, ComposedEmbedder

EXPECTED = Path(__file__).with_name("latency_top10.json")


class SentenceComposer:
    """Document vectors for the synthetic sentences, composed from their parts' real vectors."""

    model_id = "all-MiniLM-L6-v2"
    dim = 384
    backend = "composed"

    def __init__(self, parts_of: dict[str, tuple[str, str, str, str]]) -> None:
        self.base = ComposedEmbedder()
        self.parts_of = parts_of

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors:
        parts = self.base.parts
        rows = []
        for text in texts:
            who, verb, thing, place = self.parts_of[text]
            rows.append(parts[who] + parts[verb] + parts[thing] + 0.5 * parts[place])
        noise = self.base.rng.normal(scale=0.02, size=(len(rows), 384))
        return normalise_rows(np.asarray(rows) + noise)


def synthetic_items(n: int) -> tuple[list[Item], dict[str, tuple[str, str, str, str]]]:
    rng = random.Random(1)
    start = datetime(2020, 1, 1, tzinfo=timezone.utc)
    items, parts_of = [], {}
    for i in range(n):
        who, verb, thing, place = (
            rng.choice(PEOPLE),
            rng.choice(VERBS),
            rng.choice(THINGS),
            rng.choice(PLACES),
        )
        text = f"{who} {verb} {thing} in {place} (note {i})."
        parts_of[text] = (who, verb, thing, place)
        when = start + timedelta(minutes=i)
        items.append(
            Item(
                id=f"{i:016x}",
                subject=who,
                attribute=verb.replace(" ", "_"),
                value=thing,
                text=text,
                category=verb.split()[0],
                kind="fact",
                valid_from=when,
                observed_at=when,
                importance=rng.random(),
            )
        )
    return items, parts_of


def queries(count: int, seed: int) -> list[str]:
    """Distinct questions: no repeat inside a round, so the query-vector cache never hits."""
    firsts = sorted({p.split()[0] for p in PEOPLE})
    made = {
        f"what does {f} {v} in {p}" for f in firsts for v in ("like", "play", "study", "own") for p in PLACES
    }
    made |= {f"who {v} {t}" for v in VERBS for t in THINGS}
    made |= {f"where does {p} go for {t}" for p in PEOPLE for t in THINGS}
    chosen = sorted(made)
    random.Random(seed).shuffle(chosen)
    if count > len(chosen):
        raise SystemExit(f"at most {len(chosen)} distinct queries")
    return chosen[:count]


def build_vault(root: Path, n: int) -> Vault:
    vault = Vault.init(root)
    items, parts_of = synthetic_items(n)
    for item in items:  # bench fixture: plain writes, no fsync per file
        path = vault.paths.item_file(item.category, item.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(encode(item))
    composer = SentenceComposer(parts_of)
    threshold = vault.config.recall.hnsw_threshold
    index = RecallIndex(vault.paths.state / "recall", lambda: composer, threshold)
    units = [item_unit(i) for i in items]
    for chunk in range(0, len(units), 20_000):
        index.update(units[chunk : chunk + 20_000])
    view = index.view()
    if view.dense.kind == "hnsw":
        view.dense.index()  # build and save the graph, as `vaultweave reindex` does
    view.keyword()
    index.close()
    return Vault.open(root)


def pct(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))] * 1000


def digest(ids: list[str]) -> str:
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()[:12]


def measure(
    n: int, count: int, rounds: int, expand: bool | None = None
) -> tuple[dict[str, list[float]], dict[str, str], str]:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        vault = build_vault(Path(tmp) / "vault", n)
        built = time.perf_counter() - start
        warm = [f"warm-up question {i} about {t}" for i, t in enumerate(THINGS)]
        start = time.perf_counter()
        for q in warm:  # loads items, catalog arrays, BM25, graph and the model
            vault.search(q, expand=expand)
        if expand:
            t0 = time.perf_counter()
            FactGraph(vault.loaded_items())
            took = (time.perf_counter() - t0) * 1000
            print(f"  fact graph of {n} items built in {took:.0f} ms (once per change of the items)")
        index = projection_of(vault).index
        kind = index.view().dense.kind
        print(
            f"{n} items: vault built in {built:.0f}s, "
            f"warm-up {time.perf_counter() - start:.1f}s, dense {kind}"
        )
        asked = queries(count, seed=n)
        figures: dict[str, list[float]] = {
            name: [] for name in ("embed p50", "embed p95", "only p50", "only p95", "embed cpu", "only cpu")
        }
        top10: dict[str, str] = {}
        for round_no in range(rounds):
            index.clear_query_cache()
            with_embedding, search_only = [], []
            cpu = time.process_time()
            for q in asked:
                t0 = time.perf_counter()
                hits = vault.search(q, expand=expand)
                with_embedding.append(time.perf_counter() - t0)
                found = digest([h.id for h in hits])
                if top10.setdefault(q, found) != found:
                    raise SystemExit(f"round {round_no}: top 10 of {q!r} changed between rounds")
            figures["embed cpu"].append((time.process_time() - cpu) / len(asked) * 1000)
            hits_so_far, _ = index.query_cache_stats()
            if hits_so_far:
                raise SystemExit(f"the query-vector cache hit {hits_so_far} times in the timed pass")
            cpu = time.process_time()
            for q in asked:
                t0 = time.perf_counter()
                hits = vault.search(q, expand=expand)
                search_only.append(time.perf_counter() - t0)
                if digest([h.id for h in hits]) != top10[q]:
                    raise SystemExit(f"top 10 of {q!r} differs with a cached query vector")
            if index.query_cache_stats()[0] != len(asked):
                raise SystemExit("the search-only pass embedded queries again (cache too small?)")
            figures["only cpu"].append((time.process_time() - cpu) / len(asked) * 1000)
            figures["embed p50"].append(pct(with_embedding, 0.5))
            figures["embed p95"].append(pct(with_embedding, 0.95))
            figures["only p50"].append(pct(search_only, 0.5))
            figures["only p95"].append(pct(search_only, 0.95))
            print(
                f"  round {round_no + 1}: with embedding p50 {figures['embed p50'][-1]:5.1f} ms "
                f"p95 {figures['embed p95'][-1]:5.1f} ms | search only p50 {figures['only p50'][-1]:5.1f} ms "
                f"p95 {figures['only p95'][-1]:5.1f} ms | CPU per search {figures['embed cpu'][-1]:.1f} / "
                f"{figures['only cpu'][-1]:.1f} ms | load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
        projection_of(vault).close()
        return figures, top10, kind


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--items", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--write-expected", action="store_true", help="record today's top-10 ids as the reference"
    )
    parser.add_argument(
        "--expand", action="store_true", help="time search with one-hop graph expansion (expand=True)"
    )
    args = parser.parse_args()
    expected = json.loads(EXPECTED.read_text()) if EXPECTED.exists() else {}
    table = []
    failed = False
    for n in args.items:
        figures, top10, kind = measure(n, args.queries, args.rounds, True if args.expand else None)
        key = f"{n}x{args.queries}" + ("-expand" if args.expand else "")
        if args.write_expected:
            expected[key] = top10
            EXPECTED.write_text(json.dumps(expected, indent=0, sort_keys=True) + "\n")
            check = "recorded"
        elif key in expected:
            changed = [q for q in top10 if expected[key].get(q) != top10[q]]
            failed |= bool(changed)
            check = f"top-10 ids unchanged for {len(top10) - len(changed)}/{len(top10)} queries"
            for q in changed[:5]:
                print(f"  CHANGED: {q!r}")
        else:
            check = "no reference recorded"
        median = {name: statistics.median(values) for name, values in figures.items()}
        table.append((n, kind, median, check))
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"\nmedian of {args.rounds} rounds, {args.queries} distinct queries each, k = 10, load average {load}"
    )
    for n, kind, median, check in table:
        print(
            f"{n:>7} items ({kind}): Vault.search with query embedding p50 {median['embed p50']:5.1f} ms "
            f"p95 {median['embed p95']:5.1f} ms; search only p50 {median['only p50']:5.1f} ms "
            f"p95 {median['only p95']:5.1f} ms; CPU per search {median['embed cpu']:.1f} / "
            f"{median['only cpu']:.1f} ms; {check}"
        )
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
