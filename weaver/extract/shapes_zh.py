"""Chinese clause shapes the pattern tables do not read as said, and their plain forms.

- A duration after the verb: "我在北京住了五年了" is "我在北京住", "我抽烟十年了" is
  "我抽烟", "在腾讯写后端写了四年了" is "在腾讯写后端" (the verb said twice is said once).
- An object put first: "烟抽了十年了" is "我抽烟", "日语学了两年" is "我学日语".
- A piece that opens with its topic and ends in a verb of change ("奶茶只能戒了",
  "西语放弃了", "云帆倒闭了", "理发取消了") is a clause of its own, not the tail of the
  clause before it.
- A piece where the talk turns ("不过说实话…") is a clause of its own.
- Someone met and then named: "谈了个对象，叫佳琪" is "我对象叫佳琪" (her name, not the speaker's);
  two relations of one person ("室友兼闺蜜小敏") are the first.
- "以后" after an event ("毕业以后", "结婚以后") means after it, not a plan.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_zh

_N = r"(?:\d+|[一二两三四五六七八九十几半]+)"
_DURATION = re.compile(
    rf"了?(?:快|差不多|将近|大概|整整|都)?{_N}多?个?多?(?:年|月|天|周|星期|礼拜)多?(?:了|啦)?$"
)
_REPEATED_VERB = re.compile(r"(?P<v>[\u4e00-\u9fff])(?P<o>[^，,]{1,6}?)(?P=v)$")
_FRONTED = re.compile(
    rf"^我?(?P<obj>[\u4e00-\u9fff]{{1,4}}?)(?:已经|都|也)?(?P<verb>抽|学|练|弹|喝|打|踢|跳)了?"
    rf"(?:快|差不多|将近|整整)?{_N}多?个?多?(?:年|月)多?(?:了|啦)?$"
)
# A piece where the talk turns ("面试是5月9号上午十点 不过说实话 这次要是再挂"): a clause of its own,
# so that what it supposes stays out of the one before.
TURNS = re.compile(r"(?:不过|但是|可是|只是)?(?:说实话|讲真|说真的|老实说)|不过|但是|可是")
# A piece that names its topic first and then how it changed: a clause of its own.
TOPIC_CHANGE = re.compile(
    r"^[\u4e00-\u9fffA-Za-z]{1,8}?(?:已经|也|都|就|只能|只好|早就|终于|彻底|直接|全|被)*"
    r"(?:戒掉?|放弃|卸载|取消|停|倒闭|破产|解散|黄|不干|不学|不练|不上|不跑|不开|不送|分手|送人|送走|卖|挂|死|送[^，,]{1,6}?养)了"
    # "演唱会的票也转出去了": the tickets given up
    r"|^[\u4e00-\u9fffA-Za-z]{1,8}?的?票(?:也|都|已经)*(?:退|退掉|转出去|转让|转手|卖掉)了"
)
# A piece that names where one works or studies, or a language one speaks: its own clause.
_NAMED = re.compile(
    r"^(?:我们|我的)?(?:公司|单位|工作室|学校|大学)(?:的名字|名字)?(?:就|也)?(?:叫|是)|"
    r"^[\u4e00-\u9fff]{1,4}(?:话|语)(?:也|还|都)?(?:会|能)|"
    # "盘了个小院子开民宿", "程序员一枚": a new line of work said on its own
    r"^[^，,]{0,8}开了?(?:一?[家间]|个|一个)?(?:小)?[^，,]{0,6}(?:店|馆|民宿|客栈|工作室)了?$|^[^，,]{2,6}一枚$|"
    # "华为搬砖": a company and a verb of work
    r"^[A-Za-z0-9\u4e00-\u9fff]{2,8}(?:搬砖|打工|上班|实习)(?:中|了)?$|"
    # "南昌本地人", "哈尔滨开出租车的": a town and who one is there
    r"^[\u4e00-\u9fff]{2,4}(?:本地人|开(?:出租车?|网约车|滴滴|货车|公交车?|卡车)的?)$|"
    r"^(?:做|写|画|搞)[^，,]{1,6}的$|^(?:正式)?(?:名头|职位|头衔|岗位)(?:就|其实)?(?:叫|是)"
)


def starts_clause(piece: str) -> bool:
    """Whether a piece without a subject or a known predicate still starts a clause of its own."""
    return bool(TOPIC_CHANGE.match(piece) or _NAMED.match(piece))
# "毕业以后一直住在上海": after an event, not a plan
AFTER_EVENT = re.compile(r"(?:毕业|结婚|工作|来|搬|辞职|离职|退休|下班|放学|生娃|生完)(?:以后|之后|后)")


# "在茂名石化干了三十五年设备工程师": how long, between the verb of work and the title
_YEARS_AS = re.compile(
    rf"(?:干|做|当)了?(?:快|差不多|将近|整整)?{_N}多?个?多?(?:年|月)(?:的)?(?=[\u4e00-\u9fffA-Za-z]{{2,10}}(?:了|啦)?(?:，|$))"
)


# "从沈阳搬大连去了": a move said without 到, its new town before 去/来
_MOVED_BARE = re.compile(r"从(?P<a>[\u4e00-\u9fff]{2,8}?)搬(?![到去来家走出回过进])"
                         r"(?P<b>[\u4e00-\u9fff]{2,8}?)(?:去|来)?了")


def plain_form(clause: str) -> str:
    """ "在西安重型机械厂干了三十五年钳工" -> "在西安重型机械厂当钳工";
    "从沈阳搬大连去了" -> "从沈阳搬到大连了"."""
    clause = re.sub(r"^(我?)一个人(?=在|住)", r"\1", clause)  # "一个人在昆明": there, alone
    return _MOVED_BARE.sub(r"从\g<a>搬到\g<b>了", _YEARS_AS.sub("当", clause))


def without_duration(clause: str) -> str:
    """ "我在北京住了五年了" -> "我在北京住"; the clause itself when it names no duration."""
    text = _DURATION.sub("", clause)
    if text == clause or len(text) < 2:
        return clause
    repeated = _REPEATED_VERB.search(text)
    if repeated and len(text) - repeated.start() <= 8:
        text = text[: repeated.end() - 1]  # 写后端写 -> 写后端
    return text


def unfronted(clause: str) -> str:
    """ "烟抽了十年了" -> "我抽烟"; the clause itself when its object is not put first."""
    match = _FRONTED.match(clause)
    if not match or match.group("obj").endswith(("我", "也", "都")) or re.fullmatch(
            r"我?(?:刚刚?|才|就|又|还|已经|一直|都)", match.group("obj")):
        return clause  # "刚学了一个月": how long, of a thing told before
    return "我" + match.group("verb") + match.group("obj")


_CLEFT = re.compile(
    r"^(?P<me>我)?是(?P<rest>[^，,]{1,10}?(?:搬|来|去|到|回|入职|离职|辞职|毕业|开始|结婚)[^，,]{0,10}?)的$"
)


# The same frame without 是: "3月15号从美团离职的", "4月30号从携程走的" (a change, then 的).
_BARE_CLEFT = re.compile(
    r"^(?P<rest>[^，,是]{0,12}?(?:从[^，,]{1,10}?)?(?:搬(?:过来|过去|出来|走|家)?|走|离开|入职|离职|辞职|毕业|分手|结婚|"
    r"离婚|退休))的$"
)


# The 的 between the change and what it changed: "上周五离开的拉萨", "3月入职的腾讯".
_OBJECT_CLEFT = re.compile(
    r"^(?P<rest>(?:我)?[^，,是的]{0,12}?(?:离开|入职|加入|搬到|搬去|搬来|调到|调去))的(?P<what>[^，,的]{2,10})$"
)


# "我是当护士的": the title one holds, in the 是…的 frame ("我是做会计的" reads as it is)
_JOB_CLEFT = re.compile(r"^(?P<me>我)?是(?P<rest>当[^，,的]{1,8}?)的$")


def uncleft(clause: str) -> str:
    """ "我是2月底搬到上海的" -> "我2月底搬到上海"; "3月15号从美团离职的" -> "3月15号从美团离职了";
    "上周五离开的拉萨" -> "上周五离开了拉萨": the 是…的 frame around a dated change; "我是当护士的"
    -> "我当护士"."""
    job = _JOB_CLEFT.match(clause)
    if job:
        return (job.group("me") or "") + job.group("rest")
    match = _CLEFT.match(clause)
    if match:
        return (match.group("me") or "") + match.group("rest")
    told = _OBJECT_CLEFT.match(clause)
    if told and re.search(r"\d|[上去前昨]|月|号|周|礼拜|星期", told.group("rest")):
        return told.group("rest") + "了" + told.group("what")
    bare = _BARE_CLEFT.match(clause)
    dated = bare and re.search(r"从|\d|[上去前昨]", bare.group("rest"))
    return bare.group("rest") + "了" if bare and dated else clause


_FROM_DAY = re.compile(
    r"^(?:我)?从(?P<day>下周[一二三四五六日天]?|下个?月(?:初|\d{1,2}号)?|(?:\d{1,2}|[一二三四五六七八九十]{1,3})月"
    r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})[号日]|明天|后天)(?:开始|起)[，,]?(?P<rest>[^，,]{2,20})$"
)


def from_day(clause: str) -> tuple[str, str] | None:
    """ "从下个月开始我就在腾讯上班了" -> ("下个月", "我就在腾讯上班了"): a change that starts on
    a coming day, and what it is."""
    match = _FROM_DAY.match(clause)
    return (match.group("day"), match.group("rest")) if match else None


# Chat types a pause as a space between hanzi: "在考虑 我在中芯国际做工艺工程师 经常要进fab", and
# before 我 after a word in Latin letters ("在Penang做engineer 我妈一个人住怡保").
_SPACED = re.compile(r"(?<=[\u3400-\u9fff])[ \u3000]+(?=[\u3400-\u9fff]|\d{1,3}(?:了|岁))"  # "过生日了 28了"
                     r"|(?<=[A-Za-z])[ \u3000]+(?=[我俺])"
                     r"|(?<=[\u3400-\u9fff])[ \u3000]+(?=[a-z]{2,8}在)")  # "乘务员 base在福州"

# A title in Latin letters, then a space and a clause of four hanzi or more: the space ends the
# clause ("我在Deloitte做audit 月薪大概四万五"); not a name ("在book 店上班"), nor what one goes on
# to say of the work ("做hr 主要搞招聘") or of someone ("我弟拿了X的offer 上周去杭州报到了"). Any
# Latin word before someone who speaks next ends its clause too ("我妹在墨尔本读nursing 她说…").
_LATIN_THEN_CLAUSE = re.compile(r"(?P<w>(?:做|当|干)[A-Za-z]{2,12})(?P<gap>[ \u3000]+)"
                                r"(?=(?![做搞干当]|负责|主要)[\u3400-\u9fff]{4})"
                                r"|(?P<w2>[\u3400-\u9fff][A-Za-z]{2,12})(?P<gap2>[ \u3000]+)"
                                r"(?=[她他我][\u3400-\u9fff]{3})")


# A word typed in lower-case Latin letters that opens a Chinese turn calls or greets the listener
# ("bro 我在吉隆坡做审计的", "hello 我在…"): a clause of its own, never who the turn is about.
_OPENING_WORD = re.compile(r"^(?P<w>[a-z]{2,8})(?P<gap>[ \u3000]+)(?=[\u3400-\u9fff])")


# Languages typed in a row with spaces ("福建话 广东话 华语 英文 马来文都ok") are one list
_LANGUAGES_SPACED = re.compile(r"(?<=[语话文])[ \u3000]+"
                               r"(?=[\u3400-\u9fff]{1,3}?[语话文](?:[ \u3000]|都|和|也|$))")


def spaces_as_commas(text: str) -> str:
    """``text`` with a space between two hanzi read as the comma it stands for (between two
    languages, as the 、 of a list), after a word of Latin letters that opens the turn, and before
    a Latin word followed by 在 ("我是厦航的乘务员 base在福州"), after a title in Latin letters
    before four hanzi ("做audit 月薪大概四万五");
    the length is kept (values are found at their place)."""
    text = _OPENING_WORD.sub(lambda m: m.group("w") + "，" * len(m.group("gap")), text)
    text = _LANGUAGES_SPACED.sub(lambda m: "、" * len(m.group()), text)
    text = _LATIN_THEN_CLAUSE.sub(lambda m: (m["w"] or m["w2"]) + "，" * len(m["gap"] or m["gap2"]), text)
    return _SPACED.sub("，", text)


# Two relatives where one stays: "老婆孩子都在阜阳" is 老婆在阜阳 and 孩子在阜阳
_KIN = "老婆|老公|媳妇|孩子|儿子|女儿|闺女|娃|爸妈|父母|我爸|我妈"
_KIN_BOTH = re.compile(rf"(?P<a>{_KIN})(?:和|跟|、|还有)?(?P<b>{_KIN})都(?P<v>在|住在)"
                       rf"(?P<x>[^，,。！!？?\s]{{2,8}})")


def kin_each(text: str) -> str:
    """``text`` with two relatives said to be in one place told one by one, a relative one "has"
    said as theirs ("我有个妹妹叫小美" -> "我妹妹叫小美"), and the new one of a relation said as
    the one ("新男朋友叫李航" -> "男朋友叫李航": the name told replaces the one before)."""
    def mine(kin: str) -> str:
        return kin if kin.startswith("我") else "我" + kin  # a bare 孩子 may be anyone's

    text = _HAS_A.sub("我", _NEW_PERSON.sub(r"\1", text))
    return _KIN_BOTH.sub(lambda m: f"{mine(m['a'])}{m['v']}{m['x']}，{mine(m['b'])}{m['v']}{m['x']}", text)


# "我有个妹妹叫小美", "我有个表哥在深圳开店": that relative, said as "我妹妹…"
# (not "我有一个妹妹。", which tells a sister and nothing of her)
_HAS_A = re.compile(r"我(?:还|也)?有(?:一)?个(?=(?:(?:表|堂)?(?:妹妹|姐姐|哥哥|弟弟|妹|姐|哥|弟)|闺蜜|发小|"
                    r"朋友|同学|同事|室友|舍友|儿子|女儿|闺女|侄子|侄女|外甥|叔叔|舅舅|姑姑|阿姨)(?:[叫在是，,]|\s\S))")
# "新男朋友", "我新室友", "现任老板": the new one of a relation, who is the one now
_NEW_PERSON = re.compile(r"(^|[，,。！!？?\s]|我的?)(?:新|现在的|现任)(?=男朋友|女朋友|男友|女友|对象|"
                         r"男票|女票|室友|舍友|同事|领导|老板|邻居|房东|老公|老婆)")


# Chat that runs its clauses on without a pause: "俺不跑外卖了前天去顺丰报到了当快递员" is
# three clauses; a change told with 了 ends where a day or the work one now does begins.
_RUN_ON = re.compile(r"(?<=[\u4e00-\u9fff]了)(?=(?:前天|昨天|今天|上周|上个?月|上个?(?:礼拜|星期)|前几天|"
                     r"去年|这周|这个?(?:礼拜|星期))[\u4e00-\u9fff])|(?<=(?:报到|入职|上班|上岗)了)(?=[当做])")


def run_on_pauses(text: str) -> str:
    """``text`` with the pauses chat leaves out put back as commas (see ``_RUN_ON``)."""
    return _RUN_ON.sub("，", text)


# A day typed as month/day before a part of the day or an hour ("5/20 下午两点", "7/14下午兩點"):
# the day as it is said, 5月20号, so the calendar can place it
_SLASHED_DAY = re.compile(r"(?<![\d/])(?P<m>1[0-2]|0?[1-9])/(?P<d>[12]\d|3[01]|0?[1-9])(?![\d/])\s*"
                          r"(?=(?:[(（]?[周週星礼禮][^)）]{0,3}[)）]?\s*)?(?:早|上午|中午|下午|晚|傍晚|凌晨|[\d一二两兩三四五六七八九十]+点|[\d一二两兩三四五六七八九十]+點))")


def slashed_days(text: str) -> str:
    """``text`` with a month/day typed with a slash before a time said as 5月20号."""
    return _SLASHED_DAY.sub(lambda m: f"{int(m.group('m'))}月{int(m.group('d'))}号", text)


# A span of days ("周一到周五", "星期二至星期六") or the working week (工作日), said day by day
_SPAN = re.compile(r"(?:(?:每)?(?:周|星期|礼拜)(?P<a>[一二三四五六日天])(?:到|至|~|-)"
                   r"(?:周|星期|礼拜)?(?P<b>[一二三四五六日天])|工作日)(?:的)?(?:每天|天天)?")
_WEEK = "一二三四五六日"


def _spelled(span: re.Match[str]) -> str:
    if not span.group("a"):
        return "每周一二三四五"
    first, last = (_WEEK.index(span.group(g).replace("天", "日")) for g in ("a", "b"))
    return "每周" + _WEEK[first:last + 1] if first < last else span.group()


def day_spans(text: str) -> str:
    """``text`` with a span of days said day by day: "周一到周五每天早上七点带晨练课" -> "每周一二三四五
    早上七点带晨练课" (the routine reader's form)."""
    return _SPAN.sub(_spelled, text)


def times_said_plainly(text: str) -> str:
    """``text`` with "北京时间" before an hour left out (the speaker's own clock: "周二北京时间下午4点
    视频会议"), and a day counted to today said as a day past ("烟戒了 今天第二十天": 二十天前)."""
    text = re.sub(r"北京时间(?=[早上中下晚凌傍]|[\d一二两三四五六七八九十]+点)", "", text)
    return re.sub(r"(?:今天|今儿)(?:是|已经|都)?第(?P<n>\d{1,3}|[一二两三四五六七八九十]{1,3})天",
                  r"\g<n>天前", text)


# "最近谈了个对象，叫佳琪", "认识了一个男生 叫周航": someone met, then named
_MET_THEN_NAMED = re.compile(
    r"(?P<lead>^|[，,\s])(?P<pre>[^，,\s]{0,4}?)(?:我)?(?P<met>(?:最近|刚|新|也)*(?:交|谈|找|处|认识|来)了?(?:一)?"
    r"[个位](?:新)?)(?P<who>[\u4e00-\u9fff]{1,4}?)(?:啦|了)?[，,\s]+(?:她|他)?(?:叫|名叫|叫做)"
    r"(?P<name>[\u4e00-\u9fff]{2,3})(?=[，,\s。！!]|$)"
)
_PARTNERS = ("女朋友", "男朋友", "女友", "男友", "对象")


# "室友兼闺蜜小敏": two relations of one person, the first said is hers
_TWO_RELATIONS = re.compile(r"(?P<a>室友|舍友|同事|闺蜜|同学|老公|老婆|男朋友|女朋友)兼(?:我的?)?"
                            r"(?:室友|舍友|同事|闺蜜|朋友|好友|同学|搭档|合伙人|死党)")


def people_named(text: str) -> str:
    """ "谈了个对象，叫佳琪，…" -> "我对象叫佳琪，…"; "认识了一个男生，叫周航" -> "认识了一个男生周航"
    (his name, never the speaker's); "室友兼闺蜜小敏" -> "室友小敏"; any other text as it is."""
    text = _TWO_RELATIONS.sub(r"\g<a>", text)

    def said(m: re.Match[str]) -> str:
        if m.group("who") in _PARTNERS:
            return f"{m.group('lead')}{m.group('pre')}，我{m.group('who')}叫{m.group('name')}"
        return f"{m.group('lead')}{m.group('pre')}{m.group('met')}{m.group('who')}{m.group('name')}"

    return _MET_THEN_NAMED.sub(said, text, count=1)


# "平时都讲客家话 要是开店…": a supposing of its own after what is so; after a change ("搬去
# 上海 如果顺利的话") it is that change's condition
_IF = re.compile(r"要是|如果|假如|假设")
_PLANNED = re.compile(r"搬|去|换|辞|跳|转|改|报到|入职|考|申请|买|卖")


def supposed_apart(piece: str, clause_before: str) -> bool:
    """Whether ``piece`` supposes something apart from ``clause_before`` (a clause of its own)."""
    return bool(clause_before and _IF.match(piece) and not _PLANNED.search(clause_before))


def new_day(piece: str, clauses: list[str]) -> bool:
    """Whether ``piece`` opens with a day that starts a clause: not the weekday of the day of
    the month the clause before told ("推到9号了 周五 还是三点": the same day said again)."""
    if not dates_zh.SCHEDULE.match(piece):
        return False
    return not (clauses and re.fullmatch(r"(?:周|星期|礼拜)[一二三四五六日天]", piece)
                and re.search(r"\d{1,2}[号日](?:了)?$", clauses[-1]))
