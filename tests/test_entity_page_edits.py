"""Edits of entity pages in Obsidian map back to the facts, as category page edits do."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest
from vaultweave.store.item import Item, Status
from vaultweave.weaver.cycle import CycleHooks
from vaultweave.weaver.vault import Vault
from vaultweave.weaver.watch import ChangeFilter, Kind

from tests.conftest import FakeClock, say


def _seeded(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    for n, text in enumerate(
        ["I work at OpenAI.", "I live in Lisbon.", "I have a dog named Rex.",
         "My sister Anna lives in Oslo.", "I like tea."]
    ):
        say(vault, text, f"2026-01-0{n + 1}T10:00:00Z")
    vault.weave()
    return vault


def _page(vault: Vault, rel: str) -> Path:
    return vault.root / rel


def _edit(vault: Vault, rel: str, old: str, new: str) -> str:
    path = _page(vault, rel)
    text = path.read_text(encoding="utf-8")
    assert old in text, text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text


def _git(vault: Vault, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault.root), *args], check=True, capture_output=True, text=True
    ).stdout


def _fact(vault: Vault, attribute: str, value: str, subject: str = "Maya") -> Item:
    (found,) = [
        i for i in vault.items(status="all")
        if (i.subject, i.attribute, i.value) == (subject, attribute, value)
    ]
    return found


def _bullet(said: str, since: str, category: str, fact: str) -> str:
    """A fact bullet of an entity page as the weaver writes it."""
    return f"- {said} _(since {since})_ [[categories/{category}#^{fact}|fact]] ^{fact}"


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def _problems(report: object) -> list[str]:
    return sorted(str(p) for p in report.page_problems)  # type: ignore[attr-defined]


def test_a_changed_value_supersedes_its_fact_like_a_category_edit(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = _seeded(make_vault)
    job = _fact(vault, "employer", "OpenAI")
    maya = "entities/maya.md"
    text = _page(vault, maya).read_text(encoding="utf-8")
    assert _bullet("employer: [[openai|OpenAI]]", "2026-01-01", "work", job.id) in text
    clock.advance(days=1)
    _edit(vault, maya, "[[openai|OpenAI]] _(", "[[figma|Figma]] _(")
    assert ChangeFilter(vault).kind_of(_page(vault, maya)) is Kind.PAGE  # the watcher takes it in
    report = vault.weave()

    assert report.edit.message == "edit: entities/maya.md — 1 superseded\n\nHand-edit: entities/maya.md\n"
    old, new = vault.item(job.id), _fact(vault, "employer", "Figma")
    assert old.status is Status.HISTORICAL and old.valid_to == clock.now and old.superseded_by == new.id
    assert (new.origin, new.pinned, new.status, new.category) == ("hand", True, Status.CURRENT, "work")
    assert new.text == "Maya works at Figma." and new.valid_from == clock.now
    assert new.sources[0].startswith(f"{maya}#L{_line(text, '- employer:')}@")
    # Both pages show it, rendered from the same items, and the watcher sees its own write.
    page = _page(vault, maya).read_text(encoding="utf-8")
    assert _bullet("employer: [[figma|Figma]]", "2026-03-02", "work", new.id) in page
    assert f"^{job.id}" in page.split("## History")[1]
    work = _page(vault, "categories/work.md").read_text(encoding="utf-8")
    assert f"^{new.id}" in work.split("## History")[0] and f"^{job.id}" in work.split("## History")[1]
    assert _page(vault, "entities/figma.md").is_file()
    assert ChangeFilter(vault).kind_of(_page(vault, maya)) is None
    subjects = _git(vault, "log", "--format=%s").splitlines()
    assert subjects[1] == "edit: entities/maya.md — 1 superseded" and subjects[0].startswith("render: ")
    assert "[[figma|Figma]] _(since 2026-01-01)_" in _git(vault, "show", f"{report.edit.commit}:{maya}")
    assert _git(vault, "status", "--porcelain") == ""
    again = vault.weave()
    assert again.commit is None and again.edit.commit is None


def test_a_wikilink_s_new_label_or_target_is_the_relation_s_new_value(
    make_vault: Callable[..., Vault],
) -> None:
    vault = _seeded(make_vault)
    sister, pet = _fact(vault, "sister", "Anna"), _fact(vault, "pet", "a dog named Rex")
    _edit(vault, "entities/maya.md", "- sister: [[anna|Anna]]", "- sister: [[Bea]]")
    _edit(vault, "entities/maya.md", "- pet: [[rex|Rex]]", "- pet: [[rex|Bo]]")
    report = vault.weave()

    assert report.edit.message.startswith("edit: entities/maya.md — 2 superseded")
    assert vault.item(sister.id).status is Status.HISTORICAL
    assert _fact(vault, "sister", "Bea").text == "Maya has a sister, Bea."
    bo = _fact(vault, "pet", "a dog named Bo")  # the name in the value, not the value
    assert bo.text == "Maya has a dog named Bo." and vault.item(pet.id).superseded_by == bo.id
    page = _page(vault, "entities/maya.md").read_text(encoding="utf-8")
    assert "- sister: [[bea|Bea]]" in page and "- pet: [[bo|Bo]]" in page


def test_deleted_lines_retract_new_lines_add_and_dates_and_tags_edit_in_place(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = _seeded(make_vault)
    tea, home = _fact(vault, "likes", "tea"), _fact(vault, "lives_in", "Lisbon")
    clock.advance(days=1)
    path = _page(vault, "entities/maya.md")
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.startswith("- likes: tea")]
    at = lines.index(next(ln for ln in lines if ln.startswith("- sister:")))
    lines[at + 1 : at + 1] = ["- hobby: sailing #outdoors", "- Call her on Sundays"]
    text = "\n".join(lines) + "\n"
    path.write_text(
        text.replace("Lisbon]] _(since 2026-01-02)_", "Lisbon]] #home _(since 2025-12-01)_"),
        encoding="utf-8",
    )
    report = vault.weave()

    assert report.edit.message.startswith("edit: entities/maya.md — 2 added, 1 redated, 1 retracted")
    gone = vault.item(tea.id)
    assert gone.status is Status.RETRACTED and gone.valid_to == clock.now
    assert gone.status_reason == "deleted by hand from entities/maya.md"
    moved = vault.item(home.id)
    assert moved.status is Status.CURRENT and moved.valid_from == datetime(2025, 12, 1, tzinfo=timezone.utc)
    assert moved.tags == ("home",) and moved.sources == home.sources
    sailing = _fact(vault, "hobby", "sailing")
    assert (sailing.origin, sailing.category, sailing.tags) == ("hand", "hobbies", ("outdoors",))
    note = _fact(vault, "note", "Call her on Sundays")
    assert note.category == "notes" and note.subject == "Maya"
    page = path.read_text(encoding="utf-8")
    assert _bullet("hobby: sailing #outdoors", "2026-03-02", "hobbies", sailing.id) in page
    assert "- lives_in: [[lisbon|Lisbon]] #home _(since 2025-12-01)_" in page
    assert "likes" not in page.split("## Relations")[0]
    preferences = _page(vault, "categories/preferences.md").read_text(encoding="utf-8")
    assert f"^{tea.id}" in preferences.split("## History")[1]
    again = vault.weave()  # taken in once
    assert again.edit.commit is None and len([i for i in vault.items() if i.attribute == "hobby"]) == 1


def test_edits_that_are_not_read_back_are_reported_and_the_page_is_kept(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = _seeded(make_vault)
    say(vault, "I work at Figma now.", "2026-01-08T10:00:00Z")  # a history and a timeline
    vault.weave()
    rel = "entities/maya.md"
    path = _page(vault, rel)
    _edit(vault, rel, "- [[openai|OpenAI]] _(2026-01-01", "- [[openai|OpenAI]] (loved it) _(2026-01-01")
    _edit(vault, rel, "employer: Figma\n", "employer: Acme\nmood: sunny\n")
    _edit(vault, rel, "- likes: tea", "- likes: green tea")
    text = _edit(vault, rel, "\n## Relations", "\n- lives_in: Porto\n\nMy own note.\n\n## Relations")
    items = {i.id: i for i in vault.items(status="all")}
    report = vault.weave()

    assert _problems(report) == sorted([
        f"{rel}:{_line(text, '(loved it)')}: ## History is written from the facts and is not read back;"
        " undo this change, or write facts under ## Current and notes under a heading of your own",
        f"{rel}:{_line(text, 'employer: Acme')}: front matter 'employer' is written from the facts and is"
        " not read back; change the fact under ## Current instead, or add a key of your own",
        f"{rel}:{_line(text, 'lives_in: Porto')}: lives_in holds one value and"
        f" ^{_fact(vault, 'lives_in', 'Lisbon').id} still holds Lisbon: change that line instead,"
        " or delete it",
    ])
    status = vault.status()  # what status and doctor say, without a weave
    assert rel in report.hand_edited and rel in status.hand_edited
    assert sorted(str(p) for p in status.page_problems) == _problems(report)
    assert {i.id: i for i in vault.items(status="all")} == items  # nothing taken in, nothing lost
    assert path.read_text(encoding="utf-8") == text
    # Another writer touching Maya leaves the page alone too.
    say(vault, "I like jazz.", "2026-01-09T10:00:00Z")
    vault.weave()
    vault.forget(_fact(vault, "likes", "jazz").id, "a test")
    assert path.read_text(encoding="utf-8") == text
    # Undone where asked, the rest is taken in; the person's note and key stay.
    text = _edit(vault, rel, " (loved it)", "")
    text = _edit(vault, rel, "employer: Acme", "employer: Figma")
    _edit(vault, rel, "- lives_in: Porto\n", "")
    report = vault.weave()
    assert not report.page_problems and report.edit.message.startswith(f"edit: {rel} — 1 superseded")
    assert _fact(vault, "likes", "green tea").origin == "hand"
    page = path.read_text(encoding="utf-8")
    assert "\nMy own note.\n" in page and "mood: sunny" in page and "- likes: green tea" in page
    assert _git(vault, "status", "--porcelain") == ""
    _edit(vault, rel, "mood: sunny", "mood: rainy")  # a key of the person's own is theirs to edit
    report = vault.weave()
    assert not report.page_problems and "mood: rainy" in path.read_text(encoding="utf-8")


def test_a_fact_edited_on_both_pages_in_one_cycle_keeps_the_category_page_s_edit(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = _seeded(make_vault)
    job = _fact(vault, "employer", "OpenAI")
    clock.advance(days=1)
    work = _edit(vault, "categories/work.md", "OpenAI]].", "DeepMind]].")
    maya = _edit(vault, "entities/maya.md", "[[openai|OpenAI]] _(", "[[figma|Figma]] _(")
    report = vault.weave()

    line = _line(maya, "[[figma|Figma]]")
    assert _problems(report) == [
        f"entities/maya.md:{line}: this fact was also changed at categories/work.md:"
        f"{_line(work, 'DeepMind')} in the same cycle, which wins; redo your change on the page as it is now"
    ]
    assert report.edit.message.startswith("edit: categories/work.md — 1 superseded")
    assert vault.item(job.id).superseded_by == _fact(vault, "employer", "DeepMind").id
    assert not [i for i in vault.items(status="all") if i.value == "Figma"]
    path = _page(vault, "entities/maya.md")
    assert path.read_text(encoding="utf-8") == maya  # left as the person wrote it
    # Still not taken in later (the fact is history now); deleting the line lets it go.
    assert "no longer current" in _problems(vault.weave())[0]
    path.write_text(maya.replace(maya.splitlines()[line - 1] + "\n", ""), encoding="utf-8")
    report = vault.weave()
    assert not report.page_problems and _fact(vault, "employer", "DeepMind").status is Status.CURRENT
    assert "- employer: [[deepmind|DeepMind]]" in path.read_text(encoding="utf-8")
    assert _git(vault, "status", "--porcelain") == ""


def test_the_same_change_on_both_pages_is_one_change(make_vault: Callable[..., Vault]) -> None:
    vault = _seeded(make_vault)
    _edit(vault, "categories/work.md", "OpenAI]].", "DeepMind]].")
    _edit(vault, "entities/maya.md", "[[openai|OpenAI]] _(", "[[deepmind|DeepMind]] _(")
    report = vault.weave()

    assert not report.page_problems
    assert report.edit.message.startswith("edit: categories/work.md, entities/maya.md — 1 superseded")
    assert len([i for i in vault.items(status="all") if i.value == "DeepMind"]) == 1
    assert _git(vault, "status", "--porcelain") == ""


def test_a_renamed_entity_page_is_reported_and_nothing_is_retracted(
    make_vault: Callable[..., Vault],
) -> None:
    vault = _seeded(make_vault)
    before = {i.id: i for i in vault.items(status="all")}
    # Obsidian renames the note and rewrites every link to it.
    old, new = _page(vault, "entities/maya.md"), _page(vault, "entities/Maya Kim.md")
    old.rename(new)
    for path in [*vault.paths.categories.glob("*.md"), *(vault.root / "entities").glob("*.md")]:
        text = path.read_text(encoding="utf-8")
        path.write_text(
            text.replace("[[entities/maya|", "[[entities/Maya Kim|").replace("[[maya|", "[[Maya Kim|"),
            encoding="utf-8",
        )
    report = vault.weave()

    assert _problems(report) == [
        "entities/Maya Kim.md:1: renamed from entities/maya.md: an entity page keeps its entity's name;"
        " rename it back to maya.md (until then neither page is rewritten)",
        "entities/maya.md:1: renamed to entities/Maya Kim.md; waits until it is renamed back",
    ]
    assert {i.id: i for i in vault.items(status="all")} == before  # the links changed no fact
    assert not old.exists() and new.is_file()
    # The pages whose links Obsidian rewrote are taken in as text and link the entity's page.
    assert "- [[maya|Maya]]: sister" in _page(vault, "entities/anna.md").read_text(encoding="utf-8")
    say(vault, "I like jazz.", "2026-01-09T10:00:00Z")
    vault.weave()
    assert not old.exists()  # not written beside the renamed page
    new.rename(old)
    report = vault.weave()
    assert not report.page_problems and "likes: jazz" in old.read_text(encoding="utf-8")
    assert _git(vault, "status", "--porcelain") == ""


def test_a_deleted_entity_page_retracts_its_current_facts(make_vault: Callable[..., Vault]) -> None:
    vault = _seeded(make_vault)
    oslo = _fact(vault, "lives_in", "Oslo", subject="Anna")
    _page(vault, "entities/anna.md").unlink()
    report = vault.weave()

    assert report.edit.message.startswith("edit: entities/anna.md — 1 retracted")
    assert vault.item(oslo.id).status is Status.RETRACTED
    page = _page(vault, "entities/anna.md").read_text(encoding="utf-8")  # Maya's sister still
    assert "_No current facts._" in page and "- [[maya|Maya]]: sister" in page


def test_hostile_entity_pages_are_reported_and_never_read_or_written(
    make_vault: Callable[..., Vault], tmp_path: Path
) -> None:
    vault = _seeded(make_vault)
    before = {i.id: i for i in vault.items(status="all")}
    outside = tmp_path / "outside.md"
    outside.write_text("- employer: [[Evil]]\n", encoding="utf-8")
    entities = vault.root / "entities"
    maya = _edit(vault, "entities/maya.md", "- likes: tea", "- likes: te\x00a")
    (entities / "anna.md").write_text("---\ntype: person\n# Anna\n", encoding="utf-8")
    (entities / "lisbon.md").write_text("# Lisbon\n" + "x" * (5 * 1024 * 1024) + "\n", encoding="utf-8")
    (entities / "oslo.md").unlink()
    (entities / "oslo.md").symlink_to(outside)
    rex = _edit(vault, "entities/rex.md", "_No current facts._", "- pet: x ^zz_z")
    huge = _edit(vault, "entities/openai.md", "_No current facts._", "- founded: " + "9" * 200_000)
    report = vault.weave()

    link = "a symbolic link; pages are never read through links: replace it with the file"
    assert _problems(report) == sorted([
        f"entities/maya.md:{_line(maya, 'likes: te')}: control character U+0000; remove it",
        "entities/anna.md:1: front matter is not closed with a '---' line",
        "entities/lisbon.md:1: larger than 4 MiB; split it",
        f"entities/oslo.md:1: {link}",
        f"entities/rex.md:{_line(rex, '^zz_z')}: mangled block id ^zz_z (letters, digits and - only)",
        f"entities/openai.md:{_line(huge, 'founded')}: a value of 200000 characters (at most 1000);"
        " a fact is one short value: keep long text as a note under the line",
    ])
    assert sorted(str(p) for p in vault.status().page_problems) == _problems(report)
    assert {i.id: i for i in vault.items(status="all")} == before
    assert outside.read_text(encoding="utf-8") == "- employer: [[Evil]]\n"
    assert (entities / "oslo.md").is_symlink()
    assert "te\x00a" in (entities / "maya.md").read_text(encoding="utf-8")
    # A linked entities/ folder is neither read nor written through.
    for path in entities.iterdir():
        path.unlink()
    entities.rmdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "maya.md").write_text("# Maya\n\n## Current\n- employer: [[Evil]]\n", encoding="utf-8")
    entities.symlink_to(elsewhere, target_is_directory=True)
    say(vault, "I like jazz.", "2026-01-09T10:00:00Z")
    report = vault.weave()
    assert "entities/maya.md:1: entities/ is a symbolic link; pages are never read through links:" \
        " replace it with the file" in _problems(report)
    assert not [i for i in vault.items(status="all") if i.value == "Evil"]
    assert _fact(vault, "lives_in", "Oslo", subject="Anna").status is Status.CURRENT  # unread, kept
    assert os.listdir(elsewhere) == ["maya.md"]


def test_a_cycle_cut_short_puts_back_its_entity_pages_and_keeps_a_person_s(
    make_vault: Callable[..., Vault],
) -> None:
    vault = _seeded(make_vault)
    anna = _page(vault, "entities/anna.md")
    ours = anna.read_text(encoding="utf-8")

    def stop() -> None:
        raise RuntimeError("killed")

    say(vault, "I work at Figma now.", "2026-01-08T10:00:00Z")
    with pytest.raises(RuntimeError):
        vault.weave(hooks=CycleHooks(before_commit=stop))
    maya = _page(vault, "entities/maya.md")
    assert "[[figma|Figma]]" in maya.read_text(encoding="utf-8")  # written, not committed
    anna.write_text(ours.replace("- lives_in: [[oslo|Oslo]]", "- lives_in: [[Bergen]]"), encoding="utf-8")
    reopened = Vault.open(vault.root)
    try:
        report = reopened.weave()
        assert report.edit.message.startswith("edit: entities/anna.md — 1 superseded")
        assert not [c for c in report.edit.plan.resolution.changes if c.after.subject == "Maya"]
        assert _fact(reopened, "lives_in", "Bergen", subject="Anna").origin == "hand"
        assert _fact(reopened, "employer", "Figma").origin == "rules"  # the woven turn, redone
        assert _git(reopened, "status", "--porcelain") == ""
    finally:
        reopened.lock.release()
