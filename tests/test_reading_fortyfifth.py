"""Facts lost inside a conversation, and wrong values that ended right ones.

A title that opens a clause and acts in it is a person ("the physio rang"), a name given as
someone's is a person, a pupil's school year says the school; a job or a home named again by part
of its name is the same one; leaving for a new employer keeps the title; a town in its own
language is filed under its English name; Chinese words that only begin like a verb (当事人,
学员) are no verbs; a question after a statement leaves the statement. Every sentence is written here."""

from __future__ import annotations

from datetime import datetime

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock, say, values_held


def _read(text: str, said: str = "2026-03-04T10:00:00+00:00", op: Op = Op.ASSERT) -> set[tuple[str, ...]]:
    """(subject, attribute, value) of each candidate of ``op`` the rules path reads from one turn."""
    turn = Resource(id="r#1", path="r", line=1, text=text, ts=datetime.fromisoformat(said),
                    role="user", speaker="Sam", session="s")
    return {(c.subject, c.attribute, c.value) for c in RulesExtractor(default_subject="Sam").extract([turn])
            if c.op is op}


def _held(vault: Vault, attribute: str, *turns: str) -> list[str]:
    """The current values of ``attribute`` after the turns, one a week from 5 January 2026."""
    for week, text in enumerate(turns):
        say(vault, text, f"2026-01-{5 + 7 * week:02d}T09:00:00Z")
    vault.weave_all()
    return [value for value, current in values_held(vault, attribute) if current]


# -- who a value belongs to -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "attribute"), [
    ("ugh the receptionist rang, the clinic moved me to friday", "job_title"),
    ("our trainer cancelled again, so no session tonight", "job_title"),
    ("my new manager is a guy called Ruben Falk, started this week", "employer"),
    ("swapping my surname on everything now, Moss to Delaney", "employer"),
    ("the lease ends in june, we'll probably have to move, Ollie is looking at jobs in Cardiff", "lives_in"),
    ("dinner is saturday at my uncle Rory's place in Galway, 7pm", "lives_in"),
])
def test_what_is_someone_elses_is_no_value_of_the_speakers(text: str, attribute: str) -> None:
    assert not {f for f in _read(text) if f[:2] == ("Sam", attribute)}


def test_a_pupils_school_year_says_the_school() -> None:
    read = _read("our daughter Ife started year 2 at Larkfield Primary, she loves it")
    assert not {f for f in read if f[1] == "employer"}


def test_a_field_studied_part_time_names_the_school() -> None:
    read = _read("I'm also doing chem at Durham part time, hoping to go on to a masters")
    assert ("Sam", "studies_at", "Durham") in read
    assert not {f for f in read if f[1] == "employer"}


def test_a_clause_said_between_brackets_is_the_named_persons() -> None:
    read = _read("my brother Aled (he's a paramedic down in Swansea) says I should rest more")
    assert ("Aled", "job_title", "paramedic") in read


def test_a_preposition_is_no_name() -> None:
    assert not {f for f in _read("I stay in Bellville with my cousin for now") if f[1] == "cousin"}


@pytest.mark.parametrize("text", ["当事人是个货车司机 被拖欠了三个月工资", "学员问我怎么减脂 我一下答不上来"])
def test_chinese_words_that_begin_like_a_verb_tell_nothing_of_the_speaker(text: str) -> None:
    assert not {f for f in _read(text) if f[0] == "Sam" and f[1] in ("job_title", "learning")}


def test_a_chinese_workplace_of_a_kind_has_no_name() -> None:
    assert not {f for f in _read("我在苏州一家设计院做结构工程师") if f[1] == "employer"}


def test_she_is_not_the_husband() -> None:
    read = _read("我老公阿强是厨师 她在杭州当老师 那几天得调班")
    assert not {f for f in read if f[0] == "阿强" and f[2] == "老师"}


# -- what is read where it was lost -----------------------------------------------------------------


@pytest.mark.parametrize(("text", "fact"), [
    ("we're both in halifax so weekends away are easy", ("Sam", "lives_in", "Halifax")),
    ("my mum lives in Cork and im up in Sligo, whats quicker, bus or train?", ("Sam", "lives_in", "Sligo")),
    ("living in Milano now, the flat is tiny", ("Sam", "lives_in", "Milan")),
    ("we moved to brissie in march", ("Sam", "lives_in", "Brisbane")),
    ("佛山这边装修一般多少钱？", ("Sam", "lives_in", "佛山")),
    ("我老公在合肥上班 周末才回芜湖 我一个人带娃", ("Sam", "lives_in", "芜湖")),
    ("换了家公司，还是干运营，通勤近了", ("Sam", "job_title", "运营")),
    ("我从星巴克出来了 跟朋友在老城开了个咖啡馆 叫「慢半拍」", ("Sam", "employer", "慢半拍")),
    ("上个月调到洛阳新项目了 住工地宿舍", ("Sam", "lives_in", "洛阳")),
    ("说了你也不懂，title是…晶圆测试工程师", ("Sam", "job_title", "晶圆测试工程师")),
    ("Derry born and raised, now over in Belfast", ("Sam", "lives_in", "Belfast")),
    ("上个月底从杭州搬回老家绍兴了", ("Sam", "lives_in", "绍兴")),
    ("I have a doubles stall in Chaguanas, 15 years now", ("Sam", "job_title", "doubles stall owner")),
    ("I manage a tea estate outside Kandy, it's a lot", ("Sam", "job_title", "tea estate manager")),
    ("i coach under-14 netball monday and wednesday 5pm",
     ("Sam", "routine", "coaching under-14 netball on Mondays and Wednesdays")),
])
def test_a_fact_said_in_passing_is_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


def test_a_town_of_the_one_spoken_to_is_not_the_speakers() -> None:
    assert not {f for f in _read("你们佛山这边装修一般多少钱？") if f[1] == "lives_in"}


@pytest.mark.parametrize("text", ["I have a store credit to use", "I have a bar of chocolate left",
                                  "I have a chair at a salon in Brixton",
                                  "我可能要调去洛阳", "我老公被调到洛阳基地了"])
def test_no_business_nor_home_of_the_speakers_in_these(text: str) -> None:
    assert not {f for f in _read(text) if f[0] == "Sam" and f[1] in ("job_title", "lives_in")}


# -- the same value named again ---------------------------------------------------------------------


def test_a_home_named_again_by_its_city_is_the_same_home(make_vault, clock: FakeClock) -> None:
    held = _held(make_vault(), "lives_in", "We're in Yaba, Lagos. two kids and a dog",
                 "me and the kids are staying here in Lagos while he travels")
    assert held == ["Yaba, Lagos"]


def test_a_title_named_again_by_its_head_is_the_same_title(make_vault, clock: FakeClock) -> None:
    held = _held(make_vault(), "job_title", "I'm a paediatric nurse at Royal Children's",
                 "I'm a nurse, I know what a fever looks like")
    assert held == ["paediatric nurse"]


def test_a_title_without_its_rank_is_a_new_title(make_vault, clock: FakeClock) -> None:
    held = _held(make_vault(), "job_title", "I'm an assistant manager at Lidl", "I'm a manager now!")
    assert held == ["manager"]


def test_leaving_for_a_new_employer_keeps_the_title(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    held = _held(vault, "job_title", "我在海底捞当服务员", "从海底捞辞了 现在在一家火锅店上班，店叫老码头")
    assert held == ["服务员"]
    assert [value for value, current in values_held(vault, "employer") if current] == ["老码头"]


def test_leaving_alone_still_ends_the_title(make_vault, clock: FakeClock) -> None:
    assert _held(make_vault(), "job_title", "我在海底捞当服务员", "从海底捞辞了 先歇一阵") == []


def test_a_shop_one_has_does_not_replace_the_trade_told(make_vault, clock: FakeClock) -> None:
    held = _held(make_vault(), "job_title", "I'm a fashion designer, mostly bridal",
                 "I have a small shop in Yaba so I'm on my feet all day")
    assert held == ["fashion designer"]


def test_moved_here_from_ends_the_home_left_and_here_is_the_town_named() -> None:
    text = "need help comparing flats in Doha, Al Sadd or Msheireb. I moved here from Lahore two weeks back"
    assert ("Sam", "lives_in", "Lahore") in _read(text, op=Op.RETRACT)
    assert ("Sam", "lives_in", "Doha") in _read(text)
    assert ("Sam", "lives_in", "Lahore") not in _read(text)


def test_a_breakup_last_night_is_dated_yesterday(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    say(vault, "my girlfriend Adwoa is helping me prep", "2026-02-06T10:00:00Z")
    say(vault, "the exam moved to thursday the 26th, 2pm. also me and Adwoa broke up last night",
        "2026-02-10T18:00:00Z")
    vault.weave_all()
    ended = [i for i in vault.loaded_items().values() if i.attribute == "girlfriend"]
    assert [(i.value, i.is_current, f"{i.valid_to:%m-%d}") for i in ended] == [("Adwoa", False, "02-09")]


def test_a_chinese_breakup_said_after_another_clause_ends_the_partner() -> None:
    ended = _read("那个计划不用做了 跟阿坤掰了 房子他留着", op=Op.RETRACT)
    assert ("Sam", "partner", "阿坤") in ended


def test_a_named_persons_move_after_a_comma_is_theirs() -> None:
    read = _read("funny thing, Tobenna just moved to Leeds for a new job")
    assert ("Tobenna", "lives_in", "Leeds") in read
    assert not {f for f in read if f[:2] == ("Sam", "lives_in")}
