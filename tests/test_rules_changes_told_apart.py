"""Changes told the way people tell them: the day said apart from the change ("升区域经理了！
上周一宣布的"), moves and jobs in the words of other Englishes ("shifted to Lahore", "first
week at swiggy done"), a home named in passing, a partner named in lower case, and the
relatives' adverbs ("my mum still lives in Cork"). None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import pytest
from vaultweave.weaver.extract import dates, dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.dialects_zh import as_mandarin
from vaultweave.weaver.extract.known_people import KnownPeople
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.said_plainly_en import said_plainly
from vaultweave.weaver.extract.towns_in_passing import towns_in_passing
from vaultweave.weaver.value_match import names_ended, short_name_of
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held

MONDAY = datetime(2026, 7, 6, 2, 0, tzinfo=timezone.utc)  # 10:00 in China


def dated(text: str) -> dict[tuple[str, str], str]:
    """The speaker's asserted facts and the date phrase each carries."""
    return {(f.attribute, f.value): f.when for f in facts_in(text)
            if f.op is Op.ASSERT and not f.about and not f.name}


def read(text: str) -> set[tuple[str, str, Op]]:
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about and not f.name}


def theirs(text: str) -> set[tuple[str, str, str, str, Op]]:
    return {(f.about, f.name, f.attribute, f.value, f.op) for f in facts_in(text) if f.about or f.name}


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("上礼拜", "2026-06-29"),
        ("上个礼拜", "2026-06-29"),
        ("一个礼拜前", "2026-06-29"),
        ("两个星期前", "2026-06-22"),
        ("20号", "2026-06-20"),  # a past day of the month alone: the last one gone
        ("3号", "2026-07-03"),
        ("礼拜六", "2026-07-04"),  # a past weekday alone: the one gone
    ],
)
def test_weeks_and_days_said_in_the_past_resolve(phrase: str, day: str) -> None:
    found = dates.resolve(phrase, MONDAY, "past")
    assert found is not None and (found + dates_zh.CHINA).date().isoformat() == day


def test_a_day_of_the_month_still_to_come_is_this_months_or_the_next() -> None:
    assert dates.resolve("20号", MONDAY, "future") == datetime(2026, 7, 20, 4, 0, tzinfo=timezone.utc)
    assert dates.resolve("3号", MONDAY, "future") == datetime(2026, 8, 3, 4, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("clause", "day"),
    [("12号搬完了", "12号"), ("20号落地的", "20号"), ("12号要搬了", ""), ("12号搬家", ""),
     ("3号线坐到底了", "")],
)
def test_a_day_of_the_month_dates_only_a_change_told_as_done(clause: str, day: str) -> None:
    assert dates_zh.find_past(clause)[0] == day


@pytest.mark.parametrize(
    ("text", "fact", "when"),
    [
        ("升区域经理了！上周一宣布的 管六家店", ("job_title", "区域经理"), "上周一"),
        ("升区域经理了，上周一宣布的，管六家店", ("job_title", "区域经理"), "上周一"),
        ("上周六终于搬完了 累瘫 现在人在深圳 租了个单间", ("lives_in", "深圳"), "上周六"),
        ("搬到新加坡啦！20号落地的，热死了", ("lives_in", "新加坡"), "20号"),
        ("我上礼拜搬大连来了", ("lives_in", "大连"), "上礼拜"),
    ],
)
def test_a_chinese_change_is_dated_by_the_day_told_apart_from_it(
    text: str, fact: tuple[str, str], when: str
) -> None:
    assert dated(text)[fact] == when


@pytest.mark.parametrize(
    ("clause", "since"),
    [("到伦敦一周了", "一周前"), ("来深圳一周了", "一周前"), ("我入职一个月了", "一个月前")],
)
def test_an_arrival_told_with_how_long_ago_is_dated(clause: str, since: str) -> None:
    assert dates_zh.find_since(clause)[0] == since


def test_how_long_a_state_lasted_dates_no_change() -> None:
    assert dates_zh.find_since("在北京住了五年了")[0] == ""
    assert dated("我在北京住了五年了")[("lives_in", "北京")] == ""


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("跟你汇报下近况哈，地铁那边我上个月底辞了，两周前搬到佛山了",
         {("employer", "地铁", Op.RETRACT), ("job_title", "", Op.RETRACT), ("lives_in", "佛山", Op.ASSERT)}),
        ("3月31号是我在顺丰最后一天", {("employer", "顺丰", Op.RETRACT), ("job_title", "", Op.RETRACT)}),
        ("我把银行的工作辞了", {("employer", "银行", Op.RETRACT), ("job_title", "", Op.RETRACT)}),
        ("外卖我不送了，太累", {("employer", "", Op.RETRACT), ("job_title", "", Op.RETRACT)}),
        ("老子不跑快递了！", {("employer", "", Op.RETRACT), ("job_title", "", Op.RETRACT)}),
    ],
)
def test_chinese_endings_of_a_job_as_people_say_them(text: str, facts: set[tuple[str, str, Op]]) -> None:
    assert facts <= read(text)


def test_lao_zi_is_i_only_before_what_one_does() -> None:
    assert as_mandarin("老子不跑快递了") == "我不跑快递了"
    assert as_mandarin("老子说道可道非常道") == "老子说道可道非常道"


def test_a_relative_named_before_a_date_is_named() -> None:
    found = theirs("我老公周磊三天前从顺丰那边辞了")
    assert ("husband", "周磊", "employer", "顺丰", Op.RETRACT) in found
    assert not {f for f in theirs("我姐前两周把律所工作辞了") if f[1]}  # 前两周 is no name


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("first week at swiggy done yaar, onboarding is so chaotic", ("employer", "Swiggy", Op.ASSERT)),
        ("first week at trade me done", ("employer", "Trade Me", Op.ASSERT)),
        ("rukhsati done, shifted to Lahore last week alhamdulillah", ("lives_in", "Lahore", Op.ASSERT)),
        ("moved into a unit in Surry Hills last week", ("lives_in", "Surry Hills", Op.ASSERT)),
        ("I moved in with my friend Leah in Burnaby last month", ("lives_in", "Burnaby", Op.ASSERT)),
        ("i'm back at my parents' in dos hermanas for now", ("lives_in", "Dos Hermanas", Op.ASSERT)),
        ("daily lah, and MRT from my place in jurong is like 1.5 hrs", ("lives_in", "Jurong", Op.ASSERT)),
        ("she can come to mine in Partick after", ("lives_in", "Partick", Op.ASSERT)),
    ],
)
def test_moves_homes_and_jobs_in_the_words_of_other_englishes(text: str, fact: tuple[str, str, Op]) -> None:
    assert fact in read(text)


@pytest.mark.parametrize(
    "text", ["i shifted to night shift", "last week at the beach was fun", "come to my place in town"]
)
def test_words_like_them_name_no_home_or_job(text: str) -> None:
    assert not {f for f in read(text) if f[0] in ("lives_in", "employer")}


def test_a_partner_named_in_lower_case_before_the_breakup() -> None:
    assert ("boyfriend", "Javi", Op.RETRACT) in read("javi and i broke up last week 💔")
    assert not {f for f in read("life and i broke up") if f[2] is Op.RETRACT}
    assert short_name_of("Javi", "Javier") and short_name_of("Teo", "Mateo")
    assert short_name_of("Chris", "Christopher")
    assert names_ended("boyfriend", "Javier", "Javi")
    assert not short_name_of("Java", "JavaScript") and not names_ended("likes", "Javascript", "Java")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my mum still lives in Cork", ("mother", "", "lives_in", "Cork", Op.ASSERT)),
        ("my sister also works at Google", ("sister", "", "employer", "Google", Op.ASSERT)),
        ("dad officially retired yesterday!!! party was a hit", ("father", "", "job_title", "", Op.RETRACT)),
    ],
)
def test_an_adverb_between_a_relative_and_their_verb(text: str, fact: tuple[str, str, str, str, Op]) -> None:
    assert fact in theirs(text)


def test_a_pronoun_after_a_name_told_in_the_same_turn_is_theirs() -> None:
    known = KnownPeople().learn(facts_in("my sister ciara lives in sydney now"))
    known = known.learn(facts_in("my best friend orla is a primary teacher here in cork"))
    said = known.said_in_full("ciara came home!! she moved back to ireland last week")
    assert "my sister Ciara moved back" in said


def _employers(vault: Vault) -> list[tuple[str, bool]]:
    return values_held(vault, "employer")


def test_an_ending_without_a_value_spares_the_job_its_own_line_tells(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    say(vault, "我在顺丰干快递员", "2026-01-09T13:00:00Z")
    say(vault, "老子不跑快递了！上礼拜入职京东物流", "2026-02-20T12:00:00Z")
    vault.weave_all()
    assert _employers(vault) == [("京东物流", True), ("顺丰", False)]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("btw i stay in abuja, gwarinpa, so embassy no far", ("lives_in", "Abuja", Op.ASSERT)),
        ("ya i stay tampines, work in cbd", ("lives_in", "Tampines", Op.ASSERT)),
        ("i dey lagos, lekki side", ("lives_in", "Lagos", Op.ASSERT)),
        ("near punggol? i stay there with my wife", ("lives_in", "Punggol", Op.ASSERT)),
        ("i dey work for shell as, wetin dem dey call am sef, HSE officer.",
         ("job_title", "HSE officer", Op.ASSERT)),
        ("im a PM at zomato, 2 yrs done", ("employer", "Zomato", Op.ASSERT)),
    ],
)
def test_homes_and_jobs_in_west_african_and_asian_englishes(text: str, fact: tuple[str, str, Op]) -> None:
    assert fact in read(text)


@pytest.mark.parametrize(
    "text", ["i stay at home with the kids", "I'm staying at a hotel in Rome", "i stay up late"]
)
def test_a_stay_that_is_no_home(text: str) -> None:
    assert not {f for f in read(text) if f[0] == "lives_in" and f[2] is Op.ASSERT}


def test_a_name_in_lower_case_before_a_job_is_someone() -> None:
    assert ("", "Marcus", "job_title", "barber", Op.ASSERT) in theirs("also marcus is a barber, got his shop")
    assert ("", "Lerato", "job_title", "vet", Op.ASSERT) in theirs("lerato, she's a vet in centurion")
    for text in ("work is a nightmare", "life's a mess", "boss is a nightmare", "tbh, she's a nurse"):
        assert not theirs(text), text


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("我们住在上海静安", ("lives_in", "上海静安", Op.ASSERT)),
        ("我们上个月搬到苏州了", ("lives_in", "苏州", Op.ASSERT)),
        ("我是当护士的 反而被她管", ("job_title", "护士", Op.ASSERT)),
        ("我是做UI设计的", ("job_title", "UI设计", Op.ASSERT)),
        ("我今年考上吉林大学了", ("studies_at", "吉林大学", Op.ASSERT)),
        ("我上个月跳槽了 去了家做跨境电商的创业公司 叫海豚出海 做运营", ("employer", "海豚出海", Op.ASSERT)),
        ("就是离我住的回龙观有点远", ("lives_in", "回龙观", Op.ASSERT)),
        ("我在滨江租了三年了", ("lives_in", "滨江", Op.ASSERT)),
        ("上个月搬咗去深圳福田", ("lives_in", "深圳福田", Op.ASSERT)),
    ],
)
def test_chinese_homes_jobs_and_schools_as_people_say_them(text: str, fact: tuple[str, str, Op]) -> None:
    assert fact in read(text)


@pytest.mark.parametrize("text", ["创业公司是真不稳", "离我住的地方很近", "我们都住宿舍"])
def test_chinese_words_like_them_name_nothing(text: str) -> None:
    assert not {f for f in read(text) if f[0] in ("lives_in", "employer")}


def test_a_word_between_a_relative_and_a_verb_is_no_name() -> None:
    assert not {f for f in theirs("我闺女倒是刚拿到驾照 她在武汉读研") if f[1]}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my sis ngozi dey come visit from abuja, she be resident doctor for national hospital there",
         ("sister", "Ngozi", "job_title", "resident doctor", Op.ASSERT)),
        ("my bro dey work for MTN", ("brother", "", "employer", "MTN", Op.ASSERT)),
    ],
)
def test_nigerian_pidgin_said_of_someone(text: str, fact: tuple[str, str, str, str, Op]) -> None:
    assert fact in theirs(text)


def test_pidgin_homes_and_what_is_left_as_typed() -> None:
    assert ("lives_in", "Ikeja", Op.ASSERT) in read("we dey live for Ikeja")
    assert said_plainly("to be honest i be in trouble") == "to be honest i be in trouble"
    assert said_plainly("shifted to Lahore, stayed at a hotel") == "moved to Lahore, stayed at a hotel"


@pytest.mark.parametrize(
    ("text", "languages"),
    [("我粤语英语日语都会一点", {"Cantonese", "English", "Japanese"}),
     ("普通话粤语英语都会", {"Mandarin", "Cantonese", "English"})],
)
def test_languages_run_together_are_each_spoken(text: str, languages: set[str]) -> None:
    assert {v for a, v, op in read(text) if a == "speaks" and op is Op.ASSERT} == languages
    assert not read("英语日语都不会")


@pytest.mark.parametrize(
    ("text", "relation"), [("俺家老闺女今年考上吉林大学了", "daughter"), ("我小儿子今年三岁", "son")]
)
def test_children_named_by_birth_order(text: str, relation: str) -> None:
    assert {f[0] for f in theirs(text)} == {relation}


def test_a_relatives_home_in_passing_is_theirs_however_the_apostrophe_was_typed() -> None:
    assert towns_in_passing(["my parents house in Leeds is huge"], []) == []
    assert [f.value for f in towns_in_passing(["my tiny flat in Leeds is huge"], [])] == ["Leeds"]
