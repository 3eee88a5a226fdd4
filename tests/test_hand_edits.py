"""Hand edits of category pages flow back into facts, and free text survives re-weaves."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from vaultweave.store.item import Status
from vaultweave.weaver.vault import Vault

from bench.live_support import PhraseExtractor
from tests.conftest import FakeClock, plain, say

EX = PhraseExtractor()


def _seeded(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    say(vault, "I work at Google", "2026-01-01T10:00:00Z")
    say(vault, "I like tea", "2026-01-02T10:00:00Z")
    say(vault, "I like chess", "2026-01-03T10:00:00Z")
    vault.weave(EX)
    return vault


def _page(vault: Vault, name: str) -> Path:
    return vault.paths.categories / f"{name}.md"


def _edit(vault: Vault, name: str, old: str, new: str) -> None:
    path = _page(vault, name)
    text = plain(path.read_text(encoding="utf-8"))
    assert old in text, text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _git(vault: Vault, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault.root), *args], check=True, capture_output=True, text=True
    ).stdout


def _one(vault: Vault, **where: str) -> list:  # type: ignore[type-arg]
    return [i for i in vault.items(status="all") if all(getattr(i, k) == v for k, v in where.items())]


def test_edited_bullet_supersedes_its_item_with_a_hand_fact(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    clock.advance(days=1)
    _edit(vault, "work", "- Maya works at Google.", "- Maya works at DeepMind.")
    report = vault.weave(EX)

    assert report.edit.commit is not None
    assert report.edit.message.startswith("edit: categories/work.md — 1 superseded")
    old = _one(vault, value="Google")[0]
    new = _one(vault, value="DeepMind")[0]
    assert old.status is Status.HISTORICAL and old.superseded_by == new.id
    assert new.origin == "hand" and new.pinned and new.status is Status.CURRENT
    assert new.attribute == "employer" and new.text == "Maya works at DeepMind."
    assert new.sources[0].startswith("categories/work.md#L")
    page = plain(_page(vault, "work").read_text(encoding="utf-8"))
    assert f"- Maya works at DeepMind. _(since 2026-03-02)_ ^{new.id}" in page
    assert f"^{old.id}" in page.split("## History")[1]
    # The hand edit is its own commit, holding the page as the person wrote it.
    subjects = _git(vault, "log", "--format=%s").splitlines()
    assert subjects[0].startswith("render: categories/work.md")
    assert subjects[1] == "edit: categories/work.md — 1 superseded"
    raw = _git(vault, "show", f"{report.edit.commit}:categories/work.md")
    assert "- Maya works at DeepMind. _(since 2026-01-01)_ [[conversations/2026-01-01#^L1|↗]] ^" in raw
    assert not vault.status().hand_edited
    assert _git(vault, "status", "--porcelain") == ""


def test_deleted_bullet_retracts_and_new_bullet_gets_an_id(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    tea = _one(vault, value="tea")[0]
    clock.advance(days=1)
    path = _page(vault, "preferences")
    lines = plain(path.read_text(encoding="utf-8")).splitlines(keepends=True)
    lines = [ln for ln in lines if f"^{tea.id}" not in ln]
    at = next(i for i, ln in enumerate(lines) if ln.startswith("- Maya likes chess"))
    lines.insert(at + 1, "- Maya likes long walks by the sea\n")
    path.write_text("".join(lines), encoding="utf-8")
    report = vault.weave(EX)

    assert report.edit.message.startswith("edit: categories/preferences.md — 1 added, 1 retracted")
    tea_after = vault.item(tea.id)
    assert tea_after.status is Status.RETRACTED and tea_after.valid_to == clock.now
    walks = _one(vault, value="Maya likes long walks by the sea")[0]
    assert walks.origin == "hand" and walks.subject == "Maya" and walks.category == "preferences"
    page = plain(path.read_text(encoding="utf-8"))
    assert f"- Maya likes long walks by the sea _(since 2026-03-02)_ ^{walks.id}" in page
    assert f"^{tea.id}" in page.split("## History")[1]
    # Weaving again changes nothing: the edit was taken in exactly once.
    again = vault.weave(EX)
    assert again.commit is None and again.edit.commit is None
    assert len(_one(vault, value="Maya likes long walks by the sea")) == 1


def test_moving_a_bullet_to_another_page_moves_the_fact(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    chess = _one(vault, value="chess")[0]
    prefs, work = _page(vault, "preferences"), _page(vault, "work")
    text = plain(prefs.read_text(encoding="utf-8"))
    line = next(ln for ln in text.splitlines() if ln.endswith(f"^{chess.id}"))
    prefs.write_text(text.replace(line + "\n", ""), encoding="utf-8")
    wtext = plain(work.read_text(encoding="utf-8"))
    anchor = next(ln for ln in wtext.splitlines() if ln.startswith("- Maya works at Google"))
    work.write_text(wtext.replace(anchor, anchor + "\n" + line), encoding="utf-8")
    report = vault.weave(EX)

    assert "1 moved" in report.edit.message and "retracted" not in report.edit.message
    moved = vault.item(chess.id)
    assert moved.category == "work" and moved.status is Status.CURRENT
    assert (vault.paths.items / "work" / f"{chess.id}.pb").exists()
    assert not (vault.paths.items / "preferences" / f"{chess.id}.pb").exists()
    assert f"^{chess.id}" in plain(work.read_text(encoding="utf-8"))
    assert f"^{chess.id}" not in plain(prefs.read_text(encoding="utf-8"))


FREE_NOTE = """
> [!note] Written by hand
> Ask Maya about the [[offsite]] in May. **Do not lose this.**

## My own heading

Some prose, with a link to [[people/maya]] and a tag #followup.
"""


def test_free_text_survives_every_later_reweave(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    path = _page(vault, "work")
    text = plain(path.read_text(encoding="utf-8"))
    at = text.index("## Current")
    sub = "  - a sub-note a person wrote under the fact"
    text = text[:at] + FREE_NOTE.lstrip("\n") + "\n" + text[at:]
    text = text.replace("_)_ ^", "_)_ ^", 1)
    google_line = next(ln for ln in text.splitlines() if ln.startswith("- Maya works at Google"))
    text = text.replace(google_line, google_line + "\n" + sub)
    text += "\nA closing remark by hand.\n"
    path.write_text(text, encoding="utf-8")
    first = vault.weave(EX)
    assert first.edit.message.startswith("edit: categories/work.md — text only")
    for n, employer in enumerate(["OpenAI", "Anthropic", "Mistral"], start=1):
        clock.advance(days=1)
        say(vault, f"I work at {employer}", f"2026-02-0{n}T10:00:00Z")
        report = vault.weave(EX)
        assert "work" in report.categories
        page = plain(path.read_text(encoding="utf-8"))
        assert FREE_NOTE.strip() in page
        assert "A closing remark by hand." in page
        assert sub in page  # its fact moved to History; the note went along
        assert f"- Maya works at {employer}." in page.split("## History")[0]
    assert page.index("My own heading") < page.index("## Current")
    assert page.count("## Current") == 1 and page.count("# Work") == 1


def test_unreadable_page_is_reported_and_left_untouched(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    path = _page(vault, "work")
    google = _one(vault, value="Google")[0]
    broken = plain(path.read_text(encoding="utf-8")).replace(f"^{google.id}", f"^{google.id[:-3]}")
    broken = broken.replace("Maya works at Google.", "Maya works at Alphabet.")
    path.write_text(broken, encoding="utf-8")
    say(vault, "I work at OpenAI", "2026-02-01T10:00:00Z")
    report = vault.weave(EX)

    assert plain(path.read_text(encoding="utf-8")) == broken  # never overwritten
    line = next(
        i for i, ln in enumerate(broken.splitlines())
        if ln.startswith("- Maya works at Alphabet. _(since 2026-01-01)_ ")
        and ln.endswith(f" ^{google.id[:-3]}")
    )
    assert [str(p) for p in report.page_problems] == [
        f"categories/work.md:{line + 1}: unknown fact id ^{google.id[:-3]} (mangled, or from elsewhere)"
    ]
    assert "categories/work.md" in report.hand_edited
    assert _one(vault, value="OpenAI")[0].status is Status.CURRENT  # the weave went on
    assert "categories/work.md" in vault.status().hand_edited


def test_broken_front_matter_is_reported_with_its_line(make_vault) -> None:
    vault = _seeded(make_vault)
    path = _page(vault, "work")
    broken = plain(path.read_text(encoding="utf-8")).replace("tags:\n- work", "tags: [work\n- x")
    path.write_text(broken, encoding="utf-8")
    report = vault.weave(EX)
    assert report.page_problems and report.page_problems[0].path == "categories/work.md"
    assert "broken front matter" in report.page_problems[0].reason
    assert plain(path.read_text(encoding="utf-8")) == broken


def test_hand_fact_outranks_an_extracted_one_of_the_same_time(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    clock.now = clock.now.replace(year=2026, month=3, day=5, hour=9, minute=0)
    _edit(vault, "work", "- Maya works at Google.", "- Maya works at DeepMind.")
    vault.weave(EX)
    say(vault, "I work at Meta", "2026-03-05T09:00:00Z")  # same moment as the edit
    vault.weave(EX)
    deepmind = _one(vault, value="DeepMind")[0]
    meta = _one(vault, value="Meta")[0]
    assert deepmind.status is Status.CURRENT
    assert meta.status is Status.HISTORICAL and meta.superseded_by == deepmind.id


def test_weave_cli_reports_edits_and_unreadable_pages(make_vault, clock: FakeClock) -> None:
    from click.testing import CliRunner
    from vaultweave.weaver.cli import cli

    vault = _seeded(make_vault)
    clock.advance(days=1)
    _edit(vault, "work", "- Maya works at Google.", "- Maya works at DeepMind.")
    tea = _one(vault, value="tea")[0]
    prefs = _page(vault, "preferences")
    prefs.write_text(plain(prefs.read_text("utf-8")).replace(f"^{tea.id}", "^oops!"), "utf-8")
    result = CliRunner().invoke(cli, ["weave", "--vault", str(vault.root)])
    assert result.exit_code == 0, result.output
    assert "edit: categories/work.md — 1 superseded" in result.output
    assert "! categories/preferences.md:" in result.output
    assert "mangled block id ^oops! (letters, digits and - only); page left as written" in result.output


def _superseded_tea(make_vault: Callable[..., Vault], clock: FakeClock) -> tuple[Vault, str, str]:
    """A vault whose drinks page has tea under ## History; the page text and tea's id."""
    vault = _seeded(make_vault)
    clock.advance(days=1)
    _edit(vault, "preferences", "- Maya likes tea.", "- Maya likes coffee.")
    vault.weave(EX)
    tea = _one(vault, value="tea")[0]
    text = plain(_page(vault, "preferences").read_text(encoding="utf-8"))
    assert f"^{tea.id}" in text.split("## History")[1]
    return vault, text, tea.id


def _line_of(text: str, needle: str) -> int:
    return next(i + 1 for i, line in enumerate(text.splitlines()) if needle in line)


def test_history_edits_are_reported_and_the_page_kept(make_vault, clock: FakeClock) -> None:
    vault, text, tea = _superseded_tea(make_vault, clock)
    path = _page(vault, "preferences")
    reworded = text.replace("- Maya likes tea.", "- Maya liked green tea.")
    path.write_text(reworded, encoding="utf-8")
    report = vault.weave(EX)
    assert [str(p) for p in report.page_problems] == [
        f"categories/preferences.md:{_line_of(reworded, tea)}: history is a record and is not read back;"
        " undo this change (to change a fact, edit it under ## Current)"
    ]
    assert plain(path.read_text(encoding="utf-8")) == reworded  # never overwritten
    assert _one(vault, value="tea")[0].text == "Maya likes tea."

    # Undone: the page is read again and nothing is reported.
    path.write_text(text, encoding="utf-8")
    assert not vault.weave(EX).page_problems


def test_history_line_moved_to_current_or_deleted_is_reported(make_vault, clock: FakeClock) -> None:
    vault, text, tea = _superseded_tea(make_vault, clock)
    path = _page(vault, "preferences")
    lines = text.splitlines()
    tea_line = next(line for line in lines if tea in line)
    lines.remove(tea_line)
    at = lines.index("## Current") + 1
    while not lines[at].startswith("- "):
        at += 1
    moved = "\n".join([*lines[:at], tea_line, *lines[at:]]) + "\n"
    path.write_text(moved, encoding="utf-8")
    report = vault.weave(EX)
    assert [str(p) for p in report.page_problems] == [
        f"categories/preferences.md:{_line_of(moved, tea)}: fact ^{tea} is no longer true and cannot be made"
        " current from the page; move it back, or write the value again as a new line under ## Current"
    ]
    assert _one(vault, value="tea")[0].status is Status.HISTORICAL

    deleted = text.replace(tea_line + "\n", "")
    path.write_text(deleted, encoding="utf-8")
    (problem,) = vault.weave(EX).page_problems
    assert problem.reason.startswith(f"fact ^{tea} was deleted from ## History: history is a record")
    assert deleted.splitlines()[problem.line - 1] == "## History"
    assert plain(path.read_text(encoding="utf-8")) == deleted
    assert _one(vault, value="tea")[0].status is Status.HISTORICAL
