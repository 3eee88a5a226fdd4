"""The name of the speaker's own business, told in passing (mentions of ``rules_en``).

Owners name their business while asking for something else: "a flyer for my landscaping
biz, Tupou Yard Care", "my salon's name is 'Crownz & Kurlz'", "Salon is called Shiru's
Kinky Koils", "my brand is Ada.Made", "I run a small events company in Abuja, Eventide by
Halima". The name is where they work (``employer``). Only a kind of business ends the words
before the name, and the name must start with a capital (or be quoted) and be no town, day
or month (``businesses_en.business_name``, as for a business one runs): "my shop is called the
corner shop" names nothing, "my business is in Leeds" is where it is. Someone else's business
("her salon is called ...") is not the speaker's.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.businesses_en import business_name
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule

# Kinds of business one owns or runs, as chat says them
_KIND = (r"biz|business|company|firm|agency|studio|brand|label|shop|salon|store|stall|bakery|cafe|café|"
         r"restaurant|boutique|kiosk|takeaway|food\s+truck|barbershop|daycare|nursery|clinic|practice|"
         r"startup|start-up|side\s+hustle|online\s+shop")
# Said to be the name with a bare "is" only for these: "my local store is Tesco" is where one shops
_KIND_IS = r"biz|business|company|brand|label|startup|salon|bakery|boutique|side\s+hustle"
# The business's name: capitalised words (with "&", "by", "of", "and" between them), or anything quoted
_NAME = (r"(?:['\"‘“](?P<quoted>[^'\"’”]{2,40})['\"’”]"
         r"|(?P<org>[A-Z][\w&'.-]*(?:\s+(?:by|&|and|of|the|[A-Z][\w&'.-]*)){0,4}))")
# ("my favourite brand is Nike" is a liking)
_MINE = (r"(?:my|mi|our)\s+(?!(?:favou?rite|fave|fav|go-to|usual|least|dream)\b)"
         r"(?:own\s+|little\s+|small\s+|new\s+|lil\s+|family\s+)?(?:[\w'&-]+\s+){0,2}?")
# "my landscaping biz, Tupou Yard Care", "my salon's name is ...", "my brand is Ada.Made"
_NAMED_MINE = re.compile(
    rf"\b(?i:{_MINE})(?:(?i:{_KIND})(?:'s\s+name\s+is|\s+(?:is\s+)?(?:called|named)|\s+name\s+is|,)"
    rf"|(?i:{_KIND_IS})\s+is)\s+{_NAME}"
    r"(?=\s*(?:[,.!;:)(]|$|\s+(?:with|based|in|on|at|and|but|so|lol|haha)\b))"
)
# Where a sentence opens on the kind alone: "Salon is called Shiru's Kinky Koils", "Shop name is 'X'"
_NAMED_BARE = re.compile(
    rf"(?:^|(?<=[.!?]\s))(?i:the\s+)?(?i:{_KIND})(?:'s\s+name\s+is|\s+(?:is\s+)?(?:called|named)|\s+name\s+is)\s+"
    rf"{_NAME}(?=\s*(?:[,.!;:)(]|$|\s+(?:with|based|in|on|at|and|but|so|lol|haha)\b))"
)
# "I run a small events company in Abuja, Eventide by Halima": a kind ``businesses_en`` leaves out
_RUN_NAMED = re.compile(
    r"\bI\s+(?:run|own|started|founded|set\s+up)\s+(?:a|an|my|our)\s+(?:[\w'&-]+\s+){0,3}?"
    r"(?i:company|firm|agency|studio|brand|label|startup|business)"
    r"(?:\s+(?:in|at|on|near|out\s+of)\s+[^,.!?;]{1,30}?)?,\s+" + _NAME + r"(?=\s*(?:[,.!;(]|$))"
)


def _named(m: re.Match[str]) -> list[Fact]:
    org = business_name(m.group("quoted") or m.group("org") or "")
    return [Fact("employer", org, Op.ASSERT, 0.75)] if org else []


BUSINESS_NAMES: tuple[Rule, ...] = tuple(
    rule(pattern.pattern, _named) for pattern in (_NAMED_MINE, _NAMED_BARE, _RUN_NAMED)
)
