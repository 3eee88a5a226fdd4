"""Excerpts: a long turn shown in the context block as its sentences nearest the query.

Past the first ``[context] excerpt_after`` facts and turns of the ranking, a turn longer
than ``excerpt_tokens`` is cut to its sentences that share most keywords with the query
(BM25's keyword tokens), kept in their own order, each gap marked with an ellipsis,
within that many tokens, so the block's budget covers more of the recalled turns
(docs/RECALL.md, context bench round 3). The scorer is a parameter; the embedding
model's cosine chose a little better on LoCoMo but cost seconds a block under load.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from vaultweave.store.index.terms import keyword_tokens
from vaultweave.weaver.recall.hits import Hit

ELLIPSIS = "…"
# A sentence ends at . ! ? or … before a space, or at a Chinese full stop, ! or ?.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？])")
Counter = Callable[[str], int]
# (query, sentences) -> one score a sentence, higher = nearer the query
Scorer = Callable[[str, Sequence[str]], Sequence[float]]


def sentences_of(text: str) -> list[str]:
    flat = " ".join(text.split())
    return [s.strip() for s in _SENTENCE_END.split(flat) if s.strip()]


def shared_keywords(query: str, sentences: Sequence[str]) -> list[float]:
    """How many of the query's keywords each sentence holds."""
    wanted = set(keyword_tokens(query))
    return [float(len(wanted & set(keyword_tokens(s)))) for s in sentences]


def pick_sentences(sentences: Sequence[str], scores: Sequence[float], limit: int, count: Counter) -> str:
    """The best-scoring sentences (earlier first on a tie) within ``limit`` tokens, in
    their own order, a gap marked with an ellipsis; the best one even when it alone is
    longer."""
    kept: set[int] = set()
    used = 0
    for i in sorted(range(len(sentences)), key=lambda i: (-scores[i], i)):
        cost = count(sentences[i])
        if kept and used + cost > limit:
            continue
        kept.add(i)
        used += cost
    parts: list[str] = []
    for i, sentence in enumerate(sentences):
        if i in kept:
            parts.append(sentence)
        elif not parts or parts[-1] != ELLIPSIS:
            parts.append(ELLIPSIS)
    return " ".join(parts)


def plan_excerpts(
    query: str,
    hits: Sequence[Hit],
    limit: int,
    count: Counter,
    score: Scorer = shared_keywords,
    whole: int = 0,
) -> Mapping[str, str]:
    """Turn id -> excerpt, for the turn hits longer than ``limit`` tokens that have more
    than one sentence, after the first ``whole`` facts and turns of the ranking (digests
    not counted), which stay whole; ``limit`` 0: none. Every sentence is scored in one
    call."""
    if limit <= 0:
        return {}
    ranked = [h for h in hits if h.kind in ("item", "turn")]
    kept_whole = {h.id for h in ranked[:whole] if h.kind == "turn"}
    long: dict[str, list[str]] = {}
    for hit in ranked[whole:]:
        if hit.kind != "turn" or hit.id in long or hit.id in kept_whole:
            continue
        if count(hit.text) > limit:
            sentences = sentences_of(hit.text)
            if len(sentences) > 1:
                long[hit.id] = sentences
    if not long:
        return {}
    scores = list(score(query, [s for sentences in long.values() for s in sentences]))
    out: dict[str, str] = {}
    start = 0
    for turn_id, sentences in long.items():
        out[turn_id] = pick_sentences(sentences, scores[start : start + len(sentences)], limit, count)
        start += len(sentences)
    return out
