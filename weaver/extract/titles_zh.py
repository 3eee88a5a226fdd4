"""A line of work told by what one does rather than by its name.

- "在惠州教高中英语", "我教初中数学": one who teaches a subject (at a level) is its teacher
  (高中英语老师, 初中数学老师). Teaching someone ("教我儿子英语", "教孩子") names no job.
- "我就在青啤二厂上班，干化验员的": after a clause that names where one works, a piece that
  is only 干/做/当 and a title is the title.
- "在北京当保安，金盾物业的": after a clause that names a title, a piece that is only a company
  and 的 is the employer; a kind of work ("夜班的", "外包的") or a town ("铁岭的") is none.
- "我是渣打的analyst", "我是做real estate agent的": a trade said in English inside a Chinese
  clause is a title when its head word is one (``rules_text.is_job``); the workplace before 的 is
  the employer.
- "在成都开了家面馆 叫老蓉城小面", "在一间幼儿园当老师 叫「小太阳幼儿园」": the business
  one runs or works at, then its name, is the employer.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract import words_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact, Rule, clean_title, is_job, rule
from vaultweave.weaver.extract.rules_zh_values import JOB_HEADS, is_place, org_of, title_of

_SUBJECTS = (r"语文|数学|英语|英文|物理|化学|生物|历史|地理|政治|体育|音乐|美术|科学|信息技术|编程|"
             r"钢琴|小提琴|吉他|舞蹈|声乐|书法|瑜伽|游泳|日语|韩语|法语|德语|西班牙语|对外汉语|汉语|中文|华文|国文")
_LEVEL = r"幼儿园|小学|初中|高中|中学|大学|国中"
_TEACHES = (r"^我?(?:现在|目前|一直|自己|也|还|就)*(?:在(?P<at>[\u4e00-\u9fff]{2,8}?))?(?:当老师)?教"
            r"(?:了[^，,]{1,6}?)?"
            rf"(?P<v>(?:{_LEVEL})?(?:{_SUBJECTS}))(?:的)?$")
_ASIDE = re.compile(r"^(?:我)?(?:是)?(?:干|做|当)(?P<t>[^，,]{2,8}?)的?$")


def _teacher(m: re.Match[str]) -> list[Fact]:
    """The teacher of the subject; the town one teaches in (在惠州教高中英语) is home, the school
    (在多伦多大学教化学, 在县实验小学教英语) the employer, its kind the level (在一所初中教数学)."""
    at, subject = m.group("at") or "", m.group("v")
    if is_place(at):
        return [Fact("job_title", subject + "老师", Op.ASSERT, 0.75), Fact("lives_in", at, Op.ASSERT, 0.7)]
    # the kind of school, never a school's name ("多伦多大学")
    level = re.fullmatch(rf"(?:[\u4e00-\u9fff]{{2,4}}的|一所|一个|一家)?(?P<l>{_LEVEL})", at)
    if level and not re.match(_LEVEL, subject):
        subject = level.group("l") + subject
    employer = org_of(at) if at and not re.search(r"一所|一个|一家|的", at) else None
    return [Fact("job_title", subject + "老师", Op.ASSERT, 0.75),
            *([Fact("employer", employer, Op.ASSERT, 0.75)] if employer and employer != at[-2:] else [])]


# the English words of the title, and any talk after it ("pilot 常常飞")
_LATIN_TITLE = r"(?P<t>[A-Za-z][A-Za-z ]{1,30}?)(?:\s+[\u4e00-\u9fff].*)?"


def _latin_title(m: re.Match[str]) -> list[Fact]:
    """A title said in English ("pilot", "property agent"), with the workplace said before it."""
    title = clean_title(m.group("t"))
    if not title or not is_job(title):
        return []
    employer = org_of(m.group("org")) if m.groupdict().get("org") else None
    return [Fact("job_title", title, Op.ASSERT, 0.8),
            *([Fact("employer", employer, Op.ASSERT, 0.8)] if employer and not is_place(employer) else [])]


# "我一个程序员写代码都没这么被骂过", "我一个当老师的": the speaker
# named by their trade in passing, with talk after it run on
_ONE_OF = (r"^我(?:一个|这个|一介|一枚)(?:在(?P<org>[A-Za-z\u4e00-\u9fff]{2,8}?)的)?"
           r"(?:穷|小|普通的?|苦逼的?)?(?:当|做|干)?(?P<rest>[\u4e00-\u9fff].*)$")


def _one_of(m: re.Match[str]) -> list[Fact]:
    """The title that opens what follows 我一个 (the longest piece of a few hanzi that ends as
    titles do; a trade in English is left, its Chinese name unknown), and the workplace before it."""
    rest = m.group("rest")
    ends = [k for k in range(2, min(len(rest), 6) + 1)
            if rest[:k].endswith(JOB_HEADS) and re.fullmatch(r"(?!人)[^在的了着去\W\dA-Za-z]+", rest[:k])]
    title = rest[: ends[-1]] if ends else ""
    if not title or title in ("学生", "大学生"):
        return []
    employer = org_of(m.group("org")) if m.group("org") else None
    return [Fact("job_title", title, Op.ASSERT, 0.75),
            *([Fact("employer", employer, Op.ASSERT, 0.75)] if employer and not is_place(employer) else [])]


RULES: tuple[Rule, ...] = (
    rule(_ONE_OF, _one_of),
    rule(_TEACHES, _teacher),
    # "我是星展的teller", "我老公是SIA的pilot" (read as the husband's own clause)
    rule(r"^我(?:现在|目前|也|就)*是(?P<org>[A-Za-z0-9\u4e00-\u9fff&]{2,12}?)的" + _LATIN_TITLE + "$",
         _latin_title),
    # "我是做property agent的", "我当nanny的"
    rule(r"^我(?:现在|目前|也|就)*(?:是)?(?:做|当|干)(?:个|一个)?" + _LATIN_TITLE + "(?:的)?$", _latin_title),
)


def title_aside(pieces: list[str], facts: list[Fact]) -> list[Fact]:
    """A piece that is only a title after a clause that names the employer ("干化验员的")."""
    employer = next((f for f in facts if f.attribute == "employer" and f.op is Op.ASSERT), None)
    if employer is None or any(f.attribute == "job_title" for f in facts):
        return []
    for piece in pieces:
        found = _ASIDE.match(piece.strip())
        title = title_of(found.group("t")) if found else None
        if title and title.endswith(JOB_HEADS):
            return [replace(employer, attribute="job_title", value=title, confidence=0.75)]
    return []


_OWNED_BY = re.compile(r"(?P<v>[\u4e00-\u9fffA-Za-z]{2,8})的")
# what 的 after a job tells of its kind, not of whose it is
_KINDS_OF_WORK = frozenset(("夜班", "白班", "全职", "兼职", "临时", "外包", "正式", "编制", "合同工",
                            "派遣", "自己", "国企", "私企", "外企", "央企", "事业单位", "个体", "私人",
                            "家里", "亲戚", "朋友"))
_COMPANY_TAGS = frozenset(("n", "nr", "nz", "nt", "j", "ns", "nrt", "eng"))


def employer_aside(pieces: list[str], facts: list[Fact]) -> list[Fact]:
    """A piece that is only a company and 的 after a clause that names a title ("当外卖骑手，美团的")."""
    title = next((f for f in facts if f.attribute == "job_title" and f.op is Op.ASSERT), None)
    if title is None or any(f.attribute == "employer" for f in facts):
        return []
    for piece in pieces[:2]:
        found = _OWNED_BY.fullmatch(piece.strip())
        value = found.group("v") if found else ""
        tags = words_zh.tags(value)
        if (not value or value in _KINDS_OF_WORK or is_place(value) or not tags
                or tags[-1][1] not in _COMPANY_TAGS or org_of(value) != value):
            continue
        return [replace(title, attribute="employer", value=value, confidence=0.7)]
    return []


# jieba's tags of a word that names an organisation and little else (腾讯 nz, 工行 j, 中信 nt);
# "n" and "nr" are left out: they tag 银行, 医院, 幼儿园 as often as 美团 or 华为; and a Latin word
# before a title is its field ("AI训练师", "Java开发", "HR专员"), as is a subject ("华文老师")
_NAMED_ORG_TAGS = frozenset({"nz", "nt", "j", "nrt"})


# "五金店老板", "鞋厂老板": the owner of a kind of business, which names no employer
_OWNS_A_KIND = re.compile(r"[\u4e00-\u9fff]{1,6}(?:店|馆|厂|部|摊|铺|民宿|客栈|工作室)"
                          r"(?:老板|老板娘|店主|厂长)")


def employers_in_titles(facts: list[Fact]) -> list[Fact]:
    """A title said with the organisation before it ("我是工行柜员", "腾讯产品经理一枚"): the
    employer and the title, when the sentence told no employer of the same person itself."""
    employed = {(f.about, f.name) for f in facts if f.attribute == "employer"}
    out: list[Fact] = []
    for fact in facts:
        splits = fact.attribute == "job_title" and fact.op is Op.ASSERT
        splits = splits and (fact.about, fact.name) not in employed
        words = words_zh.tags(fact.value) if splits else ()
        if len(words) >= 2 and words[0][1] in _NAMED_ORG_TAGS and 2 <= len(words[0][0]) <= 4:
            org, title = words[0][0], fact.value[len(words[0][0]):]
            if (org_of(org) == org and not is_place(org) and len(title) >= 2 and title.endswith(JOB_HEADS)
                    and not re.fullmatch(_SUBJECTS, org) and not _OWNS_A_KIND.fullmatch(fact.value)):
                out += [replace(fact, value=title), replace(fact, attribute="employer", value=org)]
                continue
        out.append(fact)
    return out


# A business one runs or works at, then its name: "开了家面馆 叫老蓉城小面"
_BUSINESS_NAMED = re.compile(
    r"(?:开|在)[^。！？!?叫]{0,14}?(?:店|馆|餐厅|冰室|幼儿园|工作室|公司|诊所|律所|事务所|民宿|客栈|饭店|补习班)"
    r"[^。！？!?叫]{0,10}?(?:名字|店名)?(?:就)?叫(?:做)?\s*[「“\"『]?(?P<org>(?![我你他她])[^」”\"』，,、。！!？?\s]{2,20})"
)


def business_named(sentence: str, facts: list[Fact]) -> list[Fact]:
    """The employer named after the business the speaker runs or works at, when the sentence's
    clauses told no employer of the speaker."""
    found = _BUSINESS_NAMED.search(sentence)
    org = org_of(found.group("org")) if found else None
    # "我从超级猩猩出来了 …开了个私教工作室 叫「铁憨憨健身」": an employer ended is no employer told
    told = any(f.attribute == "employer" and f.op is Op.ASSERT and not f.about and not f.name for f in facts)
    if not org or told or any(f.about or f.name for f in facts):
        return []
    return [Fact("employer", org, Op.ASSERT, 0.75)]
