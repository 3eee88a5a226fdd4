"""In-memory indexes over the loaded items, so a cycle's cost follows what it touches.

A long-running weaver keeps every item in memory (``Vault.loaded_items``). Without an
index each cycle would still walk all of them: to find the facts a candidate can
conflict with, to gather a category's facts for its page, and to count facts for
index.md. ``ItemIndex`` answers those in time proportional to the answer, and is kept in
step by ``update`` with the items a cycle wrote. It is rebuilt whenever the vault
reloads its items (a new dict).
"""

from __future__ import annotations

import weakref
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from vaultweave.store.item import Item, Status
from vaultweave.store.paths import safe_name
from vaultweave.weaver.attributes import reaches
from vaultweave.weaver.extract.base import BY_NAME, MOVED, Candidate, normalise
from vaultweave.weaver.moving import MOVABLE

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace


class ItemIndex:
    def __init__(self, items: Mapping[str, Item]) -> None:
        self.by_key: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.by_stem: dict[str, set[str]] = defaultdict(set)
        self.names: dict[str, str] = {}  # stem -> category name as the items spell it
        self.subjects: dict[str, Counter[str]] = defaultdict(Counter)
        self.values: dict[str, Counter[str]] = defaultdict(Counter)  # stem -> casefolded values
        self.counts: dict[str, Counter[Status]] = defaultdict(Counter)
        # id -> (stem, status, subject, value)
        self._where: dict[str, tuple[str, Status, str, str]] = {}
        self.update(items.values())

    def update(self, items: Iterable[Item]) -> None:
        for item in items:
            before = self._where.get(item.id)
            if before is not None:
                stem, status, subject, value = before
                self.by_stem[stem].discard(item.id)
                self.subjects[stem][subject] -= 1
                self.values[stem][value] -= 1
                self.counts[stem][status] -= 1
            else:
                self.by_key[(normalise(item.subject), item.attribute)].add(item.id)
            stem, subject = safe_name(item.category), item.subject.casefold()
            self.by_stem[stem].add(item.id)
            self.names.setdefault(stem, item.category)
            self.subjects[stem][subject] += 1
            self.values[stem][item.value.casefold()] += 1
            self.counts[stem][item.status] += 1
            self._where[item.id] = (stem, item.status, subject, item.value.casefold())

    def relevant(self, candidates: Sequence[Candidate], items: Mapping[str, Item]) -> dict[str, Item]:
        """The items resolution can touch for these candidates (same key, or its opposite)."""
        wanted: dict[str, set[str]] = defaultdict(set)
        for candidate in candidates:
            wanted[normalise(candidate.subject)].add(candidate.attribute)
        # The same key, or one a candidate's attribute can end (attributes.reaches); a doubt
        # by name may question any of its subject's facts, a move by name anyone's routines
        # and appointments ("乐乐的课挪到周日").
        moves = any(c.attribute == MOVED for c in candidates)
        keys = {
            key for key in self.by_key
            if (key[0] in wanted and any(a == BY_NAME or reaches(a, key[1]) for a in wanted[key[0]]))
            or (moves and key[1] in MOVABLE)
        }
        return {i: items[i] for key in keys for i in self.by_key.get(key, ()) if i in items}

    def members(self, stem: str, items: Mapping[str, Item]) -> list[Item]:
        return [items[i] for i in self.by_stem.get(stem, ()) if i in items]

    def related(self, stem: str) -> list[str]:
        """Categories that name someone this one names: as a subject, or as a value that is
        itself a subject ("Maya has a sister, Anna" and "Anna lives in Oslo"). Only names
        that set pages apart count: the vault's owner, on nearly every page, would link
        every page to every other (a clique in Obsidian's graph that says nothing). A
        name counts when it appears on at most half of the pages (or two)."""
        people = {s for subjects in self.subjects.values() for s, n in subjects.items() if n > 0}
        present = {
            other: {s for s, n in subjects.items() if n > 0}
            | {v for v, n in self.values.get(other, Counter()).items() if n > 0 and v in people}
            for other, subjects in self.subjects.items()
        }
        spread = Counter(s for subjects in present.values() for s in subjects)
        limit = max(2, len([p for p in present.values() if p]) // 2)
        mine = {s for s in present.get(stem, set()) if spread[s] <= limit}
        return sorted(other for other, subjects in present.items() if other != stem and mine & subjects)

    def index_counts(self) -> dict[str, tuple[int, int]]:
        """Category name -> (current, in history), as index.md lists them."""
        rows = {}
        for stem, counts in self.counts.items():
            current = counts[Status.CURRENT]
            history = counts[Status.HISTORICAL] + counts[Status.RETRACTED]
            if current or history or counts[Status.ARCHIVED]:
                rows[self.names[stem]] = (current, history)
        return rows


_INDEXES: weakref.WeakKeyDictionary[Workspace, tuple[dict[str, Item], ItemIndex]] = (
    weakref.WeakKeyDictionary()
)


def item_index(vault: Workspace) -> ItemIndex:
    """The vault's index, built on first use and again after its items were reloaded."""
    items = vault.loaded_items()
    cached = _INDEXES.get(vault)
    if cached is None or cached[0] is not items:
        cached = (items, ItemIndex(items))
        _INDEXES[vault] = cached
    return cached[1]


def note_remembered(vault: Workspace, items: Iterable[Item]) -> None:
    """Keep a built index in step with items the vault just took in (Vault calls this)."""
    cached = _INDEXES.get(vault)
    if cached is not None and cached[0] is vault.loaded_items():
        cached[1].update(items)
