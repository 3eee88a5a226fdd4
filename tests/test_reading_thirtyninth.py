"""Whose the pieces after a relative are ("gift ideas for my grandad Walter, 81, retired
plumber"), two named ages in one clause, "he"/"she" after someone named beside the speaker
("me and Priya made it official 🥰 she's a vet"), whose birthday a clause tells in chat's
words, being laid off said without "I", Chinese 崽 and 娃, a new partner named ("新女朋友叫周琪")
and a relative one has ("我有个妹妹叫小美"), a title told with its employer, the name of one's
own business, and a day told before where a change leads ("starting 2 March at Grab"). None is
taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.known_people import KnownPeople
from vaultweave.weaver.extract.rules import facts_in


def told(text: str) -> set[tuple[str, str, str, str]]:
    """(relation, name, attribute, value) of every fact the turn asserts."""
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


def own(text: str) -> set[tuple[str, str]]:
    """(attribute, value) of the speaker's own asserted facts."""
    return {(f.attribute, f.value) for f in facts_in(text)
            if f.op is Op.ASSERT and not f.about and not f.name}


def test_the_pieces_after_a_relative_are_theirs_not_the_speakers() -> None:
    text = "any present ideas for my grandad Walter, 81, retired plumber, lives out in Swindon"
    found = {(name, attribute, value) for _, name, attribute, value in told(text)}
    assert {("Walter", "age", "81"), ("Walter", "job_title", "retired plumber"),
            ("Walter", "lives_in", "Swindon")} <= found
    assert not {a for a, _ in own(text)} & {"age", "job_title", "lives_in"}


def test_the_pieces_after_a_relative_one_lives_with_are_theirs() -> None:
    text = "I share a flat with my cousin Priya, 26, junior doctor at St Mary's"
    assert ("cousin", "Priya", "age", "26") in told(text)
    assert ("cousin", "Priya", "job_title", "junior doctor") in told(text)
    assert not {a for a, _ in own(text)} & {"age", "job_title", "employer"}


def test_an_age_and_a_trade_after_ones_own_name_stay_ones_own() -> None:
    assert {("age", "31"), ("job_title", "junior doctor")} <= own("I'm Dev, 31, junior doctor at St Mary's")


def test_an_age_and_a_trade_after_a_relative_without_a_name_are_theirs() -> None:
    text = "gift ideas for my dad, 66, retired electrician"
    assert ("father", "", "age", "66") in told(text)
    assert not {a for a, _ in own(text)} & {"age", "job_title"}


@pytest.mark.parametrize(
    "text", ["Milo is 8 and Freya is 5.", "Milo is 8 and Freya is 5, both mad about dinosaurs"]
)
def test_two_named_ages_in_one_clause_are_both_read(text: str) -> None:
    found = told(text)
    assert ("", "Milo", "age", "8") in found and ("", "Freya", "age", "5") in found


@pytest.mark.parametrize(
    ("text", "name", "title"),
    [
        ("finally me and Priya made it official 🥰 she's a vet in Leeds", "Priya", "vet"),
        ("Tomas and I have been together 4 years. he's a sound engineer, so music is his thing", "Tomas",
         "sound engineer"),
        ("write a toast about Reuben. He's a paramedic, we met at uni", "Reuben", "paramedic"),
    ],
)
def test_he_or_she_after_someone_named_beside_the_speaker_is_them(text: str, name: str, title: str) -> None:
    full = KnownPeople().said_in_full(text)
    assert ("", name, "job_title", title) in told(full)
    assert ("job_title", title) not in own(full)


@pytest.mark.parametrize("text", ["...anyway, all good", "🎉🎉 yes. ok", "🥹 she is. ok!! 🎉"])
def test_saying_people_in_full_loses_no_text(text: str) -> None:
    assert KnownPeople().said_in_full(text) == text


@pytest.mark.parametrize(
    ("text", "relation", "name", "day"),
    [
        ("need ideas for my husband Kofi's birthday, it's on the 9th of June", "husband", "Kofi", "06-09"),
        ("baking for my daughter Ama's 6th birthday, which is on 2 March", "daughter", "Ama", "03-02"),
        ("my sister Jo's bday on 3 may, what should I get her", "sister", "Jo", "05-03"),
        ("my mum's birthday is on 3 May", "mother", "", "05-03"),
    ],
)
def test_whose_birthday_a_clause_tells_is_theirs(text: str, relation: str, name: str, day: str) -> None:
    assert (relation, name, "birthday", day) in told(text)
    assert not [a for a, _ in own(text) if a == "birthday"]


@pytest.mark.parametrize(
    "text",
    ["laid off this morning along with half the team", "lost my job last week, so budgeting is fun",
     "made redundant in March, still looking"],
)
def test_being_laid_off_said_without_i_ends_the_job(text: str) -> None:
    ended = {f.attribute for f in facts_in(text) if f.op is Op.RETRACT and not f.about}
    assert {"employer", "job_title"} <= ended


@pytest.mark.parametrize("text", ["laid off 12 people today, worst day as a manager",
                                  "I laid off three staff"])
def test_laying_others_off_ends_nothing_of_ones_own(text: str) -> None:
    assert not [f for f in facts_in(text) if f.op is Op.RETRACT]


@pytest.mark.parametrize(("text", "relation"), [("我崽在长沙读大学", "son"), ("我娃在西安上班", "child")])
def test_chinese_words_for_ones_child_name_them(text: str, relation: str) -> None:
    found = facts_in(text)
    assert any(f.about == relation and f.attribute == "lives_in" for f in found), found
    assert not any(not f.about and f.attribute == "lives_in" for f in found)


@pytest.mark.parametrize(
    ("text", "title"),
    [("I work at Changi as aircraft technician with SIA Engineering", "aircraft technician"),
     ("been a line cook with Nando's about two years", "line cook")],
)
def test_a_title_told_with_its_employer_is_the_title_alone(text: str, title: str) -> None:
    assert ("job_title", title) in own(text)


@pytest.mark.parametrize(
    ("text", "business"),
    [
        ("need a flyer for my cleaning biz, Sparkle & Shine, based in Leith", "Sparkle & Shine"),
        ("my bakery's name is 'Crumbs by Cara', need a logo idea", "Crumbs by Cara"),
        ("Shop is called Nana's Pantry, we sell preserves", "Nana's Pantry"),
        ("I run a small design studio in Porto, Lume Works, mostly branding", "Lume Works"),
        ("I knit and sell online, my brand is Purl.Co", "Purl.Co"),
    ],
)
def test_the_name_of_ones_own_business_is_where_one_works(text: str, business: str) -> None:
    assert ("employer", business) in own(text)


@pytest.mark.parametrize(
    "text",
    ["my favourite brand is Patagonia", "my shop is called the corner shop lol",
     "my business is in Leith now"],
)
def test_a_liking_a_shop_one_uses_or_a_lowercase_name_is_no_business(text: str) -> None:
    assert not [v for a, v in own(text) if a == "employer"]


@pytest.mark.parametrize(
    "text",
    ["新女朋友叫周琪 在深圳当护士", "我新女朋友叫周琪，在深圳当护士",
     "最近又脱单了 女朋友叫周琪 在深圳当护士"],
)
def test_a_partner_named_in_chinese_chat_carries_what_follows(text: str) -> None:
    found = told(text)
    assert ("", "", "partner", "周琪") in found
    assert ("girlfriend", "周琪", "job_title", "护士") in found
    assert not {a for a, _ in own(text)} & {"job_title", "lives_in"}


@pytest.mark.parametrize(
    ("text", "relation"),
    [("我有个妹妹叫小美 在杭州上班", "sister"), ("我还有个表哥，叫阿强，在杭州上班", "cousin")],
)
def test_a_relative_one_has_is_who_the_clauses_after_are_about(text: str, relation: str) -> None:
    found = facts_in(text)
    assert any(f.about == relation and f.attribute == "lives_in" and f.value == "杭州" for f in found), found
    assert not [f for f in found if not f.about and f.attribute == "lives_in"]


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [("new job!! starting 2 March at Kestrel Analytics, same hours", "employer", "Kestrel Analytics"),
     ("we moved last month to Dunedin, still unpacking", "lives_in", "Dunedin")],
)
def test_a_day_told_before_where_a_change_leads_still_reads_the_change(
    text: str, attribute: str, value: str
) -> None:
    assert (attribute, value) in own(text)


def test_the_day_after_a_verb_of_change_is_moved_after_where_it_leads() -> None:
    said = "starting 2 March at Grab, same work"
    assert dates_en.day_put_last(said) == "starting at Grab 2 March, same work"
    assert dates_en.day_put_last("started a new job on monday") == "started a new job on monday"


@pytest.mark.parametrize("text", ["it's bday on friday for the twins lol", "what's birthday on sunday?"])
def test_it_is_no_one_whose_birthday_is_told(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "birthday"]


def test_a_relative_one_has_and_nothing_more_is_still_told() -> None:
    assert [(f.attribute, f.value) for f in facts_in("我有一个妹妹。")] == [("sibling", "a sister")]
