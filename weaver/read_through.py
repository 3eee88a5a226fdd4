"""Read-through: search and context of a vault also cover the shared vaults it names.

``[share] read_through = ["team"]`` in a vault's vault.toml names sibling vaults in the same
home (store/home.py resolves and checks the names). Their hits join the vault's own,
each marked with the shared vault's name (``Hit.vault``), merged by score. Only one level:
a shared vault's own read_through is not followed, so there are no cycles. Nothing is
written to a shared vault: not a line, not a recall count.

Scores are comparable across vaults because ranking is rank-based (reciprocal rank
fusion plus importance, weaver/recall/search.py), not tied to a vault's size.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaultweave.store.errors import ConfigError, NotAVaultError, SearchQueryError, UnsafeNameError
from vaultweave.store.home import sibling_vault

if TYPE_CHECKING:
    from vaultweave.weaver.recall.context import Context
    from vaultweave.weaver.recall.hits import Hit
    from vaultweave.weaver.workspace import Workspace

Opener = Callable[[Path], "Workspace"]


class SharedReaders:
    """Open shared vaults for reading, one object per folder, each used by one thread at a time.

    A home server hands every vault it serves the same SharedReaders, so a team vault
    read through by many members is opened once. A reader's lock is only ever taken after
    its owner's, never the other way, so two vaults reading through each other cannot
    deadlock.
    """

    def __init__(self, opener: Opener) -> None:
        self._opener = opener
        self._open: dict[Path, tuple[Workspace, threading.Lock]] = {}
        self._guard = threading.Lock()

    @contextmanager
    def reading(self, root: Path) -> Iterator[Workspace]:
        with self._guard:
            entry = self._open.get(root)
            if entry is None:
                entry = (self._opener(root), threading.Lock())
                self._open[root] = entry
        vault, lock = entry
        with lock:
            vault.sync_with_head()  # its writer may have woven since the last read
            yield vault


def shared_roots(vault: Workspace) -> list[tuple[str, Path]]:
    """(name, folder) of each vault ``vault`` reads through; ConfigError naming a bad one."""
    found: list[tuple[str, Path]] = []
    for name in dict.fromkeys(vault.config.share.read_through):
        try:
            root = sibling_vault(vault.paths.root, name)
        except (UnsafeNameError, NotAVaultError) as exc:
            raise ConfigError(vault.paths.config, f"[share] read_through {name!r}: {exc}") from exc
        if root.resolve() != vault.paths.root.resolve():
            found.append((name, root))
    return found


def shared_hits(vault: Workspace, readers: SharedReaders, query: str, k: int, **filters: Any) -> list[Hit]:
    """The hits of every shared vault for ``query``, each marked with its vault's name.

    A filter a shared vault cannot apply (a category it does not have) leaves it out.
    """
    from vaultweave.weaver.recall.api import search

    found: list[Hit] = []
    for name, root in shared_roots(vault):
        with readers.reading(root) as shared:
            try:
                hits = search(shared, query, k, **filters)
            except SearchQueryError:
                continue
        found += [replace(h, vault=name) for h in hits]
    return found


def search_through(
    vault: Workspace, readers: SharedReaders, query: str, k: int, *, read_through: bool,
    expand: bool | None, **filters: Any,
) -> list[Hit]:
    """The vault's own hits, merged by score with its shared vaults' when it names any."""
    from vaultweave.weaver.recall.api import search
    from vaultweave.weaver.recall.merge import merge_hits

    hits = search(vault, query, k, **filters, expand=expand)
    if read_through and vault.config.share.read_through:
        hits = merge_hits(hits, shared_hits(vault, readers, query, k, **filters), k)
    return hits


def context_through(
    vault: Workspace, readers: SharedReaders, query: str, budget_tokens: int, *,
    session: str | None, read_through: bool, expand: bool | None,
) -> Context:
    """The context block, its hits including the shared vaults' when it names any."""
    from vaultweave.weaver.recall.api import context, context_pool

    shared: list[Hit] = []
    if read_through and vault.config.share.read_through:
        shared = shared_hits(vault, readers, query, context_pool(vault))
    return context(vault, query, budget_tokens, session=session, shared=shared, expand=expand)
