"""Appointments told thing first: what was booked, then when.

``rules_zh_people.appointment`` reads a time and then the thing ("这周五下午三点看牙医").
People as often name the thing and then the booking and its time:

- "产检约在4月18号早上八点半", "婚礼定在5月20号", "开刀排在2月10号下午两点",
  "科目二约到2月27号早上8点了": the thing, a verb of booking (约, 定, 排, 订, 预约, 安排) and
  the time, in one clause (``booked``); "下次约在6月15号" is the thing named before it; so is
  "面试是5月9号上午十点", the thing and its time;
- "把婚纱照订好了，3月8号下午两点", "约的华西，2月26号上午九点半", "答辩通知来了，5月20号下午两点":
  the booking or its news, then the time alone in the next clause (``told_after``), the thing
  named in it or before it;
- "要去JPJ renew，约了礼拜五早上十点": a booking of a time, the errand named just before;
- "下礼拜二下午三点，约了福州客户来店里谈合作": a time alone, then whom one meets; "10月20号下午
  两点半，字节三面": a time alone, then the thing.

A booking not made ("还没定", "想约在…", "可能排在…") or asked about is none.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import EDGES, Fact
from vaultweave.weaver.extract.rules_zh_people import EVENTS

_BOOK = r"(?:预约|约|定|排|订|安排)"
_ADVERBS = r"(?:也|就|已经|终于|总算|都|刚|又)*"
# What is told by its kind: a ceremony, a meeting, an exam, an operation, a show
_KIND = re.compile(r"(?:礼|典礼|仪式|宴|聚会|会|赛|考试?|手术|开刀|开业|答辩|旅行|演出|展|讲座|培训|约会|"
                   r"试穿|試穿|试纱|试妆|试菜|拍摄|旅拍|相亲|面签)$")
_NOT_THING = re.compile(r"^(?:时间|日子|下次|这次|上次|那次|下一次|第二次|补考)$")
_UNMADE = re.compile(r"没|不|想|要不|打算|准备|可能|也许|大概|如果|要是|应该|能不能|会不会|看看|商量")
_THING_FIRST = re.compile(
    rf"^(?:我的?|我们的?|把)?(?P<what>[^，,]{{1,10}}?)(?:我|我们)?{_ADVERBS}{_BOOK}(?:好了?(?:在|到)?|了|在|到|成|的是|的)"
    rf"(?P<when>{dates_zh.SCHEDULE.pattern})"
)
# "面试是5月9号上午十点", "手术时间是下周三上午": the thing, then its time
_THING_IS = re.compile(
    rf"^(?:我的?|我们的?)?(?P<what>[^，,是]{{1,10}}?)的?(?:时间)?(?:就|也|定的)?是(?P<when>{dates_zh.SCHEDULE.pattern})"
)
_BOOKED_TIME = re.compile(
    rf"^(?:我)?{_ADVERBS}(?:{_BOOK}(?:了|的|好了?)|预约了)(?:在)?(?P<when>{dates_zh.SCHEDULE.pattern})(?:了)?$"
)
_BOOKED = re.compile(
    rf"^(?:我)?{_ADVERBS}(?:把)?(?P<what>[^，,]{{0,10}}?){_ADVERBS}{_BOOK}(?:好|到|上)?了?(?:的)?(?P<where>[^，,]{{0,8}})$"
)
# "答辩通知来了，5月20号下午两点", "期中考试时间出来了": the day told next is the thing's
_ANNOUNCED = re.compile(r"^(?:我的?)?(?P<what>[^，,]{1,10}?)的?(?:通知|时间|日子|安排)?(?:也|终于|总算|刚)?"
                        r"(?:来了|下来了|出来了|定了|定下来了|确定了)$")
_MEETING = re.compile(r"^(?:我)?(?:约了|约好了?|约的是)(?P<who>[^，,]{2,8}?)(?:来|去|到|在|谈|吃|见面|碰头)")
_LEAD = re.compile(r"^(?:还有|另外|然后|再就是)?(?:我)?(?:要|得|需要)?(?:去)?")
# A thing told with its move ("婚礼提前了"): the thing alone
_MOVED = re.compile(r"(?<=..)(?:提前|推迟|延期|改期|往前挪|往后挪)了?$")


def _thing(what: str, context: str) -> str:
    """The thing booked: as named, else the last one named before it in the sentence."""
    what = re.sub(r"^(?:驾照|驾考|那个|这个)(?=..)", "", what.strip(EDGES))
    what = re.sub(r"(?<=..)(?:的)?(?:场地|地方|酒店|餐厅|包间|位子|座位|票)$", "", what)  # 年会场地: the 年会
    if what and not _NOT_THING.match(what) and (EVENTS.search(what) or _KIND.search(what)):
        return what
    named = [_MOVED.sub("", n) for n in EVENTS.findall(context)]
    return named[-1] if named and (not what or _NOT_THING.match(what)) else ""


def _scheduled(when: str, after: str) -> str:
    """The day and, when the clock is told in the piece after it, the hour ("3月8号", "下午两点")."""
    if "点" not in when:
        clock = dates_zh.SCHEDULE.match(after.lstrip("，, "))
        when += dates_zh.clock_of(clock.group()) if clock and clock.group() else ""
    return when


def _appointment(what: str, when: str) -> list[Fact]:
    if not what or not when or len(what) > 20 or not re.search(r"周|星期|礼拜|天|晚|早|点|号|日", when):
        return []
    return [Fact("appointment", re.sub(r"[了啦呢吧]+$", "", what), Op.ASSERT, 0.75, scheduled=when)]


def booked(text: str, context: str) -> list[Fact]:
    """A booking told in one clause, thing first ("产检约在4月18号早上八点半"), or a booked
    time after the errand ("要去JPJ renew，约了礼拜五早上十点")."""
    pieces = text.split("，")
    for at, piece in enumerate(pieces):
        before = "，".join([context, *pieces[:at]])
        if _UNMADE.search(piece):
            continue
        match = _THING_FIRST.match(piece) or _THING_IS.match(piece)
        if match and re.fullmatch(_ADVERBS, match.group("what")):  # "已经定了5月18号": the thing told before
            match = None
        if match:
            when = _scheduled(match.group("when"), piece[match.end():] + "，".join(["", *pieces[at + 1:]]))
            return _appointment(_thing(match.group("what"), before), when)
        match = _BOOKED_TIME.match(piece)
        if match:  # "约了礼拜五早上十点": the errand told just before
            errand = _LEAD.sub("", before.rsplit("，", 1)[-1]).strip(EDGES)
            errand = re.sub(r"(?:要|得|需要)去(?=..)", "", errand, count=1)  # 社保要去办个转移: 社保办个转移
            errand = _MOVED.sub("", errand)  # "婚礼提前了，已经定了5月18号": the 婚礼
            named = errand if re.fullmatch(r"[\u4e00-\u9fffA-Za-z ]{2,16}", errand) else ""
            what = _thing("", before) or named
            return _appointment(what, _scheduled(match.group("when"), "，".join(["", *pieces[at + 1:]])))
        meeting = _MEETING.match(piece)
        if at and meeting and _bare_time(pieces[at - 1]):  # "下礼拜二下午三点，约了福州客户来店里"
            return _appointment(meeting.group("who"), pieces[at - 1])
    return []


def _bare_time(piece: str) -> bool:
    """A piece that is a time and nothing else ("下礼拜二下午三点")."""
    when = dates_zh.SCHEDULE.match(piece.strip(EDGES))
    return bool(when and when.group() and len(when.group()) >= len(piece.strip(EDGES)) - 1)


def told_after(head: str, previous: str, context: str) -> list[Fact]:
    """A booking, then its time alone ("把婚纱照订好了，3月8号下午两点"); a time alone, then whom
    one meets ("下礼拜二下午三点，约了福州客户来店里谈合作")."""
    previous = previous.split("，")[-1]
    if _UNMADE.search(previous) or _UNMADE.search(head):
        return []
    if _bare_time(head):
        booking = _BOOKED.match(previous) or _ANNOUNCED.match(previous)
        if booking is None:
            return []
        return _appointment(_thing(booking.group("what"), context), head.strip(EDGES))
    meeting = _MEETING.match(head)
    if not _bare_time(previous):
        return []
    if meeting is not None:
        return _appointment(meeting.group("who"), previous.strip(EDGES))
    # "10月20号下午两点半，字节三面": a day and an hour alone, then the thing, short, on its own (never
    # a time gone by or a thing done: "上周五下午两点 面试挂了")
    thing = _LEAD.sub("", head.strip(EDGES))
    done = re.match(r"上|昨|前天|前几天|去年|刚才", previous.strip(EDGES)) or re.search(r"了|过", thing)
    found = EVENTS.search(thing)
    if "点" in previous and 2 <= len(thing) <= 10 and found and found.start() <= 4 and not done:
        return _appointment(thing, previous.strip(EDGES))
    return []
