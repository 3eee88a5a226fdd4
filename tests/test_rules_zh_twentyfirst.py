"""Chinese facts the twenty-first round reads (docs/FACTS.md): errands booked at an hour, routines
ended by the place they were done in, arrivals told by the day one is at, the speaker named by
their trade in passing, a partner named in a quarrel, and a turn opened by a word of greeting in
Latin letters. Every sentence is written for these tests, none is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.zh_facts import homes, own, theirs

A = Op.ASSERT
R = Op.RETRACT


def _appointments(text: str) -> set[str]:
    return {f.value for f in facts_in(text) if f.attribute == "appointment" and f.op is A and not f.about}


def _titles(text: str) -> set[str]:
    return {value for attribute, value, op in own(text) if attribute == "job_title" and op is A}


def _woven(tmp_path: Path, *turns: str) -> set[tuple[str, str, str]]:
    """(subject, attribute, value) of every current item after weaving ``turns`` a day apart."""
    vault = Vault.init(tmp_path)
    start = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)
    for k, text in enumerate(turns):
        vault.ingest(text, ts=(start + timedelta(days=k)).isoformat(), role="user", speaker="阿明",
                     session="s")
    vault.weave_all()
    return {(i.subject, i.attribute, i.value) for i in vault.items() if str(i.status.value) == "current"}


# -- an errand booked at an hour --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "errand"),
    [("下周二上午十点去社保局办退休手续", "社保局办退休手续"),
     ("提醒我后天上午九点去车站取行李 别忘了", "车站取行李"),
     ("我这腰老是疼，医生让我周五下午三点去医院拿片子", "拿片子")],
)
def test_an_errand_gone_to_on_a_day_at_an_hour_is_an_appointment(text: str, errand: str) -> None:
    assert errand in _appointments(text)


@pytest.mark.parametrize("text", ["昨天下午三点去银行办了张卡", "下周二上午十点想去银行办卡",
                                  "每周二上午十点去公园遛弯", "三点去楼下取个快递"])
def test_an_errand_done_wished_recurring_or_at_an_hour_alone_is_no_appointment(text: str) -> None:
    assert not _appointments(text)


# -- a routine ended by where it was done -----------------------------------------------------


def test_a_gym_routine_ends_by_the_gym_named(tmp_path: Path) -> None:
    items = _woven(tmp_path, "我每周二周四晚上去健身房举铁", "健身房我就没再去了 太远")
    assert not any(attribute == "routine" for _, attribute, _ in items)


def test_a_class_not_gone_to_since_last_month_ends(tmp_path: Path) -> None:
    items = _woven(tmp_path, "报了个法语课 每周三晚上上", "法语课我上个月就没去了 老师换人了")
    assert not any(attribute == "routine" for _, attribute, _ in items)


def test_a_gym_too_crowded_ends_no_routine(tmp_path: Path) -> None:
    items = _woven(tmp_path, "我每周二周四晚上去健身房举铁", "健身房最近人太多了 器械都抢不到")
    assert any(attribute == "routine" for _, attribute, _ in items)


# -- an arrival told by the day one is at -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [("来厦门第一个礼拜 还在找房子", "厦门"), ("搬来苏州第三天 东西还没拆完", "苏州"),
     ("来东京当交换生第二年了 日语还是很烂", "东京"), ("来槟城第一个月 天天吃炒粿条", "槟城")],
)
def test_an_arrival_told_by_the_day_one_is_at_is_home(text: str, town: str) -> None:
    assert town in homes(text)


@pytest.mark.parametrize("text", ["来厦门出差第二天 天天开会", "来苏州玩的第一天就下雨"])
def test_a_trip_told_by_its_day_is_no_home(text: str) -> None:
    assert not homes(text)


# -- the speaker named by their trade in passing ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [("我一个会计天天被老板催报表", "会计"), ("我一个当护士的 夜班上到怀疑人生", "护士"),
     ("我一个在字节的产品经理 天天写文档", "产品经理")],
)
def test_the_speaker_named_by_a_trade_in_passing(text: str, title: str) -> None:
    assert title in _titles(text)


@pytest.mark.parametrize("text", ["我一个外地人在这边没啥朋友", "我这个当妈的真不容易", "我一个学生哪来的钱"])
def test_a_speaker_named_by_no_trade_has_no_title(text: str) -> None:
    assert not _titles(text)


def test_a_town_and_its_trade_with_talk_after_it() -> None:
    facts = own("我是赣州的果农，家里有四十亩果园")
    assert ("job_title", "果农", A) in facts
    assert ("lives_in", "赣州", A) in facts


def test_being_someones_darling_is_no_trade() -> None:
    assert not _titles("我是我爸的开心果，天天逗他笑")


# -- a partner named in a quarrel -------------------------------------------------------------


def test_a_partner_named_in_a_quarrel_is_the_partner() -> None:
    assert ("partner", "小凯", A) in own("跟男朋友小凯吵架了 两天没说话")


def test_he_after_the_quarrel_is_the_partner(tmp_path: Path) -> None:
    items = _woven(tmp_path, "跟男朋友小凯吵架了 两天没说话", "他在青岛当厨师 天天上晚班")
    assert ("小凯", "job_title", "厨师") in items
    assert not any(subject == "阿明" and attribute == "job_title" for subject, attribute, _ in items)


def test_a_quarrel_with_a_colleague_names_no_partner() -> None:
    assert not any(a == "partner" for a, _, _ in own("跟同事吵了一架 心情很差"))


# -- a turn opened by a word of greeting in Latin letters -------------------------------------


def test_a_greeting_in_latin_letters_is_not_who_the_turn_is_about() -> None:
    facts = own("bro 我在青岛做会计的 年底忙死")
    assert ("job_title", "会计", A) in facts
    assert "青岛" in homes("bro 我在青岛做会计的 年底忙死")


def test_someone_named_after_the_greeting_is_who_the_turn_is_about() -> None:
    assert ("brother", "", "job_title", "会计") in theirs("bro 我哥在青岛做会计的 年底忙死")
    assert not _titles("bro 我哥在青岛做会计的 年底忙死")


# -- an app with 了 in its name ----------------------------------------------------------------


def test_giving_up_an_app_with_le_in_its_name_ends_the_job() -> None:
    facts = own("我不跑饿了么了 太累")
    assert ("employer", "饿了么", R) in facts


def test_ordering_from_the_app_ends_nothing() -> None:
    assert not any(op is R for _, _, op in own("今天不点饿了么了 自己做饭"))


# -- a routine ended by its name alone, the listener called by name, work on one's own ----------


def test_a_routine_named_without_its_days_ends_the_one_told_with_them(tmp_path: Path) -> None:
    items = _woven(tmp_path, "每周二和周五早上去江边打太极", "医生说太极先别打了 腰不行")
    assert not any(attribute == "routine" for _, attribute, _ in items)


def test_a_dance_no_longer_danced_ends(tmp_path: Path) -> None:
    items = _woven(tmp_path, "每个礼拜一礼拜四晚上去跳街舞", "街舞也不跳了 膝盖受不了")
    assert not any(attribute == "routine" for _, attribute, _ in items)


def test_a_friend_told_to_stop_dancing_ends_no_routine_of_the_speakers(tmp_path: Path) -> None:
    items = _woven(tmp_path, "每个礼拜一礼拜四晚上去跳街舞", "我闺蜜说她以后不跳舞了")
    assert any(attribute == "routine" for _, attribute, _ in items)


def test_a_name_of_friendship_before_i_is_no_one_the_turn_is_about() -> None:
    facts = own("哥们儿我被裁了 上周的事")
    assert ("employer", "", R) in facts


def test_brothers_named_together_are_no_call_to_the_listener() -> None:
    assert not own("兄弟俩都在广州上班")


@pytest.mark.parametrize("text", ["我出来单干了 接私单", "现在自己单干 开了个小工作室"])
def test_work_on_ones_own_ends_the_employer_not_the_trade(text: str) -> None:
    facts = own(text)
    assert ("employer", "", R) in facts
    assert not any(a == "job_title" and op is R for a, _, op in facts)


def test_a_wish_to_work_on_ones_own_ends_nothing() -> None:
    assert not any(op is R for _, _, op in own("想出来单干 又怕接不到活"))


@pytest.mark.parametrize(("text", "town"), [("一个人北漂 房租太贵", "北京"), ("现在沪漂 在做运营", "上海")])
def test_the_chat_word_for_working_in_a_big_city_is_home(text: str, town: str) -> None:
    assert town in homes(text)


@pytest.mark.parametrize("text", ["以前北漂过两年", "不想北漂了 想回老家"])
def test_a_drift_that_was_or_is_refused_is_no_home(text: str) -> None:
    assert not homes(text)


# -- irony beside a plain statement -----------------------------------------------------------


def test_a_job_told_plainly_beside_irony_stands() -> None:
    facts = own("我可太爱开会了 爱死了 在京东做数据分析")
    assert ("employer", "京东", A) in facts
    assert ("job_title", "数据分析", A) in facts


def test_irony_itself_tells_no_liking() -> None:
    assert not any(a == "likes" and op is A for a, _, op in own("我可太喜欢周一了🙃 在京东做数据分析"))


# -- a time alone, then the thing -------------------------------------------------------------


def test_a_time_alone_then_the_thing_is_an_appointment() -> None:
    assert "腾讯终面" in _appointments("11月3号上午十点半 腾讯终面 好慌")


@pytest.mark.parametrize("text", ["上周五下午两点 面试挂了", "下周二上午十点 我再想想"])
def test_a_time_then_a_past_or_no_thing_is_no_appointment(text: str) -> None:
    assert not _appointments(text)


def test_a_day_typed_with_a_slash_before_its_hour_is_the_day() -> None:
    found = [f for f in facts_in("幫我記一下 6/18 上午十點要去牙科回診") if f.attribute == "appointment"]
    assert [(f.value, f.scheduled) for f in found] == [("牙科回診", "6月18号上午十点")]


def test_a_score_typed_with_a_slash_is_no_day() -> None:
    assert not _appointments("数学考了4/5 晚上再复盘")


def test_a_space_after_a_latin_word_before_i_opens_a_clause() -> None:
    facts = theirs("我表哥在Penang做engineer 我妈一个人住新竹")
    assert ("mother", "", "lives_in", "新竹") in facts
    assert not homes("我表哥在Penang做engineer 我妈一个人住新竹")


def test_the_town_gone_to_is_no_part_of_the_errand() -> None:
    assert "复查" in _appointments("下周三下午三点去广州复查")
