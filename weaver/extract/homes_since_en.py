"""English: a home told by how long one has been there, or by the place one moved into.

People rarely say "I live in X" after a move; they say how long they have been there ("two
weeks in Brissie now", "since last Saturday we've been in Gbagada", "I've been in Leeds since
March") or what they moved into ("moved in on the 1st, WG in Schwabing", "moved in with Josh
on the weekend, his place in Subiaco"). Each is said as the move it tells, for the rules to
read with its day: "I moved to Brisbane two weeks ago", "last Saturday we moved to Gbagada",
"I live in Schwabing".

The place must be a town the gazetteer knows or a capitalised name that names no kind of
place or person ("been in Hospital since" is no home); a question, a hypothetical, a stay that
is a visit ("been in Rome for the conference") and someone else moving in ("my sister moved in
with her boyfriend, his place in Leeds") are left as said.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vaultweave.weaver.extract.normalise_en import NOT_HOMES
from vaultweave.weaver.extract.places_en import known_place

_PLACE = r"(?P<place>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?|[a-z][a-z'-]{3,}(?:\s+[a-z][a-z'-]{3,})?)"
_WE = r"(?P<we>I've|Ive|I\s+have|we've|weve|we\s+have)"
_COUNT = r"(?P<n>\d{1,2}|a|one|two|three|four|five|six|a\s+couple\s+of|a\s+few)"
# "since last Saturday we've been in Gbagada": the day, then the stay
_SINCE_THEN_BEEN = re.compile(rf"\bsince\s+(?P<when>(?:last|the)\s+[\w ]{{2,20}}?|\w+),?\s+{_WE}\s+"
                              rf"(?:now\s+)?been\s+(?:living\s+)?in\s+{_PLACE}\b(?!\s+for\s+(?:the|a|work))")
# "I've been in Leeds since March", "we've been living in Ipoh since the 3rd"
_BEEN_SINCE = re.compile(rf"\b{_WE}\s+(?:now\s+|officially\s+)?been\s+(?:living\s+)?in\s+{_PLACE}\s+"
                         r"since\s+(?P<when>(?:last|the)\s+[\w ]{2,20}?|\w+)"
                         r"(?=$|[,.;!?)]|\s+(?:and|but|so)\b)")
# "two weeks in Brissie now", "a month in Leeds now"
_WEEKS_IN = re.compile(rf"\b{_COUNT}\s+(?P<unit>days?|weeks?|months?)\s+in\s+{_PLACE}\s+now\b")
# "moved in on the 1st, WG in Schwabing", "his place in Subiaco": the place moved into
_MOVED_IN = re.compile(r"\bmoved\s+in\b", re.IGNORECASE)
_INTO = re.compile(r"\b(?:(?:his|her|their|our|my|the|a|new)\s+)*"
                   rf"(?:WG|flat|place|house|apartment|room|flatshare|condo|studio|unit)\s+in\s+{_PLACE}\b")
_SOMEONE_ELSE = re.compile(r"\b(?:he|she|they|(?:my|our|his|her)\s+\w+|"
                           r"(?!(?:I|Just|Finally|Today|Yesterday|So|And|But|Ok|Okay|Well|We|Also|Then|Now)\b)"
                           r"[A-Z][a-z]+)\s+(?:just\s+|finally\s+)?$")
_MAYBE = re.compile(r"\b(?:if|would|might|maybe|could|thinking|hope|hoping|plan|planning)\b|\?")
_MONTHS = frozenset(("january", "february", "march", "april", "may", "june", "july", "august",
                     "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun",
                     "jul", "aug", "sep", "sept", "oct", "nov", "dec"))
_NUMBERS = {"a couple of": "two"}


def _town(said: str) -> str | None:
    known = known_place(said)
    if known:
        return known
    words = said.split()
    if said[:1].isupper() and not any(w.lower() in NOT_HOMES for w in words):
        return said
    return None


def _sentence_of(text: str, at: int) -> str:
    start = max(text.rfind(c, 0, at) for c in ".!?\n") + 1
    ends = [e for e in (text.find(c, at) for c in ".!?\n") if e >= 0]
    return text[start:min(ends) if ends else len(text)]


def _subject(m: re.Match[str]) -> str:
    return "we" if m.group("we").lower().startswith("we") else "I"


def _since_then_been(m: re.Match[str]) -> str:
    town = _town(m.group("place"))
    return f"{m.group('when')} {_subject(m)} moved to {town}" if town else m.group(0)


def _been_since(m: re.Match[str]) -> str:
    town = _town(m.group("place"))
    when = m.group("when")
    said = when if when.lower().startswith(("last", "the")) else (
        f"in {when}" if when.lower() in _MONTHS else f"on {when}")
    return f"{_subject(m)} moved to {town} {said}" if town else m.group(0)


def _weeks_in(m: re.Match[str]) -> str:
    town = _town(m.group("place"))
    count = _NUMBERS.get(" ".join(m.group("n").lower().split()), m.group("n"))
    return f"I moved to {town} {count} {m.group('unit')} ago" if town else m.group(0)


def _unless_maybe(said: Callable[[re.Match[str]], str]) -> Callable[[re.Match[str]], str]:
    """``said``, except in a sentence that wishes, weighs or asks ("if we've been in X since…")."""
    def sub(m: re.Match[str]) -> str:
        return m.group(0) if _MAYBE.search(_sentence_of(m.string, m.start())) else said(m)
    return sub


def homes_since_in_full(text: str) -> str:
    """``text`` with a home told by the time spent there or by the place moved into said as
    the move ("two weeks in Brissie now" -> "I moved to Brisbane two weeks ago")."""
    if not re.search(r"\bin\s", text):
        return text
    out = text
    said_as_moves = ((_SINCE_THEN_BEEN, _since_then_been), (_BEEN_SINCE, _been_since), (_WEEKS_IN, _weeks_in))
    for pattern, said in said_as_moves:
        out = pattern.sub(_unless_maybe(said), out)
    moved = _MOVED_IN.search(out)
    if moved and not _SOMEONE_ELSE.search(out[:moved.start()]):  # "my sister moved in with…": hers
        found = _INTO.search(out, moved.start())
        town = _town(found.group("place")) if found else None
        if found and town and not _MAYBE.search(_sentence_of(out, found.start())):
            out = f"{out[:found.end()]}. I live in {town}.{out[found.end():]}"
    return out


__all__ = ["homes_since_in_full"]
