"""Chinese patterns for the rules extractor.

Same shape as the English table: anchored regexes over one prepared clause ("我..."), first
accepting rule wins. Closed vocabularies (diets, languages, pets, relatives, favourite
kinds, common habits) map to the English canonical values so that "我吃素" and
"I'm vegetarian" are one fact; open values (cities, employers, liked things) stay as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vaultweave.weaver.extract import rules_zh_changes as changes
from vaultweave.weaver.extract import rules_zh_evidence as evidence
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.fields_of_study import field_told_zh
from vaultweave.weaver.extract.habits_zh import habit_value
from vaultweave.weaver.extract.kin_values import counted, relative_value
from vaultweave.weaver.extract.rules_text import Build, Fact, Rule, rule
from vaultweave.weaver.extract.rules_zh_values import (
    DIETS,
    FAVOURITES,
    HABITS,
    JOB_HEADS,
    LANGUAGES,
    NOT_PET_NAME,
    PETS,
    PETS_RE,
    PLACES_ZH,
    REL_RE,
    RELATIVES,
    branch_place,
    cleaned,
    is_place,
    kind_title,
    leading_place,
    number_of,
    org_of,
    own_title,
    place_of,
    placed_school,
    school_of,
    title_of,
)

_CJK = "\u4e00-\u9fff"
# Adverbs allowed after 我: 我现在住在, 我也喜欢, 我已经开始吃素了.
_ADV = (r"(?:现在|目前|已经|也|还|一直|平时|平常|都|只|基本上|最近|刚刚|刚|真的|其实|本来|正式|终于|总算|从小|开始|就|又|这周|"
        r"今天|自己|确实|的确|仍然|照样|暂时|一般|目前还|决定(?=开始)|还是(?=被)|(?:这|本)周[一二三四五六日天](?=开始)|周末(?=在|都|会|去)|(?:上午|下午|晚上|白天|早上|中午)(?=在)|新(?=养|买|领养|换)|人(?=在)|今年(?=刚|满|已经))*")
_I = "我" + _ADV
_NAME = rf"(?P<name>[{_CJK}]{{2,4}}|[A-Za-z0-9][A-Za-z0-9'-]*(?:\s+[A-Za-z][A-Za-z'-]*)?号?)"
_NUM = r"(?P<n>一|两|二|三|四|五|六|俩|仨|\d+)"

def _fact(
    attribute: str,
    clean: Callable[[str], str | None] = cleaned,
    conf: float = 0.9,
    op: Op = Op.ASSERT,
    mapping: dict[str, str] | None = None,
) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        value = clean(m.group("v"))
        if value and mapping is not None:
            value = mapping.get(value, value)
        return [Fact(attribute, value, op, conf)] if value else []

    return build


def _each(attribute: str, conf: float = 0.9, mapping: dict[str, str] | None = None,
          split: str = r"[、/]|以及") -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        value = m.group("v")
        if "，" in value and attribute in ("likes", "dislikes"):
            head = value.split("，", 1)[0]
            value = "、".join([head, *evidence.listed(value[len(head):])])
        parts = re.split(split, value)
        if len(parts) > 1:  # 猫、狗和兔子: the last item of a 、 list may join with 和
            parts[-1:] = re.split(r"和|与|及", parts[-1])
        values = [cleaned(changes.thing(p) if attribute in ("likes", "dislikes") else p) for p in parts]
        mapped = [(mapping or {}).get(v, v) for v in values if v]
        return [Fact(attribute, v, Op.ASSERT, conf) for v in dict.fromkeys(mapped)]

    return build


def _name(m: re.Match[str]) -> list[Fact]:
    name = m.group("name")
    if name[0] in "了过着你他她车" or name in {"外卖", "出租车", "快递", "醒"}:
        return []
    return [Fact("name", name, Op.ASSERT, 0.9)]


def _age(m: re.Match[str]) -> list[Fact]:
    age = number_of(m.group("v"))
    return [Fact("age", str(age), Op.ASSERT, 0.9)] if age and 0 < age <= 120 else []


def _favourite(m: re.Match[str]) -> list[Fact]:
    value, thing = cleaned(m.group("v")), m.group("thing")
    if not value:
        return []
    return [Fact(f"favourite_{FAVOURITES.get(thing, thing)}", value, Op.ASSERT, 0.9)]


def _job(conf: float = 0.9, op: Op = Op.ASSERT) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        groups = m.groupdict()
        if len(before := re.split(r"[，,]", groups.get("org") or "")) > 1 and not is_place(cleaned(before[0]) or ""):
            return []  # "在爱丁堡大学读MSc，想写…": a wish after the comma (not "在北京，中科院做博后")
        if groups.get("t"):
            groups["t"] = re.sub(r"(?<=[\u4e00-\u9fff])的$", "", groups["t"])  # 在深圳做建筑设计的
        part = re.search(r"(?:兼职|实习)$", groups.get("org") or "")
        if part and groups.get("t") and not groups["t"].startswith(part.group()):  # 在咖啡店兼职当咖啡师
            groups = {**groups, "org": groups["org"][: part.start()], "t": part.group() + groups["t"]}
        nested = re.fullmatch(r"(?P<o>.*(?:的|家)[^，,]*?)(?:当|担任|做)(?P<t>[^，,当做]{1,8})", groups.get("t") or "")
        if nested:  # 在一家做跨境电商的小公司当美工: the title after the last verb
            groups = {**groups, "org": (groups.get("org") or "") + "做" + nested.group("o"), "t": nested.group("t")}
        raw_org = cleaned(groups["org"]) if groups.get("org") else None
        org = org_of(groups["org"]) if groups.get("org") else None
        title = title_of(groups["t"]) if groups.get("t") else None
        if (groups.get("t") and not title) or (title and re.search(r"上班|工作|写字楼|那栋|对面", title)):
            return []
        if groups.get("org") and not org and not title:
            # 在青岛上班 / 在杭州的一家公司上班: the city where one works and, nearly always, lives
            city = re.match(r"(?P<p>[\u4e00-\u9fff]{2,4}?)的?(?:一家|一间|一所|一个)", groups["org"])
            raw_org = city.group("p") if city else raw_org
            return [Fact("lives_in", raw_org, op, 0.7)] if raw_org and is_place(raw_org) and op is Op.ASSERT else []
        if raw_org and title and is_place(raw_org):
            # 在成都当老师: the city where one works and, nearly always, lives (not a district of
            # Hong Kong: homes_zh.told_first)
            return [Fact("job_title", title, op, conf), Fact("lives_in", raw_org, op, 0.7)]
        if title == "学生":
            return [Fact("studies_at", org, op, conf)] if org else [Fact("job_title", title, op, conf)]
        if title in ("员工", "职员", "雇员"):
            title = None
        title = kind_title(title, groups.get("org") or "")  # 一个加油站当站长, 在幼儿园当老师
        facts = [Fact("job_title", title, op, conf)] if title else []
        place = re.match(r"(?P<p>[\u4e00-\u9fff]{2,4}?)的?(?:一家|一间|一所|一个)", groups.get("org") or "")
        located = leading_place(cleaned(groups.get("org") or "") or "") or branch_place(raw_org or org or "")
        if place and is_place(place.group("p")) and op is Op.ASSERT:
            facts.append(Fact("lives_in", place.group("p"), op, 0.6))  # 在北京一家广告公司做文案
        elif located and org:
            facts.append(Fact("lives_in", located, op, 0.6))  # 在北京百度: the city of the job
        return facts + ([Fact("employer", org, op, conf)] if org else [])

    return build


def _studies(m: re.Match[str]) -> list[Fact]:
    """在复旦读大二 is a school; 在奥斯陆读博 is a city, where one lives."""
    value = cleaned(m.group("v"))
    if value and is_place(value):
        return [Fact("lives_in", value, Op.ASSERT, 0.7)]
    placed = placed_school(m.group("v"))  # "在波士顿 MIT读博": the town, then the school
    if placed:
        return [Fact("lives_in", placed[0], Op.ASSERT, 0.7)] + (
            [Fact("studies_at", placed[1], Op.ASSERT, 0.85)] if placed[1] else [])
    school = school_of(m.group("v"))
    return [Fact("studies_at", school, Op.ASSERT, 0.9)] if school else []


def _titled_any(conf: float) -> Build:
    """我是做前端的: the line of work, whatever its head word."""
    def build(m: re.Match[str]) -> list[Fact]:
        title = title_of(m.group("t"))
        return [Fact("job_title", title, Op.ASSERT, conf)] if title else []

    return build


def _titled(conf: float) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        title = own_title(cleaned(m.group("t")) or "")
        return [Fact("job_title", title, Op.ASSERT, conf)] if title and title.endswith(JOB_HEADS) else []

    return build


def _left(m: re.Match[str]) -> list[Fact]:
    """我离开了X: a known place ends where one lives, anything else an employer."""
    value = cleaned(m.group("v"))
    if not value:
        return []
    if value in PLACES_ZH or re.search(r"[市省县州国]$", value):
        return [Fact("lives_in", value, Op.RETRACT, 0.75)]
    return [Fact("employer", value, Op.RETRACT, 0.75)]


def _quit(m: re.Match[str]) -> list[Fact]:
    """我戒烟了 ends the habit "smokes"; 我戒了咖啡 ends liking coffee (as in English)."""
    value = cleaned(m.group("v"))
    if not value or value.startswith(("不", "没")):
        return []  # 戒不掉: not quit
    habit = changes.habit_quit(value)
    return [Fact("habit", habit, Op.RETRACT, 0.9)] if habit else [Fact("likes", value, Op.RETRACT, 0.7)]


def _habit(conf: float) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        value = cleaned(re.sub(r"[一二两三四五六七八九十\d]+次$", "", m.group("v")))
        value = habit_value(value) if value else value  # 每天七点去江边跑步: 跑步; 每周二和周四…: none
        if not value or len(value) < 2 or re.match(r"(?:很|好|太|非常|挺|比较|不|没|要|觉得|想|在家|必|得|上午|一|从)", value):
            return []
        return [Fact("habit", HABITS.get(value, value), Op.ASSERT, conf)]

    return build


def _pet(m: re.Match[str]) -> list[Fact]:
    count = number_of(m.groupdict().get("n") or "一") or 1
    value = counted(count, PETS[m.group("sp")])
    name = m.group("name") or ""
    if name and m.string[: m.start("name")].endswith("叫"):
        name = re.sub(r"(?<=..)了$", "", name)  # "有只猫叫年糕了": the particle is no part of it
    if name and NOT_PET_NAME.search(name):
        return []
    if value and name:
        value += f" named {name}"
    return [Fact("pet", value, Op.ASSERT, 0.9)] if value else []


def _relative(m: re.Match[str]) -> list[Fact]:
    count = number_of(m.groupdict().get("n") or "一") or 1
    names = [m.group("name")] if m.group("name") else []
    found = relative_value(str(count), RELATIVES[m.group("rel")], names)
    return [Fact(found[0], found[1], Op.ASSERT, 0.85)] if found else []


# Leaving a job ends the employer and the title, whatever they are.
_QUIT = [Fact("employer", "", Op.RETRACT, 0.8), Fact("job_title", "", Op.RETRACT, 0.75)]


def _allergy_found(m: re.Match[str]) -> list[Fact]:
    """查出来乳糖不耐受 / 查出对花粉过敏: an intolerance is kept as said (乳糖不耐)."""
    said = m.group(0)
    if re.search(r"不耐受?$", said):
        return [Fact("allergy", m.group("v") + "不耐", Op.ASSERT, 0.85)] if m.group("v") else []
    return _each("allergy", 0.85)(m)


def _hometown_people(m: re.Match[str]) -> list[Fact]:
    """我是湖南人 / 哈尔滨人: only a known place (not 好人, 上班人)."""
    value = m.group("v")
    return [Fact("hometown", value, Op.ASSERT, 0.85)] if is_place(value) else []


def _where_now(m: re.Match[str]) -> list[Fact]:
    """我现在在美团了: a place is where one lives, a name where one works (在T&T超市打工: T&T超市)."""
    value = cleaned(re.sub(r"(?<=..)(?:打工|兼职|实习)$", "", m.group("v")))
    if not value or re.search(r"上班|工作|学|看|吃|玩|忙|家|路上|想|等|考虑|找|做|写|搞|交接|公司", value):
        return []
    if is_place(value):
        return [Fact("lives_in", value, Op.ASSERT, 0.8)]
    org = org_of(value)
    return [Fact("employer", org, Op.ASSERT, 0.8)] if org else []


def _moved_home(m: re.Match[str]) -> list[Fact]:
    """我辞职回大理老家了: the job ends, the place is home (and hometown when 老家)."""
    place = place_of(m.group("v"))
    facts = list(_QUIT)
    if place:
        facts.append(Fact("lives_in", place, Op.ASSERT, 0.8))
        if m.group("home"):
            facts.append(Fact("hometown", place, Op.ASSERT, 0.8))
    return facts


def _switched(m: re.Match[str]) -> list[Fact]:
    """从测试转成开发了: the old title ends, the new one holds."""
    old, new = title_of(m.group("old")), title_of(m.group("t"))
    if not new:
        return []
    return ([Fact("job_title", old, Op.RETRACT, 0.8)] if old else []) + [Fact("job_title", new, Op.ASSERT, 0.85)]


def _pets_named(m: re.Match[str]) -> list[Fact]:
    """我养了两只猫，一只叫芝麻一只叫汤圆: one fact per named pet."""
    species = PETS[m.group("sp")]
    names = re.findall(r"叫([\u4e00-\u9fffA-Za-z0-9]{1,6}?)(?=一只|一条|[，,和]|$)", m.group("names"))
    return [Fact("pet", f"{counted(1, species)} named {n}", Op.ASSERT, 0.85) for n in names]


def _pet_gone(m: re.Match[str]) -> list[Fact]:
    """我的金鱼全挂了 / 我家狗去世了: the pet ends."""
    return [Fact("pet", PETS[m.group("sp")], Op.RETRACT, 0.75)]


def _alias(m: re.Match[str]) -> list[Fact]:
    name = m.group("name")
    if not name or name[0] in "了过着你他她":
        return []
    # 英文名改成Kevin了: the name used before ends (whatever it was), the new one holds
    changed = [Fact("alias", "", Op.RETRACT, 0.8)] if m.groupdict().get("change") else []
    return [*changed, Fact("alias", name, Op.ASSERT, 0.85)]


RETRACTIONS: tuple[Rule, ...] = (
    rule(_I + r"(?:不再|不)吃肉了?$", lambda m: [Fact("diet", "vegetarian", Op.ASSERT, 0.7)]),
    rule(_I + r"(?:现在|目前)?(?:是|又)?单身(?:了|狗)?$", lambda m: [Fact("partner", "", Op.RETRACT, 0.75)]),
    rule(_I + r"(?:从|在)(?P<v>[^，,]{2,10}?)(?:毕业|休学|退学|辍学)了?$", _fact("studies_at", school_of, 0.8, Op.RETRACT)),
    # leaving school, by any of its verbs: 毕业, 休学, 退学, 辍学
    rule(r"(?:我)?" + _ADV + r"(?![^，,]{0,4}?(?:快|要|将|准备|被))[^，,]{0,4}?(?:毕业|休学|退学|辍学|拿到(?:了)?毕业证)了?$",
         lambda m: [Fact("studies_at", "", Op.RETRACT, 0.75)]),
    rule(r"(?:我的?)?(?P<v>[^，,我]{1,8}?)(?:已经|也|就|先|早就?|又)?(?:不学了|不练了|不搞了|不玩了|放弃了|暂停了|破功了)$",
         evidence.dropped),
    rule(_I + r"(?:已经)?不(?:再)?是学生了$", lambda m: [Fact("studies_at", "", Op.RETRACT, 0.75)]),
    rule(_I + r"戒(?:掉)?了?(?P<v>.+?)了?$", _quit),
    rule(_I + r"(?:从|在)(?P<v>[^，,]+?)(?<![想要算])(?:离职|辞职)了?$", _fact("employer", op=Op.RETRACT, conf=0.85)),
    rule(_I + r"(?:离职|辞职|裸辞)了$", lambda m: _QUIT),
    rule(_I + r"辞(?:去|掉)了(?P<v>.+?)的工作$", _fact("employer", op=Op.RETRACT, conf=0.85)),
    rule(_I + r"离开了(?P<v>.+)$", _left),
    rule(r"(?:我)?(?:今天|昨天|上周[一二三四五六日天]?)?是我在(?P<v>[^，,]{2,12}?)的(?:last\s*day|最后一天)", _fact("employer", op=Op.RETRACT, conf=0.8)),
    rule(_I + r"离开(?P<v>[^了]+?)了$", _left),
    # 被公司"毕业"了: laid off, said the way offices say it
    rule(_I + r"被(?:公司|老板|单位|领导)?(?:裁员?|辞退|开除|优化|解雇|炒|毕业)(?:掉)?了?$", lambda m: _QUIT),
    rule(_I + r"(?:正式)?退休了?$", lambda m: _QUIT),
    rule(_I + r"辞职了?(?:回|去)(?P<v>[^，,]+?)(?P<home>老家)?(?:了|$)", _moved_home),
    # "我不在宠爱有家干了": no longer working there; "上个月底辞职投奔他来了": a job left, then where one went
    rule(_I + r"不在(?P<v>[^，,\s]{2,10}?)(?:干|做|上班|工作)了", _fact("employer", op=Op.RETRACT, conf=0.85)),
    rule(r"(?:我)?(?:上个?月底?|上周|上礼拜|前几天|前阵子|年前|年后|月初|月底)(?:就|已经)?(?:辞职|离职|裸辞)了?"
         r"(?=[^，,]{0,8}(?:了|啦)$)", lambda m: [Fact("employer", "", Op.RETRACT, 0.8)]),
    rule(_I + r"从(?P<old>.+?)转(?:岗|行)?(?:成|到|为|做|当)了?(?P<t>[^，,]+)(?:[，,].*)?$", _switched),
    # "(三月一号起)调去做对公客户经理了": moved to another post, the title now
    rule(r"(?:[^，,]{0,12}[，,])?(?:我)?(?:[\d一二三四五六七八九十]{1,3}月[\d一二三四五六七八九十]{1,3}[号日]起)?" + _ADV + r"(?:被)?调(?:去|到|岗)(?:做|当|干)(?P<v>[^，,]{2,10}?)了?$", _fact("job_title", title_of, 0.8)),
    rule(r"(?:我)?(?:的|家)?(?:的)?(?P<sp>" + PETS_RE + r")(?:全|都)?(?:挂|死|去世|走)了", _pet_gone),
    rule(_I + r"不(?:再)?(?P<verb>喝|吃)(?P<v>[^了]+?)了$", lambda m: [Fact("diet", DIETS[m.group("v")], Op.RETRACT, 0.85)]
         if m.group("v") in DIETS else [Fact("habit", h, Op.RETRACT, 0.8) for h in [HABITS.get(m.group("verb") + m.group("v"))
                                                                              ] if h] + _fact("likes", op=Op.RETRACT, conf=0.75)(m)),
    rule(r"(?:.*[，,])?(?:我)?(?:当天|已经|也|都|就|只能|只好)*(?:把)?(?:(?:从|自从)[^，,]{1,6}?(?:起|开始))?"
         r"(?P<v>[^，,我]{1,6}?)(?:是|倒是)?(?:只能|只好|已经|也|都|全|全都|彻底|终于|就|早就|早|直接|果断)*戒(?:掉)?了", _quit),
    rule(r"(?:.*?)(?:查出|一查|发现|确诊)(?:来)?(?:我)?(?:是|有)?(?:对)?(?P<v>[^，,。]{1,6}?)(?:过敏|(?<=[^不])(?=不耐)不耐受?)", _allergy_found),
    rule(r"(?:医生说)?我(?:有)?(?P<v>[^，,]{1,4}不耐受)", _fact("allergy", conf=0.85)),
    rule(_I + r"(?:搬离了?|搬出了?)(?P<v>.+)$", _fact("lives_in", place_of, 0.85, Op.RETRACT)),
    rule(_I + r"(?:从|由)(?P<v>.+?)搬(?:走|出来)了?$", _fact("lives_in", place_of, 0.85, Op.RETRACT)),
    rule(_I + r"(?:从|由)(?P<old>[^，,]{2,8}?)搬(?:回|到|去|来)了?(?P<v>[^，,]{2,10}?)(?:了|(?:以后|之后)(?:[，,].*)?)?$", changes.moved_from_to),
    rule(_I + r"从(?P<v>[^，,]{2,10}?)(?:出来|走|离开)了", _left),
    rule(r"(?P<v>[^，,我]{1,4}?)(?:已经|刚刚?)?(?:去世|病逝|死|没)了$", changes.named_gone),
    rule(r".*最后一(?:节|次|堂)(?P<v>[^，,]{1,8}?课)了?$", _fact("routine", op=Op.RETRACT, conf=0.75)),
    rule(r"(?:.*说)?(?P<v>[^，,我]{1,6}?)(?:以后|先|暂时)?(?:别|不能再?|不再|再也不)(?:打|踢|练|去|上|跳|游)了$",
         _fact("routine", op=Op.RETRACT, conf=0.7)),
    rule(r"(?:我的?)?(?P<v>[^，,我]{1,8}?课)(?:已经|也|就|早就)?(?:没(?:有)?续费?|不上了|停了|退了|不去了)",
         evidence.class_ended),
    rule(r"^(?:" + _I + r")?(?:和|跟)(?P<v>.+?)(?:分手|掰|分)了$", lambda m: [Fact(
        "partner", "" if m.group("v") in RELATIVES else (cleaned(m.group("v")) or ""), Op.RETRACT, 0.8)]),
    rule(_I + r"(?:又?开始吃肉了?|(?:现在)?(?:什么|啥)都(?:能)?吃了)$", lambda m: [Fact("diet", "omnivore", Op.ASSERT, 0.75)]),
    rule(r"^我?现在(?:什么|啥)都(?:能)?吃了?$", lambda m: [Fact("diet", "omnivore", Op.ASSERT, 0.75)]),
)

RULES: tuple[Rule, ...] = (
    rule(r"我(?:的名字)?叫" + _NAME + "$", _name),
    rule(r"我的名字是" + _NAME + "$", _name),
    rule(r"(?:我在)?(?:公司里?|学校里?|家里)?(?:你|大家|朋友们?|别人|同事们?|家里人)(?:也)?(?:可以|都|一般)?(?:叫|喊|管我叫)我?"
         + _NAME + "(?:就行|就好)?$", _alias),
    rule(_I + r"的?(?:英文名|昵称|外号|小名|网名)(?:也|就|已经|现在)*(?:是|叫|(?P<change>改成了?|换成了?|改叫))" + _NAME + "了?$", _alias),
    rule(r"^(?:我)?(?:先|简单)*(?:自我)?介绍(?:一)?下(?:我)?(?:自己)?[:：]\s*" + _NAME + "$", _name),
    rule(r"我?(?:都|已经)?(?P<v>\d{2})岁?了?$", _age),  # "齐鲁，35，济南人", "35了，天天担心被优化"
    rule(_I + r"(?:今年)(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})(?:岁|周岁)?了?$", _age),
    # "今天我26岁生日", "今天是我生日": the day of the turn
    rule(r"我?今天(?:是|就是)?我?的?(?:(?P<age>\d{1,3})岁)?生日了?$",
         lambda m: [Fact("birthday", "today", Op.ASSERT, 0.85)]
         + ([Fact("age", m.group("age"), Op.ASSERT, 0.85)] if m.group("age") else [])),
    # "南昌本地人", "我长沙本地的": from there, and living there still
    rule(r"(?:我)?" + _ADV + r"是?(?:地道的?|土生土长的?)?(?P<v>[\u4e00-\u9fff]{2,4}?)本地(?:人|的)$",
         lambda m: [*_hometown_people(m), *[Fact("lives_in", f.value, Op.ASSERT, 0.75) for f in _hometown_people(m)]]),
    rule(_I + r"是?(?P<v>[\u4e00-\u9fff]{2,4}?)(?:人|土生土长的?)$", _hometown_people),
    rule(_I + r"(?!老家)(?P<v>[\u4e00-\u9fff]{2,4}?)的$", lambda m: [*_hometown_people(m), *[  # "我西安的"
        Fact("lives_in", f.value, Op.ASSERT, 0.6, assumed=True) for f in _hometown_people(m)]]),
    # "湖南妹子一枚", "东北姑娘": where one is from, said with who one is
    rule(r"(?:我)?" + _ADV + r"是?(?:一个|个)?(?P<v>[\u4e00-\u9fff]{2,4}?)(?:妹子|姑娘|女孩|小伙子?|男孩|汉子|大妞|土著)(?:一枚|一个)?$",
         _hometown_people),
    rule(_I + r"(?:今年)?(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})岁了?$", _age),
    # "我6月3号满18": the age from the day told, which is the birthday
    rule(_I + r"满(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})(?:岁|周岁)?了?$",
         lambda m: [*_age(m), *([Fact("birthday", "turning", Op.ASSERT, 0.8)] if _age(m) else [])]),
    rule(r"我的生日是(?P<v>.+)$", _fact("birthday")),  # then diet and health
    rule(_I + r"(?:是|成了|成为了?|变成了?)(?:一(?:个|名))?(?:严格的)?(?P<v>纯素食者|纯素主义者|纯素者|"
         r"素食主义者|素食者|吃素的人)了?$", _fact("diet", mapping=DIETS)),
    rule(_I + r"吃(?P<v>纯素|全素|素食|素)了?$", _fact("diet", mapping=DIETS)),
    rule(_I + r"(?:在)?(?:吃|做)(?P<v>生酮|低碳水?)(?:饮食)?了?$", _fact("diet", mapping=DIETS, conf=0.85)),
    rule(_I + r"对(?P<v>.+?)过敏$", _each("allergy")),
    # favourites, then places
    rule(_I + r"最(?:喜欢|爱)(?P<verb>吃|喝|看|听|玩|读)的(?:东西)?(?:就|其实|一直|还)*是(?P<v>.+)$", changes.favourite_verb),
    rule(_I + r"最(?:喜欢|爱)(?P<verb>吃|喝)(?!的)(?P<v>[^，,]{2,12})$", changes.favourite_verb),
    rule(_I + r"(?:就|也)?好(?P<v>[^，,]{1,6}?)这一口$", _each("likes", 0.8)),
    rule(_I + r"最喜欢的(?P<thing>.{1,6}?)(?:就|其实|一直|还|也)*(?:是|换成了?|变成了?|改成了?)(?P<v>.+)$", _favourite),
    rule(r"(?P<v>.+?)是我(?:现在)?最喜欢的(?P<thing>.{1,6})$", _favourite),
    rule(_I + r"最(?:喜欢|爱)(?:的是)?(?P<v>.+)$", _each("likes", 0.85)),
    rule(_I + r"来自(?P<v>.+)$", _fact("hometown", place_of)),
    rule(_I + r"(?:老家|家乡)(?:就)?(?:是|在)?(?P<v>.+?)的?$", _fact("hometown", place_of)),
    rule(_I + r"(?:是)?在(?P<v>.+?)长大的?$", _fact("hometown", place_of, 0.85)),
    rule(_I + r"出生(?:在|于)(?P<v>.+)$", _fact("hometown", place_of, 0.75)),
    rule(_I + r"(?:住在|定居在|生活在)(?P<v>.+)$", _fact("lives_in", place_of)),
    rule(_I + r"住(?!院|宿|校|在)(?P<v>[^，,]{2,12})$", lambda m: _fact("lives_in", place_of)(m)
         if any(m.group("v").startswith(p) for p in PLACES_ZH) else []),
    rule(_I + r"在(?P<v>[^，,]{2,10}?)租(?:到|好)?了?(?:房子?|房间|公寓|单间|[^，,]{1,3}年)", _fact("lives_in", place_of, 0.8)),
    rule(_I + r"在(?P<v>.+?)(?<![不得])(?:住|生活|定居)了?$", _fact("lives_in", place_of, 0.85)),
    rule(_I + r"(?:搬到|搬去|搬来|搬回|搬家(?:到|去)|移居到?|移民(?:到|去)?)了?(?P<v>.+)$", _fact("lives_in", place_of)),
    rule(_I + r"搬(?P<v>[\u4e00-\u9fff]{2,4}?)(?:来|去)?了$", changes.only_place("lives_in", 0.85)),  # 上个月搬深圳了
    rule(_I + r"(?:被)?(?:调去|调到|派到|派去|外派到?)了?(?P<v>[^，,]{2,8}?)(?:工作|上班)?了?$", changes.only_place("lives_in", 0.75)),
    rule(_I + r"改(?:喝|吃)(?P<v>[^，,]{1,8}?)了?$", _each("likes", 0.7)),
    rule(_I + r"(?:base|坐标)\s*(?:在)?(?P<v>[^，,]{2,12})$", changes.only_place("lives_in", 0.8)),
    # study and work
    rule(_I + r"在(?P<v>.+?)(?:读[^，,读]{1,6}?)?(?:读书|上学|读大学|念书|读研究生|读研[一二三]?|研[一二三]|读博士|读博[一二三四五]?|读大[一二三四]|上[一二三四五六]年级)$",
         _studies),
    rule(_I + r"(?:是|做|当)?(?:一名|一个)?(?P<t>自由职业者?|个体户|全职妈妈|全职太太|全职爸爸)$", _titled_any(0.8)),
    rule(_I + r"是?(?:卖|做)(?P<v>保险|房子?|车|药|理财|基金)的$", lambda m: [Fact("job_title", m.group("v") + "销售",
                                                                               Op.ASSERT, 0.8)]),
    rule(_I + r"(?:是|一个|就是个|是个)?(?:自由职业|全职|兼职|个体)?(?:做|搞|干|写|画)(?P<t>[^，,]{1,8}?)的$", _titled_any(0.8)),
    # "我是送外卖的", "我一个送快递的": the work is the errand itself
    rule(_I + r"(?:是|一个|就是个|是个)?(?P<t>送(?:外卖|快递))的$", _titled_any(0.8)),
    rule(_I + r"在(?P<v>[^，,]{2,6}?)(?P<t>送(?:外卖|快递))", lambda m: [Fact("job_title", m.group("t"), Op.ASSERT, 0.8)]
         + ([Fact("lives_in", m.group("v"), Op.ASSERT, 0.7)] if is_place(m.group("v")) else [])),
    # "正式名头叫财务分析师", "职位是产品经理": the title named as one
    rule(r"(?:我的?)?(?:正式)?(?:名头|职位|头衔|title|岗位)(?:就|其实)?(?:叫|是)[…\.\s，,]*(?P<t>[^，,]{2,10}?)(?:吧|啦|了)?$",
         _titled_any(0.8)),
    rule(r"^(?:是)?(?:做|写|画|搞)(?P<t>[^，,]{1,6}?)的$", _titled_any(0.75)),  # "点石传媒，写文案的"
    rule(r"我们(?:公司|单位)(?:就|其实)?是(?P<org>[^，,]{2,12}?)(?:[，,].*)?$", _job(0.8)),
    rule(r"(?:" + _I + r"是?)?(?:在(?P<where>[^，,]{2,6}?)|(?P<city>[\u4e00-\u9fff]{2,4}?))?是?开(?:了[一二两三四五六七八九十几\d多]+年多?)?"
         r"(?P<v>出租车|出租|德士|的士|计程车|网约车|滴滴|货车|大车|大货|公交车?|卡车|轻轨|地铁|大巴|校车|叉车|吊车|挖掘机|挖机)"
         r"(?!的(?:师傅|司机|大哥|大姐|小哥|人|朋友))", evidence.drives),
    rule(_I + r"在(?P<v>(?![^，,]*(?:老家|[上读念](?:小学|中学|大学|高中|初中)))[^，,]{2,10}(?:小学|中学|大学|学校|学院|幼儿园|高中|初中))(?:上学|读书|念书)?$", _studies),
    # a new school: 转学到X, (这学期开始)去X上学
    rule(_I + r"(?:转学)?(?:到|去|进)了?(?P<v>[^，,]{2,10}(?:小学|中学|大学|学校|学院|幼儿园|高中|初中))"
         r"(?:上学|读书|念书|上课)?了?$", _fact("studies_at", school_of)),
    rule(_I + r"在(?P<v>[^，,]{2,6}?)漂了?", _fact("lives_in", place_of, 0.75)),
    rule(_I + r"在(?P<v>[^，,]{2,10}?)(?:读|念|攻读)[^，,]{0,4}?(?:硕士|博士|本科|研究生|MBA)$", _studies),
    rule(_I + r"(?:去|到)了?(?P<v>[^，,]{2,8}?)(?P<what>读书|上学|留学|念书|读研|读博|工作|上班|报到|入职)了?$", changes.went_to),
    rule(_I + r"在(?P<org>.+?)(?:当(?!劳|当)|做|担任|任)(?P<t>.+)$", _job()),
    rule(_I + r"在(?P<org>[^，,]+?)干(?![活嘛啥了得过完掉着吗什脆净])(?P<t>[^，,]+)$", _job()),  # 在南开大学干行政
    rule(_I + r"在(?P<org>[^，,]+?)(?:搞|写)(?P<t>[^，,了]{2,8}?)的$", _job()),  # 在海康威视写嵌入式的
    rule(_I + r"(?:也)?(?:算是|算|是)(?P<org>[^，,]{2,8}?)的人了?$", _job(0.75)),
    rule(r"我们(?:公司|单位)(?:上周|上个月|前几天|最近|已经)*被(?P<org>[^，,]{2,8}?)(?:收购|并购|合并)了", _job(0.8)),
    rule(_I + r"(?:跑去|跑到|去了?|到|回)(?P<v>[^，,]{2,6}?)(?P<how>开了?(?:一?[家间]|个|一个)?(?:小)?(?P<shop>[^，,]{0,6}?"
         r"(?:店|馆|民宿|客栈|工作室))|发展|定居|打工|创业)了?$", evidence.settled),
    rule(r"(?![^，,]*?(?:要|想|打算|准备|计划)[^，,]*?开|(?:楼下|对面|隔壁|附近|门口|旁边|小区|街上)?新开)(?:我)?" + _ADV + r"(?:辞职)?.{0,8}?开了?(?:一?[家间]|个|一个)?(?:小)?(?P<v>(?![两三四五六七八九十几\d]+家|的)[^，,]{0,6}?(?<!分)(?:店|馆|民宿|客栈|工作室|(?<![开个家])厂|小卖部|铺))[了的]?$",
         lambda m: [Fact("job_title", m.group("v") + "老板", Op.ASSERT, 0.75)]),
    rule(_I + r"(?:留在|在)(?P<v>[^，,]{2,8}?)(?:待|呆)", changes.only_place("lives_in", 0.75)),
    rule(_I + r"(?:还是|也是|依然|照样)?留在(?P<v>[^，,]{2,8}?)$", changes.only_place("lives_in", 0.75)),
    rule(_I + r"在(?P<org>.+?)(?:工作|上班|任职)了?$", _job()),
    rule(_I + r"在(?P<org>.+?)实习了?$", _job(0.8)),
    rule(_I + r"在(?P<org>[^，,]{2,10}?)(?:干|待|呆)了[^，,]{1,6}$", _job(0.8)),
    rule(_I + r"(?:入职|加入|跳槽到|跳槽去|跳到|跳去)了?(?P<org>.+?)(?:工作|上班)?了?$", _job(0.85)),
    # "华为搬砖", "字节打工": a company named without 在, by the shape jieba gives it
    rule(r"(?:我)?" + _ADV + r"(?P<org>[A-Za-z0-9\u4e00-\u9fff]{2,8}?)(?:搬砖|打工|上班|实习)(?:中|了)?$", evidence.org_work),
    rule(r"我(?:现在|目前)(?:已经|也)?在(?P<v>[^，,]{2,12}?)了?$", _where_now),
    rule(_I + r"在(?P<v>[^，,]{2,8}?)了?$", changes.only_place("lives_in", 0.8)),
    rule(_I + r"(?:改学|转学|开始学|换成学|转去学|改去学|换学)(?:习)?(?P<v>.+?)了?$",
         _each("learning", 0.85, mapping=LANGUAGES, split=r"[、/和跟]")),
    rule(_I + r"(?:去|回(?!老?家))(?:了)?(?P<org>.+?)(?:工作|上班)了?$", _job(0.85)),  # "我回阿里上班了"
    rule(_I + r"(?P<change>改|转行?|换|转岗|还是|也是|依然)?(?:去)?(?:做|当(?![年初时天场然])|干)了?(?P<t>[^，,]{2,10}?)了?$", changes.work_as),
    # "我是呼伦贝尔的牧民，叫巴特尔": the title ends at the comma, talk runs on after it
    rule(r"我是(?P<org>[^，,]+?)的(?P<t>[^，,]+)(?:[，,].*)?$", lambda m: _job(0.85)(m) if cleaned(m.group("t")) in
         ("学生", "员工", "职员", "雇员") or (m.group("t") or "").endswith(JOB_HEADS) else []),
    rule(r"(?:我是|^叫)(?P<v>[\u4e00-\u9fff]{2,3})$", evidence.said_name),  # "(我是果农，)叫马永福"
    rule(_I + r"是一(?:名|位)(?P<t>.+)$", _titled(0.9)),
    rule(_I + r"是(?:一个|个)?(?P<t>.+)$", _titled(0.8)),
    rule(r"我的工作是(?P<t>.+)$", _titled(0.8)),
    rule(_I + r"(?:被)?升(?:职|级)?(?:为|成|到)了?(?P<t>.+)$", _job(0.85)),
    rule(_I + r"(?:被)?(?:升|提拔|晋升|混上|熬成)(?:职|级)?(?:为|成|到|上|做)?了?(?P<t>[^，,]{2,10}?)了?$", changes.promoted),
    # languages and learning (学心理学的: a field; "我学军中学初二的": a school whose name starts with 学)
    rule(_I + r"(?:会|能|可以)(?:说|讲)(?P<v>.+)$", _each("speaks", mapping=LANGUAGES, split=r"[、/和跟]|还有")),
    rule(r"我的母语是(?P<v>.+)$", _each("speaks", mapping=LANGUAGES, split=r"[、/和跟]")),
    rule(_I + r"(?:正在|在)?学(?:习)?(?P<v>(?![校生院会到的府])(?!了)(?![^，,]*(?:[中小大]学|[高初][一二三])).+?)"
         r"(?:[一二三四五六七八九十两几半\d]+个?多?(?:月|年|周|天|礼拜|星期).*|(?:纯属|纯粹|主要是|因为|是为了).*)?$",
         lambda m: field_told_zh(m) or _each("learning", 0.85, mapping=LANGUAGES, split=r"[、/和跟]")(m)),
    # pets and family
    rule(r"我(?:家)?" + _ADV + r"(?:在[^，,]{1,8}?[上里])?(?:换)?(?:养了|养着|养|有|领养了|收养了|买了)" + _NUM
         + r"?(?:只|条|个|匹)?"
         rf"(?:[^，,的]{{1,6}}的)?(?P<sp>{PETS_RE})[，,]?(?:它|他|她)?(?:(?:叫|名叫|名字叫|名字是)" + _NAME
         + ")?了?$", _pet),
    # "领养了一只橘猫，叫橘子，特别粘人": talk after the name
    rule(r"我(?:家)?" + _ADV + r"(?:换)?(?:养了|养着|养|有|领养了|收养了|买了)" + _NUM + r"?(?:只|条|个|匹)?"
         rf"(?:[^，,的]{{1,6}}的)?(?P<sp>{PETS_RE})[，,]?(?:它|他|她)?(?:叫|名叫|名字叫|名字是)" + _NAME
         + "[，,].*$", _pet),
    rule(r"我(?:们)?(?:的|家)?(?:的)?(?P<sp>" + PETS_RE + r")(?:叫|名叫|名字叫|名字是)" + _NAME + "(?:[，,].*)?$", _pet),
    # "家里俩英短": a count of pets at home, without a verb
    rule(r"我家(?:里)?(?:有)?" + _NUM + r"(?:只|条|个|匹)?(?P<sp>" + PETS_RE + r")(?P<name>)$", _pet),
    # "我家狗狗豆豆今年12岁了": the name right after the species, before what is said of it
    rule(r"我(?:们)?(?:的|家)(?:的)?(?P<sp>" + PETS_RE + r")(?![很今也都又已还最真太特超好有是在就才不没狗猫鱼咪])(?!.?今年)"
         r"(?P<name>[\u4e00-\u9fff]{2,3}?)(?=[，,]|$|今年|已经|[一二两三四五六七八九十\d]+岁)", _pet),
    rule(r"我(?:家)?" + _ADV + r"(?:换)?(?:养了|养着|有)" + _NUM + r"?(?:只|条|个)(?P<sp>" + PETS_RE + r")[，,]"
         r"(?P<names>(?:一(?:只|条|个)叫[^，,]+?){2,})(?:[，,].*)?$", _pets_named),
    rule(r"我(?:家)?" + _ADV + r"(?:养了|养着|有)" + _NUM + r"?(?:只|条|个)(?P<sp>" + PETS_RE + r")[，,]"
         r"(?P<names>[^，,]{1,4}(?:[和、跟][^，,]{1,4})+)(?:[，,].*)?$", changes.pets_listed),
    rule(_I + r"有" + _NUM + r"(?:个|位)(?P<rel>" + REL_RE + r")[，,]?(?:(?:叫|名叫)" + _NAME + ")?$", _relative),
    rule(r"我(?:的)?(?P<rel>" + REL_RE + r")(?:叫|名叫|的名字是|的名字叫)" + _NAME + "$", _relative),
    rule(r"(?:我的?)?(?:兴趣)?爱好(?:啊|呢|嘛)?(?:就是|是|主要是)?(?P<v>[^，,]+)", evidence.hobbies),
    # likes, dislikes, then habits
    rule(_I + r"(?:很|非常|特别|超级?|真的|挺|蛮|也|还|都|一直)*(?:讨厌|厌恶|受不了|忍受不了|反感|不喜欢|不太喜欢|"
         r"不怎么喜欢|不爱)(?P<v>.+)$", _each("dislikes", 0.85)),
    rule(_I + r"(?:很|非常|特别|超级?|真的|挺|蛮|也|还|都|一直)*(?:喜欢上了|喜欢|爱上了|迷上了?|爱(?!好)|热爱|喜爱|享受)(?P<v>.+)$",
         _each("likes", 0.9)),
    rule(_I + r"(?P<f>每天|每周|每个?星期|每个?礼拜|每晚|每个?周末|天天|经常|常常)(?:早上|晚上|下午|中午|早晨)?"
         r"(?:都|会|也|还)?(?P<v>.+)$", _habit(0.8)),
    rule(_I + r"(?P<v>抽烟|吸烟|跑步|游泳|冥想|打坐|练瑜伽|做瑜伽|健身|喝酒|骑车|慢跑)了?$", _habit(0.8)),
    *evidence.TOWNS_IN_PASSING, *evidence.APP_WORK, *evidence.COMPANY_NAMED,  # 跑美团外卖, 公司叫Moka
)
