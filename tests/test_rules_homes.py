"""Where one lives, said in passing (ninth round of docs/FACTS.md): a home typed in lower
case after a verb that only takes a home, a flat or a commute, the town told beside a
workplace, a question tacked on after a comma, and the Chinese ways of telling a town
with a line of work. None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in

A, R = Op.ASSERT, Op.RETRACT


def table(text: str) -> set[tuple[str, str, Op]]:
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("i live in peckham so the commute is fine", "Peckham"),
        ("we moved to tottenham last year", "Tottenham"),
        ("finally moved into my own place in brixton, no flatmates", "Brixton"),
        ("i commute from kawasaki every day, 40 min", "Kawasaki"),
        ("want a bigger dog but my flat in Utrecht is tiny", "Utrecht"),
        ("our apartment in Lyon has no lift", "Lyon"),
    ],
)
def test_a_home_said_in_passing(text: str, home: str) -> None:
    assert ("lives_in", home, A) in table(text)


@pytest.mark.parametrize("text", ["i live in fear of my landlord", "we moved to nights in march",
                                  "i'm based in reality unlike my boss", "my place in the queue is 40"])
def test_a_state_or_a_rank_is_no_home(text: str) -> None:
    assert not any(attribute == "lives_in" for attribute, _, _ in table(text))


def test_a_question_after_a_comma_leaves_the_statement_before_it() -> None:
    found = table("i'm a dentist in leeds, what car should i even get lol")
    assert {("job_title", "dentist", A), ("lives_in", "Leeds", A)} <= found


def test_the_town_told_beside_a_workplace_is_home_but_a_quarter_is_not() -> None:
    assert {("employer", "Accenture", A), ("lives_in", "Dublin", A)} <= table(
        "i'm a consultant at Accenture in Dublin, long hours")
    assert ("lives_in", "Porto", A) in table("I work as a chef at Tasca in Porto.")
    branch = table("I'm a barista at Monmouth in Borough, so early starts")
    assert not any(a == "lives_in" for a, _, _ in branch)


def test_no_more_with_someone_in_the_scene_ends_nothing() -> None:
    assert not [f for f in facts_in("moved out at last, no more jo borrowing my clothes") if f.op is R]
    assert ("likes", "energy drinks", R) in table("no more energy drinks for me")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我是厦门本地人", {("hometown", "厦门", A), ("lives_in", "厦门", A)}),
        ("研二在读 厦门本地人", {("hometown", "厦门", A), ("lives_in", "厦门", A)}),
        ("我老周 长沙开出租车的 开了十年", {("job_title", "出租车司机", A), ("lives_in", "长沙", A)}),
        ("我在昆明开滴滴", {("job_title", "网约车司机", A), ("lives_in", "昆明", A)}),
        ("我前两个月搬杭州了", {("lives_in", "杭州", A)}),
        ("我在青岛做室内设计的", {("job_title", "室内设计", A), ("lives_in", "青岛", A)}),
        ("我喺深圳做会计", {("job_title", "会计", A), ("lives_in", "深圳", A)}),
    ],
)
def test_chinese_towns_told_with_who_one_is(text: str, expected: set[tuple[str, str, Op]]) -> None:
    assert expected <= table(text)


def test_a_chinese_workplace_of_one_room_is_named_by_nothing() -> None:
    found = table("我在佛山一间贸易公司做跟单")
    assert ("lives_in", "佛山", A) in found
    assert not any(a == "employer" for a, _, _ in found)


def test_a_department_is_no_home() -> None:
    assert not any(a == "lives_in" for a, _, _ in table("i'm based in marketing at the london office"))
