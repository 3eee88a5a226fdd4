"""Chinese facts the nineteenth round reads (docs/FACTS.md): the place of a shop that is a district
(only an assumed home), other people's titles said after an aside or in English, a school and its
year typed as two pieces, a role that leaves (no title of the speaker's), a change told of someone
else (no doubt of the speaker's). Every sentence is written for these tests, none is taken from the
bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.doubt_cues import cue_doubts
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_zh_doubts import doubts
from vaultweave.weaver.extract.schools_zh import school_and_year
from vaultweave.weaver.extract.span_reader import someone_else
from vaultweave.weaver.extract.unsure import doubts_of

from tests.zh_facts import homes, own, theirs

A = Op.ASSERT


# -- the place of a shop -----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["我在观音桥那边开了家串串店", "我在春熙路开了个奶茶店"])
def test_a_shop_in_a_district_makes_its_owner_and_only_an_assumed_home(text: str) -> None:
    facts = facts_in(text)
    assert any(f.attribute == "job_title" and f.value.endswith("店老板") for f in facts)
    assert all(f.assumed for f in facts if f.attribute == "lives_in")


def test_a_shop_in_a_district_leaves_the_home_to_the_town_told_as_ones_own() -> None:
    assert homes("我在洪崖洞旁边开了个小面馆 我们重庆人就好这口") == {"重庆"}


def test_a_shop_in_a_town_is_still_the_home() -> None:
    assert homes("我在泉州开了家茶叶店") == {"泉州"}


# -- other people's titles ---------------------------------------------------------------------


def test_she_after_someone_named_in_a_question_like_aside_is_that_person() -> None:
    facts = theirs("我同事小琳倒是啥都不怕 她当会计的 天天加班")
    assert ("colleague", "小琳", "job_title", "会计") in facts


@pytest.mark.parametrize(
    ("text", "title", "employer"),
    [("我老公Daniel是星展的banker 天天加班", "banker", "星展"), ("我姐是渣打的analyst", "analyst", "渣打")],
)
def test_a_relatives_title_said_in_english(text: str, title: str, employer: str) -> None:
    facts = {(attribute, value) for _, _, attribute, value in theirs(text)}
    assert ("job_title", title) in facts
    assert ("employer", employer) in facts


def test_an_english_title_after_zuo_is_the_title() -> None:
    assert ("job_title", "real estate agent", A) in own("我是做real estate agent的")


def test_an_english_word_that_names_no_trade_is_no_title() -> None:
    assert not any(a == "job_title" for a, _, _ in own("我是公司的weekend"))


# -- a school and its year ---------------------------------------------------------------------


@pytest.mark.parametrize(("said", "school"), [("华中师范 大三 学中文的", "华中师范"), ("川大，研一", "川大")])
def test_a_school_and_its_year_in_two_pieces_is_the_school(said: str, school: str) -> None:
    assert ("studies_at", school, A) in own(said)


def test_a_town_and_a_year_are_not_joined_into_a_school() -> None:
    assert school_and_year("成都 大二 学会计") == "成都 大二 学会计"
    assert not any(a == "studies_at" for a, _, _ in own("成都 大二 学会计"))


# -- a role that leaves ------------------------------------------------------------------------


@pytest.mark.parametrize("clause", ["舞蹈老师跑路了", "健身教练辞职了", "画室老师请假了"])
def test_a_role_that_leaves_is_someone_else(clause: str) -> None:
    assert someone_else(clause)


@pytest.mark.parametrize("clause", ["我是舞蹈老师", "跟老师说了我要请假"])
def test_the_speakers_own_role_or_what_they_tell_a_teacher_is_theirs(clause: str) -> None:
    assert not someone_else(clause)


# -- a change told of someone else ----------------------------------------------------------------


@pytest.mark.parametrize("clause", ["昨天他搬走了", "我个同事话想辞职", "室友说下个月要搬家"])
def test_a_change_told_of_someone_else_puts_nothing_of_the_speaker_in_doubt(clause: str) -> None:
    assert not doubts(clause)
    assert not cue_doubts([clause], [])


@pytest.mark.parametrize(
    "clause", ["老婆说我们年底可能要搬家", "听说公司要裁员 我估计要被裁", "房东说下个月要卖房"]
)
def test_a_change_of_ones_own_told_by_someone_still_puts_it_in_doubt(clause: str) -> None:
    assert doubts(clause) or cue_doubts([clause], [])


# -- a trade told by what one drives -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"), [("他在地铁公司开地铁的", "地铁司机"), ("我表哥开叉车的", "叉车司机")]
)
def test_a_trade_told_by_the_vehicle_one_drives(text: str, title: str) -> None:
    assert any(f.attribute == "job_title" and f.value == title for f in facts_in("我哥叫张磊 " + text))


@pytest.mark.parametrize(
    ("text", "title"), [("在长春开了十五年公交", "公交车司机"), ("开大车的 常年跑长途", "货车司机")]
)
def test_a_drivers_trade_with_how_long_or_by_its_chat_name(text: str, title: str) -> None:
    assert ("job_title", title, A) in own(text)


# -- a doubt about what is weighed ----------------------------------------------------------------


def test_a_sentence_of_doubt_that_weighs_a_move_doubts_the_home_alone() -> None:
    sentence = "房子要不要换到城东住 还没想好"
    assert {f.attribute for f in doubts_of(sentence)} == {"lives_in"}


def test_a_sentence_of_doubt_that_weighs_nothing_named_may_doubt_any_value_it_names() -> None:
    assert "routine" in {f.attribute for f in doubts_of("周末那个羽毛球还去不去 不好说")}


# -- what chat calls a company, a trade or a partner -------------------------------------------


def test_chat_names_of_a_company_and_a_trade_are_stored_by_their_names() -> None:
    assert {("employer", "网易", A), ("job_title", "工程师", A)} <= own("我是猪厂的攻城狮")


def test_a_partner_called_by_chats_word_is_who_he_is_next() -> None:
    facts = theirs("男票昨天又加班 他是鹅厂的程序猿")
    assert ("boyfriend", "", "job_title", "程序员") in facts
