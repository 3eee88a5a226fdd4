"""Similar pairs for dedupe and merge: cosine similarity of sentence vectors.

Only items about the same subject in the same category are compared (a duplicate is
filed where its twin is, and facts about two people never fold together), so the cost
is the sum of squared block sizes rather than the square of the vault. Needs numpy
(the recall extra); the planner itself does not.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt
from vaultweave.store.item import Item
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.upkeep.plan import PairFinder, SimilarPair

if TYPE_CHECKING:
    from vaultweave.weaver.recall.projection import RecallProjection

ROWS_PER_BLOCK = 2048  # bounds the similarity matrix held at once (rows x block size)

Matrix = npt.NDArray[np.float32]


class TextEmbedder(Protocol):
    """What upkeep needs of an embedder: L2-normalised float32 rows, one per text."""

    def embed(self, texts: list[str], batch_size: int = 64) -> Any: ...


def blocks(items: Sequence[Item]) -> list[list[Item]]:
    """Items grouped by (subject, category), each group in id order; singletons dropped."""
    grouped: dict[tuple[str, str], list[Item]] = defaultdict(list)
    for item in items:
        grouped[(normalise(item.subject), item.category)].append(item)
    return [sorted(g, key=lambda i: i.id) for _, g in sorted(grouped.items()) if len(g) > 1]


def _unit_rows(rows: Sequence[Any]) -> Matrix:
    matrix = np.asarray(np.stack([np.asarray(r, dtype=np.float32) for r in rows]), dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.asarray(matrix / norms, dtype=np.float32)


def pairs_in_block(ids: Sequence[str], matrix: Matrix, threshold: float) -> Iterator[SimilarPair]:
    """Every (i < j) pair of rows with cosine >= threshold."""
    count = len(ids)
    for start in range(0, count, ROWS_PER_BLOCK):
        stop = min(count, start + ROWS_PER_BLOCK)
        scores = matrix[start:stop] @ matrix[start:].T  # only columns from ``start`` on
        rows, cols = np.nonzero(scores >= threshold)
        for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
            i, j = start + r, start + c
            if j > i:
                yield ids[i], ids[j], float(scores[r, c])


def vector_pairs(vectors: Mapping[str, Any]) -> PairFinder:
    """A pair finder over given vectors (item id -> vector); items without one are skipped."""

    def find(items: Sequence[Item], threshold: float) -> list[SimilarPair]:
        found: list[SimilarPair] = []
        for block in blocks([i for i in items if i.id in vectors]):
            ids = [i.id for i in block]
            found.extend(pairs_in_block(ids, _unit_rows([vectors[i] for i in ids]), threshold))
        return found

    return find


def embedding_pairs(embedder: TextEmbedder, batch_size: int = 64) -> PairFinder:
    """A pair finder that embeds the canonical sentences of the items it is asked about."""

    def find(items: Sequence[Item], threshold: float) -> list[SimilarPair]:
        candidates = [i for block in blocks(items) for i in block]
        if not candidates:
            return []
        rows = embedder.embed([i.text for i in candidates], batch_size=batch_size)
        vectors = {item.id: rows[n] for n, item in enumerate(candidates)}
        return list(vector_pairs(vectors)(candidates, threshold))

    return find


def index_pairs(projection: RecallProjection) -> PairFinder:
    """A pair finder that reads item vectors from the recall index (the same sentences,
    already embedded) and embeds only the items the index does not hold yet."""
    from vaultweave.weaver.recall.units import item_key, item_unit

    def find(items: Sequence[Item], threshold: float) -> list[SimilarPair]:
        candidates = [i for block in blocks(items) for i in block]
        if not candidates:
            return []
        index = projection.index
        view = index.view()
        vectors: dict[str, Any] = {}
        missing: list[Item] = []
        for item in candidates:
            row = view.by_key.get(item_key(item.id))
            known = view.rows[row] if row is not None and view.live[row] else None
            if known is not None and known.hash == item_unit(item).hash:
                vectors[item.id] = view.dense.matrix[known.row]
            else:
                missing.append(item)
        if missing:
            rows = index.embedder.embed([i.text for i in missing])
            vectors.update({item.id: rows[n] for n, item in enumerate(missing)})
        return list(vector_pairs(vectors)(candidates, threshold))

    return find
