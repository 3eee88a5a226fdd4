"""What one ``remember`` taught the vault: a cycle's changes grouped the way an agent asks.

Pure: built from a CycleReport. The Python API returns it; the MCP tool sends its JSON.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vaultweave.store.item import Item, Status
from vaultweave.weaver.cycle import CycleReport
from vaultweave.weaver.resolve import Action


@dataclass(frozen=True)
class Superseded:
    item: Item  # the old fact, now history
    successor: Item | None


@dataclass(frozen=True)
class RememberReport:
    resource: str  # the stored line's id
    commit: str | None
    message: str  # the commit's subject line
    learned: tuple[Item, ...] = ()
    superseded: tuple[Superseded, ...] = ()
    ended: tuple[Item, ...] = ()  # true until this turn said it stopped
    retracted: tuple[Item, ...] = ()
    reinforced: tuple[Item, ...] = ()
    doubted: tuple[Item, ...] = ()  # still current, flagged possibly outdated
    categories: tuple[str, ...] = ()
    skipped_lines: tuple[str, ...] = ()  # ``file:line: reason`` of lines not read

    @classmethod
    def of_cycle(cls, resource: str, report: CycleReport) -> RememberReport:
        def chosen(action: Action) -> tuple[Item, ...]:
            return tuple(c.after for c in report.changes if c.action is action)

        final = report.resolution.final_items
        return cls(
            resource=resource,
            commit=report.commit,
            message=report.message.splitlines()[0] if report.message else "no change",
            learned=chosen(Action.ADDED) + chosen(Action.REVIVED),
            superseded=tuple(
                Superseded(old, final.get(old.superseded_by)) for old in chosen(Action.SUPERSEDED)
            ),
            ended=chosen(Action.ENDED),
            retracted=chosen(Action.RETRACTED),
            reinforced=chosen(Action.REINFORCED),
            doubted=chosen(Action.DOUBTED),
            categories=tuple(report.categories),
            skipped_lines=tuple(str(p) for p in report.problems),
        )

    @classmethod
    def woven_elsewhere(cls, resource: str, items: Iterable[Item]) -> RememberReport:
        """The line was woven by another writer's cycle (a watcher's) before ours took the
        lock: the facts that came from it, as learned."""
        facts = tuple(i for i in items if resource in i.sources and i.status is Status.CURRENT)
        return cls(
            resource=resource,
            commit=None,
            message="woven by another writer's cycle (a watcher)",
            learned=facts,
            categories=tuple(sorted({i.category for i in facts})),
        )

    def to_json(self) -> dict[str, Any]:
        def fact(item: Item) -> dict[str, Any]:
            return {"id": item.id, "text": item.text, "category": item.category, "kind": item.kind}

        return {
            "resource": self.resource,
            "commit": self.commit,
            "message": self.message,
            "learned": [fact(i) for i in self.learned],
            "superseded": [
                {
                    **fact(s.item),
                    "old": s.item.value,
                    "new": s.successor.value if s.successor else None,
                    "superseded_by": s.item.superseded_by,
                }
                for s in self.superseded
            ],
            "ended": [{**fact(i), "reason": i.status_reason} for i in self.ended],
            "retracted": [{**fact(i), "reason": i.status_reason} for i in self.retracted],
            "reinforced": [fact(i) for i in self.reinforced],
            "doubted": [{**fact(i), "doubt": i.doubt} for i in self.doubted],
            "categories": list(self.categories),
            "skipped_lines": list(self.skipped_lines),
        }
