"""Topic digests: turns grouped by topic across sessions with the embedder's vectors."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from vaultweave.store.resources import read_resource
from vaultweave.weaver.digests.pages import unit_from_page
from vaultweave.weaver.digests.plan import Turn
from vaultweave.weaver.digests.topics import Topics, assign, from_bytes, to_bytes
from vaultweave.weaver.vault import Vault

from tests.test_digests import digest_texts, front, git

# Two things talked about in three sessions each, interleaved, and a turn about neither.
BREAD = [
    ("s1", "2025-11-03T09:00:00Z", "I baked a sourdough loaf with my starter this morning."),
    ("s2", "2025-11-10T09:00:00Z", "My sourdough starter was bubbly, so I baked another sourdough loaf."),
    ("s3", "2025-11-17T09:00:00Z", "The new sourdough loaf came out of the oven with a crisp crust."),
]
RUNNING = [
    ("s1", "2025-11-03T09:05:00Z", "Marathon training today: I ran twelve miles along the river."),
    ("s2", "2025-11-10T09:05:00Z", "My marathon training plan has me running twelve miles on Sundays."),
    ("s3", "2025-11-17T09:05:00Z", "I ran fourteen miles today, the longest run of my marathon training."),
]
OTHER = [("s2", "2025-11-10T09:10:00Z", "The tax office sent a letter about last year's return.")]
LINES = sorted(BREAD + RUNNING + OTHER, key=lambda line: line[1])


def topic_pages(vault: Vault) -> dict[str, str]:
    return {p: t for p, t in digest_texts(vault).items() if p.startswith("digests/topics/")}


def ids_of(vault: Vault, lines: list[tuple[str, str, str]]) -> set[str]:
    """The resource ids of these lines, read from the day files."""
    texts = {text for _, _, text in lines}
    found = set()
    for day in sorted((vault.root / "resources").rglob("*.jsonl")):
        for n, line in enumerate(day.read_text(encoding="utf-8").splitlines(), start=1):
            if json.loads(line)["text"] in texts:
                found.add(f"{day.relative_to(vault.root).as_posix()}#L{n}")
    return found


def weave_lines(vault: Vault, lines: list[tuple[str, str, str]], *, one_by_one: bool = False) -> None:
    for session, ts, text in lines:
        vault.ingest(text, ts=ts, speaker="Maya", session=session)
        if one_by_one:
            vault.weave()
    vault.weave()


@pytest.fixture
def topic_vault(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    weave_lines(vault, LINES)
    return vault


def sources_of(text: str) -> set[str]:
    """The resource ids a page's Sources section covers (ranges expanded)."""
    found = set()
    for line in text.split("## Sources\n")[1].splitlines():
        path, _, lines = line.strip("- `").partition("#L")
        first, _, last = lines.partition("-L")
        found |= {f"{path}#L{n}" for n in range(int(first), int(last or first) + 1)}
    return found


def test_one_topic_in_several_sessions_shares_a_page_and_others_stay_apart(topic_vault: Vault) -> None:
    pages = topic_pages(topic_vault)
    assert len(pages) == 2
    covered = {rel: sources_of(text) for rel, text in pages.items()}
    bread, running = ids_of(topic_vault, BREAD), ids_of(topic_vault, RUNNING)
    assert {frozenset(ids) for ids in covered.values()} == {frozenset(bread), frozenset(running)}
    assert not any(ids_of(topic_vault, OTHER) & ids for ids in covered.values())
    bread_page = next(rel for rel, ids in covered.items() if ids == bread)
    assert "sourdough" in bread_page and bread_page.endswith(".md")
    meta = front(pages[bread_page])
    assert meta["type"] == "digest" and meta["digest"] == "topic" and meta["sessions"] == ["s1", "s2", "s3"]
    assert meta["turns"] == 3 and meta["summary_by"] == "extractive"
    assert set(meta["quoted"]) <= bread and len(meta["quoted"]) >= 2  # type: ignore[arg-type]
    assert set(pages) <= set(git(topic_vault, "show", "--name-only", "--format=", "HEAD").split())


def test_a_new_turn_remakes_only_its_own_topic_page(topic_vault: Vault) -> None:
    before = topic_pages(topic_vault)
    topic_vault.ingest("Another sourdough loaf today: my starter makes great bread.",
                       ts="2025-11-24T09:00:00Z", speaker="Maya", session="s4")
    topic_vault.weave()
    after = topic_pages(topic_vault)
    changed = {p for p in after if after[p] != before.get(p)}
    assert len(changed) == 1 and "sourdough" in next(iter(changed))
    committed = git(topic_vault, "show", "--name-only", "--format=", "HEAD").split()
    assert {p for p in committed if p.startswith("digests/")} == {
        *changed, "digests/sessions/s4.md", "digests/weeks/2025-w48.md"
    }
    assert front(after[next(iter(changed))])["turns"] == 4


def test_the_same_lines_make_the_same_pages_however_they_were_woven(
    topic_vault: Vault, make_vault: Callable[..., Vault]
) -> None:
    stepwise = make_vault("stepwise")
    weave_lines(stepwise, LINES, one_by_one=True)
    assert topic_pages(stepwise) == topic_pages(topic_vault)
    # The stored clustering is derived: without it the next weave clusters every turn
    # again, and a back-dated line does too; the pages come out as for a fresh vault.
    (stepwise.paths.state / "topics.npz").unlink()
    late = ("s2", "2025-11-10T09:06:00Z", "After the marathon training run I stretched for twenty minutes.")
    weave_lines(stepwise, [late])
    fresh = make_vault("fresh")
    weave_lines(fresh, [*LINES, late])  # the same lines in the same files
    assert topic_pages(stepwise) == topic_pages(fresh)
    running = next(text for rel, text in topic_pages(stepwise).items() if "marathon" in rel)
    assert ids_of(stepwise, [late]) <= sources_of(running)


def test_search_finds_a_topic_digest_with_the_turns_it_quotes(topic_vault: Vault) -> None:
    hits = topic_vault.search("baking sourdough bread", kinds=["digest"], k=10)
    topic = next(h for h in hits if h.id.startswith("digests/topics/"))
    page = (topic_vault.root / topic.id).read_text(encoding="utf-8")
    assert list(topic.sources) == front(page)["quoted"]
    assert set(topic.sources) <= ids_of(topic_vault, BREAD)
    sessions = {read_resource(topic_vault.paths, s).session for s in topic.sources}  # type: ignore[union-attr]
    assert len(sessions) >= 2
    assert topic_vault.check_projections()[0].ok


def test_a_symlinked_topics_folder_is_never_written_through(
    make_vault: Callable[..., Vault], tmp_path: Path
) -> None:
    vault = make_vault()
    outside = tmp_path / "outside"
    outside.mkdir()
    (vault.root / "digests").mkdir()
    os.symlink(outside, vault.root / "digests" / "topics")
    git(vault, "add", "digests")  # committed: recovery would drop an untracked link itself
    git(vault, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "a link")
    weave_lines(vault, LINES)
    assert (vault.root / "digests/topics").is_symlink() and list(outside.iterdir()) == []
    assert (vault.root / "digests/sessions/s1.md").is_file()  # the other digests are made
    assert not [h for h in vault.search("sourdough", kinds=["digest"], k=20) if "topics" in h.id]


def test_control_characters_in_turns_do_not_reach_the_topic_page(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    hostile = [(s, ts, text.replace("sourdough", "sour\x1b[31mdough\x07").replace(" loaf", "\u2028loaf"))
               for s, ts, text in BREAD]
    weave_lines(vault, sorted(hostile + RUNNING, key=lambda line: line[1]))
    pages = topic_pages(vault)
    assert pages
    for rel, text in pages.items():
        assert not any(ord(c) < 32 and c != "\n" for c in text) and "\u2028" not in text
        assert "\x1b" not in rel and "/" not in rel.removeprefix("digests/topics/")
        assert unit_from_page(rel, text) is not None


def test_resuming_from_the_stored_state_equals_clustering_from_the_first_turn() -> None:
    rng = np.random.default_rng(7)
    centres = rng.normal(size=(3, 16))
    turns, rows = [], []
    for n in range(60):
        topic = n % 3
        text = f"words about thing {topic} again {n}"
        turns.append(Turn(f"r#L{n}", 1000.0 + n, "Maya", f"s{n // 10}", text))
        rows.append(centres[topic] + 0.3 * rng.normal(size=16))
    vectors = np.array(rows, dtype=np.float32)
    whole = assign(Topics(0.55, "m"), turns, vectors).topics
    state = Topics(0.55, "m")
    for start in range(0, 60, 7):  # in batches, stored and read back between them
        state = assign(state, turns[start : start + 7], vectors[start : start + 7]).topics
        stored = from_bytes(to_bytes(state), 0.55, "m")
        assert stored is not None
        state = stored
    assert state.members == whole.members and state.names == whole.names
    assert np.array_equal(state.sums, whole.sums) and state.last == whole.last
    assert len([n for n in whole.names if n]) == 3 and all(len(m) == 20 for m in whole.members)
    assert from_bytes(to_bytes(state), 0.6, "m") is None and from_bytes(b"junk", 0.55, "m") is None
    assert not state.follows(turns[-1:]) and state.follows([Turn("r#L99", 2000.0, "", "", "")])


def test_erasing_a_line_remakes_the_topic_pages_without_it(topic_vault: Vault) -> None:
    secret = BREAD[1][2]
    topic_vault.erase(secret, reason="privacy")
    pages = topic_pages(topic_vault)
    assert pages and not any(secret in text for text in pages.values())
    assert git(topic_vault, "status", "--porcelain") == ""
    assert topic_vault.check_projections()[0].ok
