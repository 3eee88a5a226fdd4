"""The days of a week as English chat types them: "tuesdays", "tues n fri", "mon + wed",
"mon-fri" (a span: every day of it), "weekends"; read into weekday names and said back as a
routine's value ("swimming on Mondays and Fridays"). Pure; no state."""

from __future__ import annotations

import re
from collections.abc import Sequence

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WEEKEND = ("saturday", "sunday")
_DAY = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)"
# Short forms, read after "every" or in a list of days: "every wed night", "gym mon and thurs".
SHORT_DAY = r"(?:mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)\b"
ANY_DAY = rf"(?:{_DAY}s?|{SHORT_DAY})"
# joined as typed: "tues n fri", "mon + wed", "mon/thu", "mon-fri"
DAY_JOIN = r"(?:\s*(?:,|and|&|\+|/|-|to)?\s*|\s+n\s+)"
DAYS = rf"(?:{ANY_DAY}(?:{DAY_JOIN}{ANY_DAY})*)"
_DAY_SPAN = re.compile(rf"(?P<a>{SHORT_DAY[:-2]})[a-z]*\s*(?:-|to|thru|through)\s*(?P<b>{SHORT_DAY[:-2]})",
                       re.IGNORECASE)


def said_days(said: str) -> list[str]:
    """The weekdays a phrase names: "mon and weds" -> [monday, wednesday]; "mon-fri" and
    "monday to friday" name the days between too."""
    said = said.lower()
    span = _DAY_SPAN.search(said)
    if span:
        first, last = (next(k for k, d in enumerate(WEEKDAYS) if said[span.start(g):].startswith(d[:3]))
                       for g in ("a", "b"))
        said += " " + " ".join(WEEKDAYS[first:last + 1])
    return [d for d in WEEKDAYS if re.search(d[:3], said) or ("weekend" in said and d in WEEKEND)]


# Words a telling leaves after the activity, before its days: "aerobics is just on
# wednesdays", "gym only happens on fridays", "training's tuesday and thursday".
_SAID_AFTER = re.compile(
    r"(?:\s+(?:is|are|was|has|have|happens?|only|just|now|still|also|usually|always|then|and|or|on|every|"
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?)|'s)$",
    re.IGNORECASE,
)


def on_days(activity: str, days: Sequence[str]) -> str:
    """A routine's value: "swimming on Mondays and Fridays" (``days``: English weekday
    names in week order)."""
    while (trimmed := _SAID_AFTER.sub("", activity)) != activity and trimmed.strip():
        activity = trimmed
    spelled = [d.capitalize() + "s" for d in days]
    when = spelled[0] if len(spelled) == 1 else ", ".join(spelled[:-1]) + " and " + spelled[-1]
    return f"{activity} on {when}"


def weekdays(value: str) -> tuple[str, ...]:
    """The weekdays an English routine names: "spin on Tuesdays and Thursdays" -> (tuesday, thursday)."""
    weekend = re.search(r"\bweekends?\b", value, re.IGNORECASE)
    return tuple(
        d for d in WEEKDAYS if re.search(rf"\b{d}s?\b", value, re.IGNORECASE) or (weekend and d in WEEKEND)
    )


# a plural is a week's ("tuesdays", "weds"); "tues" and "thurs" are one day typed short
_PLURAL_DAY = re.compile(r"days\b|\b(?:mon|weds|fri|sat|sun)s\b", re.IGNORECASE)


def _weekly(said: str, days: Sequence[str]) -> bool:
    """Whether days said are a week's: more than one, or one said in the plural."""
    return len(days) > 1 or bool(_PLURAL_DAY.search(said))


# "quilting is going to tuesdays now", "practice moved to tues and thurs now": a routine's new
# days, told by a verb of moving. Said the way a routine's days are ("X is tuesday and thursday
# now") when the days are a week's: more than one, a plural, or "now" / "from now on".
_MOVED_TO_DAYS = re.compile(
    r"(?:\s+(?:is|are|has|have|got|gets|was|were)|'s)?(?:\s+been)?\s+(?:moved|moving|going|gone|switched|switching|changed|"
    rf"changing|shifted|shifting)\s+to\s+(?:on\s+)?(?P<days>{DAYS})(?P<now>\s+(?:now|from\s+now\s+on)\b)?",
    re.IGNORECASE,
)


def moved_to_days(clause: str) -> str:
    """``clause`` with a routine moved to new weekdays said as "X is <days> now"; unchanged when
    the days may be one day's ("the dentist moved to friday": an appointment rescheduled)."""
    found = _MOVED_TO_DAYS.search(clause)
    if not found:
        return clause
    days = said_days(found.group("days"))
    weekly = found.group("now") or _weekly(found.group("days"), days)
    if not days or not weekly or not clause[: found.start()].strip():
        return clause
    spelled = " and ".join(days) if len(days) > 1 else days[0] + "s"  # "tuesdays": one day of each week
    return f"{clause[: found.start()]} is {spelled} now{clause[found.end():]}"


# "just tuesdays now", "now the class is monday wednesday and friday", "now is only mondays": the
# routine told before, on its new days (``speaker_memory``). Only a week's days (more than
# one, or a plural) said as the whole of what changed: "free tuesdays now" is no routine.
_DAYS_NOW = re.compile(
    r"^(?:(?:so|but|and|ok|okay|yeah)\s+)*(?P<now1>now\s+|(?:from|starting)\s+(?:this|next)\s+week\s*,?\s*)?"
    r"(?:(?:it|the\s+(?:class|classes|lesson|lessons|practice|training|session|sessions))"
    r"(?:'s|\s+is|\s+are|\s+will\s+be|'ll\s+be)\s+|is\s+)?(?P<now2>now\s+)?(?P<only>(?:just|only)\s+)?"
    rf"(?P<days>{DAYS})(?P<only2>\s+only)?(?P<now3>\s+(?:now|instead|from\s+now\s+on))?\s*[.!]*$",
    re.IGNORECASE,
)


def days_now(piece: str) -> list[str]:
    """The weekdays a routine is on now, when ``piece`` says only that ("just tuesdays now")."""
    said = _DAYS_NOW.match(piece.strip())
    if not said or not any(said.group(g) for g in ("now1", "now2", "now3", "only", "only2")):
        return []
    days = said_days(said.group("days"))
    return days if _weekly(said.group("days"), days) else []
