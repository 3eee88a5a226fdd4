"""The vault as a git repository: init, textconv for items, one commit per change."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import git

from store.atomic import atomic_write_text
from store.errors import GitError

GITIGNORE = ".vaultweave/\n.obsidian/workspace*.json\n.trash/\n"
GITATTRIBUTES = "items/**/*.pb -text diff=vaultweave-item\n*.jsonl text eol=lf\n*.md text eol=lf\n"
TEXTCONV_DRIVER = "vaultweave-item"
# Weave commits are authored by the weaver itself, so they work without a global git user.
WEAVER_IDENTITY = {
    "GIT_AUTHOR_NAME": "vaultweave",
    "GIT_AUTHOR_EMAIL": "weaver@vaultweave.invalid",
    "GIT_COMMITTER_NAME": "vaultweave",
    "GIT_COMMITTER_EMAIL": "weaver@vaultweave.invalid",
}
TIER_PATHS = ("resources", "items", "categories", "index.md", "vault.toml")


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    message: str
    authored: str


class VaultRepo:
    def __init__(self, root: Path) -> None:
        self.root = root
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
        # The interpreter's absolute path: `git log -p` may run where vaultweave is not on PATH.
        command = f'"{sys.executable}" -m store.textconv'
        with self.repo.config_writer() as config:
            config.set_value(f'diff "{TEXTCONV_DRIVER}"', "textconv", command)
            config.set_value(f'diff "{TEXTCONV_DRIVER}"', "cachetextconv", "false")

    @property
    def has_commits(self) -> bool:
        try:
            self.repo.head.commit  # noqa: B018 - raises on an unborn branch
        except ValueError:
            return False
        return True

    def head_sha(self) -> str | None:
        return self.repo.head.commit.hexsha if self.has_commits else None

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
            tracked = [p for p in existing if self._tracked(p)]
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
        self._git("commit", "-q", "--no-verify", "-m", message, env=WEAVER_IDENTITY)
        return self.repo.head.commit.hexsha

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
