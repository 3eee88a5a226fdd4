"""Consolidation as a pure plan: items + recalls + similar pairs + now -> ConsolidationPlan.

Rules, applied in this order to a snapshot of the items (inputs are never mutated):
1. recalls: each recall counts (access_count, last_access); every ``recalls_per_step``
   recalls raise importance by one ``reinforce_step``;
2. decay: a current item's importance falls by ``exp(-rate(kind) * days)`` since its last
   use (the latest of the last source turn's time ``heard_at``, last_access and the
   last decay written: world time, so importing years-old turns does not make their
   facts look fresh; observed_at only for items older than heard_at); a drop
   smaller than ``min_change`` is not written, so it keeps accruing until it is;
3. dedupe and merge, between current items about the same subject that do not share
   a (subject, attribute) key (keyed facts are conflict resolution's): similarity
   >= ``dedupe_threshold`` keeps the more important item and retracts the other (its
   sources, tags and recalls join the keeper); ``merge_threshold`` up to that merges both
   into a new item that supersedes them. Each item takes part in one fold per pass;
4. archive: a current item unused for ``archive_after_days`` with importance below
   ``archive_below`` becomes archived, unless it is pinned or has ``protect_links`` links.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from vaultweave.schemas.config import UpkeepSection
from vaultweave.store.access import Recall
from vaultweave.store.item import Item, Status, item_id
from vaultweave.weaver.extract.base import normalise

DAY_SECONDS = 86_400.0
ORIGIN = "upkeep"

SimilarPair = tuple[str, str, float]
# Given the items that may fold together and a minimum similarity, every pair at or above it.
PairFinder = Callable[[Sequence[Item], float], Iterable[SimilarPair]]


class Rule(str, Enum):
    RECALLED = "recalled"
    DECAYED = "decayed"
    DEDUPED = "deduped"  # the retracted duplicate
    KEPT = "kept"  # the duplicate's keeper, which absorbs its sources
    MERGED = "merged"  # the new item made of two
    FOLDED = "folded"  # an item folded into a merged one (now historical)
    ARCHIVED = "archived"


@dataclass(frozen=True)
class Step:
    rule: Rule
    after: Item
    before: Item | None
    reason: str


@dataclass(frozen=True)
class ConsolidationPlan:
    now: datetime
    steps: tuple[Step, ...] = ()
    recalls: int = 0  # recall records folded
    unknown_recalls: int = 0  # recalls of ids the vault does not hold (ignored)
    compared: int | None = None  # items checked for duplicates; None: no similarity given

    @property
    def final_items(self) -> dict[str, Item]:
        return {step.after.id: step.after for step in self.steps}

    @property
    def previous_items(self) -> dict[str, Item | None]:
        first: dict[str, Item | None] = {}
        for step in self.steps:
            first.setdefault(step.after.id, step.before)
        return first

    @property
    def touched_categories(self) -> set[str]:
        names = {s.after.category for s in self.steps}
        names.update(s.before.category for s in self.steps if s.before is not None)
        return names

    def count(self, rule: Rule) -> int:
        return len({s.after.id for s in self.steps if s.rule is rule})

    def of(self, rule: Rule) -> list[Step]:
        return [s for s in self.steps if s.rule is rule]

    @property
    def is_empty(self) -> bool:
        return not self.steps

    def summary(self) -> str:
        """E.g. ``3 archived, 1 merged, 2 deduped, 12 decayed, 4 recalled``."""
        order = (Rule.ARCHIVED, Rule.MERGED, Rule.DEDUPED, Rule.DECAYED, Rule.RECALLED)
        parts = [f"{self.count(rule)} {rule.value}" for rule in order if self.count(rule)]
        return ", ".join(parts) or "nothing to do"


@dataclass
class _Working:
    items: dict[str, Item]
    steps: list[Step] = field(default_factory=list)

    def put(self, rule: Rule, after: Item, reason: str) -> None:
        before = self.items.get(after.id)
        self.items[after.id] = after
        self.steps.append(Step(rule, after, before, reason))


def plan_consolidation(
    items: Mapping[str, Item],
    similar: PairFinder | None,
    now: datetime,
    config: UpkeepSection,
    recalls: Sequence[Recall] = (),
) -> ConsolidationPlan:
    """What one pass would change, and why. ``similar`` None skips dedupe and merge."""
    work = _Working(dict(items))
    folded, unknown = _fold_recalls(work, recalls, config)
    _decay(work, now, config)
    compared = None if similar is None else _dedupe_and_merge(work, similar, now, config)
    _archive(work, now, config)
    return ConsolidationPlan(now, tuple(work.steps), folded, unknown, compared)


# -- 1. recalls -------------------------------------------------------------------------


def _fold_recalls(
    work: _Working, recalls: Sequence[Recall], config: UpkeepSection
) -> tuple[int, int]:
    by_item: dict[str, list[datetime]] = defaultdict(list)
    unknown = 0
    for recall in recalls:
        if recall.item_id in work.items:
            by_item[recall.item_id].append(recall.at)
        else:
            unknown += 1
    for item_id_ in sorted(by_item):
        item = work.items[item_id_]
        times = by_item[item_id_]
        count = item.access_count + len(times)
        steps = count // config.recalls_per_step - item.access_count // config.recalls_per_step
        latest = max(times)
        importance = min(1.0, item.importance + steps * config.reinforce_step)
        after = item.evolve(
            access_count=count,
            last_access=latest if item.last_access is None else max(latest, item.last_access),
            importance=round(importance, 4),
        )
        gain = f", importance {item.importance:.2f} -> {after.importance:.2f}" if steps else ""
        work.put(Rule.RECALLED, after, f"recalled {len(times)}x (total {count}){gain}")
    return sum(len(t) for t in by_item.values()), unknown


# -- 2. decay ---------------------------------------------------------------------------


def last_use(item: Item) -> datetime:
    """When the item was last told of in the world (its latest source turn) or recalled."""
    told = item.heard_at or item.observed_at
    return told if item.last_access is None else max(told, item.last_access)


def decayed_importance(item: Item, now: datetime, config: UpkeepSection) -> float:
    anchor = last_use(item)
    if item.decayed_at is not None:
        anchor = max(anchor, item.decayed_at)
    days = max(0.0, (now - anchor).total_seconds() / DAY_SECONDS)
    return item.importance * math.exp(-config.decay_rate(item.kind) * days)


def _decay(work: _Working, now: datetime, config: UpkeepSection) -> None:
    for item in sorted(work.items.values(), key=lambda i: i.id):
        if item.status is not Status.CURRENT:
            continue
        value = decayed_importance(item, now, config)
        if item.importance - value < config.min_change or item.importance - value <= 0:
            continue
        after = item.evolve(importance=round(value, 4), decayed_at=now)
        days = (now - last_use(item)).total_seconds() / DAY_SECONDS
        reason = (
            f"importance {item.importance:.2f} -> {after.importance:.2f} "
            f"({item.kind}, rate {config.decay_rate(item.kind)}/day, unused {days:.0f} days)"
        )
        work.put(Rule.DECAYED, after, reason)


# -- 3. dedupe and merge ----------------------------------------------------------------


def may_fold(a: Item, b: Item) -> bool:
    """Whether two current items may be deduped or merged at all.

    Only about the same subject ("Maya likes jazz" and "Tom likes jazz" are two facts),
    and never two items with the same (subject, attribute) key: those are conflict
    resolution's (the same value reinforces, a new value supersedes or joins). Sentence
    embeddings rate "Maya speaks English." and "Maya speaks Spanish." 0.92 alike.
    """
    return normalise(a.subject) == normalise(b.subject) and a.attribute != b.attribute


def _rank(item: Item) -> tuple[bool, float, datetime, str]:
    # The keeper: pinned first, then the more important, then the earlier, then by id.
    return (not item.pinned, -item.importance, item.valid_from, item.id)


def _dedupe_and_merge(
    work: _Working, similar: PairFinder, now: datetime, config: UpkeepSection
) -> int:
    eligible = sorted(
        (i for i in work.items.values() if i.status is Status.CURRENT), key=lambda i: i.id
    )
    pairs = [
        (a, b, s)
        for a, b, s in similar(eligible, config.merge_threshold)
        if a != b and s >= config.merge_threshold
    ]
    done: set[str] = set()
    for a_id, b_id, score in sorted(pairs, key=lambda p: (-p[2], min(p[0], p[1]), max(p[0], p[1]))):
        if a_id in done or b_id in done:
            continue
        a, b = work.items.get(a_id), work.items.get(b_id)
        if a is None or b is None or not (a.is_current and b.is_current) or not may_fold(a, b):
            continue
        keeper, other = sorted((a, b), key=_rank)
        if other.pinned:
            continue  # two hand-stated facts are left as the person wrote them
        if score >= config.dedupe_threshold:
            _dedupe(work, keeper, other, score)
        elif keeper.pinned:
            continue  # a merge would replace the hand-stated fact
        else:
            _merge(work, keeper, other, score, now)
        done.update((a_id, b_id))
    return len(eligible)


def _union(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(x for group in groups for x in group))


def _latest(a: datetime | None, b: datetime | None) -> datetime | None:
    if a is None or b is None:
        return a or b
    return max(a, b)


def _dedupe(work: _Working, keeper: Item, other: Item, score: float) -> None:
    kept = keeper.evolve(
        sources=_union(keeper.sources, other.sources),
        tags=_union(keeper.tags, other.tags),
        links=tuple(x for x in _union(keeper.links, other.links) if x not in (keeper.id, other.id)),
        valid_from=min(keeper.valid_from, other.valid_from),
        access_count=keeper.access_count + other.access_count,
        last_access=_latest(keeper.last_access, other.last_access),
        confidence=max(keeper.confidence, other.confidence),
    )
    gone = other.evolve(
        status=Status.RETRACTED,
        valid_to=other.valid_from,  # never true on its own: as_of finds the keeper instead
        superseded_by=keeper.id,
        ended_by=f"{ORIGIN}:dedupe",
        status_reason=f"duplicate of {keeper.id} (similarity {score:.2f})",
    )
    work.put(Rule.KEPT, kept, f"kept over its duplicate {other.id}, sources joined")
    work.put(Rule.DEDUPED, gone, f"{_quote(other)} duplicates {_quote(keeper)} ({score:.2f})")


def _merge(work: _Working, base: Item, other: Item, score: float, now: datetime) -> None:
    pair = sorted((base.id, other.id))
    merged = base.evolve(
        id=item_id(f"{ORIGIN}:merge:{'+'.join(pair)}", base.subject, base.attribute, base.value),
        importance=max(base.importance, other.importance),
        confidence=max(base.confidence, other.confidence),
        tags=tuple(sorted(set(base.tags) | set(other.tags))),
        sources=_union(base.sources, other.sources),
        links=tuple(x for x in _union(base.links, other.links) if x not in pair),
        supersedes=(base.id, other.id),
        valid_from=min(base.valid_from, other.valid_from),
        valid_to=None,
        observed_at=now,
        status=Status.CURRENT,
        superseded_by="",
        ended_by="",
        access_count=base.access_count + other.access_count,
        last_access=_latest(base.last_access, other.last_access),
        origin=ORIGIN,
        status_reason=f"merged from {pair[0]} and {pair[1]} (similarity {score:.2f})",
        pinned=False,
        decayed_at=None,
    )
    work.put(Rule.MERGED, merged, f"{_quote(base)} + {_quote(other)} ({score:.2f})")
    for old in (base, other):
        folded = old.evolve(
            status=Status.HISTORICAL,
            valid_to=old.valid_from,  # the merged item carries its whole validity range
            superseded_by=merged.id,
            ended_by=f"{ORIGIN}:merge",
            status_reason=f"merged into {merged.id} (similarity {score:.2f})",
        )
        work.put(Rule.FOLDED, folded, f"folded into {merged.id}")


def _quote(item: Item) -> str:
    return repr(item.text if len(item.text) <= 60 else item.text[:57] + "...")


# -- 4. archive -------------------------------------------------------------------------


def link_counts(items: Iterable[Item]) -> Counter[str]:
    """Links of every item, counted both ways (an item linked from 3 others is central)."""
    neighbours: dict[str, set[str]] = defaultdict(set)
    for item in items:
        for other in item.links:
            if other != item.id:
                neighbours[item.id].add(other)
                neighbours[other].add(item.id)
    return Counter({k: len(v) for k, v in neighbours.items()})


def _archive(work: _Working, now: datetime, config: UpkeepSection) -> None:
    links = link_counts(work.items.values())
    for item in sorted(work.items.values(), key=lambda i: i.id):
        if item.status is not Status.CURRENT or item.pinned:
            continue
        if links[item.id] >= config.protect_links:
            continue
        idle_days = (now - last_use(item)).total_seconds() / DAY_SECONDS
        if idle_days < config.archive_after_days or item.importance >= config.archive_below:
            continue
        reason = (
            f"unused {idle_days:.0f} days (>= {config.archive_after_days:g}), "
            f"importance {item.importance:.2f} < {config.archive_below:g}"
        )
        work.put(Rule.ARCHIVED, item.evolve(status=Status.ARCHIVED, status_reason=reason), reason)
