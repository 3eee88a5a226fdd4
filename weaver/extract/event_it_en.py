"""English "it" for an event the turn just named, said in full before the turn is read.

"help me prepare for my US visa interview. its on march 18 by 8am" tells the interview's
day in a sentence of its own; read alone, "its on march 18" is no one's appointment. The
"it" is said as the event named last before it ("my US visa interview is on march 18 by
8am") when "it" opens a sentence and a day or an hour follows ("it's on the 3rd", "its at
9", "it's next friday"). Anything else of "it" ("it's on netflix", "it was great") is
left as said. Pure; no state.
"""

from __future__ import annotations

import re

# An event one goes to, named by its kind ("my US visa interview", "the driving test")
_EVENT = re.compile(
    r"\b(?:my|our|the)\s+(?P<v>(?:[\w'-]+\s+){0,3}?(?:interview|exam|test|surgery|operation|appointment|appt|"
    r"scan|hearing|defen[cs]e|check-?up|biometrics|audition|ceremony|graduation|recital|presentation|"
    r"consultation|procedure|viva|screening|fitting))\b",
    re.IGNORECASE,
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_WEEKDAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:[a-z]*day)?"
# "it" opening a sentence, then a day or an hour
_IT_WHEN = re.compile(
    r"(?P<lead>(?:^|[.!?]\s+|\n))(?:so\s+|and\s+)?(?:it's|its|it\s+is|it'll\s+be|it\s+will\s+be)"
    rf"(?=\s+(?:on\s+(?:the\s+)?(?:\d|{_MONTH}\b|{_WEEKDAY}\b)|at\s+\d|this\s+{_WEEKDAY}\b|next\s+(?:week|{_WEEKDAY})\b|"
    rf"tomorrow|tmr|tmrw|(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)\b|{_MONTH}\s+\d|{_WEEKDAY}\b))",
    re.IGNORECASE,
)


def it_said_in_full(text: str) -> str:
    """``text`` with "it" before a day said as the event named last before it."""
    out: list[str] = []
    last = 0
    for it in _IT_WHEN.finditer(text):
        named = list(_EVENT.finditer(text, last, it.start()))
        if named:
            out.append(f"{text[last : it.start()]}{it.group('lead')}my {named[-1].group('v')} is")
            last = it.end()
    out.append(text[last:])
    return "".join(out)
