"""What Vault.search / Vault.context / reindex / doctor delegate to."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

import vaultweave.store.needs_recall  # noqa: F401  (MissingExtraError if recall is missing)
from vaultweave.store.errors import SearchQueryError, VaultError
from vaultweave.weaver.digests import DIGEST_KIND
from vaultweave.weaver.recall.context import (
    Context,
    assemble,
    needed_profile,
    profile_items,
    subjects_for,
)
from vaultweave.weaver.recall.excerpts import plan_excerpts
from vaultweave.weaver.recall.feedback import below_first, feedback_terms, widened
from vaultweave.weaver.recall.hits import Hit
from vaultweave.weaver.recall.merge import merge_hits
from vaultweave.weaver.recall.projection import Drift, RecallProjection, recall_projection
from vaultweave.weaver.recall.query import make_request
from vaultweave.weaver.recall.search import Tuning, rank, with_expansion
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT, recover, write_transaction

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

MAX_BUDGET = 200_000


class RecallUnavailableError(VaultError):
    def __init__(self) -> None:
        super().__init__("search needs the recall extra: pip install 'vaultweave[recall]'")


def projection_of(vault: Workspace) -> RecallProjection:
    found = recall_projection(vault)
    if found is None:
        raise RecallUnavailableError()
    return found


def search(
    vault: Workspace,
    query: str,
    k: int = 10,
    categories: Iterable[str] | str | None = None,
    tags: Iterable[str] | str | None = None,
    kinds: Iterable[str] | str | None = None,
    include_history: bool = False,
    as_of: str | date | datetime | None = None,
    min_score: float | None = None,
    tuning: Tuning | None = None,
    *,
    expand: bool | None = None,
) -> list[Hit]:
    """``expand`` turns one-hop graph expansion on or off over ``tuning``'s own choice."""
    request = make_request(
        query, k, categories, tags, kinds, include_history, as_of, min_score, _categories(vault)
    )
    projection = projection_of(vault)
    hits = rank(projection.index, vault.loaded_items(), request, with_expansion(tuning or Tuning(), expand))
    return [_with_quotes(vault, h) if h.kind == DIGEST_KIND else h for h in hits]


def _with_quotes(vault: Workspace, hit: Hit) -> Hit:
    """A digest hit's sources: the turns its summary quotes, read from its page."""
    from vaultweave.weaver.digests.pages import page_quotes

    return replace(hit, sources=page_quotes(vault.paths.root, hit.id))


def warmup(vault: Workspace) -> None:
    """Open the indexes and load the embedding model (one query's worth of work)."""
    index = projection_of(vault).index
    index.view()
    index.embed_query("warm up")


def _categories(vault: Workspace) -> Iterator[str]:
    """Lazy: walked only when a search names categories to check them against."""
    yield from {i.category for i in vault.loaded_items().values()} | set(vault.categories())


def context_pool(vault: Workspace) -> int:
    """How many hits a context block is chosen from ([context] recall_k and digest_k)."""
    settings = vault.config.context
    return min(200, 2 * (settings.recall_k + settings.digest_k))


def recalled(hits: list[Hit], facts_and_turns: int, digests: int) -> list[Hit]:
    """The first ``facts_and_turns`` facts and turns and the first ``digests`` digests,
    in the ranking's order (one ranking, so their scores compare)."""
    counts = {True: 0, False: 0}
    kept = []
    for hit in hits:
        is_digest = hit.kind == DIGEST_KIND
        if counts[is_digest] < (digests if is_digest else facts_and_turns):
            counts[is_digest] += 1
            kept.append(hit)
    return kept


def with_feedback(vault: Workspace, query: str, first: list[Hit], expand: bool | None = None) -> list[Hit]:
    """``first`` with a second hop (weaver/recall/feedback.py): the query widened by the
    words its first hits share, searched again in this vault, its hits below the first
    ``[context] feedback_after`` of ``first`` (which may hold read-through vaults' hits)."""
    settings = vault.config.context
    keyword = projection_of(vault).index.view().keyword()
    terms = feedback_terms(query, first, keyword.idf, settings.feedback_hits, settings.feedback_terms)
    if not terms:
        return first
    second = search(vault, widened(query, terms), k=context_pool(vault), expand=expand)
    return below_first(first, second, settings.feedback_after)


def context(
    vault: Workspace,
    query: str,
    budget_tokens: int = 1500,
    session: str | None = None,
    shared: Sequence[Hit] = (),
    expand: bool | None = None,
) -> Context:
    """``shared``: hits of read-through vaults (weaver/read_through.py), merged by score;
    ``expand`` as for ``search``."""
    from vaultweave.store.embeddings.onnx import count_tokens
    from vaultweave.store.session_window import recent_turns

    if not isinstance(budget_tokens, int) or budget_tokens <= 0 or budget_tokens > MAX_BUDGET:
        raise SearchQueryError(f"budget_tokens must be between 1 and {MAX_BUDGET}, not {budget_tokens!r}")
    settings = vault.config.context
    pool = context_pool(vault)
    own = search(vault, query, k=pool, expand=expand) if pool else []
    merged = merge_hits(own, shared, pool)
    if settings.feedback_terms and merged:  # after the merge: it sorts by score
        merged = with_feedback(vault, query, merged, expand)
    hits = recalled(merged, settings.recall_k, settings.digest_k)
    items = vault.loaded_items()
    profile = profile_items(items, subjects_for(query, items, vault.config.vault.default_subject))
    profile = needed_profile(profile, query, hits)
    window = recent_turns(vault.paths, session or "", settings.window_turns)
    excerpts = plan_excerpts(query, hits, settings.excerpt_tokens, count_tokens, whole=settings.excerpt_after)
    return assemble(
        query, hits, profile, budget_tokens, count_tokens, window, settings.window_tokens, excerpts
    )


@dataclass(frozen=True)
class ProjectionCheck:
    name: str
    units: int
    drift: Drift
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and self.drift.clean


def check_projections(vault: Workspace) -> list[ProjectionCheck]:
    """Compare every projection with the tiers, changing nothing (for `vaultweave doctor`)."""
    projection = recall_projection(vault)
    if projection is None:
        return []
    try:
        index = projection._open()
    except VaultError as exc:
        return [ProjectionCheck("recall", 0, Drift(), str(exc))]
    try:
        return [ProjectionCheck("recall", index.catalog.count(), projection.drift(index))]
    finally:
        index.close()


def reindex(
    vault: Workspace, fresh: bool = False, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> tuple[int, int]:
    """Rebuild the search index from the tiers in a write transaction (the index follows
    the tiers as committed: what a cut-short writer left is undone first); returns
    (units, embedded)."""
    from vaultweave.store.index.recall_index import RecallIndex

    projection = projection_of(vault)
    with write_transaction(vault, lock_timeout):
        recover(vault)
        if fresh:
            projection.close()
            RecallIndex.destroy(vault.paths.state / "recall")
        report = projection.rebuild()
        view = projection.index.view()
        if view.dense.kind == "hnsw":
            view.dense.index()  # build and save the graph now, not at the first search
    return report.embedded + report.reused + report.unchanged, report.embedded
