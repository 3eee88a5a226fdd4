"""Reading the vault's git history: which commits changed what, and the blobs on each side.

Read-only. `weaver/changes.py` turns these raw diffs into a digest of fact changes.
Everything a caller passes as a revision is checked first (never an option, always a
commit), because revisions may come from a model over MCP.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

import git
from vaultweave.store.errors import GitError, UnknownRevisionError
from vaultweave.store.gitrepo import VaultRepo

ZERO_SHA = "0" * 40
# What `git rev-parse` accepts and nothing more: no leading dash, no whitespace or NUL.
_REVISION = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_./~^@{}:+-]{0,199}$")


@dataclass(frozen=True)
class CommitRecord:
    sha: str
    parent: str | None  # first parent; None for the root commit
    committed: datetime  # committer date, UTC
    subject: str


@dataclass(frozen=True)
class PathChange:
    """One file changed by a commit: the blob on each side (None where it did not exist)."""

    path: str
    old_blob: str | None
    new_blob: str | None


class VaultHistory:
    """Queries over a vault's commits. Holds nothing but the repository."""

    def __init__(self, repo: VaultRepo) -> None:
        self.repo = repo

    def resolve(self, revision: str) -> str:
        """The full sha of the commit ``revision`` names; UnknownRevisionError otherwise."""
        if not _REVISION.match(revision):
            raise UnknownRevisionError(revision, "not a commit id or git revision")
        if not self.repo.has_commits:
            raise UnknownRevisionError(revision, "the vault has no commits yet")
        try:
            sha = self._git("rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
        except git.GitCommandError:
            raise UnknownRevisionError(revision, "no such commit in this vault") from None
        return sha.strip()

    def is_ancestor(self, older: str, newer: str) -> bool:
        try:
            self._git("merge-base", "--is-ancestor", older, newer)
        except git.GitCommandError:
            return False
        return True

    def commits(
        self, head: str, *, after_commit: str | None = None, after_time: datetime | None = None
    ) -> list[CommitRecord]:
        """Commits on ``head``'s first-parent line, oldest first, after a commit or a time."""
        args = ["rev-list", "--first-parent", "--no-commit-header"]
        args.append("--format=%H%x1f%P%x1f%ct%x1f%s")
        if after_time is not None:
            args.append(f"--since={int(after_time.timestamp())}")
        args.append(head if after_commit is None else f"{after_commit}..{head}")
        out = self._git(*args)
        records = []
        for line in out.splitlines():
            if not line.strip():
                continue
            sha, parents, stamp, subject = line.split("\x1f", 3)
            committed = datetime.fromtimestamp(int(stamp), tz=timezone.utc)
            if after_time is not None and committed <= after_time:
                continue  # --since is inclusive; "after" is not
            parent = parents.split()[0] if parents else None
            records.append(CommitRecord(sha, parent, committed, subject))
        records.reverse()
        return records

    def changed_paths(
        self, commits: Sequence[CommitRecord], *folders: str
    ) -> dict[str, list[PathChange]]:
        """Files under ``folders`` each commit changed against its first parent, by sha.

        One `git diff-tree --stdin` for all commits; a commit that changed nothing
        there has an empty list.
        """
        found: dict[str, list[PathChange]] = {c.sha: [] for c in commits}
        if not commits:
            return found
        pairs = "".join(f"{c.sha} {c.parent}\n" if c.parent else f"{c.sha}\n" for c in commits)
        run = subprocess.run(
            ["git", "diff-tree", "--stdin", "-r", "--root", "--no-renames", "-z", "--", *folders],
            cwd=self.repo.root,
            input=pairs.encode("ascii"),
            capture_output=True,
            check=False,
        )
        if run.returncode != 0:
            raise GitError("diff-tree", run.stderr.decode("utf-8", "replace").strip())
        current: list[PathChange] | None = None
        fields = iter(f for f in run.stdout.decode("utf-8", "surrogateescape").split("\0") if f)
        for field in fields:
            if not field.startswith(":"):
                # A header: "<sha>" or "<sha> <parent>" for each commit that changed something.
                current = found.setdefault(field.split()[0], [])
                continue
            path = next(fields)
            # ":<old mode> <new mode> <old sha> <new sha> <status>"
            _, _, old_sha, new_sha, _ = field.lstrip(":").split(" ", 4)
            if current is not None:
                current.append(
                    PathChange(
                        path,
                        None if old_sha == ZERO_SHA else old_sha,
                        None if new_sha == ZERO_SHA else new_sha,
                    )
                )
        return found

    def first_mentioning(self, text: str, head: str) -> str | None:
        """The oldest commit on ``head``'s line whose message contains ``text``, if any."""
        out = self._git("rev-list", "--fixed-strings", f"--grep={text}", "--reverse", head)
        return out.split()[0] if out.strip() else None

    def blob(self, sha: str) -> bytes:
        data: bytes = self.repo.repo.odb.stream(bytes.fromhex(sha)).read()
        return data

    def _git(self, *args: str) -> str:
        return str(self.repo.repo.git.execute(["git", *args]))
