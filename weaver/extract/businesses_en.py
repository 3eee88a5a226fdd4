"""A business one runs, told as people tell it (a rule of ``rules_en.RULES``).

"i run a small hair salon in Kilimani", "I own a little kimbap shop", "I run a sari-sari
store at home": the job is owning it, said as "<business> owner" ("hair salon owner"). Only
a kind of business ends the phrase, so "I run a tight ship" and "I run a 10k" store
nothing. Said of someone else ("my wife runs a bakery") the clause grammar hands it back in
the first person, so the same rule reads it as theirs.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import ADV, Fact, Rule, rule, words

# What one runs and owns; a stall or a shop, not an errand or a race.
_BUSINESSES = (
    r"shop|salon|store|stall|bakery|cafe|café|restaurant|bar|pub|boutique|kiosk|takeaway|diner|"
    r"barbershop|nursery|daycare|pharmacy|bookshop|bookstore|guesthouse|hostel|food\s+truck|canteen|"
    r"eatery|business"
)
# Words of size or of fondness before the kind, not part of it
_SIZE = words("small little likkle tiny wee lil smol family local")
_RUNS = (r"I\s+" + ADV + r"(?:run|own)\s+(?:a|an|my|our)\s+(?P<v>(?:[\w'&-]+\s+){0,3}?(?i:" + _BUSINESSES
         + r"))\b(?!\s+(?:idea|plan|account|page|sale|owner))")


def _owner(m: re.Match[str]) -> list[Fact]:
    kind = [w for w in m.group("v").lower().split() if w not in _SIZE]
    if not kind:
        return []
    return [Fact("job_title", " ".join(kind) + " owner", Op.ASSERT, 0.8)]


BUSINESSES_RUN: tuple[Rule, ...] = (rule(_RUNS, _owner),)
