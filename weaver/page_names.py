"""Pages a person created under a name the weaver would not give them.

The file of a category is ``categories/<safe_name(category)>.md``, and ``safe_name`` is
a fixed point, so a page's stem names its own category. A page saved as
``Untitled.md``, ``Work Stuff.md`` or ``Ｗｏｒｋ.md`` breaks that: its facts would be
rendered to ``untitled.md`` while the person's file stays, and be taken in again from it
on every edit. Such a page is moved to its safe name first (the category keeps the name
the person gave: "Work Stuff"), in the same commit as its facts; when a page of that
name exists already, the odd page is left as it is and reported.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.sanitize import one_line, safe_name
from vaultweave.weaver.markdown_parse import PageProblem


@dataclass(frozen=True)
class PageRename:
    old: str  # categories/Work Stuff.md
    new: str  # categories/work-stuff.md
    name: str  # "Work Stuff": the category name the person's file name gave


@dataclass(frozen=True)
class RenamePlan:
    renames: tuple[PageRename, ...] = ()
    problems: tuple[PageProblem, ...] = ()


def odd_stem(rel: str) -> str | None:
    """The stem of ``categories/<stem>.md`` when it is not its own safe name, else None."""
    folder, _, name = rel.rpartition("/")
    if folder != "categories" or not name.endswith(".md"):
        return None
    stem = name.removesuffix(".md")
    try:
        return None if safe_name(stem) == stem else stem
    except UnsafeNameError:
        return stem


def plan_renames(rels: Iterable[str], taken: Callable[[str, str], bool]) -> RenamePlan:
    """Renames for the odd-named pages among ``rels``.

    ``taken(old, new)``: whether ``new`` is a different page that exists already.
    """
    renames: list[PageRename] = []
    problems: list[PageProblem] = []
    claimed: set[str] = set()
    for rel in sorted(rels):
        stem = odd_stem(rel)
        if stem is None:
            continue
        try:
            new = f"categories/{safe_name(stem)}.md"
        except UnsafeNameError:
            problems.append(PageProblem(rel, 1, "no usable category name in the file name; rename it"))
            continue
        if new in claimed or taken(rel, new):
            problems.append(
                PageProblem(
                    rel,
                    1,
                    f"its category's page is {new}, which exists: move these bullets there",
                )
            )
            continue
        claimed.add(new)
        name = one_line(unicodedata.normalize("NFKC", stem)) or new[11:-3]
        renames.append(PageRename(rel, new, name))
    return RenamePlan(tuple(renames), tuple(problems))
