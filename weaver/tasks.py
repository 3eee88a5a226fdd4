"""Task buffers: open a task, add notes and results to it, close it (weaver/tasks.py).

Notes are resource lines tagged with the task (store/task_lines.py), woven like any
other. Closing writes a final line with the outcome, weaves, and writes the task page
``tasks/<id>.md`` (goal, what was done, outcome, links to the facts the task's lines
produced) in its own commit. A task left open longer than ``[tasks]
abandon_after_hours`` is closed as abandoned the next time tasks are listed or opened,
so no buffer is forgotten half-way.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

import yaml
from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.errors import TaskError
from vaultweave.store.item import Item
from vaultweave.store.paths import safe_name
from vaultweave.store.task_lines import TASK_STATUSES, TaskState, read_tasks
from vaultweave.weaver.render import template
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT, recover, write_transaction

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

KINDS = ("note", "result")
MAX_GOAL = 500


@dataclass(frozen=True)
class TaskInfo:
    id: str
    goal: str
    status: str
    opened: datetime | None
    closed: datetime | None
    notes: int
    page: str | None  # tasks/<id>.md once closed


def new_task_id(now: datetime) -> str:
    return f"t-{now.astimezone(timezone.utc):%Y%m%d}-{secrets.token_hex(3)}"


def check_task_id(task_id: str) -> str:
    if not task_id or safe_name(task_id) != task_id or len(task_id) > 64:
        raise TaskError(task_id, "not a task id (letters, digits, '-', '_', '.')")
    return task_id


def open_line(task_id: str, goal: str, **fields: object) -> dict[str, Any]:
    goal = " ".join(goal.split())
    if not goal or len(goal) > MAX_GOAL:
        raise TaskError(task_id, f"give a goal of 1 to {MAX_GOAL} characters")
    return {**fields, "text": goal, "role": "task",
            "meta": {"task": task_id, "task_event": "open"}}


def note_line(task: TaskState | None, task_id: str, text: str, kind: str,
              **fields: object) -> dict[str, Any]:
    if task is None:
        raise TaskError(task_id, "no such task; open it first")
    if not task.is_open:
        raise TaskError(task_id, f"it is closed ({task.status}); open a new task")
    if kind not in KINDS:
        raise TaskError(task_id, f"kind must be one of {', '.join(KINDS)}")
    return {**fields, "text": text, "role": "task", "meta": {"task": task_id, "task_event": kind}}


def close_line(task: TaskState | None, task_id: str, outcome: str, status: str,
               **fields: object) -> dict[str, Any]:
    if task is None:
        raise TaskError(task_id, "no such task")
    if not task.is_open:
        raise TaskError(task_id, f"it is already closed ({task.status})")
    if status not in TASK_STATUSES:
        raise TaskError(task_id, f"status must be one of {', '.join(TASK_STATUSES)}")
    text = " ".join(outcome.split()) or f"task {status}"
    return {**fields, "text": text, "role": "task",
            "meta": {"task": task_id, "task_event": "close", "task_status": status}}


def stale(tasks: Mapping[str, TaskState], now: datetime, hours: float) -> list[TaskState]:
    """Open tasks whose last line is older than ``hours``."""
    if hours <= 0:
        return []
    limit = now - timedelta(hours=hours)
    return [t for t in tasks.values() if t.is_open and t.lines and t.lines[-1].ts < limit]


def info(task: TaskState, page_exists: bool) -> TaskInfo:
    notes = sum(1 for line in task.lines if (line.meta or {}).get("task_event") in KINDS)
    page = f"tasks/{task.id}.md" if page_exists else None
    return TaskInfo(task.id, task.goal, task.status, task.opened, task.closed, notes, page)


def render_task(task: TaskState, items: Mapping[str, Item]) -> str:
    """The task page: goal, what was done, outcome, and the facts its lines produced."""
    ids = {line.id for line in task.lines}
    facts = sorted(
        (i for i in items.values() if ids.intersection(i.sources)), key=lambda i: i.valid_from
    )
    front = {
        "task": task.id,
        "status": task.status,
        "opened": _iso(task.opened),
        "closed": _iso(task.closed),
        "tags": ["task", task.status],
    }
    notes = [
        {
            "when": f"{line.ts:%Y-%m-%d %H:%M}",
            "kind": (line.meta or {}).get("task_event"),
            "text": " ".join(line.text.split()),
            "source": line.id,
        }
        for line in task.lines
        if (line.meta or {}).get("task_event") in KINDS
    ]
    return template("task.md.j2").render(
        front_matter=yaml.safe_dump(front, sort_keys=False, allow_unicode=True),
        goal=" ".join(task.goal.split()) or task.id,
        notes=notes,
        status=task.status,
        outcome=" ".join(task.outcome.split()),
        facts=[
            {"link": f"categories/{safe_name(i.category)}#^{i.id}", "text": " ".join(i.text.split())}
            for i in facts
        ],
    )


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else f"{moment.astimezone(timezone.utc):%Y-%m-%dT%H:%M:%S}"


def write_task_page(
    vault: Workspace, task: TaskState, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> str | None:
    """Write ``tasks/<id>.md`` and commit it alone, in a write transaction; the commit."""
    with write_transaction(vault, lock_timeout):
        recover(vault)
        path = vault.paths.root / "tasks" / f"{safe_name(task.id)}.md"
        atomic_write_text(path, render_task(task, vault.loaded_items()))
        message = f"task: {' '.join(task.goal.split())[:120]} — {task.status}\n\nTask: {task.id}\n"
        return vault.repo.commit_exact(message, [vault.paths.relative(path)])


class TaskBuffers:
    """The task calls of the facade: lines through ``ingest``, closing through ``weave``."""

    def __init__(
        self, vault: Workspace, ingest: Callable[..., str], weave: Callable[[float], object]
    ) -> None:
        self.vault = vault
        self.ingest = ingest
        self.weave = weave

    def open(self, goal: str, speaker: str | None, session: str | None, task_id: str | None) -> str:
        self.close_stale()
        now = self.vault.clock()
        tid = check_task_id(task_id) if task_id else new_task_id(now)
        if tid in read_tasks(self.vault.paths):
            raise TaskError(tid, "a task with this id exists already")
        self.ingest(**open_line(tid, goal, ts=now, speaker=speaker, session=session))
        return tid

    def add(self, task_id: str, text: str, kind: str, speaker: str | None) -> str:
        task = read_tasks(self.vault.paths).get(check_task_id(task_id))
        session = task.lines[0].session if task and task.lines else None
        return self.ingest(**note_line(
            task, task_id, text, kind, ts=self.vault.clock(), speaker=speaker, session=session
        ))

    def close(self, task_id: str, outcome: str, status: str, lock_timeout: float) -> TaskInfo:
        task = read_tasks(self.vault.paths).get(check_task_id(task_id))
        self.ingest(**close_line(task, task_id, outcome, status, ts=self.vault.clock()))
        self.weave(lock_timeout)
        closed = read_tasks(self.vault.paths)[task_id]
        write_task_page(self.vault, closed, lock_timeout)
        return info(closed, True)

    def listed(self, status: str | None) -> list[TaskInfo]:
        self.close_stale()
        pages = self.vault.paths.root / "tasks"
        rows = [
            info(t, (pages / f"{t.id}.md").is_file()) for t in read_tasks(self.vault.paths).values()
        ]
        rows = [r for r in rows if status is None or r.status == status]
        earliest = datetime.min.replace(tzinfo=timezone.utc)
        return sorted(rows, key=lambda r: (r.opened or earliest, r.id))

    def close_stale(self) -> list[str]:
        hours = self.vault.config.tasks.abandon_after_hours
        found = stale(read_tasks(self.vault.paths), self.vault.clock(), hours)
        for task in found:
            self.close(task.id, f"no new line for {hours:g} hours", "abandoned", DEFAULT_LOCK_TIMEOUT)
        return [t.id for t in found]
