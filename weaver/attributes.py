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
    "studies": AttributeSpec(True, "education", "fact", "{subject} studies {value}."),
    "learning": AttributeSpec(False, "education", "fact", "{subject} is learning {value}."),
    "likes": AttributeSpec(False, "preferences", "preference", "{subject} likes {value}."),
    "dislikes": AttributeSpec(False, "preferences", "preference", "{subject} dislikes {value}."),
    "hobby": AttributeSpec(False, "hobbies", "preference", "{subject} enjoys {value}."),
    "diet": AttributeSpec(True, "health", "fact", "{subject} is {value}."),
    "allergy": AttributeSpec(False, "health", "fact", "{subject} is allergic to {value}."),
    "habit": AttributeSpec(False, "habits", "fact", "{subject} {value}."),
    "pet": AttributeSpec(False, "pets", "fact", "{subject} has {value}."),
    # One car at a time: "sold the Polo, got a Swift" ends the Polo even unsaid.
    "car": AttributeSpec(True, "general", "fact", "{subject}: car = {value}."),
    "spouse": AttributeSpec(True, "family", "fact", "{subject}'s spouse is {value}."),
    "partner": AttributeSpec(True, "family", "fact", "{subject}'s partner is {value}."),
    "mother": AttributeSpec(True, "family", "fact", "{subject}'s mother is {value}."),
    "father": AttributeSpec(True, "family", "fact", "{subject}'s father is {value}."),
    "sibling": AttributeSpec(False, "family", "fact", "{subject} has {value}."),
    "child": AttributeSpec(False, "family", "fact", "{subject} has {value}."),
    "family": AttributeSpec(False, "family", "fact", "{subject} has {value}."),
    "note": AttributeSpec(False, "notes", "fact", "{value}"),
    # A nickname sits beside the name and never replaces it.
    "alias": AttributeSpec(False, "identity", "identity", "{subject} is also called {value}."),
    # Keyed per thing: a new time for the same appointment replaces the old time.
    "appointment": AttributeSpec(False, "schedule", "event", "{subject} has an appointment: {value}."),
    "routine": AttributeSpec(False, "habits", "fact", "{subject} has a routine: {value}."),
}

# Relations to another person: the value is their name (or a description).
_SINGLE_RELATIONS = ("wife", "husband", "boyfriend", "girlfriend", "fiance", "fiancee", "boss")
_MULTI_FAMILY = ("sister", "brother", "daughter", "son", "grandmother", "grandfather",
                 "grandparent", "aunt", "uncle", "cousin", "niece", "nephew", "grandchild",
                 "grandson", "granddaughter")
_MULTI_PEOPLE = ("friend", "colleague", "coworker", "roommate", "flatmate", "neighbour",
                 "neighbor", "manager", "mentor", "classmate", "teammate", "ex")
for _rel in _SINGLE_RELATIONS:
    _SPECS[_rel] = AttributeSpec(
        True, "people" if _rel == "boss" else "family", "fact",
        "{subject}'s " + _rel + " is {value}.")
for _rel in _MULTI_FAMILY:
    _SPECS[_rel] = AttributeSpec(False, "family", "fact", "{subject} has a " + _rel + ", {value}.")
for _rel in _MULTI_PEOPLE:
    _SPECS[_rel] = AttributeSpec(False, "people", "fact", "{subject} knows {value} (" + _rel + ").")

# Attributes whose value names another person.
PERSON_ATTRIBUTES = frozenset(
    ("spouse", "partner", "mother", "father", *_SINGLE_RELATIONS, *_MULTI_FAMILY, *_MULTI_PEOPLE)
)

_FAVOURITE = AttributeSpec(True, "preferences", "preference", "{subject}'s favourite {thing} is {value}.")
_UNKNOWN = AttributeSpec(False, "general", "fact", "{subject}: {attribute} = {value}.")

# Asserting one of these ends the current fact of the other with the same value.
OPPOSITES: dict[str, str] = {"likes": "dislikes", "dislikes": "likes"}

# Attributes whose facts another attribute's fact can end (resolution looks at them too):
# ending "likes tea" also ends "favourite_drink green tea"; a new diet ends liked meat.
def _is_taste(attribute: str) -> bool:
    return attribute == "likes" or attribute.startswith("favourite_")


def reaches(attribute: str, other: str) -> bool:
    """Whether a fact of ``attribute`` may end a current fact of ``other`` (same subject)."""
    if other == attribute or OPPOSITES.get(attribute) == other:
        return True
    if attribute in ("likes", "dislikes") and other.startswith("favourite_"):
        return True  # "I don't like tea any more" / "I hate tea now" ends a favourite tea
    return attribute == "diet" and _is_taste(other)


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
