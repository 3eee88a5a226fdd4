"""Every page problem in a vault, with file and line, for ``status`` and ``doctor``.

Read-only: the same checks a weave applies before taking a hand edit in (see
page_files, markdown_parse, handedits, page_names; entity_parse and entity_edits for
entity pages), over every page on disk, so a person sees what keeps a page out without
running a weave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaultweave.weaver.entity_edits import FOLDER as ENTITY_FOLDER
from vaultweave.weaver.entity_edits import EntityEdit, plan_entity_edits
from vaultweave.weaver.entity_parse import parse_entity_page
from vaultweave.weaver.handedits import PageEdit, page_id_problems
from vaultweave.weaver.markdown_parse import PageProblem, parse_page
from vaultweave.weaver.page_files import UnreadablePage, read_page
from vaultweave.weaver.page_names import plan_renames
from vaultweave.weaver.pages import entity_stems, hand_edited, is_entity_rel, parse_base

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

INDEX_REL = "index.md"


def page_rels(vault: Workspace) -> list[str]:
    """Every Markdown page on disk (links included: they are reported, not followed)."""
    rels = [INDEX_REL] if vault.paths.index_md.is_symlink() or vault.paths.index_md.exists() else []
    folder = vault.paths.categories
    if folder.is_dir() and not folder.is_symlink():
        rels += sorted(f"categories/{p.name}" for p in folder.iterdir() if p.name.endswith(".md"))
    elif folder.is_symlink():
        rels.append("categories/")
    return rels


def page_problems(vault: Workspace) -> list[PageProblem]:
    root = vault.paths.root
    problems: list[PageProblem] = []
    edits: list[PageEdit] = []
    readable: list[str] = []
    for rel in page_rels(vault):
        if rel == "categories/":
            problems.append(PageProblem(rel, 1, "a symbolic link; pages are never read through links"))
            continue
        try:
            text = read_page(root, rel)
        except UnreadablePage as exc:
            problems.append(exc.problem)
            continue
        if text is None:
            continue
        parsed = parse_page(text, rel, index=rel == INDEX_REL)
        problems.extend(parsed.problems)
        if rel != INDEX_REL and parsed.ok:
            readable.append(rel)
            edits.append(PageEdit(rel, parsed, None))
    problems.extend(page_id_problems(edits, vault.loaded_items()))
    renames = plan_renames(readable, lambda _old, new: (root / new).exists())
    problems.extend(renames.problems)
    problems.extend(
        PageProblem(r.old, 1, f"not a page name; the next weave moves it to {r.new}")
        for r in renames.renames
    )
    problems.extend(entity_page_problems(vault))
    return sorted(set(problems), key=lambda p: (p.path, p.line, p.reason))


def entity_page_problems(vault: Workspace) -> list[PageProblem]:
    """What keeps entity pages out: unreadable or unparsable pages, and for the pages
    edited by hand, what their edits cannot map (as a weave would plan them)."""
    folder = vault.paths.root / ENTITY_FOLDER
    if folder.is_symlink():
        return [PageProblem(f"{ENTITY_FOLDER}/", 1, "a symbolic link; pages are never read through links")]
    edited = {rel for rel in hand_edited(vault) if is_entity_rel(rel)}
    on_disk = {f"{ENTITY_FOLDER}/{stem}.md" for stem in entity_stems(vault)}
    problems: list[PageProblem] = []
    edits: list[EntityEdit] = []
    for rel in sorted(on_disk | edited):
        try:
            text = read_page(vault.paths.root, rel)
        except UnreadablePage as exc:
            problems.append(exc.problem)
            continue
        page = parse_entity_page(text, rel) if text is not None else None
        if page is not None and not page.ok:
            problems.extend(page.problems)
        elif rel in edited:
            edits.append(EntityEdit(rel, page, parse_base(vault, rel)))
    items = vault.loaded_items()
    plan = plan_entity_edits(edits, items, vault.clock(), vault.repo.head_sha(), stray=entity_stems(vault))
    return [*problems, *plan.problems]
