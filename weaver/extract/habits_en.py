"""English habits told by how often, in the shapes chat gives them (rules of ``rules_en.RULES``).

"I swim twice a week" is the habit "swims"; people also say it going on ("i'm jogging every
morning instead", "I've been swimming twice a week"), with the place after the frequency
("i swim twice a week at the leisure centre"), or with the frequency first ("every morning I
walk the dog", "daily 6am I walk at Marina Beach"). Done every day, it is a routine of every
day instead, with its named place ("walking at Marina Beach every day"), as the weekday
routines are (``events_en``); what one takes in stays a habit ("I smoke every day"). A habit
of the past ("I used to swim every day") matches none of them: the verb must be the present.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.kin_values import pet_value
from vaultweave.weaver.extract.patterns_en import habit_of
from vaultweave.weaver.extract.rules_text import ADV, FREQ, Fact, Rule, habit_phrase, rule
from vaultweave.weaver.extract.word_forms_en import gerund

_OBJECT = r"(?P<obj>(?:\s+[\w'-]+){0,4}?)"
# Where or with whom, after the frequency: it is not part of the habit.
_AFTER = r"(?:\s+(?:at|in|on|with|near|round|around|down|by|before|after|instead)\b.*|\s*,.*)?$"
# "I do taiji every morning": "do" is the verb here, not the "do" of "I do like"
_ADV = ADV.replace("|do|", "|")
# An hour said with the frequency: "every morning 7am", "daily at 6:30"
_HOUR = r"(?:,?\s+(?:at\s+)?\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)?"


# Told as every day: a routine of every day (the days of the week), as Chinese "每天" is
_DAILY = re.compile(r"\b(?:(?:every\s+(?:single\s+)?|each\s+)(?:day|morning|evening|night)|daily|nightly)\b",
                    re.IGNORECASE)
# What one takes in is a habit, never a routine of the day ("I smoke every day")
_TAKEN_IN = re.compile(r"(?:smok|vap|drink|eat|chew|tak|hav)(?:e|es|ing)?\b")
# A word standing for what was said before is no activity: "i do am every day" (it), "do that"
_STANDS_FOR = re.compile(r"^\s*(?:it|am|that|this|them|so|one|mine)\b", re.IGNORECASE)
# Where a walk or a class is, when it has a name: "walking at Marina Beach every day"
_NAMED_PLACE = re.compile(r"\s+(?P<at>(?:at|in|on|along|round|around)\s+(?:the\s+)?[A-Z][\w'-]*"
                          r"(?:\s+(?:[A-Z][\w'-]*|beach|park|lake|river|road|gardens?|hill|pool|market))?)")
# A pet named in the habit ("every morning i walk my dog Pepper"): the pet is told too
_PET = re.compile(r"\b(?:my|our)\s+(?P<species>dog|cat|puppy|pup|kitten)\s+(?P<name>[A-Z][a-z]+)\b")


def _kept(m: re.Match[str], habit: str | None, activity: str) -> list[Fact]:
    """The habit, or for one done every day the routine of ``activity`` every day (and a
    pet named in it)."""
    obj = m.group("obj") or ""
    if not habit or _STANDS_FOR.match(obj):
        return []
    if not _DAILY.search(m.group("freq")) or _TAKEN_IN.match(activity):
        return [Fact("habit", habit, Op.ASSERT, 0.8)]
    activity = re.sub(r"^doing\s+(?:my\s+)?", "", activity)  # "doing taiji": taiji
    place = _NAMED_PLACE.match(m.string, m.end("obj")) or _NAMED_PLACE.match(m.string, m.end("freq"))
    where = f" {place.group('at')}" if place else ""
    facts = [Fact("routine", f"{activity}{where} every day", Op.ASSERT, 0.8)]
    pet = _PET.search(obj)
    named = pet_value("a", pet.group("species"), [pet.group("name")]) if pet else None
    return facts + ([Fact("pet", named, Op.ASSERT, 0.8)] if named else [])


def _going_on(m: re.Match[str]) -> list[Fact]:
    """ "i'm jogging every morning": the habit of the -ing verb."""
    said = f"{m.group('verb')}{m.group('obj')}"
    return _kept(m, habit_phrase(said, from_gerund=True), said.strip())


def _present(m: re.Match[str]) -> list[Fact]:
    """ "I run every morning": the habit of the verb and what follows it."""
    habit = habit_of(m)
    activity = f"{gerund(m.group('verb'))}{m.group('obj') or ''}".strip()
    return _kept(m, habit[0].value if habit else None, activity)


def _first(m: re.Match[str]) -> list[Fact]:
    """ "every morning I walk the dog"; a weekday first ("every sunday I ...") is a routine's,
    read with the events."""
    weekday = re.search(r"day\b", m.group("freq"), re.IGNORECASE) and not _DAILY.search(m.group("freq"))
    return [] if weekday else _present(m)


HABITS_TOLD: tuple[Rule, ...] = (
    rule(r"I(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+" + ADV + r"(?!going\s+to\s+be\b)(?P<verb>[a-z]{2,}ing)"
         + _OBJECT + r"\s+" + FREQ + _AFTER, _going_on),
    rule(r"I\s+" + _ADV + r"(?!(?:been|was|were|had|did)\b)(?P<verb>[a-z]+)(?P<obj>(?:\s+[\w'-]+){0,5}?)\s+"
         + FREQ + _HOUR + _AFTER,
         _present),
    rule(r"(?i:(?:and\s+|also\s+)?)" + FREQ + _HOUR + r",?\s+I\s+" + _ADV + r"(?P<verb>[a-z]+)"
         + r"(?P<obj>(?:\s+[\w'-]+){0,4}?)" + _AFTER, _first),
)
