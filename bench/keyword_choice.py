"""Why bm25s and not SQLite FTS5: build, incremental update and query time on the same corpus.

    python -m bench.keyword_choice [--docs 100000]

The corpus is LoCoMo's turns repeated (with a suffix so rows differ) up to --docs rows.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import time
from pathlib import Path

from vaultweave.store.index.terms import keyword_tokens

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "bench" / "locomo"


def corpus(n: int) -> list[str]:
    turns = [json.loads(line)["text"] for line in (LOCOMO / "locomo10_turns.jsonl").open()]
    return [f"{turns[i % len(turns)]} r{i // len(turns)}" for i in range(n)]


def queries() -> list[str]:
    rows = [json.loads(line)["question"] for line in (LOCOMO / "locomo10_qa.jsonl").open()]
    random.Random(1).shuffle(rows)
    return rows[:200]


def pct(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))] * 1000


def bench_bm25s(docs: list[list[str]], qs: list[list[str]]) -> None:
    import bm25s

    start = time.perf_counter()
    model = bm25s.BM25()
    model.index(docs, show_progress=False)
    build = time.perf_counter() - start
    times = []
    for q in qs:
        t = time.perf_counter()
        model.get_scores(q)
        times.append(time.perf_counter() - t)
    # bm25s has no row update: a change means a rebuild.
    print(
        f"bm25s   build {build:6.2f}s  update(1 row)=rebuild {build:6.2f}s  "
        f"query p50 {pct(times, 0.5):6.2f}ms p95 {pct(times, 0.95):6.2f}ms"
    )


def bench_fts5(docs: list[list[str]], qs: list[list[str]]) -> None:
    db = sqlite3.connect(":memory:")
    start = time.perf_counter()
    db.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61')")
    db.executemany("INSERT INTO t(rowid, body) VALUES (?, ?)", ((i, " ".join(d)) for i, d in enumerate(docs)))
    db.commit()
    build = time.perf_counter() - start
    t = time.perf_counter()
    db.execute("DELETE FROM t WHERE rowid = 5")
    db.execute("INSERT INTO t(rowid, body) VALUES (5, 'hello world')")
    db.commit()
    update = time.perf_counter() - t
    times = []
    for q in qs:
        terms = " OR ".join(f'"{w}"' for w in set(q)) or '""'
        t = time.perf_counter()
        db.execute(
            "SELECT rowid, bm25(t) FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 50", (terms,)
        ).fetchall()
        times.append(time.perf_counter() - t)
    print(
        f"fts5    build {build:6.2f}s  update(1 row)       {update * 1000:6.2f}ms  "
        f"query p50 {pct(times, 0.5):6.2f}ms p95 {pct(times, 0.95):6.2f}ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=100_000)
    args = parser.parse_args()
    docs = [keyword_tokens(t) for t in corpus(args.docs)]
    qs = [q for q in (keyword_tokens(x) for x in queries()) if q]
    print(f"{args.docs} docs, {len(qs)} queries (LoCoMo questions)")
    bench_bm25s(docs, qs)
    bench_fts5(docs, qs)


if __name__ == "__main__":
    main()
