"""Chinese verbs of update: how people say a job, a home, a partner, a pet or a plan changed.

Broad classes, each said many ways, read before the general tables of ``rules_zh``:

- endings: a company that closed ("云帆倒闭了"), a job one stopped ("兼职不干了"), a layoff said in
  English ("被layoff了"), a cancelled appointment ("理发取消了"), a break-up said short ("跟小雨分了"),
  a pet given away or gone ("咪咪送人了", "豆豆走了");
- starts and switches: "跳到如家了", "跳到威海造船厂去了" (the city of the job is home), "换工作了，
  阿里", "转去学意大利语", and a start on a near day told as settled ("下周一去字节报到": ``starting``);
- work told by what one does there: "在腾讯写后端", "在顺丰送快递", "在新东方教英语";
- names given apart from the clause: "公司叫蓝鲸出海", "学校是华科", "在一家外资银行，渣打".
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_zh, words_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.events_en import IT
from vaultweave.weaver.extract.rules_text import Build, Fact, Rule, rule
from vaultweave.weaver.extract.rules_zh_changes import NOT_PET_NAMES, off_limits
from vaultweave.weaver.extract.rules_zh_people import RELATIONS, Person, relation_fact
from vaultweave.weaver.extract.rules_zh_values import (
    DIETS,
    JOB_HEADS,
    LANGUAGES,
    PETS,
    RELATIVES,
    cleaned,
    is_place,
    leading_place,
    number_of,
    org_of,
    place_of,
    school_of,
    title_of,
)

_CJK = "\u4e00-\u9fff"
_ADV = r"(?:现在|目前|已经|也|还|一直|最近|刚刚|刚|终于|总算|就|又|正式|直接|确实|的确|依然|仍然)*"
_I = "我" + _ADV
_WE = "(?:我(?:们)?(?:家)?)?" + _ADV  # a car is the household's: "我们家换了辆车"
# Shops and stalls close without ending anyone's job; a company, a studio, a school does.
_SHOP = re.compile(r"(?:店|馆|厅|铺|摊|房|场|超市|食堂|小卖部|影院|酒吧|餐厅)$")
# Not a company: a day, a time, an act ("换到周四了", "转去学日语了")
_NOT_ORG = re.compile(r"周[一二三四五六日天末]|星期|礼拜|\d|点|号|[早晚]上|[上下]午|^(?:学|做|当|干|读)")
_QUIT = [Fact("employer", "", Op.RETRACT, 0.8), Fact("job_title", "", Op.RETRACT, 0.75)]
# Where people sit to work without working for it: "在星巴克写代码"
_SITTING = re.compile(r"星巴克|麦当劳|肯德基|瑞幸|图书馆|咖啡|自习室|宿舍|高铁|地铁|飞机")
# What one does at work, by its object: "写后端", "送快递", "教英语".
_WORK = re.compile(
    r"^(?:写|敲|搞)(?:后端|前端|代码|程序|算法|Java|Python|C\+\+|Go|iOS|安卓|测试|开发|运维|设计|数据)|"
    r"^送(?:快递|外卖|货)|^(?:教|带)(?:书|学生|[^，,]{1,3}(?:语|文|学|课|班))|^(?:开|跑)(?:车|滴滴|出租|网约车|货车)|"
    r"^(?:搬砖|打工|卖(?:房|车|保险|手机|衣服)|修(?:车|手机|电脑))"
)


def _closed(m: re.Match[str]) -> list[Fact]:
    """云帆倒闭了: the employer of that name ends, and with it the job; a shop closing ends nothing."""
    value = cleaned(m.group("v")) or ""
    if _SHOP.search(value) or NOT_PET_NAMES.match(value) or re.search(r"[队团群组班社会]$|项目", value):
        return []  # a shop, a band, a team or a project is no one's employer
    if value in ("公司", "单位", "我们公司", "我们单位", "工作室", "我们工作室"):
        return list(_QUIT)
    return [Fact("employer", value, Op.RETRACT, 0.75), Fact("job_title", "", Op.RETRACT, 0.7)]


def _stopped_job(m: re.Match[str]) -> list[Fact]:
    """兼职不干了: the job of that kind ends (its title or its employer)."""
    said = re.sub(r"^(?:真的|终于|果断|直接|正式|还是|昨天|今天|前天|刚刚?|已经|总算)+", "", m.group("v") or "")
    value = cleaned(re.sub(r"^(?:从|在)", "", said))
    if not value or value in ("工作", "这份工作", "这工作", "这个工作", "活") or re.fullmatch(r"(?:厂|局|店|公司|单位)里?", value):
        return list(_QUIT)  # "厂里也辞了": the workplace held, by its kind
    job_at = re.fullmatch(r"(?P<at>.{2,6}?)(?:的|那份|这份)?(?:工作|活儿?)", value)
    if said.startswith(("从", "在")) or job_at:  # 从顺丰那边辞了, 把律所工作辞了: the place, and the job there
        at = job_at.group("at") if job_at else value
        return [Fact("employer", at, Op.RETRACT, 0.75), Fact("job_title", "", Op.RETRACT, 0.7)]
    if not value.endswith(JOB_HEADS) and not re.search(r"兼职|副业|实习|家教|零工", value) and org_of(value):
        # "新东方辞了": a company quit, and the job held there with it
        return [Fact("employer", value, Op.RETRACT, 0.75), Fact("job_title", "", Op.RETRACT, 0.7)]
    return [Fact("job_title", value, Op.RETRACT, 0.75), Fact("employer", value, Op.RETRACT, 0.7)]


def _left_there(m: re.Match[str]) -> list[Fact]:
    """智谱那边离职了: the employer named as a place ends, and the job held there."""
    value = cleaned(m.group("v") or "")
    return [Fact("employer", value, Op.RETRACT, 0.75), Fact("job_title", "", Op.RETRACT, 0.7)] if value else []


def _named_kin(m: re.Match[str]) -> list[Fact]:
    """ "小美是我女朋友": whose the named person is; "Vivian现在是我老婆了": no more the one before."""
    if NOT_PET_NAMES.match(m.group("name")):
        return []
    fact = relation_fact(Person(RELATIONS[m.group("rel")], ""), m.group("name"))
    became = m.group("became") and fact.attribute == "spouse"
    return [fact, *(Fact(was, m.group("name"), Op.RETRACT, 0.75) for was in ("fiance", "partner") if became)]


def _split_up(m: re.Match[str]) -> list[Fact]:
    who = m.group("v")
    return [Fact("partner", "" if who in RELATIVES or who in ("他", "她", "对象") else (cleaned(who) or ""),
                 Op.RETRACT, 0.8)]


def _pet_left(m: re.Match[str]) -> list[Fact]:
    """咪咪送人了 / 豆豆走了 / 把狗送给我妈养了: the pet of that name (or kind) ends, if there is one."""
    name = re.sub(r"^(?:我(?:家|的)?|把)+", "", m.group("v"))
    if not name or NOT_PET_NAMES.match(name) or dates_zh.find_past(name)[0]:
        return []  # "上个月底走的": when someone left, no pet
    return [Fact("pet", PETS.get(name, name), Op.RETRACT, 0.7)]


def _from_to(m: re.Match[str]) -> list[Fact]:
    """从阿里跳槽到腾讯了: the old employer ends, the new one holds."""
    new = _joined(m)
    old = org_of(m.group("old"))
    if not new or not old or new[0].attribute != "employer":
        return new
    return [Fact("employer", old, Op.RETRACT, 0.8), *new]


def _with_partner(m: re.Match[str]) -> list[Fact]:
    """有女朋友了，叫小美: a partner, by the name told."""
    return [Fact("partner", m.group("name"), Op.ASSERT, 0.8)] if not _NOT_NAME.match(m.group("name")) else []


def _divorced(m: re.Match[str]) -> list[Fact]:
    who = m.group("v") or ""
    unnamed = not who or who in RELATIVES or who in ("他", "她", "前夫", "前妻", "对象")
    return [Fact("spouse", "" if unnamed else who, Op.RETRACT, 0.8)]


def _cancelled(m: re.Match[str]) -> list[Fact]:
    """理发取消了 / 明天的牙医预约取消了: the appointment ends."""
    what = cleaned(re.sub(r"^[^，,的]{1,8}的|(?:的)?预约$", "", m.group("v")))
    return [Fact("appointment", what, Op.RETRACT, 0.75)] if what and not NOT_PET_NAMES.match(what) else []


def _joined(m: re.Match[str]) -> list[Fact]:
    """跳到如家了 / 正式去平安银行了: a company is the new employer, a city the new home."""
    raw = re.sub(r"(?<=..)(?:跑|干|上班|打工)$", "", m.group("org"))  # "转去饿了么跑了": the company
    value = cleaned(raw)
    if not value or _NOT_ORG.search(value) or re.search(r"上班|工作|看|玩|旅游|出差|吃|逛|买", value):
        return []
    if is_place(value):
        return [Fact("lives_in", value, Op.ASSERT, 0.75)]
    org, town = org_of(raw), leading_place(value)  # "威海造船厂": the yard, and the city of the job
    return [Fact("employer", org, Op.ASSERT, 0.8)] + ([Fact("lives_in", town, Op.ASSERT, 0.6)] if town else []) \
        if org else []


_NOT_NAME = re.compile(r"^(?:还|也|都|就|但|不|没|又|很|挺|太|可|才|先|再|刚|在|是|做|干|当|去|回|天天|每|真|好|特别|超|有点|非常)")


def _new_job_named(m: re.Match[str]) -> list[Fact]:
    """换工作了，阿里: the name said after the change is the new employer."""
    raw = m.group("org")
    if _NOT_NAME.match(raw):
        return []
    org = org_of(raw)
    return [Fact("employer", org, Op.ASSERT, 0.75)] if org and not is_place(org) else []


def _works_at(m: re.Match[str]) -> list[Fact]:
    """在腾讯写后端 / 在新东方教英语: an employer named by what one does there."""
    org = org_of(m.group("org"))
    taught = re.match(r"教(?P<s>[^，,书書]{1,4}(?<![班级]))$", m.group("act"))  # not 教中班: a class
    school = re.fullmatch(r"(?:一所|一家|一个)?(?P<k>幼儿园|幼兒園|小学|小學|中学|中學|初中|高中)", m.group("org"))
    led = re.match(r"带[^，,]{0,4}(?:班|学生)$", m.group("act")) and re.search(r"[中学校]$", m.group("org"))
    title = taught.group("s") + "老师" if taught else (school["k"] if school else "") + "老师" \
        if m.group("act") in ("教书", "教書") or led else ""  # 在二中带毕业班: a teacher there
    if not org or is_place(org) or re.search(r"家|里|上|边|那儿|这儿", org[-1]) or _SITTING.search(org):
        return [Fact("job_title", title, Op.ASSERT, 0.75)] if school and title else []  # 在小学教书
    return ([Fact("job_title", title, Op.ASSERT, 0.75)] if title else []) + [Fact("employer", org, Op.ASSERT, 0.8)]


def _named_place(m: re.Match[str]) -> list[Fact]:
    """公司叫蓝鲸出海 / 学校是华科: the name of where one works or studies."""
    if m.group("kind").endswith(("学校", "大学", "学院")):
        school = school_of(m.group("v"))
        return [Fact("studies_at", school, Op.ASSERT, 0.8)] if school else []
    org = org_of(m.group("v"))
    return [Fact("employer", org, Op.ASSERT, 0.8)] if org and not _NOT_NAME.match(org) else []


def _speaks_fronted(m: re.Match[str]) -> list[Fact]:
    """闽南话也会一点: a language named first, then that one speaks it."""
    value = m.group("v")
    return [Fact("speaks", LANGUAGES.get(value, value), Op.ASSERT, 0.8)]


def _each_liked(m: re.Match[str]) -> list[Fact]:
    value = cleaned(m.group("v"))
    return [Fact("likes", value, Op.ASSERT, 0.8)] if value else []


def _runs_business(m: re.Match[str]) -> list[Fact]:
    """在东莞开厂 / 在丽江开了家小客栈: the place is home, a shop or an inn makes one its owner."""
    place = place_of(m.group("v"))
    if not place or re.search(r"[上里下边]$|^(?:网|线|家|店|公司)|(?:超市|餐厅|饭店|酒店|工厂|厂|公司|店|馆|医院|学校|工地)$", place):
        return []  # 在T&T超市打工: where one works, not a town
    # 在解放碑那边开了个火锅店: a place not known as a town may be only the shop's district, an assumed
    # home (it fills an empty slot); 在茶颜悦色打工: a name one works for, not a town, is the employer
    known = is_place(place)
    if m.group("act") == "打工" and not known and not re.search(r"那边|这边|附近|一带|那儿|这儿", m.group("v")):
        return [Fact("employer", org, Op.ASSERT, 0.75) for org in [org_of(place)] if org]
    facts = [Fact("lives_in", place, Op.ASSERT, 0.75 if known else 0.6, assumed=not known)]
    shop = re.search(r"(?P<s>(?:小)?[^，,家个了开]{0,4}(?:店|民宿|客栈))$", m.group("act"))
    return facts + [Fact("job_title", shop.group("s") + "老板", Op.ASSERT, 0.75)] if shop else facts


_REGION = re.compile(r"^(?:东北|西北|华北|华南|华东|江南|苏北|苏南|皖北|豫东|川东|粤东|粤西|闽南|胶东)(?=..)")


def _from_there(m: re.Match[str]) -> list[Fact]:
    """The place one is from, without the province or region said before it (河南周口: 周口)."""
    place = _REGION.sub("", place_of(m.group("v")) or m.group("v"))  # (not "长沙开出租的": a trade there)
    told = is_place(place) and not re.search(r"..[开做卖跑送教修当干]", m.group("v"))
    return [Fact("hometown", place, Op.ASSERT, 0.75)] if told else []


def _age_now(m: re.Match[str]) -> list[Fact]:
    age = number_of(m.group("v"))
    return [Fact("age", str(age), Op.ASSERT, 0.8)] if age and 10 <= age <= 110 else []


def _lives_plain(m: re.Match[str]) -> list[Fact]:
    """住燕郊 / 住Mountain View: a bare place after 住, whatever place it is."""
    value = place_of(m.group("v"))
    if not value or re.search(r"[院宿校店馆家舍房楼]$|^(?:附近|隔壁|楼|一起|这|那|得|不|在|了|过|着|[一两二三四五六七八九十几\d])", value):
        return []
    return [Fact("lives_in", value, Op.ASSERT, 0.7)]


_APPOSITIVE = re.compile(rf"^我?.*?在[^，,]*?(?:一家|一间|一个|一所)[^，,]*[，,]"
                         rf"(?P<v>[A-Za-z0-9{_CJK}][A-Za-z0-9 &{_CJK}]{{1,9}})(?:[，,].*)?$")
_CLAUSE_TAGS = frozenset(("v", "d", "ud", "uj", "ul", "uv", "uz"))  # a verb, an adverb, a particle: a clause
_NOT_NAMED = re.compile(r"[很太挺不没好真的了吗呢吧啊都也还就是在有做当干上贼巨]|名字|工资|待遇|环境|同事|老板|领导|压力|工作|加班|通勤|出差|倒班|轮班|值班|夜班|[多少忙累远近]$")


def named_after(clause: str) -> list[Fact]:
    """The unnamed workplace's name said on its own right after it: "在一家外资银行，渣打"."""
    found = _APPOSITIVE.match(clause)  # "…一家日料店掌勺，店叫鮨一": the name after what says it is one
    said = re.sub(r"^(?:店|公司|厂|馆|餐厅|酒楼|工作室|单位)?(?:的?名字?)?就?叫", "", found.group("v")) if found else ""
    if not said or _NOT_NAME.match(said) or _NOT_NAMED.search(said) or (
            len(said) >= 6 and any(tag in _CLAUSE_TAGS for _, tag in words_zh.tags(said))):
        return []  # "…做原画，肢体协调度为零": a clause about oneself, no name
    org = org_of(said)
    return [Fact("employer", org, Op.ASSERT, 0.75)] if org and not is_place(org) else []


# Cars: a vehicle is counted with 辆; a make names one on its own.
_MAKES = (r"特斯拉|比亚迪|宝马|奔驰|奥迪|大众|丰田|本田|日产|蔚来|理想|小鹏|问界|极氪|吉利|长城|哈弗|红旗|五菱|别克|福特|"
          r"马自达|现代|起亚|保时捷|沃尔沃|路虎|雷克萨斯|卡罗拉|凯美瑞|雅阁|思域|帕萨特|迈腾|朗逸|速腾|轩逸|捷达|小米|"
          r"秦PLUS|埃安|领克|奇瑞|长安|荣威|名爵|宝骏|零跑|哪吒|Tesla|BMW")
_CAR = rf"(?:(?:老款|新款|二手|一手)的?)?(?P<v>(?:{_MAKES})[A-Za-z0-9{_CJK} ]{{0,10}}|[A-Za-z0-9{_CJK} ]{{2,12}})"


def _car(op: Op) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        value = cleaned(m.group("v"))
        if op is Op.RETRACT and value in ("车", "车子", "爱车"):  # "把车卖了": whichever car it was
            return [Fact("car", "", op, 0.75)]
        return [] if not value or re.search(r"^(?:车|新车|的|好|很|太|二手)|车$", value) else [Fact("car", value, op, 0.8)]

    return build


def _car_replaced(m: re.Match[str]) -> list[Fact]:
    old = cleaned(m.group("old"))
    return [*([Fact("car", old, Op.RETRACT, 0.8)] if old else []), *_car(Op.ASSERT)(m)]


def _gave_up_learning(m: re.Match[str]) -> list[Fact]:
    said = m.group("v")
    values = dict.fromkeys([said, LANGUAGES.get(said, said)])  # as told, and as the rules store it
    return [Fact(attribute, v, Op.RETRACT, 0.8) for v in values for attribute in ("learning", "hobby")]


def _married(m: re.Match[str]) -> list[Fact]:
    """跟小雅领证了: the partner named is the spouse now, no more a girl- or boyfriend."""
    name = m.group("v")
    if not re.fullmatch(r"[\u4e00-\u9fffA-Za-z]{1,6}", name) or name in ("他", "她", "对象"):
        return []
    return [*(Fact(p, name, Op.RETRACT, 0.75) for p in ("girlfriend", "boyfriend", "partner")),
            Fact("spouse", name, Op.ASSERT, 0.8)]


_LANGUAGE = rf"(?:{'|'.join(sorted(LANGUAGES, key=len, reverse=True))}|[{_CJK}]{{2,3}}话)"

# A routine ended by its day or by a word of it: "周日也就不去了", "周五的龙虾局只能退出了",
# "健身那个就先停了", "课也没得上了", each at the start of its own piece of the sentence.
_STOP_ADVERBS = r"(?:也|就|只能|只好|先|暂时|都|全|彻底|全部|是)*"
_STOPPED = (r"不去了|退出了|停了|不练了|不上了|没得上了|上不了了|没再去了|没去了|不续了|不跳了|不打了|不游了|去不成了|去不了了|"
            r"沒再去了|沒去了|不練了|不續了")
_LEAD = r"(?:唉|哎|所以|然后|那|现在|以后|反正|我)*"
_BY_DAY = re.compile(_LEAD + r"(?:每个?)?(?P<ref>(?:周|星期|礼拜)[一二三四五六日天])(?:的|那个|那场|那节|那次)?"
                     rf"[^，,\s我]{{0,9}}?{_STOP_ADVERBS}(?:{_STOPPED}|散了|黄了)")  # "周四那场散了": that day's
# "韩文课我上个月就没去了": since when, between the routine and its end
_SINCE_WHEN = r"(?:上个?月|上周|上礼拜|这个月|这周|最近|好久|早就)?"
_BY_WORD = re.compile(_LEAD + rf"(?P<ref>[^，,\s我]{{1,8}}?)(?:那个|那边)?(?:我)?{_SINCE_WHEN}{_STOP_ADVERBS}(?:{_STOPPED})")


# "健身卡到期了没续，以后不去了", "游泳卡没续 干脆不游了": an end told bare, its routine named in the pieces before;
# "医生讲不好再跳广场舞了": told it may be done no more
_BARE_STOP = re.compile(_LEAD + r"(?:也|就|都|干脆|索性|直接|果断)*(?:不去了|没再去了|不练了|不上了|不游了|不跑了|不跳了|不打了)$")
_NO_MORE = re.compile(r"(?:不好|不能|不可以|不让)再(?P<ref>[^，,\s我]{2,6}?)了")
# "游不了了", "大夫不让跳了": the routine named by its verb (not "今天跑不了了": one day's)
_BY_VERB = re.compile(r"^(?!.*(?:今天|明天|今晚|这周|这礼拜))(?:.{0,6}?(?:不让|不能|没法|不准)再?(?=.了$)|(?=.不[了成]了$))"
                      r"(?P<ref>[跑游跳骑])")


def routines_ended_by_reference(text: str) -> list[Fact]:
    """Endings of a routine the speaker names by its day or a word of it; the value is the
    reference (``IT`` and the words), which the speaker's memory makes the routine told (by a
    word of it in the pieces before, for an end told bare)."""
    found, before = [], ""
    for piece in re.split(r"[，,。!！？?~\s]+", text):
        bare = _BARE_STOP.match(piece)
        said = None if bare else (_BY_DAY.match(piece) or _BY_WORD.match(piece) or _NO_MORE.search(piece)
                                  or _BY_VERB.match(piece))
        ref = dates_zh.find_past(said.group("ref"))[1] if said else before if bare else ""  # "三月中就停了": a day
        if ref and not re.search(r"要不|如果|要是|假如|打算|想|吗|会不会", before + piece):  # "要是膝盖再疼 跑步就停了"
            diet = ref.removesuffix("饮食")  # "生酮停了": a diet kept, not a routine
            found.append(Fact("diet", diet, Op.RETRACT, 0.8) if diet in DIETS
                         else Fact("routine", f"{IT} {ref}", Op.RETRACT, 0.8))
        before += piece
    return found


ENDINGS: tuple[Rule, ...] = (
    # "牛肉面以后是吃不成了", "奶茶和酒都不让碰了", "医生不让我喝酒了", "奶茶再也不喝了": no longer had
    rule(r"(?:.*[，,\s])?(?P<v>[^，,我\s]{1,8}?)(?:以后|今后|从此|现在)?(?:是|就|也|都|再也|算是|基本)*(?:[吃喝]不[成了]|"
         r"碰不了|(?<=再也)不[吃喝碰]|不(?:能|让|敢|准)(?:再)?[吃喝碰])了", off_limits),
    rule(r"(?:.*[，,\s])?(?:医生|大夫)?(?:以后|再也)?(?:不让|不准|不许|不能)我?(?:再)?[吃喝碰抽](?P<v>[^，,\s了]{1,8})了", off_limits),
    # "冰美式再见了", "拿铁再见": a farewell to a thing (not "明天再见", a parting)
    rule(r"(?:.*[，,\s])?(?:我)?(?!明天|下次|改天|回头|下周|周末|晚上|以后|咱们|我们)(?P<v>[^，,我\s]{2,8}?)"
         r"(?:只能|彻底|也|就)?(?:拜拜了|说再见了?|再见了?|告别了)(?:[呜哈啊]+|[!！~]+)?$",
         lambda m: [Fact("likes", v, Op.RETRACT, 0.7) for v in [cleaned(m.group("v"))] if v]),
    rule(r"(?:我们)?(?P<v>[^，,我]{2,8}?)(?:已经|也|都|就|突然|直接|彻底|竟然|居然)*(?:倒闭|破产|解散)了", _closed),
    # "我出来单干了", "现在自己单干": the employer left for work on one's own; the trade goes on
    rule(r"(?:我)?(?:已经|现在|也|终于)*(?:辞职)?(?:出来)?(?:自己)?单干(?:了|啦)?(?!吗|呢)",
         lambda m: [Fact("employer", "", Op.RETRACT, 0.75)]),
    # "支教结束了", "实习也结束了": a job held for a term, ended with it
    rule(r"^(?:我的?)?(?:[^，,我他她]{0,4}?的)?(?:支教|实习|外派|借调|援藏|援疆)(?:期)?(?:也|已经|终于|正式|都)*结束了",
         lambda m: list(_QUIT)),
    rule(_I + r"(?:上周|昨天|今天)?被(?:layoff|lay off|layoffed|fire|fired|炒鱿鱼|炒|劝退|毕业)了?$", lambda m: list(_QUIT)),
    # "智谱那边三天前已经离职了", "外卖那边上个月底就没跑了", "小米这边月底走": the place one worked, named first, then left
    rule(r"(?:[^，,]*\s)?(?P<v>[^，,\s我]{2,8}?)(?:那边|这边)(?:我)?[^，,]{0,6}?(?:(?:离职|辞职|不干|辞掉?|没再?跑|不跑)了|(?:干完|做完)就?撤了?|(?:月底|月初|年底|下周|这周[一二三四五六日]?|下个?月)就?走了?)", _left_there),
    # "新东方我干到3月底就走了", "德勤这边干到3月底": the place named first, worked at until a day
    # (the employer only: the turn may tell the new title beside it, "4月7号入职 德勤这边干到3月底")
    rule(r"(?:[^，,]*[，,])?(?P<v>[^，,我]{2,8}?)(?:(?:那边|这边)我?|我)(?:干|做)到[^，,]{2,8}?"
         r"(?:(?:就)?(?:走|离职|辞职|不干)了|$|(?=[，,]))",
         lambda m: [Fact("employer", v, Op.RETRACT, 0.75) for v in [cleaned(m.group("v"))] if v]),
    # "3月31号是我在顺丰最后一天": the last day at a workplace is when it ended (the date is the clause's)
    rule(r"[^，,我]{0,10}?(?:是)?我?在(?P<v>[^，,我]{2,10}?)(?:做完|上完|干完)?(?:的)?最后一(?:天|个班)(?:班)?(?:了|啦)?"
         r"(?:[，,]|$)", _left_there),
    rule(r"(?:我)?(?:的)?(?:真的|终于|果断|直接|已经|总算)*(?:把)?(?P<v>[^，,我把]{0,6}?)(?:我)?(?:已经|也|就|早就)?"
         r"(?:不干了|辞了)$", _stopped_job),
    # "不跑快递了", "外卖我不送了": a job of the road, named by what is driven or delivered, ends
    rule(r"(?:我)?(?:已经|也|就|早就|再也)?不(?:跑|送|开)(?:快递|外卖|滴滴|网约车|货拉拉|出租车?)了"
         r"|(?:快递|外卖|滴滴|网约车)我?(?:已经|也|早就)?不(?:跑|送|开)了", lambda m: list(_QUIT)),
    rule(  # "朗逸卖了": a car named first, then sold; "把车卖了": whichever car the speaker had
        r"(?:我)?(?:上礼拜|上周|上个月|前几天|前天|昨天|已经|也|早就|终于)*把?(?:我的?|我家的?)?(?P<v>(?:" + _MAKES + r")[A-Za-z0-9" + _CJK + r"]{0,6}?|车子?|爱车)(?:上周|上个月|前几天|已经|也|早就)*"
         r"(?:给)?(?:卖(?:掉)?|出掉|出手|留[^，,]{0,4}给[^，,]{1,4}开|送人)了", _car(Op.RETRACT)),  # 思域上周出掉了
    # "日语我放弃了", "吉他我早就不练了": a thing learned named first, then given up
    rule(r"(?P<v>" + _LANGUAGE + r"|[" + _CJK + r"]{1,4}?)我(?:已经|早就|也|彻底)*(?:放弃|不学|不练)了", _gave_up_learning),
    # "跟小雅去民政局领证啦": the partner is now the spouse
    rule(r"(?:我)?(?:今天|上周|上个月|前几天|已经)*(?:和|跟)(?P<v>[^，,我]{1,6}?)(?:去民政局|一起)?(?:领证|扯证|登记结婚)"
         r"(?:了|啦)?$", _married),
    rule(r"(?:我)?(?:和|跟)(?P<v>[^，,我]{1,6}?)(?:已经)?分(?:手)?了", _split_up),
    # ("可乐送回老家给我爸妈养了": sent home to the parents; "土豆周末送去我姐家了": to the sister's)
    rule(r"(?P<v>[^，,]{1,4}?)(?:只能|只好|已经|周末|上周|昨天|前天)?(?:送人|送走|送给[^，,]{1,6}?(?:养)?|送[^，,]{1,6}?养|"
         r"送回老家(?:给[^，,]{1,6}?养)?|送(?:去|到)[^，,\s]{1,6}?家)了", _pet_left),
    # "分了 上周三她搬走的": 分了 alone, a turn's first word, is a break-up
    rule(r"(?:我们|我俩|我)?(?:已经|终于|还是)?(?:分手|(?<![^我们俩])分)了$", lambda m: [Fact("partner", "", Op.RETRACT, 0.8)]),
    rule(r"(?:我)?(?:已经)?(?:(?:和|跟)(?P<v>[^，,我]{1,6}?))?(?:已经)?(?:离婚|离了婚)了", _divorced),
    rule(r"(?P<v>[^，,我]{2,4}?)(?:已经|刚刚?)?走了$", _pet_left),
    rule(r"(?:我的?)?(?P<v>[^，,我]{2,8}?)(?:被)?(?:临时)?(?:取消了|泡汤了)", _cancelled),
    # "演唱会的票也转出去了": the tickets given up, the event with them
    rule(r"(?:我的?)?(?P<v>[^，,我]{2,8}?)的?票(?:也|都|已经)*(?:退了|退掉了|转出去了|转让了|转手了|卖掉了)", _cancelled),
)

# A habit told by how much: "一天一包烟", "每天三杯美式"; the drink or smoke names the habit.
_AMOUNT_HABITS = {"烟": "smokes", "咖啡": "drinks coffee", "美式": "drinks coffee", "拿铁": "drinks coffee",
                  "酒": "drinks", "啤酒": "drinks", "白酒": "drinks", "茶": "drinks tea"}
_AMOUNT = (r"(?:每天|一天|天天|每日)(?:早上|上午|晚上|下午)?(?:都|必须|至少|得|要)?(?:来|抽|喝)?"
           r"(?:一|两|三|四|五|六|半|\d+)(?:包|根|杯|瓶|罐|听)")
# "1月20号到现在一根没抽过": not once since that day
_NOT_SINCE = re.compile(r"(?:到现在|以来|之后)(?:一根|一口|一杯|一次)?(?:都|也)?没(?P<verb>抽|喝)过")

_KIN = "|".join(sorted((r for r in RELATIONS if len(r) >= 2), key=len, reverse=True))
STARTS: tuple[Rule, ...] = (
    # "小美是我女朋友", "Vivian现在是我老婆了": a named person and whose they are
    rule(r"^(?P<name>[\u4e00-\u9fff]{2,3}|[A-Z][A-Za-z]+)(?:现在|已经|终于)?(?:是|成了|成为)我(?:的)?(?P<rel>" + _KIN
         + r")(?P<became>了|啦)?$", _named_kin),
    # "现在新老板是Linda", "我领导叫王强": the boss, by name
    rule(r"(?:我的?|现在的?|我们的?)*(?:新)?(?:老板|领导|上司|直属领导)(?:就|也|现在)?(?:是|叫|换成了?)"
         r"(?P<v>[A-Z][A-Za-z]+(?:\s[A-Z][A-Za-z]+)?|[\u4e00-\u9fff]{2,3})(?=$|[，,\s]|人|这|那)",
         lambda m: [] if _NOT_NAME.match(m.group("v")) or re.search(r"[的了个很我你他她谁]", m.group("v"))
         else [Fact("boss", m.group("v"), Op.ASSERT, 0.8)]),
    rule(r"(?:我)?" + _ADV + _AMOUNT + r"(?P<v>" + "|".join(sorted(_AMOUNT_HABITS, key=len, reverse=True)) + r")"
         r"(?:[，,].*)?$", lambda m: [Fact("habit", _AMOUNT_HABITS[m.group("v")], Op.ASSERT, 0.8)]),
    rule(_WE + r"(?:开|开的是|开着)(?:一辆|辆)" + _CAR + r"(?:[，,].*)?$", _car(Op.ASSERT)),
    rule(r"(?:[^，,]*[，,])*(?:新车)?(?:提|买|入手)的是(?P<v>(?:" + _MAKES + r")[A-Za-z0-9+ " + _CJK + r"-]{0,12}?)(?=\s*(?:\d{4}款|[，,]|$))",
         _car(Op.ASSERT)),
    rule(_WE + r"(?:(?:新)?(?:买|提|换|入手)了?(?:一)?辆(?:新车|车)?[，,]?)" + _CAR + r"(?:[，,].*)?$", _car(Op.ASSERT)),
    rule(_WE + r"把(?P<v>(?:" + _MAKES + r")[A-Za-z0-9" + _CJK + r" ]{0,10}?)(?:给)?卖(?:掉)?了", _car(Op.RETRACT)),
    # "(自从)把老捷达换成小米SU7": the car now, and the one it replaced
    rule(r"(?:自从)?(?:我)?把(?:老|旧|原来的?)?(?P<old>(?:" + _MAKES + r")[A-Za-z0-9" + _CJK + r"]{0,6}?)换成了?"
         r"(?P<v>(?:" + _MAKES + r")[A-Za-z0-9+ -]{0,10})", _car_replaced),
    # "考上吉林大学了", "转学到包玉刚实验学校了": the school one goes to now (before a move of job)
    rule(_I + r"(?:今年|刚|终于|也|跟着)*(?:转学到|转到|考上|考进)了?(?P<v>[^，,]{2,12}?(?:大学|学院|中学|高中|小学|学校|附中))了?"
         r"(?:[，,].*)?$", lambda m: [Fact("studies_at", v, Op.ASSERT, 0.8) for v in [school_of(m.group("v"))] if v]),
    rule(_I + r"从(?P<old>[^，,]{2,8}?)(?:跳槽?|换|转)(?:到|去)了?(?P<org>[^，,]{2,10}?)了?$", _from_to),
    rule(_I + r"(?:有|找到?)了?(?:个|一个)?(?:女|男)朋友了?[，,]?(?:她|他)?(?:叫|名叫)(?P<name>[" + _CJK + r"]{2,3}|[A-Z][a-z]+)"
         r"(?:[，,].*)?$", _with_partner),
    rule(_I + r"(?:跳槽?|换|转|跑路|润)(?:到|去)了?(?P<org>[^，,]{2,10}?)(?:去|来)?了?$", _joined),
    # "在东莞开厂": the place where one runs a business is where one lives
    rule(_I + r"在(?P<v>[^，,]{2,6}?)(?P<act>开厂|开店|开了?(?:一?家|个)?(?:小)?[^，,]{0,4}(?:店|民宿|客栈|厂|公司)"
         r"|做生意|打工|创业|摆摊|定居)了?$", _runs_business),
    rule(_I + r"正式(?:去|到|加入|入职)了?(?P<org>[^，,]{2,10}?)了?(?:[，,].*)?$", _joined),
    rule(_I + r"换(?:了)?(?:个|份)?(?:新)?(?:工作|公司|东家|单位)了?[，,](?P<org>[A-Za-z0-9" + _CJK + r"]{2,8})(?:[，,].*)?$",
         _new_job_named),
    rule(_I + r"在(?P<org>[^，,的]{2,8}?)(?P<act>(?:写|敲|搞|送|教|带|开|跑|搬|卖|修|打)[^，,]{1,6})$",
         lambda m: _works_at(m) if _WORK.match(m.group("act")) else []),
    rule(r"^我?(?:们)?(?:的)?(?:是|就是)?(?:一家|一个|个)?(?P<kind>[^，,]{0,6}?(?:公司|单位|工作室|工厂|厂|学校|大学|学院))"
         r"[^，,叫是我]{0,10}?(?:[，,])?(?:的名字|名字)?(?:就|也)?(?:叫|是)(?!我)(?P<v>[A-Za-z0-9" + _CJK + r"]{2,10})"
         r"(?:[，,].*)?$",
         _named_place),
    # "去了家做跨境电商的创业公司，叫海豚出海": the company gone to, named after it
    rule(r"(?:[^，,]*[，,])*?(?:我)?(?:去了|进了|跳到了?|换到了?|入职了?)(?:一)?家[^，,]{0,14}?(?P<kind>公司|单位|工作室|工厂|厂)"
         r"[，,]?(?:名字)?叫(?P<v>[A-Za-z0-9" + _CJK + r"]{2,10})(?:[，,].*)?$", _named_place),
    rule(_I + r"在(?P<at>[^，,]{2,6}?)(?:上|里)?学(?:习)?(?P<v>" + _LANGUAGE.replace("|[" + _CJK + "]{2,3}话", "") + r")$",
         lambda m: [Fact("learning", LANGUAGES[m.group("v")], Op.ASSERT, 0.8)]),  # 在多邻国上学西班牙语
    rule(_I + r"当(?P<t>[A-Za-z][A-Za-z ]{1,20})$",
         lambda m: [Fact("job_title", m.group("t").strip(), Op.ASSERT, 0.75)]),  # 当Genius, 当PM
    # "普通话、粤语、英语": a list of languages and nothing else (an answer, a profile line)
    rule(r"^我?(?P<v>" + _LANGUAGE + r"(?:[、和/]" + _LANGUAGE + r")+)(?:都会|都行|都可以)?(?:[，,].*)?$",
         lambda m: [Fact("speaks", LANGUAGES.get(v, v), Op.ASSERT, 0.75) for v in re.split(r"[、和/]", m.group("v"))]),
    rule(r"^我?(?P<v>" + _LANGUAGE + r")(?:也|还|都)?(?:会|能)(?:说|讲)?(?:一点点?|一些|点儿?|几句)?$", _speaks_fronted),
    # "粤语英语日语都会一点": languages run together, then 都 (all of them)
    rule(r"^我?(?P<v>(?:" + _LANGUAGE + r"){2,5})都(?:会|能)(?:说|讲)?(?:一点点?|一些|点儿?|几句)?$",
         lambda m: [Fact("speaks", LANGUAGES.get(v, v), Op.ASSERT, 0.75) for v in re.findall(_LANGUAGE, m.group("v"))]),
)

# After the general tables: a bare place after 住, whatever place it is.
LATE: tuple[Rule, ...] = (
    rule(r"(?:我)?(?:从)?(?P<since>.{0,12}?)" + _NOT_SINCE.pattern,
         lambda m: [Fact("habit", {"抽": "smokes", "喝": "drinks"}[m.group("verb")], Op.RETRACT, 0.75)]),
    rule(r"^(?:我)?(?:是)?(?P<t>[^，,]{2,6}?)一枚$", lambda m: [Fact("job_title", t, Op.ASSERT, 0.75)
         for t in [title_of(m.group("t"))] if t and t.endswith(JOB_HEADS)]),  # 程序员一枚
    rule(r"(?P<v>[^，,我]{2,12}?)(?:才|就)?是我(?:的)?(?:最爱|心头好|本命)$", _each_liked),  # 潮汕牛肉火锅才是我的最爱
    rule(_I + r"不吃(?P<v>[^了，,]{1,6})$",
         lambda m: [Fact("dislikes", v, Op.ASSERT, 0.7) for v in [cleaned(m.group("v"))]
                    if v and not re.match(r"[了饭东早午晚宵点些完饱下得起]", v)]),  # 不吃香菜; not 不吃点甜的就心慌
    rule(r"(?:" + _I + r"|^)(?:都|已经)?(?P<v>[1-9]\d|[二三四五六七八九]?十[一二三四五六七八九]?)(?:岁)?了(?:$|还(?=在|这么|没|不|要))",
         _age_now),  # 我30了, 我妈六十五了, "38了还没存够首付"
    rule(_I + r"今年整(?P<v>\d{2}|[二三四五六七八九]?十[一二三四五六七八九]?)(?:岁)?了?$", _age_now),  # 我今年整六十
    # "我是乐山的", "我是泉州的", "我河南周口的", "我东北铁岭的": where one is from
    rule(r"我(?:也)?是?(?P<v>[" + _CJK + r"]{2,6}?)的$", _from_there),
    # "我是湖南人", "阿拉宁波人" (我们), "27岁潮汕仔": where one is from, said of oneself
    rule(r"我(?:们)?" + _ADV + r"是?(?:\d{2}岁的?)?(?P<v>[" + _CJK + r"]{2,4}?)(?:人|仔|妹子)(?:[，,]|$|(?=真|也|就|都|还|可|最|特别))",
         lambda m: [Fact("hometown", m.group("v"), Op.ASSERT, 0.8)] if is_place(m.group("v")) else []),
    rule(r"(?:我)?" + _ADV + r"(?![我有很太又也点一不没对])(?P<v>[^，,]{1,6}?)过敏$", lambda m: [Fact("allergy", v, Op.ASSERT, 0.8)
         for v in [cleaned(m.group("v"))] if v]),  # 我海鲜过敏
    # "住Bedok 每天搭MRT": a town in Latin letters ends at the space before the next piece
    rule(_I + r"(?:一个人)?住(?P<v>[" + _CJK + r"]{2,3}$|[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*(?=\s|$))", _lives_plain),
    # "租在杭州西溪那边", "现在租房在宝安": where one rents is where one lives
    rule(_I + r"(?:现在|目前|还)?(?:租房子?|租)(?:住)?在(?P<v>[" + _CJK + r"]{2,6}?)(?:那边|这边|附近|一带)?$", _lives_plain),
    # "离我住的回龙观有点远", "我住的小区在望京": where I live, named as the place of something else
    rule(r"(?:[^，,]*[，,])*?[^，,]{0,8}?我(?:现在)?住的(?:小区|地方)?(?:在|是)?(?!地方|小区|很|挺|太|离|那|这)"
         r"(?P<v>[" + _CJK + r"]{2,4}?)"
         r"(?:有点|很|太|挺|那边|附近|这边|离|到|[，,]|$)", _lives_plain),
)


# A start on a near, fixed day is told as settled: "下周一去字节报到", "下周一开始我要回阿里上班了".
_START = re.compile(
    r"^(?:我)?(?P<day>下周[一二三四五六日天]?|下个?(?:星期|礼拜)[一二三四五六日天]?|明天|后天|"
    r"下个?月(?:初|底|(?:\d{1,2}|[一二三四五六七八九十]{1,3})[号日])?|(?:\d{1,2}|[一二三四五六七八九十]{1,3})月(?:\d{1,2}|[一二三四五六七八九十]{1,3})[号日])"
    r"(?:就|要|开始|正式|我)*(?:去|到|回)(?P<v>[^，,]{2,10}?)(?:报到|入职|上班|上岗|(?:做|当)(?P<t>[^，,]{1,8}))了?$"
)


def starting(clause: str) -> list[Fact]:
    """A new job (or, for a city, a new home) that starts on a near day, which is its
    ``starts`` ("下个月1号去阿里报到"); the plan filter lets it through."""
    match = _START.match(clause)
    if not match:
        return []
    day = match.group("day")
    value = cleaned(match.group("v"))
    if value and is_place(value):
        return [Fact("lives_in", value, Op.ASSERT, 0.7, starts=day)]
    employer = org_of(match.group("v"))
    title = title_of(match.group("t")) if match.group("t") else None
    facts = [Fact("job_title", title, Op.ASSERT, 0.7, starts=day)] if title else []
    return facts + [Fact("employer", employer, Op.ASSERT, 0.75, starts=day)] if employer else []
