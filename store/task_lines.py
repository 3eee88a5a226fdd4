"""Task buffers in tier 1: the lines an agent writes while it works on one task.

A task is nothing but resource lines whose ``meta`` names it (``task``, ``task_event``:
open / note / result / close), so nothing is lost if a process dies, and the task's
state is read back from the resources, never kept elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from vaultweave.store.paths import VaultPaths
from vaultweave.store.resources import Resource, parse_line, resource_files

EVENTS = ("open", "note", "result", "close")
TASK_STATUSES = ("done", "failed", "abandoned")


@dataclass
class TaskState:
    id: str
    goal: str = ""
    opened: datetime | None = None
    closed: datetime | None = None
    status: str = "open"  # open, or how it closed (TASK_STATUSES)
    outcome: str = ""
    lines: list[Resource] = field(default_factory=list)  # every line of the task, in order

    @property
    def is_open(self) -> bool:
        return self.closed is None


def read_tasks(paths: VaultPaths) -> dict[str, TaskState]:
    """Every task the resources tell of, by id."""
    tasks: dict[str, TaskState] = {}
    for file in resource_files(paths):
        data = file.read_bytes()
        if b'"task"' not in data:
            continue
        rel = paths.relative(file)
        complete = data[: data.rfind(b"\n") + 1]
        for number, raw in enumerate(complete.split(b"\n")[:-1], start=1):
            if b'"task"' not in raw or raw.startswith(b'{"erased":'):
                continue
            line = parse_line(rel, number, raw.rstrip(b"\r"))
            meta = line.meta if isinstance(line, Resource) else None
            if not meta or not isinstance(meta.get("task"), str):
                continue
            assert isinstance(line, Resource)
            _apply(tasks.setdefault(meta["task"], TaskState(meta["task"])), line, meta)
    return tasks


def _apply(task: TaskState, line: Resource, meta: dict[str, object]) -> None:
    task.lines.append(line)
    event = meta.get("task_event")
    if event == "open":
        task.goal, task.opened = line.text, line.ts
    elif event == "close" and task.closed is None:
        task.closed = line.ts
        status = meta.get("task_status")
        task.status = status if isinstance(status, str) and status in TASK_STATUSES else "done"
        task.outcome = line.text
