"""English: a home pointed at rather than named after "live in": "ponsonby, where i live",
"any gyms round peckham? that's where i'm at", "a sparky in Mesa, we live here too".

People name their town for some other reason (a gym, a commute, their work) and then point
back at it. The pointing words are said in full, as the sentence the rules read: "I live in
Ponsonby". "Here" and "that's where" take the place the turn named last before them (a known
town, or a capitalised name after "in", "from" or "to", as "lives there" does in
``places_en``); a place before "where I live" is taken as typed when it is one word the
gazetteer does not know but no word of a state or a kind of place ("the area where I live").

Not read: a question ("is that where you live?"), someone else ("where my mum lives"), a
place one used to live ("where I used to live", "where I grew up": a home town, not a home).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.hometowns_en import born_here_in_full
from vaultweave.weaver.extract.normalise_en import NOT_HOMES
from vaultweave.weaver.extract.places_en import known_place, last_place, there_said_in_full
from vaultweave.weaver.extract.rules_text import words

_LIVE = r"(?:live|stay|(?:'m|\s+am)\s+(?:based|living|staying|at))"
_ONE_OF_US = r"(?:I|i|we)"
# "ponsonby, where i live", "drumcondra where I live": the place, then where one lives
_PLACE_WHERE = re.compile(
    r"(?<![\w'])(?P<place>[A-Za-z][\w'.-]*(?:\s+[A-Za-z][\w'.-]*){0,2}?),?\s+(?:which\s+is\s+)?where\s+"
    + _ONE_OF_US + r"(?:\s+(?:still|now|currently))?\s*" + _LIVE + r"\b(?!\s+(?:before|until)\b)(?!\s*\?)"
)
# "we live here too", "that's where i'm at": the place the turn named last
_POINTED = re.compile(
    r"\b(?:" + _ONE_OF_US + r"(?:\s+(?:also|still|now|both))?\s+(?:live|stay)\s+here"
    r"(?:\s+(?:too|now|as\s+well))?"
    r"|that(?:'s|\s+is|s)\s+where\s+" + _ONE_OF_US + r"\s*" + _LIVE + r"(?:\s+now)?)\b(?!\s*\?)"
)
# Words before "where I live" that are no town: a kind of place, a determiner, a time
_NOT_TOWNS = words(
    "area street road village estate suburb neighbourhood neighborhood part place house flat apartment "
    "building block side end bit spot region county state country city town one the a this that near "
    "around close right exactly just is was not"
)

_NOT_ONE_WORD_TOWNS = _NOT_TOWNS | NOT_HOMES


def _town(said: str) -> str | None:
    tokens = said.split()
    for start in range(len(tokens)):  # "gyms round ponsonby": the shortest tail that is a place
        tail = " ".join(tokens[start:])
        if known_place(tail):
            return known_place(tail)
    last = tokens[-1]
    if last[:1].isupper() and last.lower() not in _NOT_TOWNS:
        named = tokens[-2:] if len(tokens) > 1 and tokens[-2][:1].isupper() else [last]  # "Grey Lynn"
        return " ".join(named)
    if len(tokens) == 1 and len(last) >= 4 and last.isalpha() and last.lower() not in _NOT_ONE_WORD_TOWNS:
        return last.title()
    return None


def _place_where(m: re.Match[str]) -> str:
    town = _town(m.group("place"))
    return f"{m.group('place')}, I live in {town}" if town else m.group(0)


def _pointed(text: str) -> str:
    out: list[str] = []
    last = 0
    for m in _POINTED.finditer(text):
        town = last_place(text[: m.start()])
        if town:
            out.append(text[last : m.start()] + f"I live in {town}")
            last = m.end()
    out.append(text[last:])
    return "".join(out)


def pointed_at_in_full(text: str) -> str:
    """``text`` with a home pointed at said as the place: "ponsonby, where i live" ->
    "ponsonby, I live in Ponsonby"; "lives there" too (``places_en.there_said_in_full``), and
    a hometown pointed back at ("Leeds. born and raised": ``hometowns_en``)."""
    return born_here_in_full(there_said_in_full(_pointed(_PLACE_WHERE.sub(_place_where, text))))
