"""Endings told in more words ("keto is dead", "given up on the Italian", "日语彻底放下了"),
"a fortnight ago" read as a day, renting as living somewhere, an appointment or routine whose
"thing" is the rest of a sentence ("the pandit said", "we've") not kept as one, and the span
reader's values off its model's best path (``span_decoding``) with the screens every value of
it passes. None is taken from the bench."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.weaver.extract import dates_en, span_decoding, span_reader
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.doubt_cues import by_name_doubts, cue_doubts
from vaultweave.weaver.extract.event_things import event_thing
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.sentences import split_sentences
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held


def endings(text: str) -> list[tuple[str, Op]]:
    return [(f.value, f.op) for f in by_name_doubts(split_sentences(text), [])]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("paleo is dead lol, lasted six weeks", "paleo"),
        ("honestly the book club thing is over for me", "book club"),
        ("I've given up on the Portuguese, no time", "Portuguese"),
        ("thats me finished at Dunmore College, handed in the thesis", "Dunmore College"),
        ("ditched the Peloton, sold it on marketplace", "Peloton"),
        ("西班牙语彻底放下了 太忙", "西班牙语"),
        ("上个月从滴滴走人了", "滴滴"),
        ("合唱团那边告一段落了", "合唱团"),
        ("wrapped up at Halden Foods on the 6th", "Halden Foods"),
        ("Priya's officially gone, the flat feels weird", "Priya"),
        ("跟阿杰掰了 房子归他", "阿杰"),
        ("网约车不开了 太累", "网约车"),
        ("早班不用再上了", "早班"),
    ],
)
def test_more_words_that_only_end_end_what_they_name(text: str, named: str) -> None:
    found = endings(text)
    assert any(op is Op.RETRACT and named.casefold() in value.casefold() for value, op in found), found


@pytest.mark.parametrize(
    "text",
    [
        "the paleo thing might be over soon, we'll see",  # weighed, not done
        "if the book club is over I'll start a new one",  # supposed
        "the meeting is over to the left of reception",  # not an ending
        "明年可能就从滴滴走人了",  # a plan
        "the kitchen reno is over budget again",  # over what it may cost, not over
    ],
)
def test_an_ending_weighed_supposed_or_not_said_ends_nothing(text: str) -> None:
    assert not any(op is Op.RETRACT for _, op in endings(text))


@pytest.mark.parametrize(
    ("said", "phrase"),
    [
        ("stopped about a fortnight ago", "2 weeks ago"),
        ("moved in a fortnight ago", "2 weeks ago"),
        ("been here a fortnight", "2 weeks ago"),
        ("quit 2 fortnights ago", "4 weeks ago"),
    ],
)
def test_a_fortnight_is_two_weeks(said: str, phrase: str) -> None:
    assert dates_en.find(said) == phrase


@pytest.mark.parametrize(
    ("attribute", "value", "thing"),
    [
        ("appointment", "the pandit said", None),
        ("appointment", "we've", None),
        ("appointment", "flight now leaves", None),
        ("appointment", "obviously", None),
        ("routine", "add that we're open on Sundays", None),
        ("routine", "not on Saturdays and Sundays", None),
        # a verb cut off after the thing is taken off: "my committee meeting got set: March 18"
        ("appointment", "committee meeting got", "committee meeting"),
        ("appointment", "visa interview", "visa interview"),
        ("appointment", "I-130 interview", "I-130 interview"),  # a form's name, not "I"
        ("appointment", "it", "it"),  # the last one told: speaker_memory's
        ("routine", "it on Thursdays", "it on Thursdays"),
        ("routine", "got maths tuition on Thursdays", "got maths tuition on Thursdays"),  # before, not after
        ("routine", "gym on Mondays, Wednesdays and Fridays", "gym on Mondays, Wednesdays and Fridays"),
        ("appointment", "面签", "面签"),  # Chinese things have their own readers
        ("employer", "we're hiring", "we're hiring"),  # not an event: left to its own clean-up
        ("appointment", "dinner with Will", "dinner with Will"),  # a name, not "will"
    ],
)
def test_an_events_thing_is_a_noun_phrase(attribute: str, value: str, thing: str | None) -> None:
    assert event_thing(attribute, value) == thing


def test_a_moved_appointment_said_as_it_is_still_read() -> None:
    facts = facts_in("the clinic cancelled on me. new date is 3 March, 11:15, same place")
    assert [(f.attribute, f.value) for f in facts] == [("appointment", "it")]


def test_an_appointment_is_not_called_by_the_words_of_a_sentence(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    say(vault, "the priest said the 14th of November is better, so that's the date", "2026-03-02T10:00:00Z")
    vault.weave_all()
    assert all("said" not in value for value, _ in values_held(vault, "appointment"))


def test_a_hobby_given_up_ends_on_the_day_the_turn_tells(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "v")
    say(vault, "I'm learning Portuguese on Duolingo, any podcast tips?", "2026-01-05T10:00:00Z")
    say(vault, "I've given up on the Portuguese. Stopped about a fortnight ago, no time with the new baby",
        "2026-03-02T10:00:00Z")
    vault.weave_all()
    learning = [i for i in vault.loaded_items().values() if i.attribute == "learning"]
    assert learning and not any(i.is_current for i in learning)
    ended = learning[0].valid_to
    assert ended is not None and ended.strftime("%Y-%m-%d") == "2026-02-16"


class _Odds:
    """The odds a tagger gives each label at each token: enough of pycrfsuite.Tagger's
    face for the decoding arithmetic, with odds written out by hand."""

    def __init__(self, rows: list[dict[str, float]]) -> None:
        self.rows = rows

    def labels(self) -> list[str]:
        return sorted({label for row in self.rows for label in row})

    def marginal(self, label: str, i: int) -> float:
        return self.rows[i].get(label, 0.0)


def test_a_value_the_best_path_left_out_is_read_when_each_token_is_likely_one() -> None:
    # "i work at Brightwell Labs": the path says outside, the odds of an employer are 0.4
    odds = _Odds([{"O": 0.99}, {"O": 0.98}, {"O": 0.9},
                  {"O": 0.6, "B-employer": 0.4}, {"O": 0.55, "I-employer": 0.35, "B-employer": 0.1}])
    labels = ["O", "O", "O", "O", "O"]
    assert span_decoding.marked_spans(odds, labels) == [(3, 5, "employer", False)]  # type: ignore[arg-type]


def test_a_span_of_the_path_needs_its_own_label_sure_enough() -> None:
    labels = ["O", "B-lives_in"]
    sure = _Odds([{"O": 1.0}, {"B-lives_in": 0.6, "O": 0.4}])
    unsure = _Odds([{"O": 1.0}, {"B-lives_in": 0.5, "B-hometown": 0.3, "O": 0.2}])
    assert span_decoding.marked_spans(sure, labels) == [(1, 2, "lives_in", True)]  # type: ignore[arg-type]
    assert span_decoding.marked_spans(unsure, labels) == []  # type: ignore[arg-type]


def test_a_likely_run_beside_a_span_of_the_path_is_no_value_of_its_own() -> None:
    # "my old colleagues at Ocado sent flowers": "sent flowers" only doubts where Ocado ends
    odds = _Odds([{"O": 1.0}, {"B-employer": 0.9, "O": 0.1}, {"O": 0.6, "I-employer": 0.4}])
    labels = ["O", "B-employer", "O"]
    assert span_decoding.marked_spans(odds, labels) == [(1, 2, "employer", True)]  # type: ignore[arg-type]


def test_an_unlikely_token_reads_nothing() -> None:
    odds = _Odds([{"O": 0.75, "B-employer": 0.25}])
    assert span_decoding.marked_spans(odds, ["O"]) == []  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "family"),
    [
        ("我们上周分了。机票也退了", "partner"),
        ("我俩上个月分了", "partner"),
        ("车子上个月出手了 贷款还清了", "car"),
    ],
)
def test_a_breakup_or_a_car_sold_in_chinese_puts_the_fact_in_doubt(text: str, family: str) -> None:
    doubted = {f.attribute for f in cue_doubts(split_sentences(text), [])}
    assert family in doubted


@pytest.mark.parametrize("text", ["我们分了三次才搬完", "这个蛋糕我们分了吃"])
def test_sharing_something_out_is_no_breakup(text: str) -> None:
    assert "partner" not in {f.attribute for f in cue_doubts(split_sentences(text), [])}


@pytest.mark.parametrize(
    ("text", "home", "about"),
    [
        ("I'm renting in Khalifa City now, the commute is brutal", "Khalifa City", ""),
        ("we're subletting in Kreuzberg till june", "Kreuzberg", ""),
        ("my sister is renting in Leith", "Leith", "sister"),
    ],
)
def test_renting_somewhere_is_living_there(text: str, home: str, about: str) -> None:
    assert [(f.value, f.about) for f in facts_in(text) if f.attribute == "lives_in"] == [(home, about)]


def test_renting_somewhere_supposed_is_no_home() -> None:
    facts = facts_in("if I was renting in Leith I would walk everywhere")
    assert not [f for f in facts if f.attribute == "lives_in"]


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # another party's message dressed in the turn: the reader would take the age and title
        ("SYSTEM: hiya, sunita here, 33, radiographer at st james", "job_title"),
        ("I got a job offer from Ocado", "employer"),  # an offer, not a job
        ("我身边跑滴滴的人越来越多", "employer"),  # people who do it, not the speaker
    ],
)
def test_the_reader_reads_no_value_of_the_speaker_where_none_is_told(text: str, attribute: str) -> None:
    assert not [f for f in span_reader.read(text) if f.attribute == attribute]
