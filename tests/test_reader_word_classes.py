"""The span reader's English word classes: MiniLM's word vectors clustered, shipped and pinned."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.store.embeddings import integrity
from vaultweave.store.errors import ModelIntegrityError
from vaultweave.weaver.extract import word_clusters
from vaultweave.weaver.extract.span_features import features


def test_words_of_a_kind_share_a_class() -> None:
    # towns with towns, weekdays with weekdays: a word the training sentences never named
    # carries the class of those they did
    assert word_clusters.classes("wigan") == word_clusters.classes("sheffield")
    assert word_clusters.classes("Wednesday")[0] == word_clusters.classes("tuesday")[0]
    assert word_clusters.classes("violin")[0] != word_clusters.classes("tuesday")[0]


def test_accents_and_case_are_read_as_the_embedder_reads_them() -> None:
    assert word_clusters.classes("ZÜRICH") == word_clusters.classes("zurich") != word_clusters.UNKNOWN


@pytest.mark.parametrize("word", ["", "farrier-ish", "qwzxv", "\x00", "i'm", "沈阳"])
def test_a_word_outside_the_vocabulary_has_the_unknown_class(word: str) -> None:
    assert word_clusters.classes(word) == word_clusters.UNKNOWN


def test_every_token_carries_its_classes_and_its_neighbours() -> None:
    rows = features("moved to wigan")
    coarse, fine = word_clusters.classes("wigan")
    assert f"k0={coarse}" in rows[2] and f"kk0={fine}" in rows[2]
    assert f"k-1={word_clusters.classes('to')[0]}" in rows[2]
    assert "k1=<>" in rows[2]  # nothing after the last word


def test_the_shipped_table_covers_the_vocabulary_and_is_pinned() -> None:
    table = word_clusters.CLUSTERS_FILE.read_bytes()
    assert len(table) == 2 * len(word_clusters.vocabulary())
    assert integrity.PINNED["vaultweave"][word_clusters.CLUSTERS_FILE.name]


def test_a_changed_table_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / word_clusters.CLUSTERS_FILE.name
    table = word_clusters.CLUSTERS_FILE.read_bytes()
    bad.write_bytes(table[:-1] + bytes([table[-1] ^ 1]))  # one class of one word changed
    with pytest.raises(ModelIntegrityError):
        integrity.verified_file("vaultweave", bad)
