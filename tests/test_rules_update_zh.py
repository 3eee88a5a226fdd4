"""Chinese updates as people say them: clause shapes, verbs of change, starts on a coming day,
names given apart, doubts, and the old value told by what one does.

Every sentence here was written for this file (none is from the bench set); each mechanism
is tested on several phrasings, with what it must give and what it must not.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import dates, shapes_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in

A, R, D = Op.ASSERT, Op.RETRACT, Op.DOUBT
Row = tuple[str, str, Op]


def said(text: str) -> list[Row]:
    return [(f.attribute, f.value, f.op) for f in facts_in(text)]


# -- clause shapes: a duration after the verb, an object put first, "以后" after an event -------
SHAPES = [
    ("在深圳住了七八年了，早就习惯了", [("lives_in", "深圳", A)]),
    ("我在上海生活了三年多了", [("lives_in", "上海", A)]),
    ("我抽烟二十年了，戒不掉", [("habit", "smokes", A)]),
    ("我吃素三年了", [("diet", "vegetarian", A)]),
    ("烟抽了十几年了", [("habit", "smokes", A)]),
    ("日语学了两年了，还是不太会说", [("learning", "Japanese", A)]),
    ("结婚以后一直住在厦门", [("lives_in", "厦门", A)]),
    ("在美团写代码写了三年了", [("employer", "美团", A)]),
]


def test_clause_shapes() -> None:
    for text, expected in SHAPES:
        assert_says(text, expected)


def assert_says(text: str, expected: list[Row]) -> None:
    got = said(text)
    assert all(e in got for e in expected), (text, got)


def test_shape_helpers_leave_other_clauses_alone() -> None:
    assert shapes_zh.without_duration("我在北京住") == "我在北京住"
    assert shapes_zh.without_duration("我在杭州住了两年") == "我在杭州住"
    assert shapes_zh.unfronted("我喜欢猫") == "我喜欢猫"
    assert shapes_zh.unfronted("钢琴弹了五年") == "我弹钢琴"
    # a plan after an event is still a plan: only the event frame is dropped
    assert said("以后想去成都") == []


def test_a_topic_and_its_change_is_a_clause_of_its_own() -> None:
    got = said("医生说我乳糖不耐受，奶茶只能戒了")
    assert ("allergy", "乳糖不耐受", A) in got and ("likes", "奶茶", R) in got
    got = said("法语放弃了，太难，转去学德语了")
    assert ("learning", "French", R) in got and ("learning", "German", A) in got


# -- verbs of change: endings ----------------------------------------------------------------
ENDINGS = [
    ("星辰科技倒闭了，老板跑路了", [("employer", "星辰科技", R), ("job_title", "", R)]),
    ("我们公司上个月解散了", [("employer", "", R), ("job_title", "", R)]),
    ("前阵子被layoff了", [("employer", "", R), ("job_title", "", R)]),
    ("家教不干了，太累", [("job_title", "家教", R)]),
    ("我跟阿杰分了", [("partner", "阿杰", R)]),
    ("和男朋友分手了，不想提", [("partner", "", R)]),
    ("团团送人了，舍不得", [("pet", "团团", R)]),
    ("旺财上个月走了", [("pet", "旺财", R)]),
    ("体检取消了，下次再约", [("appointment", "体检", R)]),
]



NOT_ENDINGS = [
    "楼下的奶茶店倒闭了",  # a shop closing ends nobody's job
    "健身房关门了",
    "他走了",  # a person, not a pet
    "我快毕业了",  # not yet
]


@pytest.mark.parametrize("text", NOT_ENDINGS)
def test_not_endings(text: str) -> None:
    assert [f for f in facts_in(text) if f.op is R and f.attribute in ("employer", "job_title", "pet",
                                                                      "studies_at")] == [], facts_in(text)


# -- verbs of change: starts and switches, names given apart ---------------------------------------
STARTS = [
    ("跳到携程了，还是做产品", [("employer", "携程", A), ("job_title", "产品", A)]),
    ("上个月换工作了，小红书，做运营", [("employer", "小红书", A)]),
    ("正式去招商银行了", [("employer", "招商银行", A)]),
    ("我在京东送快递，挺累的", [("employer", "京东", A)]),
    ("现在在学而思教数学", [("employer", "学而思", A), ("job_title", "数学老师", A)]),
    ("我在一家做外贸的小公司当会计，公司叫远航贸易", [("job_title", "会计", A), ("employer", "远航贸易", A)]),
    ("我们是个小工作室，叫山海工作室", [("employer", "山海工作室", A)]),
    ("在苏州读研，学校是苏大", [("studies_at", "苏大", A)]),
    ("在上海一家外企做财务，欧莱雅", [("employer", "欧莱雅", A), ("job_title", "财务", A)]),
    ("我在北京的Microsoft上班，当PM", [("employer", "Microsoft", A), ("job_title", "PM", A)]),
    ("我老公是律师，在金杜，天天加班", [("job_title", "律师", A), ("employer", "金杜", A)]),
    ("粤语也会一点", [("speaks", "Cantonese", A)]),
    ("我在多邻国上学法语", [("learning", "French", A)]),
    ("住顺义，上班在国贸", [("lives_in", "顺义", A)]),
    ("我湖南人，特别能吃辣", [("hometown", "湖南", A)]),
    ("哦不对，我31了", [("age", "31", A)]),
]



NOT_STARTS = [
    ("公司里大家都叫我Leo", "employer"),  # a nickname, not a company
    ("在找新工作", "employer"),
    ("我在星巴克写作业", "employer"),  # a place one sits, not an employer
    ("我换到周四了", "employer"),
    ("我是老师，在忙", "employer"),
    ("住院了", "lives_in"),
    ("我有点过敏", "allergy"),
]


@pytest.mark.parametrize(("text", "attribute"), NOT_STARTS, ids=[t for t, _ in NOT_STARTS])
def test_not_starts(text: str, attribute: str) -> None:
    # No value starts ("在找新工作" only puts the current job in doubt).
    started = [f for f in facts_in(text) if f.attribute == attribute and f.op is not Op.DOUBT]
    assert started == [], facts_in(text)


def test_family_said_without_me_and_a_bare_age_after_a_relative() -> None:
    allergy = [f for f in facts_in("女儿查出来对芒果过敏") if f.attribute == "allergy"]
    assert [(f.value, f.about, f.name) for f in allergy] == [("芒果", "daughter", "")]
    ages = [(f.value, f.about) for f in facts_in("我儿子小宝今年上二年级了，八岁，调皮")
            if f.attribute == "age"]
    assert ages == [("8", "son")]


# -- a start on a day still to come carries that day -------------------------------------------------
SPOKEN = datetime(2026, 2, 10, 12, tzinfo=timezone.utc)


def _valid_from(text: str, attribute: str) -> str:
    turn = Resource(id="resources/2026/02/10.jsonl#L1", path="resources/2026/02/10.jsonl", line=1, text=text,
                    ts=SPOKEN, role="user", speaker="Li")
    found = [c for c in RulesExtractor().extract([turn]) if c.attribute == attribute and c.op is A]
    assert found, text
    return found[0].valid_from.date().isoformat()


@pytest.mark.parametrize(("text", "attribute", "day"), [
    ("下个月1号去字节报到", "employer", "2026-03-01"),
    ("下周一去滴滴上班了", "employer", "2026-02-16"),
    ("2月20号搬去成都，东西都打包了", "lives_in", "2026-02-20"),
    ("前两周换工作了，网易，还是测试", "employer", "2026-01-27"),
])
def test_a_start_carries_its_day(text: str, attribute: str, day: str) -> None:
    assert _valid_from(text, attribute) == day


def test_next_month_days() -> None:
    assert dates.resolve("下个月底", SPOKEN, "future") == datetime(2026, 3, 31, 4, tzinfo=timezone.utc)
    assert dates.resolve("下个月15号", SPOKEN) is None  # not a past day


def test_routines_moved_say_from_when() -> None:
    moved = [f for f in facts_in("游泳课从下周开始改到周三了") if f.attribute == "routine" and f.op is A]
    assert [(f.value, f.starts) for f in moved] == [("游泳 每周三", "下周")]
    assert ("routine", "乒乓球 每周日", A) in said("乒乓球改到每周日上午了")
    assert ("routine", "足球 每周五", A) in said("足球改到周五晚上了，周二老加班")
    assert ("appointment", "篮球", A) in said("篮球比赛改到周六了")  # a match is one day


# -- doubts -----------------------------------------------------------------------------------
DOUBTS = [
    ("最近在跟老公闹离婚", "spouse"),
    ("打算明年回老家", "lives_in"),
    ("听说公司年底可能要倒闭", "employer"),
    ("部门在传要裁员", "employer"),
    ("脚踝扭伤了，两个月不能跑", "habit"),
    ("医生说可能不是花生过敏", "allergy"),
]


@pytest.mark.parametrize(("text", "attribute"), DOUBTS, ids=[t for t, _ in DOUBTS])
def test_doubts(text: str, attribute: str) -> None:
    assert (attribute, "", D) in said(text), said(text)


def test_a_layoff_is_an_ending_not_a_doubt() -> None:
    got = said("上周被裁员了")
    assert ("employer", "", R) in got and not [r for r in got if r[2] is D]


# -- what a clause adds to the clause before it ---------------------------------------------
FOLLOW = [
    ("我姐是护士，在华西，三班倒", [("job_title", "护士", A), ("employer", "华西", A)]),
    ("上周入职了拼多多，上海这边", [("employer", "拼多多", A), ("lives_in", "上海", A)]),
    ("每周三晚上去上吉他课，学了半年了", [("learning", "吉他", A)]),
    ("今天是最后一节吉他课了，以后不学了", [("routine", "吉他课", R), ("learning", "吉他", R)]),
]



def test_a_dated_new_job_dates_its_title() -> None:
    facts = {f.attribute: f for f in facts_in("4月8号正式去携程了，做产品经理")}
    assert facts["employer"].starts == facts["job_title"].starts == "4月8号"


def test_a_named_dated_ending_leaves_history_even_when_never_told() -> None:
    rows = [(f.attribute, f.value, f.op, f.when) for f in facts_in("2024年7月就从复旦毕业了")]
    assert rows == [("studies_at", "复旦", A, "2024年7月"), ("studies_at", "复旦", R, "2024年7月")]
    # undated: only the ending (its day would be the turn's, after a dated move told later),
    # and the title held there in doubt
    assert [f.op for f in facts_in("我从腾讯离职了")] == [R, Op.DOUBT]


# -- more shapes of the same classes -----------------------------------------------------------
MORE = [
    ("我家猫咪团子今年五岁了", [("pet", "a cat named 团子", A)]),
    ("我在阳台上养了两只乌龟", [("pet", "two turtles", A)]),
    ("辞职了，在丽江开了家小客栈", [("job_title", "小客栈老板", A)]),
    ("坐标杭州，设计狗一枚（UI设计师一枚）", [("job_title", "UI设计师", A)]),
    ("我不吃葱", [("dislikes", "葱", A)]),
    ("周末在一家书店兼职当店员", [("job_title", "兼职店员", A)]),
    ("在义乌做生意", [("lives_in", "义乌", A)]),
    ("跑路去东京了", [("lives_in", "东京", A)]),
]



def test_the_last_piece_of_a_question_asks() -> None:
    # weighed, not told: nothing is stated, the job is only put in doubt (and whatever value
    # the sentence names, tests/test_unsure.py)
    weighed = [s for s in said("要不要辞职，去深圳发展？") if not (s[2] is Op.DOUBT and s[1])]
    assert weighed == [("employer", "", Op.DOUBT), ("job_title", "", Op.DOUBT)]
    assert ("lives_in", "南京", A) in said("我在南京，你呢？")
    assert [f for f in facts_in("我从来不喝咖啡") if f.attribute == "dislikes"] == []


def test_a_moved_appointment_keeps_the_hour_said_again() -> None:
    moved = [f for f in facts_in("复查改到周四上午了 还是九点") if f.attribute == "appointment"]
    assert [(f.value, f.scheduled) for f in moved] == [("复查", "周四上午九点")]

# the same classes, said yet other ways
OTHER_WAYS = [
    ("我从京东跳槽到网易了", [("employer", "京东", R), ("employer", "网易", A)]),
    ("被老板炒了", [("employer", "", R), ("job_title", "", R)]),
    ("公司被并购了，我现在算是腾讯的人", [("employer", "腾讯", A)]),
    ("我们全家移民到新西兰了", [("lives_in", "新西兰", A)]),
    ("目前人在深圳", [("lives_in", "深圳", A)]),
    ("我们分手了", [("partner", "", R)]),
    ("我有男朋友了，叫阿杰", [("partner", "阿杰", A)]),
    ("去年跟前夫离婚了", [("spouse", "", R)]),
    ("新领养了一只布偶猫，叫雪球", [("pet", "a cat named 雪球", A)]),
    ("把猫送给我姐养了", [("pet", "cat", R)]),
    ("我不喝酒了", [("habit", "drinks", R)]),
    ("我今年刚满40", [("age", "40", A)]),
    ("后天的体检预约取消了", [("appointment", "体检", R)]),
    ("我开的是一辆二手宝马", [("car", "宝马", A)]),
    ("上个月把雅阁卖了，换了辆比亚迪", [("car", "雅阁", R), ("car", "比亚迪", A)]),
    ("我老婆换工作了，去了平安", [("employer", "平安", A)]),
]

NO_DOUBTS = ["我不想辞职", "没打算跳槽"]


@pytest.mark.parametrize("text", NO_DOUBTS)
def test_a_denied_plan_is_no_doubt(text: str) -> None:
    assert [r for r in said(text) if r[2] is D] == []


@pytest.mark.parametrize(("text", "attribute"), [
    ("我准备辞职了", "employer"), ("估计要被裁", "employer"), ("在考虑分手", "partner"),
    ("医生让我戒酒", "habit"),
])
def test_plans_to_end_are_doubts(text: str, attribute: str) -> None:
    assert (attribute, "", D) in said(text), said(text)


def test_the_time_after_a_move_is_the_new_time() -> None:
    moved = [f for f in facts_in("周三上午十点的复诊改到下周五下午两点了") if f.attribute == "appointment"]
    assert [(f.value, f.scheduled) for f in moved] == [("复诊", "下周五下午两点")]


def test_someone_elses_new_job_after_a_change_is_theirs() -> None:
    jobs = [(f.value, f.about) for f in facts_in("我老公换工作了，去了华为") if f.attribute == "employer"]
    assert jobs == [("华为", "husband")]


@pytest.mark.parametrize(("text", "expected"), ENDINGS + STARTS + FOLLOW + MORE + OTHER_WAYS,
                         ids=[t for t, _ in ENDINGS + STARTS + FOLLOW + MORE + OTHER_WAYS])
def test_verbs_of_update(text: str, expected: list[Row]) -> None:
    assert_says(text, expected)


def test_others_changes_stay_theirs() -> None:
    assert [f for f in facts_in("小李换工作了，去了百度") if f.attribute == "employer"] == []
    cars = [(f.value, f.about) for f in facts_in("我同事开的是一辆特斯拉") if f.attribute == "car"]
    assert cars == [("特斯拉", "colleague")]
    assert facts_in("同事被layoff了") == []
    assert facts_in("公司隔壁的奶茶店倒闭了") == []


@pytest.mark.parametrize(("text", "expected"), [
    ("我是3月初搬到苏州的", [("lives_in", "苏州", A)]),
    ("干了八年会计", [("job_title", "会计", A)]),
    ("做了三年销售", [("job_title", "销售", A)]),
    ("我在成都的一家公司上班", [("lives_in", "成都", A)]),
])
def test_clefts_durations_and_cities_of_work(text: str, expected: list[Row]) -> None:
    assert_says(text, expected)


def test_what_holds_from_a_coming_day_starts_then() -> None:
    facts = [(f.attribute, f.value, f.starts) for f in facts_in("从下个月开始我就在美团上班了")]
    assert facts == [("employer", "美团", "下个月")]
    new_job = [f.op for f in facts_in("已经在新公司上班一周了") if f.attribute == "employer"]
    assert new_job == [Op.DOUBT]  # a new company, not named: the current one is in doubt
    assert [f for f in facts_in("从下周一起在公司附近住") if f.attribute == "lives_in"] == []
    assert dates.resolve("2月底", datetime(2026, 3, 10, tzinfo=timezone.utc)) == datetime(
        2026, 2, 28, 4, tzinfo=timezone.utc)


NOT_MINE = ["在星巴克写代码", "住宾馆", "住两天", "项目黄了", "乐队解散了", "小王跟女朋友分了"]


@pytest.mark.parametrize("text", NOT_MINE)
def test_no_job_home_or_partner_from_these(text: str) -> None:
    kept = ("employer", "job_title", "lives_in", "partner")
    assert [f for f in facts_in(text) if f.attribute in kept] == []


def test_a_list_of_languages_is_spoken() -> None:
    assert_says("国语、粤语、英语，日语只会几句", [("speaks", "Cantonese", A), ("speaks", "English", A)])
    assert ("speaks", "Japanese", A) not in said("国语、粤语、英语，日语只会几句")
    assert [f for f in facts_in("打电话和发微信") if f.attribute == "speaks"] == []


@pytest.mark.parametrize(("text", "expected"), [
    ("一天两包烟，戒不掉", [("habit", "smokes", A)]),
    ("每天至少两杯拿铁", [("habit", "drinks coffee", A)]),
    ("3月1号到现在一根没抽过", [("habit", "smokes", R)]),
])
def test_habits_by_amount_and_not_once_since(text: str, expected: list[Row]) -> None:
    assert_says(text, expected)
    assert [f.when for f in facts_in("3月1号到现在一根没抽过")] == ["3月1号"]


@pytest.mark.parametrize(("text", "title"), [
    ("我是行政助理", "行政助理"), ("我在链家做前台", "前台"), ("我是开发", "开发"),
])
def test_more_lines_of_work(text: str, title: str) -> None:
    assert ("job_title", title, A) in said(text), said(text)
