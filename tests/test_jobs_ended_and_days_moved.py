"""A job that ended, told the ways chat tells it ("last day at Hillcrest was today",
"finished up at harlow's last friday", "quit the firm", "before that I was at Infosys",
"left aviva after 6 years"), a routine moved to new weekdays by a verb of moving
("quilting is going to tuesdays now", "practice moved to tues and thurs now"), and a thing
given up as the decision is told ("giving up arabic for good"). And what must stay unread:
a shift that ended, a trip, one appointment rescheduled, a plan. None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.jobs_ended_en import named_where_left
from vaultweave.weaver.extract.rules import facts_in

from tests.conftest import say, values_held


def read(text: str) -> set[tuple[str, str, str]]:
    return {(f.attribute, f.value, f.op.value) for f in facts_in(text) if not f.about}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Last day at Hillcrest was today, the kids made me a card", ("employer", "Hillcrest", "retract")),
        ("last shift in Boots is friday, can't wait", ("employer", "Boots", "retract")),
        ("finished up at Harlow's last friday, boss gave me a bottle", ("employer", "Harlow's", "retract")),
        ("i quit the firm last week", ("employer", "", "retract")),
        ("I left the job in march, burnt out", ("employer", "", "retract")),
        ("officially resigned from the hospital as of monday", ("employer", "", "retract")),
        ("joined Monzo in may, before that I was at Barclays for 4 years",
         ("employer", "Barclays", "retract")),
        ("I was with Lloyds for 5 years before I joined Monzo", ("employer", "Lloyds", "retract")),
        ("left aviva after 6 years, bittersweet", ("employer", "Aviva", "retract")),
        ("practice moved to tues and thurs now", ("routine", "practice on Tuesdays and Thursdays", "assert")),
        ("quilting is going to Tuesdays now because the hall is booked",
         ("routine", "quilting on Tuesdays", "assert")),
        ("swimming has switched to mon and wed", ("routine", "swimming on Mondays and Wednesdays", "assert")),
        ("giving up spanish for good, it was doing my head in", ("learning", "spanish", "retract")),
        # subjects taught, capitalised and joined
        ("I teach Physics and Maths at Ridgeway", ("job_title", "physics and maths teacher", "assert")),
    ],
)
def test_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "just finished up at Tesco, knackered",  # a shift ended, not the job
        "I was at Tesco before, no milk left",  # where one was, not a job
        "quit the gym, too expensive",  # a membership, not a job
        "left early today lol",
        "left london for the weekend",
        "just left the office, heading home",  # the day's work, not the job
    ],
)
def test_no_employer_ended(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "employer" and f.op is Op.RETRACT and not f.value]
    named = {"tesco", "early", "london"}
    assert not [f for f in facts_in(text) if f.attribute == "employer" and f.value.lower() in named]


@pytest.mark.parametrize(
    "text",
    [
        "the dentist moved to friday",  # one appointment, rescheduled
        "my physio moved to thurs",  # "thurs" is one day typed short, not a plural
        "I am thinking of giving up arabic",  # a thought, not a decision
    ],
)
def test_no_routine_moved_and_nothing_given_up(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "routine" or f.op is Op.RETRACT]


def test_an_organisation_typed_in_lower_case_is_named_after_leaving_it() -> None:
    assert named_where_left("left vodafone ghana after 4 years") == "left Vodafone Ghana after 4 years"
    assert named_where_left("quit heb lol") == "quit heb lol"  # "quit" ends whatever it names already
    assert named_where_left("left home at 8") == "left home at 8"
    assert named_where_left("left durban last year") == "left durban last year"  # a place


def test_a_job_left_by_its_short_name_ends_the_employer_held(make_vault) -> None:
    vault = make_vault()
    say(vault, "I teach maths at Hillcrest Academy, year 9 mostly", "2026-01-05T09:00:00Z")
    say(vault, "last day at Hillcrest was today!! the kids made me a card", "2026-02-20T16:00:00Z")
    vault.weave()
    assert values_held(vault, "employer") == [("Hillcrest Academy", False)]


def test_a_routine_moved_to_new_days_ends_its_old_days(make_vault) -> None:
    vault = make_vault()
    say(vault, "my quilting group meets monday afternoons at the church hall", "2026-01-05T09:00:00Z")
    say(vault, "quilting is going to Tuesdays now, the church needs the hall", "2026-02-10T09:00:00Z")
    vault.weave()
    held = values_held(vault, "routine")
    assert ("quilting on Tuesdays", True) in held
    assert not [v for v, current in held if current and "Monday" in v]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("reminder pls: eye test at the optician on market st friday 29th aug, 9.30am", "eye test"),
        ("my knee check up with the ortho is on august 19 10am", "knee check up"),
        ("finally got a physio appt for the ankle, wednesday the 8th at 4:30", "physio"),
        ("dinner at Nonna's on friday 7.30pm", "dinner"),
    ],
)
def test_an_appointment_is_read_without_what_qualifies_it(text: str, thing: str) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == "appointment"] == [thing]


@pytest.mark.parametrize("text", ["I was at the gym on monday at 6", "working from home on friday at 9"])
def test_where_one_was_is_no_appointment(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "appointment"]


@pytest.mark.parametrize(
    ("text", "doubted"),
    [
        ("honestly might leave wipro if the offer comes through", ("employer", "wipro")),
        ("not sure how long i'll last at Nando's, the manager is a nightmare", ("employer", "Nando's")),
        ("might have to move out of leeds, the landlord is selling", ("lives_in", "Leeds")),
        ("we mightnt even stay in Leeds after the wedding", ("lives_in", "Leeds")),
        ("might have to move, rent went up again", ("lives_in", "")),
    ],
)
def test_an_ending_only_weighed_is_a_doubt(text: str, doubted: tuple[str, str]) -> None:
    facts = facts_in(text)
    assert doubted in {(f.attribute, f.value) for f in facts if f.op is Op.DOUBT}
    assert not [f for f in facts if f.op is Op.RETRACT]


@pytest.mark.parametrize("text", ["i might be late tonight", "might stay in tonight", "may be at the gym"])
def test_a_hedge_about_the_day_doubts_nothing(text: str) -> None:
    assert not [f for f in facts_in(text) if f.op is Op.DOUBT and f.attribute in ("employer", "lives_in")]


def test_a_weighed_ending_flags_only_the_value_it_names(make_vault) -> None:
    vault = make_vault()
    say(vault, "I'm a line cook at Carbone, and I live in Bushwick", "2026-01-05T09:00:00Z")
    say(vault, "kitchen is brutal lately, might not last at carbone tbh", "2026-02-10T09:00:00Z")
    vault.weave()
    held = {i.attribute: i for i in vault.loaded_items().values() if i.is_current}
    assert held["employer"].value == "Carbone" and held["employer"].doubt
    assert not held["lives_in"].doubt


@pytest.mark.parametrize(
    "moved",
    [
        "clinic just texted, they push to next wed same time",
        "so the review is postponed to next wednesday, same time",
        "ugh they moved the appointment to 11th. same time",
    ],
)
def test_an_appointment_moved_without_naming_it_again(make_vault, moved: str) -> None:
    vault = make_vault()
    say(vault, "my eye review is on 5 february at 9.15am", "2026-01-30T09:00:00Z")
    say(vault, moved, "2026-02-02T09:00:00Z")
    vault.weave()
    held = [(i.value, i.when.day if i.when else None) for i in vault.loaded_items().values()
            if i.attribute == "appointment" and i.is_current]
    assert len(held) == 1 and held[0][0] == "eye review" and held[0][1] != 5


@pytest.mark.parametrize(
    ("text", "doubted"),
    [
        ("the new shop is way busier than tesco was", ("employer", "tesco")),
        ("back when i was at infosys we had free lunch", ("employer", "infosys")),
        ("when we lived in leeds it rained every day", ("lives_in", "Leeds")),
    ],
)
def test_a_value_spoken_of_as_past_is_put_in_doubt(text: str, doubted: tuple[str, str]) -> None:
    assert doubted in {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.DOUBT}


def test_a_routine_signed_up_for_is_the_activity() -> None:
    said = "I've signed up for aqua fit on Mondays and Thursdays at the leisure centre"
    routines = [f.value for f in facts_in(said) if f.attribute == "routine"]
    assert routines == ["aqua fit on Mondays and Thursdays"]


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("every mon and wed i go swim at the leisure centre", "swimming on Mondays and Wednesdays"),
        ("saturdays i go run with the club", "running on Saturdays"),
    ],
)
def test_a_routine_told_days_first_with_a_bare_verb(text: str, routine: str) -> None:
    assert [f.value for f in facts_in(text) if f.attribute == "routine"] == [routine]
