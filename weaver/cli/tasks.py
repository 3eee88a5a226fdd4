"""Task buffers from the shell: `task-open`, `task-note`, `task-close`, `tasks`."""

from __future__ import annotations

from pathlib import Path

import click
from vaultweave.weaver.cli.common import echo_json, json_option, open_vault, table, vault_option

STATUSES = ("open", "done", "failed", "abandoned")


@click.command("task-open")
@click.argument("goal")
@click.option("--session", help="The session the task belongs to.")
@click.option("--speaker", help="Who works on it (the agent).")
@vault_option
def task_open(goal: str, session: str | None, speaker: str | None, vault_path: Path | None) -> None:
    """Open a task buffer for GOAL and print its id.

    \b
    Example:
      vaultweave task-open "Book Maya's trip to Lisbon" --speaker planner
    """
    click.echo(open_vault(vault_path).open_task(goal, session=session, speaker=speaker))


@click.command("task-note")
@click.argument("task_id")
@click.argument("text")
@click.option("--result", "is_result", is_flag=True, help="A result rather than a note.")
@vault_option
def task_note(task_id: str, text: str, is_result: bool, vault_path: Path | None) -> None:
    """Add TEXT to the open task TASK_ID; prints the resource id.

    \b
    Example:
      vaultweave task-note t-20260201-a1b2c3 "Booked TP1234 for May 3" --result
    """
    vault = open_vault(vault_path)
    click.echo(vault.add_to_task(task_id, text, kind="result" if is_result else "note"))


@click.command("task-close")
@click.argument("task_id")
@click.option("--outcome", default="", help="How it ended.")
@click.option("--status", type=click.Choice(STATUSES[1:]), default="done", show_default=True)
@vault_option
def task_close(task_id: str, outcome: str, status: str, vault_path: Path | None) -> None:
    """Close TASK_ID: weave its notes and write tasks/<id>.md.

    \b
    Example:
      vaultweave task-close t-20260201-a1b2c3 --outcome "Flights booked"
    """
    task = open_vault(vault_path).close_task(task_id, outcome, status=status)
    click.echo(f"{task.id} {task.status}: {task.page}")


@click.command("tasks")
@click.option("--status", type=click.Choice(STATUSES), help="Only tasks with this status.")
@vault_option
@json_option
def tasks(status: str | None, vault_path: Path | None, as_json: bool) -> None:
    """List task buffers, oldest first (open ones past their age close as abandoned).

    \b
    Example:
      vaultweave tasks --status open
    """
    rows = open_vault(vault_path).tasks(status)
    if as_json:
        echo_json([
            {"id": r.id, "goal": r.goal, "status": r.status, "notes": r.notes, "page": r.page}
            for r in rows
        ])
        return
    if not rows:
        click.echo("no tasks")
    for line in table([(r.id, r.status, f"{r.notes} notes", r.goal) for r in rows]):
        click.echo(line)


def register(group: click.Group) -> None:
    for command in (task_open, task_note, task_close, tasks):
        group.add_command(command)
