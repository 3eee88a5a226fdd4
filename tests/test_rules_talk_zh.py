"""Chinese as people talk: dropped subjects, other people, dates, schedules, endings, doubts.

Each class of rule is tested on several ways of saying it, none taken from the bench set.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import dates, dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in

A, R, D = Op.ASSERT, Op.RETRACT, Op.DOUBT
Row = tuple[str, str, Op]


def said(text: str) -> list[Row]:
    return [(f.attribute, f.value, f.op) for f in facts_in(text)]


def about(text: str) -> list[tuple[str, str, str, str]]:
    return [(f.attribute, f.value, f.about, f.name) for f in facts_in(text)]


# -- subjects dropped, adverbs in between, verbless updates --------------------------------
SPEAKER = [
    ("在美团做产品经理，天天开会", [("job_title", "产品经理", A), ("employer", "美团", A)]),
    ("在华为当测试工程师", [("job_title", "测试工程师", A), ("employer", "华为", A)]),
    ("现在在京东了，还是做运营", [("employer", "京东", A)]),
    ("我现在在网易", [("employer", "网易", A)]),
    ("我去年就搬到了苏州", [("lives_in", "苏州", A)]),
    ("前年就搬到了杭州", [("lives_in", "杭州", A)]),
    ("对 住广州天河", [("lives_in", "广州天河", A)]),
    ("住杭州西湖区那边", [("lives_in", "杭州", A)]),
    ("今年31，在武汉当护士", [("age", "31", A), ("job_title", "护士", A), ("lives_in", "武汉", A)]),
    ("我叫王芳，长沙人", [("name", "王芳", A), ("hometown", "长沙", A)]),
    ("我老家就是成都的", [("hometown", "成都", A)]),
    ("我是做设计的", [("job_title", "设计", A)]),
    ("我做运维的，天天背锅", [("job_title", "运维", A)]),
    ("在清华大学读研", [("studies_at", "清华大学", A)]),
]


@pytest.mark.parametrize(("text", "expected"), SPEAKER, ids=[t for t, _ in SPEAKER])
def test_speaker_without_subject(text: str, expected: list[Row]) -> None:
    got = said(text)
    assert all(e in got for e in expected), got


# -- clean values: no entity, no employer ---------------------------------------------------
NO_EMPLOYER = [
    "在上海的一家公司上班",
    "我在深圳一家创业公司做运营",
    "在一家外企做财务",
    "在北京一所大学读研",
    "在写字楼对面那家店上班",
]


@pytest.mark.parametrize("text", NO_EMPLOYER)
def test_unnamed_workplaces_give_no_employer(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute in ("employer", "studies_at")]


def test_a_named_company_inside_a_description() -> None:
    assert ("employer", "小象生鲜", A) in said("我在一家叫小象生鲜的创业公司做运营")
    assert ("employer", "中石油", A) in said("我在中石油下面的一个加油站当站长")


# -- endings --------------------------------------------------------------------------------
ENDINGS = [
    ("我离开协和了", ("employer", "协和", R)),
    ("我离开阿里了，想歇歇", ("employer", "阿里", R)),
    ("不学日语了，太难", ("learning", "Japanese", R)),
    ("我不学法语了", ("learning", "French", R)),
    ("我现在不喝茶了", ("likes", "茶", R)),
    ("我已经不喝可乐了", ("likes", "可乐", R)),
    ("两周前辞职了", ("employer", "", R)),
    ("上个月被裁了", ("employer", "", R)),
    ("我被辞退了", ("employer", "", R)),
    ("我上周裸辞了", ("employer", "", R)),
    ("咖啡已经戒了", ("habit", "drinks coffee", R)),
    ("烟早就戒了", ("habit", "smokes", R)),
    ("我当天就把烟戒了", ("habit", "smokes", R)),
    ("从测试转成开发了", ("job_title", "开发", A)),
    ("昨天是我在百度的最后一天", ("employer", "百度", R)),
]


@pytest.mark.parametrize(("text", "expected"), ENDINGS, ids=[t for t, _ in ENDINGS])
def test_endings(text: str, expected: Row) -> None:
    assert expected in said(text)


def test_quitting_ends_the_title_too() -> None:
    assert said("我辞职了") == [("employer", "", R), ("job_title", "", R)]


def test_quitting_to_go_home() -> None:
    got = said("我辞职回大理老家了")
    assert ("employer", "", R) in got and ("lives_in", "大理", A) in got and ("hometown", "大理", A) in got


# -- verbs of change ------------------------------------------------------------------------
CHANGES = [
    ("今天入职小鹏了", ("employer", "小鹏", A)),
    ("我跳槽到快手了", ("employer", "快手", A)),
    ("这周开始改学韩语了", ("learning", "Korean", A)),
    ("我现在最喜欢的球队换成勇士了", ("favourite_team", "勇士", A)),
    ("英文名改成Kevin了", ("alias", "Kevin", A)),
    ("升职啦！现在是部门经理了", ("job_title", "部门经理", A)),
    ("我们公司就是3M", ("employer", "3M", A)),
]


@pytest.mark.parametrize(("text", "expected"), CHANGES, ids=[t for t, _ in CHANGES])
def test_changes(text: str, expected: Row) -> None:
    assert expected in said(text)


# -- names and nicknames --------------------------------------------------------------------
ALIASES = [
    ("大家都叫我小林", "小林"),
    ("朋友们都叫我阿杰", "阿杰"),
    ("公司里大家都叫我Tony", "Tony"),
    ("同事都喊我老王", "老王"),
    ("我的外号是大头", "大头"),
]


@pytest.mark.parametrize(("text", "alias"), ALIASES)
def test_nicknames_are_aliases(text: str, alias: str) -> None:
    assert said(text) == [("alias", alias, A)]


def test_name_and_nickname_in_one_sentence() -> None:
    assert said("我叫林晓，不过大家都叫我小林") == [("name", "林晓", A), ("alias", "小林", A)]


# -- other people ---------------------------------------------------------------------------
PEOPLE = [
    ("我姐姐李娜住在奥斯陆", [("sister", "李娜", "", ""), ("lives_in", "奥斯陆", "sister", "李娜")]),
    ("我哥是护士", [("job_title", "护士", "brother", "")]),
    ("我弟是程序员", [("job_title", "程序员", "brother", "")]),
    ("我们女儿今年五岁", [("age", "5", "daughter", "")]),
    ("我儿子今年8岁了", [("age", "8", "son", "")]),
    ("我妈今年65了", [("age", "65", "mother", "")]),
    ("我妈叫李秀英，在哈尔滨一个人住",
     [("mother", "李秀英", "", ""), ("lives_in", "哈尔滨", "mother", "李秀英")]),
    ("我爸在老家开出租车，今年58了",
     [("job_title", "出租车司机", "father", ""), ("age", "58", "father", "")]),
    ("我哥段鹏在阿里做算法", [("brother", "段鹏", "", ""), ("job_title", "算法", "brother", "段鹏"),
                             ("employer", "阿里", "brother", "段鹏")]),
    ("我最好的朋友叫佳佳，她是空姐", [("friend", "佳佳", "", ""), ("job_title", "空姐", "friend", "佳佳")]),
    ("我妈来我家住，她对猫毛过敏", [("allergy", "猫毛", "mother", "")]),
    ("我老婆叫李华", [("spouse", "李华", "", "")]),
    ("我姐上个月搬去温哥华了", [("lives_in", "温哥华", "sister", "")]),
]


@pytest.mark.parametrize(("text", "expected"), PEOPLE, ids=[t for t, _ in PEOPLE])
def test_other_people(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert about(text) == expected


def test_other_peoples_facts_are_never_the_speakers() -> None:
    for text, _ in PEOPLE:
        own = [f for f in facts_in(text) if not f.about]
        assert not [f for f in own if f.attribute in ("age", "job_title", "lives_in")]


def test_what_befalls_a_pet_or_a_relative_is_never_their_name() -> None:
    # a lost pet is a doubt on the pet, not a dog named 走丢了
    assert said("我家狗狗走丢了") == [("pet", "", D)]
    assert said("我家猫咪丢了，好难过") == [("pet", "", D)]
    assert said("我家狗狗豆豆今年12岁了") == [("pet", "a dog named 豆豆", A)]
    # 退休后 is when, not who
    assert not [f for f in facts_in("我爸退休后搬回老家了") if f.attribute == "father" or f.name]
    assert ("father", "老李", "", "") in about("我爸老李在工地上班")


def test_a_relatives_fact_becomes_their_candidate() -> None:
    resource = Resource(id="r.jsonl#L1", path="r.jsonl", line=1, ts=datetime(2026, 2, 1, tzinfo=timezone.utc),
                        role="user", speaker="何晨", text="我们女儿今年五岁")
    (candidate,) = RulesExtractor().extract_one(resource)
    assert (candidate.subject, candidate.attribute, candidate.value, candidate.relation) == (
        "何晨's daughter", "age", "5", "daughter")


# -- dates ----------------------------------------------------------------------------------
SPOKEN = datetime(2026, 3, 4, 6, 0, tzinfo=timezone.utc)  # Wed 4 March, 14:00 in China
WHEN = [
    ("两周前辞职了", "两周前", "2026-02-18"),
    ("上个月搬到了成都", "上个月", "2026-02-04"),
    ("我去年就搬到了苏州", "去年", "2025-03-04"),
    ("上周被裁了", "上周", "2026-02-25"),
    ("我3月2号入职网易了", "3月2号", "2026-03-02"),
    ("我哥3月1号入职网易了", "3月1号", "2026-03-01"),
]


@pytest.mark.parametrize(("text", "phrase", "day"), WHEN, ids=[t for t, _, _ in WHEN])
def test_change_dates(text: str, phrase: str, day: str) -> None:
    (fact, *_) = facts_in(text)
    assert fact.when == phrase
    resolved = dates.resolve(fact.when, SPOKEN)
    assert resolved is not None
    assert (resolved + dates_zh.CHINA).date().isoformat() == day


BIRTHDAYS = [
    ("我是1991年5月3日出生的", "1991-05-03"),
    ("我是2000年12月24号生的，平安夜", "2000-12-24"),
    ("我1988年3月8日出生", "1988-03-08"),
]


@pytest.mark.parametrize(("text", "value"), BIRTHDAYS)
def test_birthdays(text: str, value: str) -> None:
    assert ("birthday", value, A) in said(text)


# -- appointments and routines ---------------------------------------------------------------
SCHEDULES = [
    ("这周五下午三点看牙医", "看牙医", "2026-03-06 15:00"),
    ("提醒我一下，周五下午3点看牙医", "看牙医", "2026-03-06 15:00"),
    ("下周二下午两点有个面试", "面试", "2026-03-10 14:00"),
    ("后天早上九点要体检", "体检", "2026-03-06 09:00"),
    ("明天晚上七点约了朋友吃火锅", "朋友吃火锅", "2026-03-05 19:00"),
    ("周六上午十点带孩子打疫苗", "打疫苗", "2026-03-07 10:00"),  # the errand, not who goes along
    ("面试提前到这周五上午十点了", "面试", "2026-03-06 10:00"),
]


@pytest.mark.parametrize(("text", "what", "local"), SCHEDULES, ids=[t for t, _, _ in SCHEDULES])
def test_appointments(text: str, what: str, local: str) -> None:
    (fact,) = [f for f in facts_in(text) if f.op is not Op.DOUBT]  # 面试 also doubts the job
    assert (fact.attribute, fact.value) == ("appointment", what)
    resolved = dates.resolve(fact.scheduled, SPOKEN, "future")
    assert resolved is not None
    assert (resolved + dates_zh.CHINA).strftime("%Y-%m-%d %H:%M") == local


def test_a_moved_appointment_is_the_same_thing_at_a_new_time() -> None:
    (fact,) = facts_in("牙医诊所打电话说医生请假，改到下周一了")
    assert (fact.attribute, fact.value, fact.scheduled) == ("appointment", "牙医", "下周一")


ROUTINES = [
    ("我每周二晚上去练瑜伽", "瑜伽 每周二", ("tuesday",)),
    ("每周三晚上跟同事打羽毛球", "羽毛球 每周三", ("wednesday",)),
    ("我每周一三五下班去游泳", "游泳 每周一三五", ("monday", "wednesday", "friday")),
    ("每周二和周四下班去健身房", "健身 每周二和周四", ("tuesday", "thursday")),
    ("每个周末去爬山", "爬山 每周末", ("saturday", "sunday")),
]


@pytest.mark.parametrize(("text", "value", "days"), ROUTINES, ids=[t for t, _, _ in ROUTINES])
def test_routines(text: str, value: str, days: tuple[str, ...]) -> None:
    assert said(text) == [("routine", value, A)]
    assert dates_zh.weekdays(value) == days


def test_a_routine_moved_to_another_day() -> None:
    # the class on its new day, and the one told before on other days ended (speaker_memory)
    assert said("瑜伽课从下周开始改到周四了") == [("routine", "it 瑜伽", R), ("routine", "瑜伽 每周四", A)]


# -- doubts ---------------------------------------------------------------------------------
DOUBTS = [
    ("搬家累死了", "lives_in"),
    ("房东要卖房，让我月底前搬走", "lives_in"),
    ("明天去交辞职信", "employer"),
    ("合同下个月到期，公司还没说续不续", "employer"),
    ("健身卡到期了，还没想好续不续", "routine"),
    ("日语快一个月没碰了", "learning"),
]


@pytest.mark.parametrize(("text", "attribute"), DOUBTS)
def test_doubts(text: str, attribute: str) -> None:
    got = said(text)
    assert (attribute, "", D) in got
    assert all(op is D for _, _, op in got)


# -- what must not become a fact ------------------------------------------------------------
NOTHING = [
    "如果我搬去巴黎工作，法语得学到啥程度？",
    "我要不要学Rust啊",
    "要不要养只狗呢，柯基还是柴犬好",
    "我可太爱加班了，爱死了🙃",
    "恨不得明天就辞职。开玩笑的",
    "我朋友说我应该去学编程",
    "我妈又觉得我该考公务员",
    "下个月可能先回青岛待着吧",
    "在考虑辞职去读个MBA，你觉得值吗",
    "3月3号吃完芒果全身起疹子",
]


@pytest.mark.parametrize("text", NOTHING)
def test_not_facts(text: str) -> None:
    assert [f for f in facts_in(text) if f.op is not D] == []


def test_hostile_input_never_raises() -> None:
    for text in ["", "，，，", "我" * 500, "我姐姐", "我哥3月99号入职了", "周八下午三点看牙医",
                 "我是9999年13月40日出生的", "每周", "改到了", "🙃🙃", "我叫", "我们女儿今年"]:
        facts_in(text)
