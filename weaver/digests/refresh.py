"""Keeping digests current: a cycle's new turns re-make only the digests of their own
session and week, from every turn of that group in the search index's catalog.

Called by the cycle after the projections (the new turns are in the index, vectors and
all) and before the commit, which holds the pages it writes. The digests' own search
units are updated here too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.index.unit import Unit
from vaultweave.store.item import Item, Status
from vaultweave.store.resources import Resource
from vaultweave.weaver.digests import FOLDER
from vaultweave.weaver.digests.pages import digest_key, render_digest, unit_from_page
from vaultweave.weaver.digests.plan import SESSION, Group, Turn, groups_touched, model_input, plan_digest

if TYPE_CHECKING:
    from vaultweave.store.index.recall_index import RecallIndex
    from vaultweave.weaver.workspace import Workspace


def as_turn(resource: Resource) -> Turn:
    return Turn(
        resource.id,
        resource.ts.timestamp(),
        resource.speaker or resource.role or "",
        resource.session or "",
        resource.text,
    )


def facts_by_turn(items: Iterable[Item]) -> dict[str, list[tuple[str, str, str]]]:
    """Resource id -> (item id, category, sentence) of the live facts it produced."""
    found: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for item in items:
        if item.status is Status.RETRACTED:
            continue
        for source in item.sources:
            found[source].append((item.id, item.category, item.text))
    return found


def group_turns(
    index: RecallIndex, group: Group, dropped: AbstractSet[str] = frozenset()
) -> tuple[list[Turn], np.ndarray]:
    if group.kind == SESSION:
        found = index.catalog.turns_in([group.name], [])
    else:
        found = index.catalog.turns_in([], [(group.start, group.end)])
    rows = [(r, v) for r, v in found if r.key not in dropped]
    turns = [Turn(r.key, r.ts, r.speaker, r.session, r.text) for r, _ in rows]
    vectors = np.stack([v for _, v in rows]) if rows else np.zeros((0, 1), dtype=np.float32)
    return turns, vectors


def refresh_digests(
    vault: Workspace,
    index: RecallIndex,
    turns: Iterable[Turn],
    items: Mapping[str, Item],
    dropped: AbstractSet[str] = frozenset(),
    summarize: Callable[[str, str, Sequence[str]], str | None] | None = None,
) -> list[str]:
    """Re-make the digests ``turns`` fall in, leaving out the ``dropped`` turns (erased
    lines); the vault-relative pages written or removed. ``summarize(path, title, lines)``
    is a model's paragraph (None keeps the summary extractive)."""
    groups = groups_touched(turns)
    if not vault.config.digests.enabled or not groups:
        return []
    root = vault.paths.root
    folder = root / FOLDER
    if folder.is_symlink():
        return []  # never write through a link out of the vault
    by_turn = facts_by_turn(items.values())
    written: list[str] = []
    units: list[Unit] = []
    gone: list[str] = []
    for group in groups:
        members, vectors = group_turns(index, group, dropped)
        facts = [f for t in members for f in by_turn.get(t.id, ())]
        digest = plan_digest(group, members, vectors, facts)
        path = root / group.path
        if path.is_symlink() or path.parent.is_symlink():
            continue
        if digest is None:
            if path.is_file():
                path.unlink()
                written.append(group.path)
            gone.append(digest_key(group.path))
            continue
        prose = summarize(group.path, group.title, model_input(members, vectors)) if summarize else None
        if prose:
            digest = replace(digest, prose=prose, written_by="model")
        text = render_digest(digest)
        try:
            before = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            before = None
        if before != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, text)
            written.append(group.path)
        unit = unit_from_page(group.path, text)
        if unit is not None:
            units.append(unit)
    if units or gone:
        index.update(units, gone)
    return sorted(written)


def turns_of(index: RecallIndex, ids: Iterable[str]) -> list[Turn]:
    """Turns by resource id as the index holds them (for lines about to be erased)."""
    return [
        Turn(r.key, r.ts, r.speaker, r.session, r.text)
        for r in index.catalog.rows_for(ids)
        if r.kind == "turn"
    ]
