"""One weave cycle: read -> extract -> resolve -> write items -> render -> index -> commit -> cursor.

Crash safety comes from the order of these steps. Nothing before the commit is trusted:
the next cycle first puts items/ and the weaver's own Markdown back as they are at HEAD,
then redoes the same lines from the unmoved cursor. Item ids are deterministic and a
fact's sources record what was applied, so redoing after a commit changes nothing.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from store.atomic import atomic_write_text
from store.errors import UnsafeNameError
from store.item import Item
from store.paths import safe_name
from store.resources import LineProblem, Resource, ScanResult, scan
from store.state import Cursor
from weaver.commit_message import weave_message
from weaver.extract.base import Candidate, Extractor
from weaver.render import render_category, render_index
from weaver.resolve import Change, Resolution, plan_resolution

if TYPE_CHECKING:
    from weaver.upkeep.run import ConsolidationReport
    from weaver.vault import Vault

MARKDOWN_PATHS = ("categories", "index.md")
FALLBACK_CATEGORY = "general"


class Projection(Protocol):
    """A derived index kept in step with the tiers (search indexes implement this)."""

    def apply(self, changed: Sequence[Item], resources: Sequence[Resource]) -> None: ...


class CycleAdvisor(Protocol):
    """Optional help in a cycle (the LLM path): resolution, summaries, commit trailers."""

    def resolve(
        self, candidates: Sequence[Candidate], existing: Mapping[str, Item], observed_at: datetime
    ) -> Resolution: ...

    def summary(self, category: str, items: Sequence[Item]) -> str | None: ...

    def trailers(self) -> list[str]: ...


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
    hand_edited: tuple[str, ...] = ()  # pages left as a person wrote them
    pending: tuple[str, ...] = ()
    consolidation: ConsolidationReport | None = None  # an upkeep pass this cycle triggered

    @property
    def changes(self) -> tuple[Change, ...]:
        return self.resolution.changes

    @property
    def consumed(self) -> int:
        return len(self.resources) + len(self.problems)


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def recover(vault: Vault) -> None:
    """Undo what an interrupted cycle left uncommitted, keeping every hand edit."""
    repo = vault.repo
    if repo.dirty_paths("items"):
        repo.restore("items")
        vault.forget_loaded_items()
    rendered = vault.state.load_rendered()
    ours = []
    for rel in repo.dirty_paths(*MARKDOWN_PATHS):
        path = vault.paths.root / rel
        if path.exists() and rendered.get(rel) == content_hash(path.read_text(encoding="utf-8")):
            ours.append(rel)
    if ours:
        repo.restore(*ours)


def hand_edited_pages(vault: Vault) -> list[str]:
    """Markdown pages that differ both from HEAD and from the weaver's last render."""
    rendered = vault.state.load_rendered()
    edited = []
    for rel in vault.repo.dirty_paths(*MARKDOWN_PATHS):
        path = vault.paths.root / rel
        if not path.exists() or rendered.get(rel) != content_hash(path.read_text(encoding="utf-8")):
            edited.append(rel)
    return edited


def run_cycle(
    vault: Vault,
    extractor: Extractor,
    projections: Iterable[Projection] = (),
    hooks: CycleHooks | None = None,
    advisor: CycleAdvisor | None = None,
) -> CycleReport:
    """Run one cycle under the caller's lock. Returns what it did (commit None: no change)."""
    hooks = hooks or CycleHooks()
    recover(vault)
    cursor = vault.state.load_cursor()
    scanned: ScanResult = scan(
        vault.paths, cursor.positions, vault.config.weaver.max_lines_per_cycle
    )
    now = vault.clock()
    candidates = [_with_usable_category(c) for c in extractor.extract(scanned.resources)]
    existing = vault.loaded_items()
    if advisor is not None:
        resolution = advisor.resolve(candidates, existing, now)
    else:
        resolution = plan_resolution(candidates, existing, observed_at=now)

    previous = resolution.previous_items
    vault.files.write_many((item, previous[item.id]) for item in resolution.final_items.values())
    vault.remember_items(resolution.final_items.values())
    _call(hooks.after_items)

    categories, hand_edited = (
        _render(vault, resolution, now, advisor) if resolution.changes else ((), ())
    )
    _call(hooks.after_markdown)

    for projection in projections:
        projection.apply(list(resolution.final_items.values()), scanned.resources)

    consumed_files = sorted({r.path for r in scanned.resources} | {p.path for p in scanned.problems})
    extra = advisor.trailers() if advisor is not None else ()
    message = weave_message(resolution, scanned, extractor.name, extra)
    _call(hooks.before_commit)
    commit = None
    if scanned.consumed_lines or resolution.changes:
        commit = vault.repo.commit(message, ("items", *MARKDOWN_PATHS, *consumed_files))
    vault.state.add_problems(list(scanned.problems))
    vault.state.save_cursor(Cursor(scanned.positions, commit or vault.repo.head_sha()))
    return CycleReport(
        commit=commit,
        message=message if commit else "",
        resources=scanned.resources,
        problems=scanned.problems,
        candidates=tuple(candidates),
        resolution=resolution,
        categories=tuple(categories),
        hand_edited=tuple(hand_edited),
        pending=scanned.pending,
    )


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


def render_touched(
    vault: Vault, resolution: Resolution, now: datetime
) -> tuple[list[str], list[str]]:
    """Re-render the categories ``resolution`` touched and index.md, sparing hand-edited pages.

    Returns (categories written, pages left as a person wrote them). For writers outside
    the cycle (e.g. ``Vault.forget``) that change items under the lock.
    """
    return _render(vault, resolution, now)


def _render(
    vault: Vault, resolution: Resolution, now: datetime, advisor: CycleAdvisor | None = None
) -> tuple[list[str], list[str]]:
    return render_categories(vault, resolution.touched_categories, now, advisor)


def render_categories(
    vault: Vault, categories: Iterable[str], now: datetime, advisor: CycleAdvisor | None = None
) -> tuple[list[str], list[str]]:
    """Re-render these category pages and index.md from the loaded items.

    Pages a person has edited since the last render are left alone and returned second.
    """
    items = vault.loaded_items()
    by_category: dict[str, list[Item]] = defaultdict(list)
    subjects_of: dict[str, set[str]] = defaultdict(set)
    for item in items.values():
        by_category[item.category].append(item)
        subjects_of[item.category].add(item.subject.casefold())
    edited = set(hand_edited_pages(vault))
    pages: list[tuple[Path, str, str]] = []
    written: list[str] = []
    skipped: list[str] = []
    for category in sorted(set(categories)):
        path = vault.paths.category_file(category)
        rel = vault.paths.relative(path)
        if rel in edited:
            skipped.append(rel)
            continue
        related = [c for c, s in subjects_of.items() if c != category and s & subjects_of[category]]
        members = by_category.get(category, [])
        summary = advisor.summary(category, members) if advisor is not None else None
        text = render_category(category, members, now, items, related, summary=summary)
        pages.append((path, rel, text))
        written.append(category)
    index_rel = vault.paths.relative(vault.paths.index_md)
    if index_rel in edited:
        skipped.append(index_rel)
    else:
        text = render_index(vault.config.vault.name, items.values(), now)
        pages.append((vault.paths.index_md, index_rel, text))
    # Record the hashes before writing: a page found dirty with a recorded hash is ours.
    rendered = vault.state.load_rendered()
    rendered.update({rel: content_hash(text) for _, rel, text in pages})
    vault.state.save_rendered(rendered)
    for path, _, text in pages:
        atomic_write_text(path, text)
    return written, skipped
