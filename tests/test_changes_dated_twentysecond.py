"""When a change happened, told the way chat tells it, read through the real extractor (and,
for the end of the old value, a real vault).

- A day told without its year that lies weeks ahead is a day to come ("last day at the bakery
  is june 12" said in May is not last June), and an ending told with its day ends on it.
- A change told with its day in one sentence dates the new value told in another ("got
  promoted two weeks ago!! team lead now"); someone else's change dates nothing of the
  speaker's.
- A day one fact is told to start on is a start for the title read beside it.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import dates
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.vault import Vault

_START = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)  # a Monday


def _read(*turns: tuple[int, str]) -> list[tuple[str, str, str, Op, str]]:
    """(turn id, attribute, value, op, day it happened) of Ana's facts; turns on the given days."""
    resources = [
        Resource(id=f"r{k}", path="conversation.jsonl", line=k + 1, text=text,
                 ts=_START + timedelta(days=day), role="user", speaker="Ana", session="s1")
        for k, (day, text) in enumerate(turns)
    ]
    return [(c.source, c.attribute, c.value, c.op, c.valid_from.date().isoformat())
            for c in RulesExtractor().extract(resources) if c.subject == "Ana"]


def test_a_day_without_its_year_weeks_ahead_is_still_to_come() -> None:
    assert dates.ahead("june 12", _START)
    assert dates.ahead("2nd june", _START)
    assert not dates.ahead("april 28", _START)  # a week ago
    assert not dates.ahead("friday", _START)
    assert not dates.ahead("june 12 2025", _START)  # its year told
    assert not dates.ahead("september 3", _START)  # months ahead, or last autumn: not said
    assert dates.ahead("下周六", _START)  # Chinese with no past reading
    assert not dates.ahead("next week", _START)  # English keeps its reading: when told


def test_a_last_day_told_ahead_ends_the_job_on_that_day() -> None:
    read = _read((0, "I'm a baker at Bakewell Bakery, early starts"),
                 (1, "handed in my resignation!! last day at bakewell bakery is june 12, then a break"))
    assert ("r1", "employer", "Bakewell Bakery", Op.RETRACT, "2026-06-12") in read
    assert not [r for r in read if r[4].startswith("2025")]


def test_a_last_day_that_was_ends_the_job_then() -> None:
    read = _read((0, "I'm a baker at Bakewell Bakery, early starts"),
                 (3, "last day at bakewell bakery was may 1, weird to sleep in"))
    assert ("r1", "employer", "Bakewell Bakery", Op.RETRACT, "2026-05-01") in read


def test_the_old_job_ends_on_the_last_day_told_weeks_ahead(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    for day, text in ((0, "I'm a baker at Bakewell Bakery, early starts"),
                      (1, "last day at bakewell bakery is june 12. starting at Rye House on june 15")):
        vault.ingest(text, ts=(_START + timedelta(days=day)).isoformat(), role="user", speaker="Ana",
                     session="s1")
    vault.weave_all()
    items = vault.items(status="all")
    ended = [i.valid_to for i in items if (i.attribute, i.value) == ("employer", "Bakewell Bakery")]
    assert ended and all(day is not None and day.date().isoformat() == "2026-06-12" for day in ended)


def test_a_promotion_told_with_its_day_dates_the_new_title_told_apart() -> None:
    read = _read((0, "I'm a junior analyst at Kestrel Bank"),
                 (30, "got promoted two weeks ago!!! senior analyst now, still kestrel"))
    assert ("r1", "job_title", "senior analyst", Op.ASSERT, "2026-05-20") in read


def test_a_move_told_by_its_keys_dates_the_new_home() -> None:
    read = _read((0, "I live in Leyton with my flatmate"),
                 (12, "moved at last!! got the keys on the 9th, we're in Hackney now"))
    assert ("r1", "lives_in", "Hackney", Op.ASSERT, "2026-05-09") in read


def test_someone_elses_change_dates_nothing_of_the_speaker() -> None:
    read = _read((0, "I live in Leyton with my flatmate"),
                 (12, "my sister moved last week. we're in Hackney now"))
    assert ("r1", "lives_in", "Hackney", Op.ASSERT, "2026-05-16") in read


def test_a_change_without_a_day_leaves_the_new_value_on_the_turn() -> None:
    read = _read((0, "I'm a junior analyst at Kestrel Bank"),
                 (30, "got promoted!!! senior analyst now"))
    assert ("r1", "job_title", "senior analyst", Op.ASSERT, "2026-06-03") in read


def test_a_start_on_a_weekday_to_come_dates_the_title_beside_it_ahead() -> None:
    read = _read((0, "I teach year 4 at Hillside Primary"),
                 (4, "today was my last day at school. monday i start at Brightpath as an instructional "
                     "designer, making their training videos"))
    assert ("r1", "employer", "Brightpath", Op.ASSERT, "2026-05-11") in read
    assert ("r1", "job_title", "instructional designer", Op.ASSERT, "2026-05-11") in read
