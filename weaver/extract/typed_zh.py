"""Chinese as chat types it, read in the form the rules know, its values kept as typed.

- Traditional characters. The pattern tables, word lists and the span reader know
  simplified Chinese; Taiwan, Hong Kong and Macau type traditional ("我在信義區的廣告公司
  當文案"). OpenCC's ``t2s`` conversion (the standard, maintained phrase tables, shipped
  inside its wheel) turns the turn into simplified before it is read. A value the rules find
  is then given back in the characters the speaker typed (文案, 護理師), found at the same
  place in the original turn: conversion keeps a turn's length nearly always, and where it
  does not, the value stays simplified.
- Regional words with one Mandarin reading (``dialects_zh``: 俺, 喺, 咗…).
- A space between hanzi, a pause typed for a comma (``shapes_zh.spaces_as_commas``); a pause
  not typed at all, between clauses run on (``shapes_zh.run_on_pauses``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache

import opencc
from vaultweave.weaver.extract.dialects_zh import as_mandarin
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.shapes_zh import (
    day_spans,
    kin_each,
    run_on_pauses,
    slashed_days,
    spaces_as_commas,
    times_said_plainly,
)

_CJK = re.compile(r"[\u3400-\u9fff]")
_DAYS = re.compile(r"每|周|星期|礼拜")


@cache
def _converter(config: str = "t2s") -> opencc.OpenCC:
    return opencc.OpenCC(config)


def simplified(text: str) -> str:
    """``text`` in simplified characters (text without hanzi unchanged)."""
    return str(_converter().convert(text)) if _CJK.search(text) else text


Reader = Callable[[str, str, str], list[Fact]]


def read_as_mandarin(read: Reader, text: str, asked: str, who: str) -> list[Fact]:
    """What ``read`` finds in the turn said in simplified Mandarin, with every value and name
    in the characters of ``text``."""
    simple = spaces_as_commas(simplified(text))  # the same length as typed, nearly always
    said = kin_each(run_on_pauses(times_said_plainly(day_spans(slashed_days(simple)))))
    facts = read(as_mandarin(said), simplified(asked), who)
    if simple == text:
        return facts
    traditional = simplified(text) != text
    return [replace(f, value=_as_typed(f.value, simple, text, traditional),
                    name=_as_typed(f.name, simple, text, traditional)) for f in facts]


def _as_typed(value: str, simple: str, typed: str, traditional: bool = False) -> str:
    """``value`` in the characters typed; a value put together from words said apart ("市场买菜
    每礼拜三跟礼拜六") word by word. A value the turn does not say as such (a title made of what
    one does: "在幼兒園教小班" -> 幼儿园老师) is written in traditional characters when they were
    typed."""
    at = simple.find(value) if value and len(simple) == len(typed) else -1
    if at >= 0 or " " not in value.strip() or len(simple) != len(typed):
        if at >= 0:
            return typed[at : at + len(value)]
        return str(_converter("s2t").convert(value)) if traditional and _CJK.search(value) else value
    # the days of a routine stay simplified, the form its days are read in ("瑜伽 每周二四")
    words = value.split(" ")
    return " ".join(word if _DAYS.match(word) else _as_typed(word, simple, typed, traditional)
                    for word in words)


__all__ = ["read_as_mandarin", "simplified"]
