"""A stay, not a home: "in Paris for a conference", "our trip to Rome", "来成都出差", "在北京南站等车".

A town named beside a trip or a visit, or as a station, is no evidence of where someone
lives; the rules and the trained reader that read a home from a town in passing ask here first.
"""

from __future__ import annotations

import re

TRIP_EN = re.compile(
    r"\b(?:trip|visit(?:s|ed|ing)?|holiday|vacation|conference|travel\w*|fly(?:ing)?|flights?|layover|"
    r"honeymoon|tour(?:ing)?|getaway|hotel|airbnb|stag|hen\s+do|wedding|festival|(?:this|next|last)\s+"
    r"(?:week|weekend)|all\s+(?:that|this|next)\s+week|for\s+(?:the|a)\s+(?:week|weekend|day|night|few\s+days))\b",
    re.IGNORECASE,
)
TRIP_ZH = re.compile(
    r"出差|旅游|旅行|度假(?![区村])|这趟|路过|转机|开会|探亲|出游|[来去][\u4e00-\u9fff]{0,6}?玩(?!具)|玩[几两一]天|玩一趟|培训|面试|[复笔]试|考点|考场|比赛|参加|见客户|看展|签证"
)

# Flying out of home: "we're in Toronto so flying out of Pearson" names where the trip starts
_FLYING_FROM_EN = re.compile(r"\b(?:so\s+|and\s+)?fly(?:ing)?\s+(?:out\s+of|from)\s+[\w'-]+", re.IGNORECASE)


def away_en(text: str) -> bool:
    """Whether ``text`` tells of a trip, a visit or a stay (not of the flight out of home)."""
    return bool(TRIP_EN.search(_FLYING_FROM_EN.sub("", text)))


# A town named as a station or an airport is one passed through: "在北京南站等车".
STATION_ZH = r"[东南西北]?站|(?:火车|高铁|汽车)站|机场"
# A town named as part of a venue ("在厦门总部", "在文昌阁旁边那个老校区"): where something is held
VENUE_ZH = r"(?:[^，,\s]{0,3}?(?:总部|分部|总公司|校区|酒店|宾馆)|[^，,\s]{1,3}?旁边)"
# What a town is spoken of for, its cost of living and its roads ("rent in cork is 1100",
# "parking in manchester is a nightmare"): a town one lives in at most, never said outright
TOWN_COSTS_EN = r"(?:rent|rents|rental|renting|parking|traffic|commuting|groceries|prices)"


# "my old place in pilsen": a home left behind
FORMER_HOME_EN = re.compile(r"\b(?:my|our)\s+(?:old|former|previous)\s+"
                            r"(?:flat|apartment|apt|place|house|home|room)\s+in\s+", re.IGNORECASE)


def costs_of(town: str, sentence: str) -> bool:
    """Whether ``sentence`` speaks of ``town`` for its costs, roads or weather ("parking in
    manchester is a nightmare"), or weighs it ("高雄最方便"), which says no more than that one may
    live there."""
    said = re.escape(town)
    return bool(re.search(rf"\b(?:{TOWN_COSTS_EN}|weather)\s+(?:here\s+)?in\s+{said}", sentence,
                          re.IGNORECASE)
                or re.search(rf"{said}(?:最|比较|更)(?:方便|便宜|好|近|合适)", sentence))


def left_behind(town: str, sentence: str) -> bool:
    """Whether ``sentence`` names ``town`` as a home the speaker left ("my old place in pilsen",
    "moved out of my mom's place in Downey")."""
    moved_out = r"\bmoved\s+out\s+of\s+[^,.;]{0,30}?\bin\s+"
    left = f"(?:{FORMER_HOME_EN.pattern}|{moved_out}){re.escape(town)}"
    return bool(re.search(left, sentence, re.IGNORECASE))


def planned_visit(town: str, sentence: str) -> bool:
    """Whether ``sentence`` names ``town`` as a place one means to go ("想去厦门这边看看")."""
    return bool(re.search(f"(?:想|要|打算|准备|计划)(?:去|到){re.escape(town)}", sentence))


def passed_through(town: str, sentence: str) -> bool:
    """Whether ``sentence`` names ``town`` as a station or an airport ("我在北京南站等车呢")."""
    return bool(re.search(f"{re.escape(town)}(?:{STATION_ZH})", sentence))


def is_trip(sentence: str) -> bool:
    """Whether ``sentence`` speaks of a trip or a visit, in either language."""
    return bool(TRIP_EN.search(sentence) or TRIP_ZH.search(sentence))
