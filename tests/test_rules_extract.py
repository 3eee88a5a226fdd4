"""The rules extractor: facts in English and Chinese, retractions, small talk, the sample vault."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from vaultweave.store.resources import Resource, parse_line
from vaultweave.weaver.attributes import spec_for
from vaultweave.weaver.extract.base import BY_NAME, Op
from vaultweave.weaver.extract.rules import RulesExtractor
from vaultweave.weaver.extract.things_ended_en import ENDABLE

A, R, D = Op.ASSERT, Op.RETRACT, Op.DOUBT
TS = datetime(2026, 1, 5, 9, 30, tzinfo=timezone.utc)
SAMPLE_VAULT = Path(__file__).resolve().parent.parent / "sample_vault"

Expected = list[tuple[str, str, Op]]


def turn(
    text: str, *, role: str | None = "user", speaker: str | None = None, line: int = 1, ts: datetime = TS
) -> Resource:
    path = f"resources/{ts:%Y/%m/%d}.jsonl"
    return Resource(id=f"{path}#L{line}", path=path, line=line, text=text, ts=ts, role=role, speaker=speaker)


def facts(text: str) -> Expected:
    """What the rules read of the turn; the words they hand the resolver beside a word of
    change (doubts by name) are tests/test_doubts_by_name_twentythird.py's."""
    read = RulesExtractor().extract([turn(text)])
    return [(c.attribute, c.value, c.op) for c in read if c.attribute != BY_NAME]


ENGLISH: list[tuple[str, Expected]] = [
    # identity
    ("Hi, I'm Maya.", [("name", "Maya", A)]),
    ("My name is Maya Chen and I'm 31.", [("name", "Maya Chen", A), ("age", "31", A)]),
    ("You can call me Max.", [("name", "Max", A)]),
    ("I'm 29 years old.", [("age", "29", A)]),
    ("I just turned 30.", [("age", "30", A)]),
    ("I'm from Lyon.", [("hometown", "Lyon", A)]),
    ("I'm originally from Lyon, France.", [("hometown", "Lyon, France", A)]),
    ("I grew up in Toronto.", [("hometown", "Toronto", A)]),
    # places
    ("I live in Berlin.", [("lives_in", "Berlin", A)]),
    ("I moved to Lisbon!", [("lives_in", "Lisbon", A)]),
    ("I just relocated to New York City.", [("lives_in", "New York City", A)]),
    ("I'm based in Berlin.", [("lives_in", "Berlin", A)]),
    ("We moved to a new apartment in Porto.", [("lives_in", "Porto", A)]),
    # work and study
    ("I work at Google.", [("employer", "Google", A)]),
    ("I work for the BBC.", [("employer", "BBC", A)]),
    ("I just started at OpenAI.", [("employer", "OpenAI", A)]),
    ("I joined Spotify last week.", [("employer", "Spotify", A)]),
    ("I got a job at a startup called Nimbus.", [("employer", "Nimbus", A)]),
    (
        "I'm a software engineer at Google.",
        [("job_title", "software engineer", A), ("employer", "Google", A)],
    ),
    (
        "I work at Google as a Product Manager.",
        [("job_title", "product manager", A), ("employer", "Google", A)],
    ),
    ("I'm the CTO at Nimbus.", [("job_title", "CTO", A), ("employer", "Nimbus", A)]),
    ("I work as a data scientist.", [("job_title", "data scientist", A)]),
    ("I'm a nurse.", [("job_title", "nurse", A)]),
    ("I got promoted to senior engineer.", [("job_title", "senior engineer", A)]),
    ("I'm studying at MIT.", [("studies_at", "MIT", A)]),
    # likes, dislikes, favourites, hobbies
    (
        "I love hiking, cooking and jazz.",
        [("likes", "hiking", A), ("likes", "cooking", A), ("likes", "jazz", A)],
    ),
    ("I really like coffee.", [("likes", "coffee", A)]),
    ("I love to cook.", [("likes", "cooking", A)]),
    ("I love mac and cheese.", [("likes", "mac and cheese", A)]),
    ("I love sushi a lot these days 🍣", [("likes", "sushi", A)]),
    ("I'm a big fan of Radiohead.", [("likes", "Radiohead", A)]),
    ("I've always loved jazz, especially live.", [("likes", "jazz", A)]),
    ("I'm into bouldering.", [("likes", "bouldering", A)]),
    ("I can't stand cilantro.", [("dislikes", "cilantro", A)]),
    ("I hate traffic jams.", [("dislikes", "traffic jams", A)]),
    ("I don't like horror movies.", [("dislikes", "horror movies", A)]),
    ("My favourite food is ramen.", [("favourite_food", "ramen", A)]),
    ("My favorite color is green.", [("favourite_colour", "green", A)]),
    ("My favourite drink is a flat white.", [("favourite_drink", "flat white", A)]),
    ("Lisbon is my favourite city.", [("favourite_city", "Lisbon", A)]),
    ("My hobbies are painting and chess.", [("hobby", "painting", A), ("hobby", "chess", A)]),
    ("I took up pottery.", [("hobby", "pottery", A)]),
    # diet and health
    ("I'm vegetarian.", [("diet", "vegetarian", A)]),
    ("I'm a vegan now.", [("diet", "vegan", A)]),
    ("I went vegan last week!", [("diet", "vegan", A)]),
    ("I eat a keto diet.", [("diet", "keto", A)]),
    ("I'm pescatarian, so fish is fine.", [("diet", "pescatarian", A)]),
    ("I don't eat meat.", [("diet", "vegetarian", A)]),
    ("I started eating meat again.", [("diet", "omnivore", A)]),
    ("I'm allergic to peanuts and shellfish.", [("allergy", "peanuts", A), ("allergy", "shellfish", A)]),
    # languages and learning
    (
        "I speak English, German and a bit of Spanish.",
        [("speaks", "English", A), ("speaks", "German", A), ("speaks", "Spanish", A)],
    ),
    ("I'm fluent in French.", [("speaks", "French", A)]),
    ("I'm learning Portuguese.", [("learning", "Portuguese", A)]),
    ("I'm learning to surf.", [("learning", "surfing", A)]),
    # pets and family
    ("I have a dog named Rex.", [("pet", "a dog named Rex", A)]),
    ("I have two cats called Luna and Max.", [("pet", "a cat named Luna", A), ("pet", "a cat named Max", A)]),
    ("I have a golden retriever named Max.", [("pet", "a dog named Max", A)]),
    ("My cat Luna is asleep on my keyboard.", [("pet", "a cat named Luna", A)]),
    ("My sister Anna lives in Paris.", [("sister", "Anna", A), ("lives_in", "Paris", A)]),
    ("I have two kids.", [("child", "two kids", A)]),
    ("My wife is Li.", [("wife", "Li", A)]),
    ("I live in Berlin with my husband Tom.", [("lives_in", "Berlin", A), ("husband", "Tom", A)]),
    ("I'm married to Sam.", [("spouse", "Sam", A)]),
    # habits
    ("I run every morning.", [("routine", "running every day", A)]),  # every day: a routine, as 每天 is
    ("I go to the gym three times a week.", [("habit", "goes to the gym", A)]),
    ("I smoke.", [("habit", "smokes", A)]),
    ("I started doing yoga.", [("habit", "does yoga", A)]),
    ("I call my mom every Sunday.", [("routine", "calling my mom on Sundays", A)]),
    # notes
    ("Remember that my passport expires in March.", [("note", "my passport expires in March", A)]),
    (
        "Please remember I'm allergic to shellfish!",
        [("note", "I'm allergic to shellfish", A), ("allergy", "shellfish", A)],
    ),
    ("Note: the spare key is under the plant.", [("note", "the spare key is under the plant", A)]),
    ("Can you remember that my flight is at 6.30?", [("note", "my flight is at 6.30", A)]),
]

CHINESE: list[tuple[str, Expected]] = [
    ("我叫小明。", [("name", "小明", A)]),
    ("我的名字是王芳", [("name", "王芳", A)]),
    ("我今年二十九岁。", [("age", "29", A)]),
    ("我来自上海。", [("hometown", "上海", A)]),
    ("我住在北京。", [("lives_in", "北京", A)]),
    ("我搬到了深圳。", [("lives_in", "深圳", A)]),
    ("我在腾讯工作。", [("employer", "腾讯", A)]),
    # a city is no employer; it is where one works and, nearly always, lives
    ("我在北京工作。", [("lives_in", "北京", A)]),
    ("我入职了字节跳动！", [("employer", "字节跳动", A)]),
    ("我在谷歌当软件工程师。", [("job_title", "软件工程师", A), ("employer", "谷歌", A)]),
    ("我是一名软件工程师。", [("job_title", "软件工程师", A)]),
    ("我喜欢喝茶。", [("likes", "喝茶", A)]),
    ("我很喜欢猫、狗和兔子", [("likes", "猫", A), ("likes", "狗", A), ("likes", "兔子", A)]),
    ("我喜欢和朋友聊天", [("likes", "和朋友聊天", A)]),
    ("我爱吃火锅", [("likes", "火锅", A)]),  # the thing, not the act
    ("我不喜欢香菜。", [("dislikes", "香菜", A)]),
    ("我讨厌下雨天。", [("dislikes", "下雨天", A)]),
    ("我最喜欢的饮料是乌龙茶。", [("favourite_drink", "乌龙茶", A)]),
    ("我最喜欢的电影是《花样年华》", [("favourite_movie", "花样年华", A)]),
    ("我吃素。", [("diet", "vegetarian", A)]),
    ("我是素食者。", [("diet", "vegetarian", A)]),
    ("我现在吃纯素了。", [("diet", "vegan", A)]),
    ("我会说中文和英语。", [("speaks", "Chinese", A), ("speaks", "English", A)]),
    ("我在学葡萄牙语。", [("learning", "Portuguese", A)]),
    ("我养了一只猫，叫Mochi。", [("pet", "a cat named Mochi", A)]),
    ("我家有两只狗", [("pet", "two dogs", A)]),
    ("我有一个妹妹。", [("sibling", "a sister", A)]),
    ("我老婆叫李华。", [("spouse", "李华", A)]),
    ("我每天早上跑步。", [("routine", "跑步 每天", A)]),  # a routine with its days, no habit beside it
    ("我对花生过敏。", [("allergy", "花生", A)]),
    ("记住我的护照三月到期。", [("note", "我的护照三月到期", A)]),
    (
        "我叫小明，来自上海，今年25岁，我喜欢猫。",
        [("name", "小明", A), ("hometown", "上海", A), ("age", "25", A), ("likes", "猫", A)],
    ),
]

RETRACTIONS: list[tuple[str, Expected]] = [
    ("I no longer live in Berlin.", [("lives_in", "Berlin", R)]),
    (
        "I don't live in Berlin anymore, I live in Lisbon now.",
        [("lives_in", "Berlin", R), ("lives_in", "Lisbon", A)],
    ),
    (
        "I used to live in Berlin but now I live in Lisbon.",
        [("lives_in", "Berlin", R), ("lives_in", "Lisbon", A)],
    ),
    ("I moved out of Berlin.", [("lives_in", "Berlin", R)]),
    ("I don't like coffee anymore.", [("likes", "coffee", R)]),
    ("I don't really like coffee any more.", [("likes", "coffee", R)]),
    ("I'm not vegetarian anymore.", [("diet", "vegetarian", R)]),
    ("I'm no longer vegan.", [("diet", "vegan", R)]),
    ("I stopped being vegetarian.", [("diet", "vegetarian", R)]),
    ("I no longer work at Google.", [("employer", "Google", R), ("job_title", "", D)]),
    ("I left Google.", [("employer", "Google", R), ("job_title", "", D)]),
    ("I left Google for OpenAI.", [("employer", "Google", R), ("employer", "OpenAI", A)]),
    ("I quit my job at Google.", [("employer", "Google", R), ("job_title", "", D)]),
    ("I quit my job.", [("employer", "", R), ("job_title", "", R)]),  # the title goes with the job
    ("I quit smoking!", [("habit", "smokes", R)]),
    ("I no longer smoke.", [("habit", "smokes", R)]),
    ("I stopped running.", [("habit", "runs", R)]),
    ("I stopped doing yoga.", [("habit", "does yoga", R)]),
    # A bare noun may be a liking, a course, a routine, a job...: each is retracted, and
    # the resolver ends only the one that holds the value.
    ("I gave up coffee.", [(a, "coffee", R) for a in ENDABLE]),
    ("I stopped learning Spanish.", [("learning", "Spanish", R)]),
    ("My dog Rex died last week.", [("pet", "a dog named Rex", R)]),
    ("I broke up with Tom.", [("partner", "Tom", R)]),
    ("我不再喜欢咖啡。", [("likes", "咖啡", R)]),
    ("我不喜欢咖啡了。", [("likes", "咖啡", R)]),
    ("我不再吃素了。", [("diet", "vegetarian", R)]),
    ("我戒烟了！", [("habit", "smokes", R)]),
    ("我从谷歌离职了。", [("employer", "谷歌", R), ("job_title", "", D)]),
    ("我已经不在腾讯工作了。", [("employer", "腾讯", R), ("job_title", "", D)]),
    ("我离开了柏林。", [("lives_in", "柏林", R)]),
    ("我以前住在柏林，现在住在里斯本。", [("lives_in", "柏林", R), ("lives_in", "里斯本", A)]),
]

SMALL_TALK: list[str] = [
    "I quit and founded Sunbeam; weekends are for mountain hikes.",
    "I gave up and went home.",
    "Hello!",
    "Thanks so much, that's really helpful.",
    "Good morning :)",
    "Do you like jazz?",
    "What's your name?",
    "Where do you live",
    "你喜欢什么？",
    "你住在哪里",
    "I'd like to visit Paris someday.",
    "I would love to live in Tokyo.",
    "If I lived in Paris, I'd eat croissants every day.",
    "I'm going to quit smoking.",
    "I think I love sushi.",
    "I feel like pizza tonight.",
    "I love it!",
    "I love that idea.",
    "I like this one.",
    "I love you guys.",
    "I'm tired.",
    "I'm Italian.",
    "I'm a morning person.",
    "I'm a little busy today.",
    "It's raining again.",
    "The weather is lovely today.",
    "I work from home.",
    "I joined a gym.",
    "I started at 9am.",
    "I was born in March.",
    "I'm 5 minutes away.",
    "I don't live in Berlin.",
    "Do you remember my cat?",
    "我想住在巴黎。",
    "如果我住在上海就好了。",
    "我爱你",
    "我在家工作。",
    "今天天气很好。",
]


@pytest.mark.parametrize(("text", "expected"), ENGLISH, ids=[c[0] for c in ENGLISH])
def test_english_facts(text: str, expected: Expected) -> None:
    assert facts(text) == expected


@pytest.mark.parametrize(("text", "expected"), CHINESE, ids=[c[0] for c in CHINESE])
def test_chinese_facts(text: str, expected: Expected) -> None:
    assert facts(text) == expected


@pytest.mark.parametrize(("text", "expected"), RETRACTIONS, ids=[c[0] for c in RETRACTIONS])
def test_retractions(text: str, expected: Expected) -> None:
    assert facts(text) == expected


@pytest.mark.parametrize("text", SMALL_TALK)
def test_small_talk_yields_nothing(text: str) -> None:
    assert facts(text) == []


def test_a_move_weeks_ahead_is_a_plan_that_only_doubts_the_home() -> None:
    assert facts("I'm moving to Lisbon next month.") == [("lives_in", "", Op.DOUBT)]


def test_candidate_carries_subject_source_time_and_canonical_text() -> None:
    ts = datetime(2026, 2, 9, 20, 15, tzinfo=timezone.utc)
    [candidate] = RulesExtractor().extract([turn("I live in Lisbon.", speaker="Maya", line=7, ts=ts)])
    assert candidate.subject == "Maya"
    assert candidate.source == "resources/2026/02/09.jsonl#L7"
    assert candidate.valid_from == ts
    assert candidate.text == "Maya lives in Lisbon."
    assert (candidate.category, candidate.kind) == (spec_for("lives_in").category, spec_for("lives_in").kind)
    assert candidate.origin == "rules"
    assert 0.0 < candidate.confidence <= 1.0


def test_subject_falls_back_to_default_subject() -> None:
    [candidate] = RulesExtractor(default_subject="Maya").extract([turn("I love tea.")])
    assert (candidate.subject, candidate.text) == ("Maya", "Maya likes tea.")
    [blank] = RulesExtractor().extract([turn("I love tea.", speaker="  ")])
    assert blank.subject == "user"


def test_unambiguous_patterns_are_more_confident_than_loose_ones() -> None:
    [sure] = RulesExtractor().extract([turn("I love tea.")])
    [loose] = RulesExtractor().extract([turn("I'm into tea.")])
    [note] = RulesExtractor().extract([turn("Remember that the meeting moved.")])
    assert loose.confidence < sure.confidence < note.confidence


def test_empty_value_retraction_reads_as_a_sentence() -> None:
    read = RulesExtractor().extract([turn("I quit my job.", speaker="Maya")])
    candidate, _title = [c for c in read if c.attribute != BY_NAME]
    assert (candidate.value, candidate.op, candidate.text) == ("", R, "Maya's employer ended.")


@pytest.mark.parametrize("role", ["assistant", "system", "tool", "Assistant"])
def test_ignored_roles_yield_nothing(role: str) -> None:
    assert RulesExtractor().extract([turn("I love helping people. I live in the cloud.", role=role)]) == []


def test_ignore_roles_is_the_gate_not_the_text() -> None:
    line = turn("I love helping people.", role="assistant", speaker="assistant")
    assert RulesExtractor(ignore_roles=()).extract([line])[0].value == "helping people"
    assert RulesExtractor(ignore_roles=("bot",)).extract([turn("I love tea.", role="bot")]) == []


def test_line_without_role_is_judged_by_its_speaker() -> None:
    assert RulesExtractor().extract([turn("I love tea.", role=None, speaker="assistant")]) == []
    assert len(RulesExtractor().extract([turn("I love tea.", role=None, speaker="Maya")])) == 1


def test_multi_sentence_turn_keeps_textual_order() -> None:
    text = (
        "Hi! I live in Berlin. What do you think? I love tea; my favourite colour is green. "
        "我喜欢猫。 Anyway, I work at Google and I hate traffic."
    )
    assert facts(text) == [
        ("lives_in", "Berlin", A),
        ("likes", "tea", A),
        ("favourite_colour", "green", A),
        ("likes", "猫", A),
        ("employer", "Google", A),
        ("dislikes", "traffic", A),
    ]


def test_no_exact_duplicates_within_a_resource() -> None:
    assert facts("I love tea. I love tea! Honestly, I love tea.") == [("likes", "tea", A)]


def test_extract_is_deterministic_and_keeps_resource_order() -> None:
    lines = [turn(text, line=n) for n, (text, _) in enumerate(ENGLISH + CHINESE + RETRACTIONS, 1)]
    first = RulesExtractor(default_subject="Maya").extract(lines)
    again = RulesExtractor(default_subject="Maya").extract(lines)
    assert first == again
    numbers = [int(c.source.rpartition("#L")[2]) for c in first]
    assert numbers == sorted(numbers)


def test_overlong_values_are_rejected_not_truncated() -> None:
    assert facts("I love " + "very " * 30 + "long things.") == []
    assert facts("I love " + "x" * 60 + ".") == [("likes", "x" * 60, A)]


# -- the sample vault ------------------------------------------------------------------


def _sample_resources() -> list[Resource]:
    resources: list[Resource] = []
    for file in sorted((SAMPLE_VAULT / "resources").rglob("*.jsonl")):
        rel = file.relative_to(SAMPLE_VAULT).as_posix()
        raw_lines = file.read_bytes().split(b"\n")
        assert raw_lines[-1] == b"", f"{rel} must end with a newline"
        for number, raw in enumerate(raw_lines[:-1], start=1):
            parsed = parse_line(rel, number, raw)
            assert isinstance(parsed, Resource), str(parsed)
            assert f"{parsed.ts:%Y/%m/%d}" in rel, f"{parsed.id}: ts is not on the file's UTC day"
            assert json.loads(raw)["ts"].endswith("Z")
            resources.append(parsed)
    return resources


def test_sample_vault_is_a_realistic_conversation() -> None:
    resources = _sample_resources()
    assert len(resources) >= 90
    assert {r.role for r in resources} == {"user", "assistant"}
    assert {r.speaker for r in resources if r.role == "user"} == {"Maya"}
    assert (resources[-1].ts - resources[0].ts).days >= 35
    assert sum(1 for r in resources if r.role == "user" and "我" in r.text) >= 4


# (date, attribute, value, op): each fact change, both its old and new side.
SAMPLE_CHANGES = [
    ("2026-01-05", "employer", "Google", A),
    ("2026-01-30", "employer", "Google", R),
    ("2026-02-02", "employer", "OpenAI", A),
    ("2026-01-05", "job_title", "software engineer", A),
    ("2026-02-02", "job_title", "research engineer", A),
    ("2026-01-05", "lives_in", "Berlin", A),
    ("2026-02-09", "lives_in", "Lisbon", A),
    ("2026-01-05", "diet", "vegetarian", A),
    ("2026-01-20", "diet", "vegan", A),
    ("2026-01-06", "favourite_drink", "flat white", A),
    ("2026-02-10", "favourite_drink", "乌龙茶", A),
    ("2026-01-05", "habit", "smokes", A),
    ("2026-01-26", "habit", "smokes", R),
    ("2026-01-06", "routine", "running every day", A),
    ("2026-02-18", "habit", "runs", R),
    ("2026-01-06", "likes", "coffee", A),
    ("2026-02-10", "likes", "coffee", R),
    ("2026-01-14", "learning", "Chinese", A),
    ("2026-01-14", "pet", "a cat named Mochi", A),
    ("2026-01-14", "likes", "喝茶", A),
]


def test_sample_vault_fact_changes_are_extracted() -> None:
    resources = _sample_resources()
    candidates = RulesExtractor(default_subject="Maya").extract(resources)
    seen = {(f"{c.valid_from:%Y-%m-%d}", c.attribute, c.value, c.op) for c in candidates}
    missing = [change for change in SAMPLE_CHANGES if change not in seen]
    assert missing == []
    assert {c.subject for c in candidates} == {"Maya"}
    notes = [c for c in candidates if c.attribute == "note"]
    assert len(notes) >= 3
    # Reinforcement: the same fact is stated on more than one day.
    coffee = [c for c in candidates if (c.attribute, c.value, c.op) == ("likes", "coffee", A)]
    days = {f"{c.valid_from:%Y-%m-%d}" for c in coffee}
    assert len(days) >= 2


def test_sample_vault_assistant_turns_yield_nothing() -> None:
    resources = _sample_resources()
    assistant = [r for r in resources if r.role == "assistant"]
    assert len(assistant) >= 40
    extractor = RulesExtractor(default_subject="Maya")
    assert extractor.extract(assistant) == []
    user_ids = {r.id for r in resources if r.role == "user"}
    assert {c.source for c in extractor.extract(resources)} <= user_ids
