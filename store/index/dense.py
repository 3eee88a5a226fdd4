"""The dense projection over the catalog's vectors: exact when small, a FAISS HNSW graph when large.

Exact search is one matrix-vector product over the eligible rows (what FAISS's flat index
computes; done in numpy so that filters cost nothing: FAISS's bitmap selector made a flat
search 5x slower in bench.scale).

Row numbers are the catalog's. Rows never move, so an HNSW graph saved at one generation is
brought up to date by adding the rows made since; rows of deleted or changed units stay in
the graph but are masked out of every search.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from vaultweave.store.atomic import atomic_write_bytes, atomic_write_text
from vaultweave.store.embeddings.base import Vectors

HNSW_M = 32
HNSW_EF_CONSTRUCTION = 80
HNSW_EF_SEARCH = 96
# Below this share of eligible rows a filtered search scans the eligible rows exactly.
EXACT_SHARE = 0.2

Mask = npt.NDArray[np.bool_]


@lru_cache(maxsize=1)
def _faiss() -> Any:
    """FAISS, imported on first use: only the HNSW graph needs it (exact search is numpy),
    so a vault under ``hnsw_threshold`` never pays its import. Its OpenMP pool is set to
    one thread: single queries, where threads cost more than they give."""
    import faiss

    faiss.omp_set_num_threads(1)
    return faiss


@lru_cache(maxsize=1)
def _blas_threads() -> Any:
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def one_blas_thread() -> Any:
    """One query's matrix-vector product on one BLAS thread (bit-identical result).

    Memory bound at these sizes: a second thread gains nothing on a quiet machine, and on a
    busy one OpenBLAS's spinning workers made the 10k-row product 3-10x slower.
    """
    return _blas_threads().limit(limits=1, user_api="blas")


class DenseIndex:
    def __init__(self, matrix: Vectors, live: Mask, hnsw_threshold: int, folder: Path, version: str) -> None:
        self.matrix = matrix
        self.live = live
        self.kind = "hnsw" if int(live.sum()) >= hnsw_threshold else "flat"
        self._index: Any = None
        self._folder = folder
        self._version = version

    @property
    def size(self) -> int:
        return int(self.matrix.shape[0])

    def _hnsw(self) -> Any:
        graph_file = self._folder / "dense.hnsw"
        meta_file = self._folder / "dense.hnsw.json"
        faiss = _faiss()
        index: Any = None
        try:
            meta = json.loads(meta_file.read_text(encoding="utf-8"))
            index = faiss.deserialize_index(np.fromfile(graph_file, dtype=np.uint8))
            same_catalog = str(meta.get("version", "")).split("-")[0] == self._version.split("-")[0]
            if not same_catalog or meta.get("dim") != self.matrix.shape[1] or index.ntotal > self.size:
                index = None
        except (OSError, ValueError, RuntimeError):
            index = None
        if index is None:
            index = faiss.IndexHNSWFlat(self.matrix.shape[1], HNSW_M, faiss.METRIC_INNER_PRODUCT)
            index.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
        if index.ntotal < self.size:
            faiss.omp_set_num_threads(0)
            index.add(self.matrix[index.ntotal :])
            faiss.omp_set_num_threads(1)
            self.save_graph(index)
        index.hnsw.efSearch = HNSW_EF_SEARCH
        return index

    def save_graph(self, index: Any) -> None:
        data = _faiss().serialize_index(index)
        atomic_write_bytes(self._folder / "dense.hnsw", data.tobytes())
        atomic_write_text(
            self._folder / "dense.hnsw.json",
            json.dumps(
                {
                    "dim": int(self.matrix.shape[1]),
                    "rows": int(index.ntotal),
                    "version": self._version,
                }
            ),
        )

    def index(self) -> Any:
        if self._index is None:
            self._index = self._hnsw()
        return self._index

    def _exact(
        self, query: Vectors, allowed: Mask, n: int, count: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Brute force: one matrix-vector product (FAISS's flat index does the same work)."""
        with one_blas_thread():
            if count <= EXACT_SHARE * self.size:
                rows = np.flatnonzero(allowed)
                sims = self.matrix[rows] @ query[0]
            else:
                rows = np.arange(self.size)
                sims = self.matrix @ query[0]
                sims[~allowed] = -np.inf
        top = np.argpartition(-sims, n - 1)[:n] if n < len(rows) else np.arange(len(rows))
        top = top[np.argsort(-sims[top])]
        return rows[top].astype(np.int64), sims[top].astype(np.float32)

    def search(
        self, query: Vectors, eligible: Mask, n: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Top ``n`` eligible rows by cosine similarity: (rows, similarities), best first."""
        allowed = eligible & self.live
        count = int(allowed.sum())
        if count == 0 or n <= 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        n = min(n, count)
        if self.kind == "flat" or count <= EXACT_SHARE * self.size or self.size < 2048:
            return self._exact(query, allowed, n, count)
        # The graph, walked only through eligible rows.
        bitmap = np.packbits(allowed, bitorder="little")
        faiss = _faiss()
        selector = faiss.IDSelectorBitmap(bitmap)
        hnsw_params: Any = faiss.SearchParametersHNSW
        params = hnsw_params(sel=selector, efSearch=max(HNSW_EF_SEARCH, n))
        sims, rows = self.index().search(query, n, params=params)
        keep = rows[0] >= 0
        return rows[0][keep].astype(np.int64), sims[0][keep].astype(np.float32)
