"""The demo vault opened as Obsidian would: properties, links, block references, graph."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from vaultweave.store.item import Status
from vaultweave.weaver.cli import cli
from vaultweave.weaver.doctor import diagnose, repair
from vaultweave.weaver.turn_links import turn_target
from vaultweave.weaver.vault import Vault

from tests.conftest import SAMPLE_VAULT, say

_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_LINK = re.compile(r"!?\[\[([^\[\]|#]*)(#[^\[\]|]*)?(?:\|[^\[\]]*)?\]\]")
_SCALARS = (str, int, float, bool, dt.date)  # text, number, checkbox, date and datetime


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("obsidian") / "demo-vault"
    result = CliRunner().invoke(cli, ["demo", "--from", str(SAMPLE_VAULT), "--to", str(target), "-q"])
    assert result.exit_code == 0, result.output
    return target


def _pages(root: Path) -> dict[str, str]:
    """Every note Obsidian would index: vault-relative path without .md -> text."""
    return {
        str(p.relative_to(root))[:-3]: p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*.md"))
        if not {".git", ".vaultweave"} & set(p.relative_to(root).parts)
    }


def _front(text: str) -> dict[str, object]:
    if not text.startswith("---\n"):
        return {}
    data = yaml.safe_load(text.split("---\n", 2)[1])
    assert isinstance(data, dict)
    return data


def _links(text: str) -> list[tuple[str, str]]:
    """(target, #fragment) of every wikilink outside code blocks (Mermaid, ...)."""
    return [(m.group(1), m.group(2) or "") for m in _LINK.finditer(_FENCE.sub("", text))]


def _resolve(target: str, pages: dict[str, str]) -> str | None:
    """Obsidian's resolution: a path from the vault root, or a note's unique name."""
    if target in pages:
        return target
    named = [p for p in pages if p.rsplit("/", 1)[-1] == target]
    return named[0] if len(named) == 1 else None


def _bullets(text: str, section: str) -> list[str]:
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0].split("\n---\n", 1)[0]
    return [ln for ln in body.splitlines() if ln.startswith("- ")]


def test_every_front_matter_is_obsidian_properties(demo: Path) -> None:
    pages = _pages(demo)
    assert any(p.startswith("conversations/") for p in pages)
    for name, text in pages.items():
        for key, value in _front(text).items():
            values = value if isinstance(value, list) else [value]
            assert all(isinstance(v, _SCALARS) for v in values), f"{name}.md: {key}: {value!r}"
    conversation = _front(pages["conversations/2026-01-05"])
    assert conversation["date"] == dt.date(2026, 1, 5) and conversation["turns"] == 8


def test_every_wikilink_and_block_reference_resolves(demo: Path) -> None:
    pages = _pages(demo)
    checked = 0
    for name, text in pages.items():
        for target, fragment in _links(text):
            found = _resolve(target, pages)
            assert found is not None, f"{name}.md: [[{target}{fragment}]] names no note"
            if fragment.startswith("#^"):
                block = re.compile(rf" \^{re.escape(fragment[2:])}$", re.MULTILINE)
                assert block.search(pages[found]), f"{name}.md: no block {fragment} in {found}.md"
            checked += 1
    assert checked > 100


def test_no_page_links_all_others(demo: Path) -> None:
    pages = _pages(demo)
    categories = {p for p in pages if p.startswith("categories/")}
    for name, text in pages.items():
        if name == "index":
            continue  # the one hub, by design
        linked = {_resolve(t, pages) for t, _ in _links(text)} - {name}
        assert not set(pages) - {name} <= linked, f"{name}.md links every page"
        if name.startswith(("categories/", "conversations/")):
            assert not categories - {name} <= linked, f"{name}.md links every category"


def test_every_current_fact_links_a_turn_it_came_from(demo: Path) -> None:
    vault = Vault.open(demo)
    try:
        items = {i.id: i for i in vault.items(status="all")}
    finally:
        vault.lock.release()
    pages = _pages(demo)
    current = 0
    for name, text in pages.items():
        if not name.startswith("categories/"):
            continue
        for bullet in _bullets(text, "Current"):
            item = items[bullet.rsplit(" ^", 1)[1]]
            turns = {f"{t}{f}" for t, f in _links(bullet) if t.startswith("conversations/")}
            sources = {turn_target(s) for s in item.sources}
            assert turns and turns <= sources, f"{name}.md: {bullet}"
            current += 1
    assert current == sum(1 for i in items.values() if i.status is Status.CURRENT)


def test_the_graph_connects_maya_to_her_world_and_its_history(demo: Path) -> None:
    pages = _pages(demo)
    maya = {_resolve(t, pages) for t, _ in _links(pages["entities/maya"])}
    for entity in ("openai", "lisbon", "anna", "mochi", "google", "berlin"):
        assert f"entities/{entity}" in maya, entity
    # The category pages link the same entities, old values included (from ## History).
    history = " ".join(_bullets(pages["categories/places"], "History"))
    assert "[[entities/berlin|Berlin]]" in history and "[[entities/maya|Maya]]" in history


def test_a_conversation_page_follows_each_cycle_and_is_never_read_back(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    first = say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    page = vault.root / "conversations" / "2026-01-05.md"
    assert "**Maya** 10:00 · I work at Google. ^L1" in page.read_text(encoding="utf-8")
    say(vault, "My sister [[Anna]] says hi %% ^x <b>", "2026-01-05T11:00:00Z")
    report = vault.weave()
    text = page.read_text(encoding="utf-8")
    assert "**Maya** 11:00 · My sister [Anna] says hi % % x &lt;b> ^L2" in text
    assert "conversations/2026-01-05.md" in vault.repo.changed_in(report.commit or "")
    # A person's edit there is put back from git and changes no fact.
    page.write_text(text.replace("Google", "Globex"), encoding="utf-8")
    reopened = Vault.open(vault.root)
    try:
        again = reopened.weave()
        assert again.commit is None and again.edit.commit is None
        assert "Google" in page.read_text(encoding="utf-8")
        assert turn_target(first) == "conversations/2026-01-05#^L1"
    finally:
        reopened.lock.release()


def test_doctor_writes_the_pages_of_days_woven_before_they_existed(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    page = vault.root / "conversations" / "2026-01-05.md"
    text = page.read_text(encoding="utf-8")
    page.unlink()
    vault.repo.commit_exact("an older vault: no conversation pages\n", ["conversations/2026-01-05.md"])

    problems = [p for p in diagnose(vault) if p.check == "conversations"]
    assert [str(p) for p in problems] == [
        "conversations: conversations/2026-01-05.md: missing; links to its turns lead nowhere"
        " [--fix repairs this]"
    ]
    assert repair(vault, problems) == ["re-rendered conversations/2026-01-05.md"]
    assert page.read_text(encoding="utf-8") == text
    assert vault.repo.head_subject() == "render: conversation pages (doctor --fix)"
    assert not [p for p in diagnose(vault) if p.check == "conversations"]
