"""The facts bench: its data set is well formed and its matching rules mean what they say."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import tomllib

from bench.facts import dataset
from bench.facts.__main__ import vault_toml, weave_conversation
from bench.facts.score import matches, score_conversation


def _item(subject: str, attribute: str, value: str) -> SimpleNamespace:
    return SimpleNamespace(subject=subject, attribute=attribute, value=value, tags=(), when=None)


def test_the_data_set_is_well_formed_and_has_a_held_out_part() -> None:
    conversations = dataset.load()
    assert dataset.check(conversations) == []
    for lang in ("en", "zh"):
        mine = [c for c in conversations if c["id"].startswith(lang)]
        first = [c for c in mine if dataset.batch_of(c) == 1]
        held = [c for c in first if c["split"] == "held"]
        # The first batch keeps a part aside; each later batch is held out whole (below).
        assert len(mine) >= 100 and 0.2 <= len(held) / len(first) <= 0.6


def test_each_later_batch_is_selected_alone_and_is_all_held_out() -> None:
    conversations = dataset.load()
    for lang in ("en", "zh"):
        later = [dataset.select(conversations, "all", lang, batch=n) for n in range(3, 49)]
        for batch in later:
            assert len(batch) >= 20 and {c["split"] for c in batch} == {"held"}
        for n in range(4, 49):
            assert dataset.select(conversations, "dev", lang, batch=n) == []
        assert len(dataset.select(conversations, "held", lang, batch=1)) + sum(map(len, later)) == len(
            dataset.select(conversations, "held", lang)
        )


def test_a_clause_is_not_a_clean_value() -> None:
    gold = {"subject": "Tom", "attribute": "favourite_food", "value": "ramen"}
    assert matches(gold, _item("Tom", "favourite_food", "ramen"), speaker="Tom")
    clause = _item("Tom", "favourite_food", "I'd eat anything honestly, but ramen")
    assert not matches(gold, clause, speaker="Tom")


def test_subject_attribute_family_and_value_all_count() -> None:
    gold = {"subject": "Anna", "attribute": "lives_in", "value": "Oslo", "relation": "sister"}
    assert matches(gold, _item("Anna", "lives_in", "Oslo"), speaker="Tom")
    assert not matches(gold, _item("Tom", "lives_in", "Oslo"), speaker="Tom")
    assert not matches(gold, _item("Anna", "employer", "Oslo"), speaker="Tom")
    assert not matches(gold, _item("Anna", "lives_in", "Bergen"), speaker="Tom")


def _held(subject: str, attribute: str, value: str, doubt: str = "") -> SimpleNamespace:
    return SimpleNamespace(
        subject=subject, attribute=attribute, value=value, tags=(), when=None, status="current", doubt=doubt
    )


def test_a_missed_update_counts_as_flagged_only_with_a_doubt_and_false_doubts_count() -> None:
    conv = {
        "id": "en-x",
        "lang": "en",
        "split": "dev",
        "speaker": "Tom",
        "current": [{"subject": "Tom", "attribute": "lives_in", "value": "Leeds"}],
        "superseded": [
            {
                "subject": "Tom",
                "attribute": "employer",
                "value": "Mercy Hospital",
                "ended_after": "2026-02-01",
                "ended_before": "2026-02-20",
            }
        ],
    }
    silent = score_conversation(
        conv, [_held("Tom", "employer", "Mercy Hospital"), _held("Tom", "lives_in", "Leeds")]
    )
    assert (silent.stale_total, silent.stale_flagged, silent.false_doubts) == (1, 0, 0)
    flagged = score_conversation(
        conv,
        [_held("Tom", "employer", "Mercy Hospital", "r1#L4"), _held("Tom", "lives_in", "Leeds", "r1#L5")],
    )
    assert (flagged.stale_total, flagged.stale_flagged, flagged.false_doubts) == (1, 1, 1)
    doubted = score_conversation(
        {**conv, "doubted": [{"subject": "Tom", "attribute": "lives_in", "value": "Leeds"}]},
        [_held("Tom", "lives_in", "Leeds", "r1#L5")],
    )
    assert (doubted.doubt_flagged, doubted.false_doubts) == (1, 0)


def test_each_current_item_precision_counts_against_is_listed_beside_the_golds_value() -> None:
    conv = {
        "id": "en-x",
        "speaker": "Tom",
        "current": [{"subject": "Tom", "attribute": "lives_in", "value": "Leeds"}],
        "not_current": [{"subject": "Tom", "attribute": "employer", "value": "Mercy"}],
    }
    scored = score_conversation(
        conv, [_held("Tom", "lives_in", "York"), _held("Tom", "lives_in", "Leeds"),
               _held("Tom", "employer", "Mercy"), _held("Tom", "pet", "Rex")],
    )
    wrong = [(m.expected, m.held) for m in scored.misses if m.kind == "wrong"]
    assert (scored.in_scope, scored.in_scope_correct) == (3, 1)
    assert [expected for expected, _ in wrong] == ["Tom.lives_in=Leeds", "no current value"]
    assert "Tom.lives_in=York" in wrong[0][1] and "Tom.employer=Mercy" in wrong[1][1]


def test_an_ended_routine_is_not_stale_when_the_item_still_current_is_the_gold_current_one() -> None:
    conv = {
        "id": "en-x",
        "speaker": "Tom",
        "current": [{"subject": "Tom", "attribute": "routine", "value": "gym", "days": ["tuesday"]}],
        "superseded": [
            {"subject": "Tom", "attribute": "routine", "value": "gym",
             "ended_after": "2026-02-01", "ended_before": "2026-02-20"}
        ],
    }

    def routine(value: str, status: str, valid_to: str | None = None) -> SimpleNamespace:
        return SimpleNamespace(subject="Tom", attribute="routine", value=value, tags=(), when=None,
                               status=status, valid_to=valid_to, doubt="")

    old = routine("gym on Mondays", "historical", "2026-02-10")
    moved = score_conversation(conv, [old, routine("gym on Tuesdays", "current")])
    assert moved.superseded_ok == 1
    both = [old, routine("gym on Tuesdays", "current"), routine("gym on Mondays", "current")]
    kept = score_conversation(conv, both)
    assert kept.superseded_ok == 0 and kept.stale_total == 1


def test_a_chinese_birthday_is_compared_as_a_date() -> None:
    gold = {"subject": "罗琳", "attribute": "birthday", "value": "7月23日"}
    assert matches(gold, _item("罗琳", "birthday", "07-23"), speaker="罗琳")
    assert not matches(gold, _item("罗琳", "birthday", "07-24"), speaker="罗琳")
    born = {"subject": "韩雪", "attribute": "birthday", "value": "1995年11月8号"}
    assert matches(born, _item("韩雪", "birthday", "1995-11-08"), speaker="韩雪")
    assert not matches(born, _item("韩雪", "birthday", "1996-11-08"), speaker="韩雪")


def _conv(*stamps: str, timezone_name: str | None = None) -> dict[str, object]:
    conv: dict[str, object] = {
        "id": "en-x",
        "speaker": "Tom",
        "turns": [{"ts": ts, "role": "user", "text": "I moved to Leeds last week."} for ts in stamps],
    }
    if timezone_name:
        conv["timezone"] = timezone_name
    return conv


def test_a_replay_keeps_its_own_clock_and_the_users_file_wins() -> None:
    now = datetime(2026, 12, 2, tzinfo=timezone.utc)
    assert vault_toml(_conv("2026-03-02T09:15:00Z"), None, now) is None
    toml = vault_toml(_conv("2026-12-10T09:00:00Z", timezone_name="Europe/London"), None, now)
    assert toml is not None
    settings = tomllib.loads(toml)
    assert settings["vault"]["timezone"] == "Europe/London"
    assert settings["resources"]["max_ahead_hours"] >= 8 * 24 + 9
    mine = '[resources]\nmax_ahead_hours = 1\n\n[vault]\ntimezone = "UTC"\n'
    tokyo = _conv("2026-12-10T09:00:00Z", timezone_name="Asia/Tokyo")
    kept = tomllib.loads(vault_toml(tokyo, mine, now) or "")
    assert kept["resources"]["max_ahead_hours"] == 1 and kept["vault"]["timezone"] == "UTC"


def test_a_conversation_recorded_after_today_is_woven_not_refused() -> None:
    later = (datetime.now(timezone.utc) + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M:%SZ")
    items, error, _ = weave_conversation(_conv(later), False, None)
    assert error == ""
    assert any(item.attribute == "lives_in" and item.value == "Leeds" for item in items)
