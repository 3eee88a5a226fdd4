"""Conflict resolution as a pure plan: candidates + a snapshot of items -> Resolution.

Rules, by (subject, attribute):
- the same source already applied to the same fact: nothing (a cycle can be redone); the same
  value is current: reinforce it (importance up, source added);
- the same value was archived by upkeep and none is current: revive and reinforce it;
- a single-valued attribute with another current value: the older fact becomes historical
  (valid_to = the newer one's valid_from, superseded_by set); a multi-valued one: it joins;
- a value only assumed from a passing mention (``Candidate.assumed``: "rent in cork is
  1100") fills a single-valued attribute that holds no current value, and is otherwise
  left out: it never replaces a value that was told;
- an ending ("I left Mercy", "I don't drink tea anymore") makes the matching current fact
  historical with valid_to set and no successor (it was true, it no longer is); the
  value matches by its words ("I left Mercy" ends "Mercy Hospital", see value_match).
  Leaving an employer also ends the job title told in the same turn as it ("a nurse at
  Mercy"), unless the turn that tells the leaving tells a title or a new employer too;
  ``retracted`` stays for what was never true: a forget, a deleted bullet, a duplicate;
- across attribute families (attributes.reaches, ``ending_reach``): ending "likes tea" ends a
  favourite tea, ending a habit, pet, hobby or learning the routine kept up for it ("I stopped
  running": "running every day"; "Bonnie died": "walking Bonnie every day"), a vegetarian
  diet ends liked meat; a liking told with the end of a favourite takes its place;
- a doubt (the turn talks of the attribute, or names its value beside a word of change) flags
  the current value as possibly outdated (``doubt``), never ends it; a new value or repeat clears it;
  the value named beside a word that only ends, told as done ("sold the golf last weekend",
  ``BY_NAME`` with ``Op.RETRACT``), is ended, with the job title told with an employer;
- an appointment with the same value and a new time is rescheduled (the old one ends), as is
  what a move by name names ("switched pilates to mondays", ``moving``);
- a dated change told later ("moved last month", said after "I live in Bergen") ends
  the value it replaces even when its date is earlier than when that value was heard;
- an ending of a value the vault never held ("I graduated from McGill in 2024", "our old
  dog Max died last year"), told of one attribute only, is kept as history: the value
  held until then (``valid_to``), from a start nobody told (``valid_from`` = ``valid_to``).
Candidates are applied in time order, so a batch may supersede its own facts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import Enum

from vaultweave.store.item import Item, Status
from vaultweave.weaver.attributes import OPPOSITES, canonical_sentence, is_single_valued, reaches
from vaultweave.weaver.doubting import DOUBTED_BY_NAME, doubted_items, last_told, said_at, told_since
from vaultweave.weaver.ending_reach import favourites_named, routines_kept_for
from vaultweave.weaver.extract.base import BY_NAME, MOVED, Candidate, Op, normalise
from vaultweave.weaver.homes_in_cities import in_city
from vaultweave.weaver.item_steps import new_item, reinforce, revive, supersede
from vaultweave.weaver.moving import moved_to, rescheduled_as
from vaultweave.weaver.new_jobs import JOB_PARTS, new_job
from vaultweave.weaver.reschedule import named_as_before, rescheduled, same_time
from vaultweave.weaver.value_match import (
    diet_ends,
    named_again,
    names_ended,
    names_value,
    same_place,
    sole_workplace,
)


class Action(str, Enum):
    ADDED = "added"
    REINFORCED = "reinforced"
    SUPERSEDED = "superseded"  # an existing fact replaced by a newer value
    RETRACTED = "retracted"  # never true: forgotten, a deleted bullet
    ENDED = "ended"  # true until a turn said it stopped: historical with no successor
    MOVED = "moved"  # a hand edit moved the fact to another category
    EDITED = "edited"  # a hand edit changed a fact's date or tags in place
    REVIVED = "revived"  # an archived fact mentioned again: current and reinforced
    DOUBTED = "doubted"  # a later turn put the current value in doubt (still current)


@dataclass(frozen=True)
class Change:
    action: Action
    after: Item
    before: Item | None = None
    note: str = ""


@dataclass(frozen=True)
class Resolution:
    changes: tuple[Change, ...] = ()
    skipped: int = 0  # candidates already applied by an earlier run of the same lines
    unmatched_retractions: tuple[Candidate, ...] = ()

    @property
    def final_items(self) -> dict[str, Item]:
        """The last state of every item the plan touches, by id."""
        return {change.after.id: change.after for change in self.changes}

    @property
    def previous_items(self) -> dict[str, Item | None]:
        """What each touched item was before the plan (None for new items)."""
        first: dict[str, Item | None] = {}
        for change in self.changes:
            first.setdefault(change.after.id, change.before)
        return first

    def count(self, action: Action) -> int:
        return sum(1 for change in self.changes if change.action is action)

    @property
    def touched_categories(self) -> set[str]:
        names = {c.after.category for c in self.changes}
        names.update(c.before.category for c in self.changes if c.before is not None)
        return names


@dataclass
class _Working:
    """Mutable scratch state, private to one planning call; inputs are never mutated."""

    items: dict[str, Item]
    by_key: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    by_subject: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    changes: list[Change] = field(default_factory=list)
    # Favourites each turn ended ("so over Arctic Monkeys"), by source: a liking the same
    # turn tells is the new favourite of that kind.
    ended_favourites: dict[str, list[Item]] = field(default_factory=lambda: defaultdict(list))
    # (source, subject) of the turns that tell a job title or a new employer: the title told
    # with an employer they end is not ended with it ("left Google for Meta").
    new_job: set[tuple[str, str]] = field(default_factory=set)

    def index(self, item: Item) -> None:
        self.by_key[(normalise(item.subject), item.attribute)].append(item.id)
        self.by_subject[normalise(item.subject)].add(item.attribute)

    def with_key(self, subject: str, attribute: str) -> list[Item]:
        return [self.items[i] for i in self.by_key.get((normalise(subject), attribute), [])]

    def reached_by(self, subject: str, attribute: str) -> list[Item]:
        """Current facts of the subject in other attributes that ``attribute`` may end."""
        others = sorted(a for a in self.by_subject.get(normalise(subject), ())
                        if a != attribute and reaches(attribute, a))
        return [i for a in others for i in self.with_key(subject, a) if i.is_current]

    def put(self, action: Action, after: Item, before: Item | None, note: str = "") -> None:
        if before is None:
            self.index(after)
        self.items[after.id] = after
        self.changes.append(Change(action, after, before, note))


def plan_resolution(
    candidates: Sequence[Candidate], existing: Mapping[str, Item], observed_at: datetime
) -> Resolution:
    work = _Working(items=dict(existing))
    work.new_job = new_job(candidates)
    for item in existing.values():
        work.index(item)
    skipped = 0
    unmatched: list[Candidate] = []
    # A doubt stands unless the same cycle tells the attribute again with or after it
    # (the same turn's "moved to Denver, the move was exhausting" is no doubt); what was
    # told before it is what it puts in doubt.
    told = last_told(candidates, (Op.ASSERT, Op.RETRACT))
    # A doubt by name heeds new values only: what an ending ended is no longer current, and
    # one that missed ("dropped the tuesday swim") leaves the value to doubt.
    told_anew = last_told(candidates, (Op.ASSERT,))
    moves: dict[str, list[Candidate]] = defaultdict(list)  # by source: what its moves by name told
    for candidate in sorted(candidates, key=_order):
        if _already_applied(candidate, work.with_key(candidate.subject, candidate.attribute)):
            skipped += 1
        elif any(rescheduled_as(c, candidate) for c in moves[candidate.source]):
            skipped += 1  # the line's own reading of a move its move by name told in full
        elif candidate.op is Op.DOUBT or candidate.attribute == BY_NAME:
            if candidate.attribute == BY_NAME or not told_since(told, candidate.key, said_at(candidate)):
                _doubt(work, candidate, told_anew)
        elif candidate.op is Op.RETRACT:
            if not _end(work, candidate):
                unmatched.append(candidate)
        elif candidate.attribute == MOVED:  # "switched pilates to mondays": the routine the words name
            for moved in moved_to(candidate, work.items.values(), said_at(candidate), candidates):
                _assert(work, moved, observed_at)
                moves[candidate.source].append(moved)
        elif candidate.value_key:
            _assert(work, candidate, observed_at)
            for favourite in _takes_the_place(work, candidate):
                _assert(work, favourite, observed_at)
    unmatched = [c for c in unmatched if not _ended_before_told(work, c, unmatched, observed_at)]
    return Resolution(tuple(work.changes), skipped, tuple(unmatched))


def _order(candidate: Candidate) -> tuple[datetime, str, int, bool]:
    path, _, line = candidate.source.rpartition("#L")
    # a line's moves by name first: they know which routine moved, the line's own reading may not
    return candidate.valid_from, path, int(line) if line.isdigit() else 0, candidate.attribute != MOVED


def _already_applied(candidate: Candidate, same_key: Iterable[Item]) -> bool:
    for item in same_key:
        # ended by this very line; an item another value of the same line replaced
        # ("智谱那边三天前离职了" is told as 智谱, then its end) still leaves that value to end
        if candidate.op is Op.RETRACT and item.ended_by == candidate.source and not item.superseded_by:
            return True
        if candidate.op is Op.DOUBT and item.doubt == candidate.source:
            return True
        if (
            candidate.op is Op.ASSERT
            and candidate.source in item.sources
            and named_again(candidate.attribute, item.value, candidate.value)  # "智谱" of "智谱AI"
        ):
            return True
    return False


def _assert(work: _Working, candidate: Candidate, observed_at: datetime) -> None:
    same_key = work.with_key(candidate.subject, candidate.attribute)
    current = [i for i in same_key if i.status is Status.CURRENT]
    candidate = named_as_before(in_city(candidate, current), current)
    for item in current:
        said_before = named_again(candidate.attribute, item.value, candidate.value) or same_place(
            candidate.attribute, item.value, candidate.value)  # "Palermo" after "Palermo, Buenos Aires"
        if said_before and not rescheduled(item, candidate):
            work.put(Action.REINFORCED, reinforce(item, candidate, observed_at), item)
            return
    if candidate.assumed and current and is_single_valued(candidate.attribute):
        return  # a town named in passing may be one visited: the home told stands
    archived = [i for i in same_key if i.status is Status.ARCHIVED]
    # Mentioned again after upkeep archived it: the same item comes back, reinforced.
    revived = next((i for i in archived if normalise(i.value) == candidate.value_key), None)
    new = (
        new_item(candidate, observed_at)
        if revived is None
        else revive(revived, candidate, observed_at)
    )
    if is_single_valued(candidate.attribute):
        for item in current:
            if _newer_or_equal(candidate, item):
                ended = supersede(item, new, candidate.source)
                work.put(Action.SUPERSEDED, ended, item, f"{item.value} -> {new.value}")
                new = new.evolve(supersedes=(*new.supersedes, item.id))
            else:
                # Heard late: the new fact was already replaced by the current one.
                new = supersede(new, item, item.sources[0] if item.sources else "")
        new = _cut_in(work, same_key, new, candidate)
        new = _succeed_ended(work, same_key, new, candidate)
        for item in archived:
            # An archived older value still counted as true; a newer value ends it.
            if item is not revived and candidate.valid_from >= item.valid_from:
                ended = supersede(item, new, candidate.source)
                work.put(Action.SUPERSEDED, ended, item, f"{item.value} -> {new.value}")
                new = new.evolve(supersedes=(*new.supersedes, item.id))
    for item in current:
        if rescheduled(item, candidate) and _newer_or_equal(candidate, item):
            new = same_time(new, item)
            ended = supersede(item, new, candidate.source)
            work.put(Action.SUPERSEDED, ended, item, f"{item.value} rescheduled")
            new = new.evolve(supersedes=(*new.supersedes, item.id))
    opposite = OPPOSITES.get(candidate.attribute)
    for item in work.reached_by(candidate.subject, candidate.attribute):
        if item.attribute == opposite:
            ends = names_value(item.value, candidate.value)
        elif candidate.attribute == "diet":
            ends = diet_ends(candidate.value, item.value)
        else:
            ends = False  # likes/dislikes reach favourites only through a retraction
        if ends and _newer_or_equal(candidate, item):
            ended = supersede(item, new, candidate.source)
            work.put(Action.SUPERSEDED, ended, item, f"{item.attribute} -> {candidate.attribute}")
            new = new.evolve(supersedes=(*new.supersedes, item.id))
    if revived is None:
        work.put(Action.ADDED, new, None)
    else:
        work.put(Action.REVIVED, new, revived, "archived -> current")


def _cut_in(work: _Working, same_key: Iterable[Item], new: Item, candidate: Candidate) -> Item:
    """A value heard late that falls inside a past value's range ends that range where it
    began, so ``as_of`` never finds two values of a single-valued attribute at once, and
    the outcome does not depend on how lines were split into cycles ("I left X" heard
    before a "I joined Y" dated earlier gives what the two in one batch give)."""
    for item in same_key:
        inside = item.valid_to is not None and item.valid_from <= new.valid_from < item.valid_to
        # Vaults written before endings became historical hold them as retracted.
        ended_by_a_line = item.status is Status.RETRACTED and item.ended_by.startswith("resources/")
        past = item.status is Status.HISTORICAL or ended_by_a_line
        if past and inside and not named_again(candidate.attribute, item.value, candidate.value):
            work.put(Action.SUPERSEDED, supersede(item, new, candidate.source), item,
                     f"{item.value} -> {new.value}")
            new = new.evolve(supersedes=(*new.supersedes, item.id))
    return new


def _succeed_ended(
    work: _Working, same_key: Iterable[Item], new: Item, candidate: Candidate
) -> Item:
    """"I left Mercy on Friday. I'm at Kaiser now": the value a turn of the same day ended
    was replaced, not just ended. It becomes history superseded by the new value, keeping
    the date the retraction gave it."""
    day = candidate.source.rpartition("#L")[0]
    for item in same_key:
        ended = (
            item.status in (Status.HISTORICAL, Status.RETRACTED)
            and not item.superseded_by
            and item.ended_by.startswith("resources/")
        )
        told_with = ended and item.ended_by.rpartition("#L")[0] == day and day != ""
        if told_with and item.valid_to is not None and item.valid_to <= new.valid_from:
            replaced = item.evolve(status=Status.HISTORICAL, superseded_by=new.id,
                                   status_reason=f"superseded by {new.value!r}")
            work.put(Action.SUPERSEDED, replaced, item, f"{item.value} -> {new.value}")
            new = new.evolve(supersedes=(*new.supersedes, item.id))
    return new


def _end(work: _Working, candidate: Candidate) -> bool:
    # An empty value ("I quit my job") ends whatever the attribute currently holds, save what the
    # same line tells first ("不跑快递了！上礼拜入职京东物流"), not what it names again ("deirdre retired!!").
    held = work.with_key(candidate.subject, candidate.attribute)
    kept_up: list[Item] = []
    live = [i for i in held if i.is_current and _newer_or_equal(candidate, i)
            and (candidate.value_key or i.sources[:1] != (candidate.source,))]
    if candidate.value_key:
        exact = [i for i in live if normalise(i.value) == candidate.value_key]
        # "I left Mercy" ends "Mercy Hospital"; an exact value wins over a looser one.
        live = exact or [i for i in live if names_ended(i.attribute, i.value, candidate.value)] or (
            live if len(live) == 1 and sole_workplace(candidate.attribute, candidate.value) else [])
        kept_up = [i for i in routines_kept_for(candidate, work.with_key(candidate.subject, "routine"))
                   if _newer_or_equal(candidate, i)]
        reached = work.reached_by(candidate.subject, candidate.attribute)
        live += [i for i in favourites_named(candidate, reached) if _newer_or_equal(candidate, i)]
    told_with = {t.id: t for item in live for t in _job_part_told_with(work, item, candidate)}
    live += [t for t in told_with.values() if all(t.id != i.id for i in live)]
    for item in live + kept_up:
        work.put(Action.ENDED, _ended(item, candidate), item)
        if item.attribute.startswith("favourite_"):
            work.ended_favourites[candidate.source].append(item)
    # a habit and its routine are one thing said two ways; a routine ended with the pet, hobby or
    # learning it was kept up for leaves that ending unmatched: "Bonnie died" with no pet held
    # still tells that Bonnie was one (``_ended_before_told``)
    return bool(live) or (bool(kept_up) and candidate.attribute == "habit")


def _job_part_told_with(work: _Working, ended: Item, candidate: Candidate) -> list[Item]:
    """"从京东离职了" after "我在京东物流做运营": the job title told with the employer ends
    with it, and the employer told with the title ("stopped the teller job" after "I work as
    teller at the Desjardins caisse"), unless the turn that ends it tells a title or a new
    employer of its own."""
    other = JOB_PARTS.get(ended.attribute)
    if other is None or not ended.sources or (ended.attribute == "job_title" and not candidate.value_key):
        return []  # a title ended without naming it ("quit", "不干了") leaves the employer to its own cue
    if (candidate.source, candidate.key[0]) in work.new_job:
        return []
    return [t for t in work.with_key(candidate.subject, other)
            if t.is_current and t.sources[:1] == ended.sources[:1] and _newer_or_equal(candidate, t)]


def _takes_the_place(work: _Working, candidate: Candidate) -> list[Candidate]:
    """"I'm done with Coldplay, into Phoenix now": a liking told by the turn that ended a
    favourite is the new favourite of that kind (one per kind)."""
    if candidate.attribute != "likes" or candidate.op is not Op.ASSERT:
        return []
    ended = [i for i in work.ended_favourites.get(candidate.source, ())
             if normalise(i.subject) == candidate.key[0]]
    kinds = sorted({i.attribute for i in ended})
    return [replace(candidate, attribute=kind,
                    text=canonical_sentence(candidate.subject, kind, candidate.value)) for kind in kinds]


# How sure an ending must be to be kept as history of a value never held ("traded in the
# focus" is a car only if one was told; "I left Mercy" is a job either way).
KEEP_ENDED_FROM = 0.7


def _ended_before_told(
    work: _Working, candidate: Candidate, unmatched: Sequence[Candidate], observed_at: datetime
) -> bool:
    """"I left Mercy" with no Mercy held: Mercy was true until then. Kept as a historical
    fact when the ending names a value and one attribute only (a bare "I quit choir" is
    tried on every attribute it may name and stays unmatched), and nothing of that value
    is held in any status from before the ending. Returns whether it was kept."""
    if not candidate.value_key or candidate.confidence < KEEP_ENDED_FROM:
        return False
    siblings = {c.attribute for c in unmatched
                if c.source == candidate.source and c.key[0] == candidate.key[0]
                and c.value_key == candidate.value_key}
    # Only what held before the ending counts: a value told after it ("I no longer like X",
    # later "I like X") is a new start, whether the two were woven in one cycle or two.
    same_key = [i for i in work.with_key(candidate.subject, candidate.attribute)
                if i.valid_from <= candidate.valid_from]
    if siblings != {candidate.attribute} or any(names_value(i.value, candidate.value) for i in same_key):
        return False
    item = new_item(candidate, observed_at)
    ended = item.evolve(
        status=Status.HISTORICAL,
        valid_to=candidate.valid_from,
        ended_by=candidate.source,
        status_reason=f"told only by its ending, as of {candidate.valid_from:%Y-%m-%d}",
    )
    work.put(Action.ENDED, ended, None, "ended before it was told")
    return True


def _ended(item: Item, candidate: Candidate) -> Item:
    return item.evolve(status=Status.HISTORICAL, valid_to=max(candidate.valid_from, item.valid_from),
                       ended_by=candidate.source, doubt="", doubted_at=None,
                       status_reason=f"no longer true as of {candidate.valid_from:%Y-%m-%d}")


def _doubt(work: _Working, candidate: Candidate, told_anew: Mapping[tuple[str, str], datetime]) -> None:
    """Flag the current value(s) as possibly outdated (``doubting``), or end what an ending by name names."""
    said, subject = said_at(candidate), normalise(candidate.subject)
    attributes = [candidate.attribute] if candidate.attribute != BY_NAME else [
        a for a in sorted(work.by_subject.get(subject, ()))
        if a in DOUBTED_BY_NAME and not told_since(told_anew, (subject, a), said)]
    items = [i for a in attributes for i in work.with_key(candidate.subject, a)]
    for item in doubted_items(items, candidate, said, _heard):
        if candidate.op is Op.RETRACT:  # "ain't drivin uber no more": Uber, and the title told with it
            for ended in [item, *_job_part_told_with(work, item, candidate)]:
                if work.items[ended.id].is_current:
                    work.put(Action.ENDED, _ended(ended, candidate), ended, f"{ended.value} ended by name")
        else:
            work.put(Action.DOUBTED, item.evolve(doubt=candidate.source, doubted_at=said), item,
                     f"{item.value} possibly outdated")


def _heard(item: Item) -> datetime:
    return item.heard_at or item.valid_from


def _newer_or_equal(candidate: Candidate, item: Item) -> bool:
    """Whether ``candidate`` may end ``item``: it is newer, or as new and not outranked.

    A fact a person stated by hand outranks an extracted one of the same time. A dated
    change told after the item was last heard ("I moved last month") is newer news even
    when its date is earlier than the time the item was heard; and such an item is not
    ended by a fact told before it, whatever that fact's date.
    """
    if candidate.valid_from < item.valid_from and item.heard_at and candidate.spoken_at:
        return candidate.spoken_at > item.heard_at
    # The same seen from the other side, when one cycle applies both in date order: "I'm 34"
    # then "oh wait, I'm 35, birthday was last week" -- the dated one is the later news.
    dated = item.heard_at is not None and item.valid_from < item.heard_at
    later_news = bool(item.heard_at and candidate.spoken_at and item.heard_at > candidate.spoken_at)
    if candidate.valid_from > item.valid_from and dated and later_news:
        return False
    if candidate.valid_from != item.valid_from:
        return candidate.valid_from > item.valid_from
    return not (item.origin == "hand" and candidate.origin != "hand")
