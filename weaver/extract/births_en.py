"""A birth, the speaker's or a relative's, told as chat tells it.

"I was born on 3 May 1991 in Kharkiv" gives the birthday and the hometown; "(our daughter Ama)
was born on Saturday" gives the birthday by a day near the turn, kept as ``BORN_ON`` until the
candidate is made (``rules._candidate``), where the day is resolved against the turn's time and
the birthday is that whole date, year and all.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact, clean_place

# A birth told by a day near the turn; ``BORN_ON`` stands for that day until it is resolved
BORN_ON = "born on"
_JUST_BORN = re.compile(r"(?:on\s+)?(?P<d>(?:last\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|"
                        r"last\s+night|this\s+morning|today|(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th))\b",
                        re.IGNORECASE)


def born(m: re.Match[str]) -> list[Fact]:
    """ "I was born on 3 May 1991 in Kharkiv" -> birthday 1991-05-03, hometown Kharkiv."""
    facts = []
    day = dates_en.birthday(m.group("v"))
    just_born = _JUST_BORN.match(m.group("v"))
    if day:
        facts.append(Fact("birthday", day, Op.ASSERT, 0.9))
    elif just_born:  # "(our daughter Ama) was born on Saturday": that very day
        facts.append(Fact("birthday", BORN_ON, Op.ASSERT, 0.85, when=just_born.group("d")))
    place = clean_place(m.group("place")) if m.group("place") else None
    if place:
        facts.append(Fact("hometown", place, Op.ASSERT, 0.75))
    return facts
