"""Thirty-fifth round: a routine is never named by the words of a free weekend; the reader
learns from conversations written for it, which are never scored."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from vaultweave.weaver.extract import rules

from bench.facts import dataset, train_reader


@pytest.mark.parametrize(
    "text",
    [
        "I'm on nights now so at least my weekends are free",
        "new rota is rubbish but at least our sundays are ours again",
        "honestly her saturdays are always packed with lessons",
    ],
)
def test_days_said_of_whose_they_are_name_no_routine(text: str) -> None:
    assert [f for f in rules.facts_in(text) if f.attribute == "routine"] == []


def test_a_routine_told_with_its_days_is_still_read() -> None:
    facts = rules.facts_in("my pottery class is every saturday morning")
    assert [f.value for f in facts if f.attribute == "routine"] == ["pottery class on Saturdays"]


def test_the_conversations_written_to_learn_from_are_clean_and_never_scored() -> None:
    talk = dataset.load(train_reader.TALK_DIR)
    assert {c["lang"] for c in talk} == {"en", "zh"}
    assert train_reader.talk_problems() == []
    scored = {c["id"] for c in dataset.load()}
    assert not scored & {c["id"] for c in talk}


def test_a_conversation_to_learn_from_may_not_reuse_a_scored_id(tmp_path: Path) -> None:
    scored = dataset.load()[0]
    clash = {k: v for k, v in scored.items() if not k.startswith("_") and k != "lang"}
    talk = tmp_path / f"{scored['lang']}.yaml"
    talk.write_text(yaml.safe_dump([clash], allow_unicode=True), encoding="utf-8")
    problems = train_reader.talk_problems(tmp_path)
    assert problems == [f"{scored['lang']}.yaml:{scored['id']}: id also used by the bench's data"]
