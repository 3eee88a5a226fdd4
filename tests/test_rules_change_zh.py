"""Chinese verbs of change, chat shapes of place, endings with their dates, and doubts.

Each mechanism is tested on sentences written for this file (none from the bench set), with
what it must give and, as important, what it must not.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from vaultweave.store.item import Item, Status
from vaultweave.weaver.attributes import spec_for
from vaultweave.weaver.extract import dates
from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.resolve import plan_resolution
from vaultweave.weaver.value_match import routine_thing

A, R, D = Op.ASSERT, Op.RETRACT, Op.DOUBT
Row = tuple[str, str, Op]


def said(text: str) -> list[Row]:
    return [(f.attribute, f.value, f.op) for f in facts_in(text)]


CHANGES = [
    # verbs of change before a line of work: any title; a bare 做/当 needs a known title head
    ("我改做运营了", [("job_title", "运营", A)]),
    ("上个月转行当了摄影师", [("job_title", "摄影师", A)]),
    ("今天入职蔚来了，还是干销售", [("employer", "蔚来", A), ("job_title", "销售", A)]),
    ("终于升主管了", [("job_title", "主管", A)]),
    ("被提拔为科长", [("job_title", "科长", A)]),
    # moves and where one is, said as people chat
    ("我从广州搬到了佛山", [("lives_in", "广州", R), ("lives_in", "佛山", A)]),
    ("base杭州，做数据分析", [("lives_in", "杭州", A)]),
    ("坐标成都，做测试的", [("lives_in", "成都", A)]),
    ("人已经在厦门了", [("lives_in", "厦门", A)]),
    ("我们俩都在西安", [("lives_in", "西安", A)]),
    ("我在深圳南山区", [("lives_in", "深圳", A)]),
    ("老家江西赣州的", [("hometown", "赣州", A)]),
    ("去伦敦读书了", [("lives_in", "伦敦", A)]),
    ("在港大读金融硕士", [("studies_at", "港大", A)]),
    # a start on a near, fixed day is told as settled
    ("下周一去网易报到", [("employer", "网易", A)]),
    ("明天就去上海上班了", [("lives_in", "上海", A)]),
    # endings
    ("从华为出来了，歇一阵", [("employer", "华为", R)]),
    ("健身房的私教课上周就停了", [("routine", "健身房的私教课", R)]),
    ("今天是最后一节网球课了", [("routine", "网球课", R)]),
    ("教练说羽毛球以后别打了", [("routine", "羽毛球", R)]),
    ("以后不喝可乐了", [("likes", "可乐", R)]),
    ("英文名改成Lucy了", [("alias", "", R), ("alias", "Lucy", A)]),
    # pets by breed, a list of names, a death by name
    ("养了三只猫，大黄、小白和花花", [("pet", "a cat named 大黄", A), ("pet", "a cat named 小白", A),
                                   ("pet", "a cat named 花花", A)]),
    ("团子昨天去世了", [("pet", "团子", R)]),
    # favourites by their verb, liked things without the act or the cook
    ("我最爱喝的是冻柠茶", [("favourite_drink", "冻柠茶", A)]),
    ("最喜欢吃外婆包的饺子", [("favourite_food", "饺子", A)]),
    ("我超喜欢喝奶茶", [("likes", "奶茶", A)]),
    ("我就好烧烤这一口", [("likes", "烧烤", A)]),
    ("不过受不了香菜那个味道", [("dislikes", "香菜", A)]),
    ("现在每天游泳两公里", [("routine", "游泳 每天", A)]),
]


@pytest.mark.parametrize(("text", "expected"), CHANGES, ids=[t for t, _ in CHANGES])
def test_changes_and_chat_shapes(text: str, expected: list[Row]) -> None:
    got = said(text)
    assert all(e in got for e in expected), got


@pytest.mark.parametrize("text", ["我的狗叫可乐", "我家有只柴犬叫可乐"])
def test_breeds_name_the_species(text: str) -> None:
    assert any(a == "pet" and v.endswith("named 可乐") for a, v, _ in said(text)), said(text)


NOTHING = [
    "我在北京出差",  # a trip, not a home
    "我在公司待了一天",
    "下周去公司上班",  # no employer named
    "下个月就是最后一天上班",  # a doubt, no new employer
    "我做饭",
    "我妈住院了",  # no pet of that name
    "奶奶去世了",
    "如果下周去腾讯报到的话",
]


@pytest.mark.parametrize("text", NOTHING)
def test_not_facts(text: str) -> None:
    assert [f for f in facts_in(text) if f.op is not D] == [], facts_in(text)


# -- when an ending happened ----------------------------------------------------------------
WHEN = [
    ("烟戒了半年了", "smokes", "6个月前"),
    ("辞职三个月了", "", "三个月前"),
    ("昨天被优化了😭 整个项目组都散了", "", "昨天"),
    ("辞职了…上周五递的申请", "", "上周五"),
    ("上个月底裸辞了哈哈", "", "上个月底"),
]


@pytest.mark.parametrize(("text", "value", "when"), WHEN, ids=[t for t, _, _ in WHEN])
def test_endings_keep_when_they_happened(text: str, value: str, when: str) -> None:
    ends = [f for f in facts_in(text) if f.op is R]
    assert ends and all(f.when == when for f in ends), ends
    assert ends[0].value == value


def test_end_of_last_month_and_dates_without_a_clock() -> None:
    spoken = datetime(2026, 3, 10, 4, tzinfo=timezone.utc)
    assert dates.resolve("上个月底", spoken) == datetime(2026, 2, 28, tzinfo=timezone.utc)
    # a day without a clock time is that local day (its noon), not the UTC day before
    found = dates.resolve("3月2号", spoken)
    assert found is not None and found.date().isoformat() == "2026-03-02"


# -- doubts ----------------------------------------------------------------------------------
DOUBTS = [
    ("机票都订好了，下周飞", "lives_in", ""),
    ("可能要回老家发展", "lives_in", ""),
    ("医生劝我吃点肉", "diet", ""),
    ("下周五是我最后一天上班", "employer", ""),
    ("豆包住院了，好担心", "pet", "豆包"),
]


@pytest.mark.parametrize(("text", "attribute", "value"), DOUBTS, ids=[t for t, _, _ in DOUBTS])
def test_doubts(text: str, attribute: str, value: str) -> None:
    assert (attribute, value, D) in said(text), said(text)


# -- a routine moved to other days --------------------------------------------------------------
def test_routines_moved_to_new_days() -> None:
    assert ("routine", "乒乓球 每周四", A) in said("乒乓球课换到周四晚上了")
    assert ("routine", "网球 每周二和五", A) in said("网球改成周二周五都打了")
    assert ("appointment", "面试", A) in said("面试改到周五了")  # a one-off stays an appointment
    assert routine_thing("乒乓球课 每周一") == routine_thing("乒乓球 每周四") == "乒乓球"


T0 = datetime(2026, 1, 5, 9, tzinfo=timezone.utc)


def _routine_item(value: str, days: str) -> Item:
    spec = spec_for("routine")
    return Item(
        id="routine-old", subject="Li", attribute="routine", value=value, text=value,
        category=spec.category, kind=spec.kind, valid_from=T0, observed_at=T0,
        sources=("resources/2026/01/05.jsonl#L1",), heard_at=T0, tags=(f"days:{days}",),
    )


def _routine_candidate(value: str, days: str) -> Candidate:
    spec = spec_for("routine")
    at = T0 + timedelta(days=20)
    return Candidate(
        subject="Li", attribute="routine", value=value, text=value, category=spec.category,
        kind=spec.kind, source="resources/2026/01/25.jsonl#L1", valid_from=at, spoken_at=at,
        tags=(f"days:{days}",),
    )


def test_the_same_routine_on_other_days_supersedes_it() -> None:
    old = _routine_item("乒乓球课 每周一", "monday")
    resolution = plan_resolution([_routine_candidate("乒乓球 每周四", "thursday")], {old.id: old}, T0)
    assert resolution.final_items["routine-old"].status is Status.HISTORICAL
    # another activity on another day accumulates
    other = plan_resolution([_routine_candidate("游泳 每周四", "thursday")], {old.id: old}, T0)
    assert "routine-old" not in other.final_items or other.final_items["routine-old"].is_current


def test_a_rescheduled_appointment_keeps_its_fuller_name() -> None:
    spec = spec_for("appointment")
    thursday, monday = T0 + timedelta(days=3), T0 + timedelta(days=7)
    old = Item(
        id="appointment-old", subject="Li", attribute="appointment", value="眼科复查", text="眼科复查",
        category=spec.category, kind=spec.kind, valid_from=T0, observed_at=T0,
        sources=("resources/2026/01/05.jsonl#L1",), heard_at=T0, when=thursday,
    )
    moved = Candidate(
        subject="Li", attribute="appointment", value="复查", text="Li has an appointment: 复查.",
        category=spec.category, kind=spec.kind, source="resources/2026/01/06.jsonl#L1",
        valid_from=T0 + timedelta(days=1), when=monday,
    )
    final = plan_resolution([moved], {old.id: old}, T0).final_items
    assert final["appointment-old"].status is Status.HISTORICAL
    new = next(i for i in final.values() if i.is_current)
    assert (new.value, new.when) == ("眼科复查", monday)


def test_a_date_frames_the_endings_told_after_it() -> None:
    ends = [f for f in facts_in("上个月换了部门！从运营转成产品了") if f.op is R]
    assert [(f.value, f.when) for f in ends] == [("运营", "上个月")]
    assert all(not f.when for f in facts_in("我住在青岛。我喜欢海") if f.op is A)
