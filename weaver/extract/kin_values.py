"""Pets and relatives as values: a species or breed named once ("a puppy called Rex" and
"my dog Rex" give one value), a count in words ("two cats"), and the relative a word names
("my sis" -> a sister, "my wife Li" -> the spouse Li)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract.rules_text import clean_name

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_NUMBER_WORDS = ["", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_PET_SINGULAR = {"puppy": "dog", "puppies": "dog", "kitten": "cat", "kittens": "cat",
                 "bunny": "rabbit", "bunnies": "rabbit", "guinea pigs": "guinea pig",
                 "goldfish": "goldfish", "fish": "fish", "huskies": "dog", "husky": "dog"}
DOG_BREEDS = re.compile(r"(?:retriever|labrador|poodle|beagle|terrier|corgi|bulldog|dachshund|"
                         r"spaniel|collie|pug|greyhound|whippet|lurcher|labradoodle|cockapoo|cavapoo|schnauzer|"
                         r"shepherd|chihuahua|dalmatian|rottweiler|shih\s+tzu|pomeranian|husk(?:y|ie))s?$")
CAT_BREEDS = re.compile(r"(?:ragdoll|tabby|tabbie)s?$")
_INVARIANT = {"fish", "goldfish"}
# The kinds of animal people keep, as chat names them (a species or a breed), singular or plural.
PET_KINDS = (
    r"dogs?|cats?|pupp(?:y|ies)|kittens?|rabbits?|bunn(?:y|ies)|hamsters?|guinea\s+pigs?|"
    r"parrots?|budgies?|birds?|goldfish|fish|turtles?|tortoises?|snakes?|lizards?|geckos?|ferrets?|horses?|"
    r"chickens?|retrievers?|labradors?|poodles?|beagles?|terriers?|corgis?|huskies|husky|bulldogs?|"
    r"dachshunds?|spaniels?|collies?|pugs?|greyhounds?|whippets?|lurchers?|labradoodles?|cockapoos?|"
    r"cavapoos?|schnauzers?|shepherds?|chihuahuas?|dalmatians?|rottweilers?|shih\s+tzus?|pomeranians?|"
    r"ragdolls?|tabby|tabbies|kelpies?|staff(?:y|ies|ie)|labs?|pitbulls?|bearded\s+dragons?|parakeets?|"
    r"cockatiels?|hens|moggy|mutts?|pups?|jack\s+russells?"
)


def count_of(word: str | None) -> int:
    if not word:
        return 1
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)


def counted(count: int, noun: str, plural: str | None = None) -> str | None:
    """(1, "owl") -> "an owl"; (2, "cat") -> "two cats"."""
    if count == 1:
        return ("an " if noun[0] in "aeiou" else "a ") + noun
    if 1 < count < len(_NUMBER_WORDS):
        return f"{_NUMBER_WORDS[count]} {plural or (noun if noun in _INVARIANT else noun + 's')}"
    return None


def _named(value: str | None, names: Sequence[str]) -> str | None:
    cleaned = [n for n in (clean_name(n) for n in names) if n]
    if value is None or len(cleaned) != len(names):
        return None
    return f"{value} named {' and '.join(cleaned)}" if cleaned else value


def _pet_noun(word: str) -> str:
    noun = _PET_SINGULAR.get(word) or (word[:-1] if word.endswith("s") else word)
    return "dog" if DOG_BREEDS.match(noun) else "cat" if CAT_BREEDS.match(noun) else noun


def pet_value(n: str | None, species: str, names: Sequence[str]) -> str | None:
    """Normalised so "I have a puppy called Rex" and "my dog Rex" give one value."""
    word = " ".join(species.lower().split())
    count = count_of(n)
    if count == 1 and word.endswith("s") and word not in _PET_SINGULAR:
        return None  # "a lot of cats"
    return _named(counted(count, _pet_noun(word)), names)


def pet_values(n: str | None, species: str, names: Sequence[str]) -> list[str]:
    """One value per animal named: "two cats, Pickles and Dot" are a cat named Pickles and
    a cat named Dot, so that either can end alone; unnamed or one name, as ``pet_value``."""
    count = count_of(n)
    if len(names) < 2 or count not in (len(names), 1):
        value = pet_value(n, species, names)
        return [value] if value else []
    noun = _pet_noun(" ".join(species.lower().split()))
    each = [_named(counted(1, noun), [name]) for name in names]
    return [v for v in each if v] if all(each) else []


def _relatives() -> dict[str, tuple[str, str, str]]:
    """word -> (attribute, noun, plural); an empty noun means the value is the person's name."""
    table: dict[str, tuple[str, str, str]] = {}
    for attribute, noun, plural, spellings in (
        ("spouse", "", "", "wife husband spouse"),
        ("partner", "", "", "boyfriend girlfriend partner fiance fiancé fiancee fiancée"),
        ("mother", "", "", "mom mum mother mama"),
        ("father", "", "", "dad father papa"),
        ("sibling", "sister", "sisters", "sister sisters sis"),
        ("sibling", "brother", "brothers", "brother brothers bro"),
        ("sibling", "sibling", "siblings", "sibling siblings"),
        ("child", "son", "sons", "son sons"),
        ("child", "daughter", "daughters", "daughter daughters"),
        ("child", "kid", "kids", "kid kids"),
        ("child", "child", "children", "child children"),
    ):
        table.update(dict.fromkeys(spellings.split(), (attribute, noun, plural)))
    return table


_RELATIVES = _relatives()


def relative_value(n: str | None, rel: str, names: Sequence[str]) -> tuple[str, str] | None:
    """("two", "kids", []) -> ("child", "two kids"); (None, "wife", ["Li"]) -> ("spouse", "Li")."""
    word = re.sub(r"^(?:little|big|older|younger|baby|twin|elder|half[- ]|step)\s*", "", rel.lower())
    if word not in _RELATIVES:
        return None
    attribute, noun, plural = _RELATIVES[word]
    if not noun:  # spouse, partner, parents: the value is the name
        name = clean_name(names[0]) if len(names) == 1 else None
        return (attribute, name) if name else None
    value = _named(counted(count_of(n), noun, plural), names)
    return (attribute, value) if value else None
