"""The same appointment or routine told again at another time: a reschedule, not a new fact.

"dentist moved to the 19th" after "dentist on the 12th at 3pm", "spin is tuesdays and
thursdays now" after "spin class every monday and wednesday": the resolver ends the old
one and keeps the new, with the old name and time of day when the new telling drops them.
Pure functions over items and candidates.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from vaultweave.store.item import Item
from vaultweave.weaver.extract.base import Candidate, normalise
from vaultweave.weaver.extract.word_forms_en import base_of
from vaultweave.weaver.value_match import names_value, routine_thing


def rescheduled(item: Item, candidate: Candidate) -> bool:
    """The same appointment told again with another time, or the same routine on other days
    ("spin is tuesdays and thursdays now" after "spin class every monday and wednesday")."""
    if candidate.attribute == "routine" and item.attribute == "routine":
        days = days_of(candidate.tags)
        return bool(days) and bool(days_of(item.tags)) and days != days_of(item.tags) and names_value(
            _activity(item.value), _activity(candidate.value))
    return (
        candidate.attribute == "appointment"
        and candidate.when is not None
        and item.when is not None
        and item.when != candidate.when
        and names_value(item.value, candidate.value)
    )


def named_as_before(candidate: Candidate, current: Iterable[Item]) -> Candidate:
    """"牙医改到周一了": a rescheduled appointment keeps the fuller name it was told with."""
    for item in current:
        fuller = len(normalise(item.value)) > len(candidate.value_key)
        if candidate.attribute == "appointment" and fuller and rescheduled(item, candidate):
            text = candidate.text.replace(candidate.value, item.value)
            return replace(candidate, value=item.value, text=text)
    return candidate


def same_time(new: Item, old: Item) -> Item:
    """ "moved to the 19th" keeps the old appointment's time of day when it names none."""
    if new.when is None or old.when is None or (new.when.hour, new.when.minute) != (0, 0):
        return new
    return new.evolve(when=new.when.replace(hour=old.when.hour, minute=old.when.minute))


def days_of(tags: Iterable[str]) -> tuple[str, ...]:
    """A routine's weekdays from its tag ("days:tuesday,thursday"), as the extractors tag them."""
    found = next((t for t in tags if t.startswith("days:")), "")
    return tuple(d for d in found.removeprefix("days:").split(",") if d)


def _activity(routine: str) -> str:
    """The activity without its days, each word by its stem: "spin class on Mondays" ->
    "spin class", "swimming on Mondays" -> "swim" (as "swim is tuesdays now" says it),
    "舞蹈课 每周三" -> "舞蹈" (value_match.routine_thing)."""
    return " ".join(base_of(word.lower()) for word in routine_thing(routine.split(" on ")[0]).split())


__all__ = ["days_of", "named_as_before", "rescheduled", "same_time"]
