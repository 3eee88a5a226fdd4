"""A second hop for the context block: pseudo-relevance feedback.

Evidence for a question that spans a long conversation is often said in words the
question does not use but its best hits do ("Where did Maya move from?" finds "since I
moved from my home country"; the answer, "my home country, Sweden", was said months
apart). ``Vault.context`` searches once, weighs the words of its first
``[context] feedback_hits`` facts and turns (each hit's score times the word's BM25 idf,
summed over the hits), searches again with the query widened by the ``feedback_terms``
that weigh most, and keeps the first ``feedback_after`` hits of the first search where
they were, the second search's hits below them, then the rest of the first (docs/RECALL.md, context
bench round 4). Pure functions; the searches are the caller's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vaultweave.store.index.terms import keyword_tokens
from vaultweave.weaver.recall.hits import Hit

# token -> its BM25 inverse document frequency in the vault's keyword index
Idf = Callable[[list[str]], list[float]]


def feedback_terms(query: str, hits: Sequence[Hit], idf: Idf, from_hits: int, terms: int) -> list[str]:
    """The ``terms`` keyword tokens of the first ``from_hits`` facts and turns (digests not
    counted) that weigh most, weight = sum over the hits holding it of the hit's score
    times the token's idf; the query's own tokens, numbers and tokens under 3 letters
    are left out. Ties go to the token first met."""
    if terms <= 0 or from_hits <= 0:
        return []
    asked = set(keyword_tokens(query))
    weight: dict[str, float] = {}
    ranked = [h for h in hits if h.kind in ("item", "turn")][:from_hits]
    for hit in ranked:
        words = [w for w in dict.fromkeys(keyword_tokens(hit.text)) if w not in asked]
        words = [w for w in words if len(w) >= 3 and not w.isdigit()]
        for word, value in zip(words, idf(words), strict=True):
            weight[word] = weight.get(word, 0.0) + hit.score * value
    best = sorted(weight, key=lambda w: -weight[w])  # stable: the first met wins a tie
    return [w for w in best if weight[w] > 0][:terms]


def widened(query: str, terms: Sequence[str]) -> str:
    """The query for the second hop: the question, then the feedback words."""
    return " ".join([query, *terms]) if terms else query


def below_first(first: Sequence[Hit], second: Sequence[Hit], keep: int) -> list[Hit]:
    """``first``'s first ``keep`` hits, then ``second``'s not among them, then the rest of
    ``first``; each hit once (its first place)."""
    merged: dict[str, Hit] = {}
    for hit in [*first[:keep], *second, *first[keep:]]:
        merged.setdefault(hit.id, hit)
    return list(merged.values())
