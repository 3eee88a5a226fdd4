"""A home pointed at ("hexham, where i live", "that's where i'm at") and a part of a town
typed in lower case ("live in east belfast"): read as where the speaker lives; a question, a
home of someone else's, a past home and a state of mind are not."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def _homes(text: str) -> list[str]:
    facts = facts_in(text)
    return [f.value for f in facts if f.attribute == "lives_in" and f.op is Op.ASSERT and not f.about]


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("hexham, where i live. i need a plumber who does weekends", "Hexham"),
        ("the bus from morningside where I live to the office takes an hour", "Morningside"),
        ("any decent climbing walls round bristol? that's where i'm at", "Bristol"),
        ("I fix boilers in Tralee, we live here too", "Tralee"),
        ("we live in st. albans with two cats", "St. Albans"),
        ("self employed roofer, live in north leeds. need an invoice template", "North Leeds"),
        ("still stay with my folks in punggol lah, cannot afford my own place", "Punggol"),
        ("it's freezing here in St. John's today", "St. John's"),
    ],
)
def test_a_home_pointed_at_is_read_as_the_place(text: str, home: str) -> None:
    assert home in _homes(text)


@pytest.mark.parametrize(
    "text",
    [
        "is that where you live? near the harbour?",
        "we drove through whitby, that's where my gran lives",
        "leeds, where I used to live, has changed so much",
        "the area where i live is noisy at night",
        "I'm in bed with the flu, can you cancel my 3pm",
        "that's where we stay when we visit, a little b&b",
    ],
)
def test_a_home_not_the_speakers_or_not_a_home_stays_unread(text: str) -> None:
    assert _homes(text) == []
