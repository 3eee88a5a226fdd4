"""Allergies told around the word, not in a fixed phrase: "shellfish, allergic", "i cant eat
shrimp, i am allergic", "nothing w shellfish tho (shrimp crab etc) im allergic", "I am
allergic for shellfish", "lactose intolerant", "got diagnosed with celiac".

The things people are allergic to are a small closed vocabulary, so a sentence of the
speaker's that says "allergic" (or "intolerant", "celiac") and names one of them states the
allergy, however it is worded. A question, a negation or someone else's allergy ("he also
has a dairy allergy") states none of the speaker's.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule

ALLERGY_CONFIDENCE = 0.75
_MAX_SENTENCE = 400

# What people are allergic or intolerant to, as they type it (the word is the value).
ALLERGENS = (
    "shellfish", "shrimp", "shrimps", "prawns", "prawn", "crab", "lobster", "fish", "peanuts", "peanut",
    "tree nuts", "nuts", "almonds", "cashews", "walnuts", "hazelnuts", "sesame", "soy", "soya", "eggs",
    "egg", "dairy", "milk", "lactose", "gluten", "wheat", "celery", "mustard", "kiwi", "strawberries",
    "cats", "cat", "dogs", "dog", "pollen", "dust", "penicillin", "bees", "bee stings", "wasps", "latex",
    "mushrooms", "garlic",
)
_ALLERGEN = re.compile(
    r"\b(?P<v>" + "|".join(sorted(map(re.escape, ALLERGENS), key=len, reverse=True)) + r")\b", re.IGNORECASE
)
# "allergies" alone is talk of allergies in general ("peanut allergies are so common")
_SAYS_ALLERGY = re.compile(r"\ballerg(?:ic|y)\b|\bmy\s+allergies\b|\bintoleran(?:t|ce)\b", re.IGNORECASE)
_COELIAC = re.compile(r"\b(?:celiac|coeliac)\b", re.IGNORECASE)
_SOMEONE_ELSE = re.compile(r"\b(?:he|she|they|his|her|their|my\s+\w+\s+(?:is|has|'s))\b|'s\s+allerg"
                           # "my mum allergic to shellfish", "jonas is allergic to shellfish"
                           r"|\bmy\s+\w+\s+(?:\w+\s+)?allergic\b|\b(?!(?:I|im|am|me)\b)\w+\s+(?:is|was)\s+"
                           r"(?:\w+\s+)?allergic\b",
                           re.IGNORECASE)
_IN_GENERAL = re.compile(r"\b(?:a|an)\s+\w+\s+allergy\s+(?:is|can|must)\b", re.IGNORECASE)
# a denial, a question, or what someone else thinks ("my coworker thinks i'm allergic to cats")
_NOT = re.compile(r"\b(?:not|no\s+longer|never|isn't|aren't|don't|wasn't|if|whether|thinks?|says?|said|"
                  r"reckons?|assumes?|believes?|maybe|might)\b|\?", re.IGNORECASE)


def allergies_in(sentence: str) -> list[Fact]:
    """The speaker's allergies a sentence states by naming the allergen beside the word."""
    # said without a subject ("shellfish, allergic", "lactose intolerant") it is the speaker's
    if len(sentence) > _MAX_SENTENCE or _NOT.search(sentence):
        return []
    if _SOMEONE_ELSE.search(sentence) or _IN_GENERAL.search(sentence):
        return []
    coeliac = _COELIAC.search(sentence)
    if coeliac:
        return [Fact("allergy", coeliac.group().lower(), Op.ASSERT, ALLERGY_CONFIDENCE)]
    said = _SAYS_ALLERGY.search(sentence)
    if not said:
        return []
    # the first one named: "nothing w shellfish tho (shrimp crab etc) im allergic" -> shellfish
    named = _ALLERGEN.search(sentence)
    return [Fact("allergy", named.group("v").lower(), Op.ASSERT, ALLERGY_CONFIDENCE)] if named else []


# "turns out I'm not allergic to prawns at all": an allergy taken back (``changes_en.ENDINGS``)
ALLERGY_TAKEN_BACK: tuple[Rule, ...] = (
    rule(r"(?:.*?\b)?I(?:'m|\s+am)\s+not\s+(?:actually\s+|even\s+)?allergic\s+to\s+(?:(?:the|any)\s+)?"
         r"(?!anything|nothing)(?P<v>[\w -]+?)(?:\s+(?:at\s+all|after\s+all|anymore|any\s+more))?$",
         lambda m: [Fact("allergy", m.group("v"), Op.RETRACT, 0.8)]),
)
