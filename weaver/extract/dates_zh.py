"""Spoken Chinese date phrases rewritten into forms dateparser reads (两周前 -> 2周前)."""

from __future__ import annotations

import re

_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_NUMBER = re.compile(r"[零一二两三四五六七八九十]+")


def _number(text: str) -> int:
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_DIGITS.get(tens, 1) if tens else 1) * 10 + (_DIGITS.get(ones, 0) if ones else 0)
    value = 0
    for char in text:
        value = value * 10 + _DIGITS[char]
    return value


def rewrite(phrase: str) -> str:
    """Chinese numerals to digits; other text is returned unchanged."""
    return _NUMBER.sub(lambda m: str(_number(m.group())), phrase)
