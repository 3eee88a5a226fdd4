"""Which routine or appointment a move by name moves: a pure helper of the resolver.

A move by name (``MOVED``: "had to switch pilates to monday and wednesday mornings", "the
review is postponed to next thursday", "周五那节挪到周六上午了") carries the words before
the move and the new time. It moves the current routine or appointment those words name
most of (``value_match.naming_share``), the speaker's or that of someone the words name:

- a routine goes to the new days ("pilates on Tuesdays and Thursdays" -> "pilates on
  Mondays and Wednesdays"); when the words name one of its old days ("the thursday class",
  "周五那节"), only that day moves;
- an appointment goes to the new date, keeping its name (and its hour, when the move names
  none: ``reschedule.same_time``).

The result is the fact told in full, which the resolver applies like any other: the old
value is superseded as a reschedule. A move whose words name nothing held moves nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime

from vaultweave.store.item import Item
from vaultweave.weaver.attributes import canonical_sentence, spec_for
from vaultweave.weaver.extract import dates_zh, weekdays_en
from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.reschedule import days_of
from vaultweave.weaver.value_match import names_value, naming_share

MOVABLE = ("routine", "appointment")
_DAY_CHARS = dict(zip(weekdays_en.WEEKDAYS, "一二三四五六日", strict=True))


def moved_to(
    candidate: Candidate, current: Iterable[Item], heard: datetime, told: Iterable[Candidate] = ()
) -> list[Candidate]:
    """The routine or appointment ``candidate`` (a move said at ``heard``) moves, told anew
    at its new time; [] when its words name none of ``current``, or when the line's own
    reading (among ``told``, the cycle's candidates) tells what moved (``_told_instead``)."""
    words = candidate.value
    line = [c for c in told if c.source == candidate.source and c.op is Op.ASSERT and c.value_key]
    held = [i for i in current if i.is_current and i.attribute in MOVABLE and _whose(i, candidate)
            and candidate.source not in i.sources and (i.heard_at or i.valid_from) <= heard
            and not any(_told_instead(i, c, candidate) for c in line)]
    shares = {i.id: naming_share(i.value, words) for i in held}
    best = max(shares.values(), default=0.0)
    named = [i for i in held if best > 0 and shares[i.id] == best]
    new_days = days_of(candidate.tags)
    if any(i.attribute == "routine" for i in named) and new_days:
        moved = [c for i in named if i.attribute == "routine" for c in _routine_moved(candidate, i, new_days)]
        # the line told the same routine on the same days itself ("游泳改成周六周日了"): its words stand
        return [c for c in moved if not any(rescheduled_as(c, t) and days_of(t.tags) == days_of(c.tags)
                                            for t in line)]
    return [_told(candidate, i, i.value, when=candidate.when) for i in named
            if i.attribute == "appointment" and candidate.when is not None and i.when != candidate.when]


def rescheduled_as(moved: Candidate, told: Candidate) -> bool:
    """Whether ``told`` (the line's own reading, a value or an ending) tells again the
    routine or appointment its move by name told in full (``moved``): the same subject and
    attribute, naming the same thing."""
    return (told.op is not Op.DOUBT and told.attribute == moved.attribute and told.key[0] == moved.key[0]
            and bool(told.value_key) and names_value(_thing(moved.value), _thing(told.value)))


def _thing(value: str) -> str:
    """A routine's activity, an appointment's name: "yoga on Tuesdays" -> "yoga"."""
    return value.split(" on ")[0].split(" 每")[0]


def _told_instead(item: Item, told: Candidate, move: Candidate) -> bool:
    """The line's own reading says what moved: an appointment, with its hour; another routine
    on the move's new days ("不跳广场舞了 现在改成每周一三五打太极" moves no dance: it took up
    tai chi)."""
    if told.attribute != item.attribute:
        return False
    other = not names_value(_thing(item.value), _thing(told.value))
    return item.attribute == "appointment" or (other and days_of(told.tags) == days_of(move.tags))


def _whose(item: Item, candidate: Candidate) -> bool:
    """The speaker's own, or someone's the words name ("乐乐的课", "Maya's swim")."""
    if item.subject.casefold() == candidate.subject.casefold():
        return True
    name = item.subject.rpartition("'s ")[2] if "'s " in item.subject else item.subject
    return len(name) >= 2 and name.casefold() in candidate.value.casefold()


def _routine_moved(candidate: Candidate, item: Item, new_days: tuple[str, ...]) -> list[Candidate]:
    old = days_of(item.tags)
    said = _said_days(candidate.value)
    # "the thursday class got moved to saturday": only that day moves
    named_old = [d for d in old if d in said]
    kept = [d for d in old if d not in named_old] if named_old and named_old != list(old) else []
    days = [d for d in weekdays_en.WEEKDAYS if d in kept or d in new_days]
    if not old or set(days) == set(old):
        return []
    chinese = " 每" in item.value or item.value.startswith("每")
    activity = _thing(item.value)
    zh_days = "".join("周" + _DAY_CHARS[d] for d in days)
    value = f"{activity} 每{zh_days}" if chinese else weekdays_en.on_days(activity, days)
    return [_told(candidate, item, value, tags=(f"days:{','.join(days)}",))]


def _told(candidate: Candidate, item: Item, value: str, *, tags: tuple[str, ...] = (),
          when: datetime | None = None) -> Candidate:
    spec = spec_for(item.attribute)
    text = canonical_sentence(item.subject, item.attribute, value)
    return replace(candidate, subject=item.subject, attribute=item.attribute, value=value, text=text,
                   tags=tags, when=when, category=spec.category, kind=spec.kind, relation=item.relation)


def _said_days(words: str) -> tuple[str, ...]:
    """The weekdays words name: "the thursday class", "周五那节"."""
    return dates_zh.weekdays("每" + words) if any("\u4e00" <= c <= "\u9fff" for c in words) else (
        weekdays_en.weekdays(words))
