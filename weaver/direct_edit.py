"""Writes an agent or a person asks for directly (forget, correct), outside a cycle.

``apply_direct_edit`` runs a pure plan in a write transaction (weaver/transaction.py),
after the same recovery step a cycle starts with: the plan decides what to write from
the items as they are at HEAD, then the items are written, their pages re-rendered, the
indexes updated and exactly those files committed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from vaultweave.store.item import Item
from vaultweave.weaver.resolve import Change, Resolution
from vaultweave.weaver.transaction import (
    DEFAULT_LOCK_TIMEOUT,
    commit_item_changes,
    recover,
    write_transaction,
)

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


def apply_direct_edit(
    vault: Workspace, plan_for: Planner, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> EditOutcome:
    """Plan from the current items and apply in a write transaction; VaultLockedError
    after ``lock_timeout``."""
    with write_transaction(vault, lock_timeout):
        recover(vault)
        now = vault.clock()
        plan = plan_for(vault.loaded_items(), now)
        touched = Resolution(changes=plan.changes).touched_categories
        pairs = [(change.after, change.before) for change in plan.changes]
        done = commit_item_changes(vault, pairs, touched, plan.message, now)
        return EditOutcome(
            done.commit, plan.changes, plan.message, tuple(done.categories), tuple(done.hand_edited)
        )
