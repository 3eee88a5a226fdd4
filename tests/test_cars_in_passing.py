"""The speaker's car named in passing by year and make ("it's a 2016 kia ceed"), a car sold
without its name ("sold my car"), and a habit ended by "smoke free": read through the real
extractor and vault."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault


def _cars(text: str) -> list[str]:
    return [f.value for f in facts_in(text) if f.attribute == "car" and f.op is Op.ASSERT and not f.about]


@pytest.mark.parametrize(
    ("text", "car"),
    [
        ("my car makes a clunk over bumps. it's a 2016 kia sportage, 90k miles", "Kia Sportage"),
        ("2009 toyota yaris, held together with tape tbh", "Toyota Yaris"),
        ("renewing the insurance on ma 2013 vw polo and the quote is mental", "VW Polo"),
    ],
)
def test_a_car_named_by_year_and_make_is_the_speakers(text: str, car: str) -> None:
    assert _cars(text) == [car]


@pytest.mark.parametrize(
    "text",
    [
        "thinking of getting a 2020 rav4, good idea?",
        "my brother's 2010 corolla broke down on the m6",
        "the 2008 crash hit honda hard",
        "is a 2015 golf a good first car?",
        "sold the 2012 honda jazz to my neighbour",
    ],
)
def test_a_car_wanted_asked_about_or_not_the_speakers_is_not(text: str) -> None:
    assert _cars(text) == []


def _woven(tmp_path: Path, *turns: str) -> list[tuple[str, str, str]]:
    vault = Vault.init(tmp_path / "vault")
    start = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
    for k, text in enumerate(turns):
        when = (start + timedelta(days=7 * k)).isoformat()
        vault.ingest(text, ts=when, role="user", speaker="Bo", session="s")
    vault.weave_all()
    return [(i.attribute, i.value, i.status.value) for i in vault.items(status="all")]


def test_a_car_sold_without_its_name_ends_the_car_told_before(tmp_path: Path) -> None:
    items = _woven(tmp_path, "it's a 2011 ford focus, does the school run fine",
                   "sold my car last week, cycling everywhere now")
    assert [(a, v) for a, v, status in items if a == "car" and status == "current"] == []
    assert ("car", "Ford Focus") in [(a, v) for a, v, status in items if status == "historical"]


def test_smoke_free_ends_smoking_not_drinking() -> None:
    ended = [(f.attribute, f.value) for f in facts_in("6 weeks smoke free today!!") if f.op is Op.RETRACT]
    assert ("habit", "smokes") in ended
    assert ("habit", "drinks") not in ended
