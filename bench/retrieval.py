"""One retrieval table for every benchmark: our ranking, its legs, and plain baselines.

    python -m bench.retrieval locomo [--limit N]       # LoCoMo, halves A (even) / B (odd)
    python -m bench.retrieval longconv [--seed 7]      # the generated second benchmark

A fast path: the turns go straight into a ``RecallIndex`` as turn units (the same
``turn_unit`` keys the weaver makes, no extraction, no git), so a run takes seconds once
the turn vectors are cached (``build/bench-cache/``, keyed by model and text hash). Every
row is scored on the same questions in the same run:

- ``ours``: ``rank`` with the default ``Tuning``;
- ``ours-dense`` / ``ours-kw``: each of its legs alone (same filters, same keys);
- ``dense``: plain MiniLM cosine over the plain turn text, no filter;
- ``bm25s``: plain bm25s (its own tokenizer, English stopwords) over the plain turn text;
- ``rrf60``: reciprocal rank fusion (k = 60) of those two plain rows.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import pickle
import statistics
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

import numpy as np
from vaultweave.store.embeddings.base import Embedder, Vectors, load_embedder
from vaultweave.store.index.recall_index import RecallIndex
from vaultweave.store.resources import Resource, resource_id
from vaultweave.weaver.recall.hits import Hit
from vaultweave.weaver.recall.query import make_request
from vaultweave.weaver.recall.search import Tuning, rank
from vaultweave.weaver.recall.units import turn_unit

CACHE = Path(__file__).resolve().parents[1] / "build" / "bench-cache"
K = 10


@dataclass(frozen=True)
class BTurn:
    key: str  # the benchmark's own id (a LoCoMo dia_id)
    session: str
    speaker: str
    role: str
    text: str
    ts: datetime


@dataclass(frozen=True)
class Question:
    text: str
    evidence: frozenset[str]
    category: str
    # for update questions: the turn that states the old value
    stale: frozenset[str] = frozenset()
    as_of: datetime | None = None


@dataclass(frozen=True)
class Conversation:
    name: str
    turns: tuple[BTurn, ...]
    questions: tuple[Question, ...]


class CachedEmbedder:
    """The real embedder with a disk cache of document vectors and a memo of query vectors."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.model_id, self.dim, self.backend = inner.model_id, inner.dim, inner.backend
        self.file = CACHE / f"{hashlib.sha256(inner.model_id.encode()).hexdigest()[:12]}-{inner.backend}.pkl"
        self.cache: dict[str, bytes] = {}
        if self.file.exists():
            self.cache = pickle.loads(self.file.read_bytes())
        self.dirty = False

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors:
        keys = [hashlib.sha256(t.encode()).hexdigest() for t in texts]
        todo = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in self.cache}.items())
        if todo:
            vectors = self.inner.embed([t for _, t in todo], batch_size)
            for (k, _), v in zip(todo, vectors, strict=True):
                self.cache[k] = np.asarray(v, dtype=np.float32).tobytes()
            self.dirty = True
        return np.stack([np.frombuffer(self.cache[k], dtype=np.float32) for k in keys])

    def save(self) -> None:
        if self.dirty:
            CACHE.mkdir(parents=True, exist_ok=True)
            self.file.write_bytes(pickle.dumps(self.cache))
            self.dirty = False


Score = tuple[float, float, float]


def metrics(ranked: Sequence[str], evidence: frozenset[str]) -> Score:
    r5 = len(evidence & set(ranked[:5])) / len(evidence)
    r10 = len(evidence & set(ranked[:10])) / len(evidence)
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked[:10]) if d in evidence)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(evidence))))
    return r5, r10, dcg / ideal


def plain_bm25s(texts: list[str]) -> Callable[[str, int], list[int]]:
    import bm25s

    model = bm25s.BM25()
    docs = bm25s.tokenize(texts, stopwords="en", return_ids=False, show_progress=False)
    model.index([d or ["\x00"] for d in docs], show_progress=False)

    def search(query: str, n: int) -> list[int]:
        words = bm25s.tokenize([query], stopwords="en", return_ids=False, show_progress=False)[0]
        known = [w for w in words if w in model.vocab_dict]
        if not known:
            return []
        scores = model.get_scores(known)
        top = np.argsort(-scores, kind="stable")[:n]
        return [int(i) for i in top if scores[i] > 0]

    return search


def rrf(lists: Sequence[Sequence[int]], k: float = 60.0) -> list[int]:
    fused: dict[int, float] = defaultdict(float)
    for ranked in lists:
        for n, row in enumerate(ranked):
            fused[row] += 1 / (k + n + 1)
    return sorted(fused, key=lambda r: -fused[r])


def baselines(
    conv: Conversation,
    question: str,
    embedder: CachedEmbedder,
    vectors: Vectors,
    bm25: Callable[[str, int], list[int]],
) -> dict[str, list[str]]:
    """The plain rankings printed beside ours: dense cosine, bm25s and their RRF(60)."""
    qvec = embedder.embed([question])[0]
    dense_rows = [int(i) for i in np.argsort(-(vectors @ qvec), kind="stable")[:100]]
    kw_rows = bm25(question, 100)
    return {
        "dense": [conv.turns[i].key for i in dense_rows],
        "bm25s": [conv.turns[i].key for i in kw_rows],
        "rrf60": [conv.turns[i].key for i in rrf([dense_rows, kw_rows])],
    }


def variants(extra: dict[str, Tuning] | None = None) -> dict[str, Tuning]:
    ours = Tuning()
    out = {
        "ours": ours,
        "ours-dense": replace(ours, keyword_weight=0.0),
        "ours-kw": replace(ours, dense_weight=0.0),
        "ours-dbsf": replace(ours, fusion="dbsf"),
        
        "ours-no-now": replace(ours, present_boost=0.0),
    }
    return out | (extra or {})


@dataclass
class Result:
    scores: dict[str, dict[str, list[Score]]]  # row -> category -> per-question scores
    # row -> (update questions where the new turn ranks above the stale one, update questions)
    updated_first: dict[str, list[int]]


def run(
    conversations: Sequence[Conversation], embedder: CachedEmbedder, tunings: dict[str, Tuning]
) -> Result:
    scores: dict[str, dict[str, list[Score]]] = defaultdict(lambda: defaultdict(list))
    updated: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        for conv in conversations:
            index = RecallIndex(Path(tmp) / conv.name, lambda: embedder)  # type: ignore[arg-type,return-value]
            resources = [
                Resource(
                    resource_id(f"resources/{conv.name}.jsonl", n + 1),
                    f"resources/{conv.name}.jsonl",
                    n + 1,
                    t.text,
                    t.ts,
                    t.role,
                    t.speaker,
                    t.session,
                )
                for n, t in enumerate(conv.turns)
            ]
            units = [
                turn_unit(r, (), resources[n - 1].text if n and resources[n - 1].session == r.session else "")
                for n, r in enumerate(resources)
            ]
            index.update(units)
            key_of = {r.id: t.key for r, t in zip(resources, conv.turns, strict=True)}
            plain = [t.text for t in conv.turns]
            vectors = embedder.embed(plain)
            bm25 = plain_bm25s(plain)
            for q in conv.questions:
                request = make_request(q.text, K, None, None, None, False, q.as_of, None, ())
                ranked = baselines(conv, q.text, embedder, vectors, bm25)
                for name, tuning in tunings.items():
                    hits: list[Hit] = rank(index, {}, request, replace(tuning, pool=max(tuning.pool, 100)))
                    ranked[name] = [key_of[h.id] for h in hits]
                for name, keys in ranked.items():
                    scores[name][q.category].append(metrics(keys, q.evidence))
                    if q.stale:
                        new = min((keys.index(e) for e in q.evidence if e in keys), default=10**6)
                        old = min((keys.index(e) for e in q.stale if e in keys), default=10**6)
                        updated[name][0] += int(new < old)
                        updated[name][1] += 1
            index.close()
    embedder.save()
    return Result(scores, updated)


def _mean(rows: list[Score], i: int) -> float:
    return statistics.fmean(r[i] for r in rows) if rows else math.nan


def table(title: str, result: Result, core: Sequence[str]) -> list[str]:
    lines = [title]
    for name, by_cat in result.scores.items():
        rows = [s for c in core for s in by_cat.get(c, [])]
        cells = "  ".join(f"{c} {_mean(by_cat[c], 1):.3f}" for c in sorted(by_cat))
        line = (
            f"  {name:<12} R@5 {_mean(rows, 0):.3f}  R@10 {_mean(rows, 1):.3f}  "
            f"NDCG@10 {_mean(rows, 2):.3f}  (n={len(rows)})   R@10 by category: {cells}"
        )
        won, total = result.updated_first.get(name, [0, 0])
        if total:
            line += f"   updated-above-original {won}/{total} = {won / total:.2f}"
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("bench", choices=["locomo", "longconv"])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--embedder", default="onnx", choices=["onnx", "sentence-transformers"])
    args = parser.parse_args()
    embedder = CachedEmbedder(load_embedder(args.embedder))
    tunings = variants()
    if args.bench == "locomo":
        from bench.locomo_data import conversations

        convs = conversations()[: args.limit or None]
        core = ["1", "2", "3", "4"]
        halves = {"A (even conversations)": convs[0::2], "B (odd conversations)": convs[1::2]}
    else:
        from bench.longconv import generate

        convs = generate(args.seed)
        core = sorted({q.category for c in convs for q in c.questions})
        halves = {"A (even conversations)": convs[0::2], "B (odd conversations)": convs[1::2]}
    for title, part in halves.items():
        result = run(part, embedder, tunings)
        n_turns = sum(len(c.turns) for c in part)
        head = f"{args.bench} half {title}: {len(part)} conversations, {n_turns} turns"
        head += f" (R@k over categories {core})"
        print("\n".join(table(head, result, core)), flush=True)


if __name__ == "__main__":
    main()
