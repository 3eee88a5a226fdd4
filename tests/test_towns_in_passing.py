"""A town named in passing (weaver/extract/towns_in_passing.py): its rent, its traffic, the
branch one works at, "我还在X上班" are read as where someone lives, only when the turn gives
no home, never from a trip, a plan or someone else's home; and in a real vault such a town
fills an empty slot but never replaces a home that was told. None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def homes(text: str) -> set[tuple[str, str, str]]:
    read = facts_in(text)
    return {(f.about, f.name, f.value) for f in read if f.attribute == "lives_in" and f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("ugh rent in bristol went up again, 950 for a room", "Bristol"),
        ("parking in madrid is a nightmare so I bike everywhere", "Madrid"),
        ("lisbon traffic is a joke today, 40 min for 3 km", "Lisbon"),
        ("5 years in toronto and I still can't handle february", "Toronto"),
        ("our flat in leipzig has no lift, 4th floor", "Leipzig"),
        ("I'm a night nurse at Addington Hospital in durban, so sleep is a luxury", "Durban"),
        ("barista at costa (nottingham branch) before you ask", "Nottingham"),
        ("我还在杭州苦哈哈加班呢", "杭州"),
        ("我们在洛阳 孩子上二年级", "洛阳"),
        ("我在工商银行苏州分行当客户经理", "苏州"),
        ("嗯 我在宁波做外贸的", "宁波"),
    ],
)
def test_a_town_named_in_passing_is_where_the_speaker_lives(text: str, town: str) -> None:
    facts = [f for f in facts_in(text) if f.attribute == "lives_in" and not f.about]
    assert [(f.value, f.op) for f in facts] == [(town, Op.ASSERT)]


@pytest.mark.parametrize(
    "text",
    [
        "parking in rome was a nightmare on our trip",
        "I'm in Paris for a conference, parking in paris is mad",
        "if we moved, rent in oslo would kill us",
        "not moving, just daydreaming about rent in porto",
        "is rent in vienna really that cheap?",
        "my sister's flat in hamburg is huge",
        "我下周在成都出差 住哪里方便",
        "我想在厦门买房",
        "我老公在苏州上班",
        "我以前在武汉读书",
        "我在北京南站等车呢",
    ],
)
def test_no_home_from_a_trip_a_plan_a_question_or_someone_else(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "lives_in" and not f.about and f.op is Op.ASSERT]


def test_the_town_of_someone_elses_job_is_theirs() -> None:
    text = "my brother is a paramedic at a hospital in leeds, mad hours"
    assert ("brother", "", "Leeds") in homes(text)
    assert not {h for h in homes(text) if not h[0]}


def test_a_home_told_in_the_turn_is_kept() -> None:
    assert homes("I live in Bath but parking in bristol is where I suffer daily") == {("", "", "Bath")}


def _current_home(vault: Vault) -> list[str]:
    return [i.value for i in vault.loaded_items().values() if i.attribute == "lives_in" and i.is_current]


def test_a_passing_town_fills_an_empty_slot_and_a_move_replaces_it(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "ugh rent in bristol went up again, 950 for a room", "2026-02-01T09:00:00Z")
    vault.weave_all()
    assert _current_home(vault) == ["Bristol"]
    say(vault, "we moved to Bath last week, so much calmer", "2026-02-20T09:00:00Z")
    vault.weave_all()
    assert _current_home(vault) == ["Bath"]


def test_a_passing_town_never_replaces_a_home_told(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I live in Leeds with my partner.", "2026-02-01T09:00:00Z")
    vault.weave_all()
    say(vault, "parking in manchester is a nightmare honestly", "2026-02-10T09:00:00Z")
    vault.weave_all()
    assert _current_home(vault) == ["Leeds"]
    held = vault.loaded_items().values()
    assert not [i for i in held if i.attribute == "lives_in" and i.value == "Manchester"]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("每周二晚上去游泳 游完饿死 兰州这满大街牛肉面我顶不住啊", "兰州"),
        ("有啥在家能做的运动 厦门这边冬天也不冷 就是懒", "厦门"),
        ("冷气坏了 南宁热到爆 顶唔顺", "南宁"),
    ],
)
def test_a_chinese_town_called_here_or_felt_in_its_weather_is_home(text: str, town: str) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == "lives_in"] == [town]


@pytest.mark.parametrize(
    "text", ["下周去厦门玩 厦门这边有啥好吃的", "想去厦门这边看看", "我妹在厦门这边上班", "我老家厦门的"]
)
def test_a_town_here_on_a_trip_a_plan_or_someone_elses_is_no_home(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "lives_in" and not f.about]


def test_i_am_of_a_town_is_where_one_is_from_and_assumed_to_live() -> None:
    found = {(f.attribute, f.value, f.assumed) for f in facts_in("我兰州的 今年六十了")}
    assert {("hometown", "兰州", False), ("lives_in", "兰州", True)} <= found
    assert not [f for f in facts_in("我是学医的") if f.attribute in ("hometown", "lives_in")]
