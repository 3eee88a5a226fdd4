"""Tier 3: category pages and index.md, rendered with jinja2 from the items."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache

import jinja2
import yaml
from vaultweave.store.item import Item, Status
from vaultweave.store.sanitize import fact_text, one_line, safe_name
from vaultweave.weaver.markdown_parse import SUMMARY_MARK, is_tag
from vaultweave.weaver.turn_links import turn_links, turn_target


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("vaultweave.templates", ""),
        autoescape=False,  # Markdown, not HTML
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def template(name: str) -> jinja2.Template:
    """One of the package's templates (templates/*.j2)."""
    return _environment().get_template(name)


@dataclass(frozen=True)
class FactLine:
    id: str
    text: str
    meta: str
    sources: str = ""  # wikilinks to the turns it came from (weaver/turn_links.py)


def title_of(category: str) -> str:
    name = one_line(category)
    return one_line(name.replace("_", " ").replace("-", " ")).capitalize() or name


def _day(moment: datetime | None) -> str:
    return "" if moment is None else f"{moment.astimezone(timezone.utc):%Y-%m-%d}"


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


_clean = clean_text = fact_text  # one line, no control characters, no stray " ^"


def _fact_line(
    item: Item, by_id: Mapping[str, Item], linked: Callable[[Item, str], str] | None = None
) -> FactLine:
    if item.status is Status.CURRENT:
        meta = f"since {_day(item.valid_from)}"
    elif item.status is Status.ARCHIVED:
        meta = f"since {_day(item.valid_from)}; archived"
    else:
        voided = item.status is Status.RETRACTED and item.valid_to is None  # corrected, reverted
        meta = f"{_day(item.valid_from)}; voided, never held" if voided else (
            f"{_day(item.valid_from)} → {_day(item.valid_to)}"
        )
        successor = by_id.get(item.superseded_by) if item.superseded_by else None
        if successor is not None:
            link = f"{safe_name(successor.category)}#^{successor.id}|{_clean(successor.value)}"
            meta += f"; {'corrected' if voided else 'superseded'} by [[{link}]]"
        elif item.status is Status.RETRACTED and not voided:
            meta += "; retracted"
        elif not item.superseded_by and not voided:
            meta += "; ended"
    if item.doubt:
        meta += f"; {doubt_marker(item)}"
    text = _clean(item.text)
    text = linked(item, text) if linked else text
    tags = " ".join(f"#{tag}" for tag in item.tags if is_tag(tag))  # read back as the tags
    return FactLine(item.id, f"{text} {tags}" if tags else text, meta, turn_links(item.sources))


def doubt_marker(item: Item) -> str:
    """The page marker of a value a later turn put in doubt, linking that turn."""
    if not item.doubt:
        return ""
    target = turn_target(item.doubt)
    return f"⚠ possibly outdated ([[{target}|turn]])" if target else "⚠ possibly outdated"


def _summary(category: str, current: list[Item], history: list[Item]) -> str:
    if not current and not history:
        return "_Nothing known yet._"
    subjects = sorted({i.subject for i in current} or {i.subject for i in history})
    who = ", ".join(one_line(s) for s in subjects)
    if not current:
        return f"No current facts about {who}; {len(history)} in history."
    latest = max(current, key=lambda i: (i.valid_from, i.id))
    return (
        f"{len(current)} current fact{'s' if len(current) != 1 else ''} about {who}"
        f"{f', {len(history)} in history' if history else ''}. "
        f"Most recent: {_clean(latest.text)}"
    )


def render_category(
    category: str,
    items: Iterable[Item],
    updated: datetime,
    by_id: Mapping[str, Item],
    related: Iterable[str] = (),
    summary: str | None = None,
    linked: Callable[[Item, str], str] | None = None,
) -> str:
    """The whole Markdown page of one category. Deterministic for the same inputs.

    ``linked(item, sentence)`` may turn names in a fact's sentence into wikilinks.
    """
    members = list(items)
    current = sorted(
        (i for i in members if i.status is Status.CURRENT),
        key=lambda i: (i.subject.casefold(), i.attribute, i.valid_from, i.id),
    )
    history = sorted(
        (i for i in members if i.status in (Status.HISTORICAL, Status.RETRACTED)),
        key=lambda i: (i.valid_to or i.valid_from, i.id),
        reverse=True,
    )
    archived = sorted(
        (i for i in members if i.status is Status.ARCHIVED), key=lambda i: (i.valid_from, i.id)
    )
    tags = sorted({one_line(t) for i in members for t in i.tags} | {safe_name(category)})
    front = {
        "category": one_line(category),
        "updated": _iso(updated),
        # Flat counts: Obsidian's Properties panel has no type for a nested mapping.
        "current": len(current),
        "history": len(history),
        "archived": len(archived),
        "tags": tags,
        "subjects": sorted({one_line(i.subject) for i in members}),
    }
    # A model's prose is one paragraph marked with a block id, so a paragraph a person
    # writes under the title is never taken for it (the rules' summary has its own shape).
    said = f"{one_line(summary)}{SUMMARY_MARK}" if summary and one_line(summary) else None
    return _environment().get_template("category.md.j2").render(
        front_matter=yaml.safe_dump(front, sort_keys=False, allow_unicode=True),
        title=title_of(category),
        summary=said or _summary(category, current, history),
        current=[_fact_line(i, by_id, linked) for i in current],
        history=[_fact_line(i, by_id, linked) for i in history],
        archived=[_fact_line(i, by_id, linked) for i in archived],
        related=sorted(safe_name(r) for r in related if r != category),
    )


@dataclass(frozen=True)
class CategoryRow:
    link: str
    title: str
    current: int
    history: int


def render_index(vault_name: str, items: Iterable[Item], updated: datetime) -> str:
    counts: dict[str, list[int]] = {}
    for item in items:
        row = counts.setdefault(item.category, [0, 0])
        if item.status is Status.CURRENT:
            row[0] += 1
        elif item.status in (Status.HISTORICAL, Status.RETRACTED):
            row[1] += 1
    return render_index_from_counts(vault_name, {k: (c, h) for k, (c, h) in counts.items()}, updated)


def render_index_from_counts(
    vault_name: str, counts: Mapping[str, tuple[int, int]], updated: datetime
) -> str:
    """index.md from category name -> (current, in history) counts."""
    rows = [
        CategoryRow(f"categories/{safe_name(name)}", title_of(name), c, h)
        for name, (c, h) in sorted(counts.items())
    ]
    front = {"vault": vault_name, "updated": _iso(updated), "categories": len(rows)}
    return _environment().get_template("index.md.j2").render(
        front_matter=yaml.safe_dump(front, sort_keys=False, allow_unicode=True),
        title=vault_name,
        categories=rows,
    )
