"""What someone studies, the field and not the school: ``studies`` ("nursing", "会计").

"he's 2nd yr nursing at UST", "doing my masters in public health", "a bio major",
"学心理学的", "读电商的", "新闻系", "材料方向". The frames are loose in chat, so the field
itself must be one: a closed vocabulary of disciplines (a head word such as "engineering",
"science", "工程", "管理", or a field on its own such as "law", "会计"). "I study on the
metro", "学车", "doing business in Lagos" and "关系" are no fields. A language is a
``learning``, never a field here. The school, when the same words name it ("at UST"), is
``studies_at``.

Both tables are mention rules (``Grammar.mentions``): searched anywhere in a clause, so
they add to what the clause's own rule read, and a clause about someone else ("my son
Kwabena is in 2nd year at KNUST, engineering") gives that person's field.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.patterns_en import _learned as learned
from vaultweave.weaver.extract.rules_text import (
    Build,
    Fact,
    Rule,
    clean_org,
    each,
    languages,
    rule,
    things,
    words,
)
from vaultweave.weaver.extract.study_fields_en import field_en

# A word of a field: never a word that frames it ("i'm a bio major" is "bio").
_WORD = (r"(?!(?i:i|i'm|im|a|an|the|my|his|her|their|our|is|am|are|was|be|doing|at|in|on|for|so|and|"
         r"but|to|of|he|she|he's|she's|they)\b)[A-Za-z][\w.&'-]*")
_FIELD = r"(?P<field>" + _WORD + r"(?:\s+(?:and\s+|&\s+)?" + _WORD + r"){0,3}?)"
_AFTER = (r"(?=$|\s*[,.!?;(]|\s+(?:at|in|for|from|with|through|@|and|but|so|because|bc|lol|haha|now|too|part|"
          r"full|this|next|on|since)\b)")
_SCHOOL = r"(?:\s+(?:at|@|for)\s+(?P<org>[A-Z][\w.&'-]*(?:\s+(?:of\s+)?[A-Z][\w.&'-]*){0,3}))?"
_DEGREE = (r"(?:(?:a|an|my|the|his|her)\s+)?"
           r"(?:(?:part[- ]time|full[- ]time|online|new|first|second|third|final)\s+)*"
           r"(?i:masters?|master's|phd|doctorate|degree|bachelor'?s|diploma|course|ba|bsc|msc|ma|mba|btech|"
           r"b\.tech|certificate|postgrad|undergrad)")
_YEAR = (r"(?i:(?:\d(?:st|nd|rd|th)|first|second|third|fourth|fifth|final|last)[- ](?:yr|year)|"
         r"[1-5]00\s*l(?:evel)?|y[1-5]|year\s+[1-5])")


def switched_to(m: re.Match[str]) -> list[Fact]:
    """ "switched to computer science (as of today)": a field of study is now what one studies,
    a language what one learns ("ditched spanish, switched to japanese"), anything else a thing
    one now likes ("switched to oat milk")."""
    value = re.sub(r"\s+(?:as\s+of|from|since|starting)$", "", m.group("v").strip())
    field = field_en(value, False)
    if field:
        return [Fact("studies", field, Op.ASSERT, 0.75)]
    told = languages(value)
    if told and len(told) == 1 and told[0].lower() == value.lower():
        return [Fact("learning", told[0], Op.ASSERT, 0.7)]
    return [Fact("likes", v, Op.ASSERT, 0.7) for v in things(value)]


# What chat puts after a thing given up, and the app it was learned on
_CHAT_TAIL = re.compile(r"\s+(?:yaar|yar|o|sha|lah|la|na|bro|mate|lol|haha|tbh|tho|though|man)$",
                        re.IGNORECASE)
_LEARNED_ON = re.compile(r"^(?:(?:the|my)\s+)?(?:duolingo|babbel|memrise)\s+(?=[A-Za-z])", re.IGNORECASE)


def given_up(value: str) -> tuple[str, list[Fact]]:
    """What was given up, said plainly ("the german classes yaar" -> "the german classes",
    "duolingo welsh" -> "welsh"), and the endings of a language course given up: the
    learning, and the classes as a routine ("dropped the german classes")."""
    value = _LEARNED_ON.sub("", _CHAT_TAIL.sub("", value))
    course = re.fullmatch(r"(?:(?:the|my)\s+)?(?P<l>[A-Za-z]+)\s+"
                          r"(?:class(?:es)?|lessons?|course|thing|stuff)", value)  # "the spanish thing"
    if not course or not languages(course.group("l")):
        return value, []
    return value, [*(Fact("learning", v, Op.RETRACT, 0.85) for v in languages(course.group("l"))),
                   Fact("routine", re.sub(r"^(?:the|my)\s+", "", value), Op.RETRACT, 0.7)]


# A degree held, not one being studied: "I have a degree in law", "got my masters in 2019".
_HELD = re.compile(r"(?i:\b(?:got|have|has|had|finished|completed|graduated|did|earned)\b)")


def _studies_en(strict: bool, conf: float, unless: re.Pattern[str] | None = None) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        field = field_en(m.group("field"), strict)
        if not field or (unless is not None and unless.search(m.string, 0, m.start())):
            return []
        facts = [Fact("studies", field, Op.ASSERT, conf)]
        org = m.groupdict().get("org")
        school = clean_org(org) if org else None
        school = school and re.sub(r"^([a-z]\w*)\s+uni$", lambda u: f"{u.group(1).title()} University",
                                   school)
        return facts + ([Fact("studies_at", school, Op.ASSERT, conf - 0.1)] if school else [])
    return build


# What one picks up as a skill: a language, an instrument, a pastime in -ing ("picking up
# Portuguese", "picking up the ukulele", "picking up knitting")
_PICKED_UP = re.compile(r"(?:a\s+(?:bit|little)\s+of\s+|some\s+)?(?:[A-Z][a-z]+|(?:the\s+)?(?:piano|guitar|"
                        r"violin|cello|drums|ukulele|uke|saxophone|sax|flute|bass|trumpet|harp|banjo|mandolin)|"
                        r"[a-z]{3,}ing)(?=\s*$|\s*[,.!?]|\s+(?:again|now|too|lately|recently|online)\b)")


def learning_or_field(m: re.Match[str]) -> list[Fact]:
    """"I'm studying physiotherapy at Otago" is a field (and a school); "I'm studying
    Spanish" or "learning to code" is ``learning``."""
    if re.match(r"(?:for|towards?)\b", m.group("v"), re.IGNORECASE):
        return []  # "studying for my stats exam": an exam ahead, nothing learned by name
    if re.search(r"(?i:picking)\s+up\s+$", m.group(0)[: m.start("v")]) and not _PICKED_UP.match(m.group("v")):
        return []  # "picking up a second hand Ranger tomorrow", "picking up the kids": no skill
    studying = re.search(r"(?i:studying)\s+" + _FIELD + _SCHOOL + _AFTER, m.group(0))
    facts = _studies_en(False, 0.85)(studying) if studying else []
    return facts or each("learning", learned, 0.85)(m)


_I_EN = (r"(?:^|(?<=[\s,]))(?:I(?:'m|\s+am|'ve\s+been|\s+have\s+been)?|im|i'm|i\s+am)\s+"
         r"(?:(?:still|now|also|currently|just|really)\s+)?")
STUDIES_EN: tuple[Rule, ...] = (
    # "I study medicine", "studying law at Monash", "majoring in bio", "reading history at Durham"
    rule(r"(?i:" + _I_EN + r"|^)(?:study|studies|studying|majoring\s+in|major\s+in|reading)\s+"
         + _FIELD + _SCHOOL + _AFTER, _studies_en(False, 0.8)),
    # "doing my masters in public health", "start my masters in civil engineering", "a degree in design"
    rule(_DEGREE + r"\s+(?:in|of|on)\s+" + _FIELD + _SCHOOL + _AFTER, _studies_en(False, 0.8, _HELD)),
    # "doing nursing at UST", "doing supply chain diploma at sheridan", "doing agriculture at Makerere"
    rule(r"(?:^|(?<=[\s,]))(?i:doing)\s+" + _FIELD + r"(?:\s+(?i:diploma|degree|course|masters?|phd))?"
         + _SCHOOL + _AFTER, _studies_en(True, 0.75)),  # "doing psych at Hunter part time"
    # "2nd yr nursing at UST", "final year MBBS at Dow", "300L mechanical engineering for unilag"
    rule(r"(?:^|(?<=[\s,]))" + _YEAR + r"\s+(?:of\s+)?" + _FIELD + _SCHOOL.replace("[A-Z]", "[A-Za-z]")
         + _AFTER,
         _studies_en(False, 0.75)),
    # "doing a part-time masters at NUS": the school of a degree whose field is not said
    rule(r"(?:^|(?<=[\s,]))(?i:doing|studying|started|starting)\s+" + _DEGREE + _SCHOOL + _AFTER,
         lambda m: [Fact("studies_at", school, Op.ASSERT, 0.75)] if m.group("org") and (school := clean_org(
             m.group("org"))) else []),
    # "a second year PhD student in epidemiology at the University of Toronto", "a masters student of law"
    rule(r"(?:^|(?<=[\s,]))(?i:student|candidate)\s+(?:in|of)\s+" + _FIELD + _SCHOOL + _AFTER,
         _studies_en(False, 0.75)),
    # "a bio major", "nursing student", "my major is psych"
    rule(r"(?:^|(?<=[\s,]))(?:a\s+|an\s+)?(?:\w+[- ]year\s+)?" + _FIELD
         + r"\s+(?i:major|student|undergrad)\b", _studies_en(False, 0.75)),
    rule(r"(?i:\bmy\s+(?:\w+\s+)?major\s+is\s+)" + _FIELD + _AFTER, _studies_en(False, 0.8)),
)

# Chinese disciplines: a field ends with one of these ("临床医学", "车辆工程", "企管").
_ZH_HEADS = tuple(words(
    "医学 醫學 法律 法学 法學 会计 會計 计算机 計算機 软件 軟體 电商 "
    "电子商务 新闻 新聞 心理学 心理學 声乐 聲樂 材料 企管 资工 資工 "
    "园林 園林 工程 金融 经济 經濟 管理 设计 設計 美术 美術 音乐 音樂 "
    "护理 護理 药学 藥學 数学 數學 物理 化学 化學 生物 历史 歷史 哲学 "
    "哲學 建筑 建築 土木 机械 機械 电子 電子 通信 自动化 营销 行銷 "
    "教育 中文 汉语言 数据科学 數據科學 人工智能 统计 統計 采矿 地质 "
    "农学 兽医 口腔 中医 社会学 社會學 传媒 傳媒 广告 廣告 播音 表演 "
    "舞蹈 体育 國貿 国贸 财务 財務 旅游 食品 化工 电气 電機 信息 资管 "
    "資管 动画 動畫 影视 视觉传达 临床 公卫 公共卫生 计算生物 生科 生医 "
    "生醫 牙医 牙醫 药剂 藥劑 幼教 学前教育 外贸 商科 商学 商學 科学 科學 "))
_ZH_NOT = tuple(words("大学 中学 小学 上学 留学 同学 放学 开学 休学 退学 转学 入学 自学 教学 "
                      "关系 联系 體系 体系 派系"))
_ZH_LEVEL = r"(?:硕士|碩士|博士|本科|研究生|研|博|master|Master|MASTER|phd|PhD|PHD|MBA|mba)"


def field_zh(raw: str) -> str | None:
    """The field a Chinese phrase names, or None ("大三新闻" -> "新闻": the year is not the field)."""
    value = re.sub(r"^(?:大[一二三四五]|研[一二三]|[硕碩][一二三]|博[一二三四五]|[一二三四五]年级)", "",
                   raw.strip())
    value = re.sub(r"^[A-Z][A-Za-z]{1,5}(?=[\u4e00-\u9fff]{2})", "", value)  # "UCL建筑": the school first
    if not value or any(value.endswith(n) for n in _ZH_NOT):
        return None
    if re.fullmatch(r"[A-Za-z][A-Za-z .&-]*", value):
        return field_en(value, False)
    if len(value) > 8 or not any(value.endswith(h) for h in _ZH_HEADS):
        return None
    return value


def field_told_zh(m: re.Match[str]) -> list[Fact]:
    """"学心理学的" read as learning (group ``v`` "心理学的") is a field studied."""
    head, of, _ = m.group("v").partition("的")
    field = field_zh(head) if of else None
    return [Fact("studies", field, Op.ASSERT, 0.8)] if field else []


def _studies_zh(m: re.Match[str]) -> list[Fact]:
    field = field_zh(m.group("field"))
    return [Fact("studies", field, Op.ASSERT, 0.8)] if field else []


# A field is a run without the words that frame it, so a search finds the run just before
# 系 / 的 and not the whole clause before it.
_ZH_FIELD = (r"(?P<field>[A-Za-z][A-Za-z&]*(?:\s[A-Za-z&]+){0,3}?|"
             r"[^\s读讀念在是的了我你他她咱学學系所，,。！!？?～~、][^\s读讀念在是的了我你他她咱系所，,。！!？?～~、]{0,9}?)")
# A study told before in the clause ("读大一 学计算机", "读phd 做计算生物的").
_ZH_STUDYING = re.compile(r"读|讀|念|大[一二三四五]|研|本科|大学|大學|上学|博士|phd|PhD|master")


def _studies_zh_told(m: re.Match[str]) -> list[Fact]:
    return _studies_zh(m) if _ZH_STUDYING.search(m.string, 0, m.start()) else []


_ZH_END = r"(?=$|\s(?![A-Za-z])|[，,。！!？?～~、]|的)"
STUDIES_ZH: tuple[Rule, ...] = (
    # "学心理学的", "学临床医学的"
    rule(r"(?:学|學)" + _ZH_FIELD + r"(?:专业|專業|系)?的", _studies_zh),
    # "学的是电商", "读的是会计"
    rule(r"(?:学|學|读|讀|念)的是" + _ZH_FIELD + r"(?:专业|專業|系)?" + _ZH_END, _studies_zh),
    # "读电商的", "读临床医学", "讀資工", "读data science的master", "读数据科学硕士"
    rule(r"(?:读|讀|念|修)(?:着|緊|紧|了)?(?:个|個)?(?!大[一二三四五]?|研|博|书|書|高|初)" + _ZH_FIELD
         + r"(?:\s(?:year|yr|Y)\s?\d)?"  # "读business year 2"
         + r"(?:的?\s?(?:" + _ZH_LEVEL + r"|专业|專業|系|所)|" + _ZH_END + r")", _studies_zh),
    # "读大一 学计算机", "读phd 做计算生物的"
    rule(r"(?:学|學|做|搞)" + _ZH_FIELD + _ZH_END, _studies_zh_told),
    # "新闻系", "企管系", "資工所", "会计专业", "材料方向"
    rule(_ZH_FIELD + r"(?:系|专业|專業|所|方向)" + _ZH_END, _studies_zh),
)

__all__ = ["STUDIES_EN", "STUDIES_ZH", "field_told_zh", "learning_or_field"]


def degree_at(m: re.Match[str]) -> list[Fact]:
    """ "I'm doing my MSc in soil science at Wageningen": the school, and what is studied there
    (the field, or a degree that names it: a PhD, an MBA)."""
    degree = m.group("deg")
    field = m.group("field") or ""
    if re.match(r"(?:the|my|a)\s|(?:evenings|weekends|mornings|nights)\b", field):  # "an MBA in the evenings"
        field = ""
    field = field or (degree if degree.lower() in ("phd", "doctorate", "mba") else "")
    studied = [Fact("studies", field.strip(), Op.ASSERT, 0.8)] if field and len(field.split()) <= 4 else []
    return [Fact("studies_at", o, Op.ASSERT, 0.85) for o in [clean_org(m.group("org"))] if o] + studied
