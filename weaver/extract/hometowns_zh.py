"""Where a Chinese speaker is from, told by the way home rather than by "我是X人".

The 老家 (the family's home town) is named in passing, whatever the clause is about: a wish
("要是做不起来就回义乌老家"), someone living there ("我妈一个人住在绍兴老家", "孩子在老家邵阳跟他
奶奶"). Parents pulling a child back name it too ("我妈天天催我回湛江考编", "我媽一直問我什麼時候回
台南"), and so does the trip home for the New Year ("过年回湛江开了八个钟"). A 老家 that is
someone else's ("我老公的老家", "他老家") or a town that is no known town names nothing of the
speaker's.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_zh import known_city
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.span_reader import someone_else

_CJK = "\u4e00-\u9fff"
# Whose 老家 it is when not one's own: "他老家", "我老公的老家", "婆家", "女朋友小芳在老家邵阳"
_THEIRS = re.compile(r"(?:他|她|他们|她们|老公|老婆|媳妇|对象|男朋友|女朋友|男友|女友|同事|朋友|室友|"
                     r"婆婆|公公|岳父|岳母|丈母娘)"
                     r"(?:[小阿老][\u4e00-\u9fff]{1,2}|[A-Z][a-z]+)?的?$")  # or one of them by a pet name
_HOME_TOWN = (
    re.compile(rf"(?P<town>[{_CJK}]{{2,4}}?)老家"),
    re.compile(rf"老家(?:是|在|就在|就是)?(?P<town>[{_CJK}]{{2,4}})"),
    # the family pulling one back: "我妈一直让我毕业回成都", "爸妈催我回湛江考编"
    re.compile(rf"(?:爸|妈|爸妈|父母|家里人?|老人)[^，,。!！?？]{{0,8}}?(?:让|催|叫|劝|喊|问|盼)我"
               rf"[^，,。!！?？]{{0,8}}?回(?:到)?(?P<town>[{_CJK}]{{2,4}})"),
    # the trip home for the New Year
    re.compile(rf"过年(?:的时候)?(?:我)?(?:要|得)?回(?:了|到)?(?P<town>[{_CJK}]{{2,4}})"),
)


def hometown_told(sentence: str) -> list[Fact]:
    """The speaker's home town ``sentence`` names on the way home, if any."""
    for pattern in _HOME_TOWN:
        for match in pattern.finditer(sentence):
            said = match.group("town")
            town = next((said[:n] for n in (4, 3, 2) if len(said) >= n and known_city(said[:n])), "")
            before = sentence[: match.start() if pattern is _HOME_TOWN[1] else match.start("town")]
            if pattern is _HOME_TOWN[0]:  # the town right before 老家: its longest known ending
                town = next((said[-n:] for n in (4, 3, 2) if len(said) >= n and known_city(said[-n:])), "")
                before = sentence[: match.end("town") - len(town)]
            clause = re.split(r"[，,。!！?？\s]", sentence[: match.start()])[-1]
            if pattern is _HOME_TOWN[3] and (someone_else(clause) or _THEIRS.search(clause)):
                continue  # "我老公过年回湛江": his trip home
            whose = re.sub(r"老家(?:是|在|就在|就是)?$", "", before).rstrip("在回去到的")
            if town and not _THEIRS.search(whose):
                return [Fact("hometown", town.removesuffix("市"), Op.ASSERT, 0.7)]
    return []


# "35 广州人", "喝啊 乌龙茶 厦门人嘛", "我槟城人来的": a town's people said as a piece of its own
# (or after 我 / 我是 / 我系), which in chat is the speaker introducing themself
_ONES_PEOPLE = re.compile(rf"(?:^|[\s，,。!！~～])(?:我|俺)?(?:是|系)?(?P<town>[{_CJK}]{{2,4}}?)人"
                          rf"(?:来的|嚟㗎|嘛|啦|哦|呀|啊|的|哈|咯)?(?=$|[\s，,。!！~～])")


def said_alone(sentence: str) -> list[Fact]:
    """The speaker's home town told as "<town>人" standing alone, when the town is a known one."""
    for match in _ONES_PEOPLE.finditer(sentence):
        if known_city(match.group("town")):
            return [Fact("hometown", match.group("town"), Op.ASSERT, 0.75)]
    return []


def beside(sentence: str, facts: list[Fact]) -> list[Fact]:
    """``hometown_told`` (or ``said_alone``) when ``facts`` (the sentence's) give the speaker no home town."""
    if any(f.attribute == "hometown" and not f.about and not f.name for f in facts):
        return []
    return hometown_told(sentence) or said_alone(sentence)
