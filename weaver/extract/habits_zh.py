"""What a Chinese habit is, out of the clause that tells it ("每天X").

"每天早上七点去公园跑步" is the habit 跑步: the hour and the place one goes to are no part of
it. What is said of each day that is no habit of one's own stays out: going to work or its
meetings ("每天跨江去张江上班", "天天七点半开晨会"), a piece of a clause that names someone or
something else ("早晚我都要带它去…"), a state or a mood told with 了 or 到 ("蹲了…", "改稿改到…"),
work in hand ("在赶报告").
"""

from __future__ import annotations

import re

_CLOCK = re.compile(r"^[零一二两三四五六七八九十\d]{1,3}点(?:半|[一二三四五]十分?|\d{1,2}分?)?钟?")
# Where one goes to do it: "去江边", "去世纪公园", "去环岛路", "到楼下"
_PLACE = re.compile(r"^(?:去|到)[\u4e00-\u9fff]{1,5}?"
                    r"(?:边|里|上|附近|公园|路|广场|楼下|小区|操场|体育馆|健身房)(?=..)")
_NO_HABIT = re.compile(r"上班|下班|开[^，,]{0,2}会|加班|报告|改稿|材料|通勤|班车|打卡"
                       r"|[我你他她它]|了|到(?!点)|^在")


def habit_value(value: str) -> str | None:
    """``value`` without its hour or place; None when it tells no habit of one's own."""
    value = _CLOCK.sub("", value).lstrip("还都就也要") if _CLOCK.match(value) else value
    if re.match(r"[一二三四五六日天和、]", value):
        return None  # 每周二和周四...: a routine, read by rules_zh_people
    value = _PLACE.sub("", value)
    return None if _NO_HABIT.search(value) or len(value) > 10 else value


__all__ = ["habit_value"]
