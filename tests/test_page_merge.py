"""Parsing category pages and merging a fresh render into them, without a vault."""

from __future__ import annotations

from datetime import datetime, timezone

from vaultweave.store.item import Item, Status
from vaultweave.weaver.markdown_parse import parse_page, split_bullet
from vaultweave.weaver.page_merge import merge_into
from vaultweave.weaver.render import render_category

T = datetime(2026, 3, 1, tzinfo=timezone.utc)


def _item(n: int, value: str, status: Status = Status.CURRENT) -> Item:
    return Item(
        id=f"{n:016x}",
        subject="Maya",
        attribute="likes",
        value=value,
        text=f"Maya likes {value}.",
        category="preferences",
        kind="preference",
        valid_from=T,
        observed_at=T,
        status=status,
        valid_to=T if status is not Status.CURRENT else None,
    )


def _render(items: list[Item], summary: str | None = None) -> str:
    return render_category("preferences", items, T, {i.id: i for i in items}, summary=summary)


def test_split_bullet_takes_the_last_block_id_and_the_meta() -> None:
    body = (
        "Maya works at Google. _(2026-01-01 → 2026-02-01; superseded by [[work#^abc|X]])_ ^6b1f71bc91e7f171"
    )
    text, meta, item_id = split_bullet(body)
    assert text == "Maya works at Google."
    assert meta is not None and meta.startswith("2026-01-01")
    assert item_id == "6b1f71bc91e7f171"
    assert split_bullet("a new fact") == ("a new fact", None, None)


def test_a_rendered_page_parses_cleanly_and_merges_into_itself() -> None:
    page = _render([_item(1, "tea"), _item(2, "chess")])
    parsed = parse_page(page, "categories/preferences.md")
    assert parsed.ok and parsed.sections == ("current", "history")
    assert [b.item_id for b in parsed.bullets] == [f"{1:016x}", f"{2:016x}"]
    assert {"summary", "footer"} <= set(parsed.keys())
    assert merge_into(page, page, "categories/preferences.md") == page


def test_notes_around_an_llm_summary_survive_and_the_summary_is_replaced() -> None:
    old = _render([_item(1, "tea")], summary="Maya has simple tastes.\nShe likes tea.")
    mine = "> [!tip] my own callout, right under the title"
    edited = old.replace("# Preferences\n\n", f"# Preferences\n\n{mine}\n\n")
    edited = edited.replace("## Current", "Notes after the summary.\n\n## Current")
    fresh = _render([_item(1, "tea"), _item(2, "chess")], summary="Maya likes tea and chess.")
    merged = merge_into(edited, fresh, "categories/preferences.md")
    assert mine in merged and "Notes after the summary." in merged
    assert "Maya likes tea and chess." in merged
    assert "Maya has simple tastes." not in merged and "She likes tea." not in merged
    assert merged.index(mine) < merged.index("Maya likes tea and chess.") < merged.index("Notes after")
    assert merge_into(merged, fresh, "categories/preferences.md") == merged  # stable


def test_a_note_above_the_rules_summary_is_not_taken_for_it() -> None:
    old = _render([_item(1, "tea")])
    edited = old.replace("# Preferences\n\n", "# Preferences\n\nWritten first, by hand.\n\n")
    merged = merge_into(edited, _render([_item(1, "tea"), _item(2, "chess")]), "p.md")
    assert "Written first, by hand." in merged
    assert "2 current facts about Maya" in merged and "1 current fact about" not in merged


def test_person_front_matter_keys_are_kept() -> None:
    old = _render([_item(1, "tea")]).replace("---\n# Preferences", "aliases: [likes]\n---\n# Preferences")
    merged = merge_into(old, _render([_item(1, "tea"), _item(2, "chess")]), "p.md")
    parsed = parse_page(merged, "p.md")
    assert parsed.front["aliases"] == ["likes"] and parsed.front["current"] == 2


def test_history_section_and_archive_appear_when_first_needed() -> None:
    old = _render([_item(1, "tea")]).replace("## History\n\n_Nothing superseded yet._\n\n", "")
    fresh = _render([_item(1, "tea", Status.HISTORICAL), _item(2, "coffee")])
    merged = merge_into(old, fresh, "p.md")
    parsed = parse_page(merged, "p.md")
    assert parsed.ok and parsed.sections == ("current", "history")
    assert [(b.section, b.item_id) for b in parsed.bullets] == [
        ("current", f"{2:016x}"),
        ("history", f"{1:016x}"),
    ]


def test_unmappable_markdown_is_reported_with_its_line() -> None:
    page = _render([_item(1, "tea")])
    bad = page.replace(f"^{1:016x}", "^zz_not_an_id")
    problems = parse_page(bad, "categories/p.md").problems
    line = bad.splitlines().index(next(ln for ln in bad.splitlines() if "^zz_not_an_id" in ln)) + 1
    assert [str(p) for p in problems] == [
        f"categories/p.md:{line}: mangled block id ^zz_not_an_id (letters, digits and - only)"
    ]
    stray = page + f"\n## My notes\n\n- moved out ^{1:016x}\n"
    assert "outside ## Current" in parse_page(stray, "p.md").problems[0].reason
    unclosed = "---\ncategory: x\n# Preferences\n"
    assert "not closed" in parse_page(unclosed, "p.md").problems[0].reason
