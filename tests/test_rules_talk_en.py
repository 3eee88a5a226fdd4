"""English rules on conversational text: each pattern with paraphrases, as tables.

Each row is a turn and the facts (attribute, value, op, about, name) it must give, in
order; a ``when``/``scheduled`` column checks the date phrase kept for resolution.
Chatter rows must give nothing: hypotheticals, questions, other people's opinions.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import dates, dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in

A, R, D = Op.ASSERT, Op.RETRACT, Op.DOUBT
Row = tuple[str, str, Op, str, str]


def table(text: str) -> list[Row]:
    return [(f.attribute, f.value, f.op, f.about, f.name) for f in facts_in(text)]


SELF = [
    # comma fragments after "I'm"
    ("I'm Maya, 29, living in Portland", [("name", "Maya", A, "", ""), ("age", "29", A, "", ""),
                                          ("lives_in", "Portland", A, "", "")]),
    ("I'm Tom, 41, based in Leeds", [("name", "Tom", A, "", ""), ("age", "41", A, "", ""),
                                     ("lives_in", "Leeds", A, "", "")]),
    ("I'm 38 and completely exhausted lol", [("age", "38", A, "", "")]),
    # living somewhere, said loosely
    ("I've been in Toronto for like six years now", [("lives_in", "Toronto", A, "", "")]),
    ("been in Seattle since January 10th", [("lives_in", "Seattle", A, "", "")]),
    ("nah I'm in Copenhagen", [("lives_in", "Copenhagen", A, "", "")]),
    ("we're in Austin", [("lives_in", "Austin", A, "", "")]),
    ("bought a little house in Montclair", [("lives_in", "Montclair", A, "", "")]),
    ("moved down to Brighton for uni", [("lives_in", "Brighton", A, "", "")]),
    ("we moved to Denver last month!!", [("lives_in", "Denver", A, "", "")]),
    # work, in one sentence or without a subject
    ("I now work remotely for Figma", [("employer", "Figma", A, "", "")]),
    ("I work full-time at Stripe", [("employer", "Stripe", A, "", "")]),
    ("I started at Stripe as a data engineer on March 2nd",
     [("job_title", "data engineer", A, "", ""), ("employer", "Stripe", A, "", "")]),
    ("just started a barista job at Area 51 Coffee",
     [("job_title", "barista", A, "", ""), ("employer", "Area 51 Coffee", A, "", "")]),
    ("working at Aldi as a cashier, it's fine",
     [("job_title", "cashier", A, "", ""), ("employer", "Aldi", A, "", "")]),
    ("guess who just got promoted to senior engineer", [("job_title", "senior engineer", A, "", "")]),
    ("got promoted to team lead", [("job_title", "team lead", A, "", "")]),
    ("as of July 1st I'm head of sales!", [("job_title", "head of sales", A, "", "")]),
    ("I work at the Boots on the high street", [("employer", "Boots", A, "", "")]),
    # endings
    ("got laid off yesterday. whole team gone", [("employer", "", R, "", ""), ("job_title", "", R, "", "")]),
    ("I got laid off from Peloton", [("employer", "Peloton", R, "", ""), ("job_title", "", R, "", "")]),
    ("so I left Mercy on Friday", [("employer", "Mercy", R, "", ""), ("job_title", "", D, "", "")]),
    ("I stopped Italian", [("learning", "Italian", R, "", "")]),
    ("I gave up Spanish", [("learning", "Spanish", R, "", "")]),
    ("I left the firm on 30 April", [("employer", "", R, "", ""), ("job_title", "", D, "", "")]),
    ("left my company last week", [("employer", "", R, "", ""), ("job_title", "", D, "", "")]),
    ("I'm learning Italian on Babbel, 15 mins every day", [("learning", "Italian", A, "", "")]),
    ("picking up some French too bc Canada", [("learning", "French", A, "", "")]),
    ("went vegetarian three weeks ago", [("diet", "vegetarian", A, "", "")]),
    # clean values
    ("I speak Portuguese, English and a bit of Spanish, if that helps",
     [("speaks", "Portuguese", A, "", ""), ("speaks", "English", A, "", ""),
      ("speaks", "Spanish", A, "", "")]),
    ("my favourite band is Radiohead, always has been", [("favourite_band", "Radiohead", A, "", "")]),
    ("favourite food is pasta carbonara, the real one", [("favourite_food", "pasta carbonara", A, "", "")]),
    ("I'm allergic to peanuts, pretty badly actually", [("allergy", "peanuts", A, "", "")]),
    ("I was born on 3 May 1991 in Kharkiv",
     [("birthday", "1991-05-03", A, "", ""), ("hometown", "Kharkiv", A, "", "")]),
    ("I was born on March 4, 1988", [("birthday", "1988-03-04", A, "", "")]),
]

OTHERS = [
    ("my sister Anna lives in Oslo and keeps telling me to visit",
     [("sister", "Anna", A, "", ""), ("lives_in", "Oslo", A, "sister", "Anna")]),
    ("my brother is a nurse in Bergen",
     [("job_title", "nurse", A, "brother", ""), ("lives_in", "Bergen", A, "brother", "")]),
    ("my mom's a primary school teacher in Cork",
     [("job_title", "primary school teacher", A, "mother", ""), ("lives_in", "Cork", A, "mother", "")]),
    ("my husband Marcus is a firefighter so he's gone 24 hours at a time",
     [("husband", "Marcus", A, "", ""), ("job_title", "firefighter", A, "husband", "Marcus")]),
    ("my dad's useless at this stuff, he's a fisherman",
     [("job_title", "fisherman", A, "father", "")]),
    ("my best friend Raj just moved to Singapore",
     [("friend", "Raj", A, "", ""), ("lives_in", "Singapore", A, "friend", "Raj")]),
    ("our daughter Mia turned five on Sunday",
     [("daughter", "Mia", A, "", ""), ("age", "5", A, "daughter", "Mia"),
      ("birthday", "turned", A, "daughter", "Mia")]),  # the day she turned five: resolved per turn
    ("my friend Priya is allergic to nuts so the food needs to be nut free",
     [("friend", "Priya", A, "", ""), ("allergy", "nuts", A, "friend", "Priya")]),
    ("my brother Jun lives in Vancouver, what's a good gift to ship there?",
     [("brother", "Jun", A, "", ""), ("lives_in", "Vancouver", A, "brother", "Jun")]),
    ("My wife is Li.", [("wife", "Li", A, "", "")]),
]

EVENTS = [
    ("remind me I have the dentist on Friday at 3pm", [("appointment", "dentist", A, "", "")]),
    ("ugh they called, moved the dentist to Monday, same time", [("appointment", "dentist", A, "", "")]),
    ("I've got an MRI on the 12th of November, 8am", [("appointment", "MRI", A, "", "")]),
    ("haircut booked for Saturday 11am, finally", [("appointment", "haircut", A, "", "")]),
    # a job interview is an appointment, and the current job possibly ending
    ("I have a job interview at Spotify next Wednesday at 10, can you quiz me?",
     [("appointment", "job interview", A, "", ""), ("employer", "", Op.DOUBT, "", ""),
      ("job_title", "", Op.DOUBT, "", "")]),
    ("actually cancelled the haircut, I'm growing it out instead", [("appointment", "haircut", R, "", "")]),
    ("I play bridge every Thursday afternoon at the club", [("routine", "bridge on Thursdays", A, "", "")]),
    ("I go to pilates every Saturday morning", [("routine", "pilates on Saturdays", A, "", "")]),
    ("I swim mondays wednesdays and fridays",
     [("routine", "swimming on Mondays, Wednesdays and Fridays", A, "", "")]),
    ("band practice every Wednesday night, climbing on Sundays",
     [("routine", "band practice on Wednesdays", A, "", ""), ("routine", "climbing on Sundays", A, "", "")]),
    ("family dinner moved to saturdays", [("routine", "family dinner on Saturdays", A, "", "")]),
]

DOUBTS = [
    ("the move was exhausting, still boxes everywhere", [("lives_in", "", D, "", "")]),
    ("new job is great so far", [("employer", "", D, "", "")]),
    ("I'm handing in my notice tomorrow", [("employer", "", D, "", "")]),
    ("haven't been to pilates in ages honestly", [("routine", "", D, "", "")]),
    # a plan to move says nothing of the new town, but puts the current one in doubt
    ("I'm thinking of moving to Berlin next year", [("lives_in", "", D, "", "")]),
    ("since I changed teams I barely touch CSS", [("job_title", "", D, "", "")]),
]

NOTHING = [
    "should I learn Rust or Go first?",
    "is it worth moving to Austin for tech jobs?",
    "if I moved to Paris I'd need double the salary",
    "I'd love a dog someday, a corgi ideally",
    "maybe go back to school for nursing? idk",
    "my coworker says Bali is the best place on earth",
    "my mom thinks I should be a lawyer",
    "gonna take a couple weeks off then start applying",
]


@pytest.mark.parametrize(("text", "expected"), SELF + OTHERS + EVENTS + DOUBTS, ids=lambda v: str(v)[:40])
def test_talk(text: str, expected: list[Row]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize("text", NOTHING)
def test_chatter_states_nothing(text: str) -> None:
    assert table(text) == []


WHEN = [
    ("we moved to Denver last month", "when", "last month"),
    ("got laid off yesterday", "when", "yesterday"),
    ("quit my job two weeks ago", "when", "two weeks ago"),
    ("started a new job at Airbnb a couple days ago", "when", "2 days ago"),
    ("I left the firm on 30 April", "when", "30 April"),
    ("moved to Manchester back in 2019", "when", "1 January 2019"),
    ("dentist on Friday at 3pm, I have the dentist on Friday at 3pm", "scheduled", "Friday at 3pm"),
    ("I have a job interview at Spotify next Wednesday at 10", "scheduled", "next Wednesday at 10"),
]


@pytest.mark.parametrize(("text", "field", "phrase"), WHEN)
def test_date_phrases(text: str, field: str, phrase: str) -> None:
    found = [getattr(f, field) for f in facts_in(text)]
    assert found and found[0] == phrase


SPOKEN = datetime(2026, 3, 18, 10, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("phrase", "prefer", "expected"),
    [
        ("last month", "past", datetime(2026, 2, 18, 10, tzinfo=timezone.utc)),
        ("two weeks ago", "past", datetime(2026, 3, 4, 10, tzinfo=timezone.utc)),
        ("5th", "past", datetime(2026, 3, 5, tzinfo=timezone.utc)),
        ("20th", "past", datetime(2026, 2, 20, tzinfo=timezone.utc)),
        ("19th", "future", datetime(2026, 3, 19, tzinfo=timezone.utc)),
        ("Friday at 3pm", "future", datetime(2026, 3, 20, 15, tzinfo=timezone.utc)),
    ],
)
def test_phrases_resolve(phrase: str, prefer: dates.Prefer, expected: datetime) -> None:
    assert dates.resolve(dates_en.find(f"on {phrase}") or phrase, SPOKEN, prefer) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("3 May 1991", "1991-05-03"), ("May 3rd, 1991", "1991-05-03"), ("14 February", "02-14"),
     ("the 3rd of May", None), ("sometime in May", None), ("32 May", None)],
)
def test_birthday(text: str, expected: str | None) -> None:
    assert dates_en.birthday(text) == expected


def test_candidates_carry_subject_relation_and_dates() -> None:
    turn = Resource(
        id="r1", path="resources/a.jsonl", line=1, ts=SPOKEN, role="user", speaker="Erik",
        text="my sister Anna moved to Oslo last month. I have the dentist on Friday at 3pm",
    )
    found = {(c.subject, c.attribute, c.value): c for c in RulesExtractor().extract_one(turn)}
    moved = found[("Anna", "lives_in", "Oslo")]
    assert moved.relation == "sister"
    assert moved.valid_from == datetime(2026, 2, 18, 10, tzinfo=timezone.utc)
    assert found[("Erik", "sister", "Anna")].relation == ""
    assert found[("Erik", "appointment", "dentist")].when == datetime(2026, 3, 20, 15, tzinfo=timezone.utc)
