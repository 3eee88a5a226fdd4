"""Chinese titles and appointment slots as chat tells them (ninth round of docs/FACTS.md):
a trade said as 写X的 or 画X的, a title named as one, 转岗, a slot moved "同一时间" or "时间
不变", a bare day of the month, Wu speech's 下半天, the care not the hospital. None is taken
from the bench."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in

A, R = Op.ASSERT, Op.RETRACT


def table(text: str) -> set[tuple[str, str, Op]]:
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一家小设计公司 叫蓝鲸 画插画的", {("job_title", "插画", A)}),
        ("在一家外企做pr 主要对接媒体", {("job_title", "pr", A)}),
        ("我嘛 社畜一枚 正式职位叫供应链专员", {("job_title", "供应链专员", A)}),
        ("上周刚从客服转岗做产品 还在适应", {("job_title", "客服", R), ("job_title", "产品", A)}),
        ("我在温州送快递 一天跑一百多单", {("job_title", "送快递", A), ("lives_in", "温州", A)}),
    ],
)
def test_a_chinese_title_as_chat_says_it(text: str, expected: set[tuple[str, str, Op]]) -> None:
    assert expected <= table(text)


def test_calling_oneself_a_worker_names_no_title() -> None:
    assert not any(a == "job_title" for a, _, _ in table("我就是个打工人一枚"))


def test_a_cantonese_elder_sister_is_a_sister() -> None:
    found = {(f.about, f.name, f.attribute, f.value) for f in facts_in("我家姐陈美玲喺澳门做会计")}
    assert ("sister", "陈美玲", "job_title", "会计") in found
    assert not any(about == "" and attribute == "job_title" for about, _, attribute, _ in found)


SPOKEN = datetime(2026, 3, 2, 2, 0, tzinfo=timezone.utc)  # Monday 10:00 in China


def slots(*texts: str) -> list[tuple[str, str]]:
    """(value, when in UTC) of every appointment the turns of one session give."""
    said = [Resource(id=f"r#L{i}", path="r", line=i + 1, ts=SPOKEN, role="user", speaker="林", session="s",
                     text=text) for i, text in enumerate(texts)]
    return [(c.value, c.when.isoformat()[:16] if c.when else "")
            for c in RulesExtractor().extract(said) if c.attribute == "appointment"]


@pytest.mark.parametrize(
    ("first", "moved", "value", "when"),
    [
        ("周四上午九点单位组织体检 帮我记一下", "刚接到通知 改到周五了 时间不变", "体检", "2026-03-06T01:00"),
        ("明天下午三点字节二面 好紧张", "hr说面试官请假 推到后天 同一时间", "字节二面", "2026-03-04T07:00"),
        ("3月10号下半天两点去仁济医院复查甲状腺", "医院讲医生停诊 改到12号上半天十点了", "复查甲状腺",
         "2026-03-12T02:00"),
        ("下周三早上八点去市医做胃镜 要不要请假", "机器检修 改到周五 还是八点", "胃镜", "2026-03-06T00:00"),
    ],
)
def test_a_chinese_slot_moved_as_chat_says_it(first: str, moved: str, value: str, when: str) -> None:
    found = slots(first, moved)
    assert found[0][0] == value and found[-1] == (value, when)


def test_a_bare_day_of_the_month_is_this_month_or_the_next() -> None:
    base = datetime(2026, 3, 16, 10, 0)
    assert dates_zh.rewrite("19号", base).startswith("2026-03-19")
    assert dates_zh.rewrite("5号", base).startswith("2026-04-05")
    assert dates_zh.find_schedule("住在3号楼") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("凯美瑞上个月出掉了 换了台问界M7", {("car", "凯美瑞", R)}),
        ("法语我放弃了 太难了", {("learning", "法语", R)}),
        ("上周从京东离职了 先歇一阵再说", {("employer", "京东", R), ("job_title", "", R)}),
        ("跟阿杰去民政局领证啦", {("girlfriend", "阿杰", R), ("spouse", "阿杰", A)}),
        ("Tom上周被裁了 现在新领导是Grace", {("boss", "Grace", A)}),
    ],
)
def test_chinese_endings_as_chat_tells_them(text: str, expected: set[tuple[str, str, Op]]) -> None:
    assert expected <= table(text)


def test_a_job_left_without_a_break_said_only_puts_the_title_in_doubt() -> None:
    found = {(f.attribute, f.op) for f in facts_in("上周从京东离职了")}
    assert ("job_title", Op.DOUBT) in found and ("job_title", R) not in found


def test_someone_named_in_latin_letters_raises_no_doubt_of_the_speaker() -> None:
    assert not [f for f in facts_in("Tom上周被裁了") if f.op is Op.DOUBT and not f.about]


@pytest.mark.parametrize("text", ["下周跟阿杰去领证", "我打算跟阿杰去领证"])
def test_a_wedding_planned_changes_nobody(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute in ("spouse", "girlfriend")]


@pytest.mark.parametrize("text", ["老板是个好人", "现在领导是我们组长", "新老板是谁啊"])
def test_no_boss_from_a_description_or_a_pronoun(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "boss"]
