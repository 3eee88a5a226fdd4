"""Forgetting a fact: retract it with a reason, re-render its page, commit. Git keeps it.

``plan_forget`` is pure (item + reason + time -> the retracted item and the commit
message); ``apply_forget`` does the I/O under the vault's single-writer lock, after
the same recovery step a cycle starts with.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from vaultweave.store.errors import ForgetError
from vaultweave.store.item import Item, Status
from vaultweave.weaver.resolve import Action, Change, Resolution
from vaultweave.weaver.transaction import (
    DEFAULT_LOCK_TIMEOUT,
    commit_item_changes,
    recover,
    write_transaction,
)

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

MAX_REASON = 500
MAX_SUBJECT_TEXT = 120


@dataclass(frozen=True)
class ForgetPlan:
    before: Item
    after: Item
    message: str


@dataclass(frozen=True)
class ForgetReport:
    commit: str | None
    item: Item  # the retracted fact
    before: Item
    message: str
    categories: tuple[str, ...]
    hand_edited: tuple[str, ...]  # pages left as a person wrote them (not re-rendered)


def plan_forget(item: Item, reason: str, now: datetime) -> ForgetPlan:
    """The retracted version of ``item`` and the commit message that says why."""
    why = " ".join(reason.split())
    if not why:
        raise ForgetError(item.id, "give a reason; it is kept with the fact and in the commit")
    if len(why) > MAX_REASON:
        raise ForgetError(item.id, f"the reason is longer than {MAX_REASON} characters")
    if item.status is Status.RETRACTED:
        raise ForgetError(item.id, f"it is already retracted ({item.status_reason or 'no reason'})")
    # A current fact ends now; one that had already ended keeps its range.
    valid_to = item.valid_to if item.valid_to is not None else max(now, item.valid_from)
    after = item.evolve(
        status=Status.RETRACTED,
        valid_to=valid_to,
        status_reason=f"forgotten: {why}",
        ended_by=f"forget@{now.isoformat()}",
    )
    text = " ".join(item.text.split())
    if len(text) > MAX_SUBJECT_TEXT:
        text = text[: MAX_SUBJECT_TEXT - 1] + "…"
    message = f"forget: {text} — {why}\n\nForgotten: {item.id}\nWas: {item.status.value}\n"
    return ForgetPlan(item, after, message)


def apply_forget(
    vault: Workspace, item_id: str, reason: str, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> ForgetReport:
    """Retract ``item_id`` in a write transaction; VaultLockedError after ``lock_timeout``."""
    with write_transaction(vault, lock_timeout):
        recover(vault)
        now = vault.clock()
        plan = plan_forget(vault.item(item_id), reason, now)
        change = Change(Action.RETRACTED, plan.after, plan.before, reason)
        touched = Resolution(changes=(change,)).touched_categories
        done = commit_item_changes(vault, [(plan.after, plan.before)], touched, plan.message, now)
        return ForgetReport(
            commit=done.commit,
            item=plan.after,
            before=plan.before,
            message=plan.message,
            categories=tuple(done.categories),
            hand_edited=tuple(done.hand_edited),
        )
