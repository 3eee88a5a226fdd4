"""A town told as one's own while talking of something else (Chinese).

People seldom say 我住在X: they ask for a vet or a restaurant in their town ("在杭州有没有靠谱的
宠物医院推荐", "求推荐几个绵阳好吃的素食餐厅", "X这周末有啥好玩的"), feel its weather ("咱X这天儿
零下三十度", "X九月还三十七度", "我们X天气就是好"), speak of it as the town at hand ("X这房租",
"X这个游泳馆") or as one of its people ("我们X人吃火锅嘛"), or come back to it only at the
weekend, oneself or one's partner ("我老公在合肥上班 周末才回南京": the family's home).
A known city in one of these frames is where the speaker lives, *assumed* (``towns_in_passing``:
it fills an empty slot and never replaces a home told). Not read: a trip (出差, 去X玩), a town
gone to or come from in the same sentence ("下周飞X", "从X过来"), a plan or a wish, a question
about moving, or a sentence about someone else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract.places_zh import city_at_end, city_at_start
from vaultweave.weaver.extract.span_reader import someone_else
from vaultweave.weaver.extract.trips import TRIP_ZH

_CJK = "\u4e00-\u9fff"
_NUMBER = r"[\d一二三四五六七八九十]+"
# What follows the town in the frames above (the town itself is the run of hanzi before it).
_FRAMES = (
    # its weather: "X今儿零下三十度", "X九月还三十七度", "X的天气就是好", "X的芒果季到了"
    rf"(?:的)?(?:今[天儿]|这天儿?|这几天|这两天|最近|{_NUMBER}月(?:份)?)?(?:还|都|又|才|已经|也|就)?(?:是)?"
    r"(?:零下)?(?:\d+|[一二三四五六七八九十]{2,})(?:多)?度",
    r"(?:的)?(?:天气|天儿|冬天|夏天|春天|秋天|梅雨季|雨季|回南天|[\u4e00-\u9fff]{1,2}季)"
    r"(?:就是|真是?|太|好|也|又|还|一直|总是|到了|来了|干|冷|热|闷)",
    # a local ask: "X这周末有啥好玩的", "在X有没有靠谱的宠物医院推荐", "X这边哪家宠物医院靠谱"
    r"(?:这周末|周末|本地|这边|附近|这块)?(?:有没有|有啥|有什么|有哪些|哪家|哪里有|哪儿有|哪个)"
    r"(?=.*(?:推荐|好玩|好吃|靠谱|值得|不错|正宗))",
    # one of its people: "我们X人", "咱X人"
    r"人(?=吃|喝|都|就|嘛|最|是|说|过|爱|[，,]|$)",
    # "X这…", the town at hand: "北京这房租我一个人扛不住", "青岛这个游泳馆说要装修", "重庆这山路"
    # (never "X这次/这趟", a visit)
    rf"这(?!次|趟|回|辈子|么|样)(?=[{_CJK}])",
)
_TOWN_THEN = re.compile(rf"(?P<said>[{_CJK}]{{2,6}}?)(?:{'|'.join(_FRAMES)})")
# "推荐几个X好吃的…", "推荐一下X本地的…": the town after the ask
_ASK_THEN = re.compile(rf"推荐(?:几个|几家|一下|个|些|点)?(?P<said>[{_CJK}]{{2,5}}?)"
                       r"(?:的|本地|好吃|好玩|靠谱|附近)")
# The town only as a place one goes to or comes from, or thought of
_GONE = r"(?:去|来|到|飞|回|往|从|离开|过去|过来|出发)"
_NOT_NOW = re.compile(r"想(?!问|请教|知道|找)|要是|如果|假如|打算|准备|考虑|计划|搬|以前|之前|当年|可能|也许")
_OWN_PEOPLE = re.compile(r"(?:我们|咱们?|俺们|阿拉)$")
_THEIRS_BEFORE = re.compile(r"(?:你|您|他|她)(?:们|那)?$")
# a guess about a town ("杭州这块机会应该多吧"); a question about the town at hand is a local ask
# ("东莞这边托班一般多少钱？")
_HEDGED = re.compile(r"机会|应该|听说")
# A clause that puts the speaker in a town: only then may the town be named again after it
_SPEAKER_IN = re.compile(r"(?:我|咱|俺)们?(?:现在|也|还|一直|都)*(?:在|住)")


# The home one (or one's partner) comes back to only at the weekend: "我老公在合肥上班 周末才回南京"
_WEEKEND_HOME = re.compile(rf"(?:周末|每个?周末|每周五|周五晚上)(?:都)?才回(?:到)?(?P<said>[{_CJK}]{{2,4}})")


def local_town(sentences: Sequence[str]) -> str:
    """The city a turn's ``sentences`` name in one of the frames above as the speaker's own,
    or "" (always "" in a turn that tells of a trip)."""
    turn = " ".join(sentences)
    weekend = _WEEKEND_HOME.search(turn)
    home = city_at_start(weekend.group("said")) if weekend else ""
    if home:
        return home.removesuffix("市")
    if any(TRIP_ZH.search(s) for s in sentences):
        return ""
    clauses = [c for c in re.split(r"[，,；;。!！~～\s]+", turn) if c]
    for at, clause in enumerate(clauses):
        if someone_else(clauses[at - 1] if at else "") or someone_else(clause):
            continue
        for match in (*_TOWN_THEN.finditer(clause), *_ASK_THEN.finditer(clause)):
            said = match.group("said")
            town = city_at_end(said)
            if not town or any(town in c and not _SPEAKER_IN.match(c) for c in clauses[:at]):
                continue  # "我表姐在贵阳 贵阳的天气…": the town is told of before, as someone's
            start = match.start("said") + len(said) - len(town)
            if _THEIRS_BEFORE.search(clause[:start]):
                continue  # "你们上海这边…": the town of the one spoken to
            if match.group(0).endswith("这") and _HEDGED.search(clause):
                continue  # "杭州这块机会应该多吧": a guess about a town, not one's own
            if match.group(0).endswith("人") and not _OWN_PEOPLE.search(clause[:start]):
                continue  # "X人" alone is where one is from (rules_zh reads it)
            if (_NOT_NOW.search(clause[:start]) or re.search(_GONE + town, turn)
                    or re.search(town + r"(?:出差|旅游|玩|过来|过去)", turn)):
                continue
            return town.removesuffix("市")
    return ""


__all__ = ["local_town"]
