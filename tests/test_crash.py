"""Crash safety: a weaver SIGKILLed at random points loses and doubles nothing (short form).

The weaver runs without the search projection here: each restart would load the
embedding model, and what this guards is the tiers (the projection is derived and
`vaultweave doctor` / `reindex` bring it back in step). `python -m bench.crash --search`
runs the long form with it.
"""

from __future__ import annotations

from pathlib import Path

from bench.crash import crash_run


def test_twenty_random_kills_lose_and_double_nothing(tmp_path: Path) -> None:
    stats = crash_run(tmp_path / "vault", kills=20, seed=11, max_delay=0.35, search=False)
    assert stats.kills == 20 and stats.lines > 20
    assert stats.commits > 3  # kills landed after commits too, not only before the first
    assert stats.failures == []
