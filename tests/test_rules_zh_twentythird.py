"""Chinese facts the twenty-third round reads (docs/FACTS.md): birthdays as chat tells them (with a
two-digit year, without 我, before or after 生日, counted from the turn), an age that ends its piece,
a child's age told by a doubled pet name, and a relative's name that stops before a plan. Every
sentence is written for these tests, none is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.vault import Vault

from tests.zh_facts import own, theirs

A = Op.ASSERT
START = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)  # a Monday


def _items(tmp_path: Path, *turns: str) -> set[tuple[str, str, str]]:
    """(subject, attribute, value) of every current item after weaving ``turns`` a day apart."""
    vault = Vault.init(tmp_path)
    for k, text in enumerate(turns):
        vault.ingest(text, ts=(START + timedelta(days=k)).isoformat(), role="user", speaker="阿明",
                     session="s")
    vault.weave_all()
    return {(i.subject, i.attribute, i.value) for i in vault.items(status="current")}


# -- birthdays ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [("帮我查下运势 我92年4月9号生的 白羊座", "1992-04-09"),
     ("我03年7月1号出生 要带身份证吗", "2003-07-01"),
     ("我自己是1988年10月30号 天秤座", "1988-10-30"),
     ("在药店当店员 2月27号生日 想给自己买个蛋糕", "02-27"),
     ("顺便说一句 9月3号我生日", "09-03"),
     ("我才19 生日8月15号 暑假正好在家过", "08-15"),
     ("我11月2号过生日 到时候提醒我", "11-02")],
)
def test_a_birthday_told_as_chat_tells_it(text: str, day: str) -> None:
    assert ("birthday", day, A) in own(text)


@pytest.mark.parametrize(
    ("text", "relation", "day"),
    [("我老婆生日是6月9号 想订个餐厅", "wife", "06-09"),
     ("我爸生日4月30 今年想给他办一下", "father", "04-30")],
)
def test_a_relatives_birthday_is_theirs(text: str, relation: str, day: str) -> None:
    assert (relation, "", "birthday", day) in theirs(text)
    assert not any(attribute in ("birthday", "spouse", "father") and value in (day, "生日")
                   for attribute, value, _ in own(text))


@pytest.mark.parametrize(
    "text",
    ["3月8号给我老公过生日 订了餐厅", "我的生日礼物是一双球鞋", "生日是哪天来着",
     "明天我想去看电影"],
)
def test_a_birthday_party_or_a_gift_is_no_birthday(text: str) -> None:
    assert not any(attribute == "birthday" for attribute, _, _ in own(text))


@pytest.mark.parametrize(
    ("text", "day"),
    [("明天就是我生日了 想吃顿火锅", "03-03"),  # told on Monday 2 March
     ("我下礼拜三过生日 有啥推荐", "03-11"),
     ("下个月6号我生日 帮我想想怎么过", "04-06")],
)
def test_a_birthday_counted_from_the_turn_is_that_day(tmp_path: Path, text: str, day: str) -> None:
    assert ("阿明", "birthday", day) in _items(tmp_path, text)


# -- ages -----------------------------------------------------------------------------------


def test_an_age_ends_its_piece_before_the_next_one() -> None:
    found = own("大家好 我叫阿明 今年31 温州人 在杭州做会计")
    assert ("age", "31", A) in found
    assert ("hometown", "温州", A) in found


@pytest.mark.parametrize(("text", "name", "attribute", "value"),
                         [("糖糖今年五岁 刚上中班", "糖糖", "age", "5"),
                          ("果果都八岁了 还怕打针", "果果", "age", "8"),
                          ("圆圆对花生过敏 吃饭得小心", "圆圆", "allergy", "花生"),
                          ("贝贝在实验小学读三年级", "贝贝", "studies_at", "实验小学")])
def test_a_clause_opened_by_a_childs_doubled_pet_name_is_the_childs(text: str, name: str, attribute: str,
                                                                   value: str) -> None:
    assert ("", name, attribute, value) in theirs(text)
    assert not any(a == attribute for a, _, _ in own(text))


@pytest.mark.parametrize("text", ["宝宝今年两岁 特别能闹", "慢慢学吧 不着急", "好好学习 天天向上"])
def test_a_doubled_word_that_is_no_name_names_no_one(text: str) -> None:
    assert not theirs(text)


# -- a relative's name ----------------------------------------------------------------------


def test_a_relatives_name_stops_before_a_plan() -> None:
    text = "我哥陈涛要去成都工作了 下周走"
    assert ("brother", "陈涛", A) in own(text)
    assert not any(value.endswith("要") for _, value, _ in own(text))


def test_a_name_that_ends_in_the_word_stays_whole() -> None:
    assert ("sister", "林想", A) in own("我姐林想在银行上班")


def test_back_then_is_no_relatives_name() -> None:
    found = own("我姐当年也学的医 现在在武汉当护士")
    assert not any(value == "当年" for _, value, _ in found)


# -- ages and birthdays said in passing -----------------------------------------------------


@pytest.mark.parametrize(("text", "age"),
                         [("我才23啊 怎么就腰疼了", "23"), ("今年刚好五十 想学点新东西", "50"),
                          ("二十八岁的人了还在啃老 丢人", "28"), ("今年就41了 时间真快", "41")])
def test_an_age_said_in_passing_is_the_speakers(text: str, age: str) -> None:
    assert ("age", age, A) in own(text)


@pytest.mark.parametrize("text", ["我才两点就饿了", "我都三了还没吃饭", "他才七岁"])
def test_a_small_number_or_someone_elses_age_is_not_the_speakers(text: str) -> None:
    assert not any(attribute == "age" for attribute, _, _ in own(text))


def test_a_birthday_just_past_dates_the_birthday_and_the_age(tmp_path: Path) -> None:
    # told on Wednesday 4 March: 上周五 is 27 February
    items = _items(tmp_path, "最近好累", "周末加班", "上周五刚过完35岁生日 同事送了蛋糕")
    assert ("阿明", "birthday", "02-27") in items
    assert ("阿明", "age", "35") in items


def test_an_age_reached_on_a_birthday_days_ahead_holds_from_that_day(tmp_path: Path) -> None:
    items = _items(tmp_path, "后天就是我生日了 满40岁 帮我想想怎么过", "生日过完了", "又开始上班了")
    assert ("阿明", "birthday", "03-04") in items
    assert ("阿明", "age", "40") in items


@pytest.mark.parametrize(
    ("text", "relation", "day"),
    [("我弟下个月生日 5月21号 想给他寄双鞋", "brother", "05-21"),
     ("我妈今年70了。9月9号是她生日 想请亲戚吃个饭", "mother", "09-09")],
)
def test_a_birthdays_day_in_the_next_piece_is_the_relatives(text: str, relation: str, day: str) -> None:
    assert (relation, "", "birthday", day) in theirs(text)


def test_a_birthday_named_then_a_plan_on_a_day_is_no_birthday() -> None:
    assert not any(attribute == "birthday" for _, _, attribute, _ in theirs("我老婆生日快到了，6月2号去吃饭"))
    assert not any(attribute == "birthday" for attribute, _, _ in own("我老婆生日快到了，6月2号去吃饭"))


# -- the employer after the title -----------------------------------------------------------


@pytest.mark.parametrize(("text", "employer"),
                         [("在杭州当快递员 顺丰的 天天爬楼", "顺丰"),
                          ("在小区当保洁，万科物业的，一个月四千", "万科物业")])
def test_a_company_and_de_after_a_title_is_the_employer(text: str, employer: str) -> None:
    assert ("employer", employer, A) in own(text)


@pytest.mark.parametrize("text", ["在医院当护士，夜班的，累死", "在上海当老师，湖南的", "当司机，挺累的"])
def test_a_kind_of_work_or_a_town_after_a_title_is_no_employer(text: str) -> None:
    assert not any(attribute == "employer" for attribute, _, _ in own(text))


def test_the_day_one_comes_of_an_age_is_the_birthday_and_the_age_waits() -> None:
    found = own("今年39 下个月8月20号就满40了 唉")
    assert ("birthday", "08-20", A) in found
    assert ("age", "39", A) in found
    assert ("age", "40", A) not in found


# -- chat's laughs end a thought ------------------------------------------------------------


def test_a_laugh_before_a_space_ends_the_thought() -> None:
    found = theirs("今天终于发工资了hhh 老公在美团 他也发了")
    assert ("husband", "", "employer", "美团") in found


def test_a_latin_word_inside_a_thought_parts_nothing() -> None:
    assert ("employer", "book", A) not in own("我在book 店上班")
