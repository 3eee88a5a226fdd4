"""English: a hometown told in passing, the way chat tells it: "im nairobi born n raised",
"Halifax born and still here", "native of kochi", "native place Kochi", and "born and raised"
said after the town it speaks of ("nah, Leeds. born and raised").

A town before "born" (and "bred", "raised") is where one comes from; "and still here" or
"never left" says one lives there too. "Born and raised" with no town after it points back
at the town the turn named last before it, within the same few words, and is said in full
("Leeds. I was born and raised in Leeds") for the rules to read. "native of X" / "native
place X" name the hometown, not a home ("native place Kochi, working in Dubai").

Not read: someone else's birth ("my son was born and raised here", "Ama, born in May"), a
town named far before the words, a word that is no town ("first born", "new born").
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_en import known_place, last_place
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule, words

# Words that stand before "born" and name no town
_NOT_TOWNS = words("i i'm im is am was a an the my new first second last free still just both all we we're "
                   "were are")
_TOWN = r"(?P<v>[A-Za-z][\w'-]+(?:\s+[A-Za-z][\w'-]+)?)"
_SUBJECT = r"(?:(?:I'm|I\s+am|im|i'm|i\s+am|we're|we\s+are|were)\s+(?:both\s+|all\s+)?)"
_RAISED = r"(?:bred|raised|brought\s+up)"
_STILL_HERE = r"(?P<still>still\s+here|never\s+left|still\s+living\s+(?:here|there))"


def _town(said: str) -> str | None:
    tokens = said.split()
    while tokens and tokens[0].lower() in _NOT_TOWNS:
        tokens = tokens[1:]
    name = " ".join(tokens)
    if not name:
        return None
    return known_place(name) or (name if name[:1].isupper() and name.lower() not in _NOT_TOWNS else None)


def _born_here(m: re.Match[str]) -> list[Fact]:
    town = _town(m.group("v"))
    if not town:
        return []
    # "...and still here" is a home as well; "we're both galway born and bred" may live elsewhere
    home = [Fact("lives_in", town, Op.ASSERT, 0.75)] if m.group("still") else []
    return [Fact("hometown", town, Op.ASSERT, 0.75), *home]


def _native(m: re.Match[str]) -> list[Fact]:
    town = _town(m.group("v"))
    return [Fact("hometown", town, Op.ASSERT, 0.75)] if town else []


# Searched anywhere in a clause (``rules_en.MENTIONS``), as a piece of its own: at the clause's
# start or after a comma, the speaker as its subject or none ("i'm nairobi born n raised").
HOMETOWNS_IN_PASSING: tuple[Rule, ...] = (
    rule(r"(?:^|(?<=[,;]\s))" + _SUBJECT + r"?" + _TOWN
         + r"[\s-]+born\s+(?:and|n|&)\s+(?:" + _RAISED + r"(?:\s+(?:and|n|&)\s+)?)?" + _STILL_HERE + r"?"
         r"(?<!\s)(?=\s*(?:[,.!;]|$)|\s+(?:so|but|and|lol|tho|though|haha)\b)", _born_here),
    rule(r"(?:^|(?<=[,;]\s))" + _SUBJECT + r"?(?:a\s+)?native\s+(?:of|place(?:\s+is)?:?)\s+" + _TOWN
         + r"(?=\s*(?:[,.!;]|$))", _native),
)

# "Leeds. born and raised", "Hyderabad only, born and brought up here": the words at the start
# of a sentence or a piece, with no town of their own
_BORN_BACK = re.compile(r"(?:^|(?<=[,.;!]\s))(?:(?:and|proper|yes|yeah|ya)\s+)?born\s+(?:and|n|&)\s+"
                        r"(?:bred|raised|brought\s+up)(?P<here>\s+here)?(?=\s*(?:[,.;!]|$))", re.IGNORECASE)
# How near before the words the town must be named, in characters
_NEAR = 40


def born_here_in_full(text: str) -> str:
    """``text`` with "born and raised" said of the town named just before it: "nah, Leeds. born
    and raised" -> "nah, Leeds. I was born and raised in Leeds"."""
    out: list[str] = []
    last = 0
    for m in _BORN_BACK.finditer(text):
        before = text[max(0, m.start() - _NEAR): m.start()]
        town = last_place(before)
        if town and town.lower() not in _NOT_TOWNS:
            out.append(text[last: m.start()] + f"I was born and raised in {town}")
            last = m.end()
    out.append(text[last:])
    return "".join(out)
