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

from pathlib import Path
from typing import TYPE_CHECKING

from vaultweave.store.gitrepo import WEAVER_IDENTITY
from vaultweave.store.resources import FilePosition, resource_files, scan
from vaultweave.store.state import Cursor
from vaultweave.weaver.workspace import line_limits

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

LOOKBACK = 20  # commits searched for the cursor's own; a crash leaves at most a few
LOST_LOOKBACK = 500  # without a saved cursor: how far back weave commits are read


def _lines_in(path: str, size: int) -> int:
    with open(path, "rb") as handle:
        return handle.read(size).count(b"\n")


def checked_cursor(vault: Workspace) -> Cursor:
    """The saved cursor, with every entry that cannot be right rebuilt from git.

    A damaged cursor must neither re-read a consumed line nor start mid-line (which
    would report a valid line as malformed). An entry is rebuilt when cursor.json fails
    its checksum or cannot be parsed (then every entry, as of HEAD), or when it points
    past the end of its file or not just after a newline. The rebuilt position is the
    size of the file in the newest weave commit that consumed from it: those commits
    hold each resource file exactly up to the byte their cycle read.
    """
    cursor = vault.state.load_cursor()
    files = {vault.paths.relative_lexical(f): f for f in resource_files(vault.paths)}
    if cursor.damaged:
        rebuilt = {rel: consumed_per_git(vault, rel, file) for rel, file in files.items()}
        return Cursor(rebuilt, vault.repo.head_sha())
    bad = {rel for rel, pos in cursor.positions.items() if rel in files and not _plausible(files[rel], pos)}
    if not bad:
        return cursor
    positions = dict(cursor.positions)
    positions.update({rel: consumed_per_git(vault, rel, files[rel]) for rel in bad})
    return Cursor(positions, cursor.commit)


def _plausible(file: Path, pos: FilePosition) -> bool:
    """Cheap checks that need no full read: within the file, just after a newline."""
    if pos.offset == 0:
        return True
    try:
        with file.open("rb") as handle:
            handle.seek(pos.offset - 1)
            return handle.read(1) == b"\n"  # past the end reads nothing
    except OSError:
        return False


def consumed_per_git(vault: Workspace, rel: str, file: Path) -> FilePosition:
    """How far the weave commits in HEAD's history consumed ``file``."""
    sha = vault.repo.newest_commit_touching(rel, WEAVER_IDENTITY["GIT_AUTHOR_EMAIL"], "weave:")
    size = vault.repo.blob_size(sha, rel) if sha else None
    if not size:
        return FilePosition()
    with file.open("rb") as handle:
        data = handle.read(size)
    end = data.rfind(b"\n") + 1  # a file rewritten shorter since: stop at its last whole line
    return FilePosition(end, data[:end].count(b"\n"))


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
        vault.state.add_problems(list(scan(vault.paths, {}, 10**9, line_limits(vault)).problems))
    return Cursor(positions, head)
