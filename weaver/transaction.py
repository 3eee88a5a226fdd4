"""The write sequence every writer shares: lock -> recover -> write -> render -> index -> commit.

``write_transaction`` holds the vault's single-writer lock for one write (waiting at most
``lock_timeout`` seconds), catches up with what other processes committed, and marks the
result as seen when it ends. Inside it each writer starts with ``recover`` (undo what an
interrupted writer left uncommitted, keeping hand edits). The weave cycle (weaver/cycle.py)
then runs its own steps, which also move the read cursor; forget and consolidate hand their
item changes to ``commit_item_changes`` (write items -> re-render the touched pages ->
update the projections -> commit exactly what was written); reindex rebuilds the
projections in a transaction and commits nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from vaultweave.store.item import Item
from vaultweave.store.resources import LineProblem
from vaultweave.weaver.digests import FOLDER as DIGEST_FOLDER
from vaultweave.weaver.entity_pages import FOLDER as ENTITY_FOLDER
from vaultweave.weaver.entity_pages import write_entity_pages
from vaultweave.weaver.extract.base import Candidate
from vaultweave.weaver.page_files import page_digest
from vaultweave.weaver.pages import MARKDOWN_PATHS, REMOVED, hand_edited, write_pages
from vaultweave.weaver.resolve import Resolution
from vaultweave.weaver.turn_links import FOLDER as CONVERSATION_FOLDER
from vaultweave.weaver.workspace import Workspace

# How long a write waits for a running cycle (or another writer) before it gives up with
# VaultLockedError: the Python API's and MCP's default. Cycles take seconds; a writer still
# holding the lock after this is stuck or very long (a first reindex of a large vault).
DEFAULT_LOCK_TIMEOUT = 30.0

ItemChange = tuple[Item, Item | None]  # (the item as written, the item it replaces)


@contextmanager
def write_transaction(vault: Workspace, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the writer lock for one write; VaultLockedError after ``lock_timeout`` seconds.

    A caller that already holds the lock (a cycle that runs upkeep, ``doctor --fix``)
    nests: the lock is released only by the transaction that took it.
    """
    held_before = vault.lock.held
    vault.lock.acquire(timeout=lock_timeout)  # first: a second writer waits or stops here
    try:
        vault.sync_with_head()  # another process may have written since we read
        yield
    finally:
        vault.mark_seen()
        if not held_before:
            vault.lock.release()


@dataclass(frozen=True)
class Committed:
    commit: str | None
    categories: list[str]  # pages re-rendered
    hand_edited: list[str]  # pages left as a person wrote them


def commit_item_changes(
    vault: Workspace,
    changes: Sequence[ItemChange],
    categories: Iterable[str],
    message: str,
    now: datetime,
    write: Callable[[Sequence[ItemChange]], object] | None = None,
) -> Committed:
    """Write -> render -> index -> commit for a writer outside the cycle (forget, upkeep),
    inside its transaction and after its ``recover``. ``write`` stores the items (default:
    one atomic file each)."""
    (write or vault.files.write_many)(changes)
    written = [item for item, _ in changes]
    vault.remember_items(written)
    rendered, edited = render_categories(vault, categories, now)
    for projection in vault.projections:
        projection.apply(written, [])
    # A fact that changed category left its old file removed: commit that too.
    moved = [b for item, b in changes if b is not None and b.category != item.category]
    commit = commit_outside_cycle(vault, message, [*written, *moved], rendered, edited)
    return Committed(commit, rendered, edited)


class CycleAdvisor(Protocol):
    """Optional help in a cycle (the LLM path): resolution, summaries, commit trailers."""

    def resolve(
        self, candidates: Sequence[Candidate], existing: Mapping[str, Item], observed_at: datetime
    ) -> Resolution: ...

    def summary(self, category: str, items: Sequence[Item]) -> str | None: ...

    def digest_summary(self, path: str, title: str, turns: Sequence[str]) -> str | None: ...

    def trailers(self) -> list[str]: ...

    def refusals(self) -> tuple[LineProblem, ...]: ...


def recover(vault: Workspace, clean: bool = False) -> None:
    """Undo what an interrupted cycle left uncommitted, keeping every hand edit.

    ``clean``: the previous cycle of this process committed all it wrote, so there is
    nothing to undo and the scans (costly in a large vault) are skipped.
    """
    repo = vault.repo
    repo.clear_stale_locks()  # the caller holds the vault lock: see VaultRepo.clear_stale_locks
    if clean:
        return
    # Writers outside the cycle (forget, upkeep) start here and may stop half-way: the
    # next cycle must not take the vault for clean.
    vault.known_clean = False
    _remove_dead_temp_files(vault)
    if repo.dirty_paths("items"):
        repo.restore("items")
        vault.forget_loaded_items()
    for outputs in (CONVERSATION_FOLDER, DIGEST_FOLDER):
        if repo.dirty_paths(outputs):
            repo.restore(outputs)  # outputs only: re-rendered when touched, never read back
    rendered = vault.state.load_rendered()
    ours = []
    root = vault.paths.root
    for rel in repo.dirty_paths(*MARKDOWN_PATHS):
        digest = page_digest(root, rel)
        if digest is not None and rendered.get(rel) == digest:
            ours.append(rel)
        elif digest is None and rendered.get(rel) == REMOVED:
            ours.append(rel)  # a page the weaver removed, not yet committed
    if ours:
        repo.restore(*ours)
        for rel in ours:  # back as committed, which the weaver wrote or took in
            digest = page_digest(root, rel)
            if digest is not None:
                rendered[rel] = digest
        vault.state.save_rendered(rendered)


def _remove_dead_temp_files(vault: Workspace) -> None:
    """Temp files of atomic writes cut short by a kill (``.<name>.<random>.tmp``).

    Only a weaver writes them and the caller holds the vault lock, so none is in use. A
    linked folder is not looked into: what it points at is not the vault's.
    """
    root = vault.paths.root
    for folder in (root, vault.paths.categories, root / ENTITY_FOLDER, vault.paths.state):
        if folder.is_symlink():
            continue
        for temp in folder.glob(".*.tmp"):
            temp.unlink(missing_ok=True)


def commit_outside_cycle(
    vault: Workspace,
    message: str,
    items: Iterable[Item],
    categories: Iterable[str],
    hand_edited: Iterable[str],
) -> str | None:
    """Commit exactly what a writer outside the cycle (forget, upkeep) wrote: its items,
    the pages it re-rendered, the entity pages of its items, and index.md. A person's
    pending page edits stay uncommitted, so the next cycle still sees and takes them in."""
    items = list(items)
    hand_edited = list(hand_edited)
    paths = [vault.paths.relative(vault.files.path_of(item)) for item in items]
    paths += write_entity_pages(vault, items, blocked=hand_edited)
    paths += [vault.paths.relative(vault.paths.category_file(c)) for c in categories]
    index = vault.paths.relative(vault.paths.index_md)
    if index not in set(hand_edited):
        paths.append(index)
    return vault.repo.commit_exact(message, paths)


def render_categories(
    vault: Workspace, categories: Iterable[str], now: datetime, advisor: CycleAdvisor | None = None
) -> tuple[list[str], list[str]]:
    """Re-render these category pages and index.md from the loaded items, merging into
    each page so free text stays. Pages a person has edited since the last render are
    left alone (a cycle takes them in) and returned second.
    """
    edited = hand_edited(vault)
    summary = advisor.summary if advisor is not None else _cached_summaries(vault)
    pages = write_pages(vault, categories, now, None, edited, summary)
    written = [p[11:-3] for p in pages.written if p.startswith("categories/")]
    return written, [*edited, *pages.skipped]


def _cached_summaries(vault: Workspace) -> Callable[[str, Sequence[Item]], str | None] | None:
    llm = vault.config.llm
    if "summarize" not in llm.active_stages(vault.config.weaver.extractor) or not llm.model:
        return None
    from vaultweave.weaver.llm.summarize import cached_summaries

    return cached_summaries(vault.paths.state, llm.prompt_version, llm.model)
