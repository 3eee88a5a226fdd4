"""One-hop links between facts for recall: relations, time order, similarity.

The links are derived from the items, never stored in them (the item files stay the
truth; the adjacency is rebuilt when the items change, like the other projections):

- relation: a fact whose value names someone or something that is itself a subject
  ("Maya has a sister, Anna") links to that subject's facts ("Anna works as nurse."),
  and each of those links back;
- earlier / later: the facts of one subject's attribute in the order they became true
  (with ``supersedes`` / ``superseded_by`` and an item's own ``links`` as well);
- similar: the nearest other facts by the index's stored vectors (no embedding call),
  looked up only for the facts a search expands and kept for the index's generation.

``expand_graph`` adds the linked facts of a search's top facts at a decayed score; see
docs/RECALL.md for when it helps and what it costs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from vaultweave.store.index.dense import one_blas_thread
from vaultweave.store.item import Item, Status
from vaultweave.weaver.entities import entity_named
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.recall.units import ITEM_PREFIX

if TYPE_CHECKING:
    from vaultweave.store.index.recall_index import IndexView

RELATION, EARLIER, LATER, LINKED, SIMILAR = "relation", "earlier", "later", "linked", "similar"
RELATION_LINKS = 50  # facts of the named subject a relation fact links to, latest first


@dataclass(frozen=True)
class Link:
    target: str  # item id
    kind: str  # RELATION, EARLIER, LATER, LINKED or SIMILAR
    label: str  # the relation as it reads from the source: "sister", "sister of Maya"


class FactGraph:
    """Adjacency of the items (relations and time order), built once per item revision."""

    def __init__(self, items: Mapping[str, Item]) -> None:
        self.links: dict[str, list[Link]] = defaultdict(list)
        self.from_source: dict[str, list[str]] = defaultdict(list)  # resource id -> item ids
        by_subject: dict[str, list[Item]] = defaultdict(list)
        by_key: dict[tuple[str, str], list[Item]] = defaultdict(list)
        kept = [i for i in items.values() if i.status is not Status.RETRACTED]
        for item in kept:
            subject = normalise(item.subject)
            by_subject[subject].append(item)
            by_key[(subject, item.attribute)].append(item)
            for source in item.sources:
                self.from_source[source].append(item.id)
        seen: set[tuple[str, str]] = set()

        def add(source: str, target: str, kind: str, label: str) -> None:
            if source != target and (source, target) not in seen and target in items:
                seen.add((source, target))
                self.links[source].append(Link(target, kind, label))

        for facts in by_subject.values():
            facts.sort(key=_order)
        for item in kept:
            named = entity_named(item)
            if named is not None:
                # The latest facts only: a person named by many facts would otherwise tie
                # every one of them to everything known about them.
                for other in by_subject.get(normalise(named[0]), [])[-RELATION_LINKS:]:
                    add(item.id, other.id, RELATION, item.attribute)
                    add(other.id, item.id, RELATION, f"{item.attribute} of {item.subject}")
        for timeline in by_key.values():
            timeline.sort(key=_order)
            for before, after in zip(timeline, timeline[1:], strict=False):
                add(before.id, after.id, LATER, after.attribute)
                add(after.id, before.id, EARLIER, before.attribute)
        for item in kept:
            for older in item.supersedes:
                add(item.id, older, EARLIER, item.attribute)
                add(older, item.id, LATER, item.attribute)
            if item.superseded_by:
                add(item.id, item.superseded_by, LATER, item.attribute)
                add(item.superseded_by, item.id, EARLIER, item.attribute)
            for linked in item.links:
                add(item.id, linked, LINKED, "linked")
                add(linked, item.id, LINKED, "linked")

    def of(self, item_id: str) -> list[Link]:
        return self.links.get(item_id, [])


def _order(item: Item) -> tuple[float, str]:
    return item.valid_from.timestamp(), item.id


# The last graph built, with the mapping it was built from: held, so that its id cannot be
# taken by another vault's mapping while cached.
_GRAPHS: dict[tuple[int, int, int], tuple[Mapping[str, Item], FactGraph]] = {}


def fact_graph(items: Mapping[str, Item]) -> FactGraph:
    """The graph of these items, cached while the mapping and its revision stay the same."""
    token = (id(items), len(items), int(getattr(items, "revision", 0)))
    cached = _GRAPHS.get(token)
    if cached is not None and cached[0] is items:
        return cached[1]
    graph = FactGraph(items)
    _GRAPHS.clear()
    _GRAPHS[token] = (items, graph)
    return graph


def similar_rows(view: IndexView, row: int, at_least: float, most: int) -> list[tuple[int, float]]:
    """The item rows nearest to ``row`` by stored vector (cosine >= ``at_least``), best
    first; memoised on the view, so each row is compared with the items once a generation."""
    memo = view._extra.setdefault("similar", {})
    assert isinstance(memo, dict)
    key = (row, at_least, most)
    if key not in memo:
        items, matrix = _item_matrix(view)
        with one_blas_thread():  # as the dense leg: memory bound, a second thread only spins
            sims = matrix @ view.dense.matrix[row]
        order = np.argsort(-sims, kind="stable")[: most + 1]
        memo[key] = [
            (int(items[i]), float(sims[i])) for i in order.tolist() if items[i] != row and sims[i] >= at_least
        ][:most]
    found: list[tuple[int, float]] = memo[key]
    return found


def _item_matrix(view: IndexView) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The item rows and their vectors, gathered once per index generation (a copy per
    search would cost more than the product)."""
    found = view._extra.get("item_matrix")
    if not isinstance(found, tuple):
        rows = np.flatnonzero(view.live & ~view.is_turn)
        found = (rows, np.ascontiguousarray(view.dense.matrix[rows]))
        view._extra["item_matrix"] = found
    return found


def expand_graph(
    view: IndexView,
    items: Mapping[str, Item],
    eligible: npt.NDArray[np.bool_],
    scored: dict[int, float],
    parts: dict[int, dict[str, float]],
    via: dict[int, str],
    *,
    decay: float,
    sources: int,
    fanout: int,
    similar_at: float,
    from_turns: bool = False,
) -> None:
    """One hop from the ``sources`` top facts: each one's linked facts (at most
    ``fanout``, those the search found relevant first) join at ``decay`` times its score,
    or keep their own score when it is higher. ``similar_at`` >= 1 leaves similarity out.
    ``from_turns`` also starts from the facts extracted from the top turns."""
    graph = fact_graph(items)
    ordered = sorted(scored, key=lambda r: (-scored[r], r))
    top = ordered if from_turns else [r for r in ordered if not view.is_turn[r]]
    for row in top[:sources]:
        record = view.rows[row]
        if record is None:
            continue
        is_turn = bool(view.is_turn[row])
        starts = graph.from_source.get(record.key, []) if is_turn else [record.key[len(ITEM_PREFIX) :]]
        reached: list[tuple[int, str]] = []
        for source in starts:
            for link in graph.of(source):
                other = view.by_key.get(ITEM_PREFIX + link.target)
                if other is not None and eligible[other]:
                    reached.append((other, f"{link.kind} ({link.label}) of {source}"))
        if similar_at < 1.0 and not is_turn:
            source = starts[0]
            for other, sim in similar_rows(view, row, similar_at, fanout):
                if eligible[other]:
                    reached.append((other, f"{SIMILAR} ({sim:.2f}) of {source}"))
        # Those the search itself ranked first, then the more important, then the latest.
        reached.sort(key=lambda p: (-scored.get(p[0], -1.0), -_importance(view, items, p[0]), -view.ts[p[0]]))
        first: dict[int, str] = {}
        for other, why in reached:
            first.setdefault(other, why)
        score = scored[row] * decay
        for other, why in list(first.items())[: fanout]:
            if score > scored.get(other, -1.0):
                scored[other] = score
                parts.setdefault(other, {})["graph"] = score
                via[other] = why


def _importance(view: IndexView, items: Mapping[str, Item], row: int) -> float:
    record = view.rows[row]
    item = items.get(record.key[len(ITEM_PREFIX) :]) if record is not None else None
    return item.importance if item is not None else 0.0
