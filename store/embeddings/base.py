"""The Embedder protocol and the backend loader."""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt
from vaultweave.store.embeddings import BACKENDS
from vaultweave.store.errors import EmbedderUnavailableError

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 rows of width ``dim``."""

    model_id: str
    dim: int
    backend: str

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors: ...


_LOADED: dict[str, Embedder] = {}


def load_embedder(backend: str = "onnx") -> Embedder:
    """The named backend, loaded once per process."""
    if backend in _LOADED:
        return _LOADED[backend]
    embedder: Embedder
    if backend == "onnx":
        from vaultweave.store.embeddings.onnx import OnnxEmbedder

        embedder = OnnxEmbedder()
    elif backend == "sentence-transformers":
        from vaultweave.store.embeddings.st import SentenceTransformerEmbedder

        embedder = SentenceTransformerEmbedder()
    else:
        raise EmbedderUnavailableError(backend, f"unknown backend; choose one of {', '.join(BACKENDS)}")
    _LOADED[backend] = embedder
    return embedder


def normalise_rows(matrix: npt.NDArray[np.floating]) -> Vectors:
    rows = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(rows / norms, dtype=np.float32)
