"""A business one runs, told as people tell it (a rule of ``rules_en.RULES``).

"i run a small hair salon in Kilimani", "I own a little kimbap shop", "I run a sari-sari
store at home", "I have a roti shop in Arima": the job is owning it, said as "<business>
owner" ("hair salon owner"); "I manage a wine farm outside Paarl" is a "wine farm manager".
Only a kind of business ends the phrase, so "I run a tight ship", "I run a 10k" and "I have a
store credit" store nothing. Said of someone else ("my wife runs a bakery") the clause grammar
hands it back in the first person, so the same rule reads it as theirs.

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
# Had rather than run: only what is plainly a business ("I have a roti shop", never "a spot", "a bar")
_HAD = (r"shop|salon|store|stall|bakery|cafe|café|restaurant|boutique|kiosk|takeaway|diner|barbershop|"
        r"daycare|pharmacy|bookshop|bookstore|guesthouse|hostel|food\s+truck|canteen|eatery")
# A word of a kind of business, never one that goes on past it ("a chair at a salon")
_KIND_WORD = r"(?!(?:at|in|of|on|for|with|by|a|an|the|my|our|and|or)\b)[\w'&-]+"
# What one manages for someone: "I manage a wine farm outside Franschhoek" is a wine farm manager
_MANAGED = _HAD + (r"|farm|hotel|warehouse|branch|gym|clinic|sacco|lab|estate|site|depot|plant|factory|ward|"
                   r"pub|bar")
_RUNS = (r"I(?:\s+" + ADV + r"(?:run|own)\s+(?:a|an|my|our)\s+(?P<v>(?:[\w'&-]+\s+){0,3}?(?i:" + _BUSINESSES
         + r"))\b(?!\s+(?:idea|plan|account|page|sale|owner))|(?:'ve\s+got|\s+" + ADV + r"(?:have|got))\s+"
         r"(?:a|an|my\s+own|our\s+own)\s+(?P<had>(?:" + _KIND_WORD + r"\s+){0,3}?(?i:" + _HAD + r"))"
         r"(?=\s*(?:[,.!?;)]|$)|\s+(?:in|at|on|near|off|outside|called|named|and|so|but|that|which|where|here|"
         r"now)\b)|\s+" + ADV + r"manage\s+(?:a|an|the|our)\s+"
         r"(?P<managed>(?:" + _KIND_WORD + r"\s+){0,3}?(?i:" + _MANAGED
         + r"))(?=\s*(?:[,.!?;)]|$)|\s+(?:in|at|on|near|off|outside|called|named|and|so|but|for|here|now)\b))"
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
    said = m.group("v") or m.group("had") or m.group("managed")
    kind = [w for w in said.lower().split() if w not in _SIZE]
    if not kind:
        return []
    org = business_name(m.group("org") or "")
    named = [Fact("employer", org, Op.ASSERT, 0.75)] if org else []
    if kind[-1] in ("spot", "joint"):
        return named
    role = " manager" if m.group("managed") else " owner"
    # a shop one has may sit beside another trade ("a designer, I have a small shop"): it fills no title told
    return [Fact("job_title", " ".join(kind) + role, Op.ASSERT, 0.8, assumed=bool(m.group("had"))), *named]


BUSINESSES_RUN: tuple[Rule, ...] = (rule(_RUNS, _owner),)
