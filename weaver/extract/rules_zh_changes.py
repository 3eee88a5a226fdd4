"""Chinese builders for changes and chat shapes: what a verb of change, a move, a start or an end gives.

"我改做策划了", "升支行副行长了", "从深圳搬回长沙了", "去新加坡读书了", "base北京",
"布丁前两天去世了", "养了两只仓鼠，布丁和奶糖", "我最爱吃的是烤串". Each builder takes the
match of a rule in ``rules_zh`` and returns the facts, values cleaned by ``rules_zh_values``.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.kin_values import counted
from vaultweave.weaver.extract.rules_text import Build, Fact
from vaultweave.weaver.extract.rules_zh_values import (
    HABITS,
    JOB_HEADS,
    PETS,
    PLACES_ZH,
    cleaned,
    is_place,
    leading_place,
    number_of,
    org_of,
    place_of,
    school_of,
    title_of,
)
from vaultweave.weaver.extract.words_zh import tags


def thing(raw: str) -> str:
    """喜欢喝绿茶 -> 绿茶, 我妈做的红烧肉 -> 红烧肉: the liked thing, not the act or its maker."""
    return re.sub(r"^(?:吃|喝)(?=..)|^[^，,的]{1,4}(?:做|煮|烧|包)的(?=..)", "", raw.strip())


FAVOURITE_VERBS = {"吃": "food", "喝": "drink", "看": "movie", "听": "music", "玩": "game", "读": "book"}


def favourite_verb(m: re.Match[str]) -> list[Fact]:
    """我最爱吃的是烤串: the favourite food (喝 drink, 看 movie, 听 music, 玩 game)."""
    value = cleaned(thing(m.group("v")))
    return [Fact(f"favourite_{FAVOURITE_VERBS[m.group('verb')]}", value, Op.ASSERT, 0.85)] if value else []


def habit_quit(value: str) -> str | None:
    """The habit a thing given up is ("烟": smokes, "酒" and "喝酒": drinks), or None for a liking."""
    return {"烟": "smokes", "酒": "drinks"}.get(value) or HABITS.get(value) or HABITS.get("喝" + value)


def off_limits(m: re.Match[str]) -> list[Fact]:
    """ "牛肉面以后是吃不成了", "奶茶和酒都不让碰了", "医生不让我喝酒了": each thing no longer had ends
    a liking of it (and its favourite, by the resolver's families); 烟 and 酒 end the habit."""
    facts = []
    for raw in re.split(r"[和跟、与]", m.group("v")):
        value = cleaned(thing(raw))
        habit = habit_quit(value) if value else None
        facts += [Fact("habit", habit, Op.RETRACT, 0.8)] if habit else [Fact("likes", value, Op.RETRACT, 0.7)] if value else []
    return facts


def work_as(m: re.Match[str]) -> list[Fact]:
    """我改做策划了 (any line of work after a verb of change), 我做运营 / 我当老师 (a known title)."""
    title = title_of(m.group("t"))
    if not title or not (m.group("change") or title.endswith(JOB_HEADS)):
        return []
    return [Fact("job_title", title, Op.ASSERT, 0.85 if m.group("change") else 0.8)]


def promoted(m: re.Match[str]) -> list[Fact]:
    title = title_of(m.group("t"))
    return [Fact("job_title", title, Op.ASSERT, 0.85)] if title and title.endswith(JOB_HEADS) else []


_DOING = re.compile(r"(?:上课|上班|上学|出差|开会|加班|旅游|旅行|玩|读|学|打工|工作|实习|培训|考试|看|吃|住|过|待|呆|等)")


def only_place(attribute: str, conf: float) -> Build:
    """A value that must be a known place: 我在北京 / base上海 / 坐标深圳 (not 我在上课)."""
    def build(m: re.Match[str]) -> list[Fact]:
        value = place_of(m.group("v"))
        city = next((p for p in sorted(PLACES_ZH, key=len, reverse=True) if value and value.startswith(p)), "")
        town = leading_place(value) if value and attribute == "lives_in" else ""
        org = org_of(value) if town and value else None
        if org and not is_place(org) and not _DOING.match(org) and not any(t.startswith("v") for _, t in tags(org)):
            # 我在深圳腾讯: the town, and the company there (not 我在北京上课: what one does there)
            return [Fact("lives_in", town, Op.ASSERT, 0.7), Fact("employer", org, Op.ASSERT, 0.75)]
        if not value or not (is_place(value) or re.fullmatch(r"(?:[\u4e00-\u9fff]{1,4}[区县市镇])?", value[len(city):])):
            return []
        return [Fact(attribute, value if is_place(value) else city, Op.ASSERT, conf)]

    return build


def moved_from_to(m: re.Match[str]) -> list[Fact]:
    """从深圳搬回长沙了: the old place ends, the new one holds ("搬回老家西安": 西安)."""
    old, new = place_of(m.group("old")), place_of(re.sub(r"^(?:老家|家乡|老窝)", "", m.group("v")))
    if not new:
        return []
    return ([Fact("lives_in", old, Op.RETRACT, 0.8)] if old else []) + [Fact("lives_in", new, Op.ASSERT, 0.9)]


def went_to(m: re.Match[str]) -> list[Fact]:
    """去新加坡读书了: a place is where one lives now; a school or company is where one studies/works."""
    value = cleaned(m.group("v"))
    if not value:
        return []
    if is_place(value):
        return [Fact("lives_in", value, Op.ASSERT, 0.75)]
    if m.group("what") in ("工作", "上班", "报到", "入职"):
        org = org_of(value)
        return [Fact("employer", org, Op.ASSERT, 0.85)] if org else []
    school = school_of(value)
    return [Fact("studies_at", school, Op.ASSERT, 0.8)] if school else []


def pets_listed(m: re.Match[str]) -> list[Fact]:
    """养了两只仓鼠，布丁和奶糖: one fact per name given after the species."""
    species = PETS[m.group("sp")]
    names = [n for n in re.split(r"[和、跟]", m.group("names")) if 1 <= len(n) <= 4]
    count = number_of(m.groupdict().get("n") or "") or 0
    if len(names) < 2 or (count and count != len(names)):
        return []
    return [Fact("pet", f"{counted(1, species)} named {n}", Op.ASSERT, 0.8) for n in names]


NOT_PET_NAMES = re.compile(r"^(?:我|你|他|她|它|人|谁|这|那|都|也|就|快|差点|" + "|".join(
    ("妈", "爸", "爷", "奶", "姥", "外婆", "外公", "哥", "姐", "弟", "妹", "老公", "老婆", "朋友", "同事", "领导", "老板")) + ")")


def named_gone(m: re.Match[str]) -> list[Fact]:
    """布丁前两天去世了: ends the pet of that name, if there is one (the resolver matches the name)."""
    name = m.group("v")
    if NOT_PET_NAMES.match(name) or (m.group(0).endswith("死了") and _SO_MUCH.search(name)):
        return []  # "杭州今天热死了", "今天累死了": 死了 says how much, no one died
    return [Fact("pet", name, Op.RETRACT, 0.7)]


# Words after which 死了 means "so very" ("热死了", "笑死了", "烦死了").
_SO_MUCH = re.compile(r"(?:[热冷累饿困笑气忙烦吓痛疼急闷渴美帅丑馋撑挤晒懒穷酸甜辣咸苦臭香]|无聊|难受|尴尬|麻烦|郁闷|开心|"
                      r"高兴|紧张|羡慕|好吃|好看|好玩|难吃|难看|可爱)$")


