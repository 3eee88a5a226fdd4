"""The keyword index scores as bm25s does, bit for bit, without importing bm25s to search."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from pathlib import Path

import bm25s
import numpy as np
import pytest
from vaultweave.store.index.keyword import KeywordIndex

from tests.conftest import REPO_ROOT

WORDS = [f"w{n}" for n in range(60)] + ["jazz", "tea", "oslo", "猫", "\x00"]


def corpus(seed: int, rows: int) -> list[tuple[str, ...]]:
    pick = random.Random(seed)
    return [tuple(pick.choices(WORDS, k=pick.randint(0, 30))) for _ in range(rows)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scores_are_bm25s_scores_bit_for_bit(seed: int) -> None:
    docs = corpus(seed, 400)
    ours = KeywordIndex.build(docs)
    model = bm25s.BM25()
    model.index([list(d) if d else ["\x00"] for d in docs], show_progress=False)
    pick = random.Random(seed + 100)
    for _ in range(50):
        query = pick.choices(WORDS + ["unknown", "w999"], k=pick.randint(1, 8))
        known = [t for t in query if t in model.vocab_dict]
        expected = (
            np.asarray(model.get_scores(known), dtype=np.float32)
            if known
            else np.zeros(len(docs), np.float32)
        )
        got = ours.scores(query)
        assert got.dtype == np.float32 and got.shape == (len(docs),)
        assert np.array_equal(got, expected)


def test_a_saved_index_loads_without_bm25s_and_an_old_one_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "keyword.pkl"
    docs = corpus(7, 50)
    KeywordIndex.build(docs).save(path, "v1")
    code = (
        "import sys\n"
        "sys.modules['bm25s'] = None\n"  # searching must not need it
        "from pathlib import Path\n"
        "from vaultweave.store.index.keyword import KeywordIndex\n"
        f"index = KeywordIndex.load(Path({str(path)!r}), 'v1', 50)\n"
        "print(float(index.scores(['jazz', 'tea']).sum()) > 0, 'scipy' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT, timeout=120
    )
    assert done.stdout.split() == ["True", "False"], done.stderr
    assert KeywordIndex.load(path, "v2", 50) is None  # another generation
    assert KeywordIndex.load(path, "v1", 51) is None
    path.write_bytes(pickle.dumps({"version": "v1", "size": 50, "model": object()}))  # the old format
    assert KeywordIndex.load(path, "v1", 50) is None


def test_an_empty_index_scores_nothing() -> None:
    empty = KeywordIndex.build([])
    assert empty.scores(["jazz"]).shape == (0,)
    blank = KeywordIndex.build([(), ()])
    assert blank.scores(["jazz"]).tolist() == [0.0, 0.0]
