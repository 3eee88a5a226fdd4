"""The school one attends, told with the city it is in or as what one attends.

"在济南上山大", "在台北读台大", "在新山读UTM": 在 names the city, and what is read or
attended there is the school (and the city where one lives). "读的是卢湾一中心小学" names
the school outright. Only a school's shape counts: a university's short name (山大, 台大), a
school word at the end (学院, 小学, 一中) or a Latin acronym (UTM, UofT: "在伦敦读UCL建筑硕士"
names the school, then the field). A level or a year
("在上海读研究生", "在北京上二年级") or a bare 大学 is no school: the city is then where one lives
("在青岛上大学" never stores the school "青岛上大学"). A school and its year typed as two
pieces ("武汉理工 大四", "初三 在南宁三中") are read as one.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.fields_of_study import field_zh
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule
from vaultweave.weaver.extract.rules_zh_values import LANGUAGES, is_place

_CJK = "\u4e00-\u9fff"
_SCHOOL = re.compile(
    rf"[{_CJK}]{{1,3}}大|[{_CJK}]{{1,8}}(?:大学|学院|中学|小学|高中|初中|附中|附小|[一二三四五六七八九十]中|实验|幼儿园|理工|师范|科大)"
    r"|[A-Z]{2,6}|" + r"(?=[A-Za-z]*[A-Z][a-z]*[A-Z])[A-Za-z]{3,6}"  # UCL, UofT
)
# Levels, years and kinds of study: what one is in, not where
_NOT_SCHOOL = re.compile(r"^(?:大学|中学|小学|高中|初中|[读上念]?大[一二三四]|研[一二三]|"
                         r"高[一二三]|初[一二三]|"
                         r"[一二三四五六]年级|研究生|本科|博士|硕士|博|研|大专|中专|夜大|电大|老年大学|"
                         r"MBA|MSc|PhD|EMBA|BSc|BEng|MEng|MPhil|MRes|LLB|LLM|BBA|DBA|MFA|MPH|MPA|MEd|BEd)$")
_WHERE = (r"^我?(?:现在|目前|也|还|已经|一直)*在(?P<p>[" + _CJK + r"]{2,4}?)(?:读|上|念)"
          r"(?P<v>[" + _CJK + r"A-Za-z]{2,10}?)了?$")


def school(value: str) -> bool:
    return bool(_SCHOOL.fullmatch(value)) and not _NOT_SCHOOL.match(value) and not is_place(value)


def _in_city(m: re.Match[str]) -> list[Fact]:
    city, value = m.group("p"), m.group("v")
    if _NOT_SCHOOL.match(value) and is_place(city):
        return [Fact("lives_in", city, Op.ASSERT, 0.7)]  # 在青岛上大学: a level, in the city one lives in
    if not school(value):
        return []
    home = [Fact("lives_in", city, Op.ASSERT, 0.65)] if is_place(city) else []
    return [Fact("studies_at", value, Op.ASSERT, 0.8), *home]


# A year of school after the school: "在杭州二中高一", "在乐山一中读高三", "华师新闻系大二"
_YEAR = r"(?:大[一二三四]|高[一二三]|初[一二三]|研[一二三]|[一二三四五六]年级)"
_SCHOOL_YEAR = (r"^我?(?:现在|目前|今年)?(?:是|在)?(?P<v>[" + _CJK + r"A-Za-z]{2,10}?)"
                r"(?:(?!大学|[学院])[" + _CJK + r"]{1,4}(?:系|专业))?"  # "俄语专业", never "大学俄语专业"
                r"(?:读|上|念)?" + _YEAR + r"(?:了|的|学生)?$")


def _school_year(m: re.Match[str]) -> list[Fact]:
    value = re.sub(r"^(?:就|也|还|要)?(?:上|读|念)(?=..)", "", m.group("v"))  # "就上松山湖实验小学一年级"
    if re.search(r"[他她它]", value):
        return []  # "她就上松山湖实验小学一年级了": someone else's school
    return [Fact("studies_at", value, Op.ASSERT, 0.8)] if school(value) else _school_and_field(value)


def _school_and_field(value: str) -> list[Fact]:
    """ "中科大物理", "武大日语": a school's short name, then the field read there."""
    for cut in range(len(value) - 2, 1, -1):
        rest = value[cut:]
        field = field_zh(rest) or (rest if rest in LANGUAGES else None)
        if school(value[:cut]) and field and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", rest) and not re.search(
                "[读念上]", rest):
            return [Fact("studies_at", value[:cut], Op.ASSERT, 0.75), Fact("studies", field, Op.ASSERT, 0.75)]
    return []


# "武汉理工 大四", "川大，研二": a school and the year one is in, typed as two pieces
_PIECES = re.compile(r"(?:^|(?<=[\s，,]))(?P<v>[" + _CJK + r"A-Za-z]{2,10})[\s，,]+(?P<y>" + _YEAR
                     + r")(?=$|[\s，,。!！])")


# "我初三 在南宁三中", "上高二了，在长沙一中": the year first, then the school
_YEAR_FIRST = re.compile(r"(?:上|读|念)?(?P<y>" + _YEAR + r")了?[\s，,]+在(?P<v>[" + _CJK + r"A-Za-z]{2,10}?)"
                         r"(?=$|[\s，,。!！])")


def school_and_year(sentence: str) -> str:
    """``sentence`` with a school and its year, typed apart, made one piece ("武汉理工大四",
    "在南宁三中初三")."""
    sentence = _YEAR_FIRST.sub(
        lambda m: f"在{m.group('v')}{m.group('y')}" if school(m.group("v")) else m.group(0), sentence)
    return _PIECES.sub(lambda m: m.group("v") + m.group("y") if school(m.group("v")) else m.group(0),
                       sentence)


def _letters_then_field(m: re.Match[str]) -> list[Fact]:
    if not school(m.group("v")) or field_zh(m.group("v")):
        return []  # "我读CS的": a field by its letters
    field = field_zh(m.group("f") or "")
    studied = [Fact("studies", field, Op.ASSERT, 0.75)] if field else []
    return [Fact("studies_at", m.group("v"), Op.ASSERT, 0.8), *studied]


RULES: tuple[Rule, ...] = (
    # "在伦敦读UCL建筑硕士", "读UCL的数据科学硕士": the school by its letters, then the field
    rule(r"^我?(?:现在|目前|也|还|已经|一直)*(?:在[" + _CJK + r"]{2,4})?(?:读|念)(?P<v>[A-Za-z]{2,6})的?"
         r"(?P<f>[" + _CJK + r"]{2,6}?)?(?:硕士|博士|本科|研究生|专业)?(?=$|[\s，,])", _letters_then_field),
    rule(_WHERE, _in_city),
    # "我在NUS读business", "在UBC读CS": a school by its letters, then what is read there
    rule(r"^我?(?:现在|目前|也|还|已经|一直)*在(?P<v>[A-Za-z]{2,6})(?=(?:读|念|修)(?!书|大学))",
         lambda m: [Fact("studies_at", m.group("v"), Op.ASSERT, 0.8)] if school(m.group("v")) else []),
    rule(_SCHOOL_YEAR, _school_year),
    # "武大日语系的", "我是华师新闻系的": a school, the department, and so the field
    rule(r"^我?(?:是)?(?P<v>[" + _CJK + r"]{3,10}?)系(?:的|学生)?$",
         lambda m: _school_and_field(m.group("v"))),
    # "读的是卢湾一中心小学", "上的是山大": the school, named as what one attends
    rule(r"^我?(?:现在)?(?:读|上|念)(?:的|个)是(?P<v>[" + _CJK + r"A-Za-z]{2,12}?)$",
         lambda m: [Fact("studies_at", m.group("v"), Op.ASSERT, 0.8)] if school(m.group("v")) else []),
)
