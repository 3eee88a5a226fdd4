"""English: a relative's home told by the town after them, "my mum in fort william", "my
parents back in jaipur", "staying with my mom in clovis", "my sister down in Bunbury", "I drive
to Pietermaritzburg to see my mother".

People place their family while saying something else ("my parents in mysore would kill me");
the town right after the relative is where that relative lives. It is read as assumed (it fills
an empty slot and never replaces a home the vault holds) and at a confidence below a home said
outright: a relative named with a town may be visited there, but still lives there.

A relative's name may come between ("my sister Ana in Leeds"): the home is hers, by name.

Not read: a town that is no known place and has no capital ("my sister in law"), a
relation that is no kin ("my friend in Leeds": too loose to say where they live).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.normalise_en import NOT_HOMES
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import Fact, words

# Below a home said outright, as a town named in passing (``towns_in_passing``)
KIN_HOME_CONFIDENCE = 0.6
# The relative as the rules name them (``grammar_en``): "mum" is the mother
_RELATION = {"mum": "mother", "mom": "mother", "mam": "mother", "mama": "mother", "ma": "mother",
             "mother": "mother", "dad": "father", "papa": "father", "father": "father",
             "sis": "sister", "sister": "sister", "bro": "brother", "brother": "brother",
             "parents": "parents", "folks": "parents", "grandma": "grandma", "gran": "grandma",
             "granny": "grandma", "nan": "grandma", "nana": "grandma", "grandmother": "grandmother",
             "grandpa": "grandpa", "grandfather": "grandfather", "son": "son", "daughter": "daughter",
             "aunt": "aunt", "auntie": "aunt", "aunty": "aunt", "uncle": "uncle", "cousin": "cousin",
             "grandparents": "grandparents"}
_KIN = "|".join(sorted(_RELATION, key=len, reverse=True))
# Capitalised words after "in" that are no town
_NOT_TOWNS = words("law christ heaven hospital jail prison school college uni university town the a an "
                   "my his her their our bed person arms particular general charge trouble love tears pain "
                   "shock class year grade form care rehab office work time mind spirit turn touch full kind")
# Words after a lower-case town that show it ends there ("my parents in mysore would kill me")
_AFTER_TOWN = words("is are was were would will could can has have had keeps keep says said thinks think "
                    "still too and but so lol haha already always never just wants want called calls")


def _town(said: str) -> str | None:
    """The longest run of the first words that names a known town ("fort william is" -> "Fort
    William"), or the capitalised words as typed ("Ngongotahā")."""
    tokens = said.split()
    for size in range(len(tokens), 0, -1):
        town = known_place(" ".join(tokens[:size]))
        if town:
            return town
    named = []
    for token in tokens:
        if not token[:1].isupper() or token.lower() in _NOT_TOWNS:
            break
        named.append(token)
    if named:
        return " ".join(named)
    # one word typed in lower case that the list does not know ("my parents in mysore would ...")
    said = tokens[0]
    alone = len(tokens) == 1 or not tokens[1][:1].isalpha() or tokens[1].lower() in _AFTER_TOWN
    if alone and len(said) >= 4 and said.isalpha() and said.lower() not in _NOT_TOWNS | NOT_HOMES:
        return said.title()
    return None


def _kin_home(m: re.Match[str]) -> list[Fact]:
    town = _town(m.group("v"))
    if not town:
        return []
    about = _RELATION[m.group("rel").lower()]
    name = m.groupdict().get("name") or ""
    return [Fact("lives_in", town, Op.ASSERT, KIN_HOME_CONFIDENCE, about=about, name=name, assumed=True)]


_KIN_IN = re.compile(
    r"(?i:(?:\b(?:my|our)\s+|^)(?:(?:little|big|older|younger|elder|baby)\s+)?)(?P<rel>(?i:" + _KIN + r"))"
    r"(?:\s+(?P<name>[A-Z][a-z]+(?:-[A-Z][a-z]+)?))?"  # "my cousin Kwabena in Tamale": theirs, by name
    r"(?:'s?)?\s+(?i:(?:(?:back|down|up|out|over)\s+)?(?:home\s+)?in)\s+"
    r"(?P<v>[^\W\d_][\w'-]+(?:\s+[^\W\d_][\w'-]+){0,2})"
)


# "I drive to Pietermaritzburg to see my mother": the town gone to to see a relative is theirs
_GONE_TO_SEE = re.compile(
    r"\b(?:drive|drove|driving|go|went|going|fly|flew|flying|head|headed|heading|travel\w*|take\s+the\s+\w+)\s+"
    r"(?:up\s+|down\s+|over\s+|back\s+)?to\s+(?P<v>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})\s+to\s+(?:see|visit)\s+"
    r"(?:my|our)\s+(?:(?:little|big|older|younger|elder|baby)\s+)?(?P<rel>(?i:" + _KIN + r"))\b"
)


def kin_homes(sentence: str) -> list[Fact]:
    """The homes of the relatives ``sentence`` names with a town right after them, or as the town
    gone to to see them."""
    return [fact for found in (_KIN_IN, _GONE_TO_SEE) for m in found.finditer(sentence)
            for fact in _kin_home(m)]
