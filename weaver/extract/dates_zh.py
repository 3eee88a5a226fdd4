"""Spoken Chinese date phrases: found in a clause, and rewritten into forms dateparser reads.

``find_past`` cuts the phrase that dates a change out of a clause ("我上个月搬到了苏州" ->
("上个月", "我搬到了苏州")); ``find_schedule`` finds when an appointment is ("这周五下午三点").
``rewrite`` turns a phrase into text ``dates.resolve`` reads: numerals to digits (两周前 ->
2周前), and, given the time it was spoken, weekdays, day words and clock times into an
absolute UTC time ("下周一下午三点" said on Tue 3 March -> "2026-03-09 07:00"). Chinese
speakers are read in China time (UTC+8), the conversations' usual wall clock.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_NUMBER = re.compile(r"[零一二两三四五六七八九十]+")
CHINA = timedelta(hours=8)
_N = r"(?:\d+|[零一二两三四五六七八九十]+)"
_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5}

_DAY = (
    r"(?:(?:这|本|下下|下|上上|上)?个?(?:周|星期|礼拜)[一二三四五六日天末]|大后天|后天|明天|今天|今晚|明晚|明早|"
    # "改签到19号": a day of the month alone (not 3号线, 5号楼)
    rf"(?:{_N}年)?{_N}月{_N}[日号]|(?<![月\d零一二两三四五六七八九十]){_N}[号](?!线|楼|房|床|门))"
)
# 上半天 / 下半天, 上昼 / 下昼: morning and afternoon in Wu speech
_PART = r"(?:早上|上午|中午|下午|晚上|傍晚|凌晨|早晨|夜里|上半天|下半天|下半日|上昼|下昼)"
# minutes in digits are two ("三点15"), never the digit a name begins with ("三点4S店保养")
_HOUR = rf"(?:{_N}点(?:半|{_N}分|\d\d(?![A-Za-z\d])|[零一二两三四五六七八九十]+)?|{_N}:\d\d)"
SCHEDULE = re.compile(rf"{_DAY}{_PART}?{_HOUR}?|{_PART}{_HOUR}")
_PAST = re.compile(  # with the part of the day that may follow: "昨天晚上走了" (not 晚上 left behind)
    rf"(?:(?:上上?(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]?|上个?月(?:底|初|中(?!旬)|[上中下]旬)?|去年(?:年底|年初|底)?|前年|昨天|前天|"
    rf"前几天|前阵子|前(?:两|三|几)(?:天|周|个?星期|个月|年)|(?:{_N}|几)个?(?:天|周|星期|礼拜|月|年)(?:以)?前|(?<![到至等年])(?:{_N}年)?{_N}月(?:{_N}[日号]|底|初|中(?![国文心学部旬])|[上中下]旬)?|"
    # "我月初去了汕头": this month's start, told as gone
    rf"(?<![上下个月本这\d零一二两三四五六七八九十])(?:这个|本)?月[初中](?![国文心学部旬])(?=[^，,。]*?了)|"
    rf"{_N}年(?={_N}月)|\d{{4}}年|今天|昨晚|刚才|"
    # a day of the month alone, of a change told as done ("12号搬完了", "20号落地的"), not a plan
    rf"(?<![月\d零一二两三四五六七八九十]){_N}号(?![线楼房床门])(?=(?:(?!要|会|准备|打算|想|得)[^，,]){{0,6}}?(?:了|的)(?:[，,\s]|$))){_PART}?)"
)


def _number(text: str) -> int:
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_DIGITS.get(tens, 1) if tens else 1) * 10 + (_DIGITS.get(ones, 0) if ones else 0)
    value = 0
    for char in text:
        value = value * 10 + _DIGITS[char]
    return value


# Words of a day surely gone: "5月12号" may be still to come, "昨天" never is.
DONE = re.compile(
    r"昨天|前天|昨晚|上个?(?:周|星期|礼拜)|上个?月|去年|前几天|前阵子|刚才|(?:天|周|星期|礼拜|月|年)(?:以)?前"
)


def find_past(clause: str) -> tuple[str, str]:
    """The phrase that dates a change, and the clause without it ("" when there is none)."""
    match = _PAST.search(clause)
    if not match:
        return "", clause
    rest = clause[: match.start()] + clause[match.end() :]
    rest = re.sub(r"^(我)?(?:就|从|在|于)?(?=[^，,]*?开始)|^(我)?就", r"\1\2", rest)
    return re.sub(rf"{_PART}$", "", match.group()) or match.group(), rest.replace("从开始", "开始")


# A change told with how long ago it was: "烟戒了一个月了", "辞职半年多了", "到伦敦一周了".
# Only verbs of a moment: "干了三年" and "住了五年" say how long a state lasts.
_SINCE = re.compile(
    r"(?:戒|辞职|离职|搬|分手|退休|退|停|不干|入职|毕业|结婚|落地|住下来|安顿下来|(?:^|(?<=[我刚都已经才上过]))(?:到|来))"
    rf"[^，,]{{0,6}}?了?(?P<d>(?:{_N}|几|半)个?多?(?:天|周|星期|礼拜|月|年))多?了"
)


def find_since(clause: str) -> tuple[str, str]:
    """ "辞职三个月了" -> ("三个月前", "辞职了"): when an ending told with its duration
    happened, and the clause without the duration ("" and the clause when there is none)."""
    match = _SINCE.search(clause)
    if not match:
        return "", clause
    before = clause[: match.start("d")]
    rest = before + ("" if before.endswith("了") else "了") + clause[match.end() :]
    return match.group("d").replace("半年", "6个月").replace("多", "") + "前", rest


def find_schedule(clause: str) -> re.Match[str] | None:
    """Where an appointment's time is named ("周五下午三点"), if anywhere."""
    for match in SCHEDULE.finditer(clause):
        if match.group():
            return match
    return None


def rewrite(phrase: str, base: datetime | None = None, past: bool = False) -> str:
    """A form dateparser reads; with ``base`` (naive UTC), weekday and clock phrases become
    absolute. ``past``: a day of the month alone is the last one gone ("20号落地的")."""
    # 2月底 / 3月初: a day near the month's end or start
    phrase = re.sub(rf"^({_N})月底$", r"\1月28号", re.sub(rf"^({_N})月初$", r"\1月3号", phrase.strip()))
    phrase = re.sub(rf"^((?:{_N}年)?{_N})月中$", r"\1月15号", phrase)  # 三月中: its middle
    # 3月中旬: the middle of the month (上旬 its first ten days, 下旬 its last)
    phrase = re.sub(rf"^((?:{_N}年)?{_N})月([上中下])旬$",
                    lambda m: f"{m.group(1)}月{ {'上': 5, '中': 15, '下': 25}[m.group(2)] }号", phrase)
    # 礼拜 and 星期 without a weekday are weeks: "上个礼拜", "一个星期前"
    phrase = re.sub(r"个?(?:礼拜|星期)(?![一二三四五六日天末])", "周", phrase)
    if base is not None:
        absolute = _absolute(phrase, base + CHINA, past) or _next_month(phrase, base + CHINA)
        if absolute is not None:
            return (absolute - CHINA).strftime("%Y-%m-%d %H:%M")
    text = re.sub(r"^前(两|三)(天|周|个?星期|个月|年)$", r"\1\2前", phrase).replace("前几天", "3天前")
    text = text.replace("前阵子", "2周前").replace("上上周", "2周前")
    text = re.sub(rf"({_N})月({_N})[号日]", r"\1月\2日", text)
    if base is not None:
        local = base + CHINA
        first = local.replace(day=1)
        last_month_end = first - timedelta(days=1)
        text = re.sub(r"上个?月底", last_month_end.strftime("%Y-%m-%d"), text)
        text = re.sub(r"上个?月初", last_month_end.replace(day=3).strftime("%Y-%m-%d"), text)
        text = re.sub(r"上个?月中", last_month_end.replace(day=15).strftime("%Y-%m-%d"), text)
        text = re.sub(r"^(?:这个|本)?月初$", local.replace(day=min(3, local.day)).strftime("%Y-%m-%d"), text)
        text = re.sub(r"^(?:这个|本)?月中$", local.replace(day=min(15, local.day)).strftime("%Y-%m-%d"), text)
        text = re.sub(r"上个?月([上中下])旬", lambda m: last_month_end.replace(
            day={"上": 5, "中": 15, "下": 25}[m.group(1)]).strftime("%Y-%m-%d"), text)
        year = local.year
        text = text.replace("去年年底", f"{year - 1}-12-20").replace("去年底", f"{year - 1}-12-20")
        text = text.replace("去年年初", f"{year - 1}-01-15")
    return _NUMBER.sub(lambda m: str(_number(m.group())), text)


def _next_month(phrase: str, now: datetime) -> datetime | None:
    """ "下个月1号" / "下个月初" / "下个月底": a day of next month, at its local noon."""
    if re.fullmatch(r"(?:这个?|本)?月底", phrase):  # "月底搬": the last day of this month
        return (now.replace(day=1, hour=12, minute=0, second=0, microsecond=0) + timedelta(days=32)).replace(
            day=1) - timedelta(days=1)
    match = re.fullmatch(rf"下个?月(?:(?P<d>{_N})[号日]|(?P<edge>初|底))", phrase)
    if not match:
        return None
    first = (now.replace(day=1) + timedelta(days=32)).replace(day=1, hour=12, minute=0, second=0,
                                                              microsecond=0)
    if match.group("edge") == "底":
        return (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)
    day = _number(match.group("d")) if match.group("d") else 1
    try:
        return first.replace(day=day)
    except ValueError:
        return None


def _absolute(phrase: str, now: datetime, past: bool = False) -> datetime | None:
    """Weekday / day-word phrases, with an optional part of day and clock time, in local time."""
    match = re.fullmatch(
        rf"(?P<day>(?P<rel>这|本|下下|下|上上|上)?个?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天末])|大后天|后天|明天|今天|今晚|明晚|明早"
        rf"|(?:(?P<y>{_N})年)?(?P<m>{_N})月(?P<d>{_N})[日号]|(?P<bare>{_N})号)?(?P<part>{_PART})?(?P<h>{_HOUR})?",
        phrase,
    )
    if not match or not (match.group("day") or match.group("h")):
        return None
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    day = match.group("day") or ""
    if match.group("wd"):
        monday = today - timedelta(days=today.weekday())
        weeks = {"下下": 2, "下": 1, "上上": -2, "上": -1}.get(match.group("rel") or "", 0)
        date = monday + timedelta(days=7 * weeks + _WEEKDAY[match.group("wd")])
        if not match.group("rel") and not past and date < today:
            date += timedelta(days=7)  # 周五 said on a Saturday: the coming one
        elif not match.group("rel") and past and date > today:
            date -= timedelta(days=7)  # 周五搬的 said on a Monday: the one gone
    elif match.group("bare"):  # "19号": this month's, or the next (last, of a past) when it has passed
        try:
            date = today.replace(day=_number(match.group("bare")))
            if past and date > today:
                date = (date.replace(day=1) - timedelta(days=1)).replace(day=date.day)
            elif not past and date < today:
                date = (date.replace(day=1) + timedelta(days=32)).replace(day=date.day)
        except ValueError:
            return None
    elif match.group("m"):
        year = _number(match.group("y")) if match.group("y") else today.year
        try:
            date = today.replace(year=year, month=_number(match.group("m")), day=_number(match.group("d")))
        except ValueError:
            return None
    else:
        offsets = {"大后天": 3, "后天": 2, "明天": 1, "明晚": 1, "明早": 1, "今天": 0, "今晚": 0, "": 0}
        date = today + timedelta(days=offsets[day])
    part = {"上半天": "上午", "上昼": "上午", "下半天": "下午", "下半日": "下午", "下昼": "下午"}.get(
        match.group("part") or "", match.group("part") or ("晚上" if day in ("今晚", "明晚") else ""))
    if not match.group("h"):
        # a day without a clock time: its local noon, so the UTC date stays that day
        return date + timedelta(hours=12) if part in ("中午", "") else date
    clock = re.fullmatch(rf"({_N})(?:点(半|{_N})?分?|:(\d\d))", match.group("h"))
    if not clock:
        return date
    hour = _number(clock.group(1))
    minute = 30 if clock.group(2) == "半" else _number(clock.group(2) or clock.group(3) or "0")
    if part in ("下午", "晚上", "傍晚", "夜里") and hour < 12:
        hour += 12
    if part == "中午" and hour < 6:
        hour += 12
    if hour > 23 or minute > 59:
        return None
    return date + timedelta(hours=hour, minutes=minute)


DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


# An hour alone, or the hour of getting there: "早上八点", "(那天)早上五点就要上山", "八点就得到"
_HOUR_OF_BOOKING = re.compile(
    rf"^(?:那天|当天)?的?(?P<h>{_PART}?{_HOUR})(?=\W*$|(?:就|得|要|必须|需要|之前)*(?:到|赶到|出发|出门|集合|起床|上山|报到|过去))")


def hour_of_booking(piece: str) -> str:
    """The hour of a booking told before, that a piece opens with ("那天早上五点就要上山" ->
    "早上五点"), or "" (not the hour of something else: "下午三点去机场接人")."""
    found = _HOUR_OF_BOOKING.match(piece.strip())
    return found.group("h") if found else ""


def clock_of(phrase: str) -> str:
    """The part of day and clock time a Chinese time ends with ("周四上午九点" -> "上午九点"), or ""."""
    found = re.search(rf"{_PART}?{_HOUR}$", phrase)
    return found.group() if found else ""


def weekdays(text: str) -> tuple[str, ...]:
    """English weekday names of "每周二和周四" / "每周一三五" / "每个周末" (none for other text)."""
    found: set[int] = set()
    for match in re.finditer(r"(?:每[个個]?)?(?:周|週|星期|礼拜|禮拜)(?P<d>[一二三四五六日天末、和]+)", text):
        days = match.group("d")
        if len(days) > 1 and re.match(r"[次回下节堂点个]", text[match.end():]):
            days = days[:-1]  # "每周四一次", "周二三点": the last numeral counts, it names no day
        for char in days:
            if char == "末":
                found |= {5, 6}
            elif char in _WEEKDAY:
                found.add(_WEEKDAY[char])
    if re.search(r"每天|天天", text):
        found = set(range(7))
    return tuple(DAY_NAMES[i] for i in sorted(found))
