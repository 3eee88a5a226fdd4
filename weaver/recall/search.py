"""Hybrid search: dense + BM25, fused, filtered by status / time / category, expanded to
neighbouring turns. Pure ranking code; the index and the items come from the caller.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt
from vaultweave.store.index.recall_index import IndexView, RecallIndex
from vaultweave.store.index.terms import keyword_tokens
from vaultweave.store.item import Item, Status
from vaultweave.store.paths import safe_name
from vaultweave.store.resources import parse_resource_id, resource_id
from vaultweave.weaver.digests import DIGEST_KIND
from vaultweave.weaver.recall.graph import expand_graph
from vaultweave.weaver.recall.hits import Hit, hit_of
from vaultweave.weaver.recall.query import TURN_KIND, SearchRequest
from vaultweave.weaver.recall.units import ITEM_PREFIX

Mask = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Tuning:
    """Ranking knobs, tuned on LoCoMo (see docs/RECALL.md)."""

    pool: int = 100  # candidates taken from each retriever
    rrf_k: float = 10.0
    dense_weight: float = 1.0
    keyword_weight: float = 1.0
    importance_weight: float = 0.3  # the seed design's 0.7 * sim + 0.3 * importance
    speaker_boost: float = 0.0
    # A query naming speakers searches the turns they spoke (falls back to all turns if none).
    speaker_filter: bool = True
    neighbour_decay: float = 0.0  # 0 turns 1-hop expansion off
    neighbour_from: int = 5  # expand the neighbours of this many top turns
    # "rrf": reciprocal rank fusion; "dbsf": each leg's scores normalised by their own
    # distribution in this query's pool (mean +- 3 sd -> 0..1), then summed.
    fusion: str = "rrf"
    # A question about the present ("now", "current", "现在") lifts later turns among the
    # candidates by up to this much and puts superseded facts below what superseded them.
    present_boost: float = 0.1
    # One hop along the fact graph (weaver/recall/graph.py): the facts linked to the top
    # ``graph_from`` facts (relations, time order, similarity >= ``similar_at``; at most
    # ``graph_fanout`` each) join at ``graph_decay`` times their source's score. 0 is off.
    graph_decay: float = 0.0
    graph_from: int = 5
    graph_fanout: int = 3
    similar_at: float = 0.8
    graph_from_turns: bool = False  # also expand from the facts of the top turns
    # A digest's fused relevance counts this much of a fact's or turn's: its lines are a
    # group's central turns, not the question's, so on a near tie the turn comes first
    # (chosen on LoCoMo half A, docs/RECALL.md "Context bench", round 2).
    digest_weight: float = 0.7


# The expansion `expand=True` turns on (docs/RECALL.md, "Graph expansion").
GRAPH_DECAY = 0.9


def with_expansion(tuning: Tuning, expand: bool | None) -> Tuning:
    """``tuning`` with graph expansion on (True), off (False) or as it is (None)."""
    if expand is None:
        return tuning
    return replace(tuning, graph_decay=GRAPH_DECAY if expand else 0.0)


@dataclass
class _ItemArrays:
    """Item attributes by row, for vectorised filtering; rebuilt when the view changes."""

    token: tuple[str, int, int, int, int]
    items: Mapping[str, Item]  # held: another vault's mapping cannot take its id while cached
    status: npt.NDArray[np.int8]
    valid_from: npt.NDArray[np.float64]
    valid_to: npt.NDArray[np.float64]
    category: list[str]
    kind: list[str]
    tags: list[frozenset[str]]
    importance: npt.NDArray[np.float32]
    # Items a question about the present should put last: superseded or no longer current.
    stale: Mask


_STATUS_CODE = {s: n for n, s in enumerate(Status)}
_CACHE: dict[int, _ItemArrays] = {}
# Views kept: more than one, or a search reading through shared vaults rebuilds every time.
_CACHE_VIEWS = 8


def _item_arrays(view: IndexView, items: Mapping[str, Item]) -> _ItemArrays:
    token = (view.version, len(view.rows), id(items), len(items), int(getattr(items, "revision", 0)))
    cached = _CACHE.get(id(view))
    if cached is not None and cached.token == token and cached.items is items:
        return cached
    size = len(view.rows)
    status = np.full(size, -1, dtype=np.int8)
    valid_from = np.zeros(size, dtype=np.float64)
    valid_to = np.full(size, np.inf, dtype=np.float64)
    importance = np.full(size, 0.5, dtype=np.float32)
    category = [""] * size
    kind = [""] * size
    tags: list[frozenset[str]] = [frozenset()] * size
    stale = np.zeros(size, dtype=bool)
    for item_id, item in items.items():
        row = view.by_key.get(ITEM_PREFIX + item_id)
        if row is None:
            continue
        retracted_forever = item.status is Status.RETRACTED and item.valid_to is None
        status[row] = _STATUS_CODE[item.status]
        valid_from[row] = np.inf if retracted_forever else item.valid_from.timestamp()
        valid_to[row] = item.valid_to.timestamp() if item.valid_to else np.inf
        importance[row] = item.importance
        category[row] = safe_name(item.category)
        kind[row] = item.kind.casefold()
        tags[row] = frozenset(t.casefold() for t in item.tags)
        stale[row] = bool(item.superseded_by) or item.status is not Status.CURRENT
    arrays = _ItemArrays(token, items, status, valid_from, valid_to, category, kind, tags, importance, stale)
    _CACHE.pop(id(view), None)
    while len(_CACHE) >= _CACHE_VIEWS:
        _CACHE.pop(next(iter(_CACHE)))  # the oldest
    _CACHE[id(view)] = arrays
    return arrays


def _is_digest(view: IndexView) -> Mask:
    found = view._extra.get("digests")
    if found is None:
        found = np.fromiter(
            (r is not None and r.kind == DIGEST_KIND for r in view.rows), dtype=bool, count=len(view.rows)
        )
        view._extra["digests"] = found
    return found  # type: ignore[return-value]


def eligible_rows(view: IndexView, items: Mapping[str, Item], request: SearchRequest) -> Mask:
    arrays = _item_arrays(view, items)
    is_item = view.live & ~view.is_turn & (arrays.status >= 0)  # digests have no status: never items
    turns = view.live & view.is_turn
    digests = view.live & _is_digest(view)
    if request.as_of is not None:
        moment = request.as_of.timestamp()
        is_item &= (arrays.valid_from <= moment) & (moment < arrays.valid_to)
        is_item &= arrays.status != _STATUS_CODE[Status.ARCHIVED]
        turns &= view.ts <= moment
        digests &= view.ts <= moment
    elif request.include_history:
        pass  # every status, archived included: archiving only leaves the working set
    else:
        is_item &= arrays.status == _STATUS_CODE[Status.CURRENT]
    if request.kinds is not None:
        if TURN_KIND not in request.kinds:
            turns[:] = False
        if DIGEST_KIND not in request.kinds:
            digests[:] = False
        item_kinds = request.kinds - {TURN_KIND, DIGEST_KIND}
        if item_kinds:
            is_item &= np.fromiter((k in item_kinds for k in arrays.kind), dtype=bool, count=len(arrays.kind))
        else:
            is_item[:] = False
    if request.categories is not None or request.tags is not None:
        turns[:] = False  # turns and digests carry no category or tag
        digests[:] = False
        rows = np.flatnonzero(is_item)
        keep = np.zeros_like(is_item)
        for row in rows:
            if request.categories is not None and arrays.category[row] not in request.categories:
                continue
            if request.tags is not None and not (request.tags & arrays.tags[row]):
                continue
            keep[row] = True
        is_item = keep
    return is_item | turns | digests


def _speakers_in(query: str, view: IndexView) -> set[str]:
    found = view._extra.get("speakers")
    if not isinstance(found, frozenset):
        found = frozenset(r.speaker.casefold() for r in view.rows if r and r.kind == "turn" and r.speaker)
        view._extra["speakers"] = found
    folded = query.casefold()
    words = set(re.findall(r"\w+", folded))
    return {s for s in found if (s in words if " " not in s else f" {s} " in f" {folded} ")}


def _without_names(text: str, names: set[str]) -> str:
    pattern = r"\b(" + "|".join(re.escape(n) for n in sorted(names)) + r")('s)?\b"
    return re.sub(pattern, "someone", text, flags=re.IGNORECASE)


def _spoken_by(view: IndexView, speakers: set[str]) -> Mask:
    key = "spoken:" + "|".join(sorted(speakers))
    cached = view._extra.get(key)
    if cached is None:
        cached = np.fromiter(
            (r is not None and r.speaker.casefold() in speakers for r in view.rows),
            dtype=bool,
            count=len(view.rows),
        )
        view._extra[key] = cached
    return cached  # type: ignore[return-value]


def rank(
    index: RecallIndex, items: Mapping[str, Item], request: SearchRequest, tuning: Tuning = Tuning()
) -> list[Hit]:
    view = index.view()
    if not view.rows:
        return []
    eligible = eligible_rows(view, items, request)
    if not eligible.any():
        return []
    named = _speakers_in(request.text, view) if (tuning.speaker_filter or tuning.speaker_boost) else set()
    dense_text = request.text
    if named and tuning.speaker_filter:
        spoken = eligible & _spoken_by(view, named)
        if spoken.any():
            eligible = spoken | (eligible & ~view.is_turn)
            # The name now says nothing about which of their turns fit; left in, it pulls
            # the embedding toward turns that address them by name.
            dense_text = _without_names(request.text, named)
    pool = max(tuning.pool, request.k * 3)
    # The query embedding (most of a search's time; onnxruntime releases the GIL) runs in
    # a worker thread while this one scores the keyword leg.
    vector = index.embed_query_soon(dense_text) if tuning.dense_weight > 0 else None
    keyword_leg = None
    if tuning.keyword_weight > 0:
        rows, scores = view.keyword().search(keyword_tokens(request.text)[:256], eligible, pool)
        keyword_leg = ("keyword", tuning.keyword_weight, rows.tolist(), scores.tolist())
    legs: list[tuple[str, float, list[int], list[float]]] = []
    if vector is not None:
        rows, sims = view.dense.search(vector.result(), eligible, pool)
        legs.append(("dense", tuning.dense_weight, rows.tolist(), sims.tolist()))
    if keyword_leg is not None:
        legs.append(keyword_leg)
    fused, parts = fuse(legs, tuning)
    if not fused:
        return []
    if tuning.digest_weight != 1.0:
        digests = _is_digest(view)
        fused = {r: v * tuning.digest_weight if digests[r] else v for r, v in fused.items()}
    scoring = _score(view, _item_arrays(view, items), fused, named if tuning.speaker_boost else set(), tuning)
    if tuning.present_boost > 0 and request.as_of is None and about_present(request.text):
        scoring.prefer_present(view, tuning.present_boost)
    if tuning.neighbour_decay > 0 or tuning.graph_decay > 0:
        return _with_neighbours(view, items, eligible, scoring, parts, request, tuning)
    order = np.lexsort((scoring.rows, -scoring.scores))
    if request.min_score is not None:
        order = order[scoring.scores[order] >= request.min_score]
    return [
        hit_of(view, items, row, score, scoring.annotate(at, parts[row]), "")
        for at, row, score in zip(
            order[: request.k].tolist(),
            scoring.rows[order[: request.k]].tolist(),
            scoring.scores[order[: request.k]].tolist(),
            strict=True,
        )
    ]


@dataclass
class _Scoring:
    """Per-candidate scores as arrays (rows in fusion order); parts are filled for hits only."""

    rows: npt.NDArray[np.int64]
    fused: npt.NDArray[np.float64]
    relevance: npt.NDArray[np.float64]
    importance: npt.NDArray[np.float64]
    scores: npt.NDArray[np.float64]
    speaker: npt.NDArray[np.bool_] | None
    speaker_boost: float
    stale: Mask
    present: npt.NDArray[np.float64] | None = None

    def prefer_present(self, view: IndexView, boost: float) -> None:
        """Later candidates gain up to ``boost``; a fact that was superseded loses it."""
        times = view.ts[self.rows]
        low, high = times.min(), times.max()
        span = float(high - low)
        lift = boost * ((times - low) / span) if span > 0 else np.zeros(len(times))
        self.present = np.where(self.stale, -boost, lift)
        self.scores = self.scores + self.present

    def annotate(self, at: int, parts: dict[str, float]) -> dict[str, float]:
        if self.speaker is not None and self.speaker[at]:
            parts["speaker"] = self.speaker_boost
        parts.update(
            fused=float(self.fused[at]),
            relevance=float(self.relevance[at]),
            importance=float(self.importance[at]),
        )
        if self.present is not None:
            parts["present"] = float(self.present[at])
        return parts


def _score(
    view: IndexView, arrays: _ItemArrays, fused: dict[int, float], speakers: set[str], tuning: Tuning
) -> _Scoring:
    """Score = (1 - w) * fused / best fused + w * importance (+ the speaker boost)."""
    rows = np.fromiter(fused, dtype=np.int64, count=len(fused))
    values = np.fromiter(fused.values(), dtype=np.float64, count=len(fused))
    relevance = values / values.max()
    importance = arrays.importance[rows].astype(np.float64)
    scores = (1 - tuning.importance_weight) * relevance + tuning.importance_weight * importance
    speaker = None
    if speakers:
        speaker = np.fromiter(
            (view.rows[r] is not None and view.rows[r].speaker.casefold() in speakers for r in rows.tolist()),
            dtype=bool,
            count=len(rows),
        )
        scores = scores + np.where(speaker, tuning.speaker_boost, 0.0)
    return _Scoring(
        rows, values, relevance, importance, scores, speaker, tuning.speaker_boost, arrays.stale[rows]
    )


def _with_neighbours(
    view: IndexView,
    items: Mapping[str, Item],
    eligible: Mask,
    scoring: _Scoring,
    parts: dict[int, dict[str, float]],
    request: SearchRequest,
    tuning: Tuning,
) -> list[Hit]:
    """The ranking with 1-hop expansion (along time, along the fact graph): candidates as dicts."""
    scored: dict[int, float] = {}
    for at, (row, score) in enumerate(zip(scoring.rows.tolist(), scoring.scores.tolist(), strict=True)):
        scoring.annotate(at, parts[row])
        scored[row] = score
    via: dict[int, str] = {}
    if tuning.graph_decay > 0:
        expand_graph(
            view, items, eligible, scored, parts, via, decay=tuning.graph_decay,
            sources=tuning.graph_from, fanout=tuning.graph_fanout, similar_at=tuning.similar_at,
            from_turns=tuning.graph_from_turns,
        )
    if tuning.neighbour_decay > 0:
        _expand(view, eligible, scored, parts, via, tuning)
    ordered = sorted(scored, key=lambda r: (-scored[r], r))
    if request.min_score is not None:
        ordered = [r for r in ordered if scored[r] >= request.min_score]
    top = ordered[: request.k]
    return [hit_of(view, items, row, scored[row], parts[row], via.get(row, "")) for row in top]


# A question is about the present unless it says otherwise: past tense, "used to",
# "before", "originally", a year ("in 2023"), or their Chinese counterparts.
_PAST = re.compile(
    r"\b(did|was|were|had|used to|before|originally|at first|first|previously|formerly|"
    r"ago|last (?:year|month|week)|in (?:19|20)\d\d|when)\b"
    r"|以前|之前|原来|当时|曾经|过去|最初|起初|哪年|什么时候"
)


def about_present(text: str) -> bool:
    return _PAST.search(text.casefold()) is None


def fuse(
    legs: list[tuple[str, float, list[int], list[float]]], tuning: Tuning
) -> tuple[dict[int, float], dict[int, dict[str, float]]]:
    """Combine each leg's ranked (row, score) lists into one fused value per row."""
    fused: dict[int, float] = {}
    parts: dict[int, dict[str, float]] = {}
    for name, weight, rows, scores in legs:
        for row, score in zip(rows, scores, strict=True):
            parts.setdefault(row, {})[name] = score
        if tuning.fusion == "dbsf" and len(scores) > 1:
            values = np.asarray(scores, dtype=np.float64)
            mean, sd = float(values.mean()), float(values.std()) or 1.0
            low = mean - 3 * sd
            norm = np.clip((values - low) / (6 * sd), 0.0, 1.0)
            for row, value in zip(rows, norm.tolist(), strict=True):
                fused[row] = fused.get(row, 0.0) + weight * value
        else:
            for rank_no, row in enumerate(rows):
                fused[row] = fused.get(row, 0.0) + weight / (tuning.rrf_k + rank_no + 1)
    return fused, parts


def _expand(
    view: IndexView,
    eligible: Mask,
    scored: dict[int, float],
    parts: dict[int, dict[str, float]],
    via: dict[int, str],
    tuning: Tuning,
) -> None:
    """1-hop along time: the turns just before and after a top turn join at a decayed score."""
    turns = [r for r in sorted(scored, key=lambda r: -scored[r]) if view.is_turn[r]][: tuning.neighbour_from]
    for row in turns:
        record = view.rows[row]
        if record is None:
            continue
        path, line = parse_resource_id(record.key)
        for other_line in (line - 1, line + 1):
            other = view.by_key.get(resource_id(path, other_line))
            if other is None or not eligible[other]:
                continue
            neighbour = view.rows[other]
            if neighbour is None or neighbour.session != record.session:
                continue
            score = scored[row] * tuning.neighbour_decay
            if score > scored.get(other, -1.0):
                scored[other] = score
                parts.setdefault(other, {})["neighbour"] = score
                via[other] = f"neighbour of {record.key}"
