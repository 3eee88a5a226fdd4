"""Hostile pages never stop, poison or leak a vault: real vaults, real git."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.item import Status
from vaultweave.store.sanitize import control_character, one_line, prose, safe_name
from vaultweave.weaver.cli import cli
from vaultweave.weaver.doctor import diagnose
from vaultweave.weaver.page_merge import merge_into
from vaultweave.weaver.vault import Vault

from bench.live_support import PhraseExtractor
from tests.conftest import FakeClock, plain, say

EX = PhraseExtractor()
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + n)}: &{chr(98 + n)} [{', '.join([f'*{chr(97 + n)}'] * 9)}]\n" for n in range(9)
)


def _seeded(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    say(vault, "I work at Google", "2026-01-01T10:00:00Z")
    say(vault, "I like tea", "2026-01-02T10:00:00Z")
    vault.weave(EX)
    return vault


def _git(vault: Vault, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault.root), *args], check=True, capture_output=True, text=True
    ).stdout


def _current(vault: Vault) -> dict[str, Status]:
    return {i.value: i.status for i in vault.items(status="all")}


def _weave_goes_on(vault: Vault, rel: str, reason: str) -> None:
    """A new turn is woven, the page is reported with file:line, and no fact is lost."""
    before = _current(vault)
    say(vault, "I like chess", "2026-02-01T10:00:00Z")
    report = vault.weave(EX)
    assert _current(vault)["chess"] is Status.CURRENT
    assert {k: v for k, v in _current(vault).items() if k != "chess"} == before
    found = [str(p) for p in report.page_problems if p.path == rel]
    assert found and re.match(rf"^{re.escape(rel)}:\d+: .*{reason}", found[0]), found
    assert rel in report.hand_edited
    assert any(str(p).startswith(f"{rel}:") for p in vault.status().page_problems)


def test_a_page_that_is_not_utf8_is_reported_and_weaving_goes_on(make_vault) -> None:
    vault = _seeded(make_vault)
    page = vault.paths.categories / "work.md"
    raw = page.read_bytes().replace(b"# Work", b"# Work \xff\xfe")
    page.write_bytes(raw)
    _weave_goes_on(vault, "categories/work.md", "not UTF-8")
    assert page.read_bytes() == raw  # left exactly as it was
    line = raw.split(b"\n").index(b"# Work \xff\xfe") + 1
    assert str(vault.status().page_problems[0]).startswith(f"categories/work.md:{line}: not UTF-8")
    assert "categories/work.md" not in _git(vault, "show", "--stat", "--format=", "HEAD")


def test_an_index_that_is_not_utf8_is_reported_and_weaving_goes_on(make_vault) -> None:
    vault = _seeded(make_vault)
    raw = vault.paths.index_md.read_bytes() + b"\x80 by hand\n"
    vault.paths.index_md.write_bytes(raw)
    _weave_goes_on(vault, "index.md", "not UTF-8")
    assert vault.paths.index_md.read_bytes() == raw


def test_a_yaml_alias_bomb_is_refused_quickly(make_vault) -> None:
    vault = _seeded(make_vault)
    page = vault.paths.categories / "work.md"
    text = page.read_text("utf-8").replace("---\n", "---\n" + BOMB + "subjects: [*j]\n", 1)
    text = text.replace("\nsubjects:\n- Maya\n", "\n")
    page.write_text(text, "utf-8")
    _weave_goes_on(vault, "categories/work.md", r"expands past \d+ values")
    assert page.read_text("utf-8") == text


def test_deep_and_huge_front_matter_is_refused(make_vault) -> None:
    vault = _seeded(make_vault)
    page = vault.paths.categories / "work.md"
    text = page.read_text("utf-8")
    page.write_text(text.replace("---\n", "---\nx: " + "[" * 3000 + "]" * 3000 + "\n", 1), "utf-8")
    _weave_goes_on(vault, "categories/work.md", "broken front matter")
    prefs = vault.paths.categories / "preferences.md"
    huge = prefs.read_text("utf-8").replace("---\n", "---\nnote: '" + "y" * 70_000 + "'\n", 1)
    prefs.write_text(huge, "utf-8")
    report = vault.weave(EX)
    assert any("front matter longer than" in str(p) for p in report.page_problems)
    assert _current(vault)["tea"] is Status.CURRENT


def test_a_control_character_in_a_page_is_refused_with_its_line(make_vault) -> None:
    vault = _seeded(make_vault)
    page = vault.paths.categories / "work.md"
    lines = plain(page.read_text("utf-8")).split("\n")
    at = next(n for n, ln in enumerate(lines) if ln.startswith("- Maya works at Google"))
    lines[at] = lines[at].replace("Google", "Goo\x00gle")
    page.write_text("\n".join(lines), "utf-8")
    _weave_goes_on(vault, "categories/work.md", "control character U\\+0000")
    assert str(vault.status().page_problems[0]).startswith(f"categories/work.md:{at + 1}:")
    assert "\x00" not in _git(vault, "log", "-p", "--format=%B")


def test_a_symlink_in_categories_is_never_followed(make_vault, tmp_path: Path) -> None:
    vault = _seeded(make_vault)
    outside = tmp_path / "secret.md"
    outside.write_text("# Secret\n\n## Current\n\n- the password is hunter2\n", "utf-8")
    (vault.paths.categories / "secret.md").symlink_to(outside)
    (vault.paths.categories / "alias.md").symlink_to(vault.paths.categories / "work.md")
    say(vault, "I like chess", "2026-02-01T10:00:00Z")
    report = vault.weave(EX)
    problems = {p.path: p.reason for p in report.page_problems}
    assert "symbolic link" in problems["categories/secret.md"]
    assert "symbolic link" in problems["categories/alias.md"]
    assert "hunter2" not in {i.value for i in vault.items(status="all")}
    assert "hunter2" not in _git(vault, "log", "-p", "--all")
    tracked = _git(vault, "ls-files", "categories").split()
    assert "categories/secret.md" not in tracked and "categories/alias.md" not in tracked
    assert outside.read_text("utf-8").endswith("hunter2\n")  # never written through
    assert (vault.paths.categories / "secret.md").is_symlink()
    result = CliRunner().invoke(cli, ["show", "secret", "--vault", str(vault.root)])
    assert result.exit_code == 1 and "hunter2" not in result.output
    assert "symbolic link" in result.output and "Traceback" not in result.output
    status = CliRunner().invoke(cli, ["status", "--vault", str(vault.root)])
    assert "page problem categories/secret.md:1: a symbolic link" in status.output
    doctor = [str(p) for p in diagnose(vault)]
    assert any("categories/secret.md:1: a symbolic link" in p for p in doctor), doctor
    assert _current(vault)["chess"] is Status.CURRENT


def test_a_linked_categories_folder_is_not_read_or_written(make_vault, tmp_path: Path) -> None:
    vault = _seeded(make_vault)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "work.md").write_text("# Work\n\n## Current\n\n- leaked\n", "utf-8")
    moved = tmp_path / "categories-before"
    vault.paths.categories.rename(moved)
    vault.paths.categories.symlink_to(outside)
    say(vault, "I like chess", "2026-02-01T10:00:00Z")
    report = vault.weave(EX)
    assert _current(vault)["chess"] is Status.CURRENT
    assert "leaked" not in _current(vault)
    assert sorted(p.name for p in outside.iterdir()) == ["work.md"]  # nothing written there
    assert (outside / "work.md").read_text("utf-8").endswith("- leaked\n")
    assert any("categories/ is a symbolic link" in str(p) for p in report.page_problems)
    assert "leaked" not in _git(vault, "log", "-p", "--all")
    assert any("categories/" in str(p) for p in vault.status().page_problems)


def test_a_speaker_name_cannot_inject_markdown_or_control_characters(make_vault) -> None:
    vault = make_vault()
    evil = "Maya\n## Current\n- injected ^0123456789abcdef\x00\x07"
    say(vault, "I work at Goo\x00gle\u2028Inc", "2026-01-01T10:00:00Z", speaker=evil)
    vault.weave(EX)
    page = (vault.paths.categories / "work.md").read_text("utf-8")
    assert [ln for ln in page.splitlines() if ln.startswith("#")] == ["# Work", "## Current", "## History"]
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u2028]", page)
    assert not any(ln.startswith("- injected") for ln in page.splitlines())
    (item,) = vault.items()
    assert "\n" not in item.subject and "\x00" not in item.value and "\u2028" not in item.value
    numstat = _git(vault, "show", "--numstat", "--format=", "HEAD", "--", "categories/work.md")
    assert not numstat.startswith("-\t-")  # git does not take the page for binary
    message = _git(vault, "log", "-1", "--format=%B")
    assert "\x00" not in message and "\x07" not in message


def test_deleting_only_the_id_keeps_the_fact(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    google = next(i for i in vault.items() if i.value == "Google")
    page = vault.paths.categories / "work.md"
    page.write_text(page.read_text("utf-8").replace(f" ^{google.id}", ""), "utf-8")
    clock.advance(days=1)
    report = vault.weave(EX)
    assert vault.item(google.id).status is Status.CURRENT
    assert "retracted" not in report.edit.message and "added" not in report.edit.message
    assert len([i for i in vault.items(status="all") if i.value == "Google"]) == 1
    assert f"^{google.id}" in page.read_text("utf-8").split("## History")[0]  # id back


def test_odd_page_names_move_to_their_name_and_never_duplicate(make_vault, clock: FakeClock) -> None:
    vault = _seeded(make_vault)
    for name, stem in (("Untitled", "untitled"), ("Work Stuff", "work-stuff")):
        odd = vault.paths.categories / f"{name}.md"
        odd.write_text("# Notes\n\n## Current\n\n- Maya likes jazz\n", "utf-8")
        report = vault.weave(EX)
        assert not odd.exists()
        page = vault.paths.categories / f"{stem}.md"
        assert f"Renamed: categories/{name}.md -> categories/{stem}.md" in report.edit.message
        for n in range(3):  # every later edit of the page is taken in once
            clock.advance(hours=1)
            page.write_text(page.read_text("utf-8") + f"\nNote {n} by hand.\n", "utf-8")
            vault.weave(EX)
        jazz = [i for i in vault.items(status="all") if i.category == name]
        assert [(i.value, i.status) for i in jazz] == [("Maya likes jazz", Status.CURRENT)]
        assert f"categories/{name}.md" not in _git(vault, "ls-files", "categories")
        (vault.paths.categories / f"{stem}.md").unlink()
        vault.weave(EX)  # the page deleted: its fact retracted, no page comes back empty


def test_a_full_width_name_of_an_existing_page_is_reported(make_vault) -> None:
    vault = _seeded(make_vault)
    odd = vault.paths.categories / "Ｗｏｒｋ.md"
    odd.write_text("# Work\n\n## Current\n\n- Maya works at Acme\n", "utf-8")
    for _ in range(3):
        report = vault.weave(EX)
        assert [str(p) for p in report.page_problems] == [
            "categories/Ｗｏｒｋ.md:1: its category's page is categories/work.md, which exists: "
            "move these bullets there"
        ]
    assert "Maya works at Acme" not in {i.value for i in vault.items(status="all")}
    assert odd.read_text("utf-8").endswith("- Maya works at Acme\n")


def test_status_and_doctor_report_page_problems_with_file_and_line(make_vault) -> None:
    vault = _seeded(make_vault)
    tea = next(i for i in vault.items() if i.value == "tea")
    page = vault.paths.categories / "preferences.md"
    text = page.read_text("utf-8").replace(f"^{tea.id}", "^ffffffffffffffff")
    page.write_text(text, "utf-8")
    line = text.split("\n").index(next(ln for ln in text.split("\n") if "^ffffffffffffffff" in ln)) + 1
    expected = f"categories/preferences.md:{line}: unknown fact id ^ffffffffffffffff"
    assert any(str(p).startswith(expected) for p in vault.status().page_problems)
    result = CliRunner().invoke(cli, ["status", "--vault", str(vault.root)])
    assert f"page problem {expected}" in result.output
    result = CliRunner().invoke(cli, ["status", "--vault", str(vault.root), "--json"])
    assert expected in result.output
    assert any(expected in str(p) for p in diagnose(vault))


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_safe_name_is_a_fixed_point_and_one_line_is_clean(name: str) -> None:
    try:
        stem = safe_name(name)
    except UnsafeNameError:
        return
    assert safe_name(stem) == stem and "/" not in stem and stem not in (".", "..")
    line = one_line(name)
    assert "\n" not in line and control_character(line) is None
    assert control_character(prose(name)) is None


def test_a_paragraph_under_the_title_survives_model_summaries() -> None:
    from tests.test_page_merge import _item, _render

    old = _render([_item(1, "tea")], summary="Maya has simple tastes.")
    assert "Maya has simple tastes. ^summary" in old
    mine = "Maya told me this in person; worth remembering."
    edited = old.replace("# Preferences\n\n", f"# Preferences\n\n{mine}\n\n")
    for n, summary in enumerate(["Maya likes tea and chess.", "Tea, chess, and more."]):
        fresh = _render([_item(1, "tea"), _item(2 + n, "chess")], summary=summary)
        edited = merge_into(edited, fresh, "categories/preferences.md")
        assert mine in edited and summary in edited
        assert edited.count("^summary") == 1 and "simple tastes" not in edited
    # A page from before summaries were marked: with a person's paragraph there, neither
    # paragraph is taken for the summary, so nothing a person wrote is replaced.
    legacy = old.replace(" ^summary", "").replace("# Preferences\n\n", f"# Preferences\n\n{mine}\n\n")
    merged = merge_into(legacy, _render([_item(1, "tea")], summary="New prose."), "p.md")
    assert mine in merged and "New prose. ^summary" in merged


def test_a_subject_escaped_in_front_matter_is_cleaned(make_vault) -> None:
    vault = _seeded(make_vault)
    page = vault.paths.categories / "work.md"
    text = page.read_text("utf-8").replace("subjects:\n- Maya\n", 'subjects: ["Ma\\0ya\\nX"]\n')
    page.write_text(text.replace("## Current\n\n", "## Current\n\n- Likes long walks\n", 1), "utf-8")
    vault.weave(EX)
    (walks,) = [i for i in vault.items() if i.value == "Likes long walks"]
    assert walks.subject == "Ma ya X"


def test_the_page_fuzz_bench_runs_clean_on_a_short_run(tmp_path: Path) -> None:
    from bench.fuzz.pages import fuzz_pages

    figures = fuzz_pages(40, seed=11, workdir=tmp_path / "fuzz")
    assert figures["edits"] == 40 and figures["weaves"] >= 10
    assert {k: figures[k] for k in ("stuck", "tracebacks", "lost", "outside_writes", "poisoned")} == {
        "stuck": 0, "tracebacks": 0, "lost": 0, "outside_writes": 0, "poisoned": 0
    }
