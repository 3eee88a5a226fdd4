"""English words of change, endings, doubts and chat shapes (``changes_en`` and the
clause grammar), each on sentences of its own: none is taken from the bench."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from vaultweave.store.item import Item, Status
from vaultweave.store.resources import Resource
from vaultweave.weaver.attributes import spec_for
from vaultweave.weaver.extract import dates, dates_en
from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.extract.things_ended_en import ENDABLE, ENDABLE_PEOPLE
from vaultweave.weaver.resolve import plan_resolution
from vaultweave.weaver.value_match import diet_ends

A, R, D = Op.ASSERT, Op.RETRACT, Op.DOUBT
SPOKEN = datetime(2026, 5, 13, 10, 0, tzinfo=timezone.utc)  # a Wednesday


def table(text: str) -> list[tuple[str, str, Op]]:
    return [(f.attribute, f.value, f.op) for f in facts_in(text)]


def ends_everywhere(value: str, people: bool = False) -> list[tuple[str, str, Op]]:
    return [(a, value, R) for a in (*ENDABLE, *(ENDABLE_PEOPLE if people else ()))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a verb of ending ends whatever the thing names; the resolver keeps the match
        ("I'm done with zumba", ends_everywhere("zumba")),
        ("so over crossfit tbh", []),  # no subject, no verb of state: nothing
        ("no more netflix for me, exams", ends_everywhere("netflix")),
        ("I ditched the gym membership", ends_everywhere("gym membership")),
        # "new flat": a move told without where to, so the home is put in doubt
        ("new flat, new commute, no more Gary",
         [*ends_everywhere("Gary", people=True), ("lives_in", "", Op.DOUBT)]),
        ("dropped out of college in March", [("studies_at", "", R)]),
        ("I finally retired!", [("employer", "", R), ("job_title", "", R)]),
        ("we had to put Mittens down this morning", [("pet", "Mittens", R)]),
        ("Rocky passed away last night", [("pet", "Rocky", R)]),
        ("passed my sailing exam!!", [("learning", "sailing", R)]),
        ("sold the Ford last week", [("car", "Ford", R)]),
        ("I drive a 2012 Toyota Yaris, it's tiny", [("car", "Toyota Yaris", A)]),
        ("got a used Kia Niro", [("car", "Kia Niro", A)]),
        ("three days since my last cigarette", [("habit", "smokes", R)]),
        ("we had to rehome Pip, the landlord found out", [("pet", "Pip", R)]),
        ("graduated from Durham on Friday!!", [("studies_at", "Durham", R)]),
        ("officially done with evening classes", ends_everywhere("evening classes")),
        ("I left the choir after ten years", ends_everywhere("choir")),
        ("I quit my job", [("employer", "", R), ("job_title", "", R)]),
        # starts
        ("our hamster Biscuit 2 is a menace", [("pet", "a hamster named Biscuit 2", A)]),
        ("our cat C3PO sleeps all day", [("pet", "a cat named C3PO", A)]),
        ("my boss Dominika is on leave", [("boss", "Dominika", A)]),
        ("I started at Arup as a site engineer on the 3rd and it's great",
         [("job_title", "site engineer", A), ("employer", "Arup", A)]),
        ("yesterday was my first day at Monzo", [("employer", "Monzo", A)]),
        ("I'm officially a Spotify employee", [("employer", "Spotify", A)]),
        ("temping at a law firm, Clyde & Co, for now", [("employer", "Clyde & Co", A)]),
        ("I do data stuff for Ocado", [("employer", "Ocado", A)]),
        ("I'm at Deliveroo now, different team", [("employer", "Deliveroo", A)]),
        ("senior nurse at Addenbrooke's",
         [("job_title", "senior nurse", A), ("employer", "Addenbrooke's", A)]),
        ("I've been a plumber for 20 years", [("job_title", "plumber", A)]),
        ("I'm a sophomore at Boston College", [("studies_at", "Boston College", A)]),
        ("I'm doing a PhD in botany at Kew College",
         [("studies_at", "Kew College", A), ("studies", "botany", A)]),
        ("day job is accountant", [("job_title", "accountant", A)]),
        ("I'm a massive tea person", [("likes", "tea", A)]),
        ("never liked olives, tbh", [("dislikes", "olives", A)]),
        ("I got diagnosed coeliac in May", [("diet", "gluten-free", A), ("allergy", "coeliac", A)]),
        ("update: went vegan", [("diet", "vegan", A)]),
        ("me and my husband live in a bungalow in York", [("lives_in", "York", A)]),
        ("we live in berlin now", [("lives_in", "Berlin", A)]),
        ("allergies, if you need them: latex (mild) and penicillin", [("allergy", "latex", A),
                                                                     ("allergy", "penicillin", A)]),
    ],
)
def test_changes(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("started packing up the house", [("lives_in", "", D)]),
        ("our lease is up in June", [("lives_in", "", D)]),
        ("had my exit interview this morning", [("employer", "", D)]),
        ("I've been job hunting for weeks", [("employer", "", D)]),
        ("thinking about dropping out", [("studies_at", "", D)]),  # a hedge raises a doubt
        ("Pepper's been at the vet all week", [("pet", "Pepper", D)]),
        ("the vet thinks it's her kidneys", [("pet", "", D)]),
        ("since the reorg nobody knows who does what", [("job_title", "", D)]),
        ("we're on a break", [(a, "", D) for a in ("partner", "boyfriend", "girlfriend", "spouse", "wife",
                                                    "husband", "fiance")]),
    ],
)
def test_doubts(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # uptalk: a statement with a rising tone is read; a real question is not
        ("my favourite colour is teal?", [("favourite_colour", "teal", A)]),
        ("should I learn Dutch or Czech?", []),
        ("I'm allergic to, like, kiwi?", [("allergy", "kiwi", A)]),
        # asides and inline fillers
        ("my favourite snack is, no judgement, a pickled egg", [("favourite_snack", "pickled egg", A)]),
        ("my favourite band is, um, I listen to everything really, but Blur",
         [("favourite_band", "Blur", A)]),
        ("I'm Nora btw, 52", [("name", "Nora", A), ("age", "52", A)]),
        ("I'm a welder, for my sins, at Harland", [("job_title", "welder", A), ("employer", "Harland", A)]),
        # a shared subject across coordinated verbs and comma fragments
        ("I live in Galway and work at Medtronic", [("lives_in", "Galway", A), ("employer", "Medtronic", A)]),
        ("I'm 52, from Lagos, work at Unilever", [("age", "52", A), ("hometown", "Lagos", A),
                                                 ("employer", "Unilever", A)]),
        # said to the listener, not a condition
        ("my birthday's the 3rd of June if you want to know", [("birthday", "06-03", A)]),
        ("I'm a baker, it's early starts", [("job_title", "baker", A)]),
        ("PASSED MY THEORY TEST", []),  # shouting is lowered; "theory" is no -ing thing learned
        ("remember the pottery thing?", []),  # asking back, not a note
    ],
)
def test_chat_shapes(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("friday at 4", "friday 16:00"),  # an hour from 1 to 6 without am/pm is afternoon
        ("friday at 9", "friday 09:00"),
        ("the 21st at 3:15", "the 21st 15:15"),
        ("Monday, 10:30", "Monday 10:30"),
        ("tomorrow at 7pm", "tomorrow 19:00"),
        ("last month", "last month"),
    ],
)
def test_spoken_clock(phrase: str, expected: str) -> None:
    assert dates_en.clock(phrase) == expected


def test_day_of_month_with_a_time_and_a_weekday() -> None:
    expected = datetime(2026, 5, 21, 15, 15, tzinfo=timezone.utc)
    assert dates.resolve("the 21st at 3:15", SPOKEN, "future") == expected
    phrase = dates_en.find("they moved it to thursday the 28th, 9:45")
    assert dates.resolve(phrase, SPOKEN, "future") == datetime(2026, 5, 28, 9, 45, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("I've been in Leeds for about four years", "four years ago"),
        ("been a vet nine months now", "nine months ago"),
        ("I moved two weeks ago", "two weeks ago"),
    ],
)
def test_a_duration_dates_the_start(text: str, phrase: str) -> None:
    assert dates_en.find(text) == phrase


def test_a_duration_is_never_cut_from_the_value() -> None:
    assert table("I've been a plumber for 20 years") == [("job_title", "plumber", A)]


@pytest.mark.parametrize(
    ("text", "what", "when"),
    [
        ("the vet appointment got moved to Tuesday at 9am", "vet", "Tuesday at 9am"),
        ("optician moved me to the 30th", "optician", "30th"),
        ("dentist is now friday at 2", "dentist", "friday at 2"),
    ],
)
def test_reschedules_told_after_the_thing(text: str, what: str, when: str) -> None:
    [fact] = facts_in(text)
    assert (fact.attribute, fact.value, fact.scheduled) == ("appointment", what, when)


def test_routine_on_new_days_and_replies_that_are_no_routine() -> None:
    assert table("yoga is wednesdays now") == [("routine", "yoga on Wednesdays", A)]
    assert table("I'm still doing karate on fridays") == [("routine", "karate on Fridays", A)]
    assert table("yep still going every monday") == []
    assert table("I just coach on weekends") == [("routine", "coaching on Saturdays and Sundays", A)]


def test_birthday_today_is_the_turns_date() -> None:
    turn = Resource(id="r1", path="resources/a.jsonl", line=1, ts=SPOKEN, role="user", speaker="Ola",
                    text="it's my birthday today!!")
    [candidate] = RulesExtractor().extract_one(turn)
    assert (candidate.attribute, candidate.value) == ("birthday", "05-13")


def _item(attribute: str, value: str, *, tags: tuple[str, ...] = (), when: datetime | None = None) -> Item:
    spec = spec_for(attribute)
    at = SPOKEN - timedelta(days=30)
    return Item(id=f"{attribute}-{value}".replace(" ", "_"), subject="Ola", attribute=attribute, value=value,
                text=value, category=spec.category, kind=spec.kind, valid_from=at, observed_at=at,
                sources=("resources/2026/04/13.jsonl#L1",), heard_at=at, tags=tags, when=when)


def _candidate(attribute: str, value: str, *, tags: tuple[str, ...] = (),
               when: datetime | None = None) -> Candidate:
    spec = spec_for(attribute)
    return Candidate(subject="Ola", attribute=attribute, value=value, text=value, category=spec.category,
                     kind=spec.kind, source="resources/2026/05/13.jsonl#L1", valid_from=SPOKEN, tags=tags,
                     when=when, spoken_at=SPOKEN)


def _after(item: Item, candidate: Candidate) -> dict[str, Item]:
    return {**{item.id: item}, **plan_resolution([candidate], {item.id: item}, SPOKEN).final_items}


def test_a_routine_on_other_days_supersedes_the_same_activity() -> None:
    old = _item("routine", "swim club on Mondays", tags=("days:monday",))
    after = _after(old, _candidate("routine", "swim on Thursdays", tags=("days:thursday",)))
    assert after[old.id].status is Status.HISTORICAL
    other = _item("routine", "chess on Mondays", tags=("days:monday",))
    assert _after(other, _candidate("routine", "swim on Thursdays", tags=("days:thursday",)))[
        other.id].status is Status.CURRENT


def test_a_reschedule_without_a_time_keeps_the_old_time_of_day() -> None:
    old = _item("appointment", "optician", when=datetime(2026, 5, 20, 14, 30, tzinfo=timezone.utc))
    moved = _candidate("appointment", "optician", when=datetime(2026, 5, 27, tzinfo=timezone.utc))
    new = next(i for i in _after(old, moved).values() if i.id != old.id)
    assert new.when == datetime(2026, 5, 27, 14, 30, tzinfo=timezone.utc)
    timed = replace(moved, when=datetime(2026, 5, 27, 9, 0, tzinfo=timezone.utc))
    assert next(i for i in _after(old, timed).values() if i.id != old.id).when.hour == 9


@pytest.mark.parametrize(
    ("diet", "food", "ends"),
    [("gluten-free", "sourdough toast", True), ("gluten-free", "risotto", False), ("vegan", "halloumi", True),
     ("vegetarian", "halloumi", False), ("dairy-free", "ice cream", True), ("dairy-free", "sorbet", False),
     ("dairy-free", "milkshake", True), ("vegan", "oat milk latte", False)],
)
def test_diets_end_foods_they_rule_out(diet: str, food: str, ends: bool) -> None:
    assert diet_ends(diet, food) is ends


def test_a_named_person_alone_is_theirs_not_the_speakers() -> None:
    [moved] = [f for f in facts_in("Anna moved to Lisbon last week") if f.attribute == "lives_in"]
    assert (moved.value, moved.name, moved.about, moved.op) == ("Lisbon", "Anna", "", A)
    [works] = facts_in("Anna works at Google.")
    assert (works.attribute, works.value, works.name) == ("employer", "Google", "Anna")
    assert facts_in("Everyone moved to Slack") == []


def test_turning_an_age_dates_the_birthday() -> None:
    turn = Resource(id="r1", path="resources/a.jsonl", line=1, ts=SPOKEN, role="user", speaker="Ola",
                    text="turned 33 yesterday, feeling ancient")
    found = {c.attribute: c.value for c in RulesExtractor().extract_one(turn)}
    assert found == {"age": "33", "birthday": "05-12"}
    undated = Resource(id="r2", path="resources/a.jsonl", line=2, ts=SPOKEN, role="user", speaker="Ola",
                       text="I turned 33")
    assert [c.attribute for c in RulesExtractor().extract_one(undated)] == ["age"]


PARTNERS = ("partner", "boyfriend", "girlfriend", "spouse", "wife", "husband", "fiance")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a relationship ended, told by the couple: every partner word, the resolver keeps the match
        ("Priya and I split up in the summer", [(p, "Priya", R) for p in PARTNERS]),
        ("me and Tom broke up", [(p, "Tom", R) for p in PARTNERS]),
        ("our divorce is final now", [(p, "", R) for p in PARTNERS]),
        ("I'm single again lol", [(p, "", R) for p in PARTNERS]),
        ("Priya and I live in Hove", [("lives_in", "Hove", A)]),  # the couple, one clause
        # said with a rising tone it is still a doubt, never an ending
        ("Sam and I are taking a break?", [(p, "", D) for p in PARTNERS]),
        # spells without: the habit ended that long ago; sober ends liked drinks too
        ("five weeks without a smoke", [("habit", "smokes", R)]),
        ("two months sober", [("habit", "drinks", R), ("likes", "alcohol", R)]),
        ("I'm sober since march", [("habit", "drinks", R), ("likes", "alcohol", R)]),
        ("I quit vaping", [("habit", "vapes", R)]),
        ("I don't drink coffee anymore, just decaf", [("likes", "coffee", R)]),
        ("I'm off the paleo thing", [("diet", "paleo", R)]),
        ("I'm off to Lisbon", []),
        # a line of work ends by its field; teaching at a school is a teacher
        ("I left nursing last spring", [("job_title", "nurse", R)]),
        # (the subject taught names the title, as it does before a school's name)
        ("I teach chemistry at a sixth form college in Derby", [("job_title", "chemistry teacher", A),
                                                                 ("lives_in", "Derby", A)]),
        # a move told from where it started
        ("moved from Glasgow to Bristol in 2021", [("lives_in", "Bristol", A), ("lives_in", "Glasgow", R)]),
        ("I'm 30, moved from leeds back in 2015", [("age", "30", A), ("lives_in", "Leeds", R)]),
        # only a car is traded in; an offer is a change to come
        ("traded in the corsa, got a used Honda Jazz", [("car", "corsa", R), ("car", "Honda Jazz", A)]),
        ("got a job offer from Ocado!", [("employer", "", D)]),
        ("third week at Ocado and I love it", [("employer", "Ocado", A)]),
        ("joined Monzo as a product designer",
         [("job_title", "product designer", A), ("employer", "Monzo", A)]),
    ],
)
def test_fourth_round_changes(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm Theo but everyone calls me T", [("name", "Theo", A), ("alias", "T", A)]),
        ("I'm Theodore but my friends call me Teddy", [("name", "Theodore", A), ("alias", "Teddy", A)]),
        # the title, a piece of the introduction, is read with the clause; the age by the turn after it
        ("Marta here, 41, physio", [("name", "Marta", A), ("age", "41", A), ("job_title", "physio", A)]),
        ("my name is, well, technically Alexandra", [("name", "Alexandra", A)]),
        # messy values
        ("I sooo love dumplings", [("likes", "dumplings", A)]),
        ("I love curry, the spicier the better", [("likes", "curry", A)]),
        ("I'm into chess and true crime podcasts",
         [("likes", "chess", A), ("likes", "true crime podcasts", A)]),
        ("I love fish and chips", [("likes", "fish and chips", A)]),
        ("fave film is Alien, don't laugh, I'm a sci-fi nerd", [("favourite_movie", "Alien", A),
                                                                ("likes", "sci-fi", A)]),
        ("our son Francis is 4", [("son", "Francis", A), ("age", "4", A)]),
        ("I'm gluten intolerant", [("allergy", "gluten", A)]),
        ("peanut allergy", [("allergy", "peanut", A)]),
        # an emoji ends a clause like a comma
        ("morning from me and the dog 🐶 I'm a nurse in Hull",
         [("job_title", "nurse", A), ("lives_in", "Hull", A)]),
        ("I eat most things, love a good curry", [("likes", "a good curry", A)]),
        ("plot twist, went keto", [("diet", "keto", A)]),
        # appointments told without a verb, by the thing and its slot still to come
        ("optician on friday at 11, finally", [("appointment", "optician", A)]),
        ("flying to Oslo on the 9th, 7am", [("appointment", "flight to Oslo", A)]),
        ("got a phone screen with Stripe this thursday at 3pm", [("appointment", "phone screen", A)]),
        ("I have Mia's piano recital Friday at 6", [("appointment", "piano recital", A)]),
        ("the vet is moved to next tuesday at 9am", [("appointment", "vet", A)]),
        ("quit Argos on friday", ends_everywhere("Argos", people=True)),  # a verb, no appointment
        ("drinks last friday were fun", []),  # a slot gone by
        # routines told with "got", without a subject, or after a change of schedule
        ("I've got orchestra every monday evening", [("routine", "orchestra on Mondays", A)]),
        ("doing spin on wednesdays now", [("routine", "spin on Wednesdays", A)]),
        ("the gym changed the timetable so boxing is fridays only now",
         [("routine", "boxing on Fridays", A)]),
        # someone else's coordinated verbs are theirs
        ("my cousin Ana lives in Porto, works for Sonae", [("cousin", "Ana", A), ("lives_in", "Porto", A),
                                                            ("employer", "Sonae", A)]),
        ("I went freelance in May", [("employer", "freelance", A)]),
        ("I drink way too much cider", [("likes", "cider", A)]),
        ("oh wait I'm 41 actually", [("age", "41", A)]),
        # a relation told name first; pets counted; a workplace named by "called"
        ("Priya is officially my fiancée", [("fiance", "Priya", A)]),
        ("morning from me and my three dogs", [("pet", "three dogs", A)]),
        ("for now I wait tables at a tiny cafe called Lumen", [("employer", "Lumen", A)]),
        ("my neighbour Tom moved to Oslo for a job at Equinor",
         [("neighbour", "Tom", A), ("lives_in", "Oslo", A), ("employer", "Equinor", A)]),
        # a sport or an instrument played is a hobby; a new thing switched to is liked
        ("I play sunday league football", [("hobby", "football", A)]),
        ("I play it by ear", []),
        ("I switched to oat milk", [("likes", "oat milk", A)]),
        ("I switched to part-time", []),
        ("I eat anything, huge cheese lover tbh, brie forever", [("likes", "cheese", A)]),
        ("my dad's a retired plumber, still lives in Hull", [("job_title", "retired plumber", A),
                                                              ("lives_in", "Hull", A)]),
        ("I'm so over sushi, it's all ramen now", [*ends_everywhere("sushi"), ("likes", "ramen", A)]),
        # a pet told, then named in the same turn, is one named pet
        ("we got a kitten!! her name is Miso", [("pet", "a cat named Miso", A)]),
        ("we rescued a puppy last week!! a whippet called Olive", [("pet", "a dog named Olive", A)]),
        ("I have a ragdoll called Tofu", [("pet", "a cat named Tofu", A)]),
        ("I'm back in Cork now", [("lives_in", "Cork", A)]),  # back in a town is living there
        ("we got a puppy. his name is Rex and he's chaos", [("pet", "a dog named Rex", A)]),
        # a name told for someone else is theirs, not the dog's
        ("I have a dog. my brother's name is Sam", [("pet", "a dog", A), ("name", "Sam", A)]),
        # someone named alone, promoted
        ("Priya got promoted to team lead", [("job_title", "team lead", A)]),
        ("and I'm from Derry originally, moved over to Leeds for work", [("hometown", "Derry", A),
                                                                           ("lives_in", "Leeds", A)]),
    ],
)
def test_fourth_round_chat_shapes_events_and_people(text: str, expected: list[tuple[str, str, Op]]) -> None:
    assert table(text) == expected


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("last weekend", "2026-05-09"),  # said on Wednesday 13 May
        ("this weekend", "2026-05-16"),
        ("at the start of the month", "2026-05-01"),
        ("the end of last month", "2026-04-30"),
        ("the beginning of this year", "2026-01-01"),
    ],
)
def test_spans_date_phrases(phrase: str, day: str) -> None:
    found = dates.resolve(phrase, SPOKEN, "future" if phrase.startswith("this") else "past")
    assert found is not None and f"{found:%Y-%m-%d}" == day
    said = dates_en.find(f"I went part-time {phrase}")
    assert said and dates.resolve(said, SPOKEN, "future" if phrase.startswith("this") else "past") == found


def test_shared_costs_are_no_breakup_and_loose_endings_leave_no_history() -> None:
    assert table("we split the bill") == []
    assert table("Jo and I split the rent") == []
    # "traded in my old phone": tried as a car; with no car held, nothing is kept
    facts = facts_in("traded in my old phone")
    spec = spec_for("car")
    candidates = [Candidate(subject="Ola", attribute=f.attribute, value=f.value, text="",
                            category=spec.category, kind=spec.kind, source="resources/2026/05/13.jsonl#L1",
                            valid_from=SPOKEN, op=f.op, confidence=f.confidence) for f in facts]
    assert [c.attribute for c in candidates] == ["car"]
    assert plan_resolution(candidates, {}, SPOKEN).changes == ()


def test_the_line_of_work_after_in_is_at_most_a_title() -> None:
    """ "I work in finance at Barclays": the employer; the line of work is the trained reader's
    to mark as a title (the gold reads "work in HR" so), and never more than the line itself."""
    facts = {(f.attribute, f.value) for f in facts_in("I work in finance at Barclays") if f.op is Op.ASSERT}
    assert ("employer", "Barclays") in facts
    assert {v for a, v in facts if a == "job_title"} <= {"finance"}
