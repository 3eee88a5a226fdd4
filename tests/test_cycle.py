"""The weave cycle end to end on real git: resolution, commits, idempotence, crash safety."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from vaultweave.store.errors import VaultLockedError
from vaultweave.store.item import Item, Status
from vaultweave.store.state import Cursor
from vaultweave.weaver.cycle import CycleHooks
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def git(vault: Vault, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault.root), *args], check=True, capture_output=True, text=True
    ).stdout


def one(vault: Vault, attribute: str, status: Status | None = None) -> list[Item]:
    return [
        i for i in vault.items(status="all")
        if i.attribute == attribute and (status is None or i.status is status)
    ]


def test_single_valued_fact_is_superseded_not_deleted(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    first = vault.weave()
    say(vault, "I work at OpenAI now.", "2026-02-10T09:30:00Z")
    second = vault.weave()

    (old,) = one(vault, "employer", Status.HISTORICAL)
    (new,) = one(vault, "employer", Status.CURRENT)
    assert (old.value, new.value) == ("Google", "OpenAI")
    assert old.valid_to == new.valid_from
    assert new.valid_from.isoformat() == "2026-02-10T09:30:00+00:00"
    assert old.superseded_by == new.id and new.supersedes == (old.id,)
    assert new.sources == ("resources/2026/02/10.jsonl#L1",)
    assert first.commit and second.commit
    assert second.message.splitlines()[0] == "weave: +1 fact, 1 superseded (employer: Google -> OpenAI)"
    assert "Consumed: resources/2026/02/10.jsonl#L1" in second.message
    log = git(vault, "log", "--format=%an|%s")
    assert log.splitlines()[0] == "vaultweave|weave: +1 fact, 1 superseded (employer: Google -> OpenAI)"


def test_multi_valued_facts_accumulate(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I love jazz.", "2026-01-05T10:00:00Z")
    say(vault, "I like green tea.", "2026-01-06T10:00:00Z")
    vault.weave()
    assert sorted(i.value.lower() for i in one(vault, "likes", Status.CURRENT)) == ["green tea", "jazz"]


def test_repeated_fact_reinforces_instead_of_duplicating(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I live in Berlin.", "2026-01-05T10:00:00Z")
    vault.weave()
    (before,) = one(vault, "lives_in")
    say(vault, "I live in Berlin.", "2026-01-20T10:00:00Z")
    report = vault.weave()
    (after,) = one(vault, "lives_in")
    assert after.id == before.id
    assert after.importance > before.importance
    assert after.sources == (*before.sources, "resources/2026/01/20.jsonl#L1")
    assert report.message.startswith("weave: 1 reinforced")


def test_ending_phrase_makes_the_fact_history(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I like coffee.", "2026-01-05T10:00:00Z")
    vault.weave()
    say(vault, "I don't like coffee anymore.", "2026-02-01T08:00:00Z")
    report = vault.weave()
    (item,) = one(vault, "likes")
    # It was true until that turn: history with no successor, not a retraction.
    assert item.status is Status.HISTORICAL and not item.superseded_by
    assert item.valid_to is not None and item.valid_to.isoformat() == "2026-02-01T08:00:00+00:00"
    assert item.ended_by == "resources/2026/02/01.jsonl#L1"
    assert report.message.splitlines()[0] == "weave: 1 ended (likes: coffee)"


def test_late_arriving_older_fact_goes_straight_to_history(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I live in Lisbon.", "2026-02-01T10:00:00Z")
    vault.weave()
    say(vault, "I live in Berlin.", "2026-01-01T10:00:00Z")  # heard later, true earlier
    vault.weave()
    (current,) = one(vault, "lives_in", Status.CURRENT)
    (past,) = one(vault, "lives_in", Status.HISTORICAL)
    assert (current.value, past.value) == ("Lisbon", "Berlin")
    assert past.valid_to == current.valid_from and past.superseded_by == current.id


def test_nothing_new_means_no_commit(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    head = git(vault, "rev-parse", "HEAD")
    report = vault.weave()
    assert report.commit is None and report.consumed == 0
    assert git(vault, "rev-parse", "HEAD") == head


def test_small_talk_is_recorded_but_learns_nothing(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "Hi! How are you today?", "2026-01-05T10:00:00Z")
    say(vault, "Thanks, that was helpful.", "2026-01-05T10:01:00Z")
    report = vault.weave()
    assert report.changes == ()
    assert report.message.splitlines()[0] == "weave: read 2 lines, no new facts"
    assert vault.items(status="all") == []


def test_lost_cursor_changes_nothing(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    say(vault, "I like tea.", "2026-01-05T10:01:00Z")
    say(vault, "I work at OpenAI.", "2026-02-05T10:00:00Z")
    say(vault, "I like tea.", "2026-02-06T10:00:00Z")
    say(vault, "I don't like tea anymore.", "2026-02-07T10:00:00Z")
    vault.weave()
    snapshot = {i.id: i for i in vault.items(status="all")}
    head = git(vault, "rev-parse", "HEAD")
    shutil.rmtree(vault.paths.state)  # derived state: deleting it must lose nothing
    again = Vault.open(vault.root)
    report = again.weave()  # the cursor is rebuilt from what the weave commits consumed
    assert report.commit is None and report.consumed == 0
    # A cursor reset to the start (e.g. by doctor --fix) rereads everything, changing nothing.
    again.state.save_cursor(Cursor({}, head.strip()))
    report = again.weave()
    assert report.commit is None
    assert report.resolution.skipped == 5
    assert {i.id: i for i in again.items(status="all")} == snapshot
    assert git(vault, "rev-parse", "HEAD") == head


class Abort(Exception):
    pass


def _raise() -> None:
    raise Abort


CONVERSATION = [
    ("I work at Google.", "2026-01-05T10:00:00Z"),
    ("I live in Berlin.", "2026-01-05T10:05:00Z"),
    ("I love jazz.", "2026-01-06T10:00:00Z"),
    ("I work at OpenAI now.", "2026-02-10T09:30:00Z"),
    ("I moved to Lisbon.", "2026-02-11T09:30:00Z"),
    ("I love jazz.", "2026-02-12T09:30:00Z"),
]


def _state(vault: Vault) -> tuple[object, ...]:
    items = sorted(
        (i.id, i.status.value, i.value, i.valid_from, i.valid_to, i.sources, i.superseded_by)
        for i in vault.items(status="all")
    )
    pages = {
        p.name: _without_updated(p.read_text(encoding="utf-8")) for p in vault.paths.categories.glob("*.md")
    }
    return items, pages


def _without_updated(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("updated:"))


@pytest.mark.parametrize("stage", ["after_items", "after_markdown", "before_commit"])
def test_a_cycle_aborted_at_any_stage_is_completed_by_the_next(
    make_vault: Callable[..., Vault], stage: str
) -> None:
    reference = make_vault("reference")
    crashed = make_vault("crashed")
    for vault in (reference, crashed):
        for text, ts in CONVERSATION[:3]:
            say(vault, text, ts)
        vault.weave()
        for text, ts in CONVERSATION[3:]:
            say(vault, text, ts)
    reference.weave()

    with pytest.raises(Abort):
        crashed.weave(hooks=CycleHooks(**{stage: _raise}))
    commits_before = git(crashed, "rev-list", "--count", "HEAD")
    # A fresh process: nothing from the aborted run survives in memory.
    recovered = Vault.open(crashed.root, clock=crashed.clock)
    report = recovered.weave()
    assert report.commit is not None
    assert int(git(crashed, "rev-list", "--count", "HEAD")) == int(commits_before) + 1
    assert _state(recovered) == _state(reference)
    assert git(crashed, "status", "--porcelain") == ""
    assert recovered.weave().commit is None  # and nothing left to do
    ids = [i.id for i in recovered.items(status="all")]
    assert len(ids) == len(set(ids))


def test_crash_after_commit_before_cursor_is_harmless(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    for text, ts in CONVERSATION:
        say(vault, text, ts)
    vault.weave()
    before = _state(vault)
    vault.paths.state.joinpath("cursor.json").unlink()  # as if killed right after the commit
    report = Vault.open(vault.root, clock=vault.clock).weave()
    assert report.commit is None
    assert _state(vault) == before


def test_category_pages_are_obsidian_ready(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    say(vault, "I love jazz.", "2026-01-05T10:01:00Z")
    vault.weave()
    say(vault, "I work at OpenAI.", "2026-02-10T09:30:00Z")
    vault.weave()
    page = (vault.paths.categories / "work.md").read_text(encoding="utf-8")
    _, front, body = page.split("---\n", 2)
    meta = yaml.safe_load(front)
    assert meta["category"] == "work"
    assert (meta["current"], meta["history"], meta["archived"]) == (1, 1, 0)  # flat: Obsidian properties
    assert "work" in meta["tags"]
    assert meta["updated"] == "2026-03-01T12:00:00Z"
    current, history = body.split("## History")
    (new,) = one(vault, "employer", Status.CURRENT)
    (old,) = one(vault, "employer", Status.HISTORICAL)
    source = "[[conversations/2026-02-10#^L1|↗]]"  # the turn it came from
    sentence = "[[entities/maya|Maya]] works at [[entities/openai|OpenAI]]."  # entity pages
    assert f"- {sentence} _(since 2026-02-10)_ {source} ^{new.id}" in current
    assert f"^{old.id}" in history and "2026-01-05 → 2026-02-10" in history
    assert f"[[work#^{new.id}|OpenAI]]" in history
    index = vault.paths.index_md.read_text(encoding="utf-8")
    assert "[[categories/work|Work]]" in index and "[[categories/preferences|Preferences]]" in index


def test_only_touched_categories_are_rerendered(
    make_vault: Callable[..., Vault], clock: object
) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    say(vault, "I love jazz.", "2026-01-05T10:01:00Z")
    vault.weave()
    preferences = (vault.paths.categories / "preferences.md").read_text(encoding="utf-8")
    vault.clock.advance(days=1)  # type: ignore[attr-defined]
    say(vault, "I work at OpenAI.", "2026-02-10T09:30:00Z")
    report = vault.weave()
    assert report.categories == ("work",)
    assert (vault.paths.categories / "preferences.md").read_text(encoding="utf-8") == preferences
    changed = git(vault, "show", "--name-only", "--format=", "HEAD").split()
    assert "categories/preferences.md" not in changed and "categories/work.md" in changed


def test_git_log_shows_items_as_text(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    say(vault, "I work at OpenAI.", "2026-02-10T09:30:00Z")
    vault.weave()
    patch = git(vault, "log", "-p", "items/")
    assert "+value: OpenAI" in patch
    assert "+status: historical" in patch and "-status: current" in patch
    assert ".gitignore" in git(vault, "ls-files") and ".vaultweave" in (vault.root / ".gitignore").read_text()


def test_a_fresh_clone_reads_items_as_text_after_init(
    make_vault: Callable[..., Vault], tmp_path: Path
) -> None:
    import subprocess
    import sys

    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    config = (vault.root / ".git" / "config").read_text(encoding="utf-8")
    assert "vaultweave-textconv" in config and sys.executable not in config
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(vault.root), str(clone)], check=True)
    Vault.init(clone)  # the documented step: `vaultweave init .` in the clone
    patch = subprocess.run(
        ["git", "-C", str(clone), "log", "-p", "items/"], capture_output=True, text=True, check=True
    ).stdout
    assert "+value: Google" in patch


def test_second_writer_is_refused_with_the_holders_pid(make_vault: Callable[..., Vault]) -> None:
    import os

    vault = make_vault()
    other = Vault.open(vault.root)
    other.lock.acquire()
    try:
        with pytest.raises(VaultLockedError, match=f"process {os.getpid()}"):
            vault.weave(lock_timeout=0)
    finally:
        other.lock.release()
    vault.weave()  # free again


def test_weave_waits_for_a_running_writer_by_default(make_vault: Callable[..., Vault]) -> None:
    import threading
    import time

    from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT

    vault = make_vault()
    say(vault, "I like tea.", "2026-01-05T10:00:00Z")
    other = Vault.open(vault.root)
    other.lock.acquire()  # as a cycle of another process would
    threading.Timer(1.0, other.lock.release).start()
    started = time.monotonic()
    report = vault.weave()
    assert 0.9 < time.monotonic() - started < DEFAULT_LOCK_TIMEOUT
    assert report.commit and any("tea" in i.text for i in vault.items())


def test_unusable_category_from_an_extractor_falls_back(make_vault: Callable[..., Vault]) -> None:
    from vaultweave.weaver.extract.base import Candidate

    class Odd:
        name = "odd"

        def extract(self, resources: object) -> list[Candidate]:
            return [
                Candidate("Maya", "note", "x", "x", "../..", "fact", r.id, r.ts)  # type: ignore[attr-defined]
                for r in resources  # type: ignore[attr-defined]
            ]

    vault = make_vault()
    say(vault, "anything", "2026-01-05T10:00:00Z")
    vault.weave(Odd())
    (item,) = vault.items()
    assert item.category == "general"
    assert (vault.paths.categories / "general.md").is_file()
    assert not (vault.root.parent / "..").resolve().joinpath("x.md").exists()


def test_init_is_idempotent_and_adopts_existing_folders(tmp_path: Path) -> None:
    root = tmp_path / "v"
    (root / "resources/2026/01").mkdir(parents=True)
    (root / "resources/2026/01/05.jsonl").write_text('{"text": "I work at Google."}\n')
    first = Vault.init(root)
    again = Vault.init(root)
    assert first.repo.head_sha() == again.repo.head_sha()
    report = again.weave()
    (item,) = again.items()
    assert item.value == "Google" and item.valid_from.isoformat() == "2026-01-05T00:00:00+00:00"
    assert report.commit is not None


def test_two_open_vaults_take_turns_without_doubling_a_fact(make_vault: Callable[..., Vault]) -> None:
    first = make_vault()
    second = Vault.open(first.root, clock=first.clock)
    say(first, "I work at Google.", "2026-01-05T10:00:00Z")
    first.weave()
    say(second, "I work at OpenAI.", "2026-02-05T10:00:00Z")
    second.weave()
    say(first, "I work at Meta.", "2026-02-25T10:00:00Z")
    first.weave()  # must see the commit the other object made
    current = [i.value for i in first.items() if i.attribute == "employer"]
    assert current == ["Meta"]
    timeline = [(i.value, i.status.value) for i in first.history("Maya", "employer")]
    assert timeline == [("Google", "historical"), ("OpenAI", "historical"), ("Meta", "current")]


def test_a_late_value_cuts_into_the_range_it_falls_in(make_vault: Callable[..., Vault]) -> None:
    from datetime import datetime, timezone

    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    say(vault, "I work at OpenAI.", "2026-02-25T10:00:00Z")
    vault.weave()
    say(vault, "I work at Meta.", "2026-02-05T10:00:00Z")  # heard last, true in between
    vault.weave()
    timeline = [(i.value, i.valid_to) for i in vault.history("Maya", "employer")]
    assert [v for v, _ in timeline] == ["Google", "Meta", "OpenAI"]
    google, meta, openai = vault.history("Maya", "employer")
    assert google.valid_to == meta.valid_from and meta.valid_to == openai.valid_from
    assert google.superseded_by == meta.id and meta.superseded_by == openai.id
    mid_february = datetime(2026, 2, 15, tzinfo=timezone.utc)
    assert [i.value for i in vault.history("Maya", "employer") if i.true_at(mid_february)] == ["Meta"]


def test_the_outcome_does_not_depend_on_how_lines_fall_into_cycles(
    make_vault: Callable[..., Vault],
) -> None:
    lines = [
        ("I work at Company6.", "2026-01-01T10:00:00Z"),
        ("I left Company6.", "2026-01-03T10:00:00Z"),
        ("I joined Company7.", "2026-01-02T10:00:00Z"),  # heard last, dated in between
    ]
    together, apart = make_vault("together"), make_vault("apart")
    for text, ts in lines:
        say(together, text, ts)
        say(apart, text, ts)
        apart.weave()
    together.weave()

    def facts(vault: Vault) -> list[tuple[object, ...]]:
        return [
            (i.id, i.value, i.status, i.valid_from, i.valid_to, i.superseded_by, i.ended_by)
            for i in vault.history("Maya", "employer")
        ]

    assert facts(apart) == facts(together)
    first, second = together.history("Maya", "employer")
    assert (first.status, second.status) == (Status.HISTORICAL, Status.CURRENT)
    assert first.valid_to == second.valid_from and first.superseded_by == second.id


def test_footers_link_pages_that_share_someone_not_every_page(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    for n, text in enumerate([
        "I work at Google.", "I love jazz.", "I live in Lisbon.", "I'm vegetarian.",
        "I have a dog named Rex.", "My sister Anna lives in Oslo.",
    ]):
        say(vault, text, f"2026-01-0{n + 1}T10:00:00Z")
    vault.weave()
    pages = {p.stem: p.read_text(encoding="utf-8") for p in (vault.root / "categories").glob("*.md")}
    assert len(pages) >= 5

    def footer(stem: str) -> str:
        return pages[stem].rsplit("\n---\n", 1)[-1]

    # Maya is on every page: that alone links nothing. Anna is on two: those link.
    anna = sorted(stem for stem, text in pages.items() if "Anna" in text.split("\n---\n")[1])
    assert len(anna) == 2
    assert f"[[{anna[1]}]]" in footer(anna[0]) and f"[[{anna[0]}]]" in footer(anna[1])
    alone = [stem for stem in pages if stem not in anna]
    assert all(f"[[{other}]]" not in footer(stem) for stem in alone for other in pages)
