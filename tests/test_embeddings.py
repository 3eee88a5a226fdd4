"""Both embedding backends, with the real packaged models: same vector space, offline."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from vaultweave.store.embeddings import BACKENDS, DIM, MODEL_ID
from vaultweave.store.embeddings.base import Embedder, load_embedder
from vaultweave.store.embeddings.onnx import count_tokens, vocab_path
from vaultweave.store.errors import ConfigError, EmbedderUnavailableError
from vaultweave.weaver.recall.projection import choose_embedder
from vaultweave.weaver.vault import Vault

SENTENCES = [
    "I moved to Berlin last year.",
    "My sister adopted a dog named Rex.",
    "Caroline went to an LGBTQ support group on 7 May 2023.",
    "我喜欢在北京吃烤鸭。",
    "Я люблю гулять по Москве.",
    "🙂 ok",
    "x",
]


@pytest.fixture(scope="session")
def onnx() -> Embedder:
    return load_embedder("onnx")


def test_both_backends_give_the_same_vectors(onnx: Embedder) -> None:
    torch_backend = load_embedder("sentence-transformers")
    a = onnx.embed(SENTENCES)
    b = torch_backend.embed(SENTENCES)
    assert a.shape == b.shape == (len(SENTENCES), DIM)
    assert a.dtype == b.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    cosines = (a * b).sum(axis=1)
    assert cosines.min() >= 0.99, cosines
    assert onnx.model_id == torch_backend.model_id == MODEL_ID
    # and the space is meaningful: related sentences are closer than unrelated ones
    assert float(a[0] @ a[2]) < float(a[2] @ onnx.embed(["Caroline attended a support group"])[0])


def test_long_text_is_truncated_not_refused(onnx: Embedder) -> None:
    huge = "word " * 20_000
    vectors = onnx.embed([huge, "short"])
    assert vectors.shape == (2, DIM)
    assert np.isfinite(vectors).all()


def test_vocab_ships_with_the_package_and_counts_tokens() -> None:
    assert vocab_path().is_file() and vocab_path().stat().st_size > 200_000
    assert count_tokens("hello world") == 2
    assert count_tokens("") == 0


def test_unknown_backend_is_a_clear_error() -> None:
    with pytest.raises(EmbedderUnavailableError, match="choose one of"):
        load_embedder("word2vec")


def test_backend_choice_precedence(make_vault, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    vault = make_vault(config='[recall]\nembedder = "sentence-transformers"\n')
    assert choose_embedder(vault) == "sentence-transformers"  # vault.toml over the default
    monkeypatch.setenv("VAULTWEAVE_EMBEDDER", "onnx")
    vault = Vault.open(vault.root)  # the settings read the environment when a vault opens
    assert choose_embedder(vault) == "onnx"  # env over vault.toml
    assert choose_embedder(vault, "sentence-transformers") == "sentence-transformers"  # explicit wins
    monkeypatch.setenv("VAULTWEAVE_EMBEDDER", "bert")
    with pytest.raises(ConfigError, match="VAULTWEAVE_EMBEDDER='bert': choose one of"):
        Vault.open(vault.root)
    assert set(BACKENDS) == {"onnx", "sentence-transformers"}
    assert isinstance(vault.root, Path)


def test_single_text_session_gives_the_batch_session_vectors_bit_for_bit(onnx: Embedder) -> None:
    # Queries run on a one-thread, non-spinning session for latency; ranking must not move.
    from vaultweave.store.embeddings.onnx import OnnxEmbedder

    assert isinstance(onnx, OnnxEmbedder)
    for sentence in SENTENCES + ["what does Maya like to do in Berlin on Sundays?"]:
        single = onnx.embed([sentence])
        batch = onnx.embed_with(onnx._batch_session(), [sentence])
        assert np.array_equal(single, batch), sentence
