"""Moves by name: a class or an appointment moved to another time, named as the vault holds it.

"had to switch pilates to monday and wednesday mornings", "the review is postponed to next
thursday same time", "周五那节挪到周六上午了", "游泳只好改到周六下午": the turn names the thing
that moved by a word of it ("pilates", "review", "游泳") or by its old day ("周五那节"), and
tells the new time. Whether that thing is a routine (new days) or an appointment (a new
date) and what its full name is, only the vault knows: it may have been told weeks before,
in another session. So each such clause is handed on as a fact of ``MOVED``: its value is
the words before the move, its ``scheduled`` the new time as said, and the resolver
(``weaver.moving``) moves the current routine or appointment those words name.

Moves that are asked, weighed or supposed ("can we move it to friday?", "如果改到周六")
hand on nothing; a move of "it" is ``speaker_memory``'s, which knows what the
conversation told last.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from vaultweave.weaver.extract.base import MOVED, Op
from vaultweave.weaver.extract.doubt_cues import by_name_doubts
from vaultweave.weaver.extract.events_en import SAME_TIME
from vaultweave.weaver.extract.rules_text import Fact

# As sure as a cue: the resolver acts only on a value the words name.
MOVE_CONFIDENCE = 0.7

_EN_VERB = re.compile(
    r"\b(?:move[ds]?|moving|switch(?:ed|es)?|switching|shift(?:ed|s)?|shifting|change[ds]?|changing|push(?:ed)?|"
    r"postponed|rescheduled|bumped|put|brought|goes)(?:\s+(?!to\b|till?\b|until\b)[\w'-]+){0,3}?"
    r"(?:\s+(?:back|forward|up|over))?\s+(?:to|till|until|til)\s+(?:on\s+)?",
    re.IGNORECASE,
)
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
# The new time starts right after the verb: a day, a date, an hour ("to the 19th",
# "to next thursday", "to 26 June"); "moved to Leeds on friday" moved a person.
_EN_TIME = re.compile(
    r"(?:(?:the|next|this|every|a)\s+)*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|"
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS})|\d{{1,2}}(?:st|nd|rd|th)\b|\d{{1,2}}(?::\d\d)?\s*(?:am|pm)\b|"
    rf"\d{{1,2}}:\d\d|(?:{_MONTHS})[a-z]*\s+\d|tomorrow|tmrw|noon|morning|afternoon|evening|weekend)",
    re.IGNORECASE,
)
_EN_TIME_END = re.compile(
    r"[,;.!?]|\s[-–—]\s|\b(?:but|so|because|cos|coz|and\s+(?:i|we|it|the)|which|though)\b", re.IGNORECASE
)
_EN_NOT_TOLD = re.compile(
    r"\?|\b(?:if|might|maybe|could|can|should|would|wanna|want|wants|planning|thinking|hoping|hope|try|"
    r"trying|asked|asking|ask|whether|possibly|probably)\b",
    re.IGNORECASE,
)
_ZH_VERB = re.compile(r"(?:挪到|挪去|改到|改成|改为|改在|换到|换成|調到|调到|调成|调整到|推到|推迟到|"
                      r"推遲到|延到|延期到|延后到|提前到|移到)")
_ZH_TIME = re.compile(r"(?:了)?(?:每个?|下个?|这个?|這個?|本)?(?:周|週|星期|礼拜|禮拜|明天|后天|後天|今天|"
                      r"月底|月初|[0-9一二三四五六七八九十两]+(?:月|号|號|日|点|點)|上午|下午|晚上|早上)")
_ZH_TIME_END = re.compile(r"[，,。！!？?；;\s~～]|了(?![解])")
_ZH_NOT_TOLD = re.compile(r"[?？]|吗|如果|要是|假如|能不能|可不可以|可以吗|想|打算|要不要|或者|问问")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def for_the_vault(sentences: Sequence[str], read: Sequence[Fact]) -> list[Fact]:
    """What the turn names for the resolver to look up in the vault: doubts by name and moves."""
    return [*by_name_doubts(sentences, read), *moves_in(sentences)]


def moves_in(sentences: Sequence[str]) -> list[Fact]:
    """The moves ``sentences`` tell. One the rules read too ("choir has moved to thursdays")
    finds its routine already moved when the resolver comes to it, and moves nothing."""
    found: list[Fact] = []
    for sentence in sentences:
        found += _moves(sentence, _CHINESE if _CJK.search(sentence) else _ENGLISH)
    return found


@dataclass(frozen=True)
class _Telling:
    """How a language tells a move: its verbs, the time right after them, where that time
    ends, and the words that make the move asked, supposed or planned."""

    verb: re.Pattern[str]
    time: re.Pattern[str]
    time_end: re.Pattern[str]
    not_told: re.Pattern[str]


_ENGLISH = _Telling(_EN_VERB, _EN_TIME, _EN_TIME_END, _EN_NOT_TOLD)
_CHINESE = _Telling(_ZH_VERB, _ZH_TIME, _ZH_TIME_END, _ZH_NOT_TOLD)
_SAME_HOUR = re.compile(r"\bsame\s+(?:time|hour)\b", re.IGNORECASE)


def _moves(sentence: str, telling: _Telling) -> list[Fact]:
    found, start = [], 0
    for verb in telling.verb.finditer(sentence):
        before, after = sentence[start : verb.start()], sentence[verb.end() :]
        start = verb.end()
        clause = re.split(r"[，,。！!；;]", before)[-1] + verb.group()
        if not telling.time.match(after) or telling.not_told.search(clause):
            continue
        cut = telling.time_end.search(after, 1)
        told = (after[: cut.start()] if cut else after).removeprefix("了").strip()
        told += SAME_TIME if _SAME_HOUR.search(after) else ""
        words = (before + verb.group()).strip(" ,.，。")
        if words and told:
            found.append(Fact(MOVED, words, Op.ASSERT, MOVE_CONFIDENCE, scheduled=told))
    return found
