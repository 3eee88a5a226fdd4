"""A day put right just after an appointment was told: "(dentist thursday at 3.) no wait,
friday" moves the speaker's last appointment (``speaker_memory``) to the day said, its hour kept."""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.events_en import IT, SAME_TIME
from vaultweave.weaver.extract.rules_text import Fact


def corrected_day(clause: str) -> list[Fact]:
    """ "(dentist thursday at 3.) no wait, friday": the last appointment's day put right, its
    hour kept (speaker_memory); [] for any other clause."""
    corrected = _CORRECTED_DAY.match(clause.strip())
    said = corrected.group("d") if corrected else ""
    found = dates_en.find_span(said) if said else None
    if not found or found[0] != 0 or _SAID_OF_IT.search(said):
        return []  # "no, friday is fine": an answer about the day, not the day put right
    if re.match(r"\s*(?!instead\b)[a-z]{3,}", said[len(found[1]):], re.IGNORECASE):
        return []  # "no sunday shifts": a thing the day qualifies, not the day put right
    return [Fact("appointment", IT, Op.ASSERT, 0.75, scheduled=found[1] + SAME_TIME)]


_SAID_OF_IT = re.compile(r"\b(?:is|was|are|fine|good|ok|okay|works|better|then)\b", re.IGNORECASE)
_CORRECTED_DAY = re.compile(r"^(?:no\s+wait|wait\s+no|wait|no\s+sorry|sorry|no|correction|i\s+mean)[,!.:\s]+"
                            r"(?:it'?s\s+|make\s+(?:that|it)\s+)?(?:on\s+)?(?P<d>[^,.!?]{3,30}?)[.!]*$",
                            re.IGNORECASE)
