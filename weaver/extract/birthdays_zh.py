"""Chinese birthdays and ages, as chat tells them: a day with or without its year ("95年11月8号生的"),
before or after 生日 ("1月17号生日", "生日是6月20号", "8月3号是我生日"), and a day counted from
the turn ("明天就是我生日了", "下个月23号我生日"), which the candidate dates (``rules._candidate``), or
just past ("上周三刚过完30岁生日"); an age said in passing ("我才17", "25岁的人了", "今年刚好六十").

The clause is the speaker's own "我..." (a relative's is rewritten so by ``rules_zh_people.person``).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact, Rule, first_match, rule
from vaultweave.weaver.extract.rules_zh_values import number_of

_N = r"\d{1,2}|[一二三四五六七八九十]{1,3}"
_YEAR = r"(?:(?P<y>\d{4}|\d{2})年)"
# A day of the year; 号/日 may be left off when nothing follows the number ("老婆生日2月14").
_DAY = rf"(?P<mo>{_N})月(?P<d>{_N})(?:[日号]|(?![\d零〇]))"
_ME = r"我(?:自己|也|都|就|其实)*的?"
# A day counted from the turn: 明天, 大后天, 下礼拜五, 这周六, 下个月23号.
_AHEAD = (r"(?P<ahead>明天|后天|大后天|(?:下|这|本)(?:个)?(?:周|礼拜|星期)[一二三四五六日天]|"
          r"下个?月(?:\d{1,2}|[一二三四五六七八九十]{1,3})[日号])")


def _day(m: re.Match[str]) -> list[Fact]:
    """我是1991年5月3日出生的 -> 1991-05-03 (a date without its year: 05-03; 95年 is 1995)."""
    y, mo, d = (m.groupdict().get(k) or "" for k in ("y", "mo", "d"))
    month, day = number_of(mo) or 0, number_of(d) or 0
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return []
    year = int(y) if y.isdigit() else None
    if year is not None and year < 100:
        year += 1900 if year > 30 else 2000
    value = f"{year:04d}-{month:02d}-{day:02d}" if year else f"{month:02d}-{day:02d}"
    return [Fact("birthday", value, Op.ASSERT, 0.9)]


def _age(value: str, conf: float = 0.85, when: str = "", starts: str = "") -> list[Fact]:
    age = number_of(value) or 0
    return [Fact("age", str(age), Op.ASSERT, conf, when=when, starts=starts)] if 0 < age <= 110 else []


def _ahead(m: re.Match[str]) -> list[Fact]:
    """明天就是我生日了: the day the candidate counts from the turn; 满30岁 told with it is the
    age from that day."""
    ahead = m.group("ahead")
    age = _age(m.group("age"), starts=ahead) if m.group("age") else []
    return [Fact("birthday", "today", Op.ASSERT, 0.85, starts=ahead), *age]


def _past(m: re.Match[str]) -> list[Fact]:
    """上周三刚过完30岁生日: the day told is the birthday, the age told is the age since."""
    when = m.group("when")
    age = _age(m.group("age"), when=when) if m.group("age") else []
    return [Fact("birthday", "today", Op.ASSERT, 0.85, when=when), *age]


def _said(m: re.Match[str]) -> list[Fact]:
    """我才17 / 我都四十了: a bare number is an age only past childhood (not 我才三)."""
    value = number_of(m.group("v")) or 0
    return _age(m.group("v"), 0.8) if value >= 12 or m.group("unit") else []


# "明天就是我生日了", "我下礼拜五过生日": a birthday counted from the turn, a fact though told ahead
AHEAD = re.compile(rf"我?{_AHEAD}(?:就|又)?(?:是|就是)?(?:我的?)?过?生日了?"
                   rf"(?:，(?:就|要)?满(?P<age>{_N})(?:岁|周岁)?了?)?(?=，|$)")
# "下个月17号我十八岁生日": the age one turns then is not yet the age (a day of next month only)
_AHEAD_AGED = re.compile(rf"我?(?P<ahead>下个?月(?:{_N})[日号])(?:就是)?(?:我的?)?(?:{_N})岁的?过?生日了?"
                         rf"(?P<age>)(?=，|$)")
# a day just past ("前天", "上周三"; a date phrase the clause reader would strip first is read with it)
_PAST = (r"(?P<when>昨天|前天|大前天|上(?:个)?(?:周|礼拜|星期)[一二三四五六日天]|"
         r"(?:这|本)(?:周|礼拜|星期)[一二三四五六日天]|上个?月(?:\d{1,2}|[一二三四五六七八九十]{1,3})[日号])")
_AGE_N = r"(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})"
# a piece that tells a birthday starts a clause of its own ("我才17 生日6月20号")
STARTS = re.compile(rf"(?:我的?)?生日(?:是|在|就是)?{_YEAR}?{_DAY}")

RULES: tuple[Rule, ...] = (
    rule(rf"{_ME}是?{_YEAR}{_DAY}(?:出生|生)的?$", _day),
    # "我1998年12月3号的", "我自己是1993年12月2号": a day with its year is a birthday told alone
    rule(rf"{_ME}是?{_YEAR}{_DAY}的?$", _day),
    rule(rf"(?:{_ME})?(?:农历)?生日(?:是|在|就是)?{_YEAR}?{_DAY}了?$", _day),
    # "我3月18号生日", "1月17号生日", "6月18号我生日", "我11月8号过生日", "8月3号是我生日"
    # (a weekday before the day, an age before 生日: "下周五3月20号我七十岁生日")
    rule(rf"(?:我(?:自己)?是?)?(?:[下这本]?(?:周|礼拜|星期)[一二三四五六日天])?{_DAY}的?(?:是|就是)?(?:我的?)?"
         rf"(?:{_N}岁的?)?过?生日了?$", _day),
    Rule(AHEAD, _ahead),
    Rule(_AHEAD_AGED, _ahead),
    # "下个月7月12号就满30了": the day one comes of an age is the birthday (the age is not yet)
    rule(rf"我?(?:下个?月)?{_DAY}[日号]?(?:就|就要|要)?满{_N}(?:岁|周岁)?了?$", _day),
    rule(rf"我?{_PAST}(?:刚|才)?(?:过完|过了|过的)了?(?:(?P<age>{_N})岁)?的?生日了?$", _past),
    # "我才17", "我都四十了", "今年刚好六十", "今年就33了", "才五十一"
    rule(rf"我?(?:今年|才|都|已经|也|就|刚好|正好|整|刚)+{_AGE_N}(?P<unit>岁|周岁)?(?:了|啊|呀|哦|哈)*$",
         _said),
    # "25岁的人了", "三十岁的人了还玩滑板": the speaker's own age, whatever follows
    rule(rf"我?(?:都|也|已经)?{_AGE_N}(?P<unit>岁)的人了", _said),
)


def told(clause: str) -> bool:
    """Whether ``clause`` tells the speaker's birthday ("我11月2号过生日"): no appointment, even
    with a reminder asked for after it."""
    clause = re.sub(r"^(?:他|她)(?!们)", "我", clause)  # "他生日5月23号，到时候提醒我": his birthday
    return bool(first_match(RULES, clause if clause.startswith("我") else "我" + clause)[0])


_FRONTED = re.compile(rf"^(?P<day>{_DAY}[日号]?)(?:是|就是)(?P<who>他|她)的?生日了?$")


def fronted(clause: str) -> str:
    """ "8月12号是她生日" -> "她生日是8月12号", which reads her as the person last named."""
    found = _FRONTED.match(clause)
    return f"{found.group('who')}生日是{found.group('day')}" if found else clause


# a clause that names a birthday and leaves its day to the next piece ("我妹下个月生日，4月9号")
_DAY_LEFT = re.compile(r"生日(?:快到了|要到了|也记上|记一下|记着)?了?$")
_DAY_ALONE = re.compile(rf"{_DAY}")


def day_told_after(before: str, piece: str) -> list[Fact]:
    """把我自己生日也记上，3月18 / 我生日快到了，5月3号: the day alone in the piece after a clause
    that names a birthday without one is that birthday (whose it is, the caller says)."""
    if not _DAY_LEFT.search(before) or re.search(r"\d|[一二三四五六七八九十]月", before):
        return []
    found = _DAY_ALONE.fullmatch(piece.strip())
    return _day(found) if found else []
