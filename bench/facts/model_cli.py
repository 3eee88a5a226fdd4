"""What the trainers of the packaged models share: their options, how a model is packed, and
the pin they print."""

from __future__ import annotations

import argparse
import hashlib
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from vaultweave.weaver.extract.packaged_crf import DATA_DIR, packed

from bench.facts.__main__ import _batches


def parser(doc: str | None, learned: str) -> argparse.ArgumentParser:
    """--batches, --score, --out and --without-talk, for a trainer whose docstring is ``doc``."""
    made = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    made.add_argument("--batches", type=_batches, default=(), help=f"gold batches to learn from{learned}")
    made.add_argument("--score", type=_batches, default=None, help="batches to score on; writes nothing")
    made.add_argument("--out", type=Path, default=DATA_DIR, help="folder the models go in")
    made.add_argument(
        "--without-talk", action="store_true", help="leave out the conversations written for learning only"
    )
    return made


@contextmanager
def packed_to(target: Path) -> Iterator[Path]:
    """A path to train a model into; on leaving, the model is written to ``target`` packed as
    it ships (``packaged_crf.packed``)."""
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "model.crfsuite"
        yield plain
        target.write_bytes(packed(plain.read_bytes()))


def wrote(lang: str, target: Path) -> str:
    """The line a trainer prints for a model it wrote: its size and its sha256 pin."""
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    return (
        f"{lang}: wrote {target} ({target.stat().st_size / 1024:.0f} KB); its pin for "
        f'store/embeddings/integrity.py:\n        "{target.name}": "{digest}",'
    )
