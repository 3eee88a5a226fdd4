"""Reading of the twenty-sixth round. A relative named inside a Chinese clause rather than at its
head ("今晚想给老公阿斌煲个汤") is who 他/她 in the clauses after means, and one at the head is named
by the word jieba reads after the relation; a date phrase takes the part of the day said with it
("前天晚上"); an English last day at an employer ends it however the sentence goes on; a home is
kept with the town it is in ("belgrano, buenos aires") and is the same home said without it; a
Chinese daily routine ends with its habit ("不游泳了"); a Chinese title said with its organisation
("工行柜员") is the employer and the title; eating everything now (现在啥都吃) is a diet."""

from __future__ import annotations

import pytest
from vaultweave.store.item import Status
from vaultweave.weaver.extract import dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.titles_zh import employers_in_titles

from tests.test_resolve_match import cand, plan, stored


def _theirs(text: str, relation: str) -> dict[str, str]:
    return {f.attribute: f.value for f in facts_in(text) if f.about == relation and f.op is Op.ASSERT}


def _own(text: str) -> dict[str, str]:
    return {f.attribute: f.value for f in facts_in(text)
            if not f.about and not f.name and f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "relation", "name", "attribute", "value"),
    [
        ("今晚想给老公阿斌煲个汤 他在顺丰当快递员 天天风里雨里", "husband", "阿斌", "employer", "顺丰"),
        ("帮男朋友李航改简历 他在网易做测试", "boyfriend", "李航", "employer", "网易"),
        ("带儿子乐乐去打疫苗 他今年四岁", "son", "乐乐", "age", "4"),
        ("陪我婆婆去医院拿药 她住在东营", "mother_in_law", "", "lives_in", "东营"),
    ],
)
def test_a_relative_named_within_a_clause_is_who_the_pronoun_after_means(
        text: str, relation: str, name: str, attribute: str, value: str) -> None:
    facts = facts_in(text)
    assert any(f.about == relation and f.name == name and f.attribute == attribute and f.value == value
               for f in facts)
    assert attribute not in _own(text)


def test_the_name_is_the_relatives_own_and_the_speaker_keeps_their_facts() -> None:
    own = _own("帮男朋友李航改简历 他在网易做测试")
    assert own.get("partner") == "李航"  # not jieba's 李航改
    assert _own("陪我婆婆去医院拿药 她住在东营 我在青岛上班").get("lives_in") == "青岛"


def test_a_colleague_named_in_passing_does_not_take_the_pronoun() -> None:
    # the people of one's days are too often named alone for 他 to be theirs
    assert not any(f.about == "boss" for f in facts_in("开会被领导老吴骂了一顿 他在这干了二十年"))


def test_an_adverb_after_the_relation_is_no_name() -> None:
    assert not any(f.attribute == "spouse" for f in facts_in("跟老公常常吵架 他在顺丰上班"))


@pytest.mark.parametrize(
    ("text", "when", "rest"),
    [("团子昨天晚上走了", "昨天", "团子走了"), ("前天下午辞职了", "前天", "辞职了"),
     ("上周五晚上搬完了", "上周五", "搬完了")],
)
def test_a_date_phrase_takes_the_part_of_the_day_said_with_it(text: str, when: str, rest: str) -> None:
    assert dates_zh.find_past(text) == (when, rest)


def test_a_pet_that_died_last_night_is_named_whole() -> None:
    ended = [f for f in facts_in("团子昨天晚上走了 在我怀里") if f.op is Op.RETRACT]
    assert [(f.attribute, f.value, f.when) for f in ended] == [("pet", "团子", "昨天")]


@pytest.mark.parametrize(
    "text",
    ["Friday was my last day at Clicks Group head office, 6 years of it",
     "yesterday was my last day at Clicks Group head office"],
)
def test_a_last_day_ends_the_employer_however_the_sentence_goes_on(text: str) -> None:
    ended = [f for f in facts_in(text) if f.attribute == "employer" and f.op is Op.RETRACT]
    assert [f.value for f in ended] == ["Clicks Group"]


@pytest.mark.parametrize(
    ("text", "home"),
    [("about me: i live in belgrano, buenos aires, and i'm river till i die", "Belgrano, Buenos Aires"),
     ("I live in Lagos, Nigeria", "Lagos, Nigeria")],
)
def test_a_home_said_with_its_town_is_kept_whole(text: str, home: str) -> None:
    assert _own(text).get("lives_in") == home


def test_a_town_that_starts_the_next_clause_is_not_the_homes() -> None:
    assert _own("i live in cork, dublin is too expensive").get("lives_in") == "Cork"


def test_a_home_said_again_without_its_town_is_the_same_home() -> None:
    after = plan([stored("lives_in", "Belgrano, Buenos Aires")], cand("lives_in", "Belgrano"))
    assert [(i.value, i.status) for i in after.values()] == [("Belgrano, Buenos Aires", Status.CURRENT)]
    moved = plan([stored("lives_in", "Belgrano, Buenos Aires")], cand("lives_in", "Rosario"))
    assert {i.value: i.status for i in moved.values()} == {
        "Belgrano, Buenos Aires": Status.HISTORICAL, "Rosario": Status.CURRENT}


def test_a_habit_ended_ends_the_daily_routine_of_its_activity() -> None:
    after = plan([stored("routine", "游泳 每天")], cand("habit", "swims", Op.RETRACT))
    assert after["routine-游泳_每天"].status is Status.HISTORICAL
    kept = plan([stored("routine", "跑步 每天")], cand("habit", "swims", Op.RETRACT))
    assert kept["routine-跑步_每天"].status is Status.CURRENT


def test_a_relative_at_the_head_is_named_by_the_word_jieba_reads_after_the_relation() -> None:
    facts = facts_in("我女朋友小曼一直催我 她在京东做采购")
    assert _own("我女朋友小曼一直催我 她在京东做采购").get("partner") == "小曼"
    assert any(f.about == "girlfriend" and f.name == "小曼" and f.attribute == "employer" for f in facts)


@pytest.mark.parametrize(
    ("text", "employer", "title"),
    [("我是工行柜员", "工行", "柜员"), ("腾讯产品经理一枚", "腾讯", "产品经理")],
)
def test_a_title_said_with_its_organisation_is_the_employer_and_the_title(
        text: str, employer: str, title: str) -> None:
    own = _own(text)
    assert (own.get("employer"), own.get("job_title")) == (employer, title)


def test_a_kind_of_workplace_before_a_title_stays_in_the_title() -> None:
    assert _own("我是银行柜员") == {"job_title": "银行柜员"}
    assert _own("我是幼儿园老师") == {"job_title": "幼儿园老师"}


@pytest.mark.parametrize("text", ["我现在啥都吃", "现在什么都吃了"])
def test_eating_everything_now_is_a_diet_that_ends_a_stricter_one(text: str) -> None:
    assert _own(text).get("diet") == "omnivore"


@pytest.mark.parametrize("text", ["你什么都吃吗", "他什么都吃", "我什么都吃", "i eat anything, cheese fan"])
def test_eating_everything_asked_of_someone_else_or_not_now_is_no_diet(text: str) -> None:
    assert "diet" not in _own(text)


def test_a_title_is_not_split_over_an_employer_the_sentence_told() -> None:
    told = [Fact("employer", "美团", Op.ASSERT, 0.9), Fact("job_title", "腾讯产品经理", Op.ASSERT, 0.8)]
    assert employers_in_titles(told) == told
    theirs = [Fact("employer", "美团", Op.ASSERT, 0.9, about="husband"), told[1]]
    assert [(f.attribute, f.value) for f in employers_in_titles(theirs)][1:] == [
        ("job_title", "产品经理"), ("employer", "腾讯")]
