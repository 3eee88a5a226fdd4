"""Re-rendering a page without losing what a person wrote in it.

The weaver renders a fresh page, then merges it into the page on disk: every managed
segment (front matter, title, summary, fact lists, footer) is replaced by its fresh
version, every free segment stays exactly where and as it was. Front-matter keys a
person added are kept. A fact list keeps the notes a person wrote under a bullet,
under the same fact; notes whose fact left the list go to the end of the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import yaml
from vaultweave.weaver.markdown_parse import YAML_LOADER, ParsedPage, Segment, parse_page

_TAIL_ID = re.compile(r" \^([A-Za-z0-9-]+)$")
# Front-matter keys the weaver wrote once and no longer does; not a person's to keep.
RETIRED_KEYS = frozenset({"counts"})  # a nested mapping, now flat current/history/archived


def merge_into(
    existing: str | None,
    fresh: str,
    path: str,
    *,
    index: bool = False,
    parse: Callable[[str, str], ParsedPage] | None = None,
) -> str:
    """The fresh render with the free text of ``existing`` kept verbatim. ``parse`` reads
    another kind of page (entity pages); category pages and index.md by default."""
    if existing is None or existing == fresh:
        return fresh
    read = parse or (lambda text, rel: parse_page(text, rel, index=index))
    old = read(existing, path)
    new = read(fresh, path)
    if old.problems:
        raise ValueError(f"cannot merge into an unreadable page: {old.problems[0]}")
    return merge_pages(old, new)


def merge_pages(old: ParsedPage, new: ParsedPage) -> str:
    fresh = {s.key: s for s in new.segments if s.key is not None}
    order = [s.key for s in new.segments if s.key is not None]
    present = {s.key for s in old.segments if s.key is not None}
    out: list[str] = []
    emitted: set[str] = set()
    # Notes under a bullet follow its fact, even into another section.
    placed = {i for s in new.segments for i in s.bullet_ids}
    notes = {k: v for s in old.segments for k, v in s.attached if k in placed}

    def emit_new(key: str) -> None:
        lines = fresh[key].lines
        if key.startswith("facts:"):
            lines = tuple(_merge_facts(Segment(key, ()), fresh[key], notes, placed))
        _emit_block(out, lines)
        emitted.add(key)

    def insert_missing_before(key: str) -> None:
        for earlier in order[: order.index(key)]:
            if earlier not in present and earlier not in emitted:
                emit_new(earlier)

    for segment in old.segments:
        if segment.key is None:
            out.extend(segment.lines)
            continue
        if segment.key not in fresh or segment.key in emitted:
            # Managed content the fresh render no longer has; notes under it survive.
            out.extend(ln for k, lines in segment.attached if k not in placed for ln in lines)
            continue
        insert_missing_before(segment.key)
        emitted.add(segment.key)
        if segment.key == "front":
            out.extend(_merge_front(old.front, fresh["front"]))
        elif segment.key.startswith("facts:"):
            out.extend(_merge_facts(segment, fresh[segment.key], notes, placed))
        else:
            out.extend(fresh[segment.key].lines)
    for key in order:
        if key not in emitted:
            emit_new(key)
    while out and out[-1] == "" and len(out) > 1 and out[-2] == "":
        out.pop()
    return "\n".join(out) + ("\n" if old.trailing_newline or not out else "")


def _emit_block(out: list[str], lines: tuple[str, ...]) -> None:
    if out and out[-1].strip():
        out.append("")
    out.extend(lines)
    out.append("")


def _merge_front(old_front: dict[str, Any], fresh: Segment) -> list[str]:
    ours = yaml.load("\n".join(fresh.lines[1:-1]), Loader=YAML_LOADER) or {}
    extra = {k: v for k, v in old_front.items() if k not in ours and k not in RETIRED_KEYS}
    if not extra:
        return list(fresh.lines)
    dumped = yaml.safe_dump({**ours, **extra}, sort_keys=False, allow_unicode=True)
    return ["---", *dumped.rstrip("\n").split("\n"), "---"]


def _merge_facts(
    old: Segment, fresh: Segment, notes: dict[str, tuple[str, ...]], placed: set[str]
) -> list[str]:
    """The fresh list, each bullet followed by the notes written under it."""
    own = dict(old.attached)
    out: list[str] = list(own.pop("", ()))  # lines under a placeholder stay at the top
    for line in fresh.lines:
        out.append(line)
        block = _TAIL_ID.search(line)
        if block and notes:
            out.extend(notes.pop(block.group(1), ()))
    for key, lines in own.items():  # notes whose fact is gone from every list stay here
        if key not in placed:
            out.extend(lines)
    return out
