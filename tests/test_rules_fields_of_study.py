"""What someone studies, the field and not the school (``studies``): "2nd yr nursing at UST",
"a bio major", "学心理学的", "新闻系". The field must be one of the disciplines' words, so
study talk about anything else stores nothing. None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.attributes import is_single_valued
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

from tests.conftest import say, values_held


def studied(text: str) -> set[tuple[str, str, str]]:
    """(about, attribute, value) of every study fact asserted in ``text``."""
    return {(f.about or "", f.attribute, f.value) for f in facts_in(text)
            if f.op is Op.ASSERT and f.attribute in ("studies", "studies_at")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("im studying physiotherapy at Otago, first year", {("", "studies", "physiotherapy"),
                                                            ("", "studies_at", "Otago")}),
        ("second yr civil engineering at Moi, the maths is brutal", {("", "studies", "civil engineering"),
                                                                      ("", "studies_at", "Moi")}),
        ("i'm doing my masters in data science part time", {("", "studies", "data science")}),
        ("honestly i'm a psych major so i overthink everything", {("", "studies", "psychology")}),
        ("my cousin Dara is doing dentistry at Trinity", {("cousin", "studies", "dentistry"),
                                                         ("cousin", "studies_at", "Trinity")}),
        ("my daughter studies marine biology, she loves it", {("daughter", "studies", "marine biology")}),
    ],
)
def test_an_english_field_of_study_is_read(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert studied(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "so i study on the metro mostly",
        "i'm doing business in Accra this week",
        "doing marketing at Unilever now, 3 years",
        "i have a degree in law but never practised",
        "doing maths homework with the kids",
        "what should i study, law or medicine?",
    ],
)
def test_study_talk_without_a_field_being_studied_stores_none(text: str) -> None:
    assert not {fact for fact in studied(text) if fact[1] == "studies"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我在厦大读大二 学会计的", {("", "studies", "会计")}),
        ("儿子在成都读研 学的是软件工程", {("son", "studies", "软件工程")}),
        ("我在政大念大三 國貿系", {("", "studies", "國貿")}),
        ("在多伦多读了个金融硕士 累死", {("", "studies", "金融")}),
        ("我闺女在武汉读大一 学护理的", {("daughter", "studies", "护理")}),
    ],
)
def test_a_chinese_field_of_study_is_read(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert {fact for fact in studied(text) if fact[1] == "studies"} == expected


@pytest.mark.parametrize(("text", "learning"), [("我在学日语", "Japanese"), ("我最近在学吉他", "吉他")])
def test_learning_a_language_or_a_skill_is_not_a_field(text: str, learning: str) -> None:
    facts = {(f.attribute, f.value) for f in facts_in(text)}
    assert ("learning", learning) in facts
    assert not [f for f in facts if f[0] == "studies"]


@pytest.mark.parametrize("text", ["我们关系很好", "学车的时候被骂惨了", "读书的时候住校"])
def test_chinese_talk_that_only_looks_like_study_stores_no_field(text: str) -> None:
    assert not {fact for fact in studied(text) if fact[1] == "studies"}


def test_a_new_field_ends_the_old_one(make_vault: Callable[..., Vault]) -> None:
    assert is_single_valued("studies")
    vault = make_vault()
    say(vault, "i'm in 2nd year mechanical engineering at Unilag", "2026-01-10T10:00:00Z")
    say(vault, "i switched! now i'm studying computer science, still unilag", "2026-02-20T10:00:00Z")
    vault.weave_all()
    assert values_held(vault, "studies") == [("computer science", True), ("mechanical engineering", False)]
