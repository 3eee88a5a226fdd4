"""Endings and arrivals said in few words: "keto is OVER" ends the diet (and "gave up on
saturday" dates it, it is no appointment), "到柏林一周多了" is a home since a week ago, and
a stay while looking for one ("先住airbnb") or a clause piece ("在面杭州的") is no place.
None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held


def said(text: str) -> set[tuple[str, str, Op, str]]:
    return {(f.attribute, f.value, f.op, f.when) for f in facts_in(text) if not f.about}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("ok paleo is OVER 😂 gave up on sunday", ("diet", "paleo", Op.RETRACT, "sunday")),
        ("the pottery thing is done lol", ("hobby", "pottery", Op.RETRACT, "")),
        ("到悉尼三个多月了 还是不习惯", ("lives_in", "悉尼", Op.ASSERT, "三个月前")),
        ("来成都半年了", ("lives_in", "成都", Op.ASSERT, "6个月前")),
        ("分了 上周五他搬走的", ("partner", "", Op.RETRACT, "上周五")),
        ("我真的辞了！！上个月底走的", ("employer", "", Op.RETRACT, "上个月底")),
        ("我终于把工作辞了", ("employer", "", Op.RETRACT, "")),
        ("前天搬去滨江一个单间 离公司近", ("lives_in", "滨江", Op.ASSERT, "前天")),
        ("finally moved in on saturday!!", ("lives_in", "", Op.DOUBT, "")),
    ],
)
def test_an_ending_or_arrival_in_few_words_is_read(text: str, fact: tuple[str, str, Op, str]) -> None:
    assert fact in said(text)


@pytest.mark.parametrize(
    "text",
    [
        "gave up on saturday when the rain came",  # no appointment "gave up"
        "the meeting is over finally",  # nothing of the speaker's ended
        "先住airbnb 慢慢找房",  # a stay, no home
        "现在住青旅",
        "在面杭州的 我让他冲",  # interviewing there, no place of one's own
        "到家两个小时了",
        "分了一半给我",  # shared out, no break-up
    ],
)
def test_what_only_sounds_like_an_ending_or_a_home_states_none(text: str) -> None:
    assert not {f for f in said(text) if f[2] is Op.ASSERT and f[0] in ("appointment", "lives_in", "hometown")
                or f[2] is Op.RETRACT and f[1] == "meeting"}


def test_a_diet_said_over_is_historical(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "been doing keto since new years", "2026-01-20T10:00:00Z")
    say(vault, "ok keto is over, just eating normal now", "2026-02-25T10:00:00Z")
    vault.weave_all()
    assert values_held(vault, "diet") == [("keto", False)]
