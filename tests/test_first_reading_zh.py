"""The first reading of a Chinese turn: mechanisms that compose, not phrase lists.

- jieba's tags as evidence for a place where the clause's shape already points to one;
- a reply read against the assistant's question: a guess put right, a guess that ended, a
  bare yes, an answer in verbless pieces;
- a subject carried across the sentences of a turn, a named person opening a clause, a
  relative named in a correction;
- lists without 、, a value told as the past, a value told with its time spent after an ending.

Every sentence here was written for this file (none is from the bench set); each mechanism is
tested with what it must give and with what it must not (guesses, questions, hypotheticals).
"""

from __future__ import annotations

import time
from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import asked_zh, words_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.extract.rules_zh_values import is_place, org_of

A, R = Op.ASSERT, Op.RETRACT
Row = tuple[str, str, Op]


def said(text: str, asked: str = "") -> list[Row]:
    return [(f.attribute, f.value, f.op) for f in facts_in(text, asked) if not f.about and not f.name]


def of_others(text: str) -> list[tuple[str, str, str, str]]:
    return [(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.about or f.name]


# -- word evidence ----------------------------------------------------------------------------


def test_a_city_no_list_has_is_a_place_by_its_tag_after_a_place_shape() -> None:
    assert is_place("九江") and is_place("漳州")
    assert ("lives_in", "九江", A) in said("我现在住在九江")
    assert ("lives_in", "漳州", A) in said("去年搬到漳州了")


def test_schools_regions_and_companies_are_no_places_whatever_the_tag() -> None:
    for word in ("浙大", "华西", "中南", "京东"):
        assert not words_zh.tagged_place(word), word
    assert ("studies_at", "浙大", A) in said("我在浙大读研")


def test_tags_are_bounded_and_cached() -> None:
    assert words_zh.tags("很" * (words_zh.MAX_TAGGED + 1)) == ()
    assert words_zh.tags("") == ()


def test_a_city_before_a_company_is_where_one_lives() -> None:
    got = said("我在杭州网易做运营")
    assert ("employer", "网易", A) in got and ("lives_in", "杭州", A) in got
    assert org_of("上海交通大学") == "上海交通大学"  # a school named by its city keeps it


# -- replies read against the assistant's question ----------------------------------------------


def test_a_guess_put_right_is_the_value_the_reply_gives() -> None:
    got = said("不是京东啦，是美团", "对了，你是在京东上班吧？")
    assert ("employer", "美团", A) in got
    assert ("employer", "京东", A) not in got


def test_a_guess_about_still_that_the_reply_denies_ended() -> None:
    assert ("employer", "招商银行", R) in said("早就不在了", "你还在招商银行上班吗？")
    # an ending told with a date keeps its date and gets the guessed value
    got = facts_in("早不在了，2025年3月就离职了", "你还在招商银行上班吧？")
    ended = [f for f in got if f.attribute == "employer" and f.op is R]
    assert ended and ended[0].value == "招商银行" and ended[0].when


def test_a_denied_guess_without_still_states_nothing() -> None:
    assert said("不是", "你是在广州吗？") == []
    assert said("没有没有", "你是程序员吧？") == []


def test_the_assistants_guess_alone_is_never_a_fact() -> None:
    assert said("哈哈你猜", "你是在深圳工作吧？") == []
    assert said("帮我看看这段代码", "你还在腾讯吗？") == []


def test_a_bare_yes_confirms_the_guess() -> None:
    assert ("lives_in", "苏州", A) in said("对，还在", "你还住在苏州吗？")


def test_an_answer_in_pieces_gives_a_place_a_company_and_a_line_of_work() -> None:
    got = said("深圳 顺丰 做物流调度", "你现在在哪里上班？")
    assert ("lives_in", "深圳", A) in got and ("employer", "顺丰", A) in got
    assert ("job_title", "物流调度", A) in got


def test_a_hometown_answer_of_a_word_no_list_has() -> None:
    assert ("hometown", "宝鸡", A) not in said("宝鸡的")  # no question: nothing
    assert ("hometown", "宝鸡", A) in said("宝鸡的，挺近", "你老家是哪里的？")


def test_a_district_is_no_new_home() -> None:
    assert [r for r in said("浦东，离地铁近", "住哪个区呀？") if r[0] == "lives_in"] == []


def test_a_long_or_asking_reply_is_read_as_itself() -> None:
    assert asked_zh.reply_facts("你在哪工作？", "你猜？", facts_in) == []
    assert asked_zh.reply_facts("你在哪工作？", "很" * 200, facts_in) == []


# -- who a clause is about ----------------------------------------------------------------------


def test_a_subject_carries_across_the_sentences_of_a_turn() -> None:
    text = "我妹妹阿敏上个月辞职了！跑去丽江开客栈了"
    assert ("sister", "阿敏", "lives_in", "丽江") in of_others(text)
    assert ("lives_in", "丽江", A) not in said(text)
    # a sentence with a subject of its own is its own
    assert ("lives_in", "成都", A) in said("我哥辞职了。我在成都")


def test_a_named_person_opening_a_clause_is_not_the_speaker() -> None:
    got = of_others("小敏辞职了，跑去昆明开咖啡店了")
    assert ("", "小敏", "lives_in", "昆明") in got
    assert said("小敏辞职了，跑去昆明开咖啡店了") == []
    assert ("employer", "华为", A) in said("西安人，华为搬砖")  # a company jieba tags nr


def test_a_relative_named_after_a_correction() -> None:
    got = said("是弟弟啦，不是哥哥。他叫周航")
    assert ("brother", "周航", A) in got


def test_a_clause_about_family_inside_one_sentence() -> None:
    got = facts_in("我们一家四口在无锡，老公在银行当柜员，女儿朵朵六岁")
    rows = [(f.about, f.attribute, f.value) for f in got]
    assert ("", "lives_in", "无锡") in rows
    assert ("husband", "job_title", "柜员") in rows
    assert ("daughter", "age", "6") in rows


# -- lists, the past, endings ---------------------------------------------------------------------


def test_a_list_without_commas_or_dunhao() -> None:
    got = said("我喜欢滑雪 钓鱼 偶尔看看话剧")
    assert {("likes", v, A) for v in ("滑雪", "钓鱼", "看话剧")} <= set(got)
    # a remark after the list ends it
    assert said("我喜欢桂花糕，但是太甜了") == [("likes", "桂花糕", A)]
    assert ("likes", "三分糖", A) not in said("我最爱杨枝甘露，三分糖")


def test_a_value_told_as_the_past_is_no_current_value() -> None:
    assert ("lives_in", "南京", R) in said("之前在南京住了六年")
    assert ("lives_in", "南京", A) not in said("之前在南京住了六年")


def test_a_value_told_with_its_time_spent_after_an_ending_ended() -> None:
    got = facts_in("我妈去年退休了，在纺织厂干了三十年")
    employer = [(f.op, f.value) for f in got if f.attribute == "employer" and f.about == "mother"]
    assert (R, "纺织厂") in employer
    # a new job after an ending is new
    assert ("employer", "小米", A) in said("我上个月辞职了，现在在小米")


def test_a_place_gone_to_for_a_living_is_home_but_a_trip_is_not() -> None:
    assert ("lives_in", "厦门", A) in said("辞职去厦门发展了")
    assert said("下个月去厦门玩") == []


def test_distractors_stay_out() -> None:
    assert said("如果去杭州网易上班就好了") == []
    assert said("要是我在上海住就好了") == []
    assert said("你在哪上班？") == []


# -- hostile input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "我在" + "北京，" * 3000 + "上班",
    "羽毛球 " * 5000,
    "\x00\x01我叫\x7f小明\u200b，\x1b[31m在上海\x1b[0m",
    "是" * 20000,
    "你还在" + "腾讯" * 2000 + "上班吧？",
])
def test_hostile_turns_are_read_quickly_without_crashing(text: str) -> None:
    started = time.perf_counter()
    facts_in(text)
    facts_in("不是，是" + text[:2000], "你是在阿里工作吧？" + text[:500])
    assert time.perf_counter() - started < 10


def test_the_extractor_reads_a_correction_across_turns() -> None:
    at = datetime(2026, 5, 4, 3, 0, tzinfo=timezone.utc)
    said_by = [
        ("user", "帮我写封邮件"), ("assistant", "好的。你是在字节上班吧？"), ("user", "不是字节，是快手"),
    ]
    turns = [
        Resource(id=f"r#L{n}", path="r", line=n, text=text, ts=at, role=role,
                 speaker="唐糖" if role == "user" else None, session="s")
        for n, (role, text) in enumerate(said_by, 1)
    ]
    found = [(c.subject, c.attribute, c.value) for c in RulesExtractor().extract(turns)]
    assert ("唐糖", "employer", "快手") in found
    assert ("唐糖", "employer", "字节") not in found


# -- a self-introduction without verbs ------------------------------------------------------------


def test_the_verbless_pieces_of_an_introduction() -> None:
    got = said("大家好，我是赵磊，27岁，南昌人，美团算法工程师")
    assert ("name", "赵磊", A) in got and ("hometown", "南昌", A) in got
    assert ("employer", "美团", A) in got and ("job_title", "算法工程师", A) in got
    got = said("介绍一下哈，我叫林夕，厦门，字节，做设计的")
    assert ("lives_in", "厦门", A) in got and ("employer", "字节", A) in got


def test_verbless_pieces_outside_an_introduction_state_nothing() -> None:
    assert said("厦门，字节，天气不错") == []
    assert of_others("老板说部门要调整") == []  # 老板 is no name
