"""The index itself: incremental updates keyed by content hash, model guard, exact vs HNSW."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from vaultweave.store.embeddings.base import load_embedder, normalise_rows
from vaultweave.store.errors import IndexModelMismatchError
from vaultweave.store.index.catalog import Catalog
from vaultweave.store.index.dense import DenseIndex
from vaultweave.store.index.recall_index import RecallIndex
from vaultweave.store.index.terms import keyword_tokens
from vaultweave.store.index.unit import Unit


def unit(key: str, text: str, kind: str = "turn") -> Unit:
    return Unit(key=key, kind=kind, text=text, key_text=text, ts=1.0e9, speaker="Maya")


def open_index(folder: Path) -> RecallIndex:
    return RecallIndex(folder, lambda: load_embedder("onnx"))


def test_update_embeds_only_what_changed(tmp_path: Path) -> None:
    index = open_index(tmp_path / "recall")
    first = index.update([unit("a", "I live in Berlin."), unit("b", "I like tea."), unit("c", "Dogs bark.")])
    assert (first.embedded, first.unchanged) == (3, 0)
    rows_before = {r.key: r.row for r in index.catalog.rows()}
    second = index.update(
        [unit("a", "I live in Berlin."), unit("b", "I like green tea."), unit("c", "Dogs bark.")]
    )
    assert (second.embedded, second.unchanged, second.deleted) == (1, 2, 0)
    rows_after = {r.key: r.row for r in index.catalog.rows()}
    assert rows_after["a"] == rows_before["a"] and rows_after["c"] == rows_before["c"]
    assert rows_after["b"] != rows_before["b"]  # a changed unit gets a new row; old rows never move
    # same text under another key reuses the stored vector instead of embedding again
    third = index.update([unit("d", "Dogs bark.")], deletes=["c"])
    assert (third.embedded, third.reused, third.deleted) == (0, 1, 1)
    view = index.view()
    assert sorted(view.by_key) == ["a", "b", "d"]
    rows, sims = view.dense.search(index.embed_query("what does the dog do"), view.live, 1)
    assert view.rows[int(rows[0])].key == "d" and sims[0] > 0.5  # type: ignore[union-attr]
    index.close()
    # the index is persistent: reopening sees the same units without embedding anything
    again = open_index(tmp_path / "recall")
    assert again.update([unit("a", "I live in Berlin.")]).embedded == 0
    again.close()


def test_index_built_with_another_model_is_refused(tmp_path: Path) -> None:
    Catalog(tmp_path / "recall" / "catalog.sqlite", "paraphrase-multilingual-mpnet", 768).close()
    with pytest.raises(IndexModelMismatchError, match="vaultweave reindex"):
        open_index(tmp_path / "recall")


def test_hnsw_agrees_with_exact_search_and_grows_incrementally(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    matrix = normalise_rows(rng.normal(size=(3000, 384)))
    live = np.ones(3000, dtype=bool)
    live[10] = False  # a replaced row stays in the graph but is never returned
    exact = DenseIndex(matrix, live, hnsw_threshold=10**9, folder=tmp_path, version="e-1")
    graph = DenseIndex(matrix[:2500], live[:2500], hnsw_threshold=100, folder=tmp_path, version="e-1")
    assert (exact.kind, graph.kind) == ("flat", "hnsw")
    graph.index()  # builds and saves the graph over 2500 rows
    grown = DenseIndex(matrix, live, hnsw_threshold=100, folder=tmp_path, version="e-2")
    assert grown.index().ntotal == 3000  # reloaded, only the 500 new rows added
    agree = 0
    for row in (10, 11, 2999, 1500, 42):
        query = matrix[row : row + 1]
        top_exact, _ = exact.search(query, live, 5)
        top_graph, _ = grown.search(query, live, 5)
        assert 10 not in top_exact.tolist() and 10 not in top_graph.tolist()
        agree += int(top_exact[0] == top_graph[0])
    assert agree == 5
    # a selective filter falls back to an exact scan of the eligible rows
    only = np.zeros(3000, dtype=bool)
    only[[3, 4, 5]] = True
    rows, _ = grown.search(matrix[4:5], only, 10)
    assert rows.tolist()[0] == 4 and set(rows.tolist()) == {3, 4, 5}


def test_keyword_tokens_handle_chinese_and_other_scripts() -> None:
    assert "北京" in keyword_tokens("我喜欢在北京吃烤鸭")
    assert keyword_tokens("Москва") == ["москва"]
    assert keyword_tokens("hiking hikes") == ["hik", "hik"]
    assert keyword_tokens("the of and") == []
    assert keyword_tokens("") == []


def test_a_turn_keyword_key_carries_the_turn_before_it_in_its_session() -> None:
    from datetime import datetime, timezone

    from vaultweave.store.resources import Resource
    from vaultweave.weaver.recall.units import previous_texts, units_for

    when = datetime(2026, 1, 1, tzinfo=timezone.utc)

    def turn(line: int, text: str, session: str) -> Resource:
        path = "resources/2026/01/01.jsonl"
        return Resource(f"{path}#L{line}", path, line, text, when, speaker="A", session=session)

    earlier = turn(1, "What did you research?", "s1")
    batch = [turn(2, "Adoption agencies.", "s1"), turn(3, "Hello again!", "s2")]
    looked_up: list[str] = []

    def lookup(rid: str) -> Resource | None:
        looked_up.append(rid)
        return earlier if rid == earlier.id else None

    before = previous_texts(batch, lookup)
    assert before == {batch[0].id: "What did you research?"}  # s2 starts a new session
    assert looked_up == [earlier.id]  # only the line outside the batch is read from disk
    first, second = units_for([], batch, {}, before)
    assert first.key_text == "Adoption agencies." and "research" in first.words
    assert second.words == second.key_text == "Hello again!"
    assert first.hash != units_for([], batch[:1], {})[0].hash  # the keyword text is hashed too


def test_row_numbers_are_never_reused_after_a_delete(tmp_path: Path) -> None:
    index = open_index(tmp_path / "recall")
    index.update([unit("a", "I live in Berlin."), unit("b", "I like tea.")])
    top = max(r.row for r in index.catalog.rows())
    index.update([], deletes=["b"])  # frees the highest row
    index.update([unit("c", "Dogs bark.")])
    rows = {r.key: r.row for r in index.catalog.rows()}
    assert rows["c"] > top
    index.close()


def test_query_vectors_are_cached_and_computed_in_a_worker(tmp_path: Path) -> None:
    import vaultweave.store.index.recall_index as recall_index

    index = open_index(tmp_path / "recall")
    direct = load_embedder("onnx").embed(["where does Maya live"])
    soon = index.embed_query_soon("where does Maya live")
    assert np.array_equal(soon.result(timeout=60), direct)  # a worker thread, same vector
    assert index.query_cache_stats() == (0, 1)
    again = index.embed_query_soon("where does Maya live")
    assert again.done() and again.result() is soon.result()  # a hit: no thread, no model
    assert index.query_cache_stats() == (1, 1)
    assert not again.result().flags.writeable  # shared between searches: read-only

    small = recall_index.QueryVectors(2)
    embedder = load_embedder("onnx")
    for text in ("one", "two", "one", "three"):  # "two" is the least recently used
        small.vector(text, embedder)
    assert (small.hits, small.misses) == (1, 3)
    assert small.cached("two") is None and small.cached("one") is not None
    index.clear_query_cache()
    assert index.query_cache_stats() == (0, 0)
    index.close()
