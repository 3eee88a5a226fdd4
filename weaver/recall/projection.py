"""The recall projection: keeps the search index in step with the tiers.

Registered on every Vault (``vault.projections``); each cycle hands it the items it changed
and the turns it read, and only units whose key text changed are re-embedded. Opened
lazily: a vault that only weaves and never searches loads no model until a cycle has
something new to embed. On first use the index is checked against the tiers and any drift
is repaired before a search sees it; ``rebuild`` makes it from scratch.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from vaultweave.store.embeddings import BACKENDS
from vaultweave.store.errors import ConfigError, IndexModelMismatchError
from vaultweave.store.index.unit import Unit
from vaultweave.store.item import Item
from vaultweave.store.resources import FilePosition, Resource, read_resource, scan
from vaultweave.weaver.digests.pages import digest_pages, digest_units, is_digest_key
from vaultweave.weaver.recall.units import (
    facts_by_source,
    is_item_key,
    item_unit,
    previous_texts,
    units_for,
)
from vaultweave.weaver.workspace import line_limits

if TYPE_CHECKING:
    from vaultweave.store.embeddings.base import Embedder
    from vaultweave.store.index.recall_index import RecallIndex, UpdateReport
    from vaultweave.weaver.workspace import Workspace

INDEX_FOLDER = "recall"
DIGEST_FILES_META = "digest_files"  # the digest pages' signature when last compared


def choose_embedder(vault: Workspace, explicit: str | None = None) -> str:
    """explicit argument > the settings' [recall] embedder (VAULTWEAVE_EMBEDDER > vault.toml > "onnx")."""
    name = explicit or vault.config.recall.embedder
    if name not in BACKENDS:
        raise ConfigError(vault.paths.config, f"embedder {name!r}: choose one of {', '.join(BACKENDS)}")
    return name


@dataclass(frozen=True)
class Drift:
    """How the index differs from the tiers (keys of units)."""

    missing: tuple[str, ...] = ()  # in the tiers, not in the index
    stale: tuple[str, ...] = ()  # in both, but the index holds an older key text
    orphan: tuple[str, ...] = ()  # in the index, gone from the tiers

    @property
    def clean(self) -> bool:
        return not (self.missing or self.stale or self.orphan)

    def summary(self) -> str:
        return f"{len(self.missing)} missing, {len(self.stale)} stale, {len(self.orphan)} orphan"


class RecallProjection:
    def __init__(self, vault: Workspace, embedder: str | None = None) -> None:
        self.vault = vault
        self._backend = embedder
        self._index: RecallIndex | None = None
        self.repaired: UpdateReport | None = None

    @property
    def _fact_keys(self) -> bool:
        return self.vault.config.recall.fact_keys

    @property
    def folder(self) -> os.PathLike[str]:
        return self.vault.paths.state / INDEX_FOLDER

    def _embedder(self) -> Embedder:
        from vaultweave.store.embeddings.base import load_embedder

        return load_embedder(choose_embedder(self.vault, self._backend))

    def _open(self) -> RecallIndex:
        from vaultweave.store.index.recall_index import RecallIndex

        return RecallIndex(
            self.vault.paths.state / INDEX_FOLDER, self._embedder, self.vault.config.recall.hnsw_threshold
        )

    @property
    def index(self) -> RecallIndex:
        """The index, opened and repaired on first use; raises IndexModelMismatchError."""
        if self._index is None:
            self._index = self._open()
            self.repaired = self._repair(self._index)
        return self._index

    def close(self) -> None:
        if self._index is not None:
            self._index.close()
            self._index = None

    # -- the cycle ---------------------------------------------------------------------------

    def apply(self, changed: Sequence[Item], resources: Sequence[Resource]) -> None:
        if not changed and not resources:
            return  # nothing new: do not even open the index
        index = self.index
        facts = facts_by_source(self._items_from(resources))
        previous = previous_texts(resources, self._lookup)
        units = units_for(changed, resources, facts, previous, fact_keys=self._fact_keys)
        index.update(units, (), {"lines": json.dumps(self._lines(index, resources))})

    def _lookup(self, rid: str) -> Resource | None:
        found = read_resource(self.vault.paths, rid)
        return found if isinstance(found, Resource) else None

    def _items_from(self, resources: Sequence[Resource]) -> list[Item]:
        if not resources or not self._fact_keys:
            return []  # fact-expanded keys are off: no walk over every item
        wanted = {r.id for r in resources}
        return [i for i in self.vault.loaded_items().values() if wanted.intersection(i.sources)]

    @staticmethod
    def _lines(index: RecallIndex, resources: Sequence[Resource]) -> dict[str, int]:
        lines: dict[str, int] = json.loads(index.catalog.meta("lines") or "{}")
        for resource in resources:
            lines[resource.path] = max(lines.get(resource.path, 0), resource.line)
        return lines

    # -- consistency -------------------------------------------------------------------------

    def woven_turns(self) -> list[Resource]:
        """Every turn the weaver has consumed (up to the cursor), in file order."""
        cursor = self.vault.state.load_cursor().positions
        everything = scan(self.vault.paths, {}, 10**12, line_limits(self.vault)).resources
        return [r for r in everything if r.line <= cursor.get(r.path, FilePosition()).line]

    def expected_units(self) -> list[Unit]:
        items = list(self.vault.loaded_items().values())
        turns = self.woven_turns()
        previous = previous_texts(turns, self._lookup)
        units = units_for(items, turns, facts_by_source(items), previous, fact_keys=self._fact_keys)
        return units + digest_units(self.vault.paths.root)

    def drift(self, index: RecallIndex | None = None) -> Drift:
        """Full comparison of the index with the tiers (what `vaultweave doctor` reports)."""
        chosen = index or self._open()
        try:
            have = chosen.catalog.hashes()
        finally:
            if index is None:
                chosen.close()
        want = {u.key: u.hash for u in self.expected_units()}
        return Drift(
            missing=tuple(sorted(k for k in want if k not in have)),
            stale=tuple(sorted(k for k in want if k in have and have[k] != want[k])),
            orphan=tuple(sorted(k for k in have if k not in want)),
        )

    def _repair(self, index: RecallIndex) -> UpdateReport | None:
        """Cheap check on open: every item and every woven line is indexed, at its current text."""
        items = self.vault.loaded_items()
        have = index.catalog.hashes()
        wrong_items = [i for i in items.values() if have.get(item_unit(i).key) != item_unit(i).hash]
        orphans = [k for k in have if is_item_key(k) and k[5:] not in items]
        lines: dict[str, int] = json.loads(index.catalog.meta("lines") or "{}")
        cursor = self.vault.state.load_cursor().positions
        lagging = {p for p, pos in cursor.items() if pos.line > lines.get(p, 0)}
        turns: list[Resource] = []
        if lagging:
            up_to_date = {p: pos for p, pos in cursor.items() if p not in lagging}
            for resource in scan(self.vault.paths, up_to_date, 10**12, line_limits(self.vault)).resources:
                if (
                    resource.path in lagging
                    and lines.get(resource.path, 0) < resource.line <= cursor[resource.path].line
                ):
                    turns.append(resource)
        # Digest pages are parsed (YAML) only when their files changed since the last look:
        # a stat of each, not a parse of each, on every open.
        files = digest_files_signature(self.vault.paths.root)
        wrong_digests: list[Unit] = []
        if files != index.catalog.meta(DIGEST_FILES_META):
            digests = digest_units(self.vault.paths.root)
            wrong_digests = [u for u in digests if have.get(u.key) != u.hash]
            pages = {u.key for u in digests}
            orphans += [k for k in have if is_digest_key(k) and k not in pages]
        if not (wrong_items or orphans or turns or wrong_digests) and not lagging:
            if files != index.catalog.meta(DIGEST_FILES_META):
                index.catalog.note(DIGEST_FILES_META, files)
            return None
        facts = facts_by_source(self._items_from(turns))
        before = previous_texts(turns, self._lookup)
        lines.update({p: cursor[p].line for p in lagging})
        return index.update(
            units_for(wrong_items, turns, facts, before, fact_keys=self._fact_keys) + wrong_digests,
            orphans,
            {"lines": json.dumps(lines), DIGEST_FILES_META: files},
        )

    def rebuild(self) -> UpdateReport:
        """Make the index again from the tiers (keeps cached vectors of unchanged units)."""
        from vaultweave.store.index.recall_index import RecallIndex

        try:
            index = self._index or self._open()
        except IndexModelMismatchError:
            RecallIndex.destroy(self.vault.paths.state / INDEX_FOLDER)
            index = self._open()
        self._index = index
        cursor = self.vault.state.load_cursor().positions
        lines = {p: pos.line for p, pos in cursor.items()}
        report = index.replace_all(self.expected_units(), {"lines": json.dumps(lines)})
        self.repaired = None
        return report


def digest_files_signature(root: Path) -> str:
    """A digest of every digest page's name, size and modification time: it changes when
    a page is written, added or removed (the weaver, git, a person)."""
    hasher = hashlib.sha256()
    for rel in digest_pages(root):
        try:
            info = (root / rel).stat()
        except OSError:
            continue
        hasher.update(f"{rel}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return hasher.hexdigest()


def register(vault: Workspace) -> None:
    """Add the recall projection to ``vault`` when the recall extra is installed."""
    if recall_projection(vault) is None and all(
        importlib.util.find_spec(name) is not None for name in ("numpy", "faiss", "bm25s")
    ):
        vault.projections.append(RecallProjection(vault))


def recall_projection(vault: Workspace) -> RecallProjection | None:
    """The projection registered on ``vault``, if the recall extra is installed."""
    for projection in vault.projections:
        if isinstance(projection, RecallProjection):
            return projection
    return None
