"""A new value told with a day still to come starts on that day.

"i am production manager, start from 1 april" (said on 25 March), "new job at Grab, start
date is 2 March", "4月20号起去昆明": the clause's day was read as the day the change happened,
and its past reading (last year's 1 April) put the new value a year back, before the old value
was last told, so the old one ended on the wrong day. A day whose past reading is most of a
year back while this year's is weeks ahead (``dates.ahead``), told right after a word of
starting ("start from", "starting", "start date is", "effective") or before one ("4月20号起",
"下月3号入职"), is the start to come, as is a weekday or a day of the month told after a word
of starting ("I start monday as an analytics engineer", said on a Friday; "starting with a
firm called Hanson & Sons on the 16th", said on the 3rd). A day told otherwise keeps its
reading: "on 16 May" beside a home may be a wedding's, not the home's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, tzinfo

from vaultweave.weaver.attributes import is_single_valued
from vaultweave.weaver.extract import dates
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact

_STARTING = r"start(?:s|ing)?|join(?:s|ing)?|begin(?:s|ning)?|commenc(?:e|es|ing)"
_EN_STARTING = re.compile(rf"\b(?:{_STARTING})\b", re.IGNORECASE)
# right before the day: "start from 1 april", "start date is 2 March", "effective 1 May"
_EN_TO_COME = re.compile(rf"\b(?:{_STARTING}|start\s+date(?:\s+is)?|from|effective|as\s+of)\W+"
                         r"(?:on\W+|from\W+|the\W+)*$", re.IGNORECASE)
_NEAR_DAY = re.compile(r"(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                       r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th))",
                       re.IGNORECASE)
_ZH_TO_COME = re.compile(r"^(?:号|日)?(?:起|开始|正式|就|要|去|会)*(?:入职|报到|上班|上岗|搬|去|起|开始)")


def starts_ahead(
    facts: Sequence[Fact], text: str, spoken_at: datetime, zone: tzinfo | None = None
) -> list[Fact]:
    """``facts`` with a new value dated by a day still to come read as starting on that day."""
    return [replace(f, when="", starts=f.when) if _told_ahead(f, text, spoken_at, zone) else f for f in facts]


def _told_ahead(fact: Fact, text: str, spoken_at: datetime, zone: tzinfo | None) -> bool:
    if fact.op is not Op.ASSERT or not fact.when or fact.starts or fact.scheduled:
        return False
    if fact.attribute in dates.OWN_TIMES or not is_single_valued(fact.attribute):
        return False
    at = text.casefold().find(fact.when.casefold())
    if at < 0:
        return False
    if re.search(r"[\u4e00-\u9fff]", fact.when):  # "4月20号起去昆明": a start told after its day
        after = text[at + len(fact.when):]
        return dates.ahead(fact.when, spoken_at, zone) and bool(_ZH_TO_COME.search(after))
    # "start from 1 april", "start date is 2 March"; "I start monday", "starting with a firm called
    # Hanson & Sons on the 16th": a weekday or a day of the month to come
    before = re.split(r"[.!?;\n]", text[:at])[-1]
    if _NEAR_DAY.fullmatch(fact.when) and _EN_STARTING.search(before):
        return True
    return dates.ahead(fact.when, spoken_at, zone) and bool(_EN_TO_COME.search(before))
