"""Where one lives, told by one's home rather than by 住.

"租的房子在郑东新区", "房子买在曲江", "我现在的家在望京", "在上海长宁租了个一室户", "住郑东新区":
the flat one rents or owns, or the home one names, is where one lives. The place must look
like one (a known place, a place first, or a district's ending): "房子在装修" and "家在楼上"
name none. "就在我们福州家楼下" names the home by its town wherever in the clause, never a
hometown (老家) or a wish.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.districts_zh import cities_of
from vaultweave.weaver.extract.places_zh import EVERYDAY_WORDS
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule
from vaultweave.weaver.extract.rules_zh_values import HK_DISTRICTS, is_place, place_of

_CJK = "\u4e00-\u9fff"
# A place's own ending: a district, county, town or village ("郑东新区", "凤山区", "沙子口村").
_PLACE_END = re.compile(r"(?:新区|区|县|镇|乡|村|市|路|街)$")  # 学府路: a road one rents on
_NOT_PLACE = re.compile(r"^(?:附近|隔壁|楼|一起|这|那|得|不|在|了|过|着|哪|公司|单位|学校|医院|装修|"
                        r"市中心|老家)"
                        r"|[院宿校店馆舍楼]$")
# the flat (房子), or the home one has now (现在的家); a bare 家 is as often where one is from
_HOME = (r"^(?:我|我们)?(?:现在|目前|也|就|一直)*(?:的)?"
         r"(?:(?:租的|买的|住的|自己的)?房子?|(?<=现在)的?家|住的家)"
         r"(?:是|就|也)*"
         r"(?:租|买)?(?:的)?(?:就|也)?在(?P<v>[" + _CJK + r"A-Za-z]{2,8}?)(?:那边|这边|附近|一带|那块)?$")


# A piece that names the home starts a clause of its own ("今年三十二了 房子买在曲江").
STARTS_CLAUSE = re.compile(r"^(?:租的|买的|住的)?房子?(?:是|就|也)*(?:租|买)?(?:的)?(?:就|也)?在"
                           r"|^(?:跟|和)[^，,在]{1,4}在[^，,]{2,8}?租")  # "跟对象在学府路租了个一居"


# Where one works or a stop on the way is no home: "每天从公司过去", "从地铁站过去".
_WORKPLACE = re.compile(r"公司|单位|学校|医院|工地|地铁站|车站|站|店|厂|家|宿舍|这|那|哪")
_LATIN_PLACE = re.compile(r"[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*")


def placeish(value: str) -> bool:
    """A place by name: known, an urban district of the table (石景山), opening with a known
    place (上海长宁), or by a district's ending."""
    if not value or _NOT_PLACE.search(value):
        return False
    return (is_place(value) or (bool(cities_of(value)) and value not in EVERYDAY_WORDS)
            or any(is_place(value[:n]) for n in (2, 3) if len(value) - n >= 2)
            or bool(_PLACE_END.search(value)) or bool(_LATIN_PLACE.fullmatch(value)))


def _home(m: re.Match[str]) -> list[Fact]:
    value = place_of(m.group("v"))
    return [Fact("lives_in", value, Op.ASSERT, 0.7)] if value and placeish(value) else []


def _home_commuted(m: re.Match[str]) -> list[Fact]:
    """Where one lives, told by the way to work from it: said with 住, any place-like name
    ("住回龙观"); said only as where one sets out from each day, a home assumed."""
    value = place_of(m.group("v"))
    if not value or _NOT_PLACE.search(value) or _WORKPLACE.search(value):
        return []
    lived = m.group("lived") is not None
    if m.group("near") and not lived and m.group("near") != "通勤":
        return []  # "每天从X近": no way to work told
    if not lived and not placeish(value) and not re.fullmatch(rf"[{_CJK}]{{2,4}}", value):
        return []
    return [Fact("lives_in", value, Op.ASSERT, 0.7 if lived else 0.6, assumed=not lived)]


# "住望京通勤去国贸", "我们住Coquitlam 开过去二十分钟", "每天从回龙观过去一个半小时",
# "每天从徐汇到张江单程一个半小时", "从竹北通勤过去": the home one sets out from to work, told
# beside whatever else the clause says
_COMMUTE = re.compile(
    r"(?:(?P<lived>住)(?!院|宿|校|在|了|过|着|得|的)|(?:每天|天天|平时|每次)(?:早上)?从|"
    r"从(?=[^，,]{2,10}?通勤))"
    r"(?P<v>[" + _CJK + r"A-Za-z][" + _CJK + r"A-Za-z ]{1,14}?)\s*"
    r"(?:(?P<near>通勤|(?<!附)(?:算|挺|很|比较)?近)|"
    r"(?:每天|天天)?(?:开车|开|骑车|坐地铁|坐公交|坐车|搭地铁|搭MRT|MRT|地铁|走路)?"
    r"(?:过去|到公司|去公司|去上班|上班|去[^，,]{1,20}?要|到[^，,]{1,20}?(?:要|单程|来回|通勤)))"
)
_NOT_NOW = re.compile(r"如果|要是|假如|以前|之前|想|打算|准备|他|她")


def commuted(clause: str) -> list[Fact]:
    """The speaker's home told by the way to work from it, in any piece of ``clause``."""
    for piece in clause.split("，"):
        match = _COMMUTE.search(piece)
        if match and not _NOT_NOW.search(piece[: match.start()]):
            found = _home_commuted(match)
            if found:
                return found
    return []


def _town_at_end(said: str) -> str:
    """The longest known town ``said`` ends with ("湖南邵阳": 邵阳), or ""."""
    return next((said[-n:] for n in (4, 3, 2) if len(said) >= n and is_place(said[-n:])), "")


def _home_in(m: re.Match[str]) -> list[Fact]:
    value = m.group("v")
    return [Fact("lives_in", value, Op.ASSERT, 0.65)] if is_place(value) else []


# Chat's name for one who moved to a big city to work there: 北漂 lives in Beijing
_DRIFTED_TO = {"北": "北京", "沪": "上海", "深": "深圳", "杭": "杭州", "广": "广州", "蓉": "成都"}


RULES: tuple[Rule, ...] = (
    # "现在北漂", "我一个人北漂": the city the chat word names (never "北漂过", "不想北漂了")
    rule(r"^我?(?:现在|目前|一个人|也|还|就|一直|在)*(?P<v>[北沪深杭广蓉])漂(?!过|不|了)(?:(?:了|中)?[^，,]{0,8})$",
         lambda m: [Fact("lives_in", _DRIFTED_TO[m.group("v")], Op.ASSERT, 0.7)]),
    # "嫁到苏州去了", "前年移民去了温哥华": the town one married or emigrated to is home
    rule(r"^我?(?:已经|也|早就|去年|前年|上年|早几年)*(?:远嫁|嫁|移民|移咗民|移了民)(?:到了?|去了?|咗去|咗)"
         r"(?P<v>[" + _CJK + r"A-Za-z]{2,8}?)(?:去|了|啦|咗|喇)*$", _home),
    # "(我妈)一个人住在绍兴老家", "(老头子)在上饶老家种地": one living in the family's town
    rule(r"^我?(?:一个人|现在|还|也|都|一直)*住?在(?P<v>[" + _CJK + r"]{2,6}?)老家(?!的)",
         lambda m: [Fact("lives_in", town, Op.ASSERT, 0.7) for town in [_town_at_end(m.group("v"))] if town]),
    # "租的房子在郑东新区", "房子买在曲江", "现在家在望京": the home's place
    rule(_HOME, _home),
    # "房子换到湖里区了", "家搬到了滨江": the home moved, said of the home
    rule(r"^(?:我|我们)?(?:的)?(?:房子|家)(?:也|已经|终于|总算|又)*(?:换到|换去|搬到|搬去)了?(?P<v>[" + _CJK
         + r"A-Za-z]{2,8}?)(?:那边|这边)?(?:了|啦)?$", _home),
    # "我们家在宾川有三十亩果园", "我家在安溪种铁观音": the family's land or trade is where it lives
    rule(r"^我(?:们)?家(?:就|也|一直)*在(?P<v>[" + _CJK + r"]{2,6}?)(?:有|开|种|养)", _home),
    # "终于搬进淡滨尼新家了": the new home's place, named before it
    rule(r"^我?(?:们)?(?:已经|终于|总算|刚|上周|上个?月)*搬(?:进了?|入|到)(?P<v>(?!了)[" + _CJK
         + r"A-Za-z]{2,6}?)的?(?:新家|新房|新屋|新居)",
         lambda m: [Fact("lives_in", v, Op.ASSERT, 0.8) for v in [place_of(m.group("v"))] if v]),
    # "在上海长宁租了个一室户", "跟对象在学府路租了个一居", "跟室友在望京合租一套两居": where the
    # flat one rented is
    rule(r"^我?(?:们)?(?:现在|目前|也|就)*(?:(?:跟|和)[^，,在]{1,4})?在(?P<v>[" + _CJK
         + r"A-Za-z]{2,8}?)(?:那边|这边|附近)?合?租了?"
         r"(?:个|一个|一间|一套|间|套)"
         r"[^，,]{0,6}?(?:室|房|户|厅|居|开间|公寓|单间|loft)", _home),
    # "我带安然搬回南岗我妈家住", "跟老公搬到了苏州": moved with someone, the speaker moved too
    rule(r"^我?(?:们)?(?:已经|也|就|上个?月|上周)*(?:带着?|跟|和)[^，,\s在]{1,4}?(?:一起|一块儿?)?(?:搬到|搬去|搬回|搬来)了?"
         r"(?P<v>[" + _CJK + r"A-Za-z]{2,10}?)(?:去|来)?(?:住|生活)?(?:了|啦)?$", _home),
    # "住郑东新区", "我现在住凤山区": a place of four or more after 住, known by its ending
    rule(r"^我?(?:现在|目前|也|就|还)*住(?!院|宿|校|在|了|过|着|得)(?P<v>[" + _CJK + r"]{4,6})$",
         lambda m: _home(m) if _PLACE_END.search(m.group("v")) else []),
    # "在烟台安顿下来了", "斯图加特安顿好了": settled in a town is living there
    rule(r"^(?!.*(?:想|要|打算|准备|希望|计划|如果|要是))我?(?:们)?(?:现在|已经|终于|总算|也|都|算是)*(?:人)?在?"
         r"(?P<v>[" + _CJK
         + r"A-Za-z]{2,8}?)(?:这边|那边)?(?:也|都|已经|终于|总算|算是)*"
         r"(?:安顿|安定|落脚|安家)(?:好|下来)?(?:了|啦|喇|(?<=下来)(?=$|[，,\s]))",
         lambda m: [Fact("lives_in", v, Op.ASSERT, 0.75)
                    for v in [place_of(m.group("v"))] if v and placeish(v)]),
    # "就在我们福州家楼下", "我杭州家里": the home named by its town, wherever in the clause
    rule(r"^(?!.*(?:老家|如果|要是|以前|之前))(?:.*?[^老])?(?:我们|我)(?P<v>[" + _CJK + r"]{2,3}?)的?家"
         r"(?:里|楼下|附近|门口|旁边|这边)",
         _home_in),
)


_DISTRICT = "|".join(sorted(HK_DISTRICTS, key=len, reverse=True))  # 九龙湾 before 九龙
_WORKED_IN = re.compile(rf"在(?P<d>{_DISTRICT})(?:那边|这边)?(?:做|当|上班|返工|打工|工作|实习)")
_HOMED_IN = re.compile(rf"(?:住|搬[到去来入进]?了?)(?:在)?(?P<d>{_DISTRICT})")


def told_first(facts: list[Fact], text: str = "") -> list[Fact]:
    """A turn's homes with those only inferred (the district of a workplace, a town's "here": 0.6
    or below) left out for a person whose home the same turn tells more surely ("我住回龙观…我在中关村
    一家AI公司当产品经理": 回龙观, not 中关村), an assumed home that is no town left out for a
    person the turn places in a town, and a district of Hong Kong that ``text`` names as where
    one works ("我在观塘做会计": a district is no town one lives in for working there)."""
    worked = {m.group("d") for m in _WORKED_IN.finditer(text)}
    worked -= {m.group("d") for m in _HOMED_IN.finditer(text)}  # "我住湾仔 也在湾仔上班"
    facts = [f for f in facts if not (f.attribute == "lives_in" and f.op is Op.ASSERT and f.value in worked)]
    homes = [f for f in facts if f.attribute == "lives_in" and f.op is Op.ASSERT]
    told = {(f.about, f.name) for f in homes if f.confidence >= 0.7}
    # an assumed home that is no known town (the district of one's shop: "在解放碑开了个火锅店")
    # gives way to a town the same turn names as the person's ("我们重庆人")
    towns = {(f.about, f.name) for f in homes if is_place(f.value)}
    return [f for f in facts if not (f in homes and (
        (f.confidence <= 0.6 and (f.about, f.name) in told)
        or (f.assumed and not is_place(f.value) and (f.about, f.name) in towns)))]
