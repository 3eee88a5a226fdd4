"""Merging hits from several vaults (read-through, weaver/read_through.py) into one ranking."""

from __future__ import annotations

from collections.abc import Sequence

from vaultweave.weaver.recall.hits import Hit


def merge_hits(own: Sequence[Hit], shared: Sequence[Hit], k: int) -> list[Hit]:
    """The best ``k`` of both by score; on equal scores the vault's own hit comes first."""
    ranked = sorted(
        [(h.score, 0, n, h) for n, h in enumerate(own)] + [(h.score, 1, n, h) for n, h in enumerate(shared)],
        key=lambda row: (-row[0], row[1], row[2]),
    )
    return [row[3] for row in ranked[:k]]
