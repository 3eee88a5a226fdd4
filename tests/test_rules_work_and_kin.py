"""Work and kin told the way people type them: a title after a comment tail ("so not
broke", ", not exactly glamorous"), job words beyond the office (a DJ, an air traffic
controller, a sysadmin), a Chinese title after its workplace (华西医院的护士), a shop counted
by its branches, and a relative named in passing after 跟/和 (我跟未婚妻卓玛…). None is
taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def told(text: str) -> set[tuple[str, str, str]]:
    return {(f.about, f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i'm a welder at Harland so not rich but not starving", {("", "job_title", "welder")}),
        ("im a sysadmin for the county council, not exactly glamorous", {("", "job_title", "sysadmin")}),
        ("my husband Tomás is an air traffic controller",
         {("husband", "job_title", "air traffic controller")}),
        ("my flatmate Ife is a DJ actually", {("flatmate", "job_title", "DJ")}),
        ("I'm a paediatrician at the children's hospital", {("", "job_title", "paediatrician")}),
        ("我是协和医院的药剂师，天天倒班", {("", "job_title", "药剂师")}),
        ("我同事阿芳是市一中的老师，人很好", {("colleague", "job_title", "老师")}),
    ],
)
def test_a_title_is_read_around_chat(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= told(text)


def test_a_comment_after_a_town_keeps_the_town() -> None:
    assert ("", "lives_in", "Leeds") in told("I live in Leeds, not London")


def test_a_shop_counted_by_its_branches_is_no_title() -> None:
    assert not [f for f in facts_in("我室友那店生意还挺火，都开两家分店了") if f.attribute == "job_title"]


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        ("我跟老婆小美定了下个月去三亚", "spouse", "小美"),
        ("我跟未婚妻卓玛定了10月2号办婚礼", "fiance", "卓玛"),
        ("我和男朋友阿杰下周去看展", "partner", "阿杰"),
    ],
)
def test_a_relative_named_in_passing_after_with_is_told(text: str, relation: str, name: str) -> None:
    assert ("", relation, name) in told(text)


def test_no_relative_is_made_of_a_bare_kin_word() -> None:
    read = facts_in("我跟我妈说了，我和同事去吃饭")
    assert not [f for f in read if f.value and f.attribute in ("mother", "colleague")]
