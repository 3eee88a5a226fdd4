"""A value named in a sentence that doubts it lasts (weaver/extract/unsure.py): flagged in a
real vault when the sentence names it, of the speaker or of the person it speaks of, and
nothing else. None is taken from the bench."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.rules import RulesExtractor, split_sentences
from vaultweave.weaver.extract.unsure import unsure_sentences
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def _current(vault: Vault, attribute: str) -> list:
    return [i for i in vault.loaded_items().values() if i.attribute == attribute and i.is_current]


@pytest.mark.parametrize(
    ("told", "doubting", "attribute"),
    [
        ("I work at Siemens in Munich.",
         "honestly I dont know how long I stay at Siemens, they cut the team again", "employer"),
        ("I live in Valparaíso.", "not sure how long i can stay in valparaíso, rent is crazy", "lives_in"),
        ("我在美团上班", "听说站点要撤并 下个月我还在不在美团干都不好说了", "employer"),
        ("我住在成都", "最近在考虑要不要回乐山 成都房租太贵了 还没想好", "lives_in"),
    ],
)
def test_a_value_named_in_a_doubting_sentence_is_flagged(
    make_vault: Callable[..., Vault], told: str, doubting: str, attribute: str
) -> None:
    vault = make_vault()
    say(vault, told, "2026-01-05T09:00:00Z")
    doubt_id = say(vault, doubting, "2026-02-10T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    [item] = _current(vault, attribute)
    assert item.doubt == doubt_id


def test_someone_elses_value_is_flagged_as_theirs(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my gf Camila is vegetarian", "2026-01-04T09:00:00Z")
    say(vault, "my brother Declan lives in Sydney", "2026-01-05T09:00:00Z")
    doubt_id = say(vault, "not even sure he's still in sydney, mam said something about perth",
                   "2026-02-10T09:00:00Z")
    camila_id = say(vault, "not sure camila is still vegetarian tbh, saw her eating wings",
                    "2026-02-11T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    [sydney] = [i for i in _current(vault, "lives_in") if i.subject == "Declan"]
    [diet] = [i for i in _current(vault, "diet") if i.subject == "Camila"]
    [girlfriend] = _current(vault, "girlfriend")
    assert (sydney.doubt, diet.doubt) == (doubt_id, camila_id)
    assert girlfriend.doubt == ""  # she is its subject; the relationship is not in question


def test_a_partner_is_doubted_only_with_the_speaker_in_the_sentence(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "my fiance Kerem and I are planning the wedding", "2026-01-05T09:00:00Z")
    doubt_id = say(vault, "Kerem and me have big problems lately, I don't know anymore if it will happen",
                   "2026-02-10T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    [kerem] = _current(vault, "fiance")
    assert kerem.doubt == doubt_id


def test_a_doubt_that_names_nothing_held_flags_nothing(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I live in Leeds and work at Asda.", "2026-01-05T09:00:00Z")
    say(vault, "not sure the tram will still run after the strike, who knows", "2026-02-10T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    assert all(not i.doubt for i in vault.loaded_items().values())


@pytest.mark.parametrize(
    "text",
    ["not sure what to cook tonight", "I don't know which flat white to order", "我还没吃饭", "no idea lol",
     "x" * 5000 + " not sure I'll still stay"],
)
def test_no_question_of_lasting_is_no_doubting_sentence(text: str) -> None:
    assert unsure_sentences(split_sentences(text)) == []
