"""A routine told before, moved to new days in words that do not name it whole
(``weaver/extract/routine_moves.py``): named by a word of its activity or one it grows from, or
pointed at when the speaker told only one; English and Chinese. Every sentence is written here."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.routine_moves import moved_routines
from vaultweave.weaver.extract.rules_text import Fact

from tests.conftest import FakeClock, say


def moved(text: str, *routines: str, read: tuple[Fact, ...] = ()) -> list[str]:
    found = moved_routines(text, routines, read)
    assert all(f.attribute == "routine" and f.op is Op.ASSERT for f in found)
    return [f.value for f in found]


@pytest.mark.parametrize(("text", "routines", "value"), [
    # named by a word of the activity
    ("ugh the kickboxing slot is thursdays now", ("kickboxing on Mondays and Wednesdays",),
     "kickboxing on Thursdays"),
    # by a word the activity grows from, among two routines
    ("my tutor has put our sessions on fridays from now on", ("tutoring on Tuesdays", "netball on Saturdays"),
     "tutoring on Fridays"),
    # pointed at, the only routine told
    ("they redid the timetable, from next week I go mondays and thursdays",
     ("volleyball on Tuesdays and Saturdays",), "volleyball on Mondays and Thursdays"),
    ("new rota came out, I'm on sundays going forward", ("volunteering at the shelter on Fridays",),
     "volunteering at the shelter on Sundays"),
    # pointed at beside something's possessive ("the council's"), which is no relative of the speaker's
    ("the council's redoing the pitch lights so it's wednesdays only now",
     ("training on Tuesdays and Thursdays",), "training on Wednesdays"),
    # one day said as a week's
    ("rowing is wednesdays only from this week", ("rowing on Mondays and Wednesdays",),
     "rowing on Wednesdays"),
    # Chinese: named by two characters of the activity, or the only routine told
    ("乒乓球馆调整了 以后改成周二周六", ("乒乓球 每周一三",), "乒乓球 每周二六"),
    ("场地不让用了 现在改成礼拜二礼拜六去", ("练拳 每周一周四",), "练拳 每周二六"),
    ("吉他课换到周日了 老师那天才有空", ("吉他课 每周三", "跑步 每周二四"), "吉他课 每周日"),
])
def test_a_routine_moved_in_words_that_do_not_name_it_whole(text: str, routines: tuple[str, ...],
                                                             value: str) -> None:
    assert moved(text, *routines) == [value]


@pytest.mark.parametrize(("text", "routines"), [
    # two routines told and neither named: which one moved is not known
    ("they redid the timetable, from next week I go mondays and thursdays",
     ("volleyball on Tuesdays and Saturdays", "choir on Wednesdays")),
    # someone else's week
    ("her swimming is sundays now", ("swimming on Saturdays",)),
    ("he goes tuesdays and fridays now", ("swimming on Saturdays",)),
    # one day, not a week's: an appointment's move
    ("they moved it to friday", ("yoga on Mondays",)),
    # no word of change: told, not moved
    ("I go tuesday and saturday, love it", ("volleyball on Mondays and Thursdays",)),
    # the same days again
    ("yoga is still mondays now", ("yoga on Mondays",)),
    # Chinese: a week's one-off, someone else's, no word of change, every day
    ("下周三改去医院复查了", ("乒乓球 每周一三",)),
    ("她以后改成周二周四", ("乒乓球 每周一三",)),
    ("周二周六都挺忙的", ("练拳 每周一周四",)),
    ("现在改成每天都练了", ("练拳 每周一周四",)),
    # Chinese: one day of a routine not named
    ("现在改成周五了", ("练拳 每周一周四",)),
    # something else of the week, pointed at by nothing of the routine's
    ("they switched the recycling pickup to mondays and thursdays", ("yoga on Tuesdays",)),
    # a week wished or asked about
    ("if swimming moves to fridays I'm out", ("swimming on Mondays",)),
    ("is the class tuesdays and thursdays now?", ("pottery on Mondays",)),
    ("要是游泳改到周六周日我就去不了了", ("游泳 每周二四",)),
    # someone of the speaker's whose week it may be
    ("my daughter's class is tuesdays and thursdays now", ("pottery on Mondays",)),
    ("我女儿的课 以后改成周二周四", ("练拳 每周一周四",)),
])
def test_what_moves_no_routine(text: str, routines: tuple[str, ...]) -> None:
    assert moved(text, *routines) == []


def test_a_sentence_naming_the_routine_wins_over_one_pointing_at_it() -> None:
    text = ("the rec centre changed the class, now it's only mondays and thursdays. "
            "so I moved pottery to tuesdays")
    assert moved(text, "pottery on Wednesdays") == ["pottery on Tuesdays"]


def test_a_routine_the_rules_read_in_the_turn_is_left_to_them() -> None:
    read = (Fact("routine", "pottery on Tuesdays", Op.ASSERT, 0.8),)
    assert moved("pottery moved to tuesdays now", "pottery on Wednesdays", read=read) == []


def _routines(vault) -> set[tuple[str, bool]]:
    return {(i.value, i.is_current) for i in vault.loaded_items().values() if i.attribute == "routine"}


def test_the_vault_ends_the_old_days_of_a_routine_moved_by_a_word_of_it(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "I do tutoring on Tuesdays and Thursdays after work", "2026-03-01T10:00:00Z")
    say(vault, "quick one, my tutor has put our sessions on mondays and fridays from now on. can you redo "
        "my week plan", "2026-03-20T10:00:00Z")
    vault.weave()
    routines = _routines(vault)
    assert ("tutoring on Tuesdays and Thursdays", False) in routines
    assert ("tutoring on Mondays and Fridays", True) in routines


def test_the_vault_ends_the_old_days_of_the_one_routine_pointed_at(make_vault, clock: FakeClock) -> None:
    clock.now = datetime(2026, 7, 1, tzinfo=timezone.utc)
    vault = make_vault()
    say(vault, "我每周一周四晚上去练拳", "2026-03-01T10:00:00Z")
    say(vault, "场地不让用了 现在改成礼拜二礼拜六去", "2026-03-20T10:00:00Z")
    vault.weave()
    now = [v for v, is_now in _routines(vault) if is_now]
    assert len(now) == 1 and now[0].startswith("练拳") and now[0].endswith("每周二六")
