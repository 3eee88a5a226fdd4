"""The write sequence every writer shares: recover -> write -> render -> commit.

The cycle, forget and upkeep run under the vault lock their caller holds; each starts by
``recover`` (undo what an interrupted writer left uncommitted, keeping hand edits), writes
its items, re-renders the touched pages with ``render_categories`` and commits exactly
what it wrote (``commit_outside_cycle`` for writers other than the cycle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Protocol

from vaultweave.store.item import Item
from vaultweave.weaver.extract.base import Candidate
from vaultweave.weaver.page_files import page_digest
from vaultweave.weaver.pages import MARKDOWN_PATHS, hand_edited, write_pages
from vaultweave.weaver.resolve import Resolution
from vaultweave.weaver.workspace import Workspace


class CycleAdvisor(Protocol):
    """Optional help in a cycle (the LLM path): resolution, summaries, commit trailers."""

    def resolve(
        self, candidates: Sequence[Candidate], existing: Mapping[str, Item], observed_at: datetime
    ) -> Resolution: ...

    def summary(self, category: str, items: Sequence[Item]) -> str | None: ...

    def trailers(self) -> list[str]: ...


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
    rendered = vault.state.load_rendered()
    ours = []
    root = vault.paths.root
    for rel in repo.dirty_paths(*MARKDOWN_PATHS):
        digest = page_digest(root, rel)
        if digest is not None and rendered.get(rel) == digest:
            ours.append(rel)
    if ours:
        repo.restore(*ours)
        for rel in ours:  # back as committed, which the weaver wrote or took in
            digest = page_digest(root, rel)
            if digest is not None:
                rendered[rel] = digest
        vault.state.save_rendered(rendered)


def _remove_dead_temp_files(vault: Workspace) -> None:
    """Temp files of atomic writes cut short by a kill (``.<name>.<random>.tmp``).

    Only a weaver writes them and the caller holds the vault lock, so none is in use.
    """
    root = vault.paths.root
    for folder in (root, vault.paths.categories, vault.paths.state):
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
    the pages it re-rendered and index.md. A person's pending page edits stay uncommitted,
    so the next cycle still sees and takes them in."""
    paths = [vault.paths.relative(vault.files.path_of(item)) for item in items]
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
