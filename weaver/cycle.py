"""One weave cycle: read -> extract -> resolve -> write items -> render -> index -> commit -> cursor.

Crash safety comes from the order of these steps. Nothing before the commit is trusted:
the next cycle first puts items/ and the weaver's own Markdown back as they are at HEAD,
then redoes the same lines from the unmoved cursor. Item ids are deterministic and a
fact's sources record what was applied, so redoing after a commit changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.paths import safe_name
from vaultweave.store.resources import FilePosition, LineProblem, Resource, ScanResult, lines_before, scan
from vaultweave.store.state import Cursor
from vaultweave.weaver.commit_message import weave_message
from vaultweave.weaver.conversations import write_conversation_pages
from vaultweave.weaver.cursor_sync import checked_cursor, reconcile_cursor
from vaultweave.weaver.entity_pages import write_entity_pages
from vaultweave.weaver.extract.base import Candidate, Extractor, extract_in_context
from vaultweave.weaver.item_index import item_index
from vaultweave.weaver.markdown_parse import PageProblem
from vaultweave.weaver.pages import (
    MARKDOWN_PATHS as MARKDOWN_PATHS,
)
from vaultweave.weaver.pages import (
    HandEditReport,
    apply_hand_edits,
    write_pages,
)
from vaultweave.weaver.resolve import Change, Resolution, plan_resolution
from vaultweave.weaver.transaction import (
    CycleAdvisor,
    commit_outside_cycle,
    recover,
    render_categories,
)
from vaultweave.weaver.upkeep.report import ConsolidationReport
from vaultweave.weaver.workspace import Projection, Workspace, line_limits

__all__ = [
    "CycleAdvisor",
    "CycleHooks",
    "CycleReport",
    "Projection",
    "commit_outside_cycle",
    "recover",
    "render_categories",
    "run_cycle",
]

FALLBACK_CATEGORY = "general"


@dataclass(frozen=True)
class CycleHooks:
    """Called between stages; tests use them to abort a cycle at a chosen point."""

    after_items: Callable[[], None] | None = None
    after_markdown: Callable[[], None] | None = None
    before_commit: Callable[[], None] | None = None


@dataclass(frozen=True)
class CycleReport:
    commit: str | None = None
    message: str = ""
    resources: tuple[Resource, ...] = ()
    problems: tuple[LineProblem, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    resolution: Resolution = field(default_factory=Resolution)
    categories: tuple[str, ...] = ()
    hand_edited: tuple[str, ...] = ()  # pages left as a person wrote them (unreadable)
    pending: tuple[str, ...] = ()
    edit: HandEditReport = field(default_factory=HandEditReport)  # hand edits taken in
    page_problems: tuple[PageProblem, ...] = ()
    consolidation: ConsolidationReport | None = None  # an upkeep pass this cycle triggered
    # Parts of model replies refused as outside their turn's scope, at the turn's file:line.
    llm_refused: tuple[LineProblem, ...] = ()

    @property
    def changes(self) -> tuple[Change, ...]:
        return self.resolution.changes

    @property
    def consumed(self) -> int:
        return len(self.resources) + len(self.problems)


def _extract(
    vault: Workspace, extractor: Extractor, scanned: ScanResult, consumed: dict[str, FilePosition]
) -> list[Candidate]:
    """The extractor's candidates; one that reads context also gets the turns woven just
    before these in the same files (a reply is read with its question)."""
    if not getattr(extractor, "reads_earlier", False):
        return extractor.extract(scanned.resources)
    files = {r.path for r in scanned.resources}
    earlier = lines_before(vault.paths, consumed, files, line_limits(vault))
    return extract_in_context(extractor, scanned.resources, earlier)


def run_cycle(
    vault: Workspace,
    extractor: Extractor,
    projections: Iterable[Projection] = (),
    hooks: CycleHooks | None = None,
    advisor: CycleAdvisor | None = None,
) -> CycleReport:
    """Run one cycle under the caller's lock. Returns what it did (commit None: no change)."""
    hooks = hooks or CycleHooks()
    clean, vault.known_clean = vault.known_clean, False  # until this cycle has committed
    recover(vault, clean)
    now = vault.clock()
    edit = apply_hand_edits(vault, now, clean)
    cursor = reconcile_cursor(vault, checked_cursor(vault))
    scanned: ScanResult = scan(
        vault.paths, cursor.positions, vault.config.weaver.max_lines_per_cycle, line_limits(vault)
    )
    candidates = [_with_usable_category(c) for c in _extract(vault, extractor, scanned, cursor.positions)]
    existing = vault.loaded_items()
    if advisor is not None:
        resolution = advisor.resolve(candidates, existing, now)
    else:
        # Only facts with a candidate's key can be touched: the same plan, without
        # walking every item in a large vault.
        relevant = item_index(vault).relevant(candidates, existing)
        resolution = plan_resolution(candidates, relevant, observed_at=now)

    previous = resolution.previous_items
    item_paths: list[str] = []
    for item in resolution.final_items.values():
        before = previous[item.id]
        vault.files.write(item, before)
        item_paths.append(vault.paths.relative(vault.files.path_of(item)))
        if before is not None and before.category != item.category:
            item_paths.append(vault.paths.relative(vault.files.path_of(before)))
    vault.remember_items(resolution.final_items.values())
    _call(hooks.after_items)

    categories: set[str] = set(edit.render)
    if resolution.changes:
        categories |= resolution.touched_categories
    summary = advisor.summary if advisor is not None else None
    pages = (
        write_pages(vault, categories, now, edit.trusted, edit.blocked, summary)
        if categories
        else None
    )
    _call(hooks.after_markdown)

    changed = dict(edit.plan.resolution.final_items) if edit.plan is not None else {}
    changed.update(resolution.final_items)  # hand-stated facts are searchable at once too
    for projection in projections:
        projection.apply(list(changed.values()), scanned.resources)

    consumed_files = sorted(
        {r.path for r in scanned.resources} | {p.path for p in scanned.problems}
    )
    read_to = {rel: scanned.positions[rel].offset for rel in consumed_files}
    written = list(pages.written) if pages else []
    befores = [i for i in resolution.previous_items.values() if i is not None]
    written += write_entity_pages(
        vault, [*changed.values(), *befores], edit.entities, edit.blocked, edit.trusted
    )
    written += write_conversation_pages(vault, read_to)  # the days these lines came from
    written += _digest_pages(vault, projections, scanned.resources, advisor)
    extra = advisor.trailers() if advisor is not None else ()
    message = weave_message(resolution, scanned, extractor.name, extra)
    if not scanned.consumed_lines and not resolution.changes and written:
        message = "render: " + ", ".join(written) + " after hand edit\n"
    _call(hooks.before_commit)
    vault.state.add_problems(list(scanned.problems))  # before the commit: a kill after it keeps them
    commit = None
    if scanned.consumed_lines or resolution.changes or written:
        commit = vault.repo.commit_exact(message, [*item_paths, *written], read_to)
    vault.state.save_cursor(Cursor(scanned.positions, commit or vault.repo.head_sha()))
    vault.known_clean = True
    return CycleReport(
        commit=commit,
        message=message if commit else "",
        resources=scanned.resources,
        problems=scanned.problems,
        candidates=tuple(candidates),
        resolution=resolution,
        categories=tuple(
            sorted(p[11:-3] for p in written if p.startswith("categories/"))
        ),
        hand_edited=tuple(edit.blocked) + tuple(pages.skipped if pages else ()),
        pending=scanned.pending,
        edit=edit,
        page_problems=edit.problems,
        llm_refused=advisor.refusals() if advisor is not None else (),
    )


def _digest_pages(
    vault: Workspace,
    projections: Iterable[Projection],
    resources: Sequence[Resource],
    advisor: CycleAdvisor | None,
) -> list[str]:
    """Re-make the digests of the sessions and weeks the new turns fall in (after the
    recall projection has indexed them: digests are made from the index's turn vectors)."""
    if not resources or not vault.config.digests.enabled:
        return []
    from vaultweave.weaver.recall.projection import RecallProjection

    for projection in projections:
        if isinstance(projection, RecallProjection):
            from vaultweave.weaver.digests.refresh import as_turn, refresh_digests

            turns = [as_turn(r) for r in resources]
            summarize = advisor.digest_summary if advisor is not None else None
            return refresh_digests(vault, projection.index, turns, vault.loaded_items(), summarize=summarize)
    return []


def _with_usable_category(candidate: Candidate) -> Candidate:
    """A category that cannot become a file name (e.g. "..") files the fact under general."""
    try:
        safe_name(candidate.category)
    except UnsafeNameError:
        return replace(candidate, category=FALLBACK_CATEGORY)
    return candidate


def _call(hook: Callable[[], None] | None) -> None:
    if hook is not None:
        hook()



