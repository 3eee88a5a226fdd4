"""English: the speaker's car, named in passing by its year, make and model: "what tyre
pressure for a 2018 vw polo? mine is always low", "it's a 2014 honda civic, beat to hell",
"2012 ford fiesta, bit of a rust bucket tbh" (an answer to "what car?").

People rarely say "I drive X"; they name the car while asking about its tyres, its MOT or its
insurance. A model year before a known make (or a make and a model) is a car, and it is the
speaker's when the sentence says so ("my", "mine", "it's a", "I have"), or when the sentence
opens with the car, as an answer does. The car is said again as "I drive a <Make Model>", the
clause the rules read.

A car bought or driven told as a clause ("picked up a second hand Hilux", "I drive a 2019
Skoda Octavia") is read by ``CARS_BOUGHT``, among the clause rules.

Not read: a car wanted, weighed or asked about ("thinking of getting a 2020 rav4", "is a 2015
golf a good buy?"), someone else's ("my brother's 2010 corolla"), a car sold or gone (the
endings in ``changes_en`` read those).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.car_names_en import CAR, CAR_MAKE, CAR_MODEL
from vaultweave.weaver.extract.patterns_en import _I, _PAST
from vaultweave.weaver.extract.rules_text import Rule, clean_org, one, rule

_YEAR = r"(?:19[5-9]\d|20[0-3]\d)"
# "2014 honda civic", "2018 vw polo", "2012 ford fiesta", "2019 toyota": the year, the make, a model
_CAR = re.compile(
    rf"\b(?P<year>{_YEAR}\s+)?(?P<make>(?i:{CAR_MAKE}))(?:\s+(?P<model>{CAR_MODEL}|[A-Za-z]?\d[\w-]*|[A-Z][a-z]+))?"
    rf"\b|\b(?P<year2>{_YEAR})\s+(?P<model2>{CAR_MODEL})\b"
)
# The speaker's: "my", "mine", "it's a", "I have", "I drive"; "ma"/"mi" of Scots and Patois
_OWNED = re.compile(r"\b(?:my|mine|ma|mi|our|it(?:'s|\s+is|s)\s+an?|(?:I|i)\s+(?:have|drive|own)|"
                    r"driv(?:ing|in'?)\s+an?|"
                    r"(?:I|i)(?:'ve|\s+have)\s+got)\b", re.IGNORECASE)
# Wanted, weighed, someone else's, or gone
_NOT_OWNED = re.compile(r"\b(?:if|would|should|thinking|considering|want|wanna|getting|buy|buying|"
                        r"looking\s+at|test[- ]drive|rent(?:ed|ing)?|hire|sell|selling|sold|scrapped|traded|"
                        r"totall?ed|"
                        r"(?:my|our)\s+\w+'s|his|her|their)\b", re.IGNORECASE)
_ACRONYMS = {"vw": "VW", "bmw": "BMW", "mg": "MG", "byd": "BYD", "gmc": "GMC"}


def _spelled(said: str) -> str:
    kept = (w if w[:1].isupper() or any(c.isdigit() for c in w) else w.title() for w in said.split())
    return " ".join(_ACRONYMS.get(w.lower(), w) for w in kept)


def cars_said(sentence: str) -> list[str]:
    """The speaker's car named by year and make in ``sentence``, said as a clause: "I drive a
    Honda Civic"; nothing when the sentence does not make it the speaker's."""
    found = _CAR.search(sentence)
    # "traded the civic in yesterday, drivin a 2016 tacoma now": the clause of the car says whose
    piece = sentence[sentence.rfind(",", 0, found.start()) + 1:] if found else ""
    if not found or _NOT_OWNED.search(piece):
        return []
    year = found.group("year") or found.group("year2")
    make = found.group("make") or ""
    model = found.group("model") or found.group("model2") or ""
    if not year and not (make and found.group("model")):
        return []  # "honda" alone, or "civic" alone, is not surely a car
    opens = re.match(r"\W*(?:(?:a|an|the|it's\s+a|its\s+a)\s+)?$", sentence[: found.start()], re.IGNORECASE)
    if not (opens or _OWNED.search(sentence)):
        return []
    return [f"I drive a {_spelled(' '.join(w for w in (make, model) if w))}"]


# A car bought or driven, told as a clause (among ``rules_en.RULES``): "got a new Tesla Model 3",
# "picked up a second hand Hilux" (a model alone only when its age is told: "bought a polo" may be
# a shirt), "I drive a 2019 Skoda Octavia estate" (the make and model, capitalised).
CARS_BOUGHT: tuple[Rule, ...] = (
    rule(_PAST + r"(?:got|bought|picked\s+up|leased)\s+(?:myself\s+)?(?:a|an)\s+"
         r"(?:new\s+|(?P<aged>(?:(?:19|20)\d{2}|used|second[- ]?hand)\s+))*"
         r"(?P<v>" + CAR + "|" + CAR_MODEL + ")",  # the model alone only when aged
         lambda m: one("car", clean_org, 0.8)(m) if m.group("aged") or re.match(CAR, m.group("v")) else []),
    rule(r"(?:" + _I + r"drive|my\s+car\s+is|" + _PAST + r"(?:bought|got)\s+(?:myself\s+)?a\s+(?:new\s+|used"
                                                         r"\s+)?car,?)\s+(?:an?\s+)?(?:(?:19|"
         r"20)\d{2}\s+)?(?P<v>[A-Z][\w-]*(?:\s+(?:[A-Z0-9][\w-]*))*)",
         one("car", clean_org, 0.8)),
)
