"""Work as chat tells it: a workplace typed in lower case after a frame of work ("QA lead at
zendesk", "been at brighton council 7 yrs"), retiring from a named employer, a place told with
the title held there ("she is in Wipro, team lead"), a start at a university with no job said
(a place of study), work told by what one does ("driving the trams for X", "I teach grade 5
science", "I do roofing, self employed", "doing deliveroo full time"), a title without the verb
"be" ("she a midwife up there", "my cousin Emeka na banker"), a title named "officially" in
quotes, a workplace told by its kind and then its name ("at a tiny agency, Fox & Hare") or by
"in" ("staff nurse in the rotunda"), a title by what comes with it ("accountant life"), notice
handed in at a named employer, a title given up "instead of" a new one.
Each with what must stay unread. None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.workplaces_en import named_where_worked


def read(text: str) -> set[tuple[str, str, str]]:
    return {(f.attribute, f.value, f.op.value) for f in facts_in(text) if not f.about}


def theirs(text: str) -> set[tuple[str, str, str]]:
    return {(f.attribute, f.value, f.about) for f in facts_in(text) if f.about}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("QA lead at zendesk, mostly testing", "QA lead at Zendesk, mostly testing"),
        ("i work part time at the lidl in fishponds", "i work part time at the Lidl in fishponds"),
        ("been at brighton council 7 yrs", "been at Brighton Council 7 yrs"),
        ("my manager at ocado wants a word", "my manager at Ocado wants a word"),
        ("he drives trams for edinburgh trams", "he drives trams for Edinburgh Trams"),
        ("dad retired from british gas yesterday", "dad retired from British Gas yesterday"),
    ],
)
def test_workplace_capitalised(text: str, said: str) -> None:
    assert named_where_worked(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "I work at home on fridays",
        "I work for myself these days",
        "a nurse at the hospital, nights mostly",
        "been at the gym 2 hours",  # time spent, not served
        "been with my sister all week",
        "lunch at nandos with the girls",  # no frame of work
        "I work for leeds",  # a town
        "my shift at the bar ran late",
    ],
)
def test_no_workplace_capitalised(text: str) -> None:
    assert named_where_worked(text) == text


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("im a data engineer at monzo, 2 yrs in", ("employer", "Monzo", "assert")),
        ("QA lead at zendesk, mostly testing", ("employer", "Zendesk", "assert")),
        ("i work part time at the lidl in fishponds", ("employer", "Lidl", "assert")),
        ("been at brighton council 7 yrs as a planning officer", ("employer", "Brighton Council", "assert")),
        ("I retired from the Royal Mail last month", ("employer", "Royal Mail", "retract")),
        ("I retired from the Royal Mail last month", ("job_title", "", "retract")),
        ("I'm in Wipro, team lead", ("employer", "Wipro", "assert")),
        ("I'm in Wipro, team lead", ("job_title", "team lead", "assert")),
        ("I just started at Leeds Beckett University, doing law",
         ("studies_at", "Leeds Beckett University", "assert")),
        ("I just started at Leeds Beckett University as a lecturer",
         ("employer", "Leeds Beckett University", "assert")),
        ("driving the trams for Edinburgh Trams is stressful", ("job_title", "tram driver", "assert")),
        ("I teach grade 5 science so july is free", ("job_title", "science teacher", "assert")),
        ("I do roofing, self employed, mostly in the valleys", ("job_title", "roofer", "assert")),
        ("I do freelance web design, mostly for local clients",
         ("job_title", "freelance web designer", "assert")),
        ("doing deliveroo full time till I find something", ("employer", "Deliveroo", "assert")),
        ("na pharmacist i be, community pharmacy", ("job_title", "pharmacist", "assert")),
        ("lol so I do sales, officially 'account executive', for a paint company",
         ("job_title", "account executive", "assert")),
        ("product designer, at a tiny agency, Fox & Hare. rent is brutal",
         ("employer", "Fox & Hare", "assert")),
        # a workplace told by "in" (or Tagalog "sa") after a title or a verb of working
        ("I work in Henderson's as a cook, long hours", ("employer", "Henderson's", "assert")),
        ("staff nurse in the rotunda, nights this month", ("employer", "Rotunda", "assert")),
        ("radiographer sa Makati Medical Center, 3 yrs na", ("employer", "Makati Medical Center", "assert")),
        ("yesterday was my first day in brightwave, so far so good", ("employer", "Brightwave", "assert")),
        # a title said by what comes with it
        ("tax season again, accountant life", ("job_title", "accountant", "assert")),
        ("my structural engineer brain hates this bridge", ("job_title", "structural engineer", "assert")),
        # notice handed in at a named employer, ending on the last day told
        ("handed in my notice at Argos today, last day is next friday", ("employer", "Argos", "retract")),
        # a title given up for a new one, a start by being taken on, time served
        ("from june I'm ward manager instead of staff nurse", ("job_title", "staff nurse", "retract")),
        ("got taken on by Lothian Buses to drive the buses", ("job_title", "bus driver", "assert")),
        ("got taken on by Lothian Buses to drive the buses", ("employer", "Lothian Buses", "assert")),
        ("I've been with Unilever here in leeds 6 years now", ("employer", "Unilever", "assert")),
        ("still at fernhill logistics as shift lead, for now", ("employer", "Fernhill Logistics", "assert")),
        # titles as chat shortens them
        ("im an account exec at a media agency", ("job_title", "account executive", "assert")),
        ("im a CSR at a bank", ("job_title", "customer service rep", "assert")),
        ("I work full time at my aunt's salon now, Curl Up and Dye",
         ("employer", "Curl Up and Dye", "assert")),
    ],
)
def test_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in read(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my cousin Emeka na banker, he knows money", ("job_title", "banker", "cousin")),
        ("my sister Abby lives in leeds, she a midwife up there", ("job_title", "midwife", "sister")),
        ("my son Ravi is in Wipro, team lead", ("employer", "Wipro", "son")),
    ],
)
def test_theirs(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in theirs(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("I'm in Leeds, nurse", "employer"),  # a town: a home and a title
        ("I was driving behind the buses for ages", "job_title"),  # no work said
        ("I do painting in my spare time", "job_title"),  # a pastime
        ("is she a nurse? no idea", "job_title"),  # asked
        ("we had lunch at a little cafe near the beach, Sal's, it was lovely", "employer"),  # a visit
        ("my brother works at a small garage in town, Dean's Motors", "employer"),  # his, not the speaker's
        ("he is retired now", "employer"),
        ("I'm a nurse in Leeds", "employer"),  # a town after "in"
        ("I work in retail", "employer"),  # a line of work
        ("student life is exhausting", "job_title"),
        ("i wish i had banker money", "job_title"),  # a wish
        ("handed in my notice at Argos today", "lives_in"),
    ],
)
def test_not_read(text: str, attribute: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == attribute and f.op is Op.ASSERT and not f.about]


def test_notice_without_a_last_day_ends_nothing_yet() -> None:
    """Notice handed in with no last day told: the job is in doubt, not over."""
    facts = facts_in("handed in my notice at Argos today")
    assert not [f for f in facts if f.op is Op.RETRACT]
    assert [f for f in facts if f.attribute == "employer" and f.op is Op.DOUBT]
