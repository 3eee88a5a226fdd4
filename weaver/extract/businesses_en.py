"""A business one runs, told as people tell it (a rule of ``rules_en.RULES``).

"i run a small hair salon in Kilimani", "I own a little kimbap shop", "I run a sari-sari
store at home": the job is owning it, said as "<business> owner" ("hair salon owner"). Only
a kind of business ends the phrase, so "I run a tight ship" and "I run a 10k" store
nothing. Said of someone else ("my wife runs a bakery") the clause grammar hands it back in
the first person, so the same rule reads it as theirs.

The business's own name, told after it ("a little cafe in brunswick called Yiayia's", "a small
boutique in Wuse 2, Abuja, Ngozi Couture", "my family's kbbq spot in ktown, Jangsu Galbi"), is
where one works: the last name in capitals before the clause ends, when it is no town, day or
month ("a bakery in Leeds, Yorkshire" names no business).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import ADV, Fact, Rule, clean_org, rule, words

# What one runs and owns; a stall or a shop, not an errand or a race.
_BUSINESSES = (
    r"shop|salon|store|stall|bakery|cafe|café|restaurant|bar|pub|boutique|kiosk|takeaway|diner|"
    r"barbershop|nursery|daycare|pharmacy|bookshop|bookstore|guesthouse|hostel|food\s+truck|canteen|"
    r"eatery|business|spot|joint"
)
# Kinds that name no trade of their own ("my family's kbbq spot"): the business's name is told,
# its owner's title is not guessed
# Words of size or of fondness before the kind, not part of it
_SIZE = words("small little likkle tiny wee lil smol family family's local own")
_RUNS = (r"I\s+" + ADV + r"(?:run|own)\s+(?:a|an|my|our)\s+(?P<v>(?:[\w'&-]+\s+){0,3}?(?i:" + _BUSINESSES
         + r"))\b(?!\s+(?:idea|plan|account|page|sale|owner))"
         # its name: after where it is and a comma, or after "called" ("..., Ngozi Couture")
         r"(?:(?:\s+(?:in|at|on|near|off)\s+[^,.!?;]{1,30}?)?(?:,\s+[A-Z][\w'-]*(?:\s+[\w'-]+)?)*"
         r"(?:,\s+|\s+(?:called|named)\s+)['\"‘“]?(?P<org>[A-Z][\w&'.-]*(?:\s+(?:by|&|and|of|[A-Z][\w&'.-]*)){0,3})"
         r"['\"’”]?(?=\s*(?:[,.!;)]|$)))?")
# Capitalised words that name no business
_NOT_NAMES = words("i monday tuesday wednesday thursday friday saturday sunday january february march april "
                   "may june july august september october november december the my our it this that")


def business_name(said: str) -> str | None:
    """``said`` as a business's name, or None for a town, a day, a month or a pronoun."""
    said = said.strip()
    if not said or known_place(said) or said.split()[0].lower() in _NOT_NAMES:
        return None
    return clean_org(said)


def _owner(m: re.Match[str]) -> list[Fact]:
    kind = [w for w in m.group("v").lower().split() if w not in _SIZE]
    if not kind:
        return []
    org = business_name(m.group("org") or "")
    named = [Fact("employer", org, Op.ASSERT, 0.75)] if org else []
    if kind[-1] in ("spot", "joint"):
        return named
    return [Fact("job_title", " ".join(kind) + " owner", Op.ASSERT, 0.8), *named]


BUSINESSES_RUN: tuple[Rule, ...] = (rule(_RUNS, _owner),)
