"""Chinese birthdays, as chat tells them: a day with or without its year ("95年11月8号生的"),
before or after 生日 ("1月17号生日", "生日是6月20号", "8月3号是我生日"), and a day counted from
the turn ("明天就是我生日了", "下个月23号我生日"), which the candidate dates (``rules._candidate``).

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


def _ahead(m: re.Match[str]) -> list[Fact]:
    """明天就是我生日了: the day the candidate counts from the turn."""
    return [Fact("birthday", "today", Op.ASSERT, 0.85, starts=m.group("ahead"))]


# "明天就是我生日了", "我下礼拜五过生日": a birthday counted from the turn, a fact though told ahead
AHEAD = re.compile(rf"我?{_AHEAD}(?:就|又)?(?:是|就是)?(?:我的?)?过?生日了?$")
# a piece that tells a birthday starts a clause of its own ("我才17 生日6月20号")
STARTS = re.compile(rf"(?:我的?)?生日(?:是|在|就是)?{_YEAR}?{_DAY}")

RULES: tuple[Rule, ...] = (
    rule(rf"{_ME}是?{_YEAR}{_DAY}(?:出生|生)的?$", _day),
    # "我1998年12月3号的", "我自己是1993年12月2号": a day with its year is a birthday told alone
    rule(rf"{_ME}是?{_YEAR}{_DAY}的?$", _day),
    rule(rf"(?:{_ME})?(?:农历)?生日(?:是|在|就是)?{_YEAR}?{_DAY}了?$", _day),
    # "我3月18号生日", "1月17号生日", "6月18号我生日", "我11月8号过生日", "8月3号是我生日"
    rule(rf"(?:我(?:自己)?是?)?{_DAY}的?(?:是|就是)?(?:我的?)?过?生日了?$", _day),
    Rule(AHEAD, _ahead),
)


def told(clause: str) -> bool:
    """Whether ``clause`` tells the speaker's birthday ("我11月2号过生日"): no appointment, even
    with a reminder asked for after it."""
    return bool(first_match(RULES, clause if clause.startswith("我") else "我" + clause)[0])
