"""Chinese endings told with their day: the 是…的 frame without 是 ("3月15号从美团离职的"),
a space before a date that opens the next clause ("…离职的 4月1号入职…"), and the last day
at a workplace ("3月31号是我在顺丰最后一天"). None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def said(text: str) -> set[tuple[str, str, Op, str]]:
    return {(f.attribute, f.value, f.op, f.when) for f in facts_in(text) if not f.about and f.value}


@pytest.mark.parametrize(
    ("text", "ended", "when"),
    [
        ("2月10号从网易离职的", "网易", "2月10号"),
        ("上个月从京东走的", "京东", "上个月"),
        ("1月31号是我在华为最后一天 辞了", "华为", "1月31号"),
        ("今天是我在字节的最后一天", "字节", "今天"),
    ],
)
def test_a_dated_ending_is_read(text: str, ended: str, when: str) -> None:
    assert ("employer", ended, Op.RETRACT, when) in said(text)


def test_the_next_job_keeps_its_own_day_after_a_space() -> None:
    read = said("2月10号从网易离职的 2月20号入职米哈游了")
    assert ("employer", "网易", Op.RETRACT, "2月10号") in read
    assert ("employer", "米哈游", Op.ASSERT, "2月20号") in read


def test_a_description_with_de_is_not_an_ending() -> None:
    assert not [f for f in facts_in("我是做设计的") if f.op is Op.RETRACT]


def test_the_old_job_ends_on_its_day_in_a_vault(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "我在网易做运营", "2026-01-05T02:00:00Z")
    say(vault, "汇报一下 2月10号从网易离职的 2月20号入职米哈游了", "2026-02-25T02:00:00Z")
    vault.weave_all()
    jobs = {i.value: i for i in vault.loaded_items().values() if i.attribute == "employer"}
    assert jobs["米哈游"].is_current and not jobs["网易"].is_current
    assert jobs["网易"].valid_to is not None and jobs["网易"].valid_to.strftime("%m-%d") in ("02-09", "02-10")
