"""English routines told the way people list their week: the day first ("thursday is pub
quiz"), the days after a comma ("i joined spanish classes, mon and wed evening"), one day
and its part of the day ("volleyball friday nights"), an article, a companion or a venue
around the activity, and lessons that are also something learned. None is taken from the
bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def read(text: str) -> set[tuple[str, str]]:
    return {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT and not f.about}


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("tuesday is darts with the lads and idk if my elbow survives", "darts on Tuesdays"),
        ("monday is book club and friday is five-a-side", "book club on Mondays"),
        ("monday is book club and friday is five-a-side", "five-a-side on Fridays"),
        ("i joined salsa classes, mon and wed evening", "salsa classes on Mondays and Wednesdays"),
        ("also i play badminton friday nights with my cousins", "badminton on Fridays"),
        ("doing a pottery class Saturday mornings, and tennis with my neighbour Sam on Sundays",
         "pottery class on Saturdays"),
        ("doing a pottery class Saturday mornings, and tennis with my neighbour Sam on Sundays",
         "tennis on Sundays"),
    ],
)
def test_a_week_told_in_chat_gives_its_routines(text: str, routine: str) -> None:
    assert ("routine", routine) in read(text)


def test_lessons_of_an_instrument_or_a_language_are_also_learned() -> None:
    assert ("learning", "guitar") in read("started guitar lessons last month, every thursday")
    assert ("learning", "Spanish") in read("i joined spanish classes, mon and wed evening")


def test_what_was_done_once_or_supposed_is_no_routine() -> None:
    assert not [f for f in facts_in("I played tennis on Sundays") if f.attribute == "routine"]
    supposed = facts_in("if i lived in leeds i would swim every tuesday")
    assert not [f for f in supposed if f.attribute == "routine"]
