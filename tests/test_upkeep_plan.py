"""Upkeep rules as a pure plan: decay, recall reinforcement, dedupe, merge, archive, revive."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
from vaultweave.schemas.config import UpkeepSection, VaultConfig
from vaultweave.store.access import Recall
from vaultweave.store.item import Item, Status
from vaultweave.weaver.extract.base import Candidate
from vaultweave.weaver.resolve import Action, plan_resolution
from vaultweave.weaver.upkeep.plan import ConsolidationPlan, Rule, plan_consolidation
from vaultweave.weaver.upkeep.similar import vector_pairs

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
CONFIG = UpkeepSection()


def fact(
    ident: str,
    *,
    subject: str = "Maya",
    attribute: str = "likes",
    value: str | None = None,
    kind: str = "preference",
    importance: float = 0.5,
    category: str = "preferences",
    at: datetime = T0,
    **extra: object,
) -> Item:
    value = value or ident
    return Item(
        id=ident, subject=subject, attribute=attribute, value=value,
        text=f"{subject} {attribute} {value}.", category=category, kind=kind,
        valid_from=at, observed_at=at, importance=importance,
        sources=(f"resources/2026/01/01.jsonl#L{len(ident)}{ident}",), **extra,  # type: ignore[arg-type]
    )


def by_id(*items: Item) -> dict[str, Item]:
    return {i.id: i for i in items}


def at_angle(cosine: float) -> np.ndarray:
    """A 2-d unit vector whose cosine with (1, 0) is exactly ``cosine``."""
    return np.array([cosine, math.sqrt(1 - cosine**2)], dtype=np.float32)


def plan(items: dict[str, Item], days: float, vectors: dict[str, np.ndarray] | None = None,
         recalls: tuple[Recall, ...] = (), config: UpkeepSection = CONFIG) -> ConsolidationPlan:
    similar = None if vectors is None else vector_pairs(vectors)
    return plan_consolidation(items, similar, T0 + timedelta(days=days), config, recalls)


# -- config ------------------------------------------------------------------------------


def test_seed_values_are_the_defaults_and_bad_thresholds_are_rejected() -> None:
    config = VaultConfig().upkeep
    assert config.decay_per_day["fact"] == 0.003
    assert config.decay_per_day["preference"] == 0.01
    assert config.decay_per_day["transient"] == 0.1
    assert (config.min_change, config.recalls_per_step) == (0.01, 3)
    assert (config.dedupe_threshold, config.merge_threshold) == (0.95, 0.80)
    assert (config.archive_after_days, config.archive_below, config.protect_links) == (30, 0.3, 3)
    with pytest.raises(ValueError, match="merge_threshold must not exceed"):
        UpkeepSection(dedupe_threshold=0.8, merge_threshold=0.9)
    with pytest.raises(ValueError, match="negative for 'fact'"):
        UpkeepSection(decay_per_day={"fact": -1})


# -- decay -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "rate"), [("fact", 0.003), ("preference", 0.01), ("transient", 0.1), ("event", 0.02)]
)
def test_importance_decays_exponentially_by_kind(kind: str, rate: float) -> None:
    item = fact("a", kind=kind, importance=0.6)
    (step,) = plan(by_id(item), days=20).of(Rule.DECAYED)
    assert step.after.importance == pytest.approx(0.6 * math.exp(-rate * 20), abs=1e-4)
    assert step.after.decayed_at == T0 + timedelta(days=20)


def test_small_drops_are_not_written_but_keep_accruing() -> None:
    item = fact("a", kind="fact", importance=0.6)  # 0.6 * 0.003 = 0.0018 a day
    assert plan(by_id(item), days=3).is_empty
    (step,) = plan(by_id(item), days=6).of(Rule.DECAYED)  # anchor unmoved: 6 days of decay
    assert step.after.importance == pytest.approx(0.6 * math.exp(-0.018), abs=1e-4)


def test_decay_resumes_where_the_last_pass_wrote_it() -> None:
    item = fact("a", importance=0.8)
    once = plan(by_id(item), days=40).final_items["a"]
    halfway = plan(by_id(item), days=20).final_items["a"]
    again = plan_consolidation(by_id(halfway), None, T0 + timedelta(days=40), CONFIG)
    twice = again.final_items["a"]
    assert twice.importance == pytest.approx(once.importance, abs=2e-4)


def test_decay_counts_from_the_last_recall_and_skips_items_not_current() -> None:
    recent = fact("a", importance=0.8, last_access=T0 + timedelta(days=99))
    old = fact("b", importance=0.8, status=Status.HISTORICAL)
    result = plan(by_id(recent, old), days=100)
    assert result.is_empty


# -- recalls -----------------------------------------------------------------------------


def test_every_third_recall_is_one_reinforcement_step() -> None:
    item = fact("a", importance=0.5, access_count=1)
    at = T0 + timedelta(hours=1)
    two = plan(by_id(item), days=0, recalls=(Recall("a", at), Recall("zz", at)))
    (step,) = two.of(Rule.RECALLED)
    assert (step.after.access_count, step.after.importance, step.after.last_access) == (2, 0.5, at)
    assert (two.recalls, two.unknown_recalls) == (1, 1)
    later = T0 + timedelta(hours=2)
    three = plan(by_id(step.after), days=0, recalls=(Recall("a", later),)).final_items["a"]
    assert (three.access_count, three.importance, three.last_access) == (3, 0.6, later)


# -- dedupe and merge --------------------------------------------------------------------


def test_near_identical_items_keep_the_more_important_and_retract_the_other() -> None:
    keeper = fact("keep", importance=0.7, tags=("music",))
    dup = fact("dup", attribute="enjoys", importance=0.5, at=T0 - timedelta(days=2), tags=("jazz",))
    result = plan(by_id(keeper, dup), 0, {"keep": at_angle(1.0), "dup": at_angle(0.97)})
    kept, gone = result.final_items["keep"], result.final_items["dup"]
    assert kept.is_current and kept.sources == (*keeper.sources, *dup.sources)
    assert kept.tags == ("music", "jazz") and kept.valid_from == dup.valid_from
    assert gone.status is Status.RETRACTED and gone.superseded_by == "keep"
    assert "duplicate of keep (similarity 0.97)" in gone.status_reason
    assert not gone.true_at(T0) and kept.true_at(T0)
    assert result.count(Rule.DEDUPED) == 1 and result.summary() == "1 deduped"


def test_similar_items_merge_into_a_new_item_that_supersedes_both() -> None:
    a = fact("a", importance=0.4, tags=("x",), pinned=False)
    b = fact("b", attribute="enjoys", importance=0.6, tags=("y",), at=T0 + timedelta(days=1))
    result = plan(by_id(a, b), 0, {"a": at_angle(1.0), "b": at_angle(0.85)})
    (merged_step,) = result.of(Rule.MERGED)
    merged = merged_step.after
    assert merged.id not in ("a", "b") and merged.is_current and merged.origin == "upkeep"
    assert merged.value == "b" and merged.importance == 0.6  # the more important one's words
    assert merged.tags == ("x", "y") and set(merged.sources) == {*a.sources, *b.sources}
    assert merged.supersedes == ("b", "a") and merged.valid_from == T0
    for old in ("a", "b"):
        folded = result.final_items[old]
        assert folded.status is Status.HISTORICAL and folded.superseded_by == merged.id
    assert result.summary() == "1 merged"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (fact("a"), fact("b", subject="Tom", attribute="enjoys")),  # two people
        (fact("a", attribute="employer"), fact("b", attribute="employer")),  # conflict resolution's
        (fact("a"), fact("b")),  # one key of a multi-valued attribute: "speaks English/Spanish"
        (fact("a", pinned=True), fact("b", attribute="enjoys", pinned=True)),  # both by hand
    ],
)
def test_some_pairs_never_fold(a: Item, b: Item) -> None:
    assert plan(by_id(a, b), 0, {"a": at_angle(1.0), "b": at_angle(0.99)}).is_empty


def test_below_the_merge_threshold_nothing_folds_and_each_item_folds_once() -> None:
    a, b, c = fact("a"), fact("b", attribute="enjoys"), fact("c", attribute="loves")
    assert plan(by_id(a, b), 0, {"a": at_angle(1.0), "b": at_angle(0.79)}).is_empty
    result = plan(by_id(a, b, c), 0, {"a": at_angle(1.0), "b": at_angle(0.99), "c": at_angle(0.98)})
    assert result.count(Rule.DEDUPED) == 1  # c waits for the next pass


def test_a_pinned_item_is_kept_over_its_duplicate_and_never_merged() -> None:
    pinned = fact("p", importance=0.1, pinned=True)
    other = fact("o", attribute="enjoys", importance=0.9)
    result = plan(by_id(pinned, other), 0, {"p": at_angle(1.0), "o": at_angle(0.96)})
    assert result.final_items["o"].superseded_by == "p"
    assert plan(by_id(pinned, other), 0, {"p": at_angle(1.0), "o": at_angle(0.9)}).is_empty


# -- archive -----------------------------------------------------------------------------


def test_old_and_unimportant_items_are_archived() -> None:
    low = fact("low", importance=0.2, kind="identity")
    high = fact("high", importance=0.9, kind="identity")
    result = plan(by_id(low, high), days=31)
    (step,) = result.of(Rule.ARCHIVED)
    assert step.after.id == "low" and step.after.status is Status.ARCHIVED
    assert "unused 31 days" in step.after.status_reason and "0.20 < 0.3" in step.reason
    assert plan(by_id(low), days=29).of(Rule.ARCHIVED) == []


def test_decay_can_push_an_item_below_the_archive_line_in_the_same_pass() -> None:
    item = fact("a", importance=0.5, kind="preference")  # 0.5 * e^-0.6 = 0.27 after 60 days
    result = plan(by_id(item), days=60)
    assert [s.rule for s in result.steps] == [Rule.DECAYED, Rule.ARCHIVED]
    assert result.summary() == "1 archived, 1 decayed"


def test_pinned_and_well_linked_items_are_never_archived() -> None:
    pinned = fact("p", importance=0.1, pinned=True)
    hub = fact("hub", importance=0.1, links=("x", "y"))
    pointing = fact("z", importance=0.9, kind="identity", links=("hub",))  # a third, inbound
    result = plan(by_id(pinned, hub, pointing), days=400)
    assert {s.after.id for s in result.of(Rule.ARCHIVED)} == set()
    two_links = plan(by_id(pinned, hub), days=400)
    assert {s.after.id for s in two_links.of(Rule.ARCHIVED)} == {"hub"}


def test_a_merged_item_is_archived_later_when_unused() -> None:
    a, b = fact("a", importance=0.5), fact("b", attribute="enjoys", importance=0.45)
    first = plan(by_id(a, b), 0, {"a": at_angle(1.0), "b": at_angle(0.9)})
    merged = first.of(Rule.MERGED)[0].after
    vault = {**by_id(a, b), **first.final_items}
    later = plan_consolidation(vault, None, T0 + timedelta(days=90), CONFIG)
    assert later.final_items[merged.id].status is Status.ARCHIVED
    assert {s.after.id for s in later.steps} == {merged.id}  # the folded ones stay historical


def test_the_plan_never_mutates_its_inputs() -> None:
    items = by_id(fact("a", importance=0.2), fact("b", attribute="enjoys"))
    snapshot = dict(items)
    plan(items, 90, {"a": at_angle(1.0), "b": at_angle(0.9)}, (Recall("a", T0),))
    assert items == snapshot


# -- revive (conflict resolution meets upkeep) --------------------------------------------


def candidate(value: str, when: datetime, attribute: str = "likes") -> Candidate:
    return Candidate(
        subject="Maya", attribute=attribute, value=value, text=f"Maya {attribute} {value}.",
        category="preferences", kind="preference", source=f"resources/x.jsonl#L{when.day}",
        valid_from=when,
    )


def test_an_archived_fact_mentioned_again_is_revived_and_reinforced() -> None:
    archived = fact("jazz", importance=0.2, status=Status.ARCHIVED)
    now = T0 + timedelta(days=100)
    resolution = plan_resolution([candidate("Jazz", now)], by_id(archived), observed_at=now)
    (change,) = resolution.changes
    assert change.action is Action.REVIVED and change.before == archived
    revived = change.after
    assert revived.id == "jazz" and revived.is_current and revived.importance == 0.3
    # A mention is a use in world time: heard_at is when it was said.
    assert revived.heard_at == now and revived.sources[-1] == "resources/x.jsonl#L11"
    assert "revived" in revived.status_reason
    # Just mentioned: the next pass neither re-archives it nor decays it.
    assert plan_consolidation(by_id(revived), None, now, CONFIG).is_empty


def test_a_new_value_of_a_single_valued_attribute_ends_an_archived_old_one() -> None:
    old = fact("google", attribute="employer", value="Google", status=Status.ARCHIVED)
    now = T0 + timedelta(days=100)
    resolution = plan_resolution([candidate("OpenAI", now, "employer")], by_id(old), now)
    assert [c.action for c in resolution.changes] == [Action.SUPERSEDED, Action.ADDED]
    ended = resolution.final_items["google"]
    assert ended.status is Status.HISTORICAL and ended.valid_to == now
