"""Undoing one commit (a weave, a hand edit, upkeep, a forget or a correction) as a new one.

Each fact the commit changed goes back to the version it had before; a fact the commit
added is retracted with its validity voided (it never held), so nothing is deleted and
git keeps both stories. Pages are re-rendered and the indexes updated like any direct
edit. The resource lines the commit consumed stay consumed: they are not woven again.

A fact changed again after that commit is a conflict: reverting would silently undo the
later change too, so the revert stops and names the facts (revert the later commits
first, newest first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from vaultweave.store.errors import RevertError
from vaultweave.store.history import CommitRecord, VaultHistory
from vaultweave.store.item import Item, Status, decode
from vaultweave.weaver.direct_edit import EditPlan, apply_direct_edit
from vaultweave.weaver.resolve import Action, Change

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

MAX_NAMED = 10  # conflicting facts named in the error


@dataclass(frozen=True)
class RevertReport:
    commit: str | None
    reverted: str  # the sha undone
    restored: tuple[Item, ...]  # facts back at their earlier version
    voided: tuple[Item, ...]  # facts the commit had added, now retracted
    message: str
    categories: tuple[str, ...]
    hand_edited: tuple[str, ...]


def item_pairs(history: VaultHistory, record: CommitRecord) -> list[tuple[Item | None, Item | None]]:
    """(before, after) of every fact the commit changed; a category move is one pair."""
    pairs: dict[str, list[Item | None]] = {}
    for change in history.changed_paths([record], "items")[record.sha]:
        path = PurePosixPath(change.path)
        if path.suffix != ".pb" or len(path.parts) != 3:
            continue
        try:
            before = decode(history.blob(change.old_blob)) if change.old_blob else None
            after = decode(history.blob(change.new_blob)) if change.new_blob else None
        except ValueError as exc:  # a damaged item version: nothing safe to put back
            raise RevertError(record.sha[:12], f"{change.path} cannot be read there ({exc})") from exc
        key = (before or after).id  # type: ignore[union-attr]
        slot = pairs.setdefault(key, [None, None])
        slot[0] = before or slot[0]
        slot[1] = after or slot[1]
    return [(b, a) for b, a in pairs.values()]


def plan_revert(
    record: CommitRecord,
    pairs: list[tuple[Item | None, Item | None]],
    items: Mapping[str, Item],
    now: datetime,
) -> EditPlan:
    """The changes that put every fact ``record`` touched back as it was; pure."""
    changed_since = [
        after.id for _, after in pairs if after is not None and items.get(after.id) != after
    ]
    if changed_since:
        named = ", ".join(changed_since[:MAX_NAMED])
        more = f" and {len(changed_since) - MAX_NAMED} more" if len(changed_since) > MAX_NAMED else ""
        raise RevertError(
            record.sha[:12],
            f"facts it changed were changed again later ({named}{more}); "
            "revert the later commits first, newest first",
        )
    short = record.sha[:12]
    changes: list[Change] = []
    for before, after in pairs:
        if after is None:
            continue  # removed by the commit (only a category move does that): nothing now
        if before is None:
            voided = after.evolve(
                status=Status.RETRACTED,
                valid_to=None,
                ended_by=f"revert@{short}",
                status_reason=f"reverted: added by {short} ({record.subject})",
                doubt="",
                doubted_at=None,
            )
            changes.append(Change(Action.RETRACTED, voided, after, f"revert {short}"))
        else:
            changes.append(Change(Action.REVIVED, before, after, f"revert {short}"))
    if not changes:
        raise RevertError(short, "it changed no fact")
    message = (
        f"revert: {record.subject}\n\nReverts: {record.sha}\n"
        f"Restored: {sum(c.action is Action.REVIVED for c in changes)}\n"
        f"Voided: {sum(c.action is Action.RETRACTED for c in changes)}\n"
    )
    return EditPlan(tuple(changes), message)


def apply_revert(vault: Workspace, revision: str, lock_timeout: float = 0.0) -> RevertReport:
    """Undo ``revision`` under the lock, as one new commit."""
    history = VaultHistory(vault.repo)
    sha = history.resolve(revision)
    head = vault.repo.head_sha()
    if head is None or not history.is_ancestor(sha, head):
        raise RevertError(revision, "that commit is not in the vault's history")
    (record,) = [r for r in history.commits(sha) if r.sha == sha]
    if record.parent is None:
        raise RevertError(revision, "it is the vault's first commit")
    done = history.first_mentioning(f"Reverts: {sha}", head)
    if done is not None:
        raise RevertError(revision, f"it was already reverted by {done[:12]}")

    def plan_for(items: Mapping[str, Item], now: datetime) -> EditPlan:
        return plan_revert(record, item_pairs(history, record), items, now)

    outcome = apply_direct_edit(vault, plan_for, lock_timeout)
    return RevertReport(
        commit=outcome.commit,
        reverted=sha,
        restored=tuple(c.after for c in outcome.changes if c.action is Action.REVIVED),
        voided=tuple(c.after for c in outcome.changes if c.action is Action.RETRACTED),
        message=outcome.message,
        categories=outcome.categories,
        hand_edited=outcome.hand_edited,
    )
