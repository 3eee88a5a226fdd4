"""Running a consolidation pass: read, plan, write items, re-render, one commit, fold recalls.

The caller holds the vault's lock. Like the weave cycle, nothing before the commit is
trusted: a pass starts with ``recover`` (uncommitted items and the weaver's own pages go
back to HEAD), so a crashed pass is simply planned again. The recall log is dropped only
after the commit that folded it, and that commit names the folded bytes, so a crash in
between is finished by the next pass without counting a recall twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Literal

from vaultweave.store.access import AccessBatch, AccessLog, UpkeepCounters, UpkeepState
from vaultweave.store.atomic import atomic_write_batch
from vaultweave.store.errors import VaultError
from vaultweave.store.item import encode
from vaultweave.weaver.cycle import CycleReport
from vaultweave.weaver.resolve import Action
from vaultweave.weaver.transaction import ItemChange, commit_item_changes, recover
from vaultweave.weaver.upkeep.plan import ConsolidationPlan, PairFinder, Rule, Step, plan_consolidation
from vaultweave.weaver.upkeep.report import ConsolidationReport

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

SUBJECT_PREFIX = "consolidate: "
FOLDED_TRAILER = "Recalls-Folded: "
MAX_DETAILS = 20
BATCH_WRITE_FROM = 32  # items; fewer are written one by one


def access_log(vault: Workspace) -> AccessLog:
    return AccessLog(vault.paths.state / "access.jsonl")


def upkeep_state(vault: Workspace) -> UpkeepState:
    return UpkeepState(vault.paths.state / "upkeep.json")


def consolidate(
    vault: Workspace,
    similar: PairFinder | None,
    *,
    dry_run: bool = False,
    similarity: str = "off",
) -> ConsolidationReport:
    """One pass under the caller's lock. ``dry_run`` plans and writes nothing at all."""
    log = access_log(vault)
    if not dry_run:
        recover(vault)
        _finish_interrupted_fold(vault, log)
    batch = log.read(skip=_unfinished_fold(vault, log) if dry_run else 0)
    now = vault.clock()
    plan = plan_consolidation(vault.loaded_items(), similar, now, vault.config.upkeep, batch.recalls)
    if dry_run:
        return ConsolidationReport(plan, True, similarity=similarity)
    message = consolidation_message(plan, batch)
    commit = None
    categories: list[str] = []
    hand_edited: list[str] = []
    if not plan.is_empty:
        previous = plan.previous_items
        changes = [(item, previous[item.id]) for item in plan.final_items.values()]
        done = commit_item_changes(
            vault, changes, plan.touched_categories, message, now, write=lambda c: _write_items(vault, c)
        )
        commit, categories, hand_edited = done.commit, done.categories, done.hand_edited
    if batch.size:
        log.drop(batch)
    upkeep_state(vault).save(UpkeepCounters(0, commit or upkeep_state(vault).load().last_pass))
    return ConsolidationReport(
        plan,
        False,
        commit=commit,
        message=message if commit else "",
        categories=tuple(categories),
        hand_edited=tuple(hand_edited),
        similarity=similarity,
    )


def _write_items(vault: Workspace, changes: Sequence[ItemChange]) -> None:
    """Many items in one flushed batch; a pass never moves an item to another category."""
    if len(changes) < BATCH_WRITE_FROM or any(
        before is not None and before.category != item.category for item, before in changes
    ):
        vault.files.write_many(changes)
        return
    atomic_write_batch([(vault.files.path_of(item), encode(item)) for item, _ in changes])


def count_activity(report: CycleReport) -> int:
    """What a cycle adds toward the next automatic pass: lines read plus facts added."""
    return report.consumed + report.resolution.count(Action.ADDED)


def should_run(vault: Workspace, report: CycleReport) -> bool:
    """Add the cycle's activity to the counter; True when it crosses ``trigger_every``."""
    state = upkeep_state(vault)
    counters = state.load()
    total = counters.since_last_pass + count_activity(report)
    if total != counters.since_last_pass:
        state.save(UpkeepCounters(total, counters.last_pass))
    every = vault.config.upkeep.trigger_every
    return every > 0 and total >= every


# -- the recall log across a crash -------------------------------------------------------


def _last_fold_stamp(vault: Workspace) -> str | None:
    if not vault.repo.has_commits:
        return None
    for commit in vault.repo.repo.iter_commits("HEAD", max_count=1, grep=f"^{SUBJECT_PREFIX}"):
        for line in str(commit.message).splitlines():
            if line.startswith(FOLDED_TRAILER):
                return line.removeprefix(FOLDED_TRAILER).strip()
    return None


def _unfinished_fold(vault: Workspace, log: AccessLog) -> int:
    """Bytes at the head of the log that a committed pass folded but did not drop."""
    stamp = _last_fold_stamp(vault)
    if stamp and log.head_matches(stamp):
        return int(stamp.split(" ", 1)[0])
    return 0


def _finish_interrupted_fold(vault: Workspace, log: AccessLog) -> None:
    size = _unfinished_fold(vault, log)
    if size:
        log.drop(AccessBatch(size=size))


# -- the commit message ------------------------------------------------------------------


def consolidation_message(plan: ConsolidationPlan, batch: AccessBatch) -> str:
    """E.g. ``consolidate: 3 archived, 1 merged, 12 decayed`` plus one line per change."""
    lines: list[str] = []
    for rule, label in (
        (Rule.ARCHIVED, "Archived"),
        (Rule.MERGED, "Merged"),
        (Rule.DEDUPED, "Deduped"),
        (Rule.DECAYED, "Decayed"),
        (Rule.RECALLED, "Recalled"),
    ):
        lines.extend(_details(label, plan.of(rule)))
    trailers = [f"Upkeep-Clock: {_iso(plan.now)}"]
    if batch.size:
        trailers.append(f"{FOLDED_TRAILER}{batch.stamp}")
    body = "\n".join(lines)
    return (
        f"{SUBJECT_PREFIX}{plan.summary()}\n\n" + (body + "\n\n" if body else "") + "\n".join(trailers) + "\n"
    )


def _details(label: str, steps: Sequence[Step]) -> list[str]:
    shown = [f"{label}: {s.after.id} {s.reason}" for s in steps[:MAX_DETAILS]]
    if len(steps) > MAX_DETAILS:
        shown.append(f"{label}: +{len(steps) - MAX_DETAILS} more")
    return shown


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def consolidate_with(
    vault: Workspace, similar: PairFinder | Literal["auto", "off"], *, dry_run: bool
) -> ConsolidationReport:
    """``consolidate`` with the pair finder chosen by name: "auto" (this vault's embedder,
    :func:`similarity_for`), "off" (no dedupe), or a finder of the caller's."""
    if similar == "off":
        return consolidate(vault, None, dry_run=dry_run, similarity="off")
    if similar == "auto":
        finder, label = similarity_for(vault)
        return consolidate(vault, finder, dry_run=dry_run, similarity=label)
    return consolidate(vault, similar, dry_run=dry_run, similarity="given")


def similarity_for(vault: Workspace) -> tuple[PairFinder | None, str]:
    """How this vault compares items, or None and why (dedupe and merge are then skipped).

    With the recall projection registered, the vectors already in its index are reused
    (only texts it lacks are embedded); otherwise the configured embedder embeds them.
    """
    try:
        from vaultweave.weaver.recall.projection import choose_embedder, recall_projection
        from vaultweave.weaver.upkeep.similar import embedding_pairs, index_pairs
    except ImportError as exc:
        return None, f"off (recall extra not installed: {exc.name or exc})"
    projection = recall_projection(vault)
    if projection is not None:
        return index_pairs(projection), f"embeddings (recall index, {choose_embedder(vault)})"
    from vaultweave.store.embeddings.base import load_embedder

    backend = choose_embedder(vault)
    try:
        embedder = load_embedder(backend)
    except VaultError as exc:
        return None, f"off ({exc})"
    return embedding_pairs(embedder), f"embeddings ({backend})"
