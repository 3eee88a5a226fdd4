"""Thirty-third round: one car at a time, values held in English ended in Chinese, and the
reader learning from what people say of others."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.weaver.attributes import is_single_valued
from vaultweave.weaver.extract import dates_en, span_reader
from vaultweave.weaver.extract.doubt_cues import cue_doubts
from vaultweave.weaver.extract.reader_clauses import their_clauses
from vaultweave.weaver.value_match import names_value, naming_share
from vaultweave.weaver.vault import Vault

from bench.facts import train_reader
from tests.conftest import say, values_held


def test_a_new_car_replaces_the_one_before(tmp_path: Path) -> None:
    assert is_single_valued("car")
    vault = Vault.init(tmp_path / "v")
    say(vault, "I drive a VW Polo, it's getting old", "2026-03-02T10:00:00Z")
    say(vault, "just picked up my new car, a Suzuki Swift!", "2026-04-06T10:00:00Z")
    vault.weave_all(llm=False)
    # nothing was said of the Polo: the Swift replaces it
    assert values_held(vault, "car") == [("Suzuki Swift", True), ("VW Polo", False)]


@pytest.mark.parametrize(
    ("stored", "words"),
    [("Japanese", "工作太忙 日语也"), ("Spanish", "西语那个app我卸"), ("smokes", "从前天开始 烟和打火机全扔"),
     ("vegan", "现在不是纯素")],
)
def test_a_value_held_in_english_is_named_in_chinese(stored: str, words: str) -> None:
    assert naming_share(stored, words) == 1.0


def test_a_chinese_name_names_the_english_value_and_nothing_else() -> None:
    assert names_value("Japanese", "日语") and names_value("Korean", "韩文")
    assert not names_value("Japanese", "韩语")
    assert naming_share("Korean", "日语也停") == 0.0


@pytest.mark.parametrize(
    ("told", "ended", "learning"),
    [("我最近在学日语 准备考N3", "算了 工作太忙 日语也停了 打开app就犯困", "Japanese"),
     ("我在学日语 报了个班", "跟你汇报一下 日语班我退了 实在顾不过来", "Japanese")],
)
def test_a_language_given_up_in_chinese_ends_the_english_name(
        tmp_path: Path, told: str, ended: str, learning: str) -> None:
    vault = Vault.init(tmp_path / "v")
    say(vault, told, "2026-03-02T10:00:00Z", speaker="韩冬")
    say(vault, ended, "2026-03-20T10:00:00Z", speaker="韩冬")
    vault.weave_all(llm=False)
    assert values_held(vault, "learning") == [(learning, False)]


def test_the_reader_learns_a_clause_about_someone_else_as_they_would_say_it() -> None:
    conv = {
        "speaker": "Tom",
        "current": [
            {"subject": "Tom", "attribute": "sister", "value": "Anna"},
            {"subject": "Anna", "attribute": "lives_in", "value": "Oslo", "relation": "sister"},
        ],
        "turns": [{"role": "user", "text": "my sister Anna lives in Oslo and keeps asking me to visit"}],
    }
    said = their_clauses(["my sister Anna lives in Oslo and keeps asking me to visit"])
    assert [(s.about, s.name) for s in said] == [("sister", "Anna")]
    learned = list(train_reader.examples([conv], lowered=False))
    # the sentence itself teaches the speaker nothing; the clause said as hers teaches Oslo
    assert all(label == "O" for label in learned[0][1])
    theirs = [labels for _, labels in learned[1:] if "B-lives_in" in labels]
    assert len(theirs) == 1


def test_an_unnamed_relative_is_found_by_the_relation_and_two_of_a_kind_by_neither() -> None:
    conv = {
        "speaker": "Tom",
        "current": [{"subject": "Tom's brother", "attribute": "job_title", "value": "plumber",
                     "relation": "brother"}],
    }
    assert train_reader._their_facts(conv, "brother", "") == [("job_title", "plumber")]
    two = {
        "speaker": "Tom",
        "current": [
            {"subject": "Tom", "attribute": "brother", "value": "Sam"},
            {"subject": "Tom", "attribute": "brother", "value": "Ben"},
            {"subject": "Sam", "attribute": "job_title", "value": "plumber", "relation": "brother"},
        ],
    }
    assert train_reader._their_facts(two, "brother", "") == []
    assert train_reader._their_facts(two, "brother", "Sam") == [("job_title", "plumber")]


def test_a_car_sold_the_day_after_it_was_told_is_ended(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    say(vault, "2012 ford fiesta, bit of a rust bucket tbh", "2026-09-07T18:00:00Z", speaker="Grace")
    sold = "cancelled the MOT, my neighbour offered £1500 cash for the fiesta so i sold it to him today lol"
    say(vault, sold, "2026-09-08T12:00:00Z", speaker="Grace")
    vault.weave_all(llm=False)
    assert values_held(vault, "car") == [("Ford Fiesta", False)]


def test_a_new_flatmate_is_no_new_flat() -> None:
    said = ["other drama, my flatmate Tane is moving to aussie next month so i need a new flatmate, ugh."]
    assert cue_doubts(said, []) == []
    moving = cue_doubts(["found a new flat in leith, moving in june"], [])
    assert [f.attribute for f in moving] == ["lives_in"]


@pytest.mark.parametrize(
    ("said", "phrase", "plain"),
    [("grand opening is on 23rd May, 12 noon, you must come", "23rd May, 12 noon", "23rd May 12:00"),
     ("my driving test is on the 29th morning, 8.30, wish me luck", "29th morning, 8.30", "29th 08:30"),
     ("bbq at ours on the 30th afternoon, 3.30", "30th afternoon, 3.30", "30th 15:30"),
     ("yoga class thursday evening at 7", "thursday evening at 7", "thursday 19:00")],
)
def test_an_hour_after_a_comma_or_a_part_of_the_day_is_read(said: str, phrase: str, plain: str) -> None:
    assert dates_en.find(said) == phrase
    assert dates_en.clock(phrase) == plain


def test_a_bare_lower_case_model_is_a_car_only_beside_a_word_of_cars() -> None:
    assert "polo" not in {f.value for f in span_reader.read("I bought a polo for the wedding")}
    told = span_reader.read("just bought a polo, the insurance is mad")
    assert ("car", "polo") in {(f.attribute, f.value) for f in told}


def test_a_town_or_a_hotel_is_no_habit_given_up() -> None:
    assert naming_share("smokes", "从烟台搬走") == 0.0
    assert naming_share("drinks", "酒店那边不干") == 0.0
    assert naming_share("drinks", "戒了 酒也不喝") == 1.0
