"""Every page problem in a vault, with file and line, for ``status`` and ``doctor``.

Read-only: the same checks a weave applies before taking a hand edit in (see
page_files, markdown_parse, handedits, page_names), over every page on disk, so a
person sees what keeps a page out without running a weave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaultweave.weaver.handedits import PageEdit, page_id_problems
from vaultweave.weaver.markdown_parse import PageProblem, parse_page
from vaultweave.weaver.page_files import UnreadablePage, read_page
from vaultweave.weaver.page_names import plan_renames

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
    return sorted(set(problems), key=lambda p: (p.path, p.line, p.reason))
