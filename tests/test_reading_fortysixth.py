"""Values that carried a word too many, and homes told by the time spent in them.

A Chinese name cut by jieba's words (小雨老说 is 小雨), a one-character verb after a relative
(订在) is no name, a pregnancy is no name either, and the relative told without a name is still
who 她 is next; a school jieba joins to 读 keeps its name (川大读 is 川大); a shop counted with 间
makes its owner; a workplace after 那间 is the workplace; a Cantonese 唔系 is 不是. English: a
pet's name keeps its honorific and its numeral, a short name in brackets after a pet is the
pet's, "I literally cannot do saturdays" is no routine, "since the 8th" is no appointment, and
a home is told by the weeks spent there, by "we've been in X since", by the place moved into,
and by arriving where a move was planned. Every sentence is written here."""

from __future__ import annotations

from datetime import datetime

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock, say, values_held


def _read(text: str, said: str = "2026-03-04T10:00:00+00:00", speaker: str = "Sam") -> set[tuple[str, ...]]:
    """(subject, attribute, value) of each asserted candidate the rules path reads from one turn."""
    turn = Resource(id="r#1", path="r", line=1, text=text, ts=datetime.fromisoformat(said),
                    role="user", speaker=speaker, session="s")
    return {(c.subject, c.attribute, c.value) for c in RulesExtractor(default_subject=speaker).extract([turn])
            if c.op is Op.ASSERT}


def _held(vault: Vault, attribute: str, *turns: str, speaker: str = "Maya") -> list[tuple[str, bool]]:
    """Every value of ``attribute`` after the turns, one a week from 5 January 2026."""
    for week, text in enumerate(turns):
        say(vault, text, f"2026-01-{5 + 7 * week:02d}T09:00:00Z", speaker=speaker)
    vault.weave_all()
    return values_held(vault, attribute)


# -- Chinese values with a word too many ------------------------------------------------------------


@pytest.mark.parametrize(("text", "fact"), [
    ("女朋友阿兰老说我太宅 周末想带她出去玩 她是幼师", ("王磊", "partner", "阿兰")),
    ("我在厦大读会计研一 论文愁死了", ("王磊", "studies_at", "厦大")),
    ("我在白云开咗间糖水铺 做咗五年", ("王磊", "job_title", "糖水铺老板")),
    ("我住高雄 在苓雅區那間「小樹」當咖啡師", ("王磊", "employer", "小樹")),
    ("家人们 学尤克里里两个月了 C和弦还是按不准", ("王磊", "learning", "尤克里里")),
    ("喂 叫我Jason得啦 帮我揾间好啲嘅酒吧", ("王磊", "alias", "Jason")),
])
def test_a_chinese_value_is_the_word_said(text: str, fact: tuple[str, str, str]) -> None:
    read = _read(text, speaker="王磊")
    assert fact in read
    assert not {f for f in read if f[:2] == fact[:2] and f[2] != fact[2]}


@pytest.mark.parametrize(("text", "attribute"), [
    ("我跟未婚妻订在五月二号办酒 想请你帮我列个清单", "fiance"),
    ("老婆怀孕20周了 最近老失眠", "spouse"),
    ("唔系 我系肇庆人 后生时落嚟广州", "employer"),
    ("我在厦门一家外贸公司做单证，手速慢得离谱，帮我找个快捷键大全", "employer"),
])
def test_no_name_nor_workplace_in_these(text: str, attribute: str) -> None:
    assert not {f for f in _read(text, speaker="王磊") if f[1] == attribute}


def test_a_relative_told_without_a_name_is_who_she_is_next(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    say(vault, "老婆怀孕20周了 最近老失眠", "2026-01-05T09:00:00Z", speaker="王磊")
    say(vault, "她叫林悦 在杭州一所中学教数学", "2026-01-05T09:05:00Z", speaker="王磊")
    vault.weave_all()
    assert ("林悦", True) in values_held(vault, "spouse")
    theirs = {(i.subject, i.attribute, i.value) for i in vault.loaded_items().values() if i.is_current}
    assert ("林悦", "job_title", "数学老师") in theirs
    assert not {f for f in theirs if f[0] == "王磊" and f[1] in ("job_title", "lives_in")}


# -- English values ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "pet"), [
    ("my own cat Mr. Whiskers (tabby, 6, zero manners) sleeps on my keyboard", "a cat named Mr. Whiskers"),
    ("our dog Lady Marmalade Crumble II is the boss of this house", "a dog named Lady Marmalade Crumble II"),
])
def test_a_pets_name_keeps_its_honorific_and_numeral(text: str, pet: str) -> None:
    assert ("Sam", "pet", pet) in _read(text)


def test_a_short_name_in_brackets_after_a_pet_is_the_pets() -> None:
    read = _read("I nurse at the Royal and my dog Sergeant Biscuit (Biscuit for short) is my whole life")
    assert not {f for f in read if f[:2] == ("Sam", "alias")}
    assert ("Sam", "alias", "Jo") in _read("I'm Joanna (Jo for short), 31, a nurse in Hull")


def test_a_day_refused_is_no_routine() -> None:
    read = _read("plus saturdays I teach piano to the little ones at the church so I literally cannot do "
                 "saturdays")
    assert {f[2] for f in read if f[1] == "routine"} == {"teaching piano to the little ones on Saturdays"}


def test_a_day_since_which_is_no_appointment() -> None:
    read = _read("settled in Glasgow since the 3rd of march, and I have a viewing in Partick on friday at 10")
    assert {f[2] for f in read if f[1] == "appointment"} == {"viewing in Partick"}


def test_a_subject_kept_is_no_home() -> None:
    assert not {f for f in _read("my dad says switch to law, nah I'm staying in history, I love it")
                if f[1] == "lives_in"}


# -- homes told by the time spent there -------------------------------------------------------------


@pytest.mark.parametrize(("text", "home"), [
    ("alright, three weeks in Brissie now. the humidity is unreal", "Brisbane"),
    ("we left the old flat, since last Friday we've been in Wandsworth, closer to my mum", "Wandsworth"),
    ("I've been in Ghent since March and honestly love it", "Ghent"),
    ("GOT THE ROOM. moved in on the 1st, flatshare in Neukölln with two Spanish guys", "Neukölln"),
    ("moved in with my girlfriend Ana on the weekend. her place in Fremantle has a garden", "Fremantle"),
])
def test_a_home_told_by_the_time_spent_there(text: str, home: str) -> None:
    read = _read(text)
    assert ("Sam", "lives_in", home) in read


@pytest.mark.parametrize("text", [
    "been in hospital since tuesday, my knee is wrecked",
    "we've been in Porto for the conference since monday",
    "if we've been in Ghent since March, does that count for residency?",
])
def test_a_stay_that_is_no_home(text: str) -> None:
    assert not {f for f in _read(text) if f[1] == "lives_in"}


def test_arriving_where_a_move_was_planned_makes_the_home(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    say(vault, "I live in Tallinn but I move to Utrecht on 2 february for a new job at Philips",
        "2026-01-05T09:00:00Z")
    say(vault, "ok I'm here! landed like planned, the canals are unreal", "2026-02-09T09:00:00Z")
    vault.weave_all()
    held = values_held(vault, "lives_in")
    assert ("Utrecht", True) in held
    assert ("Tallinn", False) in held


@pytest.mark.parametrize(("text", "fact"), [
    ("need a cover letter, been a duty manager at Asda Hulme Park 6 yrs",
     ("Sam", "employer", "Asda Hulme Park")),
    ("i work at maccas weds and fri nights so essays get done on the bus", ("Sam", "employer", "Maccas")),
    ("any tips? we're in a 2BHK in Baner so space is tight", ("Sam", "lives_in", "Baner")),
])
def test_a_value_without_what_only_times_it(text: str, fact: tuple[str, str, str]) -> None:
    read = _read(text)
    assert fact in read
    assert not {f for f in read if f[:2] == fact[:2] and f[2] != fact[2]}


def test_quitting_the_work_ends_the_title(make_vault, clock: FakeClock) -> None:
    held = _held(make_vault(), "job_title",
                 "I'm a primary school teacher in Derby, weekends are for the cake stall",
                 "I quit teaching at the end of the month, the cake stall is my full-time thing now!")
    assert ("primary school teacher", False) in held
    assert ("primary school teacher", True) not in held


# -- Chinese homes and endings ----------------------------------------------------------------------


def test_a_home_town_of_someone_named_is_theirs() -> None:
    read = _read("男朋友阿杰在老家衡阳开奶茶店 老嫌我花钱大手大脚", speaker="王磊")
    assert ("阿杰", "lives_in", "衡阳") in read
    assert not {f for f in read if f[0] == "王磊" and f[1] == "hometown"}


def test_a_subdivided_flat_is_its_town() -> None:
    assert ("王磊", "lives_in", "深水埗") in _read("幫我算一下，我住深水埗劏房，月租六千", speaker="王磊")


def test_bored_to_death_ends_no_pet(make_vault, clock: FakeClock) -> None:
    assert _held(make_vault(), "pet", "我在小区当保安 无聊死了", speaker="王磊") == []


@pytest.mark.parametrize("ended", ["京东那边我前两天就没跑了", "京东这边月底走", "京东那边干完就撤了"])
def test_a_job_named_by_its_place_then_left(make_vault, clock: FakeClock, ended: str) -> None:
    held = _held(make_vault(), "job_title", "我在京东当快递员 天天爬楼", ended, speaker="王磊")
    assert ("快递员", False) in held
    assert not [value for value, current in held if current]


def test_arrived_weeks_ago_in_cantonese_dates_the_move(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    say(vault, "我喺香港做文员 做咗八年", "2026-01-01T09:00:00Z", speaker="王磊")
    say(vault, "到咗利物浦两个礼拜啦 好冻", "2026-01-26T09:00:00Z", speaker="王磊")
    vault.weave_all()
    home = {i.value: i for i in vault.loaded_items().values() if i.attribute == "lives_in"}
    assert home["利物浦"].is_current
    assert home["香港"].valid_to is not None and home["香港"].valid_to.date().isoformat() == "2026-01-12"


@pytest.mark.parametrize(("text", "facts"), [
    ("I teach science at a JHS in Tema, the pay is small", {("Sam", "job_title", "science teacher")}),
    ("I work behind the bar at the Anchor on fri and sat nights so those are out",
     {("Sam", "job_title", "bartender"), ("Sam", "employer", "Anchor")}),
])
def test_work_told_by_what_one_does(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= _read(text)


def test_a_parent_named_with_a_capital_is_still_the_parent() -> None:
    assert ("Sam's mother", "age", "79") in _read("Mom turned 79 on Saturday, we did a little cake")


def test_a_routine_moved_in_taglish(make_vault, clock: FakeClock) -> None:
    held = _held(make_vault(), "routine", "pls make me a list: choir practice wednesdays 7pm, mass sundays",
                 "Choir is Fridays na, 6pm, the new director prefers it daw")
    assert ("choir practice on Fridays", True) in held
    assert ("choir practice on Wednesdays", False) in held


def test_a_workplace_left_by_its_kind(make_vault, clock: FakeClock) -> None:
    held = _held(make_vault(), "employer", "I'm a waitress at Saigon Corner on weekends",
                 "ok I quit the pho shop lol, placement starts next month")
    assert held == [("Saigon Corner", False)]


@pytest.mark.parametrize(("text", "fact"), [
    ("上个月搬到珠海去了 房租便宜多了", ("王磊", "lives_in", "珠海")),
    ("三月底跟同学合租 搬到Hackney去了", ("王磊", "lives_in", "Hackney")),
    ("我喺旺角那邊間福記做樓面", ("王磊", "employer", "福記")),
])
def test_a_chinese_place_without_the_words_around_it(text: str, fact: tuple[str, str, str]) -> None:
    read = _read(text, speaker="王磊")
    assert fact in read
    assert not {f for f in read if f[:2] == fact[:2] and f[2] != fact[2]}


def test_a_comment_on_the_name_is_no_name() -> None:
    read = _read("我在杭州一家小公司做运营，名字贼土，叫星火传媒", speaker="王磊")
    assert ("王磊", "employer", "星火传媒") in read
    assert not {f for f in read if f[1] == "employer" and f[2] != "星火传媒"}


@pytest.mark.parametrize(("text", "fact"), [
    ("my son Kofi is 11 and already asking if he can have a phone when he's 13 lol", ("Kofi", "age", "11")),
    ("well, 50 now, since yesterday. the party was lovely", ("Sam", "age", "50")),
])
def test_an_age_told_before_the_talk_turns(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


def test_a_count_now_is_no_age() -> None:
    assert not {f for f in _read("we have 12 now, the kids love the chickens") if f[1] == "age"}


@pytest.mark.parametrize(("text", "fact"), [
    ("gift ideas for my wife Anjali, her bday is 12th June. she loves gardening",
     ("Anjali", "birthday", "06-12")),
    ("my husband Tomas's bday is 3 May", ("Tomas", "birthday", "05-03")),
    ("Dario turned 40 yesterday, we did karaoke", ("Dario", "age", "40")),
])
def test_a_birthday_or_an_age_of_someone_named(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(("text", "facts"), [
    ("多伦多冷死了 我在UofT读统计 宿舍暖气还坏了",
     {("王磊", "studies_at", "UofT"), ("王磊", "studies", "统计")}),
    ("在伦敦读LSE金融硕士 房租贵得离谱", {("王磊", "studies_at", "LSE"), ("王磊", "studies", "金融")}),
    ("我华南师范大学日语专业大三的 想找个兼职", {("王磊", "studies_at", "华南师范大学")}),
])
def test_a_school_by_its_letters_or_before_its_department(text: str, facts: set[tuple[str, ...]]) -> None:
    read = _read(text, speaker="王磊")
    assert facts <= read
    assert not {f for f in read if f[1] == "studies" and f[2].startswith(("UofT", "LSE"))}


@pytest.mark.parametrize(("text", "fact"), [
    ("婚礼定在十月 我在厦门这边教小学数学 国庆刚好放假", ("王磊", "job_title", "小学数学老师")),
    ("我是自由职业做室内设计的 没有单位证明咋整", ("王磊", "job_title", "室内设计")),
    ("我一个儿科大夫 三十了还单着", ("王磊", "job_title", "儿科医生")),
])
def test_a_chinese_trade_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    read = _read(text, speaker="王磊")
    assert fact in read
    assert not {f for f in read if f[1] == "lives_in" and f[2].startswith("我")}


def test_an_age_then_what_they_are_keeps_both() -> None:
    read = _read("My son Thabo is 9 and in grade 3 at Parkview Primary, he's soccer mad")
    assert {("Thabo", "age", "9"), ("Thabo", "studies_at", "Parkview Primary")} <= read


def test_firmware_written_for_a_living() -> None:
    read = _read("有没有推荐新竹好吃的 我在联发科写固件 平日下班就想喝一杯", speaker="王磊")
    assert ("王磊", "job_title", "固件工程师") in read


def test_someone_else_moving_in_tells_no_home_of_the_speakers() -> None:
    read = _read("my sister moved in with her boyfriend last week, his place in Fremantle is tiny")
    assert not {f for f in read if f[0] == "Sam" and f[1] == "lives_in"}
    assert ("Sam", "lives_in", "Fremantle") in _read("Finally moved in with my girlfriend Ana, her place in "
                                                    "Fremantle")


def test_someone_named_moving_out_to_a_town_lives_there() -> None:
    read = _read("Tash moved out to Geelong last weekend so its cooking for one")
    assert ("Tash", "lives_in", "Geelong") in read


@pytest.mark.parametrize(("text", "facts"), [
    ("伴娘是我闺蜜小雅 她在杭州当空姐 那几天得调班",
     {("小雅", "lives_in", "杭州"), ("小雅", "job_title", "空姐")}),
    ("你说我姐也是 她在青岛当外科医生 天天上手术台", {("王磊's sister", "job_title", "外科医生")}),
])
def test_she_after_a_relative_named_inside_a_clause(text: str, facts: set[tuple[str, ...]]) -> None:
    read = _read(text, speaker="王磊")
    assert facts <= read
    assert not {f for f in read if f[0] == "王磊" and f[1] in ("lives_in", "job_title")}


def test_a_relatives_english_name_of_two_words() -> None:
    read = _read("我朋友Li Wen上个月搬去Perth了, 一直叫我也过去", speaker="王磊")
    assert {("王磊", "friend", "Li Wen"), ("Li Wen", "lives_in", "Perth")} <= read


def test_came_up_to_a_town_years_ago_lives_there() -> None:
    assert ("王磊", "lives_in", "台中") in _read("我上來台中三年了 房租還是貴", speaker="王磊")


@pytest.mark.parametrize("text", ["我读CS的 大三了", "在伦敦读BSc 经济"])
def test_a_field_or_a_degree_by_its_letters_is_no_school(text: str) -> None:
    assert not {f for f in _read(text, speaker="王磊") if f[1] == "studies_at"}
