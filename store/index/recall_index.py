"""RecallIndex: the catalog plus its dense and keyword projections, loaded lazily.

Writing (``update``) touches only units whose key text changed; reading (``view``) loads
the catalog into arrays once per generation and builds or refreshes the FAISS and BM25
structures on first use.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
from vaultweave.store.embeddings import DIM, MODEL_ID
from vaultweave.store.embeddings.base import Embedder, Vectors
from vaultweave.store.index.catalog import Catalog, Row
from vaultweave.store.index.dense import DenseIndex
from vaultweave.store.index.keyword import KeywordIndex
from vaultweave.store.index.terms import keyword_tokens
from vaultweave.store.index.unit import Unit

CATALOG_FILE = "catalog.sqlite"
KEYWORD_FILE = "keyword.pkl"
QUERY_CACHE_SIZE = 1024  # 1.5 KB a vector


@dataclass
class IndexView:
    """The catalog at one generation, as arrays indexed by row number."""

    version: str
    rows: list[Row | None]
    by_key: dict[str, int]
    live: npt.NDArray[np.bool_]
    is_turn: npt.NDArray[np.bool_]
    ts: npt.NDArray[np.float64]
    dense: DenseIndex
    _keyword: KeywordIndex | None = None
    _keyword_path: Path | None = None
    _extra: dict[str, object] = field(default_factory=dict)

    def keyword(self) -> KeywordIndex:
        if self._keyword is None:
            size = len(self.rows)
            assert self._keyword_path is not None
            loaded = KeywordIndex.load(self._keyword_path, self.version, size)
            if loaded is None:
                loaded = KeywordIndex.build([r.tokens if r else () for r in self.rows])
                loaded.save(self._keyword_path, self.version)
            self._keyword = loaded
        return self._keyword


_WORKERS: list[ThreadPoolExecutor] = []
_WORKERS_LOCK = threading.Lock()
# A forked child has none of the parent's threads: it starts its own pool when it needs one.
os.register_at_fork(after_in_child=_WORKERS.clear)


def _query_workers() -> ThreadPoolExecutor:
    """Two threads for query embeddings, shared by every index in the process."""
    with _WORKERS_LOCK:
        if not _WORKERS:
            _WORKERS.append(ThreadPoolExecutor(max_workers=2, thread_name_prefix="vaultweave-query"))
        return _WORKERS[0]


class QueryVectors:
    """A small LRU of query vectors (embedding is most of a search's time)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._vectors: OrderedDict[str, Vectors] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def cached(self, text: str) -> Vectors | None:
        with self._lock:
            found = self._vectors.get(text)
            if found is not None:
                self._vectors.move_to_end(text)
                self.hits += 1
            return found

    def vector(self, text: str, embedder: Embedder) -> Vectors:
        found = self.cached(text)
        if found is not None:
            return found
        with self._lock:
            self.misses += 1
        vector = embedder.embed([text])
        vector.setflags(write=False)  # shared between searches
        with self._lock:
            self._vectors[text] = vector
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)
        return vector

    def clear(self) -> None:
        with self._lock:
            self._vectors.clear()
            self.hits = self.misses = 0


@dataclass(frozen=True)
class UpdateReport:
    embedded: int
    reused: int
    deleted: int
    unchanged: int


class RecallIndex:
    def __init__(
        self,
        folder: Path,
        embedder: Callable[[], Embedder],
        hnsw_threshold: int = 20_000,
        model_id: str = MODEL_ID,
        dim: int = DIM,
    ) -> None:
        self.folder = folder
        self._embedder_factory = embedder
        self._embedder: Embedder | None = None
        self.hnsw_threshold = hnsw_threshold
        self.catalog = Catalog(folder / CATALOG_FILE, model_id, dim)
        self._view: IndexView | None = None
        self._queries = QueryVectors(QUERY_CACHE_SIZE)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = self._embedder_factory()
        return self._embedder

    def close(self) -> None:
        self.catalog.close()

    @classmethod
    def destroy(cls, folder: Path) -> None:
        """Delete every file of the index (it is derived; reindex makes it again)."""
        if folder.exists():
            shutil.rmtree(folder)

    # -- writing ---------------------------------------------------------------------------

    def update(
        self, units: Sequence[Unit], deletes: Sequence[str] = (), meta: dict[str, str] | None = None
    ) -> UpdateReport:
        """Upsert ``units`` (skipping those whose key text is unchanged) and drop ``deletes``."""
        known = self.catalog.hashes()
        changed = [u for u in units if known.get(u.key) != u.hash]
        unchanged = len(units) - len(changed)
        gone = [k for k in deletes if k in known]
        if not changed and not gone:
            if meta:
                self.catalog.update([], (), meta)
            return UpdateReport(0, 0, 0, unchanged)
        cached = self.catalog.vectors_by_hash(u.hash for u in changed)
        todo = sorted({u.hash: u.key_text for u in changed if u.hash not in cached}.items())
        if todo:
            vectors = self.embedder.embed([text for _, text in todo])
            for (h, _), vector in zip(todo, vectors, strict=True):
                cached[h] = np.ascontiguousarray(vector, dtype=np.float32).tobytes()
        upserts = [(u, tuple(keyword_tokens(u.words)), cached[u.hash]) for u in changed]
        self.catalog.update(upserts, gone, meta)
        self._view = None
        return UpdateReport(len(todo), len(changed) - len(todo), len(gone), unchanged)

    def replace_all(self, units: Sequence[Unit], meta: dict[str, str] | None = None) -> UpdateReport:
        """Make the catalog hold exactly ``units`` (vectors of unchanged units are kept)."""
        keys = {u.key for u in units}
        stale = [k for k in self.catalog.hashes() if k not in keys]
        return self.update(units, stale, meta)

    # -- reading ---------------------------------------------------------------------------

    def embed_query(self, text: str) -> Vectors:
        """The query's vector; the last few are kept, since agents often repeat a question."""
        return self._queries.vector(text, self.embedder)

    def embed_query_soon(self, text: str) -> Future[Vectors]:
        """The query's vector, computed in a worker thread (done at once when cached), so a
        search can score its keyword leg meanwhile."""
        cached = self._queries.cached(text)
        if cached is not None:
            done: Future[Vectors] = Future()
            done.set_result(cached)
            return done
        return _query_workers().submit(self.embed_query, text)

    def clear_query_cache(self) -> None:
        self._queries.clear()

    def query_cache_stats(self) -> tuple[int, int]:
        """(hits, misses) since the cache was last cleared."""
        return self._queries.hits, self._queries.misses

    def view(self) -> IndexView:
        version = self.catalog.version
        if self._view is not None and self._view.version == version:
            return self._view
        size = self.catalog.next_row()
        rows: list[Row | None] = [None] * size
        by_key: dict[str, int] = {}
        live = np.zeros(size, dtype=bool)
        is_turn = np.zeros(size, dtype=bool)
        ts = np.zeros(size, dtype=np.float64)
        for row in self.catalog.rows():
            rows[row.row] = row
            by_key[row.key] = row.row
            live[row.row] = True
            is_turn[row.row] = row.kind == "turn"
            ts[row.row] = row.ts
        matrix = self.catalog.matrix(size)
        dense = DenseIndex(matrix, live, self.hnsw_threshold, self.folder, version)
        self._view = IndexView(
            version,
            rows,
            by_key,
            live,
            is_turn,
            ts,
            dense,
            _keyword_path=self.folder / KEYWORD_FILE,
        )
        return self._view
