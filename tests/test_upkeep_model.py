"""Upkeep with the real packaged embedding model and the real recall index."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from vaultweave.store.item import Item, Status
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock
from tests.test_upkeep_vault import seed


def liked(
    ident: str, value: str, when: datetime, importance: float, attribute: str = "likes",
    text: str = "",
) -> Item:
    return Item(
        id=ident, subject="Maya", attribute=attribute, value=value,
        text=text or f"Maya {attribute} {value}.",
        category="preferences", kind="preference", valid_from=when, observed_at=when,
        importance=importance, sources=(f"resources/2026/03/01.jsonl#L{ident}",),
    )


def test_real_embeddings_dedupe_merge_and_archive_change_what_search_finds(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault()
    seed(
        vault,
        liked("jazz", "jazz", clock.now, 0.6),
        liked("enjoysjazz", "jazz", clock.now, 0.5, "enjoys"),  # 0.96 with it: a duplicate
        liked("greentea", "green tea", clock.now, 0.5),
        liked("drink", "green tea", clock.now, 0.4, "favourite_drink",
              "Maya's favourite drink is green tea."),  # 0.93 with it: merged
        liked("hiking", "hiking", clock.now, 0.5),  # 0.64 at most: left alone
        liked("spanish", "Spanish", clock.now, 0.5, "speaks"),
        liked("english", "English", clock.now, 0.5, "speaks"),  # 0.92, but one key: kept apart
    )
    assert {h.id for h in vault.search("jazz", k=10)} >= {"jazz", "enjoysjazz"}

    report = vault.consolidate()
    assert report.similarity == "embeddings (recall index, onnx)"
    assert report.plan.summary() == "1 merged, 1 deduped, 7 recalled"  # the search above
    assert vault.item("enjoysjazz").superseded_by == "jazz"
    assert vault.item("jazz").sources == (
        "resources/2026/03/01.jsonl#Ljazz", "resources/2026/03/01.jsonl#Lenjoysjazz"
    )
    (merged,) = [i for i in vault.items() if i.origin == "upkeep"]
    assert merged.text == "Maya likes green tea." and set(merged.supersedes) == {"greentea", "drink"}
    assert vault.item("spanish").is_current and vault.item("english").is_current

    found = {h.id for h in vault.search("jazz", k=10)}
    assert "jazz" in found and "enjoysjazz" not in found
    assert merged.id in {h.id for h in vault.search("green tea", k=10)}

    clock.advance(days=120)  # everything decays below 0.3 and is unused for months
    vault.consolidate()
    assert {i.status for i in vault.items(status="all") if i.is_current} == set()
    assert vault.item("hiking").status is Status.ARCHIVED
    assert "hiking" not in {h.id for h in vault.search("hiking", k=10)}
    history = vault.search("hiking", k=10, include_history=True)
    assert any(h.id == "hiking" and h.status == "archived" for h in history)
