"""Extraction prompt v2: the model's facts take the rules' schema (events with their time,
routines with their days, dates of the change, other people, endings and doubts)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock, say
from tests.llm_server import ScriptedLLM, Staged, ok, stage_of, vault_toml

TS = "2026-03-10T10:00:00Z"  # a Tuesday
SAID = datetime(2026, 3, 10, 10, tzinfo=timezone.utc)


def _fact(turn: str, subject: str, attribute: str, value: str = "", **extra: object) -> dict[str, object]:
    return {"turn": turn, "subject": subject, "attribute": attribute, "value": value, **extra}


def _by_model(candidates: tuple[Candidate, ...], attribute: str) -> Candidate:
    (found,) = [
        c for c in candidates if c.origin == "llm" and c.attribute == attribute and c.op is not Op.DOUBT
    ]
    return found


def test_the_model_gives_events_dates_people_endings_and_doubts(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged, clock: FakeClock
) -> None:
    clock.advance(days=10)  # the turns are told on TS: not in the future
    vault = make_vault(config=vault_toml(server.base_url, stages=("extract",)))
    texts = [
        # said so that the offline readers find nothing: the model's own dating is tested
        # ("home base = the mile-high city" is read by the change reader as a change of work:
        # a false doubt written down in docs/FACTS.md, forty-third round)
        "Since last month, my address = the mile-high city. Still unpacking.",
        "The tooth people want me in Friday at 4pm.",
        "Tuesdays and Thursdays are pool days for me.",
        "Everybody just says Lin.",
        "Ana, my kid sister, is at Spotify these days.",
        "Italian lessons are over for me.",
        "Handing in my notice tomorrow.",
    ]
    ids = [say(vault, text, TS) for text in texts]
    staged.push(
        "extract",
        ok(
            {
                "facts": [
                    _fact(ids[0], "I", "lives_in", "Denver", valid_from="last month"),
                    _fact(ids[1], "I", "appointment", "dentist", when="Friday at 4pm"),
                    _fact(ids[2], "I", "routine", "swimming on Tuesdays and Thursdays",
                          days=["Tue", "thursdays"]),
                    _fact(ids[3], "I", "alias", "Lin"),
                    _fact(ids[4], "I", "sister", "Ana"),
                    _fact(ids[4], "Ana", "employer", "Spotify", relation="sister"),
                    _fact(ids[5], "I", "learning", "Italian", op="retract"),
                    _fact(ids[6], "I", "employer", op="doubt"),
                ]
            }
        ),
    )
    report = vault.weave()
    (request,) = server.requests
    system = request.messages[0]["content"]
    assert all(word in system for word in ('"appointment"', '"routine"', '"relation"', '"doubt"', '"alias"'))
    found = report.candidates

    home = _by_model(found, "lives_in")
    assert home.valid_from.date().isoformat() == "2026-02-10" and home.spoken_at == SAID
    dentist = _by_model(found, "appointment")
    assert dentist.when == datetime(2026, 3, 13, 16, tzinfo=timezone.utc) and dentist.kind == "event"
    assert _by_model(found, "routine").tags == ("days:tuesday,thursday",)
    alias = _by_model(found, "alias")
    assert (alias.subject, alias.value, alias.category) == ("Maya", "Lin", "identity")
    job = _by_model(found, "employer")
    assert (job.subject, job.value, job.relation) == ("Ana", "Spotify", "sister")
    assert _by_model(found, "sister").relation == ""  # the speaker's own relation fact
    ended = _by_model(found, "learning")
    assert (ended.op, ended.value) == (Op.RETRACT, "Italian")
    doubt = [c for c in found if c.op is Op.DOUBT]
    # The model's doubt of the employer, and the rules' cue ("handing in my notice") for
    # the job title beside it: rule hits the model did not override stay.
    assert sorted((c.subject, c.attribute, c.value) for c in doubt) == [
        ("Maya", "employer", ""), ("Maya", "job_title", "")
    ]

    held = {(i.subject, i.attribute, i.value) for i in vault.items()}
    assert {("Maya", "lives_in", "Denver"), ("Ana", "employer", "Spotify"), ("Maya", "alias", "Lin")} <= held
    (slot,) = [i for i in vault.items() if i.attribute == "appointment"]
    assert slot.when == dentist.when


def test_prompt_v1_stays_selectable(
    make_vault: Callable[..., Vault], server: ScriptedLLM, staged: Staged, clock: FakeClock
) -> None:
    clock.advance(days=10)  # the turn is told on TS: not in the future
    vault = make_vault(config=vault_toml(server.base_url, prompt_version="v1"))
    rid = say(vault, "Sailing is my passion.", TS)
    staged.push("extract", ok({"facts": [_fact(rid, "I", "likes", "sailing")]}))
    report = vault.weave()
    extract = [r for r in server.requests if stage_of(r) == "extract"]
    assert extract and '"doubt"' not in extract[0].messages[0]["content"]
    assert {stage_of(r) for r in server.requests} == {"extract", "summarize"}
    assert "LLM-Prompt: v1" in report.message
    assert [i.value for i in vault.items()] == ["sailing"]
