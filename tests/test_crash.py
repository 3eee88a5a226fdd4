"""Crash safety: a weaver SIGKILLed at random points loses and doubles nothing (short form)."""

from __future__ import annotations

from pathlib import Path

from bench.crash import crash_run


def test_twenty_random_kills_lose_and_double_nothing(tmp_path: Path) -> None:
    stats = crash_run(tmp_path / "vault", kills=20, seed=11, max_delay=0.35)
    assert stats.kills == 20 and stats.lines > 20
    assert stats.failures == []
