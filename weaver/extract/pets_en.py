"""English pets told by the speaker's possessive ("my cats Simba and Nala", "our kelpie Rusty")
and pets ended as chat tells it ("had to put Rip down today", "had to have Peggy put to sleep").

Each animal named is its own value ("a cat named Simba", "a cat named Nala"), so that one can
die or be rehomed while the other stays (``kin_values.pet_values``). A name typed in lower case
after the animal's kind is given its capitals first (``normalise_en``), and one told before is
capitalised by the speaker's memory, so these rules read names as names.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.normalise_en import PERSON
from vaultweave.weaver.extract.patterns_en import _HAVE, _LOWER_NAME, _PET_NAME, _SPECIES, _pet
from vaultweave.weaver.extract.rules_text import NAME, Build, Fact, Rule, clean_name, rule

_PET_WORD = r"(?:dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|horse|pup|boy|girl)"
_SUBJECT = r"(?:(?:I|we)\s+(?:had\s+to\s+|have\s+had\s+to\s+)?|(?:just\s+)?had\s+to\s+)"

_NAME_ALONE = r",\s+(?P<name>" + _PET_NAME + r")(?=\s*[,.!]|\s*$)"  # ", Dubu, 2 years old"

# Whole clauses, before the other pets of ``rules_en.RULES``: "I have a cat, Dubu, 2 years old"
PETS_TOLD: tuple[Rule, ...] = (
    rule(_HAVE + r"\s+(?:a|an|one)\s+(?:[a-z]+\s+){0,2}?" + _SPECIES + _NAME_ALONE, _pet(0.85)),
)

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
    # "it's just me and the dog now, Duke, an old black lab": the animal one lives with, by name
    rule(r"\bme\s+(?:and|n|&)\s+(?:the|my)\s+(?:[a-z]+\s+)?" + _SPECIES + r"(?:\s+now)?" + _NAME_ALONE,
         _pet(0.8)),
    # "Moka (my cat, she's 12) has the vet friday": the name, then whose and what it is
    rule(r"(?P<name>" + _PET_NAME + r")\s*\((?:my|our)\s+(?:[a-z]+\s+)?" + _SPECIES + r"\b", _pet(0.8)),
    # "no pets allowed so Nougat has gone to live with my aunt": rehomed (a person of that
    # name has no pet value to end)
    rule(r"\b(?P<name>" + NAME + r")\s+(?:has\s+|'s\s+)?(?:gone|went)\s+to\s+live\s+with\s+(?:my|our)\s",
         lambda m: [Fact("pet", m.group("name"), Op.RETRACT, 0.7)]),
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
    # "we took Pickles back to the shelter on thursday": a pet returned is no longer the speaker's
    rule(r"(?:(?:I|we)\s+)?(?:(?:had\s+to|have\s+had\s+to|finally)\s+)?(?:took|brought|returned|take|bring|return)"
         r"\s+(?:my\s+|our\s+)?(?:" + _PET_WORD + r"\s+)?(?P<name>" + NAME
         + r")\s+back\s+to\s+(?:the\s+)?(?:shelter|rescue|spca|rspca|breeder|pound)\b", _gone(0.8)),
)


# A pet told, then named: "we adopted a rescue greyhound!! his name is Biscuit", "got a cockapoo
# pup, the kids named her Nugget", "beagle mix, 5 years old, name's Murphy", "retired racer
# called Bolt" (never a person: "my mum called Tom", "someone named Dave").
_NOT_AN_ANIMAL = (r"(?:I|we|he|she|they|someone|somebody|guy|girl|woman|man|lady|bloke|person|then|just|also|"
                  r"later|who|that|which|and|so|" + PERSON.replace("?P<rel>", "?:") + ")")
_PET_NAMED_AFTER = re.compile(
    r"(?:^\W*|[,;.!]\s*|\b(?:and|so)\s+)(?:(?:his|her|its|their)\s+)?names?(?:'s|\s+is|\s+are)\s+"
    r"(?P<name>" + _PET_NAME + r")(?![\w-])"
    r"|\b(?:named|name)\s+(?:him|her|it|am)\s+(?P<name2>" + _PET_NAME + "|" + _LOWER_NAME + r")(?![\w-])"
    r"|\b(?:called|call)\s+(?:him|her|it|am)\s+(?P<name3>" + _PET_NAME + r")(?![\w-])"
    r"|\b(?!" + _NOT_AN_ANIMAL + r"\b)[a-z]+\s+(?:called|named)\s+(?P<name4>" + _PET_NAME + r")(?![\w-])"
)


def pets_named_in_turn(sentence: str, facts: list[Fact]) -> list[Fact]:
    """``facts`` (a turn's so far, this sentence's among them) with the last pet told without
    a name given the name ``sentence`` tells for it; unchanged when it names none."""
    said = _PET_NAMED_AFTER.search(sentence)
    unnamed = [k for k, f in enumerate(facts)
               if f.attribute == "pet" and f.op is Op.ASSERT and " named " not in f.value and not f.about]
    if not said or not unnamed:
        return facts
    at = unnamed[-1]
    name = next(n for n in said.groups() if n)
    value = pet_value_named(facts[at].value, name[:1].upper() + name[1:])
    if value is None:
        return facts
    # "beagle mix, name's Murphy": the animal's name, not the speaker's
    animal = said.group("name")
    kept = [f for f in facts if not (animal and f.attribute == "name" and f.value == animal)]
    at = kept.index(facts[at])
    if any(f.attribute == "pet" and f.op is Op.ASSERT and f.value == value for f in kept):
        return kept[:at] + kept[at + 1:]  # "a puppy!! a whippet called Olive": told once, named once
    return [*kept[:at], replace(kept[at], value=value), *kept[at + 1:]]


def pet_value_named(value: str, name: str) -> str | None:
    """ "a dog" named "Rex" -> "a dog named Rex" (the form the pet rules give)."""
    named = clean_name(name)
    return f"{value} named {named}" if named else None


def without_unnamed_pets(facts: list[Fact]) -> list[Fact]:
    """A turn that names its new pet ("a puppy!! a beagle called Pickle") keeps the named
    one: "a dog" beside "a dog named Pickle" is the same animal."""
    def kind(value: str) -> str:  # "a dog named Bo" and "two dogs" are dogs
        return value.split(" named ")[0].split()[-1].removesuffix("s") if value else ""

    named = {kind(f.value) for f in facts if f.attribute == "pet" and " named " in f.value}
    return [f for f in facts if not (f.attribute == "pet" and f.op is Op.ASSERT and not f.about
                                     and " named " not in f.value and kind(f.value) in named)]
