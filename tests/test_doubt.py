"""Doubts: a turn that talks of a changing attribute without a new value flags the current
value as possibly outdated; nothing is ended, and a new value or a repeat clears the flag."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone

from vaultweave.store.item import Item, Status, decode, encode, to_json_dict
from vaultweave.store.resources import Resource
from vaultweave.weaver.attributes import spec_for
from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.mcp_tools import jsonable
from vaultweave.weaver.resolve import Action, plan_resolution
from vaultweave.weaver.turn_links import turn_target
from vaultweave.weaver.vault import Vault

from tests.conftest import say

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)


def cand(attribute: str, value: str = "", op: Op = Op.DOUBT, *, days: float = 10, line: int = 1) -> Candidate:
    spec = spec_for(attribute)
    at = T0 + timedelta(days=days)
    return Candidate(
        subject="Maya", attribute=attribute, value=value, text="", category=spec.category,
        kind=spec.kind, source=f"resources/2026/01/15.jsonl#L{line}", valid_from=at, op=op,
        spoken_at=at,
    )


def stored(attribute: str, value: str) -> Item:
    spec = spec_for(attribute)
    return Item(
        id=f"{attribute}-{value}", subject="Maya", attribute=attribute, value=value,
        text=f"{attribute} {value}", category=spec.category, kind=spec.kind, valid_from=T0,
        observed_at=T0, heard_at=T0, sources=("resources/2026/01/05.jsonl#L1",),
    )


def run(items: Sequence[Item], *candidates: Candidate) -> tuple[dict[str, Item], list[Action]]:
    resolution = plan_resolution(list(candidates), {i.id: i for i in items}, NOW)
    after = {**{i.id: i for i in items}, **resolution.final_items}
    return after, [c.action for c in resolution.changes]


def test_a_doubt_flags_the_current_value_and_ends_nothing() -> None:
    after, actions = run([stored("lives_in", "Bergen")], cand("lives_in"))
    item = after["lives_in-Bergen"]
    assert actions == [Action.DOUBTED]
    assert item.status is Status.CURRENT and item.valid_to is None
    assert item.doubt == "resources/2026/01/15.jsonl#L1"
    assert item.doubted_at == T0 + timedelta(days=10)


def test_a_doubt_without_a_current_value_does_nothing() -> None:
    after, actions = run([], cand("employer"))
    assert actions == [] and after == {}


def test_a_doubt_with_a_new_value_in_the_same_cycle_is_no_doubt() -> None:
    after, actions = run([stored("lives_in", "Bergen")], cand("lives_in", line=2),
                         cand("lives_in", "Oslo", Op.ASSERT, days=9))
    assert Action.DOUBTED not in actions
    assert after["lives_in-Bergen"].status is Status.HISTORICAL
    assert not any(i.doubt for i in after.values())


def test_a_doubt_is_cleared_by_a_new_value() -> None:
    first, _ = run([stored("employer", "Mercy Hospital")], cand("employer"))
    after, actions = run(list(first.values()), cand("employer", "Acme", Op.ASSERT, days=20, line=5))
    old = after["employer-Mercy Hospital"]
    assert old.status is Status.HISTORICAL and old.doubt == ""
    new = next(i for i in after.values() if i.value == "Acme")
    assert new.is_current and new.doubt == ""


def test_a_doubt_is_cleared_by_a_later_confirmation() -> None:
    first, _ = run([stored("diet", "vegan")], cand("diet"))
    after, actions = run(list(first.values()), cand("diet", "Vegan", Op.ASSERT, days=20, line=5))
    assert actions == [Action.REINFORCED]
    assert after["diet-vegan"].doubt == "" and after["diet-vegan"].doubted_at is None


def test_a_doubt_is_not_repeated_and_a_redone_cycle_is_skipped() -> None:
    first, _ = run([stored("pet", "Rex")], cand("pet"))
    again = plan_resolution([cand("pet")], first, NOW)
    assert again.changes == () and again.skipped == 1


def test_a_doubt_said_before_the_value_was_told_is_no_doubt() -> None:
    after, actions = run([stored("lives_in", "Bergen")], cand("lives_in", days=-3))
    assert actions == [] and after["lives_in-Bergen"].doubt == ""


def test_a_doubt_naming_a_value_flags_only_that_value() -> None:
    items = [stored("pet", "a dog named Rex"), stored("pet", "a cat named Miso")]
    after, _ = run(items, cand("pet", "Rex"))
    assert after["pet-a dog named Rex"].doubt
    assert not after["pet-a cat named Miso"].doubt


def test_the_flag_survives_the_protobuf_round_trip() -> None:
    after, _ = run([stored("lives_in", "Bergen")], cand("lives_in"))
    item = after["lives_in-Bergen"]
    assert decode(encode(item)) == item
    assert to_json_dict(item)["doubt"] == item.doubt


_MOVE_TALK = re.compile(r"\b(?:the move|moving house|packing boxes)\b", re.IGNORECASE)


class MoveDoubts:
    """The rules path plus one doubt pattern, so a vault can be woven end to end."""

    name = "rules+doubt"

    def __init__(self) -> None:
        self.rules = RulesExtractor(default_subject="Maya")

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]:
        out = self.rules.extract(resources)
        for r in resources:
            if r.role == "user" and _MOVE_TALK.search(r.text):
                spec = spec_for("lives_in")
                out.append(Candidate(
                    subject=r.speaker or "Maya", attribute="lives_in", value="",
                    text="", category=spec.category, kind=spec.kind, source=r.id,
                    valid_from=r.ts, op=Op.DOUBT, spoken_at=r.ts))
        return out


def test_doubt_end_to_end_page_search_context_and_clear(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I live in Bergen.", "2026-01-05T09:00:00Z")
    vault.weave(extractor=MoveDoubts())
    doubt_id = say(vault, "Ugh, the move was exhausting.", "2026-02-10T09:00:00Z")
    report = vault.weave(extractor=MoveDoubts())
    assert "possibly outdated" in report.message
    [item] = [i for i in vault.loaded_items().values() if i.attribute == "lives_in"]
    assert item.is_current and getattr(item, "doubt", "") == doubt_id

    page = (vault.paths.root / "categories" / f"{item.category}.md").read_text(encoding="utf-8")
    bullet = next(line for line in page.splitlines() if item.id in line)
    assert f"⚠ possibly outdated ([[{turn_target(doubt_id)}|turn]])" in bullet

    hits = [h for h in vault.search("where does Maya live Bergen") if h.id == item.id]
    assert hits and hits[0].doubt == doubt_id
    assert jsonable(hits[0])["doubt"] == doubt_id
    assert hits[0].valid_from == item.valid_from
    assert "possibly outdated" in vault.context("Where does Maya live?").text

    # A page re-render with no edit keeps the item as it is (the marker is not an edit).
    vault.weave(extractor=MoveDoubts())
    assert vault.loaded_items()[item.id] == item

    say(vault, "I live in Oslo now.", "2026-02-12T09:00:00Z")
    vault.weave(extractor=MoveDoubts())
    loaded = vault.loaded_items()
    assert loaded[item.id].status is Status.HISTORICAL and not loaded[item.id].doubt
    page = (vault.paths.root / "categories" / f"{item.category}.md").read_text(encoding="utf-8")
    assert "possibly outdated" not in page


def test_a_doubt_woven_in_the_same_cycle_as_the_value_it_doubts_flags_it(
    make_vault: Callable[..., Vault],
) -> None:
    """A whole conversation woven at once: the value, then the turn that puts it in doubt."""
    from vaultweave.weaver.extract.base import Candidate, Op
    from vaultweave.weaver.resolve import Action, plan_resolution

    told = datetime(2026, 2, 1, 10, tzinfo=timezone.utc)
    doubted = datetime(2026, 2, 20, 10, tzinfo=timezone.utc)

    def said(value: str, op: Op, at: datetime, source: str) -> Candidate:
        return Candidate("Kim", "employer", value, "", "work", "fact", source, at, op=op)

    plan = plan_resolution(
        [said("Spotify", Op.ASSERT, told, "r#L1"), said("", Op.DOUBT, doubted, "r#L2")], {}, doubted
    )
    (spotify,) = [c.after for c in plan.changes if c.after.value == "Spotify"][-1:]
    assert spotify.doubt == "r#L2" and spotify.is_current
    assert any(c.action is Action.DOUBTED for c in plan.changes)
    same_turn = plan_resolution(
        [said("Spotify", Op.ASSERT, told, "r#L1"), said("", Op.DOUBT, told, "r#L1")], {}, told
    )
    assert all(c.after.doubt == "" for c in same_turn.changes)
