"""The CRFsuite models shipped in the package (``weaver/data``), each opened once.

A truncated or replaced CRFsuite model crashes the process instead of raising, so a model
is opened only after its bytes matched their sha256 pin (``store.embeddings.integrity``).
The models ship xz-compressed (a third of their size: the install stays small) and are
opened from memory, never written out. The span reader and the change reader read through
here; the trainers write through ``packed``.
"""

from __future__ import annotations

import lzma
from functools import cache
from importlib import resources
from pathlib import Path

import pycrfsuite
from vaultweave.store.embeddings.integrity import verified_file

# Where the models lie in a source checkout: the trainers write them here.
DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def packed(model: bytes) -> bytes:
    """A CRFsuite model as it ships (xz; the same model always packs to the same bytes)."""
    return lzma.compress(model, preset=9)


@cache
def _model(name: str) -> bytes:
    """The packaged model's bytes, unpacked after the packed ones matched their pinned sha256."""
    with resources.as_file(resources.files("vaultweave.weaver") / "data" / name) as path:
        return lzma.decompress(verified_file("vaultweave", path).read_bytes())


@cache
def tagger(name: str) -> pycrfsuite.Tagger:
    """A tagger of the packaged model ``name`` (``reader_en.crfsuite.xz``), opened once."""
    opened = pycrfsuite.Tagger()
    # CRFsuite reads the model where it lies: the bytes must outlive the tagger (_model
    # keeps them), or it reads freed memory.
    opened.open_inmemory(_model(name))
    return opened
