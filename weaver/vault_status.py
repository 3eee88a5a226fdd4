"""What ``Vault.status()`` reports: counts, pending lines, every problem, who writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from vaultweave.store.errors import VaultError, VaultLockedError
from vaultweave.store.item import Status
from vaultweave.store.items import ItemReadProblem
from vaultweave.store.lock import VaultLock
from vaultweave.store.resources import LineProblem, scan
from vaultweave.weaver.cursor_sync import checked_cursor
from vaultweave.weaver.llm.retry import RetryQueue
from vaultweave.weaver.markdown_parse import PageProblem
from vaultweave.weaver.page_check import page_problems
from vaultweave.weaver.pages import hand_edited
from vaultweave.weaver.workspace import line_limits

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace


@dataclass(frozen=True)
class VaultStatus:
    root: str
    head: str | None
    items: dict[str, int]
    categories: int
    pending_lines: int
    line_problems: tuple[LineProblem, ...]
    item_problems: tuple[ItemReadProblem, ...]
    hand_edited: tuple[str, ...]
    locked_by: int | None
    llm_retry: tuple[str, ...] = ()  # resources woven by rules only, awaiting the model
    page_problems: tuple[PageProblem, ...] = ()  # pages a weave cannot read back, and why


def read_status(vault: Workspace) -> VaultStatus:
    cursor = checked_cursor(vault)
    pending = scan(vault.paths, cursor.positions, 10**9, line_limits(vault))
    counts = {s.value: 0 for s in Status}
    for item in vault.loaded_items().values():
        counts[item.status.value] += 1
    problems = {
        (p.path, p.line): p for p in [*vault.state.load_problems(), *pending.problems, *pending.unread]
    }
    return VaultStatus(
        root=str(vault.paths.root),
        head=vault.repo.head_sha(),
        items=counts,
        categories=len(vault.categories()),
        pending_lines=len(pending.resources),
        line_problems=tuple(sorted(problems.values(), key=lambda p: (p.path, p.line))),
        item_problems=tuple(vault.item_problems),
        hand_edited=tuple(hand_edited(vault)),
        page_problems=tuple(page_problems(vault)),
        locked_by=None if vault.lock.held else _lock_holder(vault.lock),
        llm_retry=tuple(
            f"{e.resource}: {e.reason}" + (" (given up after retries)" if e.given_up else "")
            for e in RetryQueue(vault.paths.state).load().values()
        ),
    )


def _lock_holder(lock: VaultLock) -> int | None:
    try:
        lock.acquire()
    except VaultLockedError:
        return lock.holder_pid() or -1
    except VaultError:  # cannot even open the lock file (a read-only vault): no one holds it
        return None
    lock.release()
    return None
