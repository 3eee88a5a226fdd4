"""Graph expansion on woven vaults: LoCoMo and bench.longconv, half A and half B.

    python -m bench.graph_recall locomo [--limit N]
    python -m bench.graph_recall longconv [--seed 7]

``bench.retrieval`` indexes turns only, so it has no facts and no fact graph. Here each
conversation is ingested into a real vault and woven with the rules extractor (facts,
entities, the recall index with items and turns), then every question is asked of
``rank`` with each variant; an item hit counts as the turns it came from. The rows are
those of ``bench.retrieval`` (ours, its legs, plain dense, plain bm25s, RRF(60)) plus the
expansion variants:

- ``ours+graph``: ``expand=True`` (relations, time order, similarity; decay 0.9);
- ``ours+rel``: relations and time order only (no similarity links);
- ``ours+graph.7``: decay 0.7.

Turn vectors are cached as in ``bench.retrieval`` (``build/bench-cache/``).
"""

from __future__ import annotations

import argparse
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from vaultweave.store.embeddings.base import load_embedder
from vaultweave.weaver.recall.api import projection_of
from vaultweave.weaver.recall.query import make_request
from vaultweave.weaver.recall.search import Tuning, rank, with_expansion
from vaultweave.weaver.vault import Vault

from bench.retrieval import (
    CachedEmbedder,
    Conversation,
    K,
    Result,
    Score,
    baselines,
    metrics,
    plain_bm25s,
    table,
    variants,
)


def graph_variants() -> dict[str, Tuning]:
    expanded = with_expansion(Tuning(), True)
    return variants(
        {
            "ours+graph": expanded,
            "ours+rel": replace(expanded, similar_at=1.0),
            "ours+graph.7": replace(expanded, graph_decay=0.7),
            "ours+turns.7": replace(expanded, graph_decay=0.7, graph_from_turns=True),
        }
    )


def weave(conv: Conversation, folder: Path, embedder: CachedEmbedder) -> tuple[Vault, dict[str, str]]:
    """A woven vault of one conversation; resource id -> the benchmark's turn key."""
    vault = Vault.init(folder)
    projection = projection_of(vault)
    projection._embedder = lambda: embedder  # type: ignore[method-assign,assignment,return-value]
    rids = vault.ingest_many(
        {
            "text": t.text,
            "ts": t.ts.isoformat(),
            "speaker": t.speaker,
            "role": t.role,
            "session": t.session,
            "source": "bench",
        }
        for t in conv.turns
    )
    vault.weave_all(vault.default_extractor(), llm=False)
    return vault, {rid: t.key for rid, t in zip(rids, conv.turns, strict=True)}


def run(
    conversations: Sequence[Conversation], embedder: CachedEmbedder, tunings: dict[str, Tuning]
) -> Result:
    scores: dict[str, dict[str, list[Score]]] = defaultdict(lambda: defaultdict(list))
    updated: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        for conv in conversations:
            vault, key_of = weave(conv, Path(tmp) / conv.name, embedder)
            index = projection_of(vault).index
            items = vault.loaded_items()
            plain = [t.text for t in conv.turns]
            vectors = embedder.embed(plain)
            bm25 = plain_bm25s(plain)
            for q in conv.questions:
                request = make_request(q.text, K, None, None, None, False, q.as_of, None, ())
                ranked = baselines(conv, q.text, embedder, vectors, bm25)
                for name, tuning in tunings.items():
                    hits = rank(index, items, request, tuning)
                    keys = [key_of.get(s, "") for h in hits for s in h.sources]
                    ranked[name] = list(dict.fromkeys(k for k in keys if k))
                for name, keys in ranked.items():
                    scores[name][q.category].append(metrics(keys, q.evidence))
                    if q.stale:
                        new = min((keys.index(e) for e in q.evidence if e in keys), default=10**6)
                        old = min((keys.index(e) for e in q.stale if e in keys), default=10**6)
                        updated[name][0] += int(new < old)
                        updated[name][1] += 1
            projection_of(vault).close()
            embedder.save()
    return Result(scores, updated)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("bench", choices=["locomo", "longconv"])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--half", choices=["A", "B"], help="only this half")
    args = parser.parse_args()
    embedder = CachedEmbedder(load_embedder("onnx"))
    if args.bench == "locomo":
        from bench.locomo_data import conversations

        convs = conversations()[: args.limit or None]
        core = ["1", "2", "3", "4"]
    else:
        from bench.longconv import generate

        convs = generate(args.seed)
        core = sorted({q.category for c in convs for q in c.questions})
    halves = {"A (even conversations)": convs[0::2], "B (odd conversations)": convs[1::2]}
    for title, part in halves.items():
        if args.half and not title.startswith(args.half):
            continue
        result = run(part, embedder, graph_variants())
        n_turns = sum(len(c.turns) for c in part)
        head = f"{args.bench} woven, half {title}: {len(part)} conversations, {n_turns} turns"
        head += f" (R@k over categories {core})"
        print("\n".join(table(head, result, core)), flush=True)


if __name__ == "__main__":
    main()
