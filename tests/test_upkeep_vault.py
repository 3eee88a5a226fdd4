"""Consolidation passes on a real git vault: one commit, re-rendered pages, recall log, dry run."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from datetime import datetime
from typing import Any

import numpy as np
from click.testing import CliRunner
from vaultweave.store.item import Item, Status
from vaultweave.weaver.cli import cli
from vaultweave.weaver.transaction import render_categories
from vaultweave.weaver.upkeep.plan import Rule
from vaultweave.weaver.upkeep.similar import vector_pairs
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock, plain


def git(vault: Vault, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault.root), *args], check=True, capture_output=True, text=True
    ).stdout


def seed(vault: Vault, *items: Item) -> None:
    """Put items in the vault as a weave would: files, pages, one commit."""
    vault.files.write_many((item, None) for item in items)
    vault.remember_items(items)
    render_categories(vault, {i.category for i in items}, vault.clock())
    vault.repo.commit("seed", ("items", "categories", "index.md"))


def fact(
    ident: str, value: str, when: datetime, importance: float = 0.5, attribute: str = "likes",
    **extra: object,
) -> Item:
    return Item(
        id=ident, subject="Maya", attribute=attribute, value=value, text=f"Maya likes {value}.",
        category="preferences", kind="preference", valid_from=when, observed_at=when,
        importance=importance, sources=(f"resources/2026/03/01.jsonl#L{ident}",),
        **extra,  # type: ignore[arg-type]
    )


def snapshot(vault: Vault) -> tuple[str, str, dict[str, bytes]]:
    files = {
        str(p.relative_to(vault.root)): p.read_bytes()
        for p in vault.root.rglob("*")
        if p.is_file() and ".git" not in p.parts
    }
    return git(vault, "rev-parse", "HEAD"), git(vault, "status", "--porcelain"), files


def test_a_pass_archives_old_unimportant_facts_in_one_commit(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault()
    seed(vault, fact("old", "polka", clock.now, importance=0.25),
         fact("dear", "jazz", clock.now, importance=0.9))
    commits = len(git(vault, "log", "--format=%H").split())
    clock.advance(days=40)
    report = vault.consolidate(similar="off")

    assert report.commit and len(git(vault, "log", "--format=%H").split()) == commits + 1
    subject = git(vault, "log", "-1", "--format=%s").strip()
    assert subject == "consolidate: 1 archived, 2 decayed"
    body = git(vault, "log", "-1", "--format=%b")
    assert "Archived: old unused 40 days" in body and "Upkeep-Clock: 2026-04-10T12:00:00Z" in body
    assert git(vault, "status", "--porcelain") == ""
    assert vault.files.read(vault.paths.item_file("preferences", "old")).status is Status.ARCHIVED
    page = plain(vault.category_text("preferences"))
    current, archive = page.split("## Current")[1].split("## Archive")
    assert "^dear" in current and "^old" not in current
    assert "- Maya likes polka. _(since 2026-03-01; archived)_ ^old" in archive
    assert vault.items(status="archived")[0].id == "old"


def test_dry_run_changes_nothing(make_vault: Callable[..., Vault], clock: FakeClock) -> None:
    vault = make_vault()
    seed(vault, fact("old", "polka", clock.now, importance=0.25))
    vault.record_access(["old"])
    clock.advance(days=40)
    before = snapshot(vault)
    report = vault.consolidate(dry_run=True, similar="off")
    assert report.plan.summary() == "1 archived, 1 decayed, 1 recalled" and report.commit is None
    assert snapshot(vault) == before


def test_recalls_are_folded_once_even_if_a_pass_stops_before_dropping_them(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault()
    seed(vault, fact("a", "jazz", clock.now))
    log_path = vault.paths.state / "access.jsonl"
    assert vault.record_access(["a", "a", "ghost"]) == 3
    assert git(vault, "status", "--porcelain") == ""  # the log is not part of the vault's tiers
    clock.advance(hours=1)
    vault.record_access(["a"])
    folded = log_path.read_bytes()

    first = vault.consolidate(similar="off")
    item = vault.item("a")
    assert (item.access_count, item.importance) == (3, 0.6)
    assert item.last_access == clock.now
    assert log_path.read_bytes() == b""
    assert "Recalls-Folded: " in first.message

    # As if the process died after the commit, before the folded lines were dropped:
    log_path.write_bytes(folded)
    vault.record_access(["a"])
    vault.forget_loaded_items()
    second = vault.consolidate(similar="off")
    assert vault.item("a").access_count == 4
    assert second.plan.recalls == 1 and log_path.read_bytes() == b""


def test_a_merge_is_one_commit_and_the_merged_item_is_archived_later(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault()
    seed(vault, fact("a", "jazz", clock.now, importance=0.5),
         fact("b", "jazz music", clock.now, importance=0.4, attribute="enjoys"))
    vectors = {"a": np.array([1.0, 0.0]), "b": np.array([0.9, 0.43589])}  # cosine 0.90
    report = vault.consolidate(similar=vector_pairs(vectors))
    assert git(vault, "log", "-1", "--format=%s").strip() == "consolidate: 1 merged"
    (merged,) = vault.items()
    assert merged.supersedes == ("a", "b") and merged.importance == 0.5
    assert {i.id for i in vault.items(status="historical")} == {"a", "b"}
    page = vault.category_text("preferences")
    assert f"^{merged.id}" in page.split("## History")[0]
    assert f"superseded by [[preferences#^{merged.id}|jazz]]" in page
    assert report.categories == ("preferences",)

    clock.advance(days=90)
    vault.consolidate(similar=vector_pairs(vectors))
    assert vault.item(merged.id).status is Status.ARCHIVED
    assert git(vault, "log", "-1", "--format=%s").strip() == "consolidate: 1 archived, 1 decayed"


def test_nothing_to_do_makes_no_commit(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    head = git(vault, "rev-parse", "HEAD")
    report = vault.consolidate(similar="off")
    assert report.commit is None and report.plan.is_empty
    assert git(vault, "rev-parse", "HEAD") == head


def test_cli_prints_the_plan_and_applies_it(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault()
    seed(vault, fact("old", "polka", clock.now, importance=0.25))
    clock.advance(days=40)
    runner = CliRunner()
    where = ["--no-similarity", "--vault", str(vault.root)]
    dry = runner.invoke(cli, ["consolidate", "--dry-run", *where])
    assert dry.exit_code == 0, dry.output
    assert dry.output.splitlines()[0] == "consolidate (dry run): 1 archived, 1 decayed"
    assert "archived  old  unused" in dry.output and "dry run: nothing written" in dry.output
    assert vault.files.read(vault.paths.item_file("preferences", "old")).is_current
    # The CLI's own clock is real time, far past the seeded facts: the same rules apply.
    real = runner.invoke(cli, ["consolidate", *where])
    assert real.exit_code == 0, real.output
    assert "committed " in real.output
    assert vault.files.read(vault.paths.item_file("preferences", "old")).status is Status.ARCHIVED


def test_cli_reports_a_bad_upkeep_config_in_one_line(
    make_vault: Callable[..., Vault]
) -> None:
    vault = make_vault()
    (vault.root / "vault.toml").write_text("[upkeep]\nmerge_threshold = 0.99\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["consolidate", "--vault", str(vault.root)])
    assert result.exit_code == 1
    assert result.output.startswith("error: invalid configuration in ")
    assert "merge_threshold must not exceed" in result.output
    assert len(result.output.strip().splitlines()) == 1



def test_a_large_pass_writes_its_items_in_one_batch(
    make_vault: Callable[..., Vault], clock: FakeClock
) -> None:
    vault = make_vault()
    seed(vault, *(fact(f"i{n:02d}", f"thing {n}", clock.now, importance=0.25) for n in range(40)))
    clock.advance(days=40)
    report = vault.consolidate(similar="off")
    assert report.plan.count(Rule.ARCHIVED) == 40
    vault.forget_loaded_items()
    assert len(vault.items(status="archived")) == 40
    assert git(vault, "status", "--porcelain") == ""
    assert not list(vault.paths.items.rglob("*.tmp"))


def test_a_pass_leaves_a_pending_hand_edit_for_the_cycle(make_vault: Any) -> None:
    from tests.conftest import say
    vault = make_vault("pending-edit")
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    say(vault, "I love jazz.", "2026-01-05T10:01:00Z")
    vault.weave()
    page = vault.paths.categories / "work.md"
    page.write_text(plain(page.read_text(encoding="utf-8")).replace("works at Google", "works at Globex"))
    vault.consolidate(similar="off")
    dirty = subprocess.run(
        ["git", "-C", str(vault.root), "status", "--porcelain"], capture_output=True, text=True
    ).stdout
    assert "categories/work.md" in dirty  # not swallowed by the upkeep commit
    vault.weave()
    (employer,) = [i for i in vault.items() if i.attribute == "employer"]
    assert employer.value == "Globex" and employer.origin == "hand"
