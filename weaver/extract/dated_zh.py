"""When a Chinese change happened, told in a clause of its own.

People often say the change and its day apart: "升区域经理了！上周一宣布的" (a 是…的
frame after the change), "上周六终于搬完了，现在人在深圳龙华" (the day with a move whose
place comes after). The day dates the change either way, so what it ended is dated by
when it ended, not by when it was told; a dated ending of a job, a school or a home is first
the value it ends, held until that day (``held_until_ended``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract import dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_values import is_place

# The changes a day can date: where one lives, works and studies, and what one has.
_CHANGES = frozenset({"lives_in", "employer", "job_title", "school", "studies_at", "car", "partner"})
# "上周一宣布的", "3月16号入职的", "20号落地的": a 是…的 frame naming the day of what was just said
_FRAME = re.compile(r"^(?:是|就是|我是|都是)?[^，,]{0,12}?的[啦呀哈嘛啊呢]*$")
# A move or start told with its day but not its place ("上周六终于搬完了", "周一入职了"),
# and the attributes whose value the rest of the sentence then gives.
_DAY_OF = (
    # ("我下个礼拜六搬家呀，由沙田搬去将军澳": a move ahead needs no 了)
    (re.compile(r"搬(?:完|好|过去|过来|走|家)?(?:了|啦)|落地|到的|(?<=[一二三四五六日天末底初号])(?:就|要)?搬家"),
     ("lives_in",)),
    (re.compile(r"入职|报到|上岗"), ("employer", "job_title")),
)


def is_day_frame(clause: str) -> str:
    """The day a clause of only a 是…的 frame names ("上周一宣布的" -> "上周一"), else ""."""
    when, rest = dates_zh.find_past(re.split(r"[，,\s]", clause.strip("，,。！!～~ "))[0])
    return when if when and _FRAME.match(rest) else ""


def dated_by_frame(facts: list[Fact], frame: str) -> list[Fact]:
    """Undated changes, dated by the 是…的 frame told right after them, if it names a day."""
    when = is_day_frame(frame)
    if not when:
        return facts
    return [replace(f, when=when) if _undated_change(f) else f for f in facts]


def timed_after(facts: list[Fact], piece: str) -> list[Fact]:
    """An appointment told with its day but no hour, given the hour the piece after it opens
    with: "7月8号做白内障手术 早上八点就要到医院"."""
    hour = dates_zh.hour_of_booking(piece)
    if not hour:
        return facts
    return [replace(f, scheduled=f.scheduled + hour) if f.attribute == "appointment"
            and f.op is Op.ASSERT and f.scheduled and "点" not in f.scheduled else f for f in facts]


# A move told with the coming day it happens on: "月底从济南搬去烟台", "下礼拜六从沈阳搬大连去了",
# "5月1号要搬家了" (its place in the clause after). Only a day the calendar can name, never a wish.
_AHEAD = re.compile(
    r"^我?(?:们)?(?P<day>(?:这个?|本)?月底|下个?月(?:初|底|\d{1,2}号)|(?:这|本|下)个?(?:周|礼拜|星期)[一二三四五六日天末]|"
    r"\d{1,2}月\d{1,2}[号日])(?:就|要|得|准备)?(?=[^，,]{0,10}?搬)(?![^，,]*(?:想|打算|考虑|如果|要是|可能|不))"
)


def move_ahead(clause: str) -> tuple[str, str]:
    """The coming day of a move the clause tells, and the clause without it ("", clause when none)."""
    match = _AHEAD.match(clause)
    return (match.group("day"), "我" + clause[match.end():]) if match else ("", clause)


def day_told_before(clause: str) -> tuple[str, tuple[str, ...]] | None:
    """A clause telling a change's day without its value: the day and the attributes the
    clauses after it give ("上周六终于搬完了" -> ("上周六", ("lives_in",))), else None."""
    when = dates_zh.find_past(clause)[0] or move_ahead(clause)[0]
    if not when:
        return None
    return next(((when, attributes) for verb, attributes in _DAY_OF if verb.search(clause)), None)


def dated_after(facts: list[Fact], when: str, attributes: tuple[str, ...]) -> list[Fact]:
    """The clause after a day told alone: its undated changes of those attributes are of that day."""
    return [replace(f, when=when) if f.attribute in attributes and _undated_change(f) else f for f in facts]


def _undated_change(fact: Fact) -> bool:
    return (fact.attribute in _CHANGES and fact.op in (Op.ASSERT, Op.RETRACT)
            and not (fact.when or fact.starts or fact.scheduled))


# "到柏林一周多了", "来深圳半年了", "上来台北三年了", "来墨尔本打工度假三个月了", "来多伦多帮女儿带孩子
# 两年了": an arrival (and what one came for) told with how long ago is a home since then
# (find_since dates it); "到家两个小时了" is no place.
# "来槟城第一个礼拜", "来大阪当技能实习生第二年了", "搬来广州第三天": the how long told as an ordinal,
# and the work one came for named by 当
_ARRIVED = re.compile(r"^我?(?:已经|都|刚|才)?(?:搬|上|过)?(?:到|来)了?(?P<v>[\u4e00-\u9fff]{2,4}?)"
                      r"(?:帮[\u4e00-\u9fff]{1,4}?)?(?:打工度假|打工|工作|上班|读书|上学|留学|读研|读博|发展|生活|"
                      r"带孩子|带娃|陪读|当[\u4e00-\u9fff]{2,6}?)?(?:已经|都)?"
                      r"(?:(?:[一两三四五六七八九十半几\d]+个?多?(?:天|周|星期|礼拜|月|年))多?了"
                      r"|第[一二三四五六七八九十\d]+个?(?:天|周|星期|礼拜|月|年))")


def arrived(clause: str) -> list[Fact]:
    """The home an arrival with its time names ("到柏林一周多了" -> lives_in 柏林)."""
    match = _ARRIVED.match(clause)
    place = match.group("v") if match else ""
    return [Fact("lives_in", place, Op.ASSERT, 0.7)] if place and is_place(place) else []


# Attributes whose named ending ("从北外毕业了", "从华为离职了") says the value held until then.
_HELD_UNTIL = frozenset({"employer", "studies_at", "lives_in"})


def held_until_ended(facts: list[Fact]) -> list[Fact]:
    """A named, dated ending of a job, a school or a home ("2025年6月就从北外毕业了") is
    first the value it ends, held until that day, so it leaves history even when that value
    was never told before. Undated endings do not: their day would be the turn's, later
    than a dated change told after them."""
    out: list[Fact] = []
    for fact in facts:
        if fact.op is Op.RETRACT and fact.value and fact.when and fact.attribute in _HELD_UNTIL:
            out.append(replace(fact, op=Op.ASSERT, confidence=min(fact.confidence, 0.7), starts=""))
        out.append(fact)
    return out
