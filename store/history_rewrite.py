"""Rewriting a vault's git history to remove text (erase --rewrite-history).

git-filter-repo (the tool git's own documentation recommends over filter-branch) does
the rewrite: every blob and commit message has each form of the text replaced by as
many asterisks, so item protobufs keep their lengths and stay readable. filter-repo
ends with ``git reset --hard``, which would drop work not yet committed (lines appended
since the last weave, a page being edited): those files are saved before and put back
after. Old commits become unreachable and are pruned; commit ids change.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from vaultweave.store.errors import GitError


def rewrite_history(root: Path, forms: list[bytes]) -> dict[str, str]:
    """Scrub ``forms`` from every commit; returns the map of old to new commit ids."""
    pending = _uncommitted(root)
    saved = {rel: (root / rel).read_bytes() for rel in pending if (root / rel).is_file()}
    rules = b"".join(
        b"regex:" + re.escape(form).replace(b"\n", b"\\n") + b"==>" + b"*" * len(form) + b"\n"
        for form in forms
    )
    with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as handle:
        handle.write(rules)
    try:
        run = subprocess.run(
            [sys.executable, "-m", "git_filter_repo", "--force", "--quiet",
             "--replace-text", handle.name, "--replace-message", handle.name],
            cwd=root, capture_output=True, check=False,
        )
    finally:
        Path(handle.name).unlink(missing_ok=True)
        for rel, data in saved.items():
            (root / rel).write_bytes(data)
    if run.returncode != 0:
        reason = run.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError("filter-repo", reason[-1] if reason else f"exit {run.returncode}")
    return _commit_map(root)


def _uncommitted(root: Path) -> list[str]:
    out = subprocess.run(
        ["git", "status", "--porcelain", "-z", "--untracked-files=no"],
        cwd=root, capture_output=True, check=True,
    ).stdout.decode("utf-8", "surrogateescape")
    return [entry[3:] for entry in out.split("\0") if len(entry) > 3]


def _commit_map(root: Path) -> dict[str, str]:
    path = root / ".git" / "filter-repo" / "commit-map"
    mapping = {}
    for line in path.read_text(encoding="ascii").splitlines()[1:]:
        old, new = line.split()
        mapping[old] = new
    return mapping
