"""Correcting and forgetting as an agent means it, remember() from Python, compact views."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest
from vaultweave.store.errors import CorrectError, NotWovenYetError
from vaultweave.store.item import Status
from vaultweave.store.lock import VaultLock
from vaultweave.weaver.agent_views import COMPACT_CHARS, about, compact_digest
from vaultweave.weaver.vault import Vault

from tests.conftest import SAMPLE_VAULT, say


def employer(vault: Vault, value: str):  # noqa: ANN201 - an Item
    return next(i for i in vault.loaded_items().values() if i.value == value)


def test_forget_gives_back_what_the_forgotten_fact_had_replaced(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    say(vault, "I work at OpenAI now.", "2026-02-10T09:30:00Z")
    vault.weave()
    report = vault.forget(employer(vault, "OpenAI").id, "I was joking")
    (restored,) = report.restored
    google = employer(vault, "Google")
    assert restored.id == google.id and google.status is Status.CURRENT
    assert google.valid_to is None and not google.superseded_by
    assert "was forgotten" in google.status_reason
    assert [i.value for i in vault.history("Maya", "employer") if i.is_current] == ["Google"]
    page = (vault.root / "categories" / f"{google.category}.md").read_text(encoding="utf-8")
    assert "Google" in page.split("## History")[0]
    assert f"Restored: {google.id}" in vault.log(1)[0].message
    # Forgetting a fact that had already ended brings nothing back.
    old = vault.forget(google.id, "not true either")
    assert old.restored == ()


def test_correct_voids_the_wrong_fact_and_keeps_the_date(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Gooogle.", "2026-01-05T10:00:00Z")
    vault.weave()
    wrong = employer(vault, "Gooogle")
    report = vault.correct(wrong.id, value="Google", reason="typo")
    assert report.corrected.text == "Maya works at Google."
    assert report.corrected.valid_from == wrong.valid_from and report.corrected.is_current
    assert report.wrong.status is Status.RETRACTED and report.wrong.valid_to is None
    assert report.wrong.superseded_by == report.corrected.id
    assert "typo" in report.wrong.status_reason
    # It never held: what was true in January is the corrected value, not the typo.
    then = vault.search("Where does Maya work?", k=5, as_of="2026-01-20")
    assert [h.text for h in then if h.kind == "item"] == ["Maya works at Google."]
    assert vault.log(1)[0].message.startswith("correct: Maya works at Gooogle. -> Google — typo")
    page = (vault.root / "categories" / f"{wrong.category}.md").read_text(encoding="utf-8")
    assert "Gooogle" not in page.split("## History")[0]
    with pytest.raises(CorrectError, match="not current"):
        vault.correct(wrong.id, value="Alphabet")
    with pytest.raises(CorrectError, match="the same"):
        vault.correct(report.corrected.id, value="Google")
    with pytest.raises(CorrectError, match="right value"):
        vault.correct(report.corrected.id)


def test_remember_from_python_says_what_it_learned(make_vault: Callable[..., Vault]) -> None:
    root = make_vault().root
    with Vault.open(root) as vault:
        first = vault.remember("I work at Google.", ts="2026-01-05T10:00:00Z", speaker="Maya")
        assert [i.text for i in first.learned] == ["Maya works at Google."]
        second = vault.remember("I work at OpenAI now.", ts="2026-02-10T09:30:00Z", speaker="Maya")
        (change,) = second.superseded
        assert (change.item.value, change.successor and change.successor.value) == ("Google", "OpenAI")
        third = vault.remember("I left OpenAI.", ts="2026-03-01T09:30:00Z", speaker="Maya")
        assert [i.value for i in third.ended] == ["OpenAI"]
        assert json.loads(json.dumps(third.to_json()))["ended"][0]["reason"]
        vault.warmup()
        assert vault.search("employer", k=1)


def test_remember_says_the_line_is_kept_when_a_cycle_holds_the_lock(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    holder = VaultLock(vault.root / ".vaultweave" / "weaver.lock")
    holder.acquire()
    try:
        with pytest.raises(NotWovenYetError, match="not woven yet"):
            vault.remember("I work at Google.", ts="2026-01-05T10:00:00Z", lock_timeout=0.2)
    finally:
        holder.release()
    assert vault.status().pending_lines == 1  # stored, woven by the next cycle


def test_the_first_changes_since_on_the_demo_vault_is_agent_sized(tmp_path: Path) -> None:
    root = tmp_path / "demo"
    vault = Vault.init(root)
    shutil.copytree(SAMPLE_VAULT / "resources", root / "resources", dirs_exist_ok=True)
    vault.weave_all()
    digest = vault.changes_since("2000-01-01")
    compact = compact_digest(digest)
    size = len(json.dumps(compact, ensure_ascii=False))
    assert size <= COMPACT_CHARS + 200
    assert compact["omitted"] + len(compact["changes"]) == len(digest.changes)
    assert sum(compact["counts"].values()) == len(digest.changes)
    assert "verbose=true" in compact["more"] and "2000-01-01" not in compact["more"]
    profile = about(vault.loaded_items(), digest.changes[0].item.subject)
    assert profile["known"] and profile["current"]


def test_hits_are_compact_unless_explained() -> None:
    from vaultweave.weaver.recall.hits import Hit

    moment = datetime(2026, 1, 1, tzinfo=timezone.utc)
    hit = Hit("item", "a", "Maya works at Google.", 0.9, {"dense": 0.5}, valid_from=moment)
    assert "parts" not in hit.to_json(explain=False) and "speaker" not in hit.to_json(explain=False)
    assert hit.to_json()["parts"] == {"dense": 0.5}


def git_lines(root: Path, *args: str) -> list[str]:
    import subprocess

    run = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def test_revert_undoes_one_weave_as_a_new_commit(make_vault: Callable[..., Vault]) -> None:
    from vaultweave.store.errors import RevertError

    vault = make_vault()
    vault.remember("I work at Google.", ts="2026-01-05T10:00:00Z", speaker="Maya")
    bad = vault.remember("I work at OpenAI now. I love jazz.", ts="2026-02-10T09:30:00Z", speaker="Maya")
    assert bad.commit
    report = vault.revert(bad.commit[:10])
    assert [i.value for i in report.restored] == ["Google"]
    assert sorted(i.value for i in report.voided) == ["OpenAI", "jazz"]
    assert [i.value for i in vault.items()] == ["Google"]
    google = employer(vault, "Google")
    assert google.valid_to is None and not google.superseded_by
    openai = employer(vault, "OpenAI")
    assert openai.status is Status.RETRACTED and openai.valid_to is None
    subjects = git_lines(vault.root, "log", "--format=%s")
    assert subjects[0] == f"revert: {bad.message}"
    assert git_lines(vault.root, "status", "--porcelain") == []
    page = (vault.root / "categories" / f"{google.category}.md").read_text(encoding="utf-8")
    assert "Google" in page.split("## History")[0] and "voided, never held" in page
    # The consumed lines stay consumed; nothing comes back on the next weave.
    assert vault.weave().commit is None and [i.value for i in vault.items()] == ["Google"]
    facts = [h.text for h in vault.search("Where does Maya work?", k=5) if h.kind == "item"]
    assert facts == ["Maya works at Google."]
    with pytest.raises(RevertError, match="already reverted"):
        vault.revert(bad.commit)
    with pytest.raises(RevertError, match="first commit"):
        vault.revert(git_lines(vault.root, "rev-list", "--max-parents=0", "HEAD")[0])


def test_revert_refuses_when_a_later_commit_changed_the_same_facts(
    make_vault: Callable[..., Vault],
) -> None:
    from vaultweave.store.errors import RevertError

    vault = make_vault()
    first = vault.remember("I work at Google.", ts="2026-01-05T10:00:00Z", speaker="Maya")
    vault.remember("I work at OpenAI now.", ts="2026-02-10T09:30:00Z", speaker="Maya")
    head = git_lines(vault.root, "rev-parse", "HEAD")
    assert first.commit
    with pytest.raises(RevertError, match="changed again later"):
        vault.revert(first.commit)
    assert git_lines(vault.root, "rev-parse", "HEAD") == head  # nothing written
    with pytest.raises(Exception, match="no such commit|not a commit"):
        vault.revert("--output=/tmp/x")
