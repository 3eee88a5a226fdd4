"""`vaultweave doctor [--fix]` and the handling of git locks a killed weaver left."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from vaultweave.store.gitrepo import STALE_GIT_LOCK_SECONDS
from vaultweave.store.resources import FilePosition
from vaultweave.store.state import Cursor
from vaultweave.weaver.cli import cli
from vaultweave.weaver.doctor import CHECKS, Problem, diagnose, register_check, repair
from vaultweave.weaver.vault import Vault

from bench.live_support import PhraseExtractor
from tests.conftest import REPO_ROOT, plain, say

EX = PhraseExtractor()


def _seeded(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    say(vault, "I work at Google", "2026-01-01T10:00:00Z")
    say(vault, "I like tea", "2026-01-02T10:00:00Z")
    vault.weave(EX)
    return vault


def test_a_healthy_vault_has_no_problems(make_vault) -> None:
    vault = _seeded(make_vault)
    assert diagnose(vault) == []
    result = CliRunner().invoke(cli, ["doctor", "--vault", str(vault.root)])
    assert result.exit_code == 0 and "vault is consistent" in result.output


def test_doctor_explains_and_fixes_derived_problems_only(make_vault) -> None:
    vault = _seeded(make_vault)
    resources = {p: p.read_bytes() for p in vault.paths.resources.rglob("*.jsonl")}
    items = {p: p.read_bytes() for p in vault.paths.items.rglob("*.pb")}
    (vault.paths.categories / "work.md").unlink()
    prefs = vault.paths.categories / "preferences.md"
    edited = plain(prefs.read_text("utf-8")).replace("- Maya likes tea.", "- Maya likes tea!")
    prefs.write_text(edited, "utf-8")
    cursor = vault.state.load_cursor()
    rel = sorted(cursor.positions)[0]
    vault.state.save_cursor(Cursor({**cursor.positions, rel: FilePosition(5, 1)}, cursor.commit))
    (vault.root / ".git" / "index.lock").write_text("")

    problems = diagnose(vault)
    lines = [str(p) for p in problems]
    assert "pages: categories/work.md: missing; its facts are not shown [--fix repairs this]" in lines
    assert any("categories/preferences.md: hand edit not taken in yet" in ln for ln in lines)
    assert any(ln.startswith(f"cursor: {rel}: cursor is not at a line boundary") for ln in lines)
    assert "git: .git/index.lock: lock file left by a git that stopped [--fix repairs this]" in lines

    result = CliRunner().invoke(cli, ["doctor", "--fix", "--vault", str(vault.root)])
    assert "fixed: re-rendered categories/work.md" in result.output
    assert "fixed: removed stale .git/index.lock" in result.output
    assert result.exit_code == 1  # the hand edit is a person's to finish (weave takes it in)
    assert (vault.paths.categories / "work.md").exists()
    assert "Maya likes tea!" in prefs.read_text("utf-8")  # never overwritten
    assert not (vault.root / ".git" / "index.lock").exists()
    # (The cursor reset also leaves the search index ahead of the cursor until the next weave.)
    left = [str(p) for p in diagnose(vault) if p.check != "search"]
    assert left == ["pages: categories/preferences.md: hand edit not taken in yet; run `vaultweave weave`"]
    # Canonical tiers untouched.
    assert {p: p.read_bytes() for p in vault.paths.resources.rglob("*.jsonl")} == resources
    assert {p: p.read_bytes() for p in vault.paths.items.rglob("*.pb")} == items


def test_checks_can_be_added_by_other_modules(make_vault) -> None:
    vault = _seeded(make_vault)

    def check_projections(v: Vault) -> list[Problem]:
        return [Problem("search", "dense index", "3 items not indexed", True, "reindex")]

    register_check(check_projections)
    try:
        assert [p.check for p in diagnose(vault)] == ["search"]
    finally:
        CHECKS.remove(check_projections)


def _left_by_a_git_that_died(lock: Path, seconds_ago: float = 60.0) -> None:
    lock.write_text("")
    then = time.time() - seconds_ago
    os.utime(lock, (then, then))


def test_stale_index_lock_from_a_killed_git_is_cleared(make_vault) -> None:
    vault = _seeded(make_vault)
    _left_by_a_git_that_died(vault.root / ".git" / "index.lock")
    say(vault, "I work at OpenAI", "2026-02-01T10:00:00Z")
    started = time.monotonic()
    report = vault.weave(EX)
    assert report.commit and not (vault.root / ".git" / "index.lock").exists()
    assert time.monotonic() - started < STALE_GIT_LOCK_SECONDS  # an old lock is not waited for


def test_a_fresh_lock_is_waited_for_and_left_to_the_git_that_holds_it(make_vault) -> None:
    vault = _seeded(make_vault)
    lock = vault.root / ".git" / "index.lock"
    # A person's git finishing its index update: it holds the lock, then renames it away.
    finisher = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"import os, time; open({str(lock)!r}, 'w').close(); print('held', flush=True); "
            f"time.sleep(1.0); os.replace({str(lock)!r}, {str(lock.with_name('index.done'))!r})",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert finisher.stdout is not None and finisher.stdout.readline().strip() == "held"
        started = time.monotonic()
        with vault.lock:
            assert vault.repo.clear_stale_locks() == []  # waited, and the git finished
        assert 0.5 < time.monotonic() - started < STALE_GIT_LOCK_SECONDS
        assert finisher.wait(timeout=30) == 0
        assert lock.with_name("index.done").exists()  # its own rename went through
    finally:
        finisher.kill()
        finisher.wait()


def test_a_lock_left_unchanged_past_the_limit_is_removed_on_any_platform(make_vault) -> None:
    vault = _seeded(make_vault)
    lock = vault.root / ".git" / "index.lock"
    # Held open by a live process that never finishes: with no look at other processes'
    # open files, the age rule alone decides, the same way on every platform.
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"import time; f = open({str(lock)!r}, 'w'); print('held', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert [p.fix for p in diagnose(vault) if p.check == "git"] == ["locks"]
        touched = time.time()
        os.utime(lock, (touched, touched))  # its holder just wrote it: it is young again
        with vault.lock:
            assert vault.repo.clear_stale_locks(stale_after=1.0) == [".git/index.lock"]
        assert time.time() - touched >= 1.0 and not lock.exists()  # removed once 1 s old
        _left_by_a_git_that_died(lock)
        assert repair(vault, diagnose(vault)) == ["removed stale .git/index.lock"]
        assert not lock.exists()
    finally:
        holder.kill()
        holder.wait()


def test_git_lock_clean_up_reads_no_proc() -> None:
    source = (REPO_ROOT / "store" / "gitrepo.py").read_text(encoding="utf-8")
    assert "/proc" not in source


def test_search_index_drift_is_found_and_rebuilt(make_vault) -> None:
    import shutil

    vault = _seeded(make_vault)
    assert [p for p in diagnose(vault) if p.check == "search"] == []
    again = Vault.open(vault.root)
    shutil.rmtree(again.paths.state / "recall", ignore_errors=True)
    found = [p for p in diagnose(again) if p.check == "search"]
    assert found and found[0].fixable and "out of step" in found[0].message
    done = repair(again, found)
    assert any(line.startswith("rebuilt the search index") for line in done)
    assert [p for p in diagnose(again) if p.check == "search"] == []
