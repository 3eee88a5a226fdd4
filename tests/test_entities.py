"""Entity pages: one per person, organisation, place and pet the facts name."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from datetime import date

import yaml
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def front(text: str) -> dict[str, object]:
    return yaml.safe_load(text.split("---\n")[1])


def git(vault: Vault, *args: str) -> str:
    return subprocess.run(["git", "-C", str(vault.root), *args], capture_output=True, text=True,
                          check=True).stdout


def test_entities_get_pages_linked_both_ways_with_history_and_a_timeline(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    for n, text in enumerate([
        "I work at Google.", "I live in Lisbon.", "I have a dog named Rex.",
        "My sister Anna lives in Oslo.", "I work at OpenAI now.",
    ]):
        say(vault, text, f"2026-01-0{n + 1}T10:00:00Z")
    vault.weave()
    folder = vault.root / "entities"
    assert sorted(p.stem for p in folder.glob("*.md")) == [
        "anna", "google", "lisbon", "maya", "openai", "oslo", "rex"
    ]
    maya = (folder / "maya.md").read_text(encoding="utf-8")
    props = front(maya)
    assert props["type"] == "person" and props["tags"] == ["entity", "person"]
    assert props["employer"] == "OpenAI" and isinstance(props["updated"], date)
    assert all(not isinstance(v, dict) for v in props.values())  # flat, as Obsidian types them
    assert "- sister → [[anna|Anna]]" in maya and "- employer: [[openai|OpenAI]]" in maya
    assert "### employer\n- [[google|Google]] _(2026-01-01 → 2026-01-05)_" in maya
    assert "```mermaid\ntimeline\n    title Maya: employer\n    2026-01-01 : Google\n" in maya
    anna = (folder / "anna.md").read_text(encoding="utf-8")
    assert front(anna)["relation"] == "sister" and "- [[maya|Maya]]: sister" in anna
    assert front((folder / "google.md").read_text(encoding="utf-8"))["type"] == "organisation"
    assert front((folder / "lisbon.md").read_text(encoding="utf-8"))["type"] == "place"
    assert front((folder / "rex.md").read_text(encoding="utf-8"))["type"] == "pet"
    assert git(vault, "status", "--porcelain") == ""  # committed with the weave

    openai = next(i for i in vault.items() if i.value == "OpenAI")
    vault.forget(openai.id, "a joke")
    assert not (folder / "openai.md").exists()  # nothing names it any more
    assert front((folder / "maya.md").read_text(encoding="utf-8"))["employer"] == "Google"
    assert git(vault, "status", "--porcelain") == ""


def test_a_page_overwritten_by_hand_is_kept_and_pages_are_never_written_through_a_link(
    make_vault: Callable[..., Vault], tmp_path_factory: object
) -> None:
    vault = make_vault()
    say(vault, "I live in Lisbon.", "2026-01-01T10:00:00Z")
    vault.weave()
    page = vault.root / "entities" / "maya.md"
    page.write_text("my own notes", encoding="utf-8")  # the whole page replaced by hand
    say(vault, "I work at Google.", "2026-01-02T10:00:00Z")
    report = vault.weave()
    assert [str(p) for p in report.page_problems] == [
        "entities/maya.md:1: ## Current is gone; to retract facts delete their lines under it,"
        " to retract them all delete the page"
    ]
    assert page.read_text(encoding="utf-8") == "my own notes"  # read, reported, never overwritten
    assert {i.value for i in vault.items()} == {"Lisbon", "Google"}  # and nothing retracted
    assert git(vault, "status", "--porcelain") == " M entities/maya.md\n"

    outside = vault.root.parent / "outside"
    outside.mkdir()
    for path in (vault.root / "entities").iterdir():
        path.unlink()
    (vault.root / "entities").rmdir()
    (vault.root / "entities").symlink_to(outside, target_is_directory=True)
    say(vault, "I love jazz.", "2026-01-03T10:00:00Z")
    vault.weave()
    assert list(outside.iterdir()) == []
