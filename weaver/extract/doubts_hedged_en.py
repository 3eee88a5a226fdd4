"""English: an ending only weighed, which puts the value in doubt and ends nothing.

"might leave tcs if i get a good call", "not sure how long i'll last at dusty's", "might have
to move out of peckham", "we mightn't even stay in dublin", "might not be in croydon much
longer", "maybe I leave Karachi",
"not sure I'll keep the house in Saskatoon much longer"; or one spoken of as past ("lidl is
busier than aldi was", "back when i was at tcs"). The thing weighed, when named, says
which fact is in doubt (the home, the employer or the school it names); "might have to move"
names none and doubts the home. Nothing is ended on a doubt.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule

# The hedge, after anything else said first: "honestly might leave", "not sure how long
# i'll last", "dont know if i stay", "we mightn't even stay", "lowkey thinking about quitting".
_HEDGE = (
    r"(?:.*?\b)?(?:(?:I|we|i)\s+)?(?:(?:honestly|probably|prob|tbh|even|really)\s+)*(?i:"
    r"might(?:n'?t|\s+not)?|may(?:\s+not)?|maybe|perhaps|"
    r"(?:(?:I'm|I\s+am|im|i'm)\s+)?not\s+sure(?:\s+(?:if|whether|how\s+long))?|"
    r"(?:don't|dont|do\s+not)\s+know\s+(?:if|whether|how\s+long)|dunno\s+(?:if|whether|how\s+long)|"
    r"(?:lowkey\s+|seriously\s+)?thinking\s+(?:about|of))"
    r"(?:\s+(?:I|we|i)(?:'ll|\s+will|\s+can|\s+should|'d|'m|m|\s+am)?)?(?:\s+(?:even|still|really|actually))*\s+"
    r"(?:have\s+to\s+|(?:be\s+)?able\s+to\s+)?"
)
# Words after the thing weighed that are no part of it: "tcs if i get a good call", "tcs we had"
_AFTER = (r"(?:if|after|by|past|once|when|tbh|lol|much|for|or|and|but|so|anymore|either|ever|used|was|"
          r"were|is|we|i|I|they|it|he|she|you|had|has|there)")
# What is weighed, typed as it is: "tcs", "dusty's", "saskatoon"
_THING = (r"(?P<v>(?!(?:it|this|that|here|there|the|a|an|my|our|much|long|for|if|or|and|tonight|today|"
          r"tomorrow|bed|home|touch|time|now|soon|early|late|work)\b)[\w&'.-]+"
          r"(?:\s+(?!" + _AFTER + r"\b)[\w&'.-]+)?)")
_UNTIL = r"(?=$|\s*[,.!?;]|\s+" + _AFTER + r"\b)"


_PLACES_OF_ONES_LIFE = ("lives_in", "employer", "workplace", "studies_at")


def _weighed(m: re.Match[str]) -> list[Fact]:
    """The facts the thing weighed may name: a doubt with a value flags only a current value it
    names (resolve), so it is tried on each attribute a place of one's life may be; none named
    doubts the home."""
    value = (m.groupdict().get("v") or "").strip()
    if not value:
        return [Fact("lives_in", "", Op.DOUBT, 0.6)]
    place = known_place(value)  # "leeds": a town, so the home
    if place:
        return [Fact("lives_in", place, Op.DOUBT, 0.6)]
    return [Fact(attribute, value, Op.DOUBT, 0.6) for attribute in _PLACES_OF_ONES_LIFE]


HEDGED_DOUBTS: tuple[Rule, ...] = (
    # "might leave tcs", "thinking about quitting delta", "not sure how long i'll last at dusty's"
    # (a name quit is capitalised: "might quit sugar" weighs no job)
    rule(_HEDGE + r"(?:(?:leave|leaving)|(?:quit|quitting)(?=\s+[A-Z])|(?:last|stay|staying|stick\s+it\s+out|"
         r"be\s+still|still\s+be)\s+(?:at|in|with))\s+" + _THING + _UNTIL, _weighed),
    # "might quit after bonus season", "thinking of packing in flying", "not sure im going back to the
    # ship": the job weighed, named by none of its values
    rule(_HEDGE + r"(?:quit|quitting|resign|resigning|pack(?:ing)?\s+(?:it\s+)?in(?:\s+[a-z]+ing)?|"
         r"going\s+back\s+to\s+(?:the\s+)?(?:ship|job|office|site|rig|mines?))(?:\s+altogether)?" + _UNTIL,
         lambda m: [Fact("employer", "", Op.DOUBT, 0.6)]),
    # "might not be in croydon much longer", "not sure i'll be at deloitte much longer"
    rule(_HEDGE + r"(?:be|live|living|work|working)\s+(?:at|in|with|for)\s+" + _THING
         + r"\s+(?:for\s+)?(?:much|a\s+lot|any)\s+longer\b", _weighed),
    # "might have to move out of peckham", "might have to move", "not sure I'll keep the house in X"
    rule(_HEDGE + r"(?:move|moving)(?:\s+(?:out|away|house))?(?:\s+(?:of|from)\s+" + _THING + r")?"
         + _UNTIL, _weighed),
    rule(_HEDGE + r"keep\s+(?:the|my|our)\s+(?:house|flat|place|apartment)(?:\s+in\s+" + _THING + r")?"
         + _UNTIL, _weighed),
    # Said as past: "lidl is way busier than aldi was", "less red tape than eskom ever was", "back when
    # i was at tcs", "my old job at wipro" -- the value named may be over; only a current one is flagged
    rule(r"(?:.*?\b)?(?:than|unlike)\s+" + _THING + r"\s+(?:ever\s+|used\s+to\s+be\b|was\b)(?:was\b)?",
         _weighed),
    rule(r"(?:.*?\b)?(?:back\s+)?when\s+(?:I|i|we)\s+(?:was|were|worked|lived)\s+(?:at|with|in)\s+" + _THING
         + _UNTIL, _weighed),
    rule(r"(?:.*?\b)?(?:my|our)\s+(?:old|former|previous)\s+(?:job|place|flat|house|company|office|school|uni)"
         r"\s+(?:at|in|with)\s+" + _THING + _UNTIL, _weighed),
)
