"""What a Chinese clause means after the clause before it in the same sentence.

People say one thing and then add to it without repeating what it is about:

- "我老公是医生，在协和": a bare "在X" after a job is where that job is;
- "在海尔干了八年了，做供应链": a bare "做X" after an employer is the line of work;
- "退休了，在中石化干了一辈子": a value told with its time spent, after an ending, ended;
- "入职阿里了，杭州这边": a bare place after a job is where one lives;
- "每周六去上钢琴课，学了三个月了": learning what the lessons are in; "最后一节钢琴课了，
  以后不学了": no longer learning it;
- "3月2号正式去平安银行了，做客户经理": the new title starts the day the new job does;
- "换工作了，去了华为": where one went after a change of job is the new employer;
- "5月9号上午9点考教师资格证，在武汉二中考点": a "在X" after an appointment is where it is held,
  not where one lives.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_values import RECURRING, is_place, org_of, place_of, title_of

_CJK = "\u4e00-\u9fff"
_WORK = ("employer", "job_title")
_LESSONS = re.compile(r"^(?P<thing>[^ ]{1,6}?)课")


def works_there(clause: str, before: list[Fact]) -> list[Fact]:
    """ "我老公是医生，在协和": a bare "在X" right after a job names where that job is."""
    job = next((f for f in before if f.attribute == "job_title" and f.op is Op.ASSERT), None)
    found = re.fullmatch(rf"(?:我)?(?:现在|目前)?在(?P<v>[A-Za-z0-9{_CJK}]{{2,8}})", clause)
    if job is None or not found:
        return []
    org = org_of(found.group("v"))
    if not org or is_place(org) or re.search(r"[上里中边]$|^(?:忙|家|路|开|上|做|写|看|加班)", org):
        return []
    return [replace(job, attribute="employer", value=org, confidence=0.7)]


_DOES = re.compile(
    r"(?:我)?(?:主要|现在|目前)?(?:是)?(?:做|干|搞|负责)(?P<t>[^，,的]{2,8}?)(?:的|方面的|这块)?"
)


def works_as(clause: str, before: list[Fact]) -> list[Fact]:
    """ "在海尔干了八年了，做供应链": a bare "做X" right after an employer is the line of work."""
    employer = next((f for f in before if f.attribute == "employer" and f.op is Op.ASSERT and f.value), None)
    found = _DOES.fullmatch(clause)
    title = title_of(found.group("t")) if employer is not None and found else None
    if employer is None or not title or re.search(r"[了过着]|什么|啥|那个|这个|那种|那家", title):
        return []
    return [replace(employer, attribute="job_title", value=title, confidence=0.7)]


# A stretch of time spent, told after an ending: "在中石化干了一辈子", "在那待了三年".
_SPENT = re.compile(
    r"(?:干|做|待|呆|工作|上班|住)了(?:快|差不多|将近|整整)?(?:一辈子|大半辈子|[一二两三四五六七八九十几\d]+多?个?(?:年|月))"
)


def held_before_ending(found: list[Fact], earlier: list[Fact], clause: str) -> list[Fact]:
    """ "我爸去年年底退休了，在中石化干了一辈子": a value told with the time spent on it,
    right after an ending of its attribute, is the value that ended (held, then ended when
    the ending says), not a new one."""
    ended = {(f.attribute, f.about, f.name): f for f in earlier if f.op is Op.RETRACT and not f.value}
    if not ended or not _SPENT.search(clause):
        return found
    out: list[Fact] = []
    for fact in found:
        ending = ended.get((fact.attribute, fact.about, fact.name))
        if ending is None or fact.op is not Op.ASSERT or fact.when or fact.starts:
            out.append(fact)
            continue
        out += [replace(fact, confidence=min(fact.confidence, 0.7), when=ending.when),
                replace(fact, op=Op.RETRACT, confidence=ending.confidence, when=ending.when)]
    return out


def place_aside(pieces: list[str], facts: list[Fact]) -> list[Fact]:
    """ "入职阿里了，杭州这边", "在美团当产品经理，北京望京": a piece that is only a known place
    (a city, or a city and its district), after a job, is the home."""
    job = next((f for f in facts if f.attribute in _WORK and f.op is Op.ASSERT), None)
    if job is None or any(f.attribute == "lives_in" for f in facts):
        return []
    for piece in pieces:
        found = (re.match(rf"(?P<v>[{_CJK}]{{2,4}}?)(?:这边|那边)", piece.strip())
                 or re.fullmatch(rf"(?P<v>[{_CJK}]{{2,3}}(?:[{_CJK}]{{2}})?)", piece.strip()))
        if found and re.search(r"最|很|太|挺|比较|更|超", found.group("v")):
            continue  # "桃园最方便": what is said of a place, not the home
        place = place_of(found.group("v")) if found else None
        if place and (is_place(place) or len(place) >= 4 and is_place(place[:2])):  # 北京望京
            return [replace(job, attribute="lives_in", value=place, confidence=0.7)]
    return []


def age_aside(pieces: list[str], facts: list[Fact]) -> list[Fact]:
    """ "在北京做测试开发，35了，天天担心被优化": a piece that is only an age, after what one
    does, is one's age."""
    if not facts or any(f.attribute == "age" for f in facts):
        return []
    for piece in pieces:
        found = re.fullmatch(r"(?:今年|都|已经)?(?P<n>[1-9]\d)(?:岁|周岁)?了?", piece.strip())
        if found:
            return [Fact("age", found.group("n"), Op.ASSERT, 0.8)]
    return []


def lessons(clause: str, before: list[Fact]) -> list[Fact]:
    """ "学了三个月了" / "以后不学了" right after a clause about lessons in X: learning X."""
    lesson = next((f for f in before if f.attribute == "routine" and _LESSONS.match(f.value)), None)
    if lesson is None:
        return []
    thing = _LESSONS.match(lesson.value).group("thing")  # type: ignore[union-attr]
    if re.fullmatch(r"(?:我)?(?:已经)?(?:学|练)了[^，,]{1,8}", clause) and lesson.op is Op.ASSERT:
        return [replace(lesson, attribute="learning", value=thing, confidence=0.7)]
    stopped = re.fullmatch(r"(?:我)?(?:以后)?(?:就|也)?不(?:再)?(?:学|练)了", clause)
    if stopped and lesson.op is Op.RETRACT:
        return [replace(lesson, attribute="learning", value=thing, confidence=0.7)]
    return []


def dated_with(found: list[Fact], before: list[Fact]) -> list[Fact]:
    """ "3月2号正式去平安银行了，做客户经理": an undated job fact right after a dated new
    job shares its day."""
    ended = {f.attribute for f in before if f.op is Op.RETRACT}
    dated = next((f for f in before if f.attribute in _WORK and f.attribute not in ended
                  and f.op is Op.ASSERT and (f.when or f.starts)), None)
    if dated is None:
        return found  # an ending's day is not the next job's: "上个月从百度离职了，现在在字节"
    return [replace(f, when=dated.when, starts=dated.starts)
            if f.attribute in _WORK and f.op is Op.ASSERT and not (f.when or f.starts) else f for f in found]


_CHANGED_JOB = re.compile(r"换(?:了)?(?:个|份|家)?(?:新)?(?:工作|公司|东家|单位)|跳槽了?$")
_WENT = re.compile(rf"(?:我)?(?:去了|去|到了|进了|入职了?)(?P<v>[A-Za-z0-9{_CJK}]{{2,8}}?)(?:了|上班|工作)?")


def joined_after(clause: str, previous: str, of_someone: bool = False) -> list[Fact]:
    """ "换工作了，去了华为": a company gone to right after a change of job is the new employer."""
    went = _WENT.fullmatch(clause)
    # the change is the speaker's (or of whom the clause before was said): not "小李换工作了"
    said_of = re.match(r"(?:我)?(?:也|刚|又|已经|最近|终于|上个?月|上周|前几天|去年)*(?:换|跳槽)", previous)
    if not went or not (said_of or of_someone) or not _CHANGED_JOB.search(previous):
        return []
    org = org_of(went.group("v"))
    return [Fact("employer", org, Op.ASSERT, 0.75)] if org and not is_place(org) else []


_ONE_WEEKDAY = re.compile(
    r"(?:周|星期|礼拜)(?P<d>[一二三四五六日天])(?:早上|上午|中午|下午|晚上|傍晚)?(?:[零一二两三四五六七八九十\d]{1,3}点半?)?"
)
# What recurs by nature: classes, training, sports, and the lessons of a list
_RECURS = re.compile(RECURRING + r"|琴|书法|画画|合唱|排练")


def routine_goes_on(found: list[Fact], before: list[Fact]) -> list[Fact]:
    """ "每周二四晚上打羽毛球 周六上午钢琴课": a weekday and a class or sport right after a
    routine is one more routine of the list, not an appointment on the coming Saturday."""
    if not any(f.attribute == "routine" and f.op is Op.ASSERT for f in before):
        return found
    out = []
    for fact in found:
        day = _ONE_WEEKDAY.fullmatch(fact.scheduled) if fact.attribute == "appointment" else None
        if day and fact.op is Op.ASSERT and not fact.about and _RECURS.search(fact.value):
            weekly = f"{fact.value} 每周{day.group('d')}"
            fact = replace(fact, attribute="routine", value=weekly, scheduled="")
        out.append(fact)
    return out


def without_venues(facts: list[Fact], sentence: str) -> list[Fact]:
    """``facts`` less the homes read from a bare "在X" told after an appointment of the same
    sentence ("复试通知来了 4月2号上午九点 线下 在上海": the exam is in Shanghai)."""
    booked = [f.value for f in facts if f.attribute == "appointment" and f.scheduled and f.op is Op.ASSERT]
    told = sentence.find(booked[0]) if booked else -1
    if told < 0:
        return facts
    after = sentence[told:]
    return [f for f in facts if not (f.attribute == "lives_in" and f.op is Op.ASSERT and not f.about
                                     and re.search(rf"(?:^|[，,\s])在{re.escape(f.value)}", after))]
