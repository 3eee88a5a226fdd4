"""Task buffers: notes kept as resource lines, a task page on close, abandoned when stale."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import pytest
from vaultweave.store.errors import TaskError
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock


def test_a_task_keeps_its_notes_and_closes_into_a_page(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    task = vault.open_task("Plan Maya's move", speaker="planner", session="s1")
    note = vault.add_to_task(task, "I am checking flats in Porto.")
    vault.add_to_task(task, "Shortlisted two flats near the river.", kind="result")
    # A process that dies here loses nothing: the notes are resource lines already.
    reopened = Vault.open(vault.root, clock=vault.clock)
    (open_task,) = reopened.tasks("open")
    assert open_task.id == task and open_task.notes == 2 and open_task.page is None

    closed = reopened.close_task(task, "Two flats to visit on Saturday.")
    assert closed.status == "done" and closed.page == f"tasks/{task}.md"
    page = (vault.root / closed.page).read_text(encoding="utf-8")
    assert page.startswith(f"---\ntask: {task}\nstatus: done\n")  # front matter Obsidian reads
    assert "# Task: Plan Maya's move" in page and f"({note})" in page
    assert "**done**: Two flats to visit on Saturday." in page
    assert "Shortlisted two flats near the river." in page
    log = subprocess.run(["git", "-C", str(vault.root), "log", "--format=%s"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert log[0] == "task: Plan Maya's move — done" and log[1].startswith("weave:")
    assert vault.status().pending_lines == 0  # closing wove the notes
    hits = vault.search("flats near the river", k=5)
    assert any(h.kind == "turn" and "Shortlisted" in h.text for h in hits)
    with pytest.raises(TaskError, match="already closed"):
        reopened.close_task(task)
    with pytest.raises(TaskError, match="closed"):
        reopened.add_to_task(task, "late note")
    with pytest.raises(TaskError, match="no such task"):
        reopened.add_to_task("t-nope", "x")
    with pytest.raises(TaskError, match="not a task id"):
        reopened.add_to_task("../../etc", "x")


def test_a_task_left_open_too_long_closes_as_abandoned(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault(config="[tasks]\nabandon_after_hours = 24\n")
    task = vault.open_task("Find a dentist")
    vault.add_to_task(task, "Called two clinics.")
    clock.advance(hours=25)
    (row,) = vault.tasks()
    assert (row.id, row.status, row.page) == (task, "abandoned", f"tasks/{task}.md")
    page = (vault.root / "tasks" / f"{task}.md").read_text(encoding="utf-8")
    assert "**abandoned**" in page and "Called two clinics." in page
