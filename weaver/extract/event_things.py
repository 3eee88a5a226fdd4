"""Whether an English appointment's or routine's thing is a thing, not a piece of a clause.

The event readers take the words before a time as what happens then; in chat those words
are sometimes the rest of a sentence ("the pandit said 22 Nov", "nvm Dana moved it to
friday", "we've got the hall on saturdays"). A thing is a noun phrase: it has no subject
pronoun, no verb of saying or being in it, and is more than a lone filler word. What fails
is dropped, not served as an appointment called "pandit said" (the turn's doubts and
endings are read apart from it); a verb cut off after the thing is taken off it.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.events_en import IT
from vaultweave.weaver.extract.rules_text import words

_EVENT_ATTRIBUTES = frozenset(("appointment", "routine", "event"))
# "we're scattering him", "add that we're open": someone does something
_SUBJECT = re.compile(r"(?<![\w-])(?:i|we|you|he|she|they)(?:'(?:m|re|ve|ll|d|s))?(?![\w-])|\bnvm\b",
                      re.IGNORECASE)
# "BOM says storms", "hall is double", "flight now leaves": a verb where a noun belongs
_VERB = re.compile(
    r"\b(?:says|said|say|tells|told|reckons|thinks|is|are|was|were|lives|leaves|goes|went|"
    r"comes|came|wants|wanted|needs|needed|could|would|should|might|must|has|had)\b",
    re.IGNORECASE,
)
# "my committee meeting got (set: March 18)": the verb after the thing, cut off
_TRAILING_VERB = re.compile(r"\s+(?:got|gets|is|was|are|were|has|had)$", re.IGNORECASE)
# a lone word that names nothing: "one", "first", "obviously"
_FILLER = words(
    "one first obviously not thinking it that this there here something anything everything nothing stuff "
    "thing things too also so then now still back same"
)
# "gym on Mondays, Wednesdays and Fridays": the routine's days, after its thing
_DAYS_SAID = re.compile(r"\s+on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days\b.*$", re.IGNORECASE)
_LATIN_ONLY = re.compile(r"^[\x00-\x7f\u2019]+$")


def event_thing(attribute: str, value: str) -> str | None:
    """``value`` as an appointment's, routine's or event's thing, without a verb cut off
    after it ("committee meeting got" -> "committee meeting"), or None when it is no thing.
    Any other attribute's value, and any value not in plain Latin letters, is left as it
    is, to its own readers; so is "it", the appointment or routine the speaker told last."""
    if attribute in ("appointment", "event") and re.search(r"[\u4e00-\u9fff]", value):
        # "考CFA 报了个周末班": the thing ends at a space before a clause of its own
        return re.sub(r"(?<=\S)\s+(?=[^\s]*[\u4e00-\u9fff]{3}).*$", "", value)
    if attribute not in _EVENT_ATTRIBUTES or not value or not _LATIN_ONLY.match(value):
        return value
    if value == IT or value.startswith(IT + " "):
        return value  # "pushed it to thursday": speaker_memory knows which
    days = _DAYS_SAID.search(value)
    thing = value[: days.start()] if days else value
    thing = _TRAILING_VERB.sub("", thing.strip())
    if not thing or thing.casefold() in _FILLER or _SUBJECT.search(thing) or _VERB.search(thing):
        return None
    return thing + (days.group() if days else "")
