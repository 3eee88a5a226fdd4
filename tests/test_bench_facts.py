"""The facts bench: its data set is well formed and its matching rules mean what they say."""

from __future__ import annotations

from types import SimpleNamespace

from bench.facts import dataset
from bench.facts.score import matches


def _item(subject: str, attribute: str, value: str) -> SimpleNamespace:
    return SimpleNamespace(subject=subject, attribute=attribute, value=value, tags=(), when=None)


def test_the_data_set_is_well_formed_and_has_a_held_out_part() -> None:
    conversations = dataset.load()
    assert dataset.check(conversations) == []
    for lang in ("en", "zh"):
        mine = [c for c in conversations if c["id"].startswith(lang)]
        held = [c for c in mine if c["split"] == "held"]
        # Each later batch is written held out whole, so the held share grows by batches.
        assert len(mine) >= 100 and 0.2 <= len(held) / len(mine) <= 0.5


def test_each_later_batch_is_selected_alone_and_is_all_held_out() -> None:
    conversations = dataset.load()
    for lang in ("en", "zh"):
        later = [dataset.select(conversations, "all", lang, batch=n) for n in (3, 4)]
        for batch in later:
            assert len(batch) >= 20 and {c["split"] for c in batch} == {"held"}
        assert dataset.select(conversations, "dev", lang, batch=4) == []
        assert len(dataset.select(conversations, "held", lang, batch=1)) + sum(map(len, later)) == len(
            dataset.select(conversations, "held", lang)
        )


def test_a_clause_is_not_a_clean_value() -> None:
    gold = {"subject": "Tom", "attribute": "favourite_food", "value": "ramen"}
    assert matches(gold, _item("Tom", "favourite_food", "ramen"), speaker="Tom")
    clause = _item("Tom", "favourite_food", "I'd eat anything honestly, but ramen")
    assert not matches(gold, clause, speaker="Tom")


def test_subject_attribute_family_and_value_all_count() -> None:
    gold = {"subject": "Anna", "attribute": "lives_in", "value": "Oslo", "relation": "sister"}
    assert matches(gold, _item("Anna", "lives_in", "Oslo"), speaker="Tom")
    assert not matches(gold, _item("Tom", "lives_in", "Oslo"), speaker="Tom")
    assert not matches(gold, _item("Anna", "employer", "Oslo"), speaker="Tom")
    assert not matches(gold, _item("Anna", "lives_in", "Bergen"), speaker="Tom")
