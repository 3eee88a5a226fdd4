"""Markdown I/O of a cycle: reading hand edits back, and re-rendering pages by merging.

Hand edits go first in a cycle and get their own commit (``edit: ...``) holding the
page exactly as the person left it plus the items it changed; the pages are then
re-rendered (ids added, counts updated, free text kept) in the cycle's next commit.
If the weaver dies between the two, the next cycle sees an ``edit:`` commit at HEAD
and renders its pages then.

A page is re-rendered only when it is known: its text is what the weaver last wrote or
what it just committed, or it is unchanged since HEAD. A page that changed in the
meantime is left for the next cycle, so a person's newer edit is never overwritten.
"""

from __future__ import annotations

import hashlib
import os
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.item import Item
from vaultweave.store.paths import safe_name
from vaultweave.weaver.entities import linked_text
from vaultweave.weaver.entity_edits import FOLDER as ENTITY_FOLDER
from vaultweave.weaver.entity_edits import EntityEdit
from vaultweave.weaver.entity_parse import parse_entity_page
from vaultweave.weaver.handedits import HandEditPlan, PageEdit, plan_hand_edits
from vaultweave.weaver.item_index import item_index
from vaultweave.weaver.markdown_parse import PageProblem, ParsedPage, parse_page
from vaultweave.weaver.page_files import UnreadablePage, page_digest, read_page
from vaultweave.weaver.page_merge import merge_into
from vaultweave.weaver.page_names import PageRename, plan_renames
from vaultweave.weaver.render import render_category, render_index_from_counts

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

MARKDOWN_PATHS = ("categories", "index.md", ENTITY_FOLDER)
INDEX_REL = "index.md"
REMOVED = "removed"  # recorded for a page the weaver removed (its entity is gone)
STALE = "stale"  # recorded for an entity page a render skipped (left out): render it when it can be


def is_page_rel(rel: str) -> bool:
    """Whether ``rel`` is a page read back: ``index.md``, ``categories/*.md``, ``entities/*.md``."""
    folder, _, name = rel.rpartition("/")
    return rel == INDEX_REL or (folder in ("categories", ENTITY_FOLDER) and name.endswith(".md"))


def is_entity_rel(rel: str) -> bool:
    return rel.startswith(f"{ENTITY_FOLDER}/") and rel.count("/") == 1


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class HandEditReport:
    commit: str | None = None
    message: str = ""
    plan: HandEditPlan | None = None
    render: frozenset[str] = frozenset()  # categories to re-render this cycle
    trusted: dict[str, str] = field(default_factory=dict)  # rel -> hash safe to merge into
    entities: frozenset[str] = frozenset()  # entity pages (stems) to re-render this cycle
    blocked: tuple[str, ...] = ()
    problems: tuple[PageProblem, ...] = ()
    item_paths: tuple[str, ...] = ()


def _read(vault: Workspace, rel: str) -> str | None:
    """A page's text (None: no such file); raises UnreadablePage for what is no page."""
    return read_page(vault.paths.root, rel)


def hand_edited(vault: Workspace, clean: bool = False) -> list[str]:
    """Markdown pages that differ both from HEAD and from the weaver's last render.

    After a cycle of this process committed everything (``clean``) nothing of the
    weaver's is uncommitted, so a page differs from HEAD exactly when it differs from
    the last render: then no git status is needed, only a stat of each page.
    """
    rendered = vault.state.load_rendered()
    if clean:
        return _changed_since_render(vault, rendered)
    edited = []
    for rel in vault.repo.dirty_paths(*MARKDOWN_PATHS):
        if not is_page_rel(rel):
            continue
        recorded = rendered.get(rel)
        if (None if recorded == REMOVED else recorded) != page_digest(vault.paths.root, rel):
            edited.append(rel)
    return edited


_SEEN: weakref.WeakKeyDictionary[Workspace, dict[str, tuple[int, int, str]]] = (
    weakref.WeakKeyDictionary()
)


def _changed_since_render(vault: Workspace, rendered: dict[str, str]) -> list[str]:
    seen = _SEEN.setdefault(vault, {})
    root = vault.paths.root
    on_disk = [INDEX_REL] if vault.paths.index_md.exists() else []
    on_disk += [f"categories/{p.name}" for p in vault.paths.categories.glob("*.md")]
    on_disk += [f"{ENTITY_FOLDER}/{p.name}" for p in (root / ENTITY_FOLDER).glob("*.md")]
    edited = [rel for rel, h in rendered.items() if rel not in on_disk and h != REMOVED]  # deleted
    # New, the state was lost, or owed a render: changed by hand only if it differs from HEAD.
    unknown = [rel for rel in on_disk if rendered.get(rel, STALE) == STALE]
    if unknown:
        edited += vault.repo.dirty_paths(*unknown)
    for rel in on_disk:
        if rel in unknown:
            continue
        try:
            info = (root / rel).lstat()  # a link is judged as itself, never its target
        except FileNotFoundError:
            continue
        known = seen.get(rel)
        if known is None or known[:2] != (info.st_mtime_ns, info.st_size):
            digest = page_digest(root, rel)
            if digest is None:
                continue
            known = (info.st_mtime_ns, info.st_size, digest)
            seen[rel] = known
        if known[2] != rendered.get(rel):
            edited.append(rel)
    return sorted(edited)


def apply_hand_edits(vault: Workspace, now: datetime, clean: bool = False) -> HandEditReport:
    """Read hand-edited pages, turn them into item changes, and commit them as an edit."""
    render: set[str] = set()
    due_entities: set[str] = set()
    trusted: dict[str, str] = {}
    repo = vault.repo
    # An edit whose render did not happen yet (only after an interruption).
    if not clean and repo.head_subject().startswith("edit:"):
        for rel in repo.changed_in("HEAD"):
            render.update(_category_of_path(rel))
            due_entities.update(_entity_of_path(rel))
            text = _readable(vault, rel) if rel.endswith(".md") else None
            if text is not None and text == repo.show_file("HEAD", rel):
                trusted[rel] = content_hash(text)
    rendered = vault.state.load_rendered()
    due_entities.update(s for rel, h in rendered.items() if h == STALE for s in _entity_of_path(rel))
    rels = hand_edited(vault, clean)
    if not rels:
        return HandEditReport(render=frozenset(render), trusted=trusted, entities=frozenset(due_entities))
    head = repo.head_sha()
    texts, refused, renames = _read_edited(vault, rels)
    names = {r.new: r.name for r in renames}
    pages = {
        rel: ParsedPage(rel, problems=(refused[rel],)) if rel in refused else _parse(text, rel)
        for rel, text in [*texts.items(), *((r, None) for r in refused)]
        if rel != INDEX_REL
    }
    edits = [
        PageEdit(rel=rel, page=page, base=parse_base(vault, rel), name=names.get(rel))
        for rel, page in pages.items()
        if not is_entity_rel(rel)
    ]
    entity_edits = [
        EntityEdit(rel=rel, page=page, base=parse_base(vault, rel))
        for rel, page in pages.items()
        if is_entity_rel(rel)
    ]
    items = vault.loaded_items()
    plan = plan_hand_edits(
        edits, items, now, head, vault.config.vault.default_subject, entity_edits, entity_stems(vault)
    )
    index_text = texts.get(INDEX_REL)
    index_problems: tuple[PageProblem, ...] = (
        (refused[INDEX_REL],)
        if INDEX_REL in refused
        else parse_page(index_text, INDEX_REL, index=True).problems if index_text else ()
    )
    index_ok = INDEX_REL in texts and not index_problems
    applied = [*plan.applied, *([INDEX_REL] if index_ok else [])]
    blocked = tuple(sorted({*plan.blocked, *(p.path for p in index_problems)}))
    problems = (*plan.problems, *index_problems)
    if not applied:
        return HandEditReport(
            render=frozenset(render), trusted=trusted, blocked=blocked, problems=problems, plan=plan,
            entities=frozenset(due_entities),
        )
    previous = plan.resolution.previous_items
    item_paths: list[str] = []
    for item in plan.resolution.final_items.values():
        before = previous[item.id]
        vault.files.write(item, before)
        item_paths.append(vault.paths.relative(vault.files.path_of(item)))
        if before is not None and before.category != item.category:
            item_paths.append(vault.paths.relative(vault.files.path_of(before)))
    vault.remember_items(plan.resolution.final_items.values())
    message = plan.message() if plan.applied else "edit: index.md — text only\n\nHand-edit: index.md\n"
    moved = [r.old for r in renames if r.new in applied]
    if moved:
        message += "".join(f"Renamed: {r.old} -> {r.new}\n" for r in renames if r.new in applied)
    commit = repo.commit_exact(message, [*item_paths, *applied, *moved])
    for rel in applied:
        text = texts[rel]
        if text is not None:
            trusted[rel] = content_hash(text)
        render.update(_category_of_path(rel))
        due_entities.update(_entity_of_path(rel))
    render.update(plan.resolution.touched_categories)
    return HandEditReport(
        commit=commit,
        message=message if commit else "",
        plan=plan,
        render=frozenset(render),
        trusted=trusted,
        entities=frozenset(due_entities),
        blocked=blocked,
        problems=problems,
        item_paths=tuple(item_paths),
    )


def _read_edited(
    vault: Workspace, rels: Sequence[str]
) -> tuple[dict[str, str | None], dict[str, PageProblem], tuple[PageRename, ...]]:
    """The edited pages' texts (None: deleted), the pages refused and why, and the
    odd-named pages moved to their safe names (see page_names)."""
    root = vault.paths.root
    texts: dict[str, str | None] = {}
    refused: dict[str, PageProblem] = {}
    for rel in rels:
        try:
            texts[rel] = _read(vault, rel)
        except UnreadablePage as exc:
            refused[rel] = exc.problem
    # Only a page that reads cleanly moves: one left out stays where the person put it.
    present = [
        rel for rel, text in texts.items()
        if text is not None and not is_entity_rel(rel) and parse_page(text, rel).ok
    ]
    plan = plan_renames(present, lambda old, new: _other_page_at(root, old, new))
    for problem in plan.problems:
        refused[problem.path] = problem
        texts.pop(problem.path, None)
    done: list[PageRename] = []
    for rename in plan.renames:
        try:
            os.rename(root / rename.old, root / rename.new)
        except OSError as exc:
            refused[rename.old] = PageProblem(rename.old, 1, f"could not move to {rename.new}: {exc}")
            texts.pop(rename.old, None)
            continue
        texts[rename.new] = texts.pop(rename.old)
        refused.pop(rename.new, None)
        done.append(rename)
    return texts, refused, tuple(done)


def _other_page_at(root: Path, old: str, new: str) -> bool:
    target = root / new
    if not os.path.lexists(target):
        return False
    try:  # the same file on a case-insensitive file system: a rename only changes case
        return not os.path.samefile(root / old, target) or target.is_symlink()
    except OSError:
        return True


def _readable(vault: Workspace, rel: str) -> str | None:
    """A page's text, or None also when it is no readable page (a link, not UTF-8...)."""
    try:
        return _read(vault, rel)
    except UnreadablePage:
        return None


def _parse(text: str | None, rel: str) -> ParsedPage | None:
    """A page as read back (None: deleted): an entity page or a category page."""
    if text is None:
        return None
    return parse_entity_page(text, rel) if is_entity_rel(rel) else parse_page(text, rel)


def parse_base(vault: Workspace, rel: str) -> ParsedPage | None:
    """A page as last committed (None: not at HEAD), read as its kind of page."""
    return _parse(vault.repo.show_file("HEAD", rel), rel)


def entity_stems(vault: Workspace) -> frozenset[str]:
    """Stems of the pages in entities/ (never read through a linked folder)."""
    folder = vault.paths.root / ENTITY_FOLDER
    if folder.is_symlink() or not folder.is_dir():
        return frozenset()
    return frozenset(p.name.removesuffix(".md") for p in folder.iterdir() if p.name.endswith(".md"))


def _entity_of_path(rel: str) -> set[str]:
    """``entities/maya.md`` -> {"maya"}."""
    if not (is_entity_rel(rel) and rel.endswith(".md")):
        return set()
    return {rel.rsplit("/", 1)[-1].removesuffix(".md")}


def _category_of_path(rel: str) -> set[str]:
    """``categories/work.md`` or ``items/work/<id>.pb`` -> {"work"}; index.md -> {""}."""
    parts = rel.split("/")
    if rel == INDEX_REL:
        return {""}
    if parts[0] == "categories" and len(parts) == 2 and parts[1].endswith(".md"):
        return {parts[1].removesuffix(".md")}
    if parts[0] == "items" and len(parts) == 3:
        return {parts[1]}
    return set()


@dataclass(frozen=True)
class PagesWritten:
    written: tuple[str, ...]  # vault-relative paths
    skipped: tuple[str, ...]  # changed by someone while the cycle ran; left for the next


def write_pages(
    vault: Workspace,
    categories: Iterable[str],
    now: datetime,
    trusted: dict[str, str] | None = None,
    blocked: Iterable[str] = (),
    summary: Callable[[str, Sequence[Item]], str | None] | None = None,
) -> PagesWritten:
    """Re-render these categories (names or file stems) and index.md, merging into each page."""
    items = vault.loaded_items()
    index = item_index(vault)
    wanted = {safe_name(c) for c in categories if c}
    rendered = vault.state.load_rendered()
    known = dict(trusted or {})
    skip = set(blocked)

    def dirty(rel: str) -> bool:
        return bool(vault.repo.dirty_paths(rel))

    pages: list[tuple[Path, str, str, str | None]] = []  # path, rel, new text, text merged into
    skipped: list[str] = []
    for stem in sorted(wanted):
        path = vault.paths.categories / f"{stem}.md"
        rel = f"categories/{stem}.md"
        if rel in skip:
            continue
        related = index.related(stem)
        name, members = index.names.get(stem, stem), index.members(stem, items)
        if not members and not os.path.lexists(path):
            continue  # no facts and no page (its facts moved away with a renamed page)
        prose = summary(name, members) if summary is not None else None
        fresh = render_category(name, members, now, items, related, summary=prose, linked=linked_text)
        merged = merged_page(vault.paths.root, rel, fresh, rendered, known, dirty, index=False)
        if merged is None:
            skipped.append(rel)
        else:
            pages.append((path, rel, merged[1], merged[0]))
    if INDEX_REL not in skip:
        fresh = render_index_from_counts(vault.config.vault.name, index.index_counts(), now)
        merged = merged_page(vault.paths.root, INDEX_REL, fresh, rendered, known, dirty, index=True)
        if merged is None:
            skipped.append(INDEX_REL)
        else:
            pages.append((vault.paths.index_md, INDEX_REL, merged[1], merged[0]))
    # Record the hashes before writing: a page found dirty with a recorded hash is ours.
    rendered.update({rel: content_hash(text) for _, rel, text, _ in pages})
    vault.state.save_rendered(rendered)
    written = []
    for path, rel, text, before in pages:
        on_disk = _readable(vault, rel)
        if on_disk != before:
            skipped.append(rel)  # saved by someone while we rendered: theirs stands
        elif on_disk != text:
            atomic_write_text(path, text)
            written.append(rel)
    return PagesWritten(tuple(written), tuple(skipped))


def merged_page(
    root: Path,
    rel: str,
    fresh: str,
    rendered: dict[str, str],
    trusted: dict[str, str],
    dirty: Callable[[str], bool],
    *,
    index: bool = False,
    parse: Callable[[str, str], ParsedPage] | None = None,
) -> tuple[str | None, str] | None:
    """(the page as read, the merged page), or None when the page is not ours to rewrite.
    ``parse`` reads another kind of page (entity pages); category pages by default."""
    try:
        existing = read_page(root, rel)
    except UnreadablePage:
        return None  # reported by the hand-edit pass; never written over or through
    if existing is None:
        return None, fresh
    digest = content_hash(existing)
    known = digest in (rendered.get(rel), trusted.get(rel)) or rel not in rendered
    # An unknown page: someone changed it since we looked (not ours to overwrite), or a
    # weaver was killed after recording a render it never wrote (then it is as committed).
    if not known and dirty(rel):
        return None
    parsed = parse(existing, rel) if parse is not None else parse_page(existing, rel, index=index)
    if parsed.problems:
        return None
    return existing, merge_into(existing, fresh, rel, index=index, parse=parse)
