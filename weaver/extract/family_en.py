"""The speaker's family told by name in passing: children one value each, with the ages told
beside them ("our two boys Kofi and Yaw", "2 kids, Ama 10 and Esi 7", "kids are 6 and 3,
Tariq and Lina", "my little girl Maisie", "Sol (he's 8) wants a dog"), and a relative named
before whose they are ("Bethan (my wife) is due in may").

A child named in a list is its own value, as each pet is (``kin_values.pet_values``), so the
son and the daughter told together are each found; "kids" and "twins" say no sex, so their
names are children. Ages pair with the names in the order told, only when the counts agree.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import NAME, Fact, Rule, clean_name, rule

_SEX = {"boys": "son", "sons": "son", "lads": "son", "girls": "daughter", "daughters": "daughter",
        "boy": "son", "lad": "son", "fella": "son", "girl": "daughter",
        **dict.fromkeys(("eldest", "oldest", "youngest"), "child")}
_AGE = r"\d{1,2}"
_AND = r"(?:\s*,\s*|\s+(?:and|&|n)\s+|\s*,\s*(?:and|&)\s+)"
_NAME_AGED = rf"{NAME}(?:\s+{_AGE}\b|\s*\({_AGE}\))?"  # "Ama 10", "Sofi (9)"
_NAMES = rf"(?P<names>{_NAME_AGED}(?:{_AND}{_NAME_AGED})+)"
_AGES = rf"{_AGE}(?:{_AND}{_AGE})+"
_COUNT = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4, "twin": 2}
_KIDS = r"(?P<rel>kids|children|boys|girls|sons|daughters|twins|lads)"
# Whose they are, or how many: "my kids", "our two boys", "twin boys", "2 kids,"; "the kids"
# alone may be anyone's.
_WHOSE = (r"(?:\b(?:my|our)\s+(?:(?P<n>two|three|four|2|3|4|twin)\s+)?|"
          r"(?:^|(?<=[,.;:]\s))(?P<n2>two|three|four|2|3|4|twin)\s+)"
          r"(?:(?:little|young|twin|teenage|grown)\s+)?")
_MINE = r"(?:my|our|ma|me|mi)"


def _children(attribute: str, names: list[str], ages: list[str]) -> list[Fact]:
    facts = [Fact(attribute, n, Op.ASSERT, 0.8) for n in names]
    if len(ages) == len(names):
        facts += [Fact("age", a, Op.ASSERT, 0.8, about=attribute, name=n)
                  for n, a in zip(names, ages, strict=True)]
    return facts


def _listed(m: re.Match[str]) -> list[Fact]:
    told = re.split(_AND, m.group("names"))
    names = [clean_name(re.sub(rf"\s+{_AGE}$|\s*\({_AGE}\)$", "", t)) or "" for t in told]
    if not all(names) or len(set(names)) != len(names):
        return []
    count = _COUNT.get((m.groupdict().get("n") or m.groupdict().get("n2") or "").lower())
    if count and count != len(names):
        return []
    ages = [a for t in told for a in re.findall(rf"\s\(?({_AGE})\)?$", t)]
    after = m.groupdict().get("ages") or m.groupdict().get("before") or ""
    if after and not ages:
        ages = re.findall(_AGE, after)
    if len(ages) == 1 and count == 2 and "twin" in m.group(0).lower():
        ages = ages * 2  # "twin boys Max and Leo, 9"
    return _children(_SEX.get(m.group("rel").lower(), "child"), names, ages)


def _one(m: re.Match[str]) -> list[Fact]:
    name = clean_name(m.group("name"))
    if not name:
        return []
    rel = m.group("rel") or m.group("rel2") or m.group("rel3")
    return _children(_SEX[rel.lower()], [name], [m.group("age")] if m.group("age") else [])


def _aged(m: re.Match[str]) -> list[Fact]:
    name = clean_name(m.group("name"))
    if not name:
        return []
    mine = [Fact("child", name, Op.ASSERT, 0.7)] if m.group("mine") else []  # "Rudo (my 8yo)"
    return [*mine, Fact("age", m.group("age"), Op.ASSERT, 0.75, name=name)]


_WHOSE_WORD = {"missus": "wife", "hubby": "husband",
               **dict.fromkeys(("youngest", "eldest", "oldest"), "child")}


def _whose(m: re.Match[str]) -> list[Fact]:
    name = clean_name(m.group("name"))
    rel = m.group("rel").lower()
    return [Fact(_WHOSE_WORD.get(rel, rel), name, Op.ASSERT, 0.8)] if name else []


_PARTNER_WORD = {"hubby": "husband", "missus": "wife",
                 **dict.fromkeys(("fiancé", "fiancée", "fiancee"), "fiance")}
# Someone else's in the clause before a word of one's own: "she lives with husband Tom" is hers,
# so is "Ana's home is in Leeds" ("that's", "It's" name nobody).
THEIRS_BEFORE = re.compile(r"\b(?i:he|she|they|his|her|their)\b|"
                           r"\b(?!(?:It|That|There|Here|What|Who|Where|Life|Everyone|Today)'s)[A-Z][a-z]+'s\b")


def _partner(m: re.Match[str]) -> list[Fact]:
    """ "wife Kylie reckons", "husband Karan eats chicken", "living in Surrey with wife Jaspreet":
    a partner told without "my", the speaker's unless someone else's was named before."""
    name = clean_name(m.group("name"))
    if not name or THEIRS_BEFORE.search(m.string[: m.start()]):
        return []
    rel = m.group("rel").lower()
    return [Fact(_PARTNER_WORD.get(rel, rel), name, Op.ASSERT, 0.75)]


def _kin(m: re.Match[str]) -> list[Fact]:
    name = clean_name(m.group("name"))
    return [Fact(m.group("rel").lower(), name, Op.ASSERT, 0.8)] if name else []


# Searched anywhere in a clause (``rules_en.MENTIONS``).
FAMILY_MENTIONED: tuple[Rule, ...] = (
    # "our two boys Kofi and Yaw", "2 kids, Ama 10 and Esi 7", "my kids are Ben and Lou, 9 and 6"
    rule(_WHOSE + _KIDS + r"(?:\s+are|\s*[,:]|\s+named|\s+called)?\s+" + _NAMES
         + rf"(?:\s*,\s*(?:aged\s+)?(?P<ages>{_AGES}|{_AGE})\b)?", _listed),
    # "kids are 6 and 3, Tariq and Lina": the ages first
    rule(r"(?:^|(?<=[,.;:]\s))(?:the\s+|my\s+|our\s+)?" + _KIDS + rf"\s+are\s+(?P<before>{_AGES})\s*,\s*"
         + _NAMES
         + r"(?=\s*(?:[,.;!?]|$|\s+(?:and|but|so|who)\b))", _listed),
    # "our kids are Isla and Finn, 8 and 5"
    rule(r"(?:^|(?<=[,.;:]\s))(?:the\s+)?" + _KIDS + r"\s+are\s+" + _NAMES
         + rf"(?:\s*,\s*(?P<ages>{_AGES})\b)?(?=\s*(?:[,.;!?]|$|\s+(?:and|but|so|who)\b))", _listed),
    # "my little girl Maisie", "our young fella Cal", "our eldest Tom is 10": a son or daughter
    # by chat's words; "my girl" alone may be a partner, so a girl is a little one
    rule(r"\b" + _MINE + r"\s+(?:(?:little|wee|lil|baby)\s+(?P<rel>boy|girl|lad)|"
         r"(?P<rel2>boy|lad|eldest|oldest|youngest)|young\s+(?P<rel3>fella))\s+(?P<name>" + NAME
         + r")(?:\s*,?\s+(?:is|he's|she's|who's)\s+(?P<age>" + _AGE + r")\b(?!\s*(?:am|pm|:|%)))?",
         _one),
    # "elder one Dev is in 10th std, small one Tara is 6": children told apart by their age
    rule(r"(?:^|(?<=[,.;:]\s)|(?<=\band\s))(?:the\s+|my\s+|our\s+)?(?:elder|older|eldest|younger|youngest|small|"
         r"little)\s+one\s+(?P<name>" + NAME + r")(?:\s+is\s+(?P<age>" + _AGE + r")\b(?!\s*(?:am|pm|:|%)))?",
         lambda m: _children("child", [n for n in [clean_name(m.group("name"))] if n],
                             [m.group("age")] if m.group("age") else [])),
    # "Sol (he's 8)", "Rudo (my 8yo)", "Ana (she is 7)": an age told aside
    rule(r"(?P<name>" + NAME + r")\s*\((?:he's|she's|he\s+is|she\s+is|(?P<mine>my|our))?\s*(?P<age>" + _AGE
         + r")\s*(?:yo|y/o|yrs?(?:\s+old)?|years?(?:\s+old)?|-year-old)?\s*\)", _aged),
    # "Bethan (my wife) is due", "Tess (our youngest) starts school": the name, then whose
    rule(r"(?P<name>" + NAME + r")\s*\((?:my|our|the)\s+(?P<rel>wife|husband|missus|hubby|son|daughter|"
         r"youngest|eldest|oldest)\)", _whose),
    # "wife Kylie reckons", "the wife Morag keeps sayin", "with hubby Marcus": no "my" in chat
    # ("gift ideas for the wife, Aisha" is "my wife Aisha" by then: normalise_en)
    rule(r"(?:^|(?<=[,.;:!]\s)|(?<=\bwith\s)|(?<=\band\s))(?:the\s+)?(?P<rel>(?i:wife|husband|hubby|missus|"
         r"boyfriend|girlfriend|fianc[eé]e?))\s+(?P<name>" + NAME + r")\b", _partner),
    # "mi daughter Shona", "me son Callum": "my" as many Englishes say it
    rule(r"\b(?:mi|me|ma)\s+(?P<rel>son|daughter|wife|husband)\s+(?P<name>" + NAME + ")", _kin),
)

