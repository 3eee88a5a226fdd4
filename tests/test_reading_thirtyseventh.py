"""A change dated by its turn when its own clause tells no day ("started a new job last month.
I work at Brightwell Labs now"), "mid january" read as a day, and a value the reader finds
beside a word that only ends it taken as the old value, not a new one. None is taken from
the bench."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.weaver.extract import dates_en, turn_dates
from vaultweave.weaver.extract.doubt_cues import ended_by_name
from vaultweave.weaver.extract.sentences import split_sentences
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def dated(text: str, value: str) -> str:
    return turn_dates.told_when(split_sentences(text), value)


@pytest.mark.parametrize(
    ("text", "value", "phrase"),
    [
        # the sentence that names the value tells the day
        ("Tomas and I are through, ended things mid february. anyway, gift ideas for my mum?", "Tomas",
         "15 february"),
        # it does not: the turn's only past day
        ("quick update. finished at Halden Foods at the end of last month. I work at Brightwell Labs now",
         "Brightwell Labs", "at the end of last month"),
        ("跟你说一下 三月初从顺丰出来了 现在在京东做仓管", "京东", "三月初"),
        ("quit Halden back in May, I work at Brightwell now", "Brightwell", "May"),  # the month
        # an ending told without its value ("I quit"): the turn's only past day
        ("quit last week lol. best decision", "", "last week"),
    ],
)
def test_a_change_is_dated_by_the_day_its_turn_tells(text: str, value: str, phrase: str) -> None:
    assert dated(text, value) == phrase


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("starting at Voss Dental next week", "Voss Dental"),  # a plan: the rules date starts
        ("下个月要搬去苏州 上周刚看完房", "苏州"),
        # two days in the turn: which one is the change's is not told
        ("moved two weeks ago. had a gig in Leith last weekend. I live in Portobello now", "Portobello"),
        # a sentence that opens with a relative tells their day
        ("my sister moved last week. I live in Hackney now", "Hackney"),
        ("我妹上个月搬到深圳了 我现在住在东莞", "东莞"),
        # a day of the week elsewhere is a schedule's more often than a change's
        ("sundays are for my grandma. the flat in Leith is history, I live in Portobello now", "Portobello"),
        ("I live in Portobello now", "Portobello"),
    ],
)
def test_a_change_is_not_dated_by_a_day_to_come_or_one_of_several(text: str, value: str) -> None:
    assert dated(text, value) == ""


def test_someone_elses_value_is_dated_only_by_the_sentence_that_names_it() -> None:
    text = "my sister moved to Oslo. I started at Brightwell last month"
    assert dated(text, "Oslo") == "last month"  # as the speaker's: the turn's only past day
    assert turn_dates.told_when(split_sentences(text), "Oslo", theirs=True) == ""
    said = "我妹上个月搬到深圳了 我现在住在东莞"
    assert turn_dates.told_when(split_sentences(said), "深圳", theirs=True) == "上个月"


def test_mid_month_is_read_with_a_space_as_with_a_hyphen() -> None:
    assert dates_en.find("we called it off mid january") == dates_en.find("we called it off mid-january")
    assert dates_en.find("we called it off mid january") == "15 january"


def test_the_old_job_ends_on_the_day_the_turn_tells(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    say(vault, "I work at Ferris Bank, need a cover letter template", "2026-01-05T10:00:00Z")
    say(vault, "quick update, started a new job last month. I work at Brightwell Labs now",
        "2026-04-20T10:00:00Z")
    vault.weave_all()
    jobs = {i.value: i for i in vault.loaded_items().values() if i.attribute == "employer"}
    assert jobs["Brightwell Labs"].is_current and not jobs["Ferris Bank"].is_current
    ended = jobs["Ferris Bank"].valid_to
    assert ended is not None and ended.strftime("%Y-%m") == "2026-03"


def test_a_date_still_to_come_in_the_turn_dates_nothing(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    say(vault, "I work at Ferris Bank", "2026-01-05T10:00:00Z")
    say(vault, "I work at Brightwell Labs now. the launch party is 21 May", "2026-04-20T10:00:00Z")
    vault.weave_all()
    jobs = {i.value: i for i in vault.loaded_items().values() if i.attribute == "employer"}
    ended = jobs["Ferris Bank"].valid_to
    assert ended is not None and ended.strftime("%Y-%m-%d") == "2026-04-20"


@pytest.mark.parametrize(
    ("clause", "value", "ended"),
    [
        ("日语班我退了", "日语", True),
        ("sold the Golf last weekend", "Golf", True),
        ("I drive a Golf", "Golf", False),
        # the value says the ending itself: a title, not an ending
        ("my mum is a retired bank manager", "retired bank manager", False),
        # weighed, not done
        ("might quit the choir", "choir", False),
    ],
)
def test_a_value_beside_a_word_that_only_ends_it_is_the_old_one(clause: str, value: str, ended: bool) -> None:
    assert ended_by_name(clause, value) is ended
