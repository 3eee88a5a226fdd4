"""A pupil's or a student's year at their school, in English: where they study.

"in 2nd year at KNUST", "he's in class 3 at DPS", "third grade at Pershing Elementary",
"in her final year at Dalhousie": the year names no job and no home, only the school. Said
mostly of children and younger relatives, read as a whole clause (of the speaker's, or of
someone else's said as their own by ``someone_named_en`` and the grammar).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.patterns_en import _ORG
from vaultweave.weaver.extract.rules_text import Fact, Rule, clean_org, rule

_ORDINAL = r"(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|final|last)"
# "2nd year", "year 2", "class 3", "grade 12", "form 4", "p5", "std 8"
_YEAR = (rf"(?:{_ORDINAL}\s+(?:year|grade|form|standard|std|class)|"
         r"(?:class|grade|year|form|std|standard|primary|p|sec|secondary)\s*\d{1,2}|kindergarten|kinder|nursery|"
         r"pre-?k|preschool|reception)")


def _school(m: re.Match[str]) -> list[Fact]:
    school = clean_org(m.group("org"))
    return [Fact("studies_at", school, Op.ASSERT, 0.75)] if school else []


SCHOOL_YEARS: tuple[Rule, ...] = (
    rule(r"(?:I(?:'m|\s+am)\s+)?(?:(?:now|still|currently|already|just)\s+)?(?:in\s+)?(?:(?:my|his|her|their|the)\s+)?"
         + _YEAR + r"\s+(?:at|of)\s+" + _ORG, _school),
)
