"""Keeping digests current: a cycle's new turns re-make only the digests of their own
session, week and topic, from every turn of that group in the search index's catalog.

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
from vaultweave.store.atomic import atomic_write_bytes, atomic_write_text
from vaultweave.store.index.unit import Unit
from vaultweave.store.item import Item, Status
from vaultweave.store.resources import Resource
from vaultweave.weaver.digests import FOLDER
from vaultweave.weaver.digests.pages import digest_key, render_digest, unit_from_page
from vaultweave.weaver.digests.plan import (
    SESSION,
    TOPIC,
    Group,
    Turn,
    groups_touched,
    model_input,
    plan_digest,
)
from vaultweave.weaver.digests.topics import Topics, assign, from_bytes, to_bytes

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


TOPIC_STATE = "topics.npz"  # under .vaultweave/: the clustering so far (derived)
_EVER = (float("-inf"), float("inf"))


def group_turns(
    index: RecallIndex,
    group: Group,
    dropped: AbstractSet[str] = frozenset(),
    members: Mapping[str, Sequence[str]] | None = None,
) -> tuple[list[Turn], np.ndarray]:
    """A group's turns in time order with their vectors (a topic's: ``members[path]``)."""
    if group.kind == TOPIC:
        pairs = _turns_with_vectors(index, (members or {}).get(group.path, ()), dropped)
        turns = [t for t, _ in pairs]
        vectors = np.stack([v for _, v in pairs]) if pairs else np.zeros((0, 1), dtype=np.float32)
        return turns, vectors
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
    turns = list(turns)
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
    members_of: dict[str, tuple[str, ...]] = {}  # a topic page's path -> its turns
    state: Topics | None = None
    if vault.config.digests.topics:
        state, changed, stale = topics_touched(vault, index, turns, dropped)
        groups += [Group(TOPIC, name) for name in changed]
        members_of = {Group(TOPIC, name).path: ids for name, ids in changed.items()}
        for rel in stale:
            if not (root / rel).is_symlink():
                (root / rel).unlink(missing_ok=True)
                written.append(rel)
            gone.append(digest_key(rel))
    for group in groups:
        members, vectors = group_turns(index, group, dropped, members_of)
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
    if state is not None:
        vault.paths.state.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(vault.paths.state / TOPIC_STATE, to_bytes(state))
    return sorted(written)


def topics_touched(
    vault: Workspace, index: RecallIndex, turns: Sequence[Turn], dropped: AbstractSet[str]
) -> tuple[Topics, dict[str, tuple[str, ...]], list[str]]:
    """Cluster new turns into the stored topics: (the new state, name -> member ids of each
    topic whose page changes, topic pages to remove).

    When the turns do not all follow the last one clustered (a back-dated line), when
    lines were erased, or when the stored state is missing or was made another way (other
    version, threshold or embedder), every turn is clustered again from the first, every
    topic page re-made and the pages of topics no longer found removed: the same vault
    always gives the same topics.
    """
    threshold = vault.config.digests.topic_threshold
    model = index.catalog.meta("model") or ""
    stored = _stored_topics(vault, threshold, model)
    if stored is not None and not dropped and stored.follows(turns):
        start = stored
        found = _turns_with_vectors(index, [t.id for t in turns], dropped)
    else:
        start = Topics(threshold, model)
        found = [
            (Turn(r.key, r.ts, r.speaker, r.session, r.text), v)
            for r, v in index.catalog.turns_in([], [_EVER])
            if r.key not in dropped
        ]
    fresh = start is not stored
    batch = [t for t, _ in found]
    vectors = np.stack([v for _, v in found]) if found else np.zeros((0, 1), dtype=np.float32)
    result = assign(start, batch, vectors)
    state = result.topics
    touched = range(len(state.names)) if fresh else result.touched
    changed = {state.names[i]: state.members[i] for i in touched if state.names[i]}
    stale: list[str] = []
    if fresh:
        kept = {Group(TOPIC, n).path for n in state.names if n}
        stale = [rel for rel in _topic_pages(vault) if rel not in kept]
    return state, changed, stale


def _turns_with_vectors(
    index: RecallIndex, ids: Iterable[str], dropped: AbstractSet[str]
) -> list[tuple[Turn, np.ndarray]]:
    """The indexed turns among ``ids`` with their vectors, in time order."""
    rows = [r for r in index.catalog.rows_for(ids) if r.kind == "turn" and r.key not in dropped]
    blobs = index.catalog.vectors_by_hash(r.hash for r in rows)
    return [
        (Turn(r.key, r.ts, r.speaker, r.session, r.text), np.frombuffer(blobs[r.hash], dtype=np.float32))
        for r in sorted(rows, key=lambda r: (r.ts, r.key))
        if r.hash in blobs
    ]


def _stored_topics(vault: Workspace, threshold: float, model: str) -> Topics | None:
    try:
        data = (vault.paths.state / TOPIC_STATE).read_bytes()
    except OSError:
        return None
    return from_bytes(data, threshold, model)


def _topic_pages(vault: Workspace) -> list[str]:
    folder = vault.paths.root / FOLDER / "topics"
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(p.relative_to(vault.paths.root).as_posix() for p in folder.glob("*.md"))


def turns_of(index: RecallIndex, ids: Iterable[str]) -> list[Turn]:
    """Turns by resource id as the index holds them (for lines about to be erased)."""
    return [
        Turn(r.key, r.ts, r.speaker, r.session, r.text)
        for r in index.catalog.rows_for(ids)
        if r.kind == "turn"
    ]
