"""The committed generated code matches its .proto files, and items survive the disk round trip."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from vaultweave.store.item import Item, Status, decode, encode, to_json_dict, to_text

from tests.conftest import REPO_ROOT

T0 = datetime(2026, 1, 5, 10, 0, tzinfo=timezone.utc)


def test_generated_code_is_up_to_date(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable, "-m", "grpc_tools.protoc", f"-I{REPO_ROOT / 'schemas'}",
            f"--python_out={tmp_path}", f"--pyi_out={tmp_path}", str(REPO_ROOT / "schemas/item.proto"),
            str(REPO_ROOT / "schemas/onnx_model.proto"),
        ],
        check=True,
    )
    for name in ("item_pb2.py", "item_pb2.pyi", "onnx_model_pb2.py", "onnx_model_pb2.pyi"):
        committed = (REPO_ROOT / "schemas" / name).read_text(encoding="utf-8")
        assert (tmp_path / name).read_text(encoding="utf-8") == committed, (
            f"schemas/{name} is stale: run `make proto` and commit the result"
        )


def _item(**changes: object) -> Item:
    base = Item(
        id="abc123", subject="Maya", attribute="employer", value="OpenAI",
        text="Maya works at OpenAI.", category="work", kind="fact",
        valid_from=T0, observed_at=T0, tags=("job",), sources=("resources/2026/01/05.jsonl#L1",),
    )
    return base.evolve(**changes)


def test_item_round_trips_through_protobuf() -> None:
    item = _item(
        status=Status.HISTORICAL, valid_to=datetime(2026, 2, 1, tzinfo=timezone.utc),
        superseded_by="def456", importance=0.7, confidence=0.9, pinned=True,
    )
    assert decode(encode(item)) == item
    assert encode(item) == encode(decode(encode(item)))  # deterministic bytes


def test_json_and_text_forms_use_rfc3339() -> None:
    data = to_json_dict(_item())
    assert data["valid_from"] == "2026-01-05T10:00:00Z"
    assert data["valid_to"] is None
    assert data["status"] == "current"
    assert "value: OpenAI" in to_text(_item())


def test_garbage_is_not_an_item() -> None:
    import pytest

    with pytest.raises(ValueError):
        decode(b"\xff\xff\xff not a protobuf")
