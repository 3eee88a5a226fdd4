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
    """"牙医改到周一了": a rescheduled appointment keeps the fuller name it was told with; "aerobics
    is just on wednesdays" after "water aerobics on mondays and wednesdays": so does a routine's
    activity named by its head word, on its new days."""
    for item in current:
        if not rescheduled(item, candidate):
            continue
        fuller = len(normalise(item.value)) > len(candidate.value_key)
        if candidate.attribute == "appointment" and fuller:
            text = candidate.text.replace(candidate.value, item.value)
            return replace(candidate, value=item.value, text=text)
        old, new = _said_activity(item.value), _said_activity(candidate.value)
        # the new telling names the activity by its head ("aerobics" of "water aerobics", "夜班" of
        # "值夜班"), not by its first word ("footy" of "footy for my local club")
        named_by_head = old.endswith(new) and len(old.split()) <= 3
        if candidate.attribute == "routine" and len(old) > len(new) and named_by_head:
            value = old + candidate.value[len(new):]
            return replace(candidate, value=value, text=candidate.text.replace(candidate.value, value))
    return candidate


def _said_activity(routine: str) -> str:
    """A routine's activity as its value spells it: "water aerobics" of "water aerobics on
    Mondays", "游泳" of "游泳 每周三"."""
    return routine.split(" on ")[0] if " on " in routine else routine.split(" 每")[0]


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
    """The activity without its days, each word by its stem and singular: "spin class on Mondays"
    -> "spin class", "swimming on Mondays" -> "swim" (as "swim is tuesdays now" says it),
    "舞蹈课 每周三" -> "舞蹈" (value_match.routine_thing)."""
    said = routine_thing(routine.split(" on ")[0])
    return " ".join(_singular(base_of(word.lower())) for word in said.split())


def _singular(word: str) -> str:
    """ "mocks" -> "mock", "classes" -> "class": "mocks shifted to saturdays" after "mock test on
    sundays" names the same routine (both sides cut alike, so "pilates" is "pilate" twice)."""
    if len(word) <= 3 or word.endswith(("ss", "us", "is")) or not word.endswith("s"):
        return word
    return word[:-2] if word.endswith(("sses", "ches", "shes", "xes")) else word[:-1]


__all__ = ["days_of", "named_as_before", "rescheduled", "same_time"]
