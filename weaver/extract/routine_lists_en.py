"""Routines told one after another in a clause, each made a piece of its own for the
routine reader (``events_en``): "i swim mon wed fri, and choir on thursday evening", "parkrun
every saturday and gym tues/thurs after work".

Only after a routine is told (a day every week: "every saturday", "mondays", "mon wed fri")
does "and" open another: the activity named before its days. A single day after it ("and
choir on thursday evening") is every week's only when the activity is one that recurs (a
class, a sport, choir): "and the dentist on friday" stays an appointment.

Routines told with their days first, or with the subject or verb chat leaves out, are said the
way the reader knows (``days_said_plainly``): "tue n thu nights i already play badminton" ->
"every tue n thu I play badminton", "still got gaa training tuesdays" -> "I've got gaa training
tuesdays", "every wednesday i get choir practice" -> "... I have choir practice". A piece that only says
when ("tues and thurs nights at this gym", ``ONLY_DAYS``) gives its days to the piece before.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.event_words_en import RECURS
from vaultweave.weaver.extract.weekdays_en import ANY_DAY, DAY_JOIN, DAYS, SHORT_DAY

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


# A piece that only says when: "(i joined mandarin classes,) tues and thurs evening" (where it
# is may follow: "tues and thurs nights at this gym"); "going every wednesday evening now",
# "going tuesdays and thursdays after work", "like every tues": the going is the activity before
ONLY_DAYS = re.compile(rf"^(?:(?:like|as|same\s+as)\s+)?(?:going\s+|go\s+)?(?:every\s+)?(?P<days>{DAYS})"
                       r"(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?"
                       r"(?:\s+(?:at\s+)?\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)?"
                       r"(?:\s+(?:at|in)\s+(?:the|this|a|my|our)\s+[a-z][a-z' -]*)?"
                       r"(?:\s+(?:now|(?:after|before)\s+(?:work|office|school|class|uni)))?$", re.IGNORECASE)

# "tue n thu nights i already play badminton": the days and their part of the day first, then
# the speaker and an adverb the reader does not expect before the verb
_DAYS_PART_FIRST = re.compile(rf"^(?:every\s+)?(?P<days>{DAYS})\s+(?:mornings?|afternoons?|evenings?|"
                              r"nights?),?\s+(?P<who>I|we)\s+(?:(?:already|usually|normally|always|also|still|mostly)\s+)?",
                              re.IGNORECASE)
# "thursdays 6pm orchestra rehearsal at the town hall": the days and the hour, then what recurs on them
_DAYS_THEN_WHAT = re.compile(
    rf"^(?:every\s+)?(?P<days>{_DAY}s(?:{DAY_JOIN}{ANY_DAY})*)(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?,?"
    r"\s+(?:at\s+)?(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?\s+)?"
    r"(?P<what>(?!I\b|we\b)[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)(?=\s+(?:at|in|with)\b|$)", re.IGNORECASE)
# "still got gaa training tuesdays n thursdays": the speaker left out, before days every week
_GOT_WEEKLY = re.compile(r"^(?:(?:still|also|and)\s+)?got\s+(?!(?:the|my|our|his|her|their|them|it|a|an|paid|"
                         rf"some|kids|to)\b)(?=[a-z][a-z' -]*?\s+(?:every\s+)?{ANY_DAY}\b)", re.IGNORECASE)
# "i get choir practice": what one goes to, had
_GET_CLASS = re.compile(r"\b(?P<who>I|we)\s+get\s+(?=(?:[a-z]+\s+){0,2}(?:practice|rehearsal|class|classes|"
                        r"lessons?|training|session|service|mass)\b)", re.IGNORECASE)


def days_said_plainly(clause: str) -> str:
    """``clause`` with a routine's days said first, or its subject or verb left out, told as the
    routine reader reads it."""
    clause = _DAYS_PART_FIRST.sub(lambda m: f"every {m.group('days')} {m.group('who')} ", clause.strip())
    clause = ", ".join(_what_then_days(piece) for piece in clause.split(", "))
    clause = _GOT_WEEKLY.sub("I've got ", clause)
    return _GET_CLASS.sub(lambda m: f"{m.group('who')} have ", clause)


def _what_then_days(piece: str) -> str:
    """ "Thursdays 6pm orchestra rehearsal" -> "orchestra rehearsal every Thursdays": what recurs, first."""
    first = _DAYS_THEN_WHAT.match(piece)
    what = first.group("what") if first else ""
    if not RECURS.search(what) or re.search(r"\b(?:i|we)\b", what, re.IGNORECASE):
        return piece  # "fridays early i swim": the speaker's own words, read as they are
    return f"{what} every {first.group('days')}{piece[first.end():]}" if first else piece
