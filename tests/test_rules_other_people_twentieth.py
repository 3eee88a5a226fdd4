"""Other people's facts as chat tells them (twentieth round): a relation without "my", a name
given in answer to who, "herself", a name and then its pronoun, "and he's ...", a year at
school, a new partner named by "his name is", family words of other Englishes, someone
else's relative named, ages answered in a list. Each with a distractor: the speaker is
never given the other person's fact. None of the sentences is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor

SPOKEN = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)


def session(*texts: str) -> set[tuple[str, str, str]]:
    """(subject, attribute, value) of every asserted candidate of one session; a text that
    opens with "A: " is the assistant's turn."""
    said = []
    for i, text in enumerate(texts):
        role = "assistant" if text.startswith("A: ") else "user"
        said.append(Resource(id=f"r#L{i}", path="r", line=i + 1, ts=SPOKEN + timedelta(minutes=i),
                             role=role, speaker="Ola" if role == "user" else "assistant", session="s",
                             text=text.removeprefix("A: ")))
    return {(c.subject, c.attribute, c.value) for c in RulesExtractor().extract(said) if c.op is Op.ASSERT}


def of(found: set[tuple[str, str, str]], subject: str) -> set[tuple[str, str]]:
    return {(a, v) for s, a, v in found if s == subject}


def speakers_own(found: set[tuple[str, str, str]], *attributes: str) -> set[tuple[str, str]]:
    return {(a, v) for a, v in of(found, "Ola") if a in attributes}


def test_a_relation_said_without_my() -> None:
    found = session("long day. husband Kofi drives a taxi in Accra, son Yaw's a nurse in Kumasi")
    assert ("job_title", "taxi driver") in of(found, "Kofi")
    assert ("job_title", "nurse") in of(found, "Yaw")
    assert ("lives_in", "Kumasi") in of(found, "Yaw")
    assert not speakers_own(found, "job_title", "lives_in")


def test_a_relation_word_inside_a_phrase_is_no_one() -> None:
    found = session("the guy my cousin called husband material is a plumber")
    assert not [f for f in found if f[1] == "job_title"]


def test_a_name_given_in_answer_to_which_relative() -> None:
    found = session("A: Which cousin is getting married?", "meera. she's a dentist in Pune, so it's there")
    assert ("job_title", "dentist") in of(found, "Meera")
    assert not speakers_own(found, "job_title")


def test_an_answer_without_a_name_gives_no_one_the_job() -> None:
    found = session("A: Which cousin is getting married?", "no idea. she's a dentist, that's all I know")
    assert not speakers_own(found, "job_title")
    found = session("A: What's your favourite city?", "lisbon. she's a beauty")
    assert not [f for f in found if f[1] == "job_title"]


def test_herself_is_said_of_the_one_named() -> None:
    found = session("Priya herself is a chef at Nobu so she judges my cooking")
    assert ("job_title", "chef") in of(found, "Priya")
    assert ("employer", "Nobu") in of(found, "Priya")
    assert not speakers_own(found, "job_title", "employer")


def test_a_name_then_its_pronoun_after_a_comma() -> None:
    found = session("no, Kwame is in Kumasi, he is a tailor with Adinkra Styles")
    assert ("lives_in", "Kumasi") in of(found, "Kwame")
    assert ("job_title", "tailor") in of(found, "Kwame")
    assert not speakers_own(found, "job_title", "lives_in", "employer")


def test_a_pronoun_after_someone_else_named_between_is_left_alone() -> None:
    found = session("Kwame met Ama at church, she is a tailor with Adinkra Styles")
    assert ("job_title", "tailor") not in of(found, "Kwame")
    assert not speakers_own(found, "job_title", "employer")


@pytest.mark.parametrize(
    ("text", "who", "fact"),
    [
        ("My uncle Jomo says hi, he is a pilot with Kenya Airways", "Jomo", ("job_title", "pilot")),
        ("my colleague Anil joined us for lunch and he's vegan", "Anil", ("diet", "vegan")),
        ("my grandson Tariq , he is 17 next week", "Tariq", ("age", "17")),
    ],
)
def test_a_pronoun_after_a_comma_or_and_is_the_one_just_named(text: str, who: str,
                                                              fact: tuple[str, str]) -> None:
    found = session(text)
    assert fact in of(found, who)
    assert fact not in of(found, "Ola")


def test_the_speaker_after_and_is_the_speaker() -> None:
    found = session("my colleague Anil joined us for lunch and I'm vegan now")
    assert ("diet", "vegan") not in of(found, "Anil")


def test_a_year_at_school_names_where_one_studies() -> None:
    found = session("my niece Zara is in year 9 at Hillcrest Academy, loves netball")
    assert ("studies_at", "Hillcrest Academy") in of(found, "Zara")
    assert not speakers_own(found, "studies_at")
    assert ("studies_at", "Makerere") in of(session("I'm in 2nd year at Makerere"), "Ola")


def test_a_year_at_school_in_a_question_or_the_past_is_no_fact() -> None:
    assert not session("is she in year 9 at Hillcrest Academy?")
    assert not speakers_own(session("third grade in Boston was rough for me"), "studies_at")


def test_a_new_partner_named_by_his_or_her_name() -> None:
    found = session("big news, I've got a new gf!! her name is lena, she's a vet in Bray")
    assert ("girlfriend", "Lena") in of(found, "Ola")
    assert ("job_title", "vet") in of(found, "Lena")


def test_someone_elses_new_partner_is_not_the_speakers() -> None:
    found = session("my brother has a new gf, her name is Lena")
    assert ("girlfriend", "Lena") not in of(found, "Ola")


def test_family_words_and_a_birthday_told_by_its_number() -> None:
    found = session("need a card for my oupa's 85th. he's from Durban, loves rugby")
    assert ("age", "85") in of(found, "Ola's grandfather")
    assert ("hometown", "Durban") in of(found, "Ola's grandfather")
    assert not speakers_own(found, "age", "hometown")


def test_an_anniversary_by_its_number_is_no_age() -> None:
    found = session("it's my parents' 40th anniversary on sunday")
    assert not [f for f in found if f[1] == "age"]


def test_someone_elses_relative_named() -> None:
    found = session("her husband Tomasz is from Gdansk, he's a welder")
    assert ("hometown", "Gdansk") in of(found, "Tomasz")
    assert not speakers_own(found, "hometown", "job_title", "husband")


def test_ages_answered_in_a_list() -> None:
    found = session("A: How old are the kids now?", "maya's 8, leo's 4 and both are feral")
    assert ("age", "8") in of(found, "Maya")
    assert ("age", "4") in of(found, "Leo")
    assert not speakers_own(found, "age")


def test_times_in_a_list_are_no_ages() -> None:
    found = session("A: How old is the house?", "dinner's 7, lunch is 12, dont ask")
    assert not [f for f in found if f[1] == "age"]


def test_someone_elses_allergy_is_not_the_speakers() -> None:
    assert not speakers_own(session("my dad allergic to peanuts lah, so no satay"), "allergy")
    assert not speakers_own(session("tomas is allergic to cats, so no cat cafe"), "allergy")
    assert ("allergy", "cats") in of(session("Tomas is allergic to cats"), "Tomas")


def test_a_name_in_lower_case_before_a_two_word_job() -> None:
    found = session("kofi's a bus driver out in Tema, never home")
    assert ("job_title", "bus driver") in of(found, "Kofi")
    assert not session("life's a bus ride honestly")


def test_a_relation_told_by_name_without_my_then_its_pronoun() -> None:
    found = session("A: Who lives with you?", "husband is tendai, he's a mechanic at Zimbabwe Motors")
    assert ("husband", "Tendai") in of(found, "Ola")
    assert ("job_title", "mechanic") in of(found, "Tendai")
    assert not speakers_own(found, "job_title", "employer")


def test_a_relation_told_by_name_then_the_speaker_is_the_speakers() -> None:
    found = session("husband is tendai, I'm a mechanic at Zimbabwe Motors")
    assert ("job_title", "mechanic") not in of(found, "Tendai")


@pytest.mark.parametrize(
    ("text", "who", "town"),
    [
        ("my cousin Farid is visiting from Rabat next week, any ideas?", "Farid", "Rabat"),
        ("my aunt flew in from Nairobi for the wedding", "Ola's aunt", "Nairobi"),
    ],
)
def test_where_someone_comes_from_to_visit_is_where_they_live(text: str, who: str, town: str) -> None:
    found = session(text)
    assert ("lives_in", town) in of(found, who)
    assert not speakers_own(found, "lives_in")


def test_coming_back_from_a_trip_or_from_work_is_no_home() -> None:
    found = session("my cousin Farid just came back from Rabat, my sister is coming from work")
    assert not [f for f in found if f[1] == "lives_in"]


def test_a_relative_then_what_they_are_doing_is_theirs() -> None:
    found = session("my son Kojo working at Shoprite now, my niece abena studying law at Legon")
    assert ("employer", "Shoprite") in of(found, "Kojo")
    assert ("studies_at", "Legon") in of(found, "Abena")
    assert not speakers_own(found, "employer", "studies_at", "studies")


def test_a_relatives_town_is_not_the_speakers_too() -> None:
    found = session("my brother is living in Kisumu these days")
    assert ("lives_in", "Kisumu") in of(found, "Ola's brother")
    assert not speakers_own(found, "lives_in")
    assert ("lives_in", "Kisumu") in of(session("rent in Kisumu is brutal"), "Ola")


def test_the_one_named_last_is_he_even_without_a_relation() -> None:
    found = session("my boyfriend Piet wants a dog",
                    "Piet and I broke up. seeing someone new, Sizwe, he's a welder",
                    "A: Congrats! What's he into?", "climbing and bad action movies")
    assert not [f for f in found if f[0] == "Piet" and f[1] == "likes"]


def test_children_named_with_their_ages() -> None:
    found = session("widowed, three kids, Kemi 14, Tayo 11 and Bisi 6, all at home")
    assert ("age", "14") in of(found, "Kemi")
    assert ("age", "11") in of(found, "Tayo")
    assert ("age", "6") in of(found, "Bisi")
    assert not speakers_own(found, "age")
    found = session("our son Femi who is 4 loves trains")
    assert ("age", "4") in of(found, "Femi")


def test_a_number_after_a_name_without_children_is_no_age() -> None:
    found = session("took the kids on Route 66 and Highway 9, long drive")
    assert not [f for f in found if f[1] == "age"]


def test_a_parent_named_bare_coming_from_a_town() -> None:
    found = session("amma is coming from Jaffna next week, she has knee trouble")
    assert ("lives_in", "Jaffna") in of(found, "Ola's mother")
    assert not speakers_own(found, "lives_in")
