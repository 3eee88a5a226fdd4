"""The learned change reader: a turn that tells a change no rule reads still puts the
speaker's current value of that family in doubt, with the packaged models; a turn that
tells nothing changed, a joke, or a turn whose new value the rules read raises none."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from vaultweave.weaver.extract import change_reader
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.vault import Vault

from bench.facts import dataset
from bench.facts.train_changes import TALK_DIRS, turns
from bench.facts.train_reader import talk_problems
from tests.conftest import say


@pytest.mark.parametrize(
    ("text", "family"),
    [
        ("big week, the hospital kitchen took me on full time", "work"),
        ("Friday was my last shift at the garage, onwards and upwards", "work"),
        ("traded in the old van for an electric one last week", "car"),
        ("我下个月起就去杭州那家新公司上班了，这边交接完就走", "work"),
        ("上周末终于搬完家了，新小区离地铁近多了", "home"),
        ("跟男朋友分了，上个礼拜的事", "partner"),
    ],
)
def test_a_change_told_in_passing_is_read_with_its_family(text: str, family: str) -> None:
    assert family in change_reader.changed_families(text)


@pytest.mark.parametrize(
    "text",
    [
        "can you give me a recipe for banana bread without eggs?",
        "what's a good way to learn the guitar chords for a wedding song",
        "帮我写一封给房东的邮件，问一下暖气什么时候修",
        "今天天气不错，给我推荐几本周末看的小说吧",
    ],
)
def test_a_turn_that_changes_nothing_reads_no_change(text: str) -> None:
    assert change_reader.changed_families(text) == []


def test_a_family_the_rules_read_from_the_turn_is_not_doubted() -> None:
    text = "big week, the hospital kitchen took me on full time"
    doubted = change_reader.learned_doubts(text, [])
    assert {"employer", "job_title"} <= {f.attribute for f in doubted}
    assert all(f.op is Op.DOUBT and f.value == "" for f in doubted)
    read = [Fact("employer", "the hospital kitchen", Op.ASSERT, 0.8)]
    assert not {"employer", "job_title"} & {f.attribute for f in change_reader.learned_doubts(text, read)}
    # what the rules read of someone else silences nothing of the speaker's
    theirs = [Fact("employer", "the hospital kitchen", Op.ASSERT, 0.8, about="sister")]
    assert "employer" in {f.attribute for f in change_reader.learned_doubts(text, theirs)}


def test_a_change_of_someone_elses_raises_no_learned_doubt() -> None:
    text = "我妹上个月搬到深圳了"
    assert "home" in change_reader.changed_families(text)  # the model alone would
    read = facts_in(text)
    assert [(f.about, f.attribute) for f in read if f.value] == [("sister", "lives_in")]
    assert change_reader.learned_doubts(text, read) == []


def test_a_joke_raises_no_learned_doubt() -> None:
    assert change_reader.changed_families("Friday was my last shift at the garage!!") == ["work"]
    assert change_reader.learned_doubts("Friday was my last shift at the garage!! jk, I wish", []) == []


def test_the_language_and_the_features_of_a_turn() -> None:
    assert change_reader.language("搬到杭州了 new place is nice") == "zh"
    assert change_reader.language("moved to Hangzhou (杭州) last week") == "en"
    # traditional characters are read as simplified, as the rules read them
    assert change_reader.features("搬進新家了", "zh") == change_reader.features("搬进新家了", "zh")
    assert change_reader.features("I’m moving", "en") == change_reader.features("i'm moving", "en")


def test_huge_and_hostile_turns_stay_cheap() -> None:
    hostile = ("new job " * 20000) + "\x00\u202e" + ("搬家" * 20000) + ("(" * 5000)
    started = time.perf_counter()
    change_reader.changed_families(hostile)
    change_reader.changed_families("")
    assert time.perf_counter() - started < 2


def test_the_training_labels_follow_the_gold_window() -> None:
    conv = {
        "lang": "en",
        "speaker": "Tom",
        "turns": [
            {"ts": "2026-01-05T09:00:00Z", "role": "user", "text": "I work at Mercy Hospital"},
            {"ts": "2026-01-05T09:01:00Z", "role": "assistant", "text": "Noted."},
            {"ts": "2026-02-03T09:00:00Z", "role": "user", "text": "help me with a cover letter"},
            {"ts": "2026-02-20T09:00:00Z", "role": "user", "text": "left Mercy, at St Vincent's monday"},
        ],
        "superseded": [
            {"subject": "Tom", "attribute": "employer", "value": "Mercy Hospital",
             "ended_after": "2026-02-10", "ended_before": "2026-02-20"},
            {"subject": "Anna", "attribute": "lives_in", "value": "Oslo",
             "ended_after": "2026-01-01", "ended_before": "2026-01-06"},  # someone else's: no label
        ],
    }
    assert [families for *_, families in turns([conv])] == [frozenset(), frozenset(), frozenset({"work"})]
    # a conversation that doubts a fact of the speaker's teaches no "nothing changed" after its first turn
    doubting = {**conv, "doubted": [{"subject": "Tom", "attribute": "lives_in", "value": "Leeds"}]}
    assert [families for *_, families in turns([doubting])] == [frozenset(), frozenset({"work"})]


def test_the_conversations_it_learns_from_are_clean_and_never_scored() -> None:
    for folder in TALK_DIRS:
        assert {c["lang"] for c in dataset.load(folder)} == {"en", "zh"}
    assert talk_problems(*TALK_DIRS) == []


@pytest.mark.parametrize(
    ("first", "then", "attribute", "value"),
    [
        ("I work at Google as a product manager.", "big week, the hospital kitchen took me on full time",
         "employer", "Google"),
        ("我住在苏州", "上周末终于搬完家了，新小区离地铁近多了", "lives_in", "苏州"),
    ],
)
def test_a_change_no_rule_reads_flags_the_current_value_in_the_vault(
    make_vault: Callable[..., Vault], first: str, then: str, attribute: str, value: str
) -> None:
    vault = make_vault()
    say(vault, first, "2026-01-05T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    doubt_id = say(vault, then, "2026-02-10T09:00:00Z")
    vault.weave(extractor=RulesExtractor())
    [held] = [i for i in vault.loaded_items().values() if i.attribute == attribute]
    assert held.value == value and held.is_current and held.doubt == doubt_id
