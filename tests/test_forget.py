"""Vault.forget: a fact retracted with a reason, its page re-rendered, one commit; git keeps it."""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Callable

import pytest
from click.testing import CliRunner
from vaultweave.store.errors import ForgetError, ItemNotFoundError, VaultLockedError
from vaultweave.store.item import Status
from vaultweave.store.lock import VaultLock
from vaultweave.weaver.cli import cli
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock, say


def git(vault: Vault, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault.root), *args], check=True, capture_output=True, text=True
    ).stdout


def tea_vault(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    say(vault, "I like tea.", "2026-01-05T10:00:00Z")
    say(vault, "I work at Google.", "2026-01-05T10:01:00Z")
    vault.weave()
    return vault


def the(vault: Vault, attribute: str) -> str:
    (item,) = [i for i in vault.items(status="all") if i.attribute == attribute]
    return item.id


def test_forget_retracts_rerenders_and_commits_only_its_files(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = tea_vault(make_vault)
    tea = vault.item(the(vault, "likes"))
    page = vault.paths.category_file(tea.category)
    assert f"^{tea.id}" in page.read_text(encoding="utf-8").split("## History")[0]
    clock.advance(days=3)

    report = vault.forget(tea.id, "  the user\nasked me to drop it ")

    after = Vault.open(vault.root).item(tea.id)  # as read back from disk
    assert after.status is Status.RETRACTED
    assert after.valid_to == clock.now and after.valid_from == tea.valid_from
    assert after.status_reason == "forgotten: the user asked me to drop it"
    assert after.sources == tea.sources  # provenance kept
    current, history = page.read_text(encoding="utf-8").split("## History")
    assert f"^{tea.id}" not in current and f"^{tea.id}" in history
    subject = git(vault, "log", "-1", "--format=%s").strip()
    assert subject == f"forget: {tea.text} — the user asked me to drop it"
    assert report.commit == git(vault, "rev-parse", "HEAD").strip()
    files = set(git(vault, "show", "--name-only", "--format=", "HEAD").split())
    assert files == {
        vault.paths.relative(vault.files.path_of(after)),
        vault.paths.relative(page),
        "index.md",
        f"entities/{after.subject.casefold()}.md",  # the entity page drops the forgotten fact
    }
    # git keeps the fact as it was: the textconv driver shows both versions.
    diff = git(vault, "log", "-p", "-1", "--", "items/")
    assert "-status: current" in diff and "+status: retracted" in diff
    assert git(vault, "status", "--porcelain").strip() == ""


def test_unknown_or_already_retracted_or_unreasoned_is_refused_without_writing(
    make_vault: Callable[..., Vault],
) -> None:
    vault = tea_vault(make_vault)
    head = git(vault, "rev-parse", "HEAD")
    with pytest.raises(ItemNotFoundError):
        vault.forget("0000000000000000", "no such fact")
    with pytest.raises(ForgetError, match="give a reason"):
        vault.forget(the(vault, "likes"), "   ")
    vault.forget(the(vault, "likes"), "wrong")
    head = git(vault, "rev-parse", "HEAD")
    with pytest.raises(ForgetError, match="already retracted"):
        vault.forget(the(vault, "likes"), "again")
    assert git(vault, "rev-parse", "HEAD") == head
    assert git(vault, "status", "--porcelain").strip() == ""


def test_a_superseded_fact_can_be_forgotten_and_keeps_its_range(
    make_vault: Callable[..., Vault],
) -> None:
    vault = tea_vault(make_vault)
    say(vault, "I work at OpenAI.", "2026-02-10T09:30:00Z")
    vault.weave()
    (old,) = [i for i in vault.items(status="historical") if i.attribute == "employer"]
    vault.forget(old.id, "never worked there")
    after = vault.item(old.id)
    assert after.status is Status.RETRACTED and after.valid_to == old.valid_to


def test_forget_waits_a_bounded_time_for_a_running_cycle(make_vault: Callable[..., Vault]) -> None:
    vault = tea_vault(make_vault)
    tea = the(vault, "likes")
    other = VaultLock(vault.paths.state / "weaver.lock")  # another writer, as a cycle holds it
    other.acquire()
    try:
        with pytest.raises(VaultLockedError):
            vault.forget(tea, "busy", lock_timeout=0.2)
        assert vault.item(tea).status is Status.CURRENT
        timer = threading.Timer(0.3, other.release)
        timer.start()
        report = vault.forget(tea, "waited", lock_timeout=10)
        timer.join()
    finally:
        other.release()
    assert report.commit and vault.item(tea).status is Status.RETRACTED
    assert not vault.lock.held


def test_a_persons_edit_of_another_page_is_not_swept_into_the_commit(
    make_vault: Callable[..., Vault],
) -> None:
    vault = tea_vault(make_vault)
    tea = vault.item(the(vault, "likes"))
    work = vault.item(the(vault, "employer"))
    assert work.category != tea.category
    work_page = vault.paths.category_file(work.category)
    edited = work_page.read_text(encoding="utf-8") + "\nmy own note\n"
    work_page.write_text(edited, encoding="utf-8")
    vault.forget(tea.id, "wrong")
    assert "my own note" in work_page.read_text(encoding="utf-8")
    assert vault.paths.relative(work_page) in git(vault, "status", "--porcelain")


def test_a_forgotten_fact_stays_forgotten_when_derived_state_is_rebuilt(
    make_vault: Callable[..., Vault],
) -> None:
    vault = tea_vault(make_vault)
    tea = the(vault, "likes")
    vault.forget(tea, "wrong")
    shutil.rmtree(vault.paths.state)
    reopened = Vault.open(vault.root)
    reopened.weave_all()  # rereads every resource line
    assert reopened.item(tea).status is Status.RETRACTED
    assert [i.attribute for i in reopened.items()] == ["employer"]


def test_cli_forget(make_vault: Callable[..., Vault]) -> None:
    vault = tea_vault(make_vault)
    tea = the(vault, "likes")
    runner = CliRunner()
    ok = runner.invoke(cli, ["forget", tea, "--reason", "wrong", "--vault", str(vault.root)])
    assert ok.exit_code == 0 and "forget:" in ok.stdout
    again = runner.invoke(cli, ["forget", tea, "--reason", "wrong", "--vault", str(vault.root)])
    assert again.exit_code == 1 and again.stderr.startswith("error: cannot forget")
