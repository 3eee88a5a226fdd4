"""A stay weighed against time ("might not be in croydon much longer", "maybe I leave
Karachi") puts the home or job it names in doubt and ends nothing; someone else's advice
("my son says I must come live with them in Perth") is nobody's new home."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def _doubted(text: str) -> set[tuple[str, str]]:
    return {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.DOUBT and f.value}


@pytest.mark.parametrize(
    ("text", "doubt"),
    [
        ("honestly might not be in leicester much longer, rent keeps going up", ("lives_in", "Leicester")),
        ("not sure i'll be at tesco much longer, the rota is killing me", ("employer", "tesco")),
        ("maybe I leave Lisbon, the rents are crazy", ("lives_in", "Lisbon")),
    ],
)
def test_a_stay_weighed_doubts_what_it_names(text: str, doubt: tuple[str, str]) -> None:
    assert doubt in _doubted(text)
    assert not [f for f in facts_in(text) if f.op is Op.RETRACT]


@pytest.mark.parametrize(
    "text",
    [
        "I might be in Leicester this weekend for the match",
        "maybe i'll leave work early today, i'm shattered",
        "we won't be in the office much longer today, fire drill",
    ],
)
def test_a_visit_or_a_day_out_doubts_nothing(text: str) -> None:
    assert not [(a, v) for a, v in _doubted(text) if a in ("lives_in", "employer")]


@pytest.mark.parametrize(
    "text",
    [
        "my son says I must come live with them in Perth",
        "Pieter says maybe I should move to Durban, closer to the grandkids",
        "my mum thinks I need to work at the bank like her",
    ],
)
def test_someone_elses_advice_is_no_fact_of_the_speaker(text: str) -> None:
    assert not [f for f in facts_in(text) if f.op is Op.ASSERT and not f.about
                and f.attribute in ("lives_in", "employer")]
