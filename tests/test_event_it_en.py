""""it" before a day, for the event the turn just named: "help me get ready for my citizenship
interview. its on june 4" is the interview's day. Other "it"s are left as said. None is taken
from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.event_it_en import it_said_in_full
from vaultweave.weaver.extract.rules import facts_in


def appointments(text: str) -> set[tuple[str, str]]:
    return {(f.value, f.scheduled) for f in facts_in(text)
            if f.attribute == "appointment" and f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("help me get ready for my citizenship interview. its on june 4",
         "help me get ready for my citizenship interview. my citizenship interview is on june 4"),
        ("finally booked the driving test! it's next friday at 10",
         "finally booked the driving test! my driving test is next friday at 10"),
        ("my knee surgery got approved. it is on the 14th",
         "my knee surgery got approved. my knee surgery is on the 14th"),
    ],
)
def test_it_is_the_event_named_before(text: str, said: str) -> None:
    assert it_said_in_full(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "my interview went fine. it's on netflix now, the show I mean",
        "the exam was brutal. it was on everything",
        "its on friday",  # nothing named before it
        "my sister's wedding. ok so it's raining",
    ],
)
def test_other_its_are_left_as_said(text: str) -> None:
    assert it_said_in_full(text) == text


def test_the_day_told_after_is_the_appointment() -> None:
    assert ("citizenship interview", "june 4") in appointments(
        "help me get ready for my citizenship interview. its on june 4")


def test_an_acronym_opens_an_event() -> None:
    assert ("UK visa", "friday at 9") in appointments("my UK visa appointment is friday at 9")
