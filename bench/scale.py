"""Index build time, memory and warm hybrid-search latency at scale.

    python -m bench.scale --items 100000 [--hnsw-threshold 20000] [--sweep] [--queries 300]

Items are synthetic ("<person> <verb> <thing> in <place>") and live in memory (no item
files). Embedding 100k texts with the int8 model takes many minutes on 2 cores, so the
vectors here are made from real embeddings of the parts: each item's vector is the
normalised sum of its parts' real vectors plus a little noise. That keeps the vector
distribution realistic for FAISS while the embedding rate is measured and reported
separately (texts/s of the real model), from which the full embedding time follows.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
from vaultweave.store.embeddings.base import Vectors, load_embedder, normalise_rows
from vaultweave.store.index.recall_index import RecallIndex
from vaultweave.store.index.unit import Unit
from vaultweave.store.item import Item
from vaultweave.weaver.recall.query import make_request
from vaultweave.weaver.recall.search import Tuning, rank
from vaultweave.weaver.recall.units import item_unit

PEOPLE = [
    f"{a} {b}"
    for a in ("Maya", "Li", "Omar", "Sofia", "Ken", "Ana", "Tom", "Ewa", "Raj", "Zoe")
    for b in (
        "Berg",
        "Chen",
        "Diaz",
        "Ito",
        "Kowalski",
        "Novak",
        "Okafor",
        "Silva",
        "Weber",
        "Young",
    )
]
VERBS = [
    "likes",
    "works at",
    "lives in",
    "visited",
    "plays",
    "studies",
    "bought",
    "cooks",
    "reads",
    "owns",
]
THINGS = [
    "jazz",
    "green tea",
    "chess",
    "the violin",
    "sushi",
    "a red bicycle",
    "poetry",
    "Google",
    "a small cafe",
    "quantum physics",
    "rock climbing",
    "oil painting",
    "a vintage car",
    "marathons",
    "Italian food",
    "board games",
    "a sailboat",
    "pottery",
    "astronomy",
    "tango",
]
PLACES = [
    "Berlin",
    "Lisbon",
    "Tokyo",
    "Nairobi",
    "Lima",
    "Oslo",
    "Seoul",
    "Austin",
    "Porto",
    "Hanoi",
]


class ComposedEmbedder:
    """Real MiniLM vectors of the sentence parts, summed: fast enough to fill 100k+ rows."""

    model_id = "all-MiniLM-L6-v2"
    dim = 384
    backend = "composed"

    def __init__(self) -> None:
        real = load_embedder("onnx")
        parts = PEOPLE + VERBS + THINGS + PLACES
        start = time.perf_counter()
        vectors = real.embed(parts)
        self.rate = len(parts) / (time.perf_counter() - start)
        self.parts = dict(zip(parts, vectors, strict=True))
        self.real = real
        self.rng = np.random.default_rng(0)
        self.queries: dict[str, Vectors] = {}

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors:
        if len(texts) == 1 and "|" not in texts[0]:  # queries use the real model (memoised)
            if texts[0] not in self.queries:
                self.queries[texts[0]] = self.real.embed(texts)
            return self.queries[texts[0]]
        rows = []
        for text in texts:
            who, verb, thing, place = text.split("|")[:4]
            rows.append(self.parts[who] + self.parts[verb] + self.parts[thing] + 0.5 * self.parts[place])
        noise = self.rng.normal(scale=0.02, size=(len(rows), 384))
        return normalise_rows(np.asarray(rows) + noise)


def synthetic_items(n: int) -> list[Item]:
    rng = random.Random(1)
    start = datetime(2020, 1, 1, tzinfo=timezone.utc)
    out = []
    for i in range(n):
        who, verb, thing, place = (
            rng.choice(PEOPLE),
            rng.choice(VERBS),
            rng.choice(THINGS),
            rng.choice(PLACES),
        )
        when = start + timedelta(minutes=i)
        out.append(
            Item(
                id=f"{i:016x}",
                subject=who,
                attribute=verb.replace(" ", "_"),
                value=thing,
                text=f"{who}|{verb}|{thing}|{place}|{i}",
                category=verb.split()[0],
                kind="fact",
                valid_from=when,
                observed_at=when,
                importance=rng.random(),
            )
        )
    return out


def display(item: Item) -> str:
    who, verb, thing, place, _ = item.text.split("|")
    return f"{who} {verb} {thing} in {place}."


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def sweep(sizes: list[int], queries: int) -> None:
    """Exact vs HNSW dense search time by size: where the switch-over pays."""
    from vaultweave.store.index.dense import DenseIndex

    embedder = ComposedEmbedder()
    items = synthetic_items(max(sizes))
    matrix = embedder.embed([i.text for i in items])
    rng = random.Random(3)
    qs = [embedder.real.embed([f"{rng.choice(PEOPLE)} {rng.choice(THINGS)}"]) for _ in range(queries)]
    for size in sizes:
        live = np.ones(size, dtype=bool)
        with tempfile.TemporaryDirectory() as tmp:
            row = []
            for threshold in (10**12, 1):
                index = DenseIndex(matrix[:size], live, threshold, Path(tmp), "sweep-1")
                start = time.perf_counter()
                if index.kind == "hnsw":
                    index.index()
                build = time.perf_counter() - start
                times = []
                exact_top = []
                for q in qs:
                    t0 = time.perf_counter()
                    rows, _ = index.search(q, live, 100)
                    times.append(time.perf_counter() - t0)
                    exact_top.append(set(rows[:10].tolist()))
                row.append((index.kind, build, sorted(times), exact_top))
            (_, _, exact_t, exact_sets), (_, build, hnsw_t, hnsw_sets) = row
            overlap = statistics.fmean(len(a & b) / 10 for a, b in zip(exact_sets, hnsw_sets, strict=True))
            print(
                f"{size:>8} rows: exact p50 {exact_t[len(exact_t) // 2] * 1000:5.1f} ms "
                f"p95 {exact_t[int(len(exact_t) * 0.95)] * 1000:5.1f} ms | hnsw build {build:5.1f}s "
                f"p50 {hnsw_t[len(hnsw_t) // 2] * 1000:5.1f} ms "
                f"p95 {hnsw_t[int(len(hnsw_t) * 0.95)] * 1000:5.1f} ms, top-10 overlap {overlap:.2f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--hnsw-threshold", type=int, default=20_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--sweep", action="store_true", help="exact vs HNSW dense latency at 10k-100k rows")
    args = parser.parse_args()
    if args.sweep:
        sweep([s for s in (10_000, 25_000, 50_000, 100_000) if s <= args.items], 200)
        return

    embedder = ComposedEmbedder()
    items = synthetic_items(args.items)
    by_id = {i.id: i for i in items}
    with tempfile.TemporaryDirectory() as tmp:
        index = RecallIndex(Path(tmp) / "recall", lambda: embedder, args.hnsw_threshold)
        # the key text "who|verb|thing|place|n" gives BM25 its words and the composer its parts
        units = [
            Unit(u.key, u.kind, display(i), u.key_text, u.ts, u.speaker)
            for i, u in ((i, item_unit(i)) for i in items)
        ]
        start = time.perf_counter()
        for chunk in range(0, len(units), 20_000):
            index.update(units[chunk : chunk + 20_000])
        catalog_s = time.perf_counter() - start
        start = time.perf_counter()
        view = index.view()
        view.dense.index()
        dense_s = time.perf_counter() - start
        start = time.perf_counter()
        view.keyword()
        keyword_s = time.perf_counter() - start

        rng = random.Random(2)
        queries = [
            f"what does {rng.choice(PEOPLE).split()[0]} "
            f"{rng.choice(['like', 'play', 'study', 'own'])} "
            f"in {rng.choice(PLACES)}"
            for _ in range(args.queries)
        ]
        request = make_request(queries[0], 10, None, None, None, False, None, None, ())
        rank(index, by_id, request, Tuning())  # warm: loads arrays, caches item filters
        embed_times = []
        for q in queries:
            t0 = time.perf_counter()
            index.embed_query(" ".join(q.split()))
            embed_times.append(time.perf_counter() - t0)
        times = []
        for q in queries:  # query vectors are memoised now: this times the search itself
            request = make_request(q, 10, None, None, None, False, None, None, ())
            t0 = time.perf_counter()
            rank(index, by_id, request, Tuning())
            times.append(time.perf_counter() - t0)
        index.close()

    def pct(values: list[float], q: float) -> float:
        return sorted(values)[int(q * (len(values) - 1))] * 1000

    print(f"{args.items} items, dense index {view.dense.kind} (threshold {args.hnsw_threshold})")
    print(
        f"build: catalog {catalog_s:.1f}s, dense {dense_s:.1f}s, keyword {keyword_s:.1f}s; "
        f"real model rate {embedder.rate:.0f} texts/s "
        f"-> {args.items / embedder.rate / 60:.1f} min to embed"
    )
    print(f"peak RSS {rss_mb():.0f} MB")
    print(
        f"hybrid search (warm, query vector ready): p50 {pct(times, 0.5):.1f} ms  "
        f"p95 {pct(times, 0.95):.1f} ms"
    )
    print(
        f"query embedding (int8 MiniLM, 1 query): p50 {pct(embed_times, 0.5):.1f} ms  "
        f"p95 {pct(embed_times, 0.95):.1f} ms"
    )


if __name__ == "__main__":
    main()
