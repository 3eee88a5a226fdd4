"""A Chinese transfer to another workplace: the place one is sent to is the new employer.

"这学期被轮岗调去十四中了", "我被调到城南那边的实验二小了", "单位把我调到市一医院" name the
school or hospital one now works at. Only a name with the shape of a workplace counts (a
school word, 医院, 局, 所...): "调到夜班" is a shift, and "调到上海" or "调到上海分公司" a town or a
branch of the same employer, none of them a new employer: one sent to another town lives
there now ("上礼拜调到兰州新项目了": 兰州). A transfer wished or weighed
("想调去", "可能调到") is no fact, nor one told of someone else ("我老公被调到…": his).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_zh import city_at_start
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule

_CJK = "\u4e00-\u9fff"
# The workplace's own word at its end: "十四中", "实验二小", "市一医院", "税务局"
_WORKPLACE = re.compile(
    rf"[{_CJK}A-Za-z0-9]{{0,10}}?(?:[一二三四五六七八九十\d]+中|中学|小学|[一二三四五六七八九十]小|附中|附小|学校|"
    r"幼儿园|医院|卫生院|分局|局|所|中心|研究院|站)"
)
# The part of a school one is placed in, dropped: "实验中学初中部" -> "实验中学"
_SECTION = re.compile(r"(?:初中部|高中部|小学部|本部|分部|校区)$")


# A site of the same employer in another town: "调到兰州新项目了", "把我调到重庆分部"
_SITE = re.compile(r"(?:新|的)?(?:项目部?|分公司|分部|分行|分院|总部|基地|办事处|工地|厂区|仓库|"
                   r"研发中心|那边)?")


def _sent_to(m: re.Match[str]) -> list[Fact]:
    place = _SECTION.sub("", m.group("to"))
    town = city_at_start(place)
    if town and _SITE.fullmatch(place[len(town):]):
        return [Fact("lives_in", town.removesuffix("市"), Op.ASSERT, 0.75)]  # sent to live and work there
    if not _WORKPLACE.fullmatch(place):
        return []
    return [Fact("employer", place, Op.ASSERT, 0.8)]


RULES: tuple[Rule, ...] = (
    rule(rf"^我?(?:这(?:学期|周|个月)|新学期|开学|上个?月|今年)*(?:就|也)?(?:被|(?:[{_CJK}]{{0,4}})?把我)?(?:轮岗)?"
         rf"(?:调|派|借调|下派)(?:到|去|至|往)了?(?:[^，,的]{{1,6}}?(?:那边|这边)的)?"
         rf"(?P<to>[{_CJK}A-Za-z0-9]{{2,14}}?)(?:了|报到|上班|工作|教书|当[{_CJK}]{{1,4}}|$)", _sent_to),
)
