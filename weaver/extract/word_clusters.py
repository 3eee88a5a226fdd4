"""English word classes for the span reader: which words MiniLM puts near each other.

A trained reader knows the words of its training sentences; chat names towns, trades and
pastimes it never saw. Each word of the embedder's vocabulary (``store/data/vocab.txt``)
has a coarse and a fine class, the clusters of MiniLM's own word vectors (built by
``python -m bench.facts.word_clusters``; shipped in ``weaver/data/word_clusters_en.bin``
and pinned by sha256): "wigan" is in the class of "leeds" and "sheffield" though no
training sentence names it. The classes are features, never decisions.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

from vaultweave.store.embeddings.integrity import verified_file
from vaultweave.store.embeddings.wordpiece import normalise, wordpiece

CLUSTERS_FILE = Path(__file__).resolve().parent.parent / "data" / "word_clusters_en.bin"
UNKNOWN = ("-", "-")


def vocabulary() -> dict[str, int]:
    """The embedder's vocabulary: word -> row (read once, with the embedder's tokenizer)."""
    return wordpiece().vocab


@cache
def _classes() -> bytes:
    with resources.as_file(resources.files("vaultweave.weaver") / "data" / CLUSTERS_FILE.name) as path:
        return bytes(verified_file("vaultweave", path).read_bytes())


@lru_cache(maxsize=65_536)  # every English word of every sentence the reader reads
def classes(word: str) -> tuple[str, str]:
    """The coarse and the fine class of ``word`` (any case, accents allowed), or ``UNKNOWN``."""
    row = vocabulary().get(normalise(word).strip())
    if row is None:
        return UNKNOWN
    table = _classes()
    size = len(table) // 2
    return (str(table[row]), str(table[size + row])) if row < size else UNKNOWN
