"""Hand edits as Obsidian makes them: rephrasing, dates, #tags, links, renamed pages."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import yaml
from vaultweave.store.item import Item, Status
from vaultweave.weaver.handedits import PageEdit, plan_hand_edits
from vaultweave.weaver.markdown_parse import parse_page
from vaultweave.weaver.resolve import Action
from vaultweave.weaver.vault import Vault

from bench.live_support import PhraseExtractor
from tests.conftest import FakeClock, say

EX = PhraseExtractor()


def _seeded(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    say(vault, "I work at Google", "2026-01-01T10:00:00Z")
    say(vault, "I like tea", "2026-01-02T10:00:00Z")
    say(vault, "I work at OpenAI", "2026-01-05T10:00:00Z")
    vault.weave(EX)
    return vault


def _page(vault: Vault, name: str) -> Path:
    return vault.paths.categories / f"{name}.md"


def _edit(vault: Vault, name: str, old: str, new: str) -> None:
    path = _page(vault, name)
    text = path.read_text(encoding="utf-8")
    assert old in text, text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _current(vault: Vault, attribute: str) -> list:  # type: ignore[type-arg]
    return [i for i in vault.items() if i.attribute == attribute]


def test_rephrasing_keeps_when_the_fact_began_and_its_source_turns(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    (tea,) = _current(vault, "likes")
    clock.advance(days=3)
    _edit(vault, "preferences", "[[entities/maya|Maya]] likes tea.", "Maya really likes tea.")
    report = vault.weave(EX)

    assert report.edit.message.startswith("edit: categories/preferences.md — 1 rephrased")
    (new,) = _current(vault, "likes")
    assert new.text == "Maya really likes tea." and new.value == "tea"
    assert new.valid_from == tea.valid_from and tea.sources[0] in new.sources
    old = vault.item(tea.id)  # the old wording is voided, never held on its own
    assert old.status is Status.RETRACTED and old.valid_to is None and old.superseded_by == new.id
    page = _page(vault, "preferences").read_text(encoding="utf-8")
    assert f"_(since 2026-01-02)_ [[conversations/2026-01-02#^L1|↗]] ^{new.id}" in page


def test_changing_the_date_redates_the_fact_in_place(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    (job,) = _current(vault, "employer")
    _edit(vault, "work", "_(since 2026-01-05)_", "_(since 2025-12-01)_")
    report = vault.weave(EX)

    assert report.edit.message.startswith("edit: categories/work.md — 1 redated")
    after = vault.item(job.id)
    assert after.status is Status.CURRENT and after.valid_from == datetime(2025, 12, 1, tzinfo=timezone.utc)
    assert after.sources == job.sources
    assert f"_(since 2025-12-01)_ [[conversations/2026-01-05#^L1|↗]] ^{job.id}" in _page(
        vault, "work"
    ).read_text(encoding="utf-8")


def test_a_new_value_with_its_date_holds_from_that_date(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    (job,) = _current(vault, "employer")
    _edit(vault, "work", "OpenAI]]. _(since 2026-01-05)_", "DeepMind]]. _(since 2026-02-01)_")
    vault.weave(EX)

    (new,) = _current(vault, "employer")
    assert new.value == "DeepMind" and new.valid_from == datetime(2026, 2, 1, tzinfo=timezone.utc)
    old = vault.item(job.id)
    assert old.status is Status.HISTORICAL and old.valid_to == new.valid_from


def test_a_date_that_is_no_date_is_reported_with_its_line(make_vault) -> None:
    vault = _seeded(make_vault)
    path = _page(vault, "work")
    _edit(vault, "work", "_(since 2026-01-05)_", "_(since next tuesday)_")
    text = path.read_text(encoding="utf-8")
    report = vault.weave(EX)

    line = next(n for n, ln in enumerate(text.splitlines(), 1) if "since next tuesday" in ln)
    assert [str(p) for p in report.page_problems] == [
        f"categories/work.md:{line}: 'since next tuesday' is no date; write since YYYY-MM-DD"
    ]
    assert path.read_text(encoding="utf-8") == text  # left as written, nothing lost


def test_inline_tags_become_the_facts_tags(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    (tea,) = _current(vault, "likes")
    _edit(vault, "preferences", "likes tea. _(", "likes tea. #drinks #daily _(")
    path = _page(vault, "preferences")
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "\n## History", "- Maya likes green #tea in May #seasonal\n\n## History", 1
        ),
        encoding="utf-8",
    )
    report = vault.weave(EX)

    assert "1 added" in report.edit.message and "1 retagged" in report.edit.message
    tagged = vault.item(tea.id)
    assert tagged.tags == ("drinks", "daily") and tagged.valid_from == tea.valid_from
    (added,) = [i for i in vault.items() if i.origin == "hand"]
    assert added.text == "Maya likes green tea in May" and added.tags == ("tea", "seasonal")
    page = path.read_text(encoding="utf-8")
    assert "likes tea. #drinks #daily _(since 2026-01-02)_" in page
    assert "- [[entities/maya|Maya]] likes green tea in May #tea #seasonal _(since" in page
    assert "drinks" in yaml.safe_load(page.split("---\n")[1])["tags"]  # the page's properties
    assert vault.weave(EX).edit.commit is None  # read back as written: nothing changes again


def test_editing_a_linked_name_changes_the_value(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    _edit(vault, "work", "[[entities/openai|OpenAI]]", "[[entities/openai|Anthropic]]")
    vault.weave(EX)
    (job,) = _current(vault, "employer")
    assert job.value == "Anthropic" and job.text == "Maya works at Anthropic."
    assert "[[entities/anthropic|Anthropic]]" in _page(vault, "work").read_text(encoding="utf-8")


def test_a_page_renamed_in_obsidian_is_a_rename_not_a_split(make_vault) -> None:
    vault = _seeded(make_vault)
    before = {i.id: i for i in vault.items(status="all") if i.category == "work"}
    assert len(before) == 2  # one current, one in history
    root, work, job = vault.root, _page(vault, "work"), _page(vault, "job")
    work.rename(job)
    for page in [root / "index.md", *vault.paths.categories.glob("*.md")]:  # links, as Obsidian updates them
        text = page.read_text(encoding="utf-8")
        page.write_text(
            text.replace("[[categories/work|", "[[categories/job|").replace("[[work#", "[[job#"),
            encoding="utf-8",
        )
    report = vault.weave(EX)

    assert "Renamed: categories/work.md -> categories/job.md" in report.edit.message
    after = {i.id: i for i in vault.items(status="all") if i.id in before}
    assert {i.category for i in after.values()} == {"job"}
    assert all(after[k].status is before[k].status for k in before)  # nothing retracted
    assert not work.exists() and not (vault.paths.items / "work").exists()
    assert "[[categories/job|Job]]" in (root / "index.md").read_text(encoding="utf-8")
    assert "[[categories/work" not in (root / "index.md").read_text(encoding="utf-8")


T0 = datetime(2026, 1, 5, tzinfo=timezone.utc)
NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)


def _edited(rel: str, before: str, after: str) -> PageEdit:
    """A page edited from ``before`` to ``after`` (its Current bullets)."""
    def page(bullets: str) -> str:
        return f"---\ncategory: {rel[11:-3]}\n---\n# T\n\n## Current\n\n{bullets}\n## History\n\n"

    return PageEdit(rel, parse_page(page(after), rel), parse_page(page(before), rel))


def _plan(items: list[Item], before: str, after: str, *also: PageEdit):  # type: ignore[no-untyped-def]
    edits = [_edited("categories/notes.md", before, after), *also]
    return plan_hand_edits(edits, {i.id: i for i in items}, NOW, "abc", "Maya")


def _item(attribute: str, value: str, text: str, category: str = "notes") -> Item:
    return Item(id="a" * 16, subject="Maya", attribute=attribute, value=value, text=text,
                category=category, kind="fact", valid_from=T0, observed_at=T0,
                sources=("resources/2026/01/05.jsonl#L3",))


def test_a_note_that_says_more_is_a_new_value_not_a_rephrase() -> None:
    note = _item("note", "I'm allergic to peanuts", "I'm allergic to peanuts")
    plan = _plan([note], f"- I'm allergic to peanuts _(since 2026-01-05)_ ^{note.id}\n",
                 f"- I'm allergic to peanuts and cashews _(since 2026-01-05)_ ^{note.id}\n")
    assert "1 superseded" in plan.message()
    new = next(c.after for c in plan.resolution.changes if c.after.id != note.id)
    assert new.value == "I'm allergic to peanuts and cashews" and new.valid_from == NOW


def test_a_bullet_moved_and_redated_keeps_both_changes() -> None:
    tea = _item("likes", "tea", "Maya likes tea.", category="preferences")
    bullet = f"- Maya likes tea. _(since 2026-01-05)_ ^{tea.id}\n"
    cut = _edited("categories/preferences.md", bullet, "")
    plan = _plan([tea], "", bullet.replace("2026-01-05", "2025-12-24"), cut)
    (change,) = plan.resolution.changes
    assert change.action is Action.MOVED and change.after.category == "notes"
    assert change.after.valid_from == datetime(2025, 12, 24, tzinfo=timezone.utc)
