"""The lower floor internal modules take: a vault's state, without the public facade.

``Vault`` (weaver/vault.py) is the one public entry point and satisfies this protocol;
the cycle, pages, indexes, upkeep, recall and the LLM session take a ``Workspace`` and
never import the facade, so the house has no import circles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Protocol

from vaultweave.schemas.config import VaultConfig
from vaultweave.store.gitrepo import VaultRepo
from vaultweave.store.item import Item
from vaultweave.store.items import ItemFiles, ItemReadProblem
from vaultweave.store.line_checks import LineLimits
from vaultweave.store.lock import VaultLock
from vaultweave.store.paths import VaultPaths
from vaultweave.store.resources import Resource
from vaultweave.store.state import StateDir


class Projection(Protocol):
    """A derived index kept in step with the tiers (search indexes implement this)."""

    def apply(self, changed: Sequence[Item], resources: Sequence[Resource]) -> None: ...


class Workspace(Protocol):
    """Paths, settings, git, item files, state, the lock, projections and the item cache."""

    paths: VaultPaths
    config: VaultConfig
    clock: Callable[[], datetime]
    repo: VaultRepo
    files: ItemFiles
    state: StateDir
    lock: VaultLock
    projections: list[Projection]
    known_clean: bool  # the last cycle committed all it wrote: the next may skip the scans

    @property
    def item_problems(self) -> list[ItemReadProblem]: ...

    def loaded_items(self) -> dict[str, Item]: ...

    def remember_items(self, items: Iterable[Item]) -> None: ...

    def forget_loaded_items(self) -> None: ...

    def sync_with_head(self) -> None: ...

    def mark_seen(self) -> None: ...

    def item(self, item_id: str) -> Item: ...

    def categories(self) -> list[str]: ...


def line_limits(vault: Workspace) -> LineLimits:
    """The bounds a read of resource lines applies now, from ``[resources]`` in vault.toml."""
    return LineLimits.from_settings(vault.config.resources, vault.clock())
