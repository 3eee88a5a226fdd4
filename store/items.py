"""Tier 2 on disk: one protobuf file per item under items/<category>/<id>.pb."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from vaultweave.store.atomic import atomic_write_bytes
from vaultweave.store.errors import CorruptItemError, VaultWriteError
from vaultweave.store.item import Item, decode, encode
from vaultweave.store.paths import VaultPaths


@dataclass(frozen=True)
class ItemReadProblem:
    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


class LoadedItems(dict[str, Item]):
    """Items by id with a revision that every assignment bumps, so caches built from the
    items (search filter arrays) notice a status change that keeps the count the same."""

    revision: int = 0

    def __setitem__(self, key: str, value: Item) -> None:
        super().__setitem__(key, value)
        self.revision += 1


class ItemFiles:
    """Reads and writes item files. Holds no state beyond the vault's paths."""

    def __init__(self, paths: VaultPaths) -> None:
        self.paths = paths

    def path_of(self, item: Item) -> Path:
        return self.paths.item_file(item.category, item.id)

    def iter_files(self) -> Iterator[Path]:
        if not self.paths.items.is_dir():
            return
        for folder in sorted(p for p in self.paths.items.iterdir() if p.is_dir()):
            yield from sorted(folder.glob("*.pb"))

    def read(self, path: Path) -> Item:
        try:
            return decode(path.read_bytes())
        except (OSError, ValueError) as exc:
            raise CorruptItemError(path, str(exc)) from exc

    def load_all(self) -> tuple[dict[str, Item], list[ItemReadProblem]]:
        """Every readable item by id, plus what could not be read (never dropped silently)."""
        items = LoadedItems()
        problems: list[ItemReadProblem] = []
        for path in self.iter_files():
            try:
                item = self.read(path)
            except CorruptItemError as exc:
                problems.append(ItemReadProblem(self.paths.relative(path), exc.reason))
                continue
            if item.id in items:
                problems.append(ItemReadProblem(self.paths.relative(path), f"duplicate id {item.id}"))
                continue
            items[item.id] = item
        return items, problems

    def write(self, item: Item, previous: Item | None = None) -> Path:
        """Write one item atomically; if its category changed, remove the old file after."""
        target = self.path_of(item)
        atomic_write_bytes(target, encode(item))
        if previous is not None and previous.category != item.category:
            old = self.path_of(previous)
            try:
                old.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise VaultWriteError(old, exc.strerror or str(exc)) from exc
            with contextlib.suppress(OSError):
                os.rmdir(old.parent)  # only succeeds when the folder is empty
        return target

    def write_many(self, items: Iterable[tuple[Item, Item | None]]) -> list[Path]:
        return [self.write(item, previous) for item, previous in items]
