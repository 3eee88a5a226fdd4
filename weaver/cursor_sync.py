"""Keeping the read cursor in step with git after a crash.

The cursor lives in .vaultweave/ and is saved right after a cycle's commit. A weaver
killed between the two would otherwise re-read lines its commit already consumed. Each
weave commit stores a resource file only up to the byte the cycle read (see
``VaultRepo.commit_exact``), so the committed size of that file *is* the cursor: when
the saved cursor names an older commit, the weave commits since then say how far
each file was consumed. Without any saved cursor (a first cycle killed before saving
it, or .vaultweave/ deleted) the newest weave commit touching each file says it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaultweave.store.gitrepo import WEAVER_IDENTITY
from vaultweave.store.resources import FilePosition, scan
from vaultweave.store.state import Cursor

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

LOOKBACK = 20  # commits searched for the cursor's own; a crash leaves at most a few
LOST_LOOKBACK = 500  # without a saved cursor: how far back weave commits are read


def _lines_in(path: str, size: int) -> int:
    with open(path, "rb") as handle:
        return handle.read(size).count(b"\n")


def reconcile_cursor(vault: Workspace, cursor: Cursor) -> Cursor:
    """The cursor, moved past lines that weave commits after ``cursor.commit`` consumed."""
    repo = vault.repo
    head = repo.head_sha()
    if head is None or cursor.commit == head:
        return cursor
    weaver = WEAVER_IDENTITY["GIT_AUTHOR_EMAIL"]
    positions = dict(cursor.positions)
    adopted: set[str] = set()
    lost = cursor.commit is None and not cursor.positions  # first cycle, or state deleted
    for sha, subject, email in repo.recent_commits(LOST_LOOKBACK if lost else LOOKBACK):
        if sha == cursor.commit:
            break
        if email != weaver or not subject.startswith("weave:"):
            continue
        for rel in repo.changed_in(sha):
            if not (rel.startswith("resources/") and rel.endswith(".jsonl")) or rel in adopted:
                continue
            adopted.add(rel)  # the newest weave commit that touched the file knows best
            size = repo.blob_size(sha, rel)
            if size is not None and size > positions.get(rel, FilePosition()).offset:
                positions[rel] = FilePosition(size, _lines_in(str(vault.paths.root / rel), size))
    else:
        if not lost and not adopted:
            return cursor  # the cursor's commit is not in recent history: keep it as it is
    if lost and adopted:
        # The list of malformed lines was lost with the state: find them again once.
        vault.state.add_problems(list(scan(vault.paths, {}, max_lines=10**9).problems))
    return Cursor(positions, head)
