"""Resolution matches values by their words and across attribute families (pure, table-tested)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import pytest
from vaultweave.store.item import Item, Status
from vaultweave.weaver.attributes import is_single_valued, reaches, spec_for
from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.resolve import Action, plan_resolution
from vaultweave.weaver.value_match import diet_ends, is_meat, names_value, tokens
from vaultweave.weaver.vault import Vault

from tests.conftest import say

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)


def cand(attribute: str, value: str, op: Op = Op.ASSERT, *, at: datetime = T0 + timedelta(days=10),
         said: datetime | None = None, line: int = 1, subject: str = "Maya",
         when: datetime | None = None, relation: str = "") -> Candidate:
    spec = spec_for(attribute)
    return Candidate(
        subject=subject, attribute=attribute, value=value, text=f"{attribute} {value}",
        category=spec.category, kind=spec.kind, source=f"resources/2026/01/15.jsonl#L{line}",
        valid_from=at, op=op, spoken_at=said or at, when=when, relation=relation,
    )


def stored(attribute: str, value: str, *, at: datetime = T0, subject: str = "Maya",
           when: datetime | None = None, doubt: str = "") -> Item:
    spec = spec_for(attribute)
    return Item(
        id=f"{attribute}-{value}".replace(" ", "_"), subject=subject, attribute=attribute,
        value=value, text=f"{attribute} {value}", category=spec.category, kind=spec.kind,
        valid_from=at, observed_at=at, sources=("resources/2026/01/05.jsonl#L1",),
        heard_at=at, when=when, doubt=doubt, doubted_at=at + timedelta(days=1) if doubt else None,
    )


def plan(items: list[Item], *candidates: Candidate) -> dict[str, Item]:
    resolution = plan_resolution(list(candidates), {i.id: i for i in items}, NOW)
    return {**{i.id: i for i in items}, **resolution.final_items}


@pytest.mark.parametrize(
    ("stored_value", "spoken", "expected"),
    [
        ("Mercy Hospital", "Mercy", True),
        ("Italian on Babbel", "Italian", True),
        ("green tea", "tea", True),
        ("the Guardian", "Guardian", True),
        ("a dog named Rex", "Rex", True),
        ("Google", "google.", True),
        ("St. Mary's Hospital", "St Mary's", True),
        ("吃牛排", "牛排", True),
        ("一只猫", "猫", True),
        ("上海交通大学", "交大", True),
        ("北京", "南京", False),
        ("JavaScript", "Java", False),
        ("Mercy Hospital", "General Hospital", False),
        ("tea", "coffee", False),
        ("Oslo", "", False),
    ],
)
def test_names_value_by_words(stored_value: str, spoken: str, expected: bool) -> None:
    assert names_value(stored_value, spoken) is expected


def test_tokens_drop_articles_and_possessives() -> None:
    assert tokens("The  Mercy Hospital!") == ("mercy", "hospital")
    assert tokens("my sister's dog") == ("sister", "dog")


@pytest.mark.parametrize(
    ("old", "said"),
    [
        ("Mercy Hospital", "Mercy"),
        ("mercy hospital", "Mercy Hospital"),
        ("Google DeepMind", "DeepMind"),
        ("the Acme Corporation", "Acme Corporation"),
        ("上海第一人民医院", "第一人民医院"),
    ],
)
def test_retraction_ends_the_value_it_names(old: str, said: str) -> None:
    after = plan([stored("employer", old)], cand("employer", said, Op.RETRACT))
    ended = after[f"employer-{old}".replace(" ", "_")]
    assert ended.status is Status.HISTORICAL
    assert ended.valid_to == T0 + timedelta(days=10)


def test_retraction_prefers_the_exact_value() -> None:
    items = [stored("likes", "tea"), stored("likes", "green tea")]
    after = plan(items, cand("likes", "green tea", Op.RETRACT))
    assert after["likes-tea"].status is Status.CURRENT
    assert after["likes-green_tea"].status is Status.HISTORICAL


def test_retraction_of_a_word_ends_every_value_with_it() -> None:
    items = [stored("learning", "Italian on Babbel"), stored("learning", "piano")]
    after = plan(items, cand("learning", "Italian", Op.RETRACT))
    assert after["learning-Italian_on_Babbel"].status is Status.HISTORICAL
    assert after["learning-piano"].status is Status.CURRENT


def test_unrelated_retraction_of_one_attribute_is_kept_as_history() -> None:
    # "I left Acme" while the vault holds Mercy: Acme was the employer until then, Mercy stays.
    item = stored("employer", "Mercy Hospital")
    left = cand("employer", "Acme", Op.RETRACT)
    resolution = plan_resolution([left], {item.id: item}, NOW)
    assert [c.action for c in resolution.changes] == [Action.ENDED]
    kept = resolution.changes[0].after
    assert (kept.value, kept.status) == ("Acme", Status.HISTORICAL)
    assert (kept.valid_to, kept.ended_by) == (left.valid_from, left.source)
    assert kept.valid_from == kept.valid_to  # a start nobody told
    assert resolution.unmatched_retractions == ()
    assert item.id not in resolution.final_items  # Mercy untouched


def test_ending_tried_on_many_attributes_stays_unmatched() -> None:
    # "I quit choir": tried as a liking, a routine, a hobby...; none held, nothing is kept.
    tries = [cand(a, "choir", Op.RETRACT) for a in ("likes", "routine", "hobby")]
    resolution = plan_resolution(tries, {}, NOW)
    assert resolution.changes == ()
    assert len(resolution.unmatched_retractions) == 3


def test_kept_ending_is_not_kept_twice() -> None:
    left = cand("studies_at", "McGill", Op.RETRACT)
    first = plan_resolution([left], {}, NOW)
    again = plan_resolution([left], first.final_items, NOW)
    assert again.changes == () and again.skipped == 1


def test_an_ending_then_a_start_of_the_same_value_is_the_same_in_one_cycle_or_two() -> None:
    # "I left Acme" (never held), weeks later "I work at Acme": history, then a new start,
    # whether both are resolved in one batch or one after the other (a crash may split them).
    left = cand("employer", "Acme", Op.RETRACT, line=1)
    back = cand("employer", "Acme", at=T0 + timedelta(days=30), line=2)
    together = plan_resolution([left, back], {}, NOW).final_items
    first = plan_resolution([left], {}, NOW).final_items
    apart = {**first, **plan_resolution([back], first, NOW).final_items}
    assert {i.id: (i.status, i.valid_to) for i in together.values()} == {
        i.id: (i.status, i.valid_to) for i in apart.values()
    }
    assert sorted(i.status.value for i in together.values()) == ["current", "historical"]


def test_family_word_ends_its_members() -> None:
    # "90 days sober": liked drinks of the alcohol family end, tea stays.
    items = [stored("favourite_drink", "hazy IPA"), stored("likes", "red wine"), stored("likes", "green tea")]
    after = plan(items, cand("likes", "alcohol", Op.RETRACT))
    assert after["favourite_drink-hazy_IPA"].status is Status.HISTORICAL
    assert after["likes-red_wine"].status is Status.HISTORICAL
    assert after["likes-green_tea"].status is Status.CURRENT


def test_not_liking_ends_a_favourite_of_the_same_thing() -> None:
    items = [stored("favourite_drink", "green tea"), stored("favourite_food", "pizza")]
    after = plan(items, cand("likes", "tea", Op.RETRACT))
    assert after["favourite_drink-green_tea"].status is Status.HISTORICAL
    assert after["favourite_food-pizza"].status is Status.CURRENT


def test_disliking_ends_liking_the_same_thing_by_its_words() -> None:
    after = plan([stored("likes", "green tea")], cand("dislikes", "tea"))
    assert after["likes-green_tea"].status is Status.HISTORICAL


@pytest.mark.parametrize(
    ("diet", "food", "ends"),
    [
        ("vegetarian", "steak", True),
        ("vegan", "bacon sandwiches", True),
        ("vegetarian", "牛排", True),
        ("vegan", "红烧肉", True),
        ("vegetarian", "pizza", False),
        ("pescatarian", "sushi", False),
        ("pescatarian", "pork ribs", True),
        ("keto", "steak", False),
        ("vegan", "hamburgers", True),
    ],
)
def test_a_new_diet_ends_liked_meat(diet: str, food: str, ends: bool) -> None:
    assert diet_ends(diet, food) is ends
    items = [stored("favourite_food", food), stored("likes", food, at=T0 + timedelta(hours=1))]
    after = plan(items, cand("diet", diet))
    for item in items:
        assert (after[item.id].status is Status.HISTORICAL) is ends


def test_meat_words_are_whole_words() -> None:
    assert is_meat("Hamburger")
    assert not is_meat("hamster food")
    assert is_meat("pork ribs") and is_meat("红烧肉")


def test_a_pets_death_ends_the_pet() -> None:
    items = [stored("pet", "a dog named Rex"), stored("pet", "a cat named Miso")]
    after = plan(items, cand("pet", "Rex", Op.RETRACT))
    assert after["pet-a_dog_named_Rex"].status is Status.HISTORICAL
    assert after["pet-a_cat_named_Miso"].status is Status.CURRENT


def test_alias_never_supersedes_the_name_and_accumulates() -> None:
    assert not is_single_valued("alias")
    after = plan([stored("name", "James")], cand("alias", "Jay"), cand("alias", "JJ", line=2))
    assert after["name-James"].status is Status.CURRENT
    aliases = [i for i in after.values() if i.attribute == "alias"]
    assert sorted(i.value for i in aliases) == ["JJ", "Jay"]
    assert all(i.is_current for i in aliases)


@pytest.mark.parametrize(
    ("attribute", "single", "category"),
    [("sister", False, "family"), ("wife", True, "family"), ("husband", True, "family"),
     ("boss", True, "people"), ("friend", False, "people"), ("daughter", False, "family"),
     ("colleague", False, "people"), ("routine", False, "habits")],
)
def test_relations_have_cardinality_and_category(attribute: str, single: bool, category: str) -> None:
    assert is_single_valued(attribute) is single
    assert spec_for(attribute).category == category


def test_reaches_is_limited_to_families() -> None:
    assert reaches("diet", "favourite_food") and reaches("diet", "likes")
    assert reaches("likes", "favourite_drink") and reaches("likes", "dislikes")
    assert not reaches("diet", "employer")
    assert not reaches("alias", "name")


def test_dated_change_told_later_ends_the_old_value_at_its_date() -> None:
    """'I live in Bergen' on Jan 5, then on Jan 6 'I moved to Oslo last month' (Dec 6)."""
    said = T0 + timedelta(days=1)
    moved = said - timedelta(days=31)
    after = plan([stored("lives_in", "Bergen")], cand("lives_in", "Oslo", at=moved, said=said))
    old = after["lives_in-Bergen"]
    new = next(i for i in after.values() if i.value == "Oslo")
    assert new.is_current and new.valid_from == moved and new.heard_at == said
    assert old.status is Status.HISTORICAL and old.superseded_by == new.id
    assert old.valid_to == old.valid_from  # it was already over when it was heard


def test_dated_change_ends_the_old_value_at_the_date() -> None:
    moved = T0 + timedelta(days=20)
    after = plan([stored("lives_in", "Bergen")],
                 cand("lives_in", "Oslo", at=moved, said=moved + timedelta(days=30)))
    assert after["lives_in-Bergen"].valid_to == moved


def test_dated_retraction_ends_at_its_date() -> None:
    left = T0 + timedelta(days=3)
    after = plan([stored("employer", "Mercy Hospital")],
                 cand("employer", "Mercy", Op.RETRACT, at=left, said=T0 + timedelta(days=17)))
    assert after["employer-Mercy_Hospital"].valid_to == left


def test_old_news_told_earlier_does_not_end_a_later_value() -> None:
    """A value heard later stays when an earlier-said line arrives late."""
    item = stored("lives_in", "Oslo", at=T0 + timedelta(days=10))
    after = plan([item], cand("lives_in", "Bergen", at=T0, said=T0))
    assert after[item.id].is_current
    bergen = next(i for i in after.values() if i.value == "Bergen")
    assert bergen.status is Status.HISTORICAL


def test_a_new_time_reschedules_the_same_appointment() -> None:
    friday, monday = T0 + timedelta(days=4), T0 + timedelta(days=7)
    items = [stored("appointment", "dentist", when=friday), stored("appointment", "haircut", when=friday)]
    resolution = plan_resolution([cand("appointment", "the dentist", when=monday)],
                                 {i.id: i for i in items}, NOW)
    after = {**{i.id: i for i in items}, **resolution.final_items}
    assert after["appointment-dentist"].status is Status.HISTORICAL
    assert after["appointment-haircut"].is_current
    new = next(i for i in after.values() if i.value == "the dentist")
    assert new.when == monday and new.is_current
    assert resolution.count(Action.SUPERSEDED) == 1


def test_the_same_appointment_at_the_same_time_reinforces() -> None:
    friday = T0 + timedelta(days=4)
    resolution = plan_resolution([cand("appointment", "dentist", when=friday)],
                                 {"appointment-dentist": stored("appointment", "dentist", when=friday)}, NOW)
    assert [c.action for c in resolution.changes] == [Action.REINFORCED]


def test_routines_accumulate_and_relation_is_stored() -> None:
    after = plan([stored("routine", "yoga on Tuesdays")],
                 cand("routine", "swimming on Fridays"),
                 cand("lives_in", "Oslo", subject="Maya's sister", relation="sister", line=2))
    assert all(i.is_current for i in after.values())
    sister = next(i for i in after.values() if i.subject == "Maya's sister")
    assert sister.relation == "sister"


def test_ended_then_replaced_in_the_same_turn_is_superseded_at_the_retraction_date() -> None:
    """'I left Mercy on Friday. I'm at Kaiser now.'"""
    friday, said = T0 + timedelta(days=4), T0 + timedelta(days=7)
    after = plan([stored("employer", "Mercy Hospital")],
                 cand("employer", "Mercy", Op.RETRACT, at=friday, said=said),
                 cand("employer", "Kaiser", at=said, said=said))
    old = after["employer-Mercy_Hospital"]
    new = next(i for i in after.values() if i.value == "Kaiser")
    assert old.status is Status.HISTORICAL and old.superseded_by == new.id
    assert old.valid_to == friday and new.is_current


def test_an_ending_alone_is_history_without_a_successor() -> None:
    after = plan([stored("employer", "Mercy Hospital")], cand("employer", "Mercy", Op.RETRACT))
    assert after["employer-Mercy_Hospital"].status is Status.HISTORICAL
    assert not after["employer-Mercy_Hospital"].superseded_by


def test_upkeep_clock_runs_in_world_time() -> None:
    """Facts of turns said long ago are old however recently the vault read them."""
    from vaultweave.weaver.upkeep.plan import last_use

    old = stored("likes", "jazz", at=T0 - timedelta(days=900)).evolve(observed_at=NOW)
    assert last_use(old) == T0 - timedelta(days=900)
    recalled = old.evolve(last_access=NOW)
    assert last_use(recalled) == NOW
    legacy = old.evolve(heard_at=None)  # written before heard_at existed
    assert last_use(legacy) == NOW


def test_a_repeat_moves_heard_at_to_when_it_was_said_not_ingest_time() -> None:
    said = T0 + timedelta(days=30)
    resolution = plan_resolution([cand("likes", "jazz", at=said)],
                                 {"likes-jazz": stored("likes", "jazz")}, NOW)
    (change,) = resolution.changes
    assert change.after.heard_at == said and change.after.last_access is None


def test_new_and_old_are_part_of_a_name() -> None:
    assert tokens("New York City") == ("new", "york", "city")
    assert names_value("New York City", "new york")
    assert not names_value("New Zealand", "New York")


def test_end_to_end_through_the_rules_path(make_vault: Callable[..., Vault]) -> None:
    """Real vault, real git, the rules extractor: words match, families end."""
    vault = make_vault()
    say(vault, "I work at Mercy Hospital. My favourite food is steak. I love green tea.",
        "2026-01-05T09:00:00Z")
    vault.weave()
    say(vault, "I left Mercy. I went vegetarian. I stopped liking tea.", "2026-02-10T09:00:00Z")
    vault.weave()
    by_value = {i.value: i for i in vault.loaded_items().values()}
    assert by_value["Mercy Hospital"].status is Status.HISTORICAL
    assert by_value["Mercy Hospital"].valid_to == datetime(2026, 2, 10, 9, tzinfo=timezone.utc)
    assert by_value["steak"].status is Status.HISTORICAL
    assert by_value["steak"].superseded_by == by_value["vegetarian"].id
    assert by_value["green tea"].status is Status.HISTORICAL
    assert by_value["vegetarian"].is_current


def test_a_correction_dated_earlier_wins_in_one_cycle() -> None:
    # "I'm 34" then, a minute later, "oh wait I'm 35, birthday was last week": both woven at once.
    said = T0 + timedelta(days=10)
    first = cand("age", "34", at=said, line=1)
    fixed = cand("age", "35", at=said - timedelta(days=7), said=said + timedelta(minutes=1), line=2)
    after = plan_resolution([first, fixed], {}, NOW).final_items
    current = {i.value for i in after.values() if i.status is Status.CURRENT}
    assert current == {"35"}


def test_a_liking_told_with_the_end_of_a_favourite_takes_its_place() -> None:
    # "so over Blur, it's all Pulp now": the favourite band moves on, in the same turn only.
    band = stored("favourite_band", "Blur")
    over = cand("likes", "Blur", Op.RETRACT, line=3)
    now = cand("likes", "Pulp", line=3)
    after = plan([band], over, now)
    assert after["favourite_band-Blur"].status is Status.HISTORICAL
    new = [i.value for i in after.values() if i.attribute == "favourite_band" and i.status is Status.CURRENT]
    assert new == ["Pulp"]
    # a liking told in another turn leaves the favourite alone
    later = plan([band], cand("likes", "Pulp", line=4))
    assert after["favourite_band-Blur"].status is Status.HISTORICAL
    assert [i.value for i in later.values() if i.attribute == "favourite_band"] == ["Blur"]
