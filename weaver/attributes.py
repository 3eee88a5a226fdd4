"""What the weaver knows about attributes: cardinality, default category and kind.

Single-valued attributes supersede (a person has one employer at a time); multi-valued
ones accumulate (a person likes many things). Unknown attributes are multi-valued, so an
unfamiliar fact never silently replaces another.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AttributeSpec:
    single: bool
    category: str
    kind: str
    # How the canonical sentence reads, with {subject} and {value}.
    sentence: str


_SPECS: dict[str, AttributeSpec] = {
    "name": AttributeSpec(True, "identity", "identity", "{subject}'s name is {value}."),
    "age": AttributeSpec(True, "identity", "identity", "{subject} is {value} years old."),
    "birthday": AttributeSpec(True, "identity", "identity", "{subject}'s birthday is {value}."),
    "hometown": AttributeSpec(True, "identity", "identity", "{subject} is from {value}."),
    "speaks": AttributeSpec(False, "languages", "fact", "{subject} speaks {value}."),
    "lives_in": AttributeSpec(True, "places", "fact", "{subject} lives in {value}."),
    "employer": AttributeSpec(True, "work", "fact", "{subject} works at {value}."),
    "job_title": AttributeSpec(True, "work", "fact", "{subject} works as {value}."),
    "studies_at": AttributeSpec(True, "education", "fact", "{subject} studies at {value}."),
    "learning": AttributeSpec(False, "education", "fact", "{subject} is learning {value}."),
    "likes": AttributeSpec(False, "preferences", "preference", "{subject} likes {value}."),
    "dislikes": AttributeSpec(False, "preferences", "preference", "{subject} dislikes {value}."),
    "hobby": AttributeSpec(False, "hobbies", "preference", "{subject} enjoys {value}."),
    "diet": AttributeSpec(True, "health", "fact", "{subject} is {value}."),
    "allergy": AttributeSpec(False, "health", "fact", "{subject} is allergic to {value}."),
    "habit": AttributeSpec(False, "habits", "fact", "{subject} {value}."),
    "pet": AttributeSpec(False, "pets", "fact", "{subject} has {value}."),
    "spouse": AttributeSpec(True, "family", "fact", "{subject}'s spouse is {value}."),
    "partner": AttributeSpec(True, "family", "fact", "{subject}'s partner is {value}."),
    "mother": AttributeSpec(True, "family", "fact", "{subject}'s mother is {value}."),
    "father": AttributeSpec(True, "family", "fact", "{subject}'s father is {value}."),
    "sibling": AttributeSpec(False, "family", "fact", "{subject} has {value}."),
    "child": AttributeSpec(False, "family", "fact", "{subject} has {value}."),
    "family": AttributeSpec(False, "family", "fact", "{subject} has {value}."),
    "note": AttributeSpec(False, "notes", "fact", "{value}"),
}

_FAVOURITE = AttributeSpec(True, "preferences", "preference", "{subject}'s favourite {thing} is {value}.")
_UNKNOWN = AttributeSpec(False, "general", "fact", "{subject}: {attribute} = {value}.")

# Asserting one of these ends the current fact of the other with the same value.
OPPOSITES: dict[str, str] = {"likes": "dislikes", "dislikes": "likes"}


def spec_for(attribute: str) -> AttributeSpec:
    if attribute in _SPECS:
        return _SPECS[attribute]
    if attribute.startswith("favourite_"):
        return _FAVOURITE
    return _UNKNOWN


def is_single_valued(attribute: str) -> bool:
    return spec_for(attribute).single


def canonical_sentence(subject: str, attribute: str, value: str) -> str:
    spec = spec_for(attribute)
    thing = attribute.removeprefix("favourite_").replace("_", " ")
    sentence = spec.sentence.format(subject=subject, value=value, thing=thing, attribute=attribute)
    return sentence[0].upper() + sentence[1:] if sentence else sentence


def known_attributes() -> list[str]:
    return sorted(_SPECS)
