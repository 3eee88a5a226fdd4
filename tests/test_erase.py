"""Erase for privacy: the text leaves resources, facts, pages, indexes and (on request) git."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from vaultweave.store.erasure import encodings, git_objects_holding
from vaultweave.store.errors import EraseError
from vaultweave.weaver.vault import Vault

SECRET = "my card number is 4111 1111 1111 1111"


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), *args], check=True, capture_output=True, text=True
    ).stdout


def everywhere(root: Path, text: str) -> list[str]:
    """Every file (work tree, .vaultweave/, .git/ loose or packed) and git object holding it."""
    forms = encodings(text)
    found = [
        str(p.relative_to(root)) for p in root.rglob("*")
        if p.is_file() and not p.is_symlink() and ".git" not in p.relative_to(root).parts[:1]
        and any(f in p.read_bytes() for f in forms)
    ]
    return found + git_objects_holding(root, forms)


def test_erase_with_history_rewrite_leaves_the_text_nowhere(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    vault.remember("I work at Google.", ts="2026-01-05T10:00:00Z", speaker="Maya")
    vault.remember(f"Note this: {SECRET}. I love jazz.", ts="2026-01-06T10:00:00Z", speaker="Maya")
    vault.remember("I live in Lisbon.", ts="2026-01-07T10:00:00Z", speaker="Maya")
    vault.changes_since("last", client="agent")  # a bookmark that must follow the rewrite
    assert vault.search("card number", k=3)
    assert everywhere(vault.root, SECRET)
    # Work not committed yet survives the rewrite: a line appended since the last weave.
    pending = vault.ingest("I moved to Porto.", ts="2026-01-08T10:00:00Z", speaker="Maya")

    receipt = vault.erase(SECRET, reason="user asked", rewrite_history=True)

    assert receipt.lines == ["resources/2026/01/06.jsonl#L1"] and receipt.history_rewritten
    assert receipt.still_found == [] and "every git object, reachable or not" in receipt.checked
    assert everywhere(vault.root, SECRET) == []
    assert everywhere(vault.root, "I love jazz") == []  # the whole line, not only the needle
    # Ids and the other lines are intact; facts of the erased line are gone, others stay.
    texts = [i.text for i in vault.items()]
    assert "Maya works at Google." in texts and "Maya lives in Lisbon." in texts
    assert not any("jazz" in t for t in texts)
    assert vault.status().pending_lines == 1 and pending.endswith("08.jsonl#L1")
    vault.weave()
    assert "Maya lives in Porto." in [i.text for i in vault.items()]
    assert not [h for h in vault.search("card number jazz", k=5) if "4111" in h.text]
    # History was rewritten, not lost: every commit is still there, under new ids.
    subjects = git(vault.root, "log", "--format=%s").splitlines()
    assert subjects[1].startswith("erase: 1 line") and "user asked" in subjects[1]
    assert len(subjects) == 6  # init, 3 weaves, erase, the weave of Porto
    head = git(vault.root, "rev-parse", "HEAD").strip()
    assert vault.changes_since("last", client="agent").base in git(vault.root, "rev-list", head)
    saved = list((vault.root / ".vaultweave" / "receipts").glob("erase-*.json"))
    assert len(saved) == 1 and SECRET not in saved[0].read_text(encoding="utf-8")


def test_erase_without_rewrite_keeps_history_and_says_so(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    vault.remember(f"Note this: {SECRET}.", ts="2026-01-06T10:00:00Z", speaker="Maya")
    vault.remember("My sister Anna lives in Oslo.", ts="2026-01-07T10:00:00Z", speaker="Maya")
    day = vault.root / "resources/2026/01/07.jsonl"
    size = day.stat().st_size
    receipt = vault.erase(resource_ids=["resources/2026/01/07.jsonl#L1"], reason="privacy")
    assert receipt.items_deleted and receipt.commit
    assert any("git history" in place for place in receipt.still_found)
    line = day.read_bytes()
    # A tombstone of the same length: offsets, line numbers and ids stay valid.
    assert json.loads(line)["erased"] and b"Oslo" not in line and len(line) == size
    assert not any("Oslo" in i.text for i in vault.loaded_items().values())
    assert git(vault.root, "status", "--porcelain") == ""
    # The erase commit names ids, never the text; later a rewrite can still scrub git.
    assert "Oslo" not in git(vault.root, "log", "-1", "--format=%B")
    again = vault.erase("Anna lives in Oslo", reason="privacy", rewrite_history=True)
    assert again.still_found == []
    with pytest.raises(EraseError, match="already erased"):
        vault.erase("Anna lives in Oslo", reason="privacy")


def test_erase_refuses_what_would_leak_or_match_everything(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    vault.remember(f"Note this: {SECRET}.", ts="2026-01-06T10:00:00Z", speaker="Maya")
    head = git(vault.root, "rev-parse", "HEAD")
    with pytest.raises(EraseError, match="at least"):
        vault.erase("a", reason="x")
    with pytest.raises(EraseError, match="quotes the text"):
        vault.erase("4111 1111", reason="remove 4111 1111 please")
    with pytest.raises(EraseError, match="no resource line"):
        vault.erase("never said this", reason="x")
    with pytest.raises(ValueError):
        vault.erase(resource_ids=["../../etc/passwd"], reason="x")
    assert git(vault.root, "rev-parse", "HEAD") == head
