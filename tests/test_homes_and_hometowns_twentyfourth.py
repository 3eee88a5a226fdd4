"""Hometowns told in passing ("im dundee born n bred", "native of Kollam", "nah, Perth. born and
raised"), a relative's home told by the town after them ("my dad in dunedin"), and a guessed town
put right in a short reply ("lol no o, Redfern"). Every sentence is written for these tests."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def _said(text: str, asked: str = "") -> set[tuple[str, str, str]]:
    """(attribute, value, whose) of every fact asserted in ``text``."""
    return {(f.attribute, f.value, f.about) for f in facts_in(text, asked) if f.op is Op.ASSERT}


def _of(attribute: str, text: str, asked: str = "") -> set[tuple[str, str]]:
    return {(value, whose) for a, value, whose in _said(text, asked) if a == attribute}


# -- hometowns told in passing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("no no, im dundee born n raised, west end side", "Dundee"),
        ("we're both Swansea born and bred so the wedding has to be there", "Swansea"),
        ("hi, I'm Morwenna, 58, retired ferry skipper, Falmouth born and still here.", "Falmouth"),
        ("morning! myself deepa, 31, native of kollam, working in chennai for an insurer", "Kollam"),
        ("hello, I am Joseph, clerk at the port, native place Mangalore. family stays there", "Mangalore"),
        ("im orla, dental nurse, sligo born and bred", "Sligo"),
    ],
)
def test_a_hometown_told_in_passing_is_read(text: str, town: str) -> None:
    assert (town, "") in _of("hometown", text)


def test_still_here_after_born_says_one_lives_there_too() -> None:
    assert ("Falmouth", "") in _of("lives_in", "Falmouth born and still here, 40 years on the boats")


@pytest.mark.parametrize(
    "text",
    [
        "my son was born and raised here and he still complains about the rain",
        "she's our first born and the loudest",
        "a native speaker would laugh at my accent",
    ],
)
def test_someone_elses_birth_or_no_town_gives_no_hometown(text: str) -> None:
    assert not _of("hometown", text)


# -- "born and raised" said after the town it speaks of ---------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("nah, Perth. born and raised. my brother moved to Sydney though", "Perth"),
        ("Hello, I am Rukmini, Pune only, born and brought up here.", "Pune"),
    ],
)
def test_born_and_raised_points_back_at_the_town_just_named(text: str, town: str) -> None:
    assert (town, "") in _of("hometown", text)


def test_born_and_raised_far_from_any_town_points_at_none() -> None:
    text = "we drove through Leeds on the way up to see the cousins and the rest. born and raised, they say"
    assert not _of("hometown", text)


# -- a relative's home told by the town after them --------------------------------------------


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("my dad in Dunedin keeps sending me weather reports", ("Dunedin", "father")),
        ("parents back in ballarat think i eat vegetables", ("Ballarat", "parents")),
        ("honestly my parents in thrissur would faint if they saw this", ("Thrissur", "parents")),
        ("staying with my mum in Carlisle until the lease sorts itself out", ("Carlisle", "mother")),
    ],
)
def test_a_relative_named_with_a_town_lives_there(text: str, home: tuple[str, str]) -> None:
    assert home in _of("lives_in", text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister in law is coming for dinner",
        "my son in year 5 has a spelling test",
        "my mum in hospital again, third time this year",
        "my brother in arms from the old regiment called",
    ],
)
def test_a_relative_with_no_town_after_them_has_no_home_read(text: str) -> None:
    assert not {whose for _, whose in _of("lives_in", text) if whose}


# -- a guessed town put right ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "reply", "town"),
    [
        ("Quick one: are you based in Surry Hills? Lots of designers live there.",
         "lol no o, Redfern. cheaper", "Redfern"),
        ("So you live out in Tacoma then?", "no. queen anne. the 13 bus gets me in", "Queen Anne"),
        ("Are you in Leeds too?", "nah man, Bradford", "Bradford"),
    ],
)
def test_a_guessed_town_put_right_gives_the_home(asked: str, reply: str, town: str) -> None:
    assert (town, "") in _of("lives_in", reply, asked)


@pytest.mark.parametrize("reply", ["no. just visiting", "no no lol", "nah mate, not anymore"])
def test_a_no_with_no_town_after_it_gives_no_home(reply: str) -> None:
    assert not _of("lives_in", reply, "So you live out in Tacoma then?")


# -- one's own home, whatever else the sentence says ------------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("my cousin moves into my place in marsa next month, need shelf ideas", "Marsa"),
        ("the winery is 10 min from my place in franschhoek, no commute drama", "Franschhoek"),
        ("my brother won't be visiting my place in Tulsa anytime soon lol", "Tulsa"),
    ],
)
def test_ones_own_home_is_read_beside_a_visit_or_a_move_of_someone_else(text: str, town: str) -> None:
    assert (town, "") in _of("lives_in", text)


@pytest.mark.parametrize(
    "text",
    [
        "once we sold our place in Tulsa it got easier",
        "if we find a place in franschhoek we'll go",
        "back when i had my place in marsa it was quieter",
    ],
)
def test_a_home_left_or_wished_for_is_not_ones_own(text: str) -> None:
    assert not {town for town, whose in _of("lives_in", text) if not whose}


def test_someone_elses_hometown_told_in_passing_is_theirs() -> None:
    said = _of("hometown", "my cousin is Wexford born and bred, loud about it too")
    assert ("Wexford", "cousin") in said
    assert not {town for town, whose in said if not whose}


# -- a home told with words between the verb and the town, or without "in" ---------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("i stay all the way in Ruiru so the commute is long", "Ruiru"),
        ("mi live uptown inna Montego Bay, need a quote for a gig", "Montego Bay"),
        ("hiya, living cork 6 years now, originally from warsaw", "Cork"),
        ("Dev here, from Couva but living San Juan now", "San Juan"),
    ],
)
def test_a_home_told_with_words_between_or_without_in(text: str, town: str) -> None:
    assert (town, "") in _of("lives_in", text)


@pytest.mark.parametrize("text", ["living proof naps work", "i'm living my best life", "we live together"])
def test_living_before_no_town_gives_no_home(text: str) -> None:
    assert not _of("lives_in", text)
