"""Chinese clauses about other people, appointments and routines.

- "我姐姐周子琪住在奥斯陆" / "我哥是护士" / "我们女儿今年五岁": ``person`` reads the relation
  (and name) that opens the clause; the rest is read like the speaker's own clause and its
  facts are the other person's (about/name). "她是空姐" continues the person last named.
- "这周五下午三点看牙医" / "下周二下午两点有个面试": ``appointment`` (value = what,
  ``scheduled`` = when); "面试提前到这周五上午十点了" / "牙医改到下周一了" is a new
  appointment for the same thing; "后天上午十点去社保局登记，帮我记一下" (an errand at an hour the
  speaker asks to be reminded of) and "参加X"/"有个X" at an hour are appointments, and "不对，是下周五"
  right after one moves it.
- "我每周二晚上去练瑜伽" / "每周一三五下班去游泳": ``routine`` with its days in the value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from vaultweave.weaver.extract import dates_zh, routines_zh, words_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.events_en import IT, SAME_TIME
from vaultweave.weaver.extract.rules_text import EDGES, Fact
from vaultweave.weaver.extract.rules_zh_values import RECURRING, is_place

# Relation words, longest first in the pattern; values are the English relation.
RELATIONS = {
    "姐姐": "sister", "妹妹": "sister", "姐": "sister", "妹": "sister", "哥哥": "brother",
    "弟弟": "brother", "哥": "brother", "弟": "brother", "爸爸": "father", "爸": "father",
    "父亲": "father", "老爸": "father", "妈妈": "mother", "妈": "mother", "母亲": "mother",
    "老妈": "mother", "老公": "husband", "丈夫": "husband", "先生": "husband", "老婆": "wife",
    "妻子": "wife", "太太": "wife", "媳妇": "wife", "爱人": "spouse", "男朋友": "boyfriend",
    "男友": "boyfriend", "女朋友": "girlfriend", "女友": "girlfriend", "对象": "partner",
    "儿子": "son", "女儿": "daughter", "闺女": "daughter", "孩子": "child", "奶奶": "grandmother",
    "外婆": "grandmother", "姥姥": "grandmother", "爷爷": "grandfather", "外公": "grandfather",
    "姥爷": "grandfather", "最好的朋友": "friend", "好朋友": "friend", "朋友": "friend",
    "闺蜜": "friend", "室友": "roommate", "同事": "colleague", "领导": "boss", "老板": "boss",
    "上司": "boss", "阿姐": "sister", "家姐": "sister", "老姐": "sister", "老妹": "sister", "阿哥": "brother",
    "老哥": "brother", "老弟": "brother", "媳妇儿": "wife", "未婚妻": "fiance", "未婚夫": "fiance",
    # children by birth order: 大 the eldest, 小 and (northern) 老 the youngest
    "大儿子": "son", "小儿子": "son", "老儿子": "son", "二儿子": "son", "大女儿": "daughter",
    "小女儿": "daughter", "二女儿": "daughter", "大闺女": "daughter", "小闺女": "daughter", "老闺女": "daughter",
    # grandchildren, and children by the family's words for them (大宝 the first, 二宝 the second)
    "孙子": "grandson", "孙女": "granddaughter", "外孙": "grandson", "外孙女": "granddaughter",
    "大宝": "child", "二宝": "child",
    # cousins, on the mother's side (表) or the father's (堂)
    "表姐": "cousin", "表妹": "cousin", "表哥": "cousin", "表弟": "cousin", "堂姐": "cousin", "堂妹": "cousin",
    "堂哥": "cousin", "堂弟": "cousin",
    # the old couple's words for each other
    "老伴": "spouse", "老伴儿": "spouse", "老头子": "husband", "老太婆": "wife", "婆娘": "wife",
    # chat's words for a partner
    "男票": "boyfriend", "女票": "girlfriend",
    # a dorm mate, and Cantonese kin: 阿妈 and 老母 the mother, 阿爸 and 老豆 the father, 细佬 the brother
    "舍友": "roommate", "阿妈": "mother", "老母": "mother", "阿爸": "father", "老豆": "father", "细佬": "brother",
    "细妹": "sister", "阿妹": "sister",
    # in-laws, uncles and aunts, and the people of one's days, each their own person
    "婆婆": "mother_in_law", "公公": "father_in_law", "岳母": "mother_in_law", "丈母娘": "mother_in_law",
    "岳父": "father_in_law", "老丈人": "father_in_law", "嫂子": "sister_in_law", "弟媳": "sister_in_law",
    "小姑子": "sister_in_law", "姐夫": "brother_in_law", "妹夫": "brother_in_law", "叔叔": "uncle", "叔": "uncle",
    "舅舅": "uncle", "舅": "uncle", "伯伯": "uncle", "姑姑": "aunt", "小姨": "aunt", "姨妈": "aunt", "阿姨": "aunt",
    "爸妈": "parents", "父母": "parents", "发小": "friend", "同学": "classmate", "邻居": "neighbour",
    "前任": "ex", "前男友": "ex", "前女友": "ex", "师父": "mentor", "徒弟": "apprentice", "客户": "client",
    "小舅子": "brother_in_law", "大舅子": "brother_in_law", "外甥": "nephew", "侄子": "nephew", "外甥女": "niece",
    "侄女": "niece", "舅妈": "aunt", "婶婶": "aunt", "姑父": "uncle", "姨父": "uncle", "干妈": "godmother",
    "干爹": "godfather", "那口子": "spouse", "房东": "landlord",
    # northern and older speech: 我儿 my son; 我家那位 my other half
    "儿": "son", "家那位": "spouse",
    # southern speech: 我崽 my son (Hunan, Jiangxi), 我娃 my child (the northwest, Sichuan)
    "崽": "son", "娃": "child",
}
# The speaker's relation fact is named by the relation word, spouses and partners by kind.
_ATTRIBUTE = {"husband": "spouse", "wife": "spouse", "boyfriend": "partner", "girlfriend": "partner"}
# 儿 alone is the son only before what a person does ("我儿在上海读研"), not 儿时, 儿女
_REL = "|".join(sorted((r for r in RELATIONS if r != "儿"), key=len, reverse=True)) + r"|儿(?=在|是|今年|也|刚|已经|去|现在)"
# What follows a relative's name: a verb or a time word ("我哥段鹏在阿里", "我儿子朱小宝今年").
_AFTER_NAME = (
    r"(?=在|是|住|今年|也|说|对|最|上个?|刚|已经|去|搬|入职|跳槽|辞职|离职|怀孕|开|做|当|读|学|喜欢|爱|\d|"
    r"休学|退学|转学|辍学|毕业|"
    r"每(?:周|个|天|礼拜|星期|晚|早)|天天|周[一二三四五六日末]|礼拜[一二三四五六天日]|星期[一二三四五六天日]|"
    r"现在|最近|平时|今天|明天|后天|昨天|前天|下周|下个?月|这周|本周|定了|订了|约了|一起|商量|打算|准备|结婚|"
    r"(?:五一|十一|国庆|春节|过年|元旦|端午|中秋|年底|年后)(?=结婚|办|回|去|来|搬|生)|"
    r"[一二两三四五六七八九十]+[月号岁]|"
    # "我老公周磊三天前从顺丰那边辞了": a date or a verb of leaving after the name
    r"从|被|把|还|又|终于|辞|换|回|考|找|倒|却|前几天|前阵子|[一二两三四五六七八九十几\d]+个?(?:天|周|礼拜|星期|月|年)前|"
    # what only two people do: "跟男朋友阿杰吵架了", "跟对象小冉同居第二年了"
    r"吵|冷战|同居|闹|"
    # a plan after the name: "我姐曹雪要去新加坡了" (曹雪, not 曹雪要)
    r"要(?=去|来|搬|回|结婚|调|出国|考|生|做|当)|想(?=去|换|辞|搬|回|考|学))"
)
_NAME = r"[\u4e00-\u9fff]{2,3}?|阿[A-Za-z]+|[A-Z][A-Za-z]+(?: [A-Z][a-z]+)?"
# Family said without 我 at the start of a clause ("儿子查出来对猫过敏", "老公下个月调去深圳").
_BARE_FAMILY = "大儿子|小儿子|大女儿|小女儿|大闺女|小闺女|儿子|女儿|闺女|老公|老婆|媳妇|婆娘|老头子|男朋友|女朋友|男友|女友|男票|女票|老爸|老妈|对象|未婚妻|未婚夫|室友|舍友|闺蜜|孙子|孙女|外孙|大宝|二宝|阿妈|老豆"
_PERSON = re.compile(
    rf"^(?:我(?:们)?(?:自己)?(?:的|家)?|(?=(?:{_BARE_FAMILY})))(?P<rel>{_REL})(?:(?:叫|名叫|的名字是|的名字叫)(?P<called>{_NAME})(?:[，,]|$)"
    rf"|(?P<name>{_NAME}){_AFTER_NAME})?"
)
_NOT_NAMES = re.compile(
    r"^(?:他|她|它|这|那|一|二|两|三|四|五|六|七|八|九|十|几|前|后|今年|明年|倒|可|才|却|也|都|就|还|又|很|总|天天|每|现在|最近|今|昨|明|去年|上|下|在|正|刚|是|说|对|从|跟|和|来|去|"
    r"老家|老是|已经|以前|平时|自己|本来|查|发现|确诊|被|得|要|想|让|给|把|突然|居然|竟然|妈|爸|搬|住|开|的|"
    r"退休|退|生病|病|住院|出院|过世|去世|离开|回|嫁|移民|带|生日|过生日|当年|当初|那年|小时候|原来|"
    r"大学|高中|初中|小学|大专|研究生|话|讲|保研|考研|合伙|合租|合开|一起|一块|跳槽|辞职|离职|入职|换工作|"
    r"结婚|离婚|出差|加班|怀孕|怀了|怀上|孩子|儿子|女儿|小孩|娃|闺女|老公|老婆|爸妈|父母)"  # Cantonese 话 ("say"): "我细佬话想…"
)
_PRONOUN = re.compile(r"^(?:他|她)(?!们)")
# Someone met or to be met, not named as kin: "听说对方是中学老师，叫许棠" (a blind date)
# ("人家让我后天去社保局登记": whoever asks the speaker to do something is no one to read)
# the other side of a match, or the people one serves ("当事人是个外卖骑手", "客户是做外贸的")
OTHER_PARTY = re.compile(r"^(?:听说|据说|好像)?(?:对方|那人|那个人|男方|女方|当事人|客户|患者|病人|学员|租客|房客|顾客)"
                         r"(?!们)(?![^，,]{0,3}我)")
_OWN_SUBJECT = re.compile(r"^(?:我|俺)")
_CJK_TEXT = re.compile(r"[\u3400-\u9fff]")


def last_relative(text: str) -> str:
    """The relative a Chinese turn names last at the head of a clause ("老婆怀孕28周了": "my wife"),
    whom 她/他 in the next turn means even when no fact of theirs was read; "" when none."""
    found = ""
    for clause in re.split(r"[，,。！!？?；;\s]+", text if _CJK_TEXT.search(text) else ""):
        match = _PERSON.match(clause)
        found = f"my {RELATIONS[match.group('rel')]}" if match else found
    return found


def without_other_party(clauses: list[str]) -> list[str]:
    """``clauses`` without what is said of the other party, nor the clauses that go on about
    them without a subject of their own ("…，叫许棠": her name, not the speaker's)."""
    kept: list[str] = []
    aside = False
    for clause in clauses:
        aside = bool(OTHER_PARTY.match(clause)) or (aside and not _OWN_SUBJECT.match(clause))
        kept += [] if aside else [clause]
    return kept


@dataclass(frozen=True)
class Person:
    about: str
    name: str
    # named as company ("我跟老公在青岛买了房"): 他/她 next is them, a clause without a subject is not
    only_as_pronoun: bool = False


def person(clause: str, last: Person | None) -> tuple[Person, str, list[Fact]] | None:
    """(who, the clause as the speaker's own "我...", the relation fact) when a clause is about someone else."""
    match = _PERSON.match(clause)
    if match:
        name = match.group("called") or match.group("name") or ""
        end = match.end()
        if match.group("name"):
            name = _as_words_allow(clause[match.start("name"):], name)
            end = match.start("name") + len(name) if name else match.end("rel")
        if name and (_NOT_NAMES.match(name) or "我" in name):
            name, end = "", match.end("rel")  # 我们女儿今年五岁: no name, 今年 starts the rest
        words = words_zh.tags(clause[match.start("rel"):]) if not name else ()
        if words and RELATIONS.get(words[0][0], "boss") not in _OF_ONES_DAYS:  # jieba reads the relation
            name = _name_after(words, 0)  # "我男朋友阿杰一直劝我"
            end = match.end("rel") + len(name) if name else end
        rest = clause[end:].lstrip("，, ")
        who = Person(RELATIONS[match.group("rel")], name)
        attribute = _ATTRIBUTE.get(who.about, who.about)
        facts = [Fact(attribute, name, Op.ASSERT, 0.85)] if name else []
        return who, "我" + rest, facts
    if last is not None and _PRONOUN.match(clause) and _may_be(clause[0], last):
        return last, "我" + clause[1:], []
    doubled = _DOUBLED.match(clause)
    if doubled and doubled.group(1) not in RELATIONS and doubled.group(1) not in _NOT_DOUBLED:
        return Person("", doubled.group(1)), "我" + clause[2:], []
    return None


# (未婚夫 and 未婚妻 are both "fiance": no one's sex told)
_MEN = frozenset(("husband", "boyfriend", "brother", "father", "son", "grandfather", "uncle",
                  "father-in-law", "brother-in-law", "grandson", "nephew", "stepfather", "stepson"))


def _may_be(pronoun: str, last: Person) -> bool:
    """Whether 她 may mean ``last``: "老公是消防员…她在杭州当空姐" is someone else. 他 may mean
    anyone: it is written for either, and Cantonese 佢 is read as 他."""
    return not (pronoun == "她" and last.about in _MEN)


# A child's pet name doubles a character (豆豆, 朵朵, 乐乐); a clause it opens with what a child
# does or is ("朵朵对狗毛过敏", "乐乐每周六上钢琴课", "豆豆今年六岁") is about the child.
_DOUBLED = re.compile(
    r"^((?P<c>[\u4e00-\u9fff])(?P=c))(?=今年|都|才|已经|每|在|对|最|上(?!次|回)|去|学|读|喜欢|爱|不|没|是|现在|"
    r"平时|从|\d|[一二两三四五六七八九十]+岁|周[一二三四五六日末]|礼拜|星期|[^，,]{0,4}课)")
# doubled words that name no one: adverbs, one's baby, everyone
_NOT_DOUBLED = frozenset(("宝宝", "天天", "人人", "个个", "年年", "刚刚", "常常", "慢慢", "偷偷", "渐渐", "悄悄",
                          "好好", "默默", "稍稍", "往往", "白白", "早早", "仅仅", "统统", "紧紧", "轻轻", "乖乖",
                          "大大", "满满", "明明", "多多", "静静", "生生", "世世", "代代", "事事", "处处"))


_TOGETHER = re.compile(rf"^(?:跟|和|与|同)(?:我(?:的)?)?(?P<rel>{_REL})(?P<name>{_NAME})"
                       r"(?=在一起|同居|谈|恋爱|结婚|订婚|一起|住在一起|好了)")


def together_with(clause: str) -> tuple[Person, Fact] | None:
    """ "跟我女朋友周琪在一起三年了", "跟对象小冉同居第二年了": who the speaker is with, by name
    (她/他 after it is them), and the relation fact."""
    match = _TOGETHER.match(clause)
    name = _as_words_allow(clause[match.start("name"):], match.group("name")) if match else ""
    if not match or not name or _NOT_NAMES.match(name):
        return None
    who = Person(RELATIONS[match.group("rel")], name)
    return who, relation_fact(who, who.name)


_WITH = re.compile(rf"^我?们?(?:跟|和|同|与)(?:我的?|我家)?(?P<rel>{_REL})(?:(?P<name>{_NAME}){_AFTER_NAME})?")


def companion(clause: str, found: list[Fact]) -> Person | None:
    """ "我跟老公在青岛买了房", "我跟未婚妻卓玛定了10月2号办婚礼": the relative the speaker tells of
    doing something with, whom 他/她 in what follows names (by the name the clause gave them);
    else the relative the clause names further in."""
    match = _WITH.match(clause)
    if not match:
        return mentioned(clause)
    about = RELATIONS[match.group("rel")]
    attribute = _ATTRIBUTE.get(about, about)
    name = next((f.value for f in found if f.attribute == attribute and f.op is Op.ASSERT and not f.about), "")
    said = _as_words_allow(clause[match.start("name"):], match.group("name")) if match.group("name") else ""
    said = "" if _NOT_NAMES.match(said) or said in _NOT_DOUBLED else said
    heard = mentioned(clause) if not name and not said else None  # "跟老婆小雨吃饭": jieba's name
    return Person(about, name or said or (heard.name if heard and heard.about == about else ""), only_as_pronoun=True)


_NICKNAME = re.compile(r"(?:小|阿)[\u4e00-\u9fff]|([\u4e00-\u9fff])\1|[A-Z][a-z]+")


# People of one's days: named alone too often for the word after them to be a name, or for
# them to be who 她 is ("我发小在阿里当P7": no one called 阿里)
_OF_ONES_DAYS = frozenset(("boss", "client", "colleague", "friend", "classmate", "neighbour"))


def mentioned(clause: str) -> Person | None:
    """A relative named inside a clause rather than at its head ("周末想给老婆小雨做个宫保鸡丁",
    "陪我妈去医院"): whom 她/他 in the clauses after names (``_name_after``); the clause's own
    facts stay the speaker's. The last relative the clause names wins."""
    words = words_zh.tags(clause)
    found: Person | None = None
    for at, (word, _) in enumerate(words[1:], start=1):
        about = RELATIONS.get(word.removeprefix("我"))  # jieba's 我姐 is my sister
        name = _name_after(words, at) if about else ""
        if about is None or (about in _OF_ONES_DAYS and not name):  # "伴娘是我闺蜜小雅": by her name
            continue
        found = Person(about, name, only_as_pronoun=True)
    return found


def _as_words_allow(said: str, name: str) -> str:
    """``name`` (read at the start of ``said``) as jieba's words allow: none when it opens with
    a one-character verb or particle ("未婚夫订在10月": 订在), cut to the words it holds when
    it ends inside one ("女朋友小雨老说我": 小雨)."""
    at = 0
    for word, tag in words_zh.tags(said[:len(name) + 4]):
        if at == 0 and len(word) == 1 and tag[:1] in ("v", "p", "d", "c", "u"):
            return ""
        if at + len(word) > len(name):
            return name[:at] if at >= 2 else name
        at += len(word)
        if at >= len(name):
            break
    return name


def _name_after(words: tuple[tuple[str, str], ...], at: int) -> str:
    """The name right after the relation word ``words[at]`` (jieba's words and tags): a word
    tagged a person's, a 小/阿 or a doubled name; "" when none."""
    after, tag = words[at + 1] if at + 1 < len(words) else ("", "")
    if len(after) == 3 and words_zh.tags(after[2] + "".join(w for w, _ in words[at + 2:at + 3]))[:1] == (
            (after[2], "v"),):
        after, tag = after[:2], "nr"  # jieba's 李航改 of "帮男朋友李航改简历": 李航, and 改 the verb
    named = tag in ("nr", "nrfg") and 2 <= len(after) <= 3 or bool(_NICKNAME.fullmatch(after))
    return after if named and not _NOT_NAMES.match(after) and after not in _NOT_DOUBLED else ""


def relation_fact(who: Person, name: str) -> Fact:
    """The speaker's fact naming a relative: "sister" 程悦, "spouse" 刘敏."""
    return Fact(_ATTRIBUTE.get(who.about, who.about), name, Op.ASSERT, 0.85)


_CORRECTED = re.compile(rf"^(?:是|而是|其实是)(?:我)?(?P<rel>{_REL})(?:啦|呀|哦|哈|了|才对)*$")


def corrected_relative(clause: str) -> Person | None:
    """ "是妹妹啦" (after the assistant said 姐姐): the relative the next clauses are about."""
    match = _CORRECTED.match(clause)
    return Person(RELATIONS[match.group("rel")], "") if match else None


def about(facts: list[Fact], who: Person) -> list[Fact]:
    """The speaker-shaped facts of a clause, given to ``who``."""
    return [
        replace(f, confidence=round(f.confidence - 0.05, 2), about=who.about, name=who.name)
        for f in facts
        if f.attribute not in ("name", "note", "spouse", "partner") and f.attribute not in RELATIONS.values()
    ]


# -- appointments and routines ---------------------------------------------------------

_EVENT_LEAD = re.compile(r"^(?:我|我们)?(?:要|得|有个|有一个|有|约了|预约了|去|会|就)*")
_EVENT_NOISE = re.compile(r"^(?:还|也|都)?(?:要|得|有个|有一个|有|约了|预约了|就|会)+")
_EVENT_TAIL = re.compile(r"[，,].*$|(?:帮我|记得|提醒我|记一下|记着).*$")
_EVENTS = re.compile(
    r"(?:看牙医?|牙医|拔牙|体检|面试(?!官)|[一二三终]面|复查|[复覆回]诊|看病|看医生|验眼|验光|打[^，,]{0,6}?疫苗|打猫三联|看房|考试|开会|会议|"
    r"飞机|航班|机票|聚餐|约会|理发|答辩|面签|开庭|复试|"
    # "跟VP汇报", "跟导师meeting", "qualifying exam", "看骨科专家": a meeting, an exam, a specialist
    r"(?:跟|和|给)[^，,]{1,6}?(?:汇报|meeting|开会|面谈)|(?i:[a-z ]{0,20}(?:exam|meeting|interview|viva))|"
    r"看[\u4e00-\u9fff]{1,3}(?:科|专家|门诊)|"
    r"办(?:护照|签证|身份证|驾照|港澳通行证|通行证)|飞[\u4e00-\u9fff]{2,4}|"
    r"婚礼|家长会|签证|领证|拍婚纱照|婚纱照|[^，,]{0,6}?(?:博会|展会|博览会|车展|画展|展览|年会|发布会|音乐会|演唱会)|换驾照|年检|(?:羽毛球|篮球|足球|网球|乒乓球|瑜伽|游泳|健身|舞蹈)课?|胃镜|肠镜|CT|核磁|B超|抽血|化验|手术|产检|拍片|科目[一二三四]|考(?!研|公|编|虑|察|完|过|了|上|场|位|点|卷|生|官|核|勤|试)[\u4e00-\u9fffA-Za-z0-9]{2,8}?(?=$|[，,\s])|吃(?!完)[^，,]{1,6}|见[^，,]{1,6}|[^，,]{0,8}课)"
)
EVENTS = _EVENTS  # what is booked, for the bookings told thing first (booked_zh)
_ASKED_TO_REMEMBER = re.compile(r"^(?:好|嗯|ok|OK)?\s*(?:顺便|另外|还有|对了)?(?:帮我|麻烦你?)?(?:提醒我|记一下|记着|记得)(?=.*\d|.*[点号])")
# a time that recurs: no appointment; so are two weekdays told together ("周二和周四晚上"), not
# after 这/下/上 (两天: "下周一周二都在外地")
_EVERY = re.compile(r"每(?:个)?(?:周|星期|礼拜)|每天|天天|每晚|每个?早上|"
                    r"(?<![这下上本])(?:周|星期|礼拜)[一二三四五六日天](?:、|和|跟)?(?:周|星期|礼拜)?[一二三四五六日天]")
_ENDED = re.compile(r"最后一(?:节|次|堂)|停了|不上了|取消了|退出了|不去了|散了|黄了|没得上了|上不了了|开始(?:吃|戒|喝|不)")  # or a way of living begun
_PLAN = re.compile(r"如果|要是|假如|要不要|想|打算|可能|也许|会不会|是不是|吗|？|\?")
_SINCE = re.compile(r"从(?P<s>下周[一二三四五六日天]?|下个?月(?:初|\d{1,2}号)?|(?:\d{1,2}|[一二三四五六七八九十]{1,3})月(?:份)?)(?:开始|起)")
MOVED = re.compile(r"(?:改签到|改到|改成|改为|提前到|推迟到|推到|延期到|挪到|换到|调到|改了?(?=每?(?:周|星期|礼拜)[一二三四五六日天末]))"
                   r"(?:了)?")


_FROM_DAYS = re.compile(r"从每?(?:个)?(?:周|星期|礼拜)(?P<d>[一二三四五六日天](?:[、和]?(?:周|星期)?[一二三四五六日天])*)"
                        r"(?:早上|上午|中午|下午|晚上|傍晚)?(?:的)?")


def _left_days(activity: str, left: re.Match[str] | None) -> list[Fact]:
    """The routine on the days it moved from (从周三改到周五), ended; [] when none were told."""
    if not activity or left is None:
        return []
    days = "和".join(re.findall(r"[一二三四五六日天]", left.group("d")))
    return [Fact("routine", f"{activity} 每周{days}", Op.RETRACT, 0.75)]


# Who told of a change or made it is no part of the thing moved ("教练说周四那节课", "钢琴老师排课",
# "琴行老师调课"); what is left may name no thing ("周四那节", "课"): the routine told before, by
# the day it names or the only one (speaker_memory).
_TOLD_BY = re.compile(r"^[^，,]{1,6}?说")
_MADE_BY = re.compile(r"(?:老师|教练|琴行|馆里|机构)+(?:排课|调课|排|调|课)?$")
_NO_THING = re.compile(r"(?:(?:周|星期|礼拜)[一二三四五六日天])?(?:那|这)?(?:节|堂|次)?课?")


def _moved_thing(what: str) -> str:
    """The thing moved, IT for a class named by no thing; "" when someone not of the class told of
    it ("乐乐说钢琴…": perhaps his class, not the speaker's)."""
    told = _TOLD_BY.match(what)
    if told and not re.search(r"老师|教练|馆|前台|客服|机构|学校|通知|群里|店", told.group()):
        return ""
    what = _MADE_BY.sub("", what[told.end():] if told else what)
    return IT if _NO_THING.fullmatch(what) else what


def _piece_at(clause: str, at: re.Match[str] | None) -> str:
    """The comma-piece of ``clause`` where ``at`` ends (the whole clause without it)."""
    if at is None:
        return clause
    return re.split(r"[，,]", clause[: at.end()])[-1] + re.split(r"[，,]", clause[at.end():])[0]


def _routine_on(what: str, days: str) -> str:
    """ "瑜伽 每周二和四"; "it on 每周二和四" for a class named by no thing (speaker_memory)."""
    return f"{IT} on 每周{days}" if what == IT else f"{re.sub(r'课$', '', what)} 每周{days}"


def appointment(clause: str, context: str = "", rest: str = "") -> list[Fact]:
    """ "这周五下午三点看牙医" -> appointment 看牙医 scheduled 这周五下午三点.

    "面试提前到这周五上午十点了" / "(牙医诊所说医生请假，)改到下周一了" is the same thing
    at a new time, the thing named before the move (or earlier in the sentence).
    """
    asked = clause  # the request to be reminded is read below, after the booking is cut from it
    clause = _ASKED_TO_REMEMBER.sub("", clause)  # "顺便提醒我5月2号上午十点…": the booking after it
    corrected = _CORRECTED_DAY.match(clause) if _PUT_RIGHT.search(context) else None
    if corrected:  # "下周四下午三点做病例汇报。不对不对，是下周五": the day put right, the hour kept
        return [Fact("appointment", IT, Op.ASSERT, 0.75, scheduled=corrected.group("d") + SAME_TIME)]
    moved = MOVED.search(clause)
    before = clause[: moved.start()] if moved else clause
    # 羽毛球从周三改到周五了: the days the routine leaves
    left = _FROM_DAYS.search(before) if moved else None
    before = before.replace(left.group(), "") if left else before
    extra = ""
    # "下周三早上八点去做胃镜，要不要陪他": a question after the booking asks of something else
    # "现在改成每周六去打球了": a routine on new days (routines_zh), no appointment moved
    every = _EVERY.search(before) or (moved and routines_zh.routine(clause[moved.start():]))
    if _PLAN.search(_piece_at(clause, dates_zh.find_schedule(clause) or moved)) or every or _ENDED.search(clause):
        return []  # a plan, a routine ("每周三晚上上舞蹈课") or its end ("今天是最后一节课")
    if not moved and dates_zh.DONE.search(clause):
        return []  # "昨天下午三点去看了牙医": done, not booked
    # "周五下午三点的面试改到下周一上午十点了": the time after the move is the new one
    after = (m for m in dates_zh.SCHEDULE.finditer(clause, moved.end()) if m.group()) if moved else iter(())
    when = next(after, None) or dates_zh.find_schedule(clause)
    if when is None or not re.search(r"周|星期|礼拜|天|晚|早|点|号|日", when.group()):
        return []
    if (not moved and when.start() == 0 and dates_zh.hour_of_booking(clause) == when.group()
            and _DAY_ONLY.search(context.rsplit("，", 1)[-1])):
        return []  # "7月8号做白内障手术 早上八点就要到医院": the hour of the booking before (grammar_zh)
    if moved and when.start() >= moved.end() - 1:
        things = _EVENTS.findall(context + "，" + clause[: moved.start()])
        # 普拉提馆排课调了: the class, not its timetable at the studio
        what = re.sub(r"(?:馆|店|工作室|中心)?的?排(?=课$)", "", things[-1]) if things else ""
        said, what = what, _moved_thing(what) if what else what
        if said and not what:
            return []  # someone else's class, moved (and no appointment of the speaker's)
        days_after = dates_zh.weekdays(clause[moved.start():])
        if not said and re.search(RECURRING, clause[: moved.start()]) and len(days_after) > 1:
            what = IT  # "我们打球改了星期二和星期四": the routine told before, on its new days
        # a bare weekday is a routine's new day when the change lasts ("从下周开始") or the
        # thing recurs by nature: classes and training ("舞蹈课换到周五晚上了")
        weekday = re.fullmatch(r"(?:周|星期|礼拜)([一二三四五六日天])(?:早上|上午|中午|下午|晚上|傍晚)?", when.group())
        recurring = re.search(r"开始|以后|每", clause) or (
            re.search(RECURRING, said + clause[: moved.start()])
            and not re.search(r"赛", said + clause[: moved.start()]))  # sports recur; a match is one day
        since = _SINCE.search(clause)  # 从下周开始: the day the new schedule starts
        starts = re.sub(r"^(.+月)份?$", r"\g<1>1号", since.group("s")) if since else ""
        days = dates_zh.weekdays(clause[moved.start():])
        ended = _left_days(re.sub(r"课$", "", what), left)
        if not ended and what != IT:  # "健身改成周二周四了": the routine told before on other days (speaker_memory)
            ended = [Fact("routine", f"{IT} {re.sub(r'课$', '', what)}", Op.RETRACT, 0.75)]
        if what and len(days) > 1 and (re.search(r"都|每", clause[moved.start():]) or recurring):
            # 改成周三周六都打了, 以后改成周三周五晚上: the routine on all the days named
            chars = "和".join("一二三四五六日"[dates_zh.DAY_NAMES.index(d)] for d in days)
            return [*ended, Fact("routine", _routine_on(what, chars), Op.ASSERT, 0.75, starts=starts)]
        if what and weekday and recurring:
            # 瑜伽课从下周开始改到周四了: a routine on a new day
            return [*ended, Fact("routine", _routine_on(what, weekday.group(1)), Op.ASSERT, 0.75, starts=starts)]
    else:
        tail = _EVENT_TAIL.sub("", clause[when.end() :]).strip(EDGES)
        tail = re.sub(r"^(?:到|至|~|-)[\d一二三四五六七八九十]{1,3}[号日]", "", tail)  # 3月12号到15号茶博会: the first day
        more = dates_zh.SCHEDULE.match(tail)
        while more and more.group():  # "4月18号周六下午两点拍婚纱照": one slot told in pieces
            extra += more.group()
            tail = tail[more.end():].strip(EDGES)
            more = dates_zh.SCHEDULE.match(tail)
        what = _EVENT_NOISE.sub("", tail.removeprefix("的")).strip(EDGES)
        what = re.sub(r"^(?:有个|有一个)(?=..)", "", what)
        # 带儿子去打疫苗, 跟房东看房, 约了社区医院打疫苗: the errand, not who goes along or where
        what = re.sub(r"^(?:带|跟|和|陪|同)(?:我的?|我家)?[^，,去]{1,6}?(?=去|做|看|打|拍|考|办|体检|复查|复诊|见|吃)", "", what)
        what = re.sub(r"^[^，,]{1,8}?(?:医院|诊所|卫生院|服务中心|医生)(?=打|做|看|拍|复查|复诊|体检|抽血)", "", what)
        gone = what.startswith("去")  # "下周一下午三点去医院拿报告": an errand one goes to
        what = re.sub(r"^(?:去)?(?P<v>.+?)(?:了|吧)?$", r"\g<v>", what) if gone else what
        # "过珠海验眼", "去广州复查": the town one goes to is no part of the errand
        what = re.sub(r"^(?:过|去)?(?P<p>[\u4e00-\u9fff]{2,3}?)(?=验|看|做|打|拍|办|复查|复诊|体检|考)",
                      lambda m: "" if is_place(m.group("p")) else m.group(), what)
        # 去医院做胃镜, 省医做胃镜, 瑞金医院复查甲状腺: the care, not where
        what = re.sub(r"^[\u4e00-\u9fff]{0,6}?(?:医院|附院|[一二三四五六七八九]院|妇幼|诊所|省医|市医|卫生院|医务室)(?:做|拍|打)?(?=..)", "",
                      what)  # 苏大附一院做大排畸: 大排畸
        what = re.sub(r"^(?:出入境|派出所)(?=办)", "", what)  # 去出入境办护照: 办护照
        venue = _VENUE.match(what)  # 出入境中心面签, 区人民法院开庭: the thing, not where it is done
        what = what[venue.end():] if venue and _EVENTS.match(what[venue.end():]) else what
        what = re.sub(r"^(?:公司|单位|学校)?(?:组织|安排)的?(?=..)", "", what)  # 公司组织体检: 体检
        what = re.sub(r"^(?:学校|车管所|单位|公司)(?:开|办|做)?(?=..)", "", what)  # 去学校开家长会: 家长会
        joined = _JOINED.search(what) if "点" in when.group() else None
        if joined:  # "后天早上八点去市局参加岗前培训", "上午九点市里有个考核": what is attended
            what = joined.group("x")
        elif not _EVENTS.search(what) and not (_ERRAND.fullmatch(what) and (
                _REMEMBER.search(context + asked + rest)
                or (gone and _DAY_AND_HOUR.search(when.group()) and not re.search(r"[一这那]个$", what)))):
            return []  # any errand at an hour, when the speaker asks to be reminded of it or goes to it
    what = re.sub(r"^(?:坐)?(?:的)?飞机(?:去|到)", "飞", re.sub(r"[了啦呢吧]+$", "", what))
    if moved and not what:
        what = IT  # "(医院说医生停诊，)改到下周一早上九点了": the last one told (speaker_memory)
    if not what or len(what) > 20 or what.startswith(("我", "你", "他", "她")):
        return []
    scheduled = when.group()
    if "点" not in scheduled:  # "4月18号周六下午两点": the day, and the hour told after it, or in the
        # piece after ("4月18号开采春茶，那天早上五点就要上山")
        pieces = [p for p in re.split("[，,]", clause[when.end():] + "，" + rest) if p.strip()]
        scheduled += dates_zh.clock_of(extra) or dates_zh.hour_of_booking(pieces[1] if len(pieces) > 1 else "")
    kept = _SAME_CLOCK.search(clause[when.end():] + "，" + rest)
    if moved and kept and "点" not in scheduled and not _PART_OF_DAY.search(scheduled + kept.group("h")):
        scheduled += SAME_TIME  # "推到9号了 周一 还是三点": the hour, and its part of day, of the one before
    elif moved and kept and "点" not in scheduled:
        scheduled += kept.group("h")  # 提前到周一下午了，还是两点: the day moves, the hour stays
    elif moved and "点" not in scheduled and _SAME_TIME.search(clause[when.end():] + "，" + rest):
        scheduled += SAME_TIME  # "推到后天 同一时间": the hour of the one told before (speaker_memory)
    return [Fact("appointment", what, Op.ASSERT, 0.8, scheduled=scheduled)]


# Where a booked thing is done, said before it: a name ending in a word for a venue
_VENUE = re.compile(r"^(?:在|去|到)?[\u4e00-\u9fffA-Za-z0-9]{1,8}?(?:局|院|所|中心|店|馆|站|厅|处|大厦)(?:办|做|拍|打)?")
# A booking's day told without its hour: "7月8号做白内障手术", "下周三复查"
_DAY_ONLY = re.compile(r"^(?!.*点).*(?:[号日]|周[一二三四五六日天]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|明天|后天)")
_PUT_RIGHT = re.compile(r"(?:不对|说错了|搞错了|记错了|打错了)\W*$")
_CORRECTED_DAY = re.compile(r"^(?:应该)?是(?P<d>(?:下下?|这|本)?(?:周|星期|礼拜)[一二三四五六日天]|"
                            r"[\d一二三四五六七八九十]{1,3}[号日]|明天|后天|大后天)(?:才对|啦|哈|的)*$")
_JOINED = re.compile(r"(?:参加|有个|有一个|开个|做个)(?P<x>[\u4e00-\u9fffA-Za-z]{2,10})$")
# a day the calendar can place and an hour on it ("下周一下午三点", "5月2号上午十点"), not an hour alone
_DAY_AND_HOUR = re.compile(r"(?:周|星期|礼拜|[号日]|明天|后天|今天|今晚|明早|明晚).*点")
_ERRAND = re.compile(r"(?![我你他她不没])[\u4e00-\u9fffA-Za-z]{2,12}")
_REMEMBER = re.compile(r"(?:帮|给)(?:我|俺)记|记一下|记下|记着|提醒(?:我|俺)|别让我忘")
_SAME_TIME = re.compile(r"同一?(?:个)?时间|时间[^，,。]{0,4}?(?:都|也)?(?:不变|没变|照旧)|原来的?时间|老时间|还是那个(?:时间|点)")
# "还是两点", "时间还是上午九点半", "还是早上8点": the hour kept, with its part of the day
_PART_OF_DAY = re.compile(r"早上|上午|中午|下午|晚上|傍晚")
_SAME_CLOCK = re.compile(r"(?:还是|仍然|依然|照样|一样|一樣|同样|时间是)(?P<h>(?:早上|上午|中午|下午|晚上|傍晚)?"
                         r"[零一二两三四五六七八九十\d]{1,3}点(?:半)?)")
