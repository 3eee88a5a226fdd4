"""Appointments and routines: the speakers' wall clock, the reader's events, and moved
appointments that keep or change their hour."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from vaultweave.schemas.config import VaultConfig
from vaultweave.store.errors import ConfigError
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract import dates, span_events
from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.extract.rules import RulesExtractor, facts_in, rules_extractor
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.llm.candidates import moment
from vaultweave.weaver.vault import Vault

SPOKEN = datetime(2026, 6, 2, 14, 0, tzinfo=timezone.utc)  # a Tuesday
SURE = span_events.span_reader.CONFIDENCE
CHICAGO = ZoneInfo("America/Chicago")


def _turns(texts: list[str], start: datetime = SPOKEN) -> list[Resource]:
    return [
        Resource(id=f"r{i}", path="resources/chat.jsonl", line=i + 1, text=text,
                 ts=start + timedelta(days=i), role="user", speaker="Mia", session="s1")
        for i, text in enumerate(texts)
    ]


def _appointments(candidates: list[Candidate]) -> list[tuple[str, datetime | None]]:
    return [(c.value, c.when) for c in candidates if c.attribute == "appointment" and c.op is Op.ASSERT]


def test_clock_times_are_read_on_the_configured_wall_clock() -> None:
    assert dates.resolve("june 18 at 7:30am", SPOKEN, "future", CHICAGO) == datetime(
        2026, 6, 18, 12, 30, tzinfo=timezone.utc)
    utc = dates.resolve("june 18 at 7:30am", SPOKEN, "future")
    assert utc == datetime(2026, 6, 18, 7, 30, tzinfo=timezone.utc)
    # a Chinese phrase is read in China time unless the vault names a clock
    assert dates.resolve("周四下午两点", SPOKEN, "future") == datetime(2026, 6, 4, 6, 0, tzinfo=timezone.utc)
    berlin = dates.resolve("周四下午两点", SPOKEN, "future", ZoneInfo("Europe/Berlin"))
    assert berlin == datetime(2026, 6, 4, 12, 0, tzinfo=timezone.utc)
    # "yesterday" said late on Monday evening in Chicago (early Tuesday UTC) is Sunday there
    late = datetime(2026, 6, 2, 3, 0, tzinfo=timezone.utc)
    found = dates.resolve("yesterday", late, "past", CHICAGO)
    assert found is not None and found.astimezone(CHICAGO).date().isoformat() == "2026-05-31"


def test_the_vault_timezone_reaches_the_rules_and_an_unknown_one_is_refused(
    tmp_path: Path, make_vault: Callable[..., Vault]
) -> None:
    toml = tmp_path / "vault.toml"
    toml.write_text('[vault]\ntimezone = "America/Chicago"\n', encoding="utf-8")
    extractor = rules_extractor(VaultConfig.load(toml, environ={}))
    said = extractor.extract(_turns(["I have a colonoscopy june 18 at 7:30am"]))
    assert _appointments(said) == [("colonoscopy", datetime(2026, 6, 18, 12, 30, tzinfo=timezone.utc))]
    assert VaultConfig.load(tmp_path / "none.toml", environ={}).vault.zone() is None
    toml.write_text('[vault]\ntimezone = "Mars/Olympus"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="unknown timezone 'Mars/Olympus': use an IANA name"):
        VaultConfig.load(toml, environ={})
    vault = make_vault()
    (vault.root / "vault.toml").write_text('[vault]\ntimezone = "Mars/Olympus"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown timezone 'Mars/Olympus'"):
        Vault.open(vault.root)


def test_the_reader_names_the_thing_and_the_rules_dates_read_its_time() -> None:
    told = [f for f in facts_in("bhai remind me physio tomorrow 11 am, knee is still paining")
            if f.attribute == "appointment"]
    assert [(f.value, f.scheduled, f.confidence) for f in told] == [
        ("physio", "tomorrow 11 am", SURE)]


@pytest.mark.parametrize(
    "text",
    [
        "should i book a massage?",  # no time, and a question
        "the dentist yesterday at 3pm was awful",  # done, not booked
        "my dad's surgery is wednesday 8am, what should he pack?",  # his
        "昨天下午三点去看了牙医 疼死了",  # done
    ],
)
def test_no_appointment_without_a_time_to_come_of_the_speaker_s_own(text: str) -> None:
    assert [f for f in facts_in(text) if f.attribute == "appointment" and not f.about] == []


def test_an_event_needs_its_time_and_a_routine_its_days() -> None:
    clause = "also every wed night i got badminton w my colleagues 8pm"
    assert span_events._routine(clause, "badminton", chinese=False) == Fact(
        "routine", "badminton on Wednesdays", confidence=SURE)
    assert span_events._routine("i swim mon wed fri 6:30am", "swimming", chinese=False) == Fact(
        "routine", "swimming on Mondays, Wednesdays and Fridays", confidence=SURE)
    # one day is a date, not a habit
    assert span_events._routine("yoga on thursday at 6", "yoga", chinese=False) is None
    assert span_events._routine("i used to swim every morning", "swim", chinese=False) is None
    assert span_events._routine("每天早上六点跑步雷打不动", "跑步", chinese=True) == Fact(
        "routine", "跑步 每天", confidence=SURE)
    assert span_events._routine("以前每天早上跑步", "跑步", chinese=True) is None
    # every day named, "周二周四" as much as "周二和周四"
    assert span_events._routine("我每周二周四晚上去游泳", "游泳", chinese=True) == Fact(
        "routine", "游泳 每周二周四", confidence=SURE)
    assert span_events._appointment("dentist booked for sept 22 at 2:40pm", "dentist", chinese=False) == Fact(
        "appointment", "dentist", confidence=SURE, scheduled="sept 22 at 2:40pm")
    assert span_events._appointment("5月12号下午两点半要去复查甲状腺", "复查甲状腺", chinese=True) is not None
    assert span_events._appointment("上周去复查甲状腺了", "复查甲状腺", chinese=True) is None
    assert span_events._thing("also", chinese=False) == ""  # "also every wed night"
    assert span_events.events(["remind me physio tomorrow 11 am"], [Fact("appointment", "x")]) == []


@pytest.mark.parametrize(
    ("texts", "zone", "moved_to"),
    [
        # the new day, the hour kept: "same time"
        (["dentist booked for sept 22 at 2:40pm, can you remind me the day before?",
          "dentist office called, they're closed on the 22nd now so it's oct 1 instead, same time"],
         CHICAGO, datetime(2026, 10, 1, 19, 40, tzinfo=timezone.utc)),
        (["hi, my visa interview is on 22 September, 9:15 am at the chennai consulate.",
          "ugh consulate rescheduled my interview to 6 october, same time."],
         ZoneInfo("Asia/Kolkata"), datetime(2026, 10, 6, 3, 45, tzinfo=timezone.utc)),
        # moved without naming it: the last appointment told
        (["明天下午3点车要去4S店保养 我那破朗逸都开八年了", "4S店说师傅排不过来 改成后天上午10点了"],
         None, datetime(2026, 9, 13, 2, 0, tzinfo=timezone.utc)),
    ],
)
def test_a_moved_appointment_is_the_last_one_told_at_its_new_time(
    texts: list[str], zone: ZoneInfo | None, moved_to: datetime
) -> None:
    start = datetime(2026, 9, 10, 15, 0, tzinfo=timezone.utc)
    said = _appointments(RulesExtractor(zone=zone).extract(_turns(texts, start)))
    (first, _), (moved, when) = said
    assert first in moved or moved in first  # "visa interview" moved as "my interview"
    assert when == moved_to


def test_the_reader_answers_an_ending_the_rules_read_without_a_new_value() -> None:
    told = facts_in("update: i'm out of rappi!! last day was feb 27. started at mercado libre last monday")
    # (the start is read with the name given its capitals: "started at" is a frame of work)
    employer = [(f.value.lower(), f.op) for f in told if f.attribute == "employer"]
    assert employer == [("", Op.RETRACT), ("mercado libre", Op.ASSERT)]
    assert [f for f in told if f.op is Op.DOUBT and f.attribute == "employer"] == []


def test_a_model_s_time_without_an_offset_is_on_the_vault_s_wall_clock() -> None:
    local = datetime(2026, 6, 18, 12, 30, tzinfo=timezone.utc)
    utc = datetime(2026, 6, 18, 7, 30, tzinfo=timezone.utc)
    assert moment("2026-06-18T07:30", SPOKEN, "future", CHICAGO) == local
    assert moment("2026-06-18T07:30", SPOKEN, "future") == utc
    assert moment("2026-06-18T07:30Z", SPOKEN, "future", CHICAGO) == utc


def test_a_routine_takes_the_days_of_its_own_part_and_a_verb_becomes_its_activity() -> None:
    clause = "i swim mon wed fri 6:30am before work, arabic class tuesday evenings"
    assert span_events._routine(clause, "swim", chinese=False) == Fact(
        "routine", "swimming on Mondays, Wednesdays and Fridays", confidence=SURE)


def test_a_wish_or_a_maybe_books_nothing() -> None:
    booked = "dentist booked for sept 22 at 2:40pm"
    assert [f.value for f in span_events.events([booked], [])] == ["dentist"]
    assert span_events.events([booked + " if they have a slot"], []) == []
    assert [f.value for f in span_events.events(["明天下午3点去4S店保养"], [])] == ["4S店保养"]
    assert span_events.events(["可能明天下午3点去4S店保养"], []) == []
