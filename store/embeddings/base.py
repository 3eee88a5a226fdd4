"""The backend loader. The protocol and row helpers live in ``vectors`` (re-exported here),
so the backends import them without importing the loader that imports them."""

from __future__ import annotations

from vaultweave.store.embeddings import BACKENDS
from vaultweave.store.embeddings.vectors import Embedder, Vectors, normalise_rows
from vaultweave.store.errors import EmbedderUnavailableError

__all__ = ["Embedder", "Vectors", "load_embedder", "normalise_rows"]

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
