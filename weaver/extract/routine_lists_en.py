"""Routines told one after another in a clause, each made a piece of its own for the
routine reader (``events_en``): "i swim mon wed fri, and choir on thursday evening", "parkrun
every saturday and gym tues/thurs after work".

Only after a routine is told (a day every week: "every saturday", "mondays", "mon wed fri")
does "and" open another: the activity named before its days. A single day after it ("and
choir on thursday evening") is every week's only when the activity is one that recurs (a
class, a sport, choir): "and the dentist on friday" stays an appointment.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.event_words_en import RECURS
from vaultweave.weaver.extract.weekdays_en import ANY_DAY, DAY_JOIN, SHORT_DAY

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# Told every week: "every saturday", "mondays", "mon wed fri", "tues/thurs"
_WEEKLY = re.compile(rf"\bevery\s+{ANY_DAY}|\b{_DAY}s\b|\b{SHORT_DAY}(?:{DAY_JOIN}{ANY_DAY})+", re.IGNORECASE)
_NOT_AN_ACTIVITY = r"(?!(?:I|we|he|she|they|my|his|her|the|then|on|every|it|that)\b)"
# "... and gym tues/thurs": another activity, then its days
_WORD = rf"(?!{ANY_DAY}\b|and\b)[a-z][a-z'-]*"
_NEXT_ROUTINE = re.compile(rf"(?<!,)\s+and\s+(?={_NOT_AN_ACTIVITY}{_WORD}(?:\s+{_WORD}){{0,2}}\s+"
                           rf"(?:every\s+|on\s+)?{ANY_DAY}\b)", re.IGNORECASE)
# ", and cricket nets on sunday morning": one day, after a routine
_ONE_DAY = re.compile(rf"(?P<what>(?:,\s*|\s+and\s+)(?:and\s+)?{_NOT_AN_ACTIVITY}"
                      rf"(?P<v>[a-z][a-z' -]{{1,24}}?)\s+)on\s+(?={_DAY}\b(?!s))", re.IGNORECASE)


def routines_listed(clause: str) -> str:
    """``clause`` with each routine after the first told as a piece of its own, its single
    day said as every week's ("..., and cricket nets every sunday morning")."""
    weekly = _WEEKLY.search(clause)
    if not weekly:
        return clause
    head, tail = clause[: weekly.end()], clause[weekly.end():]
    tail = _ONE_DAY.sub(lambda m: m.group("what") + ("every " if RECURS.search(m.group("v")) else "on "),
                        tail)
    return head + _NEXT_ROUTINE.sub(", ", tail)
