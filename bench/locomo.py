"""LoCoMo evidence retrieval: our hybrid search against dense-only and BM25-only baselines.

    python -m bench.locomo [--data ../shared/bench/locomo] [--limit N] [--embedder onnx]

Each conversation goes into a fresh vault in a tmp dir (session date-times become resource
timestamps, speakers become speakers, an image caption becomes part of the turn), is woven,
and then every question is asked. Recall@k is the share of a question's evidence turns in
the top k; an item hit counts as the turns it was extracted from. The data is read in
place and never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
from vaultweave.store.embeddings.base import Embedder, Vectors, load_embedder
from vaultweave.store.index.keyword import KeywordIndex
from vaultweave.store.index.terms import keyword_tokens
from vaultweave.weaver.recall.api import projection_of
from vaultweave.weaver.recall.query import make_request
from vaultweave.weaver.recall.search import Tuning, rank
from vaultweave.weaver.vault import Vault

DEFAULT_DATA = next(
    (
        p / "shared" / "bench" / "locomo"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "bench" / "locomo").is_dir()
    ),
    Path(__file__).resolve().parents[2] / "shared" / "bench" / "locomo",
)
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
OURS = Tuning()


@dataclass(frozen=True)
class Turn:
    sample: str
    session: int
    dia_id: str
    speaker: str
    text: str
    ts: datetime


def resource_line(sample: str, turn: Turn) -> dict[str, object]:
    """One LoCoMo turn as the resource line every bench ingests."""
    return {
        "text": turn.text,
        "ts": turn.ts.isoformat(),
        "speaker": turn.speaker,
        "role": "user",
        "session": f"{sample}-S{turn.session}",
        "source": "locomo",
        "meta": {"dia_id": turn.dia_id},
    }


def parse_session_time(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' -> an aware UTC datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=timezone.utc)


def load(data: Path) -> tuple[dict[str, list[Turn]], dict[str, list[dict[str, object]]]]:
    turns: dict[str, list[Turn]] = defaultdict(list)
    for line in (data / "locomo10_turns.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        text = row["text"]
        if row.get("blip_caption"):
            text = f"{text} [shares {row['blip_caption']}]"
        start = parse_session_time(row["session_date_time"])
        turns[row["sample_id"]].append(
            Turn(
                row["sample_id"],
                int(row["session"]),
                row["dia_id"],
                row["speaker"],
                text,
                start + timedelta(seconds=30 * int(row["turn_index"])),
            )
        )
    questions: dict[str, list[dict[str, object]]] = defaultdict(list)
    for line in (data / "locomo10_qa.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        questions[row["sample_id"]].append(row)
    return turns, questions


class MemoEmbedder:
    """The real embedder, remembering query vectors so tuning variants share them."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.model_id, self.dim, self.backend = inner.model_id, inner.dim, inner.backend
        self.memo: dict[str, Vectors] = {}

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors:
        if len(texts) == 1 and texts[0] in self.memo:
            return self.memo[texts[0]]
        out = self.inner.embed(texts, batch_size)
        if len(texts) == 1:
            self.memo[texts[0]] = out
        return out


def metrics(ranked: Sequence[str], evidence: set[str]) -> tuple[float, float, float]:
    if not evidence:
        return math.nan, math.nan, math.nan
    r5 = len(evidence & set(ranked[:5])) / len(evidence)
    r10 = len(evidence & set(ranked[:10])) / len(evidence)
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked[:10]) if d in evidence)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(evidence))))
    return r5, r10, dcg / ideal


def dedupe(values: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(v for v in values if v))


def report(name: str, scores: dict[int, list[tuple[float, float, float]]]) -> None:
    cells = []
    for cat in sorted(CATEGORIES):
        rows = [s for s in scores.get(cat, []) if not math.isnan(s[0])]
        cells.append(f"c{cat} {_mean(rows, 0):.3f}/{_mean(rows, 1):.3f}/{_mean(rows, 2):.3f} (n={len(rows)})")
    core = [s for c in (1, 2, 3, 4) for s in scores.get(c, []) if not math.isnan(s[0])]
    print(
        f"{name:<10} 1-4: R@5 {_mean(core, 0):.3f}  R@10 {_mean(core, 1):.3f}  "
        f"NDCG@10 {_mean(core, 2):.3f}  (n={len(core)})"
    )
    print("           " + "  ".join(cells))


def _mean(rows: list[tuple[float, float, float]], i: int) -> float:
    return statistics.fmean(r[i] for r in rows) if rows else math.nan


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0, help="only the first N conversations")
    parser.add_argument("--embedder", default="onnx", choices=["onnx", "sentence-transformers"])
    parser.add_argument("--tune", action="store_true", help="also score a grid of ranking variants")
    args = parser.parse_args()

    turns, questions = load(args.data)
    samples = sorted(turns, key=lambda s: list(turns).index(s))[: args.limit or None]
    embedder = MemoEmbedder(load_embedder(args.embedder))
    variants = {"ours": OURS}
    if args.tune:
        variants |= tuning_grid()
    scores: dict[str, dict[int, list[tuple[float, float, float]]]] = defaultdict(lambda: defaultdict(list))
    latencies: list[float] = []
    weave_time = bare_time = 0.0
    n_turns = 0
    with tempfile.TemporaryDirectory() as tmp:
        for sample in samples:
            conv = turns[sample]
            n_turns += len(conv)
            start = time.perf_counter()
            vault = Vault.init(Path(tmp) / sample)
            projection = projection_of(vault)
            projection._backend = args.embedder
            rids = vault.ingest_many(resource_line(sample, t) for t in conv)
            vault.weave_all(_extractor(vault))
            projection.index.view()
            weave_time += time.perf_counter() - start
            index = projection.index
            index._embedder = embedder
            dia_of = {rid: t.dia_id for rid, t in zip(rids, conv, strict=True)}

            plain = [t.text for t in conv]
            start = time.perf_counter()
            plain_vectors = embedder.inner.embed(plain)
            bare_time += time.perf_counter() - start
            bm25 = KeywordIndex.build([tuple(keyword_tokens(t)) for t in plain])
            everything = np.ones(len(conv), dtype=bool)
            items = vault.loaded_items()

            for q in questions[sample]:
                cat = int(q["category"])  # type: ignore[call-overload]
                evidence = set(q.get("evidence") or [])  # type: ignore[arg-type]
                text = str(q["question"])
                qvec = embedder.embed([text])
                dense_rows = np.argsort(-(plain_vectors @ qvec[0]))[:10]
                scores["dense"][cat].append(metrics([conv[i].dia_id for i in dense_rows], evidence))
                kw_rows, _ = bm25.search(keyword_tokens(text), everything, 10)
                scores["bm25"][cat].append(metrics([conv[i].dia_id for i in kw_rows], evidence))
                for name, tuning in variants.items():
                    kinds = ["turn"] if name.startswith("turns") else None
                    request = make_request(text, 10, None, None, kinds, False, None, None, ())
                    t0 = time.perf_counter()
                    hits = rank(index, items, request, tuning)
                    if name == "ours":
                        latencies.append(time.perf_counter() - t0)
                    ranked = dedupe([dia_of.get(s, "") for h in hits for s in h.sources])
                    scores[name][cat].append(metrics(ranked, evidence))
            projection.close()
    print(
        f"LoCoMo: {len(samples)} conversations, {n_turns} turns, "
        f"{sum(len(questions[s]) for s in samples)} questions, embedder {args.embedder}"
    )
    for name in ("ours", "dense", "bm25", *(v for v in variants if v != "ours")):
        report(name, scores[name])
    lat = sorted(latencies)
    print(
        f"ingest+weave {weave_time:.1f}s  bare embedding of the turn texts {bare_time:.1f}s  "
        f"ratio {weave_time / bare_time:.2f}"
    )
    print(
        f"search latency p50 {lat[len(lat) // 2] * 1000:.1f} ms  "
        f"p95 {lat[int(len(lat) * 0.95)] * 1000:.1f} ms "
        f"(query embedding included once per question)"
    )


def _extractor(vault: Vault) -> object:
    try:
        return vault.default_extractor()
    except ImportError:
        from bench.no_facts import NoFacts

        return NoFacts()


def tuning_grid() -> dict[str, Tuning]:
    grid = {
        "turns-only": OURS,  # the same ranking over turns only (no fact hits)
        "no-speaker": replace(OURS, speaker_filter=False),
        "no-import": replace(OURS, importance_weight=0.0),
        "nb0.9": replace(OURS, neighbour_decay=0.9, neighbour_from=3),
        "rrf20": replace(OURS, rrf_k=20.0),
        "rrf60-dn1": replace(OURS, rrf_k=60.0, dense_weight=1.0),
        "dn1.5": replace(OURS, dense_weight=1.5),
    }
    return grid


if __name__ == "__main__":
    main()
