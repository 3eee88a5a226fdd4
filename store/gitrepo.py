"""The vault as a git repository: init, textconv for items, one commit per change."""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import git
from git.refs.symbolic import SymbolicReference
from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.errors import GitError
from vaultweave.store.sanitize import prose

GITIGNORE = ".vaultweave/\n.obsidian/workspace*.json\n.trash/\n"
GITATTRIBUTES = "items/**/*.pb -text diff=vaultweave-item\n*.jsonl text eol=lf\n*.md text eol=lf\n"
TEXTCONV_COMMAND = "vaultweave-textconv"
TEXTCONV_DRIVER = "vaultweave-item"
# Weave commits are authored by the weaver itself, so they work without a global git user.
WEAVER_IDENTITY = {
    "GIT_AUTHOR_NAME": "vaultweave",
    "GIT_AUTHOR_EMAIL": "weaver@vaultweave.invalid",
    "GIT_COMMITTER_NAME": "vaultweave",
    "GIT_COMMITTER_EMAIL": "weaver@vaultweave.invalid",
}
GC_EVERY = 100  # exact commits between `git gc --auto` runs
TIER_PATHS = ("resources", "items", "categories", "index.md", "vault.toml")
# A git lock file left unchanged this long, while we hold the writer lock and run no git,
# is stale (see VaultRepo.clear_stale_locks): git's own index and ref updates take far less.
STALE_GIT_LOCK_SECONDS = 5.0
LOCK_POLL_SECONDS = 0.1


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    message: str
    authored: str


class VaultRepo:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._commits = 0
        try:
            self.repo = git.Repo(root)
        except (git.InvalidGitRepositoryError, git.NoSuchPathError) as exc:
            raise GitError("open", f"{root} is not a git repository") from exc

    @classmethod
    def init(cls, root: Path) -> VaultRepo:
        """Make ``root`` a git repository (or adopt an existing one) and configure it."""
        try:
            if not (root / ".git").exists():
                git.Repo.init(root, initial_branch="main")
        except git.GitCommandError as exc:
            raise GitError("init", exc.stderr.strip() or str(exc)) from exc
        vault_repo = cls(root)
        vault_repo.configure()
        return vault_repo

    def configure(self) -> None:
        """Write .gitignore/.gitattributes and the item textconv driver (idempotent)."""
        for name, content in ((".gitignore", GITIGNORE), (".gitattributes", GITATTRIBUTES)):
            path = self.root / name
            existing = path.read_text(encoding="utf-8") if path.exists() else ""
            missing = [line for line in content.splitlines() if line not in existing.splitlines()]
            if missing:
                joined = existing + ("" if not existing or existing.endswith("\n") else "\n")
                atomic_write_text(path, joined + "\n".join(missing) + "\n")
        # A command on PATH, not an interpreter's absolute path: the config then survives a
        # moved venv, and `vaultweave init .` in a fresh clone makes `git log -p` readable.
        command = TEXTCONV_COMMAND
        with self.repo.config_writer() as config:
            config.set_value(f'diff "{TEXTCONV_DRIVER}"', "textconv", command)
            config.set_value(f'diff "{TEXTCONV_DRIVER}"', "cachetextconv", "false")
            # A vault holds a file per fact: a split index (only changes rewritten) and
            # the untracked cache keep git fast at 100k files.
            config.set_value("core", "splitIndex", "true")
            config.set_value("core", "untrackedCache", "true")
            config.set_value("index", "version", "4")

    @property
    def has_commits(self) -> bool:
        try:
            self.repo.head.commit  # noqa: B018 - raises on an unborn branch
        except ValueError:
            return False
        return True

    def head_sha(self) -> str | None:
        """HEAD's commit id from the ref files (loose or packed), without an object lookup:
        open vaults check it before every call and read-through (bench/read_through.py)."""
        try:
            return SymbolicReference.dereference_recursive(self.repo, "HEAD")
        except ValueError:
            return None  # an unborn branch: no commit yet

    def dirty_paths(self, *pathspecs: str) -> list[str]:
        """Paths under ``pathspecs`` that differ from HEAD (modified, added or untracked)."""
        out = self._git("status", "--porcelain=v1", "-z", "--untracked-files=all", "--", *pathspecs)
        entries = [e for e in out.split("\0") if e]
        paths: list[str] = []
        skip = False
        for entry in entries:
            if skip:
                skip = False
                continue
            code, path = entry[:2], entry[3:]
            if code.startswith("R"):
                skip = True  # the next NUL-separated field is the rename source
            paths.append(path)
        return paths

    def restore(self, *pathspecs: str) -> None:
        """Put ``pathspecs`` back as they are at HEAD, dropping untracked files there."""
        existing = [p for p in pathspecs if (self.root / p).exists() or self._tracked(p)]
        if not existing:
            return
        if self.has_commits:
            # A commit cut short may have staged these paths: unstage them first, then
            # check out only what HEAD itself holds (the index may name more).
            self._git("reset", "-q", "HEAD", "--", *existing)
            tracked = [p for p in existing if self._git("ls-tree", "--name-only", "HEAD", "--", p)]
            if tracked:
                self._git("checkout", "HEAD", "--", *tracked)
        self._git("clean", "-fdq", "--", *existing)

    def commit(self, message: str, pathspecs: tuple[str, ...] = TIER_PATHS) -> str | None:
        """Stage ``pathspecs`` and commit them; None when nothing changed."""
        present = [p for p in pathspecs if (self.root / p).exists() or self._tracked(p)]
        if present:
            self._git("add", "-A", "--", *present)
        if not self._git("diff", "--cached", "--name-only"):
            return None
        self._git("commit", "-q", "--no-verify", "-m", prose(message), env=WEAVER_IDENTITY)
        return self.repo.head.commit.hexsha

    def commit_exact(
        self, message: str, paths: list[str], prefixes: dict[str, int] | None = None
    ) -> str | None:
        """Commit exactly these files (added, changed or deleted); None when nothing changed.

        Unlike ``commit`` this never walks whole folders, so its cost follows the number
        of files touched, not the size of the vault. For a path in ``prefixes`` only its
        first N bytes are committed: an append-only file is committed up to what was read,
        never with lines that arrived after.
        """
        cacheinfo: list[str] = []
        for rel, size in (prefixes or {}).items():
            with open(self.root / rel, "rb") as handle:
                data = handle.read(size)
            sha = self._plumb(["hash-object", "-w", "--stdin"], data)
            cacheinfo += ["--cacheinfo", f"100644,{sha},{rel}"]
        paths = [p for p in paths if p not in (prefixes or {})]
        chunks = [paths[i : i + 500] for i in range(0, len(paths), 500)] or [[]]
        for n, chunk in enumerate(chunks):
            extra = cacheinfo if n == 0 else []
            if chunk or extra:
                self._git("update-index", "--add", "--remove", *extra, "--", *chunk)
        # Plumbing rather than `git commit`: that one re-stats every tracked file, which
        # in a vault of 100k items costs far more than the commit itself.
        tree = self._git("write-tree")
        parent = self.head_sha()
        if parent is not None and tree == self.repo.head.commit.tree.hexsha:
            return None
        args = ["commit-tree", tree, "-F", "-", *(["-p", parent] if parent else [])]
        message = prose(message)  # no control character ever reaches a commit
        sha = self._plumb(args, message.encode("utf-8"), env=WEAVER_IDENTITY)
        subject = message.splitlines()[0] if message else ""
        self._git("update-ref", "-m", f"commit: {subject}", "HEAD", sha, *([parent] if parent else []))
        self._commits += 1
        if self._commits % GC_EVERY == 0:
            self._git("gc", "--auto", "--quiet")  # what `git commit` would have done
        return sha

    def _plumb(self, args: list[str], data: bytes, env: dict[str, str] | None = None) -> str:
        """A git command fed ``data`` on stdin; returns its output line."""
        done = subprocess.run(
            ["git", *args], input=data, cwd=self.root, capture_output=True, check=False,
            env={**os.environ, **env} if env else None,
        )
        if done.returncode != 0:
            raise GitError(args[0], done.stderr.decode(errors="replace").strip())
        return done.stdout.decode().strip()

    def show_file(self, rev: str, path: str) -> str | None:
        """A file's text at ``rev``, or None if it did not exist there."""
        if not self.has_commits:
            return None
        try:
            out = self.repo.git.execute(
                ["git", "show", f"{rev}:{path}"], strip_newline_in_stdout=False
            )
        except git.GitCommandError:
            return None
        return str(out)

    def blob_size(self, rev: str, path: str) -> int | None:
        try:
            return int(self._git("cat-file", "-s", f"{rev}:{path}"))
        except GitError:
            return None

    def newest_commit_touching(self, path: str, author_email: str, subject_prefix: str) -> str | None:
        """The newest commit by ``author_email`` whose subject starts with ``subject_prefix``
        and that changed ``path``; None if there is none."""
        if not self.has_commits:
            return None
        out = self._git("log", f"--author=<{author_email}>", "--format=%H%x1f%s", "--", path)
        for line in out.splitlines():
            sha, _, subject = line.partition("\x1f")
            if subject.startswith(subject_prefix):
                return sha
        return None

    def recent_commits(self, limit: int = 10) -> list[tuple[str, str, str]]:
        """(sha, subject, author e-mail) of the newest commits, newest first."""
        if not self.has_commits:
            return []
        out = self._git("log", f"-{limit}", "--format=%H%x1f%s%x1f%ae")
        return [tuple(line.split("\x1f", 2)) for line in out.splitlines() if line]  # type: ignore[misc]

    def head_subject(self) -> str:
        return self._git("log", "-1", "--format=%s") if self.has_commits else ""

    def changed_in(self, rev: str = "HEAD") -> list[str]:
        """Paths a commit changed (relative to its first parent)."""
        out = self._git("diff-tree", "--no-commit-id", "--name-only", "-r", "--root", rev)
        return [line for line in out.splitlines() if line]

    def clear_stale_locks(self, stale_after: float = STALE_GIT_LOCK_SECONDS) -> list[str]:
        """Remove git lock files a killed git left behind; returns the ones removed.

        Git takes ``.git/index.lock`` (and HEAD/ref locks while committing) by creating
        the file and renames it over the real one when done; a git killed in between
        leaves the lock and every later git command fails. The rule, the same on every
        platform (no look at other processes' open files): the caller holds the vault's
        writer lock, so no other weaver runs, and calls this between its own git commands,
        so no git of ours runs. A lock file then left unchanged for ``stale_after``
        seconds is stale: a live git finishes an index or ref update well within that. A
        younger one may belong to a git still finishing (a person's, or the orphaned child
        of a weaver just killed): it is waited for until it goes or grows stale.
        """
        git_dir = self.root / ".git"
        candidates = [git_dir / "index.lock", git_dir / "HEAD.lock"]
        heads = git_dir / "refs" / "heads"
        if heads.is_dir():
            candidates += list(heads.glob("*.lock"))
        removed: list[str] = []
        for lock in candidates:
            if not _wait_until_stale(lock, stale_after):
                continue
            try:
                lock.unlink()
            except FileNotFoundError:
                continue
            removed.append(str(lock.relative_to(self.root)))
        return removed

    def log(self, limit: int = 20, *pathspecs: str) -> list[CommitInfo]:
        if not self.has_commits:
            return []
        commits = self.repo.iter_commits(max_count=limit, paths=list(pathspecs))
        return [
            CommitInfo(c.hexsha, str(c.message).strip(), c.authored_datetime.isoformat())
            for c in commits
        ]

    def _tracked(self, pathspec: str) -> bool:
        if not self.has_commits:
            return False
        return bool(self._git("ls-files", "--", pathspec))

    def _git(self, *args: str, env: dict[str, str] | None = None) -> str:
        try:
            if env:
                merged = {**os.environ, **env}
                return str(self.repo.git.execute(["git", *args], env=merged))
            return str(self.repo.git.execute(["git", *args]))
        except git.GitCommandError as exc:
            stderr = (exc.stderr or "").strip().removeprefix("stderr: ").strip("'\n ")
            raise GitError(args[0], stderr or str(exc)) from exc


def _wait_until_stale(lock: Path, stale_after: float) -> bool:
    """True once ``lock`` has been left unchanged for ``stale_after`` seconds; False if it
    goes away first (its git finished)."""
    while True:
        try:
            age = time.time() - lock.stat().st_mtime
        except FileNotFoundError:
            return False
        if age >= stale_after:
            return True
        time.sleep(min(LOCK_POLL_SECONDS, stale_after - age))
