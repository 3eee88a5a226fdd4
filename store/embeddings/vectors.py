"""What every embedding backend returns: the Embedder protocol and L2-normalised rows."""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 rows of width ``dim``."""

    model_id: str
    dim: int
    backend: str

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors: ...


def normalise_rows(matrix: npt.NDArray[np.floating]) -> Vectors:
    rows = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(rows / norms, dtype=np.float32)
