"""Where the speaker lives, said in passing anywhere in a clause (``rules_en.MENTIONS``).

People rarely say "I live in X" once they are talking of something else: "15 min from my
place in stellenbosch", "she can come to mine in partick", "ponsonby, where i live", "3
years in dubai now", "been in manc since i was 10". Each reading asks for the words that
make the town the speaker's home (my/our dwelling, "where I live", a stay counted up to
now), so "my old flat in Leeds", "a friend of mine in Berlin" and "I've been in London for
a conference" store nothing. ``towns_in_passing`` reads towns the gazetteer knows in frames
of everyday life (rent, traffic); these frames say "home" themselves, so a town it does not
know is read too ("Saint-Jean-Port-Joli, where we live"). Both only fill an empty slot.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.normalise_en import NOT_HOMES
from vaultweave.weaver.extract.patterns_en import _PLACE
from vaultweave.weaver.extract.rules_text import Fact, Rule, clean_place, rule

# A town typed in lower case where the words around it already say it is a home: "partick"
_LOWER_PLACE = r"(?P<low>[a-z][a-z'-]{3,})"


# A home still to come: "until our own flat in Bahria Town is ready", "once my place in X ..."
_NOT_YET = re.compile(r"\b(?:until|till|til|once|when|if|before|after|soon|hopefully)\s+(?:[\w']+\s+){0,3}$",
                      re.IGNORECASE)


def _home(m: re.Match[str]) -> list[Fact]:
    """The town, as a home told in passing: it fills an empty slot and never ends the home the
    vault holds ("8 yrs in london now" beside "my flat in peckham")."""
    low = m.groupdict().get("low")
    said = m.group("v") or low or ""
    if low and (set(said.split()) & NOT_HOMES or not re.match(r"\s*(?:[,.!?;:)]|$)", m.string[m.end():])):
        return []  # ("honestly, where i live it rains": a word of talk, no town)
    if _NOT_YET.search(m.string[: m.start()]):
        return []
    place = clean_place(said.title() if said.islower() else said)
    return [Fact("lives_in", place, Op.ASSERT, 0.65, assumed=True)] if place else []

_DWELLING = r"(?:place|flat|apartment|apt|house|condo|studio|unit|bedsit|townhouse|bungalow)"
# What may stand between "my" and the dwelling: never "old", "holiday" or "parents'".
_PLAIN = r"(?:(?:own|tiny|little|small|new|rented|shared|cosy|cozy|current)\s+)*"
_ENDS = (r"(?=$|\s*[,.!?;:)]|\s+(?:is|has|'s|was|and|so|but|now|too|which|where|though|tho|lol|after|later|"
         r"tonight|tomorrow|today|for)\b)")
_COUNT = r"(?:\d+|a\s+few|a\s+couple(?:\s+of)?|two|three|four|five|six|seven|eight|nine|ten|many)"
_SINCE = (r"(?:since\s+(?:I\s+was|(?:19|20)\d\d|uni|school|birth)|"
          rf"for\s+(?:over\s+|about\s+|like\s+)?{_COUNT}\s+(?:years?|yrs?|months?|decades?)|"
          r"for\s+(?:years|ages|decades|a\s+while\s+now))")

HOMES_SAID_IN_PASSING: tuple[Rule, ...] = (
    # "15 min from my place in stellenbosch", "our flat in amman is tiny"
    rule(rf"\b(?:my|our)\s+{_PLAIN}{_DWELLING}\s+(?:here\s+)?in\s+" + _PLACE + _ENDS,
         _home),
    # "come to mine in partick" (never "a friend of mine in Berlin")
    rule(r"(?<!\bof\s)\b(?:to|at|back\s+to)\s+mine\s+in\s+(?:" + _PLACE + "|" + _LOWER_PLACE + ")" + _ENDS,
         _home),
    # "ponsonby, where i live", "in Saint-Jean-Port-Joli where we live"
    rule(r"(?:" + _PLACE + r"|(?:^|(?<=\bin\s))" + _LOWER_PLACE + r")"
         r",?\s+(?:which\s+is\s+)?where\s+(?:I|we)\s+(?:live|stay|(?:'re|\s+are|'m|\s+am)\s+based)\b", _home),
    # "3 years in dubai now", "been in manchester since i was 10", "I've been living in Riga for ages"
    rule(rf"(?:^|(?<=[,.!;]\s))(?:almost\s+|nearly\s+|over\s+)?{_COUNT}\s+(?:years?|yrs?)\s+in\s+" + _PLACE
         + r"\s+now\b", _home),
    rule(r"(?:^|\bI(?:'ve|\s+have)\s+|(?<=[,.!;]\s))been\s+(?:living\s+)?in\s+" + _PLACE
         + rf"\s+(?:now\s+)?{_SINCE}", _home),
)
