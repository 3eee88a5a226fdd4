"""Words chat shortens, and a job left by the kind of place it was, read through the real
extractor.

- "w" alone between lower-case words is "with" ("started w brightwave", "moved in w my sister"),
  and "&" inside a workplace typed in lower case is part of its name ("marks & spencer").
- "finished up in the clinic" ends the job held there, as "quit the clinic" does; "just
  finished up at the clinic" is a shift.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in
from vaultweave.weaver.extract.workplaces_en import named_where_worked

_START = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)


def _facts(*turns: str) -> list[tuple[str, str, Op]]:
    resources = [
        Resource(id=f"r{k}", path="conversation.jsonl", line=k + 1, text=text, ts=_START + timedelta(days=k),
                 role="user", speaker="Ana", session="s1")
        for k, text in enumerate(turns)
    ]
    return [(c.attribute, c.value, c.op) for c in RulesExtractor().extract(resources) if c.subject == "Ana"]


def test_a_job_finished_up_at_its_kind_of_place_ends() -> None:
    said = facts_in("finished up in the clinic on friday, cried in the car park like a baby")
    assert [(f.attribute, f.value, f.op, f.when) for f in said if f.attribute == "employer"] == [
        ("employer", "", Op.RETRACT, "friday")]


def test_w_between_words_is_with() -> None:
    said = facts_in("started w brightwave on monday, same hours")
    assert [(f.attribute, f.value) for f in said if f.op is Op.ASSERT] == [("employer", "Brightwave")]
    assert not [f for f in said if f.attribute == "hobby"]


def test_a_shift_finished_at_the_clinic_ends_nothing() -> None:
    facts = _facts("I'm a theatre nurse at Kilbride Clinic", "just finished up at the clinic, long day")
    assert not [f for f in facts if f[2] is Op.RETRACT]


def test_an_ampersand_is_part_of_a_workplace_typed_in_lower_case() -> None:
    assert named_where_worked("I work at marks & spencer in leeds") == "I work at Marks & Spencer in leeds"
    assert named_where_worked("a barista at fox & hare") == "a barista at Fox & Hare"
    assert named_where_worked("i work at tesco & love it") == "i work at Tesco & love it"
