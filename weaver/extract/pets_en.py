"""English pets told by the speaker's possessive ("my cats Simba and Nala", "our kelpie Rusty")
and pets ended as chat tells it ("had to put Rip down today", "had to have Peggy put to sleep").

Each animal named is its own value ("a cat named Simba", "a cat named Nala"), so that one can
die or be rehomed while the other stays (``kin_values.pet_values``). A name typed in lower case
after the animal's kind is given its capitals first (``normalise_en``), and one told before is
capitalised by the speaker's memory, so these rules read names as names.
"""

from __future__ import annotations

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.patterns_en import _PET_NAME, _SPECIES, _pet
from vaultweave.weaver.extract.rules_text import NAME, Build, Fact, Rule, rule

_PET_WORD = r"(?:dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|horse|pup|boy|girl)"
_SUBJECT = r"(?:(?:I|we)\s+(?:had\s+to\s+|have\s+had\s+to\s+)?|(?:just\s+)?had\s+to\s+)"

# Searched anywhere in a clause (``rules_en.MENTIONS``).
PETS_MENTIONED: tuple[Rule, ...] = (
    # "hi from me and my two cats", "with my partner and our two dogs"
    rule(r"\b(?:my|our)\s+(?P<n>two|three|four|five|six|\d)\s+(?:[a-z]+\s+)?" + _SPECIES
         + r"\b(?!\s+(?:is|are)\b)", _pet(0.75)),
    # "my cats Simba and Nala": a kind in the plural, then a name for each
    rule(r"\b(?:my|our)\s+(?:two\s+|2\s+)?(?:[a-z]+\s+)?" + _SPECIES + r"(?<=s)\s+(?P<name>" + _PET_NAME
         + r")\s+(?:and|&)\s+(?P<name2>" + _PET_NAME + ")", _pet(0.8)),
    rule(r"\b(?:my|our)\s+(?:[a-z]+\s+)?" + _SPECIES + r"(?:'s\s+name\s+is|\s+is\s+(?:named|called)|,)?\s+"
         r"(?P<name>" + _PET_NAME + ")", _pet(0.8)),
)


def _gone(conf: float) -> Build:
    return lambda m: [Fact("pet", m.group("name"), Op.RETRACT, conf)]


# Read as whole clauses among the endings (``rules_en.RETRACTIONS``): the subject may be left
# out after "had to", as chat does ("had to put Rip down today").
PETS_GONE: tuple[Rule, ...] = (
    rule(_SUBJECT + r"(?:have\s+|get\s+)?put\s+(?:my\s+|our\s+)?(?:" + _PET_WORD + r"\s+)?"
         r"(?P<name>" + NAME + r")\s+(?:down|to\s+sleep)", _gone(0.8)),
    # "had to have Peggy put to sleep on tuesday"
    rule(_SUBJECT + r"(?:have|get|got|had)\s+(?:my\s+|our\s+)?(?:" + _PET_WORD + r"\s+)?(?P<name>" + NAME
         + r")\s+put\s+(?:down|to\s+sleep)", _gone(0.8)),
)
