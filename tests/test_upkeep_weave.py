"""Upkeep inside the weave: passes triggered by activity, archived facts revived by a mention."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import datetime, timezone

from vaultweave.store.item import Status
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock, say


def subjects(vault: Vault) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(vault.root), "log", "--format=%s"], check=True, capture_output=True,
        text=True,
    ).stdout
    return out.splitlines()


def test_a_pass_runs_when_activity_crosses_trigger_every(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault(config="[upkeep]\ntrigger_every = 3\n")
    say(vault, "I love jazz.", "2026-03-01T10:00:00Z")
    first = vault.weave()
    assert first.consolidation is None  # 1 line + 1 fact: below 3
    state = json.loads((vault.paths.state / "upkeep.json").read_text())
    assert state["since_last_pass"] == 2

    clock.advance(days=60)
    say(vault, "I like green tea.", "2026-04-30T10:00:00Z")
    second = vault.weave()
    assert second.consolidation is not None and second.consolidation.commit
    assert "1 archived" in second.consolidation.plan.summary()
    assert subjects(vault)[0].startswith("consolidate: 1 archived")
    assert subjects(vault)[1].startswith("weave: +1 fact")
    assert json.loads((vault.paths.state / "upkeep.json").read_text())["since_last_pass"] == 0


def test_trigger_every_zero_means_by_hand_only(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault(config="[upkeep]\ntrigger_every = 0\n")
    for day in range(1, 5):
        say(vault, "I love jazz.", f"2026-02-2{day}T10:00:00Z")
        assert vault.weave().consolidation is None


def test_an_archived_fact_mentioned_again_comes_back(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault(config="[upkeep]\ntrigger_every = 0\n")
    say(vault, "I love jazz.", "2026-03-01T10:00:00Z")
    vault.weave()
    (jazz,) = vault.items()
    clock.advance(days=60)
    vault.consolidate(similar="off")
    archived = vault.item(jazz.id)
    assert archived.status is Status.ARCHIVED
    assert f"^{jazz.id}" in vault.category_text(jazz.category).split("## Archive")[1]

    say(vault, "I love jazz.", "2026-05-01T10:00:00Z")
    report = vault.weave()
    assert "1 revived from the archive" in report.message.splitlines()[0]
    back = vault.item(jazz.id)
    assert back.is_current and back.heard_at == datetime(2026, 5, 1, 10, tzinfo=timezone.utc)
    assert back.sources == (*jazz.sources, "resources/2026/05/01.jsonl#L1")
    assert back.importance == round(archived.importance + 0.1, 4)  # reinforced
    page = vault.category_text(jazz.category)
    assert "## Archive" not in page and f"^{jazz.id}" in page.split("## History")[0]
    # Just mentioned: the next pass leaves it where it is.
    assert all(s.after.id != jazz.id for s in vault.consolidate(similar="off").plan.steps)
