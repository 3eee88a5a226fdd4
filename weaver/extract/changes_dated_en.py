"""A change told with its day in one sentence, and its new value in another.

Chat tells the event and the new state apart: "got promoted two weeks ago!!! senior analyst
now", "moved at last!! got the keys on the 9th, we're in hackney now", "been here 3 weeks now,
staying in leith". The clause that names the new value has no day of its own, so it was dated
by the turn, and the old value seemed to end when the news was told rather than when it
happened. ``dated_by_change`` gives such a value the day of the change told beside it. A day one
fact of the turn is told to start on ("monday i start at Brightpath as a course designer") is a
day to come for the title read beside it too, not last monday.

Only the speaker's own undated new values of the attribute the change is of (a promotion: the
title; a move or keys: the home; a start: the job), and only from a sentence that tells the
change of the speaker ("my sister moved last week" dates nothing of theirs or the speaker's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact

_SOMEONE_ELSE = re.compile(r"\b(?:my|our|his|her|their)\s+[a-z]+\s+(?:has\s+|just\s+)?(?:got|moved|started)\b"
                           r"|\b(?:he|she|they)(?:'s|\s+is|\s+has|\s+just)?\s+(?:got|moved|started|been)\b",
                           re.IGNORECASE)
_CHANGES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\b(?:got|been|was|just\s+got)\s+promoted\b", re.IGNORECASE), ("job_title",)),
    (re.compile(r"\b(?:moved|moving\s+day\s+was|got\s+(?:the|my|our)\s+keys|been\s+here)\b", re.IGNORECASE),
     ("lives_in",)),
    (re.compile(r"\b(?:start(?:ed)?\s+(?:at|with|w/?|as|there|work|(?:my|the)\s+new\s+(?:job|role))|got\s+hired)\b",
                re.IGNORECASE), ("employer", "job_title")),
)

_CHANGED = {attribute for _, attributes in _CHANGES for attribute in attributes}


def _days_of_changes(sentences: Sequence[str]) -> dict[str, str]:
    """The day each attribute's change is told on, by the first sentence that tells one."""
    days: dict[str, str] = {}
    for sentence in sentences:
        if _SOMEONE_ELSE.search(sentence):
            continue
        for cue, attributes in _CHANGES:
            said = cue.search(sentence)
            day = dates_en.find(sentence[said.end():]) if said else ""
            for attribute in attributes if day else ():
                days.setdefault(attribute, day)
    return days


def dated_by_change(facts: list[Fact], sentences: Sequence[str]) -> list[Fact]:
    """``facts`` with the speaker's undated new values dated by the change told beside them,
    and a day told as a start read as one for every fact it dates."""
    # "monday i start at Brightpath as a course designer": a day one fact of the turn starts
    # on is a start for every fact dated by it
    ahead = {f.starts for f in facts if f.starts}
    facts = [replace(f, when="", starts=f.when) if f.when in ahead and f.attribute in _CHANGED
             and f.op is Op.ASSERT and not f.starts else f for f in facts]
    days = _days_of_changes(sentences)
    if not days:
        return facts
    return [
        replace(f, when=days[f.attribute])
        if f.attribute in days and f.op is Op.ASSERT and f.value and not (f.about or f.name)
        and not (f.when or f.starts or f.scheduled) else f
        for f in facts
    ]
