"""Chinese facts the seventeenth round reads (docs/FACTS.md): a home told by the flat one rents
or owns, a school told with its city, an appointment told thing first, a company's site after
its name, a school kind that completes a teacher's title, an age alone, grandchildren and
Cantonese kin words. Every sentence is written for these tests, none is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in

A, R = Op.ASSERT, Op.RETRACT


def own(text: str) -> set[tuple[str, str, Op]]:
    """The speaker's own facts in ``text``: (attribute, value, op)."""
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about and not f.name}


def theirs(text: str) -> set[tuple[str, str, str, str]]:
    """Everyone else's facts in ``text``: (relation, name, attribute, value)."""
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.about or f.name}


# -- a home told by the flat ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("租的房子在金水区 离单位二十分钟", "金水区"),
        ("去年贷款买了套小两居 房子买在滨江 月供一万二", "滨江"),
        ("在南京江宁租了个一室户 贵是贵了点", "南京江宁"),
        ("我现在住望京新区", "望京新区"),
    ],
)
def test_the_flat_one_rents_or_owns_is_where_one_lives(text: str, place: str) -> None:
    assert ("lives_in", place, A) in own(text)


@pytest.mark.parametrize("text", ["房子在装修 乱得很", "租的房子在楼上 隔音很差", "我家在东北那边有亲戚"])
def test_a_flat_without_a_place_names_no_home(text: str) -> None:
    assert not any(attribute == "lives_in" and value in ("装修", "楼上") for attribute, value, _ in own(text))


# -- a school with its city ----------------------------------------------------------------


def test_a_school_read_in_a_city_is_the_school_and_the_city_the_home() -> None:
    found = theirs("我儿子在武汉上武大 学电气")
    assert ("son", "", "studies_at", "武大") in found
    assert ("son", "", "lives_in", "武汉") in found


@pytest.mark.parametrize(
    ("text", "school"), [("我在吉隆坡读UM 读会计", "UM"), ("我读的是城西实验小学", "城西实验小学")]
)
def test_a_school_by_its_short_name_or_as_what_one_attends(text: str, school: str) -> None:
    assert ("studies_at", school, A) in own(text)


@pytest.mark.parametrize("text", ["我在上海读研究生", "我在北京上二年级", "我在广州读大学"])
def test_a_level_or_a_year_is_no_school(text: str) -> None:
    assert not any(attribute == "studies_at" for attribute, _, _ in own(text))


def test_cantonese_studying_and_my_grandchild() -> None:
    found = theirs("我個孫女喺中大讀緊書 好乖")
    assert ("granddaughter", "", "studies_at", "中大") in found


def test_a_grandson_by_name_opens_a_clause_about_him() -> None:
    found = theirs("孙子豆豆在南湖小学上三年级")
    assert ("grandson", "豆豆", "studies_at", "南湖小学") in found


# -- appointments told thing first ------------------------------------------------------------

SPOKEN = datetime(2026, 3, 2, 2, 0, tzinfo=timezone.utc)  # Monday 10:00 in China


def slots(*texts: str) -> list[tuple[str, str]]:
    """(value, when in UTC) of every appointment the turns of one session give."""
    said = [Resource(id=f"r#L{i}", path="r", line=i + 1, ts=SPOKEN, role="user", speaker="林", session="s",
                     text=text) for i, text in enumerate(texts)]
    return [(c.value, c.when.isoformat()[:16] if c.when else "")
            for c in RulesExtractor().extract(said) if c.attribute == "appointment" and c.op is A]


@pytest.mark.parametrize(
    ("text", "value", "when"),
    [
        ("复查约在3月20号下午两点半 在省医", "复查", "2026-03-20T06:30"),
        ("订婚宴定在4月5号 双方家长都同意了", "订婚宴", "2026-04-05T04:00"),
        ("手术排在3月11号上午九点", "手术", "2026-03-11T01:00"),
        ("驾照科目三约到3月9号早上7点了 紧张", "科目三", "2026-03-08T23:00"),
        ("终于把年会场地订好了 3月27号晚上六点", "年会", "2026-03-27T10:00"),
        ("社保要去办个转移 约了礼拜四上午十点", "社保办个转移", "2026-03-05T02:00"),
        ("下礼拜三下午四点 约了装修师傅来家里量尺寸", "装修师傅", "2026-03-11T08:00"),
        ("4月10号到12号上海车展 我要去看", "上海车展", "2026-04-10T04:00"),
    ],
)
def test_an_appointment_told_thing_first(text: str, value: str, when: str) -> None:
    assert (value, when) in slots(text)


@pytest.mark.parametrize(
    "text",
    [
        "婚礼还没定 可能定在五一",
        "复查想约在3月20号 还不知道约不约得上",
        "工资定在每月15号发",
        "你说婚宴定在周六好还是周日好？",
    ],
)
def test_a_booking_not_made_or_no_booking_is_no_appointment(text: str) -> None:
    assert slots(text) == []


def test_a_moved_slot_keeps_its_hour_with_its_part_of_day() -> None:
    found = slots("牙医约在3月6号上午九点半", "诊所说医生请假 牙医改到3月10号了 时间还是上午九点半")
    assert found[-1] == ("牙医", "2026-03-10T01:30")


def test_tickets_given_up_end_the_event() -> None:
    facts = facts_in("分了 演唱会的票也转出去了")
    assert any(f.attribute == "appointment" and f.op is R for f in facts)


# -- where one works, and as what ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "employer", "city"),
    [
        ("我在比亚迪西安工厂当质检员", "比亚迪", "西安"),
        ("在工商银行苏州分行做柜员 三年了", "工商银行", "苏州"),
        ("在宁德时代福鼎基地干了两年多", "宁德时代", ""),
    ],
)
def test_a_company_is_named_without_the_site_its_city_names(text: str, employer: str, city: str) -> None:
    found = own(text)
    assert ("employer", employer, A) in found
    assert not city or ("lives_in", city, A) in found


def test_a_company_said_with_where_it_is_in_town() -> None:
    assert ("employer", "腾讯", A) in own("在科兴这边腾讯写后端 天天加班")


def test_a_company_under_another_is_the_parent() -> None:
    # "…子公司做预算" (a line of work no title names) is left to the learned reader
    assert ("employer", "中建", A) in own("在中建下面一个子公司上班，做预算")


def test_work_in_a_shop_is_no_town() -> None:
    found = own("我现在在华润万家超市打工")
    assert not any(attribute == "lives_in" for attribute, _, _ in found)


@pytest.mark.parametrize(
    ("text", "title"), [("我在幼儿园当老师", "幼儿园老师"), ("在一所中学当老师 教了十年", "中学老师")]
)
def test_a_school_kind_completes_a_teacher_title(text: str, title: str) -> None:
    assert ("job_title", title, A) in own(text)


def test_a_named_school_leaves_the_title_as_said() -> None:
    assert ("job_title", "老师", A) in own("我在实验中学当老师")


# -- an age alone, and a home after a word of English -----------------------------------------


@pytest.mark.parametrize(
    ("text", "age"),
    [("我老陈 济南的 六十三了 天天遛弯", "63"), ("我今年整五十 退休还早", "50"),
     ("福州人，47了，在上海打工", "47"), ("我今年七十了咯", "70")],
)
def test_an_age_said_alone_is_the_speakers(text: str, age: str) -> None:
    assert ("age", age, A) in own(text)


def test_an_age_after_someone_else_is_theirs() -> None:
    found = facts_in("我老伴下个月过生日，今年整七十")
    assert not any(f.attribute == "age" and not f.about for f in found)
    assert any(f.attribute == "age" and f.about == "spouse" for f in found)


def test_a_price_is_no_age() -> None:
    assert not any(attribute == "age" for attribute, _, _ in own("现在一斤牛肉都四十五了"))


def test_a_home_after_a_word_of_english() -> None:
    assert ("lives_in", "Bedok", A) in own("在OCBC做risk analyst 住Bedok 每天搭MRT")


def test_a_cantonese_son_abroad_is_the_son() -> None:
    found = theirs("下個禮拜二朝早十點睇牙醫 個仔喺悉尼 返唔到嚟")
    assert ("son", "", "lives_in", "悉尼") in found


# -- a routine told in two pieces ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("每个礼拜一跟礼拜五上午 我都去菜场买菜", "菜场买菜 每礼拜一跟礼拜五"),
        ("下班还去学拉丁舞，每周一周三晚上", "拉丁舞 每周一周三"),
        ("报了个社区的班 学书法 每周四下午", "书法 每周四"),
    ],
)
def test_a_routine_told_days_and_activity_apart(text: str, value: str) -> None:
    assert ("routine", value, A) in own(text)


@pytest.mark.parametrize(
    "text",
    [
        "以后每礼拜六晚上七点，阿强回来帮忙",  # someone else's doing
        "想去学拉丁舞，每周一晚上",  # a wish
        "我在银行上班，每周二晚上加班",  # no activity before the days
    ],
)
def test_no_routine_of_someone_else_or_a_wish_in_two_pieces(text: str) -> None:
    assert not any(attribute == "routine" for attribute, _, _ in own(text))


def test_a_routine_in_traditional_characters_keeps_them_and_its_days() -> None:
    found = [f for f in facts_in("每個禮拜二跟禮拜五早上 我都去市場買魚") if f.attribute == "routine"]
    assert [f.value for f in found] == ["市場買魚 每礼拜二跟礼拜五"]


# -- a line of work told by what one does ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [("我在苏州教初中物理", "初中物理老师"), ("我教小提琴 自己开了个工作室", "小提琴老师"),
     ("我在一所高中教历史", "高中历史老师")],
)
def test_one_who_teaches_a_subject_is_its_teacher(text: str, title: str) -> None:
    assert ("job_title", title, A) in own(text)


def test_a_school_taught_at_by_name_is_the_employer() -> None:
    found = theirs("我老公在华东师范大学教物理")
    assert ("husband", "", "job_title", "物理老师") in found
    assert ("husband", "", "employer", "华东师范大学") in found


@pytest.mark.parametrize("text", ["我妈教我英语", "我在家教我儿子数学", "周末教孩子游泳"])
def test_teaching_someone_is_no_job(text: str) -> None:
    assert not any(attribute == "job_title" for attribute, _, _ in own(text))


def test_a_title_told_after_the_workplace() -> None:
    found = own("我就在燕京啤酒厂上班，干质检员的，天天闻麦芽味")
    assert ("employer", "燕京啤酒厂", A) in found
    assert ("job_title", "质检员", A) in found


def test_no_title_after_the_workplace_when_the_piece_is_talk() -> None:
    found = own("我在万科上班，干啥的都有")
    assert not any(attribute == "job_title" for attribute, _, _ in found)


# -- a home named in passing --------------------------------------------------------------------


def test_a_city_and_district_after_a_job_is_the_home() -> None:
    assert ("lives_in", "杭州滨江", A) in own("在网易做测试 杭州滨江 天天加班")


def test_a_home_named_by_its_town_in_passing() -> None:
    assert ("lives_in", "厦门", A) in own("周末就在我们厦门家楼下那个公园遛娃")


@pytest.mark.parametrize(
    "text", ["我老家福州家里还有老人", "如果我们厦门家里有地方就好了", "在网易做测试，小红书"]
)
def test_no_home_from_a_hometown_a_wish_or_a_company_after_a_job(text: str) -> None:
    assert not any(attribute == "lives_in" for attribute, _, _ in own(text))


@pytest.mark.parametrize(
    ("text", "place"),
    [("来悉尼打工度假半年了", "悉尼"), ("我来成都帮儿子带娃一年多了", "成都"),
     ("到深圳上班三个月了", "深圳")],
)
def test_an_arrival_and_what_one_came_for_is_a_home(text: str, place: str) -> None:
    assert ("lives_in", place, A) in own(text)


def test_a_trip_is_no_arrival_home() -> None:
    assert not any(attribute == "lives_in" for attribute, _, _ in own("来北京出差三天了"))


@pytest.mark.parametrize(
    ("text", "school"), [("我在宁波三中高二 作业写不完", "宁波三中"), ("我在川大读大三", "川大")]
)
def test_a_school_told_with_the_year_one_is_in(text: str, school: str) -> None:
    assert ("studies_at", school, A) in own(text)


@pytest.mark.parametrize("text", ["我现在大三", "我女儿今年高二", "我在宿舍读大三的书"])
def test_a_year_alone_names_no_school(text: str) -> None:
    assert not any(attribute == "studies_at" for attribute, _, _ in own(text))
