"""Chinese facts the twenty-fourth round reads (docs/FACTS.md): a pet by its kind and then its
name, languages told together or by a level, a job answered in bare pieces, a statement whose
later pieces ask or hedge, a home town said alone, a company named 中 plus its trade, the town
before a school, a flat rented by its size, and kin as Cantonese and the dorm name them. Every
sentence is written for these tests, none is taken from the bench; each class has a distractor
that must stay unread."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in

from tests.zh_facts import homes, own, theirs

A = Op.ASSERT


def _values(text: str, attribute: str, asked: str = "") -> set[str]:
    return {f.value for f in facts_in(text, asked=asked) if f.attribute == attribute and not f.about
            and f.op is A}


# -- a pet by its kind, then its name -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pet"),
    [("我家柴犬旺仔又把拖鞋叼走了", "a shiba inu named 旺仔"),
     ("我家仓鼠饭团最近老是咬笼子", "a hamster named 饭团"),
     ("刚家里英短Pudding踩了我的键盘", "a cat named Pudding"),
     ("我家橘猫元宝胖得走不动路", "a cat named 元宝")],
)
def test_a_pet_named_after_its_kind(text: str, pet: str) -> None:
    assert pet in _values(text, "pet")


@pytest.mark.parametrize(
    "text",
    ["我家猫咪最近一直掉毛 咋办",  # no name
     "我家猫砂盆又满了 懒得倒",  # a thing of the cat's
     "我家狗狗每天都要遛两次",
     "她家柯基馒头又拆家了"],  # someone else's
)
def test_no_pet_named_by_what_follows_its_kind(text: str) -> None:
    assert not any("named" in value for value in _values(text, "pet"))


def test_a_pet_named_with_a_particle_after_it() -> None:
    assert "a cat named 芋圆" in _values("我家已经有只猫叫芋圆了 怕它吃醋", "pet")


# -- languages told together, after a bare 会, or by a level --------------------------------


@pytest.mark.parametrize(
    ("text", "languages"),
    [("我粤语客家话都会", {"Cantonese", "客家话"}),
     ("我会广东话和英文 去香港面试应该够用", {"Cantonese", "English"}),
     ("我识潮州话同英文", {"Teochew", "English"}),
     ("我德语都B1了 日常交流没问题", {"German"}),
     ("我会说法语和德语", {"French", "German"})],
)
def test_languages_told_as_chat_tells_them(text: str, languages: set[str]) -> None:
    assert languages <= _values(text, "speaks")


@pytest.mark.parametrize("text", ["我想学日语 从五十音开始", "我不会德语", "我会作文 不会演讲",
                                  "韩语TOPIK4报名了 十月考"])
def test_no_language_from_a_wish_a_negation_a_text_or_an_exam_ahead(text: str) -> None:
    assert not _values(text, "speaks")


# -- a job answered in bare pieces -----------------------------------------------------------


ASKED = "辛苦啦。方便问下你是做什么工作的吗？"


@pytest.mark.parametrize(
    ("reply", "title", "employer"),
    [("药剂师 市一院的 天天站着", "药剂师", "市一院"),
     ("产品经理 字节那边 天天开会", "产品经理", "字节")],
)
def test_a_bare_title_answers_the_question(reply: str, title: str, employer: str) -> None:
    assert title in _values(reply, "job_title", ASKED)
    assert employer in _values(reply, "employer", ASKED)


@pytest.mark.parametrize(
    ("reply", "not_employer"),
    [("也是做测试 天天加班到十点", "也是做测试"),
     ("数据标注 天天三班倒 眼睛都花了", "天天三班倒"),
     ("平面为主 logo 海报这些", "logo")],
)
def test_talk_in_an_answer_is_no_employer(reply: str, not_employer: str) -> None:
    assert not_employer not in _values(reply, "employer", ASKED)
    assert "平面为主" not in _values(reply, "employer", ASKED)


def test_an_answer_at_a_company_by_at() -> None:
    assert "中铁" in _values("在中铁 做隧道的 常年在山里", "employer", ASKED)
    assert "中铁" not in homes("在中铁 做隧道的 常年在山里")


# -- a statement whose later pieces ask or hedge ---------------------------------------------


def test_a_request_after_a_statement_leaves_it_standing() -> None:
    text = "我在青岛Parkside开了间烧烤店 帮我想想怎么做团购"
    assert "烧烤店老板" in _values(text, "job_title")
    assert "青岛" in homes(text)


def test_a_statement_that_hedges_first_tells_nothing() -> None:
    assert not _values("如果我在青岛开烧烤店，生意应该不错", "job_title")


# -- a home town said alone ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [("叫我小林就行 29 温州人 在杭州做外贸", "温州"),
     ("喝啊 绿茶 杭州人嘛 天天都喝", "杭州")],
)
def test_a_home_town_said_alone(text: str, town: str) -> None:
    assert town in _values(text, "hometown")


@pytest.mark.parametrize("text", ["她是温州人 做生意很厉害", "温州人做生意真厉害"])
def test_a_town_s_people_in_talk_is_no_home_town(text: str) -> None:
    assert "温州" not in _values(text, "hometown")


# -- the town before a school ----------------------------------------------------------------


def test_the_town_before_a_school() -> None:
    assert ("lives_in", "波士顿", A) in own("我在波士顿 BU读研")
    assert ("studies_at", "BU", A) in own("我在波士顿 BU读研")
    assert ("son", "", "lives_in", "海拉尔") in theirs("儿子在海拉尔上寄宿学校，一个月回来一次")


def test_a_school_named_by_its_town_stays_whole() -> None:
    assert ("studies_at", "乐山一中", A) in own("我在乐山一中读高三")
    assert ("studies_at", "复旦", A) in own("我在复旦读大二")


# -- a flat rented by its size ---------------------------------------------------------------


def test_a_flat_rented_by_its_size() -> None:
    assert "望京" in homes("我在美团上班 在望京租了个一居 骑车十分钟")
    assert not homes("想在望京租个一居 不知道贵不贵")


# -- kin as Cantonese and the dorm name them -------------------------------------------------


def test_cantonese_kin_and_a_dorm_mate_are_someone_else() -> None:
    assert ("father", "", "job_title", "厨师") in theirs("我老豆喺茶楼做咗二十年厨师 成日话好攰")
    assert ("mother", "", "hometown", "汕头") in theirs("我阿妈系汕头人")
    assert not _values("舍友小雯是青岛的 学新闻", "learning")


def test_cantonese_say_after_a_brother_is_no_name() -> None:
    assert not any(f.attribute == "brother" and f.value for f in facts_in("我细佬话想学游泳 叫我陪佢"))
