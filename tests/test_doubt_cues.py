"""Doubts from cues: a change told in words no rule reads as a new value still puts the
speaker's current value in doubt, in English and Chinese; other people's changes,
hypotheticals and changes ruled out raise nothing."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in, split_sentences
from vaultweave.weaver.extract.unsure import unsure_sentences
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def _doubted(text: str) -> set[str]:
    """The attributes of the speaker's a cue puts in doubt (a sentence doubting a value it
    names is tests/test_unsure.py's)."""
    named = set(unsure_sentences(split_sentences(text)))
    return {f.attribute for f in facts_in(text) if f.op is Op.DOUBT and f.value not in named and not f.about}


@pytest.mark.parametrize(
    ("text", "attributes"),
    [
        ("been interviewing with a couple of places, fingers crossed", {"employer", "job_title"}),
        ("boxes everywhere, the lease is up on friday", {"lives_in"}),
        ("handed in my notice this morning!!", {"employer"}),
        ("honestly the separation has been rough", {"partner", "spouse"}),
        ("took the dog to the vet again, he's not doing great", {"pet"}),
        ("最近在偷偷面试", {"employer", "job_title"}),
        ("房东不续租了，头疼", {"lives_in"}),
        ("猫咪生病了，这两天在医院", {"pet"}),
        ("下个月准备休学一年", {"studies_at"}),
    ],
)
def test_a_change_in_words_no_rule_reads_raises_a_doubt(text: str, attributes: set[str]) -> None:
    assert attributes <= _doubted(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister is moving to Oslo next month",  # hers
        "my brother got laid off, poor guy",
        "I'm not moving out, I love this flat",  # ruled out
        "if I ever change jobs I'd want something remote",  # a hypothetical
        "work was crazy today",  # the topic, no change
        "我妈退休在家带孩子",  # hers
        "如果搬家的话，得先找好学校",
        "我不想辞职，就是累",
    ],
)
def test_someone_elses_change_a_hypothetical_or_a_ruled_out_one_raises_none(text: str) -> None:
    assert _doubted(text) & {"employer", "job_title", "lives_in"} == set()


def test_someone_elses_move_ahead_doubts_their_home_not_the_speakers() -> None:
    facts = facts_in("my sister is moving to Oslo next month")
    assert [(f.about, f.attribute) for f in facts if f.op is Op.DOUBT] == [("sister", "lives_in")]


def test_a_turn_that_tells_the_new_value_raises_no_doubt_of_its_family() -> None:
    facts = facts_in("I got a new job, I work at Figma now")
    assert not [f for f in facts if f.op is Op.DOUBT and f.attribute in ("employer", "job_title")]


def test_huge_and_hostile_turns_stay_cheap() -> None:
    hostile = ("moving " * 3000) + "\x00\u202e" + ("搬家" * 3000) + ("(" * 5000)
    started = time.perf_counter()
    facts_in(hostile)
    assert time.perf_counter() - started < 5


def test_a_cue_flags_the_current_value_in_the_vault(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    doubt_id = say(vault, "ugh, job hunting again. the interviews are exhausting", "2026-02-10T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    [google] = [i for i in vault.loaded_items().values() if i.attribute == "employer"]
    assert google.is_current and google.value == "Google" and google.doubt == doubt_id
    assert "possibly outdated" in vault.context("Where does Maya work?").text


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("we had to push it back to next month", "appointment"),
        ("朋友临时要加班，改成周六中午了", "appointment"),
        ("the studio cut the friday class so I'm switching pilates to mondays", "routine"),
        ("公司要黄了，得早做打算", "employer"),
    ],
)
def test_moved_appointments_changed_routines_and_slang_raise_their_doubt(text: str, attribute: str) -> None:
    assert attribute in _doubted(text)


@pytest.mark.parametrize(
    "text",
    [
        "恨不得明天就辞职。开玩笑的，房租还得交",  # taken back
        "ugh I'm quitting tomorrow. jk, rent exists",
        "还是算了，房东不让养宠物",  # a landlord, no move
        "入职一周了，食堂是真的香",  # the job already told
    ],
)
def test_a_joke_a_landlord_or_a_job_settled_into_raises_none(text: str) -> None:
    assert _doubted(text) & {"employer", "job_title", "lives_in"} == set()


@pytest.mark.parametrize(
    ("text", "attributes"),
    [
        # weighed, hedged or feared, a change is still a doubt; of the place only, when
        # the work itself is not in question
        ("my contract maybe not renewed in april, manager is very quiet", {"employer"}),
        ("got 2 final rounds next week", {"employer"}),
        ("we're 100% moving this summer, just no clue where yet", {"lives_in"}),
        ("not sure i'll even stay in london after the masters", {"lives_in"}),
        ("not sure i will continue with the german, it feels pointless now", {"learning", "hobby"}),
        ("最近老在想要不要从美团离职 干得没意思 但还没想好", {"employer", "job_title"}),
        ("说真的 最近一直在想要不要转行", {"job_title"}),
        ("听说我们幼儿园招不到生可能要关了 工作保不保得住都不知道", {"employer"}),
        ("海尔这边说我们部门可能要整体搬去烟台", {"employer", "lives_in"}),
        ("最近又馋肉了 这个弹性素食不知道还坚持得了不", {"diet"}),
        ("最近跟他老吵架 不知道还能不能走下去",
         {"partner", "spouse", "boyfriend", "girlfriend", "fiance", "wife", "husband"}),  # the word told
        ("结果啥事没有 我是不是压根就不过敏啊", {"allergy"}),
    ],
)
def test_hedged_changes_raise_a_doubt_of_what_they_weigh(text: str, attributes: set[str]) -> None:
    assert _doubted(text) == attributes
