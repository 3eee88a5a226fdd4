"""The keyword projection: BM25 (bm25s) over the catalog's tokens.

bm25s was chosen over SQLite FTS5 by ``python -m bench.keyword_choice``: at 100k rows a
query takes ~0.1 ms against FTS5's 18 ms (p50; 39 ms p95), which alone would break the
10 ms search target. Its index is static, so a change rebuilds the score matrix from the
tokens cached in the catalog (0.1 s at LoCoMo's 6k turns, ~3 s at 100k); the rebuild runs
lazily at the first search after a cycle, never inside the cycle.

bm25s builds the index; what is kept and searched is its eager score matrix as plain
arrays (CSC: one column of precomputed BM25 scores per token), and a query adds up the
columns of its tokens exactly as bm25s's numpy backend does, in the same order and
dtype (tests/test_keyword_index.py compares the two bit for bit). So a search needs numpy
alone: importing bm25s pulls in scipy.sparse, about 0.6 s of CPU a cold start would pay.
"""

from __future__ import annotations

import contextlib
import io
import math
import pickle
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from vaultweave.store.atomic import atomic_write_bytes
from vaultweave.store.extras import require

Mask = npt.NDArray[np.bool_]
FORMAT = "bm25-csc-1"  # what a saved file holds; another (an older pickled model) is rebuilt


class KeywordIndex:
    def __init__(self, arrays: dict[str, Any] | None, size: int) -> None:
        self._arrays = arrays
        self.size = size

    @classmethod
    def build(cls, docs: list[tuple[str, ...]]) -> KeywordIndex:
        # A row with no tokens still needs a column so row numbers line up.
        corpus = [list(doc) if doc else ["\x00"] for doc in docs]
        if not corpus:
            return cls(None, 0)
        bm25s = require("recall", "bm25s")
        model = bm25s.BM25()
        with contextlib.redirect_stderr(io.StringIO()):
            model.index(corpus, show_progress=False)
        if model.nonoccurrence_array is not None:  # BM25L / BM25+; our method (lucene) has none
            raise ValueError(f"BM25 method {model.method!r} is not supported")
        arrays = {
            "data": model.scores["data"],
            "indices": model.scores["indices"],
            "indptr": model.scores["indptr"],
            "num_docs": int(model.scores["num_docs"]),
            "vocab": dict(model.vocab_dict),
            "dtype": np.dtype(model.dtype).str,
            "int_dtype": np.dtype(model.int_dtype).str,
        }
        return cls(arrays, len(docs))

    @classmethod
    def load(cls, path: Path, version: str, size: int) -> KeywordIndex | None:
        try:
            with path.open("rb") as handle:
                saved = pickle.load(handle)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, ImportError):
            return None
        if not isinstance(saved, dict) or saved.get("format") != FORMAT:
            return None
        if saved.get("version") != version or saved.get("size") != size:
            return None
        return cls(saved["arrays"], size)

    def save(self, path: Path, version: str) -> None:
        saved = {"format": FORMAT, "version": version, "size": self.size, "arrays": self._arrays}
        atomic_write_bytes(path, pickle.dumps(saved))

    def scores(self, tokens: list[str]) -> npt.NDArray[np.float32]:
        """Each row's BM25 score for ``tokens`` (bm25s's ``get_scores``, bit for bit)."""
        arrays = self._arrays
        if arrays is None or not tokens:
            return np.zeros(self.size, dtype=np.float32)
        vocab = arrays["vocab"]
        known = [vocab[t] for t in tokens if t in vocab]
        if not known:
            return np.zeros(self.size, dtype=np.float32)
        ids = np.asarray(known, dtype=np.dtype(arrays["int_dtype"]))
        indptr, indices, data = arrays["indptr"], arrays["indices"], arrays["data"]
        scores = np.zeros(arrays["num_docs"], dtype=np.dtype(arrays["dtype"]))
        for start, end in zip(indptr[ids], indptr[ids + 1], strict=True):
            np.add.at(scores, indices[start:end], data[start:end])
        return np.asarray(scores, dtype=np.float32)

    def idf(self, tokens: list[str]) -> list[float]:
        """Each token's inverse document frequency as BM25 (Lucene's) weighs it:
        ``log(1 + (N - df + 0.5) / (df + 0.5))``; 0 for a token no row holds."""
        arrays = self._arrays
        if arrays is None:
            return [0.0] * len(tokens)
        vocab, indptr, total = arrays["vocab"], arrays["indptr"], arrays["num_docs"]
        out = []
        for token in tokens:
            column = vocab.get(token)
            df = 0 if column is None else int(indptr[column + 1] - indptr[column])
            out.append(math.log(1 + (total - df + 0.5) / (df + 0.5)) if df else 0.0)
        return out

    def search(
        self, tokens: list[str], eligible: Mask, n: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Top ``n`` eligible rows with a positive BM25 score, best first."""
        scores = self.scores(tokens)
        scores = np.where(eligible[: len(scores)], scores, 0.0)
        positive = int((scores > 0).sum())
        n = min(n, positive)
        if n <= 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top])]
        return top.astype(np.int64), scores[top].astype(np.float32)
