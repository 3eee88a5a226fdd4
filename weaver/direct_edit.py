"""Writes an agent or a person asks for directly (forget, correct), outside a cycle.

``apply_direct_edit`` runs a pure plan under the vault's single-writer lock, after the
same recovery step a cycle starts with: it re-reads HEAD, lets the plan decide what to
write from the items as they are now, writes them, re-renders their pages, updates the
indexes and commits exactly those files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from vaultweave.store.item import Item
from vaultweave.weaver.resolve import Change, Resolution
from vaultweave.weaver.transaction import commit_outside_cycle, recover, render_categories

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace


@dataclass(frozen=True)
class EditPlan:
    changes: tuple[Change, ...]  # each change's ``after`` is written; ``before`` None = new
    message: str


@dataclass(frozen=True)
class EditOutcome:
    commit: str | None
    changes: tuple[Change, ...]
    message: str
    categories: tuple[str, ...]
    hand_edited: tuple[str, ...]  # pages left as a person wrote them (not re-rendered)


Planner = Callable[[Mapping[str, Item], datetime], EditPlan]


def apply_direct_edit(vault: Workspace, plan_for: Planner, lock_timeout: float = 0.0) -> EditOutcome:
    """Plan from the current items and apply; VaultLockedError after ``lock_timeout``."""
    held_before = vault.lock.held
    vault.lock.acquire(timeout=lock_timeout)
    try:
        recover(vault)
        vault.sync_with_head()  # another process may have written since we read
        now = vault.clock()
        plan = plan_for(vault.loaded_items(), now)
        written = [change.after for change in plan.changes]
        for change in plan.changes:
            vault.files.write(change.after, change.before)
        vault.remember_items(written)
        touched = Resolution(changes=plan.changes).touched_categories
        categories, hand_edited = render_categories(vault, touched, now)
        for projection in vault.projections:
            projection.apply(written, [])
        # A fact that changed category left a file behind it: commit its removal too.
        moved_from = [
            c.before for c in plan.changes
            if c.before is not None and c.before.category != c.after.category
        ]
        commit = commit_outside_cycle(
            vault, plan.message, [*written, *moved_from], categories, hand_edited
        )
        return EditOutcome(commit, plan.changes, plan.message, tuple(categories), tuple(hand_edited))
    finally:
        vault.mark_seen()
        if not held_before:
            vault.lock.release()
