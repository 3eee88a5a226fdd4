"""Forgetting a fact: retract it with a reason, re-render its page, commit. Git keeps it.

``plan_forget`` is pure (item + reason + time + the items it replaced -> the retracted
item, the values it brings back, and the commit message); ``apply_forget`` runs it as a
direct edit under the vault's single-writer lock.

A forgotten current fact was never true, so what it had superseded is true again:
"forget that, I was joking" about a new employer gives the old employer back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from vaultweave.store.errors import CorrectError, ForgetError
from vaultweave.store.item import Item, Status
from vaultweave.weaver.direct_edit import EditPlan, apply_direct_edit
from vaultweave.weaver.resolve import Action, Change
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

MAX_REASON = 500
MAX_SUBJECT_TEXT = 120


@dataclass(frozen=True)
class ForgetPlan:
    before: Item
    after: Item
    message: str
    restored: tuple[Item, ...] = ()  # the facts it had superseded, current again


@dataclass(frozen=True)
class ForgetReport:
    commit: str | None
    item: Item  # the retracted fact
    before: Item
    message: str
    categories: tuple[str, ...]
    hand_edited: tuple[str, ...]  # pages left as a person wrote them (not re-rendered)
    restored: tuple[Item, ...] = ()


def clean_reason(
    item_id: str, reason: str, error: type[ForgetError | CorrectError] = ForgetError
) -> str:
    why = " ".join(reason.split())
    if not why:
        raise error(item_id, "give a reason; it is kept with the fact and in the commit")
    if len(why) > MAX_REASON:
        raise error(item_id, f"the reason is longer than {MAX_REASON} characters")
    return why


def short_text(item: Item) -> str:
    text = " ".join(item.text.split())
    return text if len(text) <= MAX_SUBJECT_TEXT else text[: MAX_SUBJECT_TEXT - 1] + "…"


def plan_forget(
    item: Item, reason: str, now: datetime, items: Mapping[str, Item] | None = None
) -> ForgetPlan:
    """The retracted version of ``item``, what it brings back, and the commit message."""
    why = clean_reason(item.id, reason)
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
    restored = _restored(item, items or {}) if item.is_current else ()
    lines = [f"Forgotten: {item.id}", f"Was: {item.status.value}"]
    lines += [f"Restored: {r.id} ({r.attribute}: {r.value})" for r in restored]
    message = f"forget: {short_text(item)} — {why}\n\n" + "\n".join(lines) + "\n"
    return ForgetPlan(item, after, message, restored)


def _restored(item: Item, items: Mapping[str, Item]) -> tuple[Item, ...]:
    """The historical facts ``item`` superseded, current again as if never replaced."""
    back = []
    for old_id in item.supersedes:
        old = items.get(old_id)
        if old is None or old.status is not Status.HISTORICAL or old.superseded_by != item.id:
            continue
        back.append(
            old.evolve(
                status=Status.CURRENT,
                valid_to=None,
                superseded_by="",
                ended_by="",
                status_reason=f"restored: {item.value!r}, which had replaced it, was forgotten",
            )
        )
    return tuple(back)


def apply_forget(
    vault: Workspace, item_id: str, reason: str, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> ForgetReport:
    """Retract ``item_id`` in a write transaction; VaultLockedError after ``lock_timeout``."""
    chosen: list[ForgetPlan] = []

    def plan_for(items: Mapping[str, Item], now: datetime) -> EditPlan:
        item = items.get(item_id) or vault.item(item_id)  # raises ItemNotFoundError
        plan = plan_forget(item, reason, now, items)
        chosen.append(plan)
        changes = [Change(Action.RETRACTED, plan.after, plan.before, reason)]
        changes += [Change(Action.REVIVED, r, items[r.id], "restored") for r in plan.restored]
        return EditPlan(tuple(changes), plan.message)

    outcome = apply_direct_edit(vault, plan_for, lock_timeout)
    plan = chosen[0]
    return ForgetReport(
        commit=outcome.commit,
        item=plan.after,
        before=plan.before,
        message=plan.message,
        categories=outcome.categories,
        hand_edited=outcome.hand_edited,
        restored=plan.restored,
    )
