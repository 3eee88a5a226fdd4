"""The day a change happened, told in its turn but outside the clause that tells the change.

"Ryan and I are done, ended it mid january", "二月底从君合出来了 人现在在大理": the rules read
the change from one clause and its day from another, or the span reader finds the value
without the date phrase beside it. Left undated, the old value would end on the day the turn
was written, weeks after the event. The phrase of the sentence that names the value dates it;
a sentence without one leaves the turn's only past phrase, when the turn has exactly one.
A sentence that plans or supposes ("starting monday", "下周要搬") dates nothing: its day is
still to come, and the rules date starts themselves (``Fact.starts``). Nor does a sentence that
opens with a relative ("my sister moved last week"), or a bare day of the week told outside
the value's sentence ("sundays are for Sipho": a schedule's, more often than a change's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract import dates_en, dates_zh
from vaultweave.weaver.extract.normalise_en import PERSON
from vaultweave.weaver.extract.rules_zh_people import person

_CJK = re.compile(r"[\u4e00-\u9fff]")
_EN_AHEAD = re.compile(
    r"\b(?:will|'ll|gonna|going\s+to|start(?:s|ing)?|next|tomorrow|plan(?:s|ning)?|hop(?:e|ing)|might|"
    r"would|could|should|if|when|maybe|thinking|soon|until|till|by)\b|\?",
    re.IGNORECASE,
)
_EN_RELATIVE = re.compile(
    r"\W*(?:(?:so|and|but|also|oh|ok|well)\W+)?(?:my|our)\s+" + PERSON.replace("(?P<rel>", "(?:") + r"\b",
    re.IGNORECASE,
)
_WEEKDAY_ONLY = re.compile(
    r"^(?:on\s+|last\s+|this\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?\.?"
    r"(?:\s+(?:morning|afternoon|evening|night))?"
    r"(?:\s+at\s+.*)?$|^上?个?(?:周|星期|礼拜)[一二三四五六日天末]$",
    re.IGNORECASE,
)
_ZH_AHEAD = re.compile(
    r"打算|准备|计划|下个?(?:周|星期|礼拜|月)|明天|后天|明年|以后|如果|要是|[?？吗]|"
    r"(?:快|就|将|会|想|要)要?(?:搬|去|换|辞|离|开始|入职|报到)"
)


def told_when(sentences: Sequence[str], value: str, theirs: bool = False) -> str:
    """The past date phrase that dates ``value`` in a turn cut into ``sentences``, or "".
    ``theirs``: the value is someone else's, dated only by a sentence that names it."""
    own = [s for s in sentences if value and value.casefold() in s.casefold()]
    for sentence in own:
        phrase = _past_phrase(sentence) if theirs else _own_phrase(sentence)
        if phrase and not day_names_thing(value, phrase, sentence):
            return phrase
    if theirs or any(_ahead(s) for s in own):
        return ""
    phrases = {found for s in sentences if not _relatives(s)
               for found in [_past_phrase(s)] if found and not _WEEKDAY_ONLY.search(found)}
    return phrases.pop() if len(phrases) == 1 else ""


def day_names_thing(value: str, phrase: str, sentence: str) -> bool:
    """Whether the weekday ``phrase`` is part of the thing's name in ``sentence`` ("quiz tuesday is
    dead": no day of the ending)."""
    if not value or not _WEEKDAY_ONLY.search(phrase):
        return False
    said, named = phrase.casefold(), value.casefold()
    return f"{named} {said}" in sentence.casefold() or said in named.split()


def _own_phrase(sentence: str) -> str:
    """The past phrase of a sentence; in Chinese, of its first space-cut piece that tells one and
    is not a relative's ("我妹上个月搬到深圳了 我现在住在东莞": none)."""
    if not _CJK.search(sentence):
        return _past_phrase(sentence)
    if _ahead(sentence):
        return ""
    return next((found for piece in sentence.split() if not _relatives(piece)
                 for found in [_past_phrase(piece)] if found), "")


def _relatives(sentence: str) -> bool:
    """Whether ``sentence`` opens with a relative of the speaker ("my sister ...", "我妹...")."""
    if _CJK.search(sentence):
        return person(sentence.lstrip("，, "), None) is not None
    return bool(_EN_RELATIVE.match(sentence))


def _past_phrase(sentence: str) -> str:
    if _ahead(sentence):
        return ""
    if _CJK.search(sentence):
        return dates_zh.find_past(sentence)[0] or dates_zh.find_since(sentence)[0]
    return dates_en.find(sentence)


def _ahead(sentence: str) -> bool:
    return bool((_ZH_AHEAD if _CJK.search(sentence) else _EN_AHEAD).search(sentence))
