"""Reading entity pages back (templates/entity.md.j2), with the category pages' parts.

An entity page is cut into the same segments as a category page (weaver/markdown_parse.py),
so the same merge keeps a person's free text (weaver/page_merge.py). Managed: the front
matter, the ``# Name`` title, the banner under it, ``## Current`` and its fact list, and
three records written from the facts: ``## Relations``, ``## History`` (with its
``### attribute`` headings) and ``## Timeline`` (Mermaid), each running to the next
``## `` heading. Everything else is free text.

A fact bullet reads ``- <attribute>: <value> [#tags] _(<meta>)_ [[categories/<c>#^<id>|fact]] ^<id>``.
The block id names the item; a page rendered before block ids were written is read by
the id in its fact link. The value keeps its wikilinks (``[[openai|OpenAI]]``):
weaver/entity_edits.py reads them. Nothing here guesses: what cannot be mapped is a
``PageProblem`` with file and line.
"""

from __future__ import annotations

import re

from vaultweave.weaver.markdown_parse import (
    PLACEHOLDERS,
    FactBullet,
    PageProblem,
    ParsedPage,
    SegmentBuilder,
    read_fact_list,
    read_front_matter,
)

RECORDS = ("relations", "history", "timeline")  # written from the facts, never read back
BANNER = "> Written by vaultweave"
_BULLET = re.compile(r"^[-*+] (?P<body>.*)$")
_BLOCK_ID = re.compile(r"\s\^(?P<id>\S*)\s*$")
_FACT_LINK = re.compile(r"\s*\[\[categories/[^\[\]|#]*#\^(?P<id>[A-Za-z0-9-]*)\|[^\[\]]*\]\]\s*$")
_META = re.compile(r"\s*_\((?P<meta>.*)\)_\s*$")
_ITEM_ID = re.compile(r"^[0-9a-f]{16}$")


def split_entity_bullet(body: str) -> tuple[str, str | None, str | None]:
    """``employer: [[openai|OpenAI]] _(since ...)_ [[categories/work#^<id>|fact]] ^<id>``
    -> (``employer: [[openai|OpenAI]]``, meta, id). The block id names the fact; without
    one, the id in the fact link does."""
    item_id = None
    block = _BLOCK_ID.search(body)
    if block:
        item_id = block.group("id")
        body = body[: block.start()]
    link = _FACT_LINK.search(body)
    if link:
        item_id = item_id if item_id is not None else link.group("id")
        body = body[: link.start()]
    meta = None
    found = _META.search(body)
    if found:
        meta = found.group("meta")
        body = body[: found.start()]
    return body.strip(), meta, item_id


def parse_entity_page(text: str, path: str) -> ParsedPage:
    """Cut an entity page into segments and the fact bullets of ``## Current``."""
    trailing = text.endswith("\n")
    lines = text.split("\n")
    if trailing:
        lines.pop()
    start, front, problems = read_front_matter(lines, path)
    out = SegmentBuilder()
    if start:
        out.managed("front", lines[:start], start=1)
    bullets: list[FactBullet] = []
    sections: list[str] = []
    section: str | None = None
    title_seen = banner_seen = False
    i = start
    while i < len(lines):
        line = lines[i]
        if line.startswith("# ") and not title_seen and section is None:
            title_seen = True
            out.managed("title", [line], start=i + 1)
        elif title_seen and not banner_seen and section is None and line.startswith(BANNER):
            banner_seen = True
            out.managed("banner", [line], start=i + 1)
        elif line.startswith("## "):
            name = line[3:].strip().casefold()
            if name in ("current", *RECORDS):
                if name in sections:
                    problems.append(PageProblem(path, i + 1, f"a second '## {line[3:].strip()}' section"))
                sections.append(name)
                section = name
            else:
                section = "other"
            if name in RECORDS:
                end = i + 1
                while end < len(lines) and not lines[end].startswith("## "):
                    end += 1
                out.managed(f"record:{name}", lines[i:end], start=i + 1)
                i = end
                continue
            if name == "current":
                out.managed("heading:current", [line], start=i + 1)
            else:
                out.free.append(line)
        elif section == "current" and (_BULLET.match(line) or line.strip() in PLACEHOLDERS):
            i = read_fact_list(lines, i, "current", path, out, bullets, problems, split=split_entity_bullet)
            continue
        else:
            found = _BULLET.match(line)
            if found is not None:
                _, _, stray = split_entity_bullet(found.group("body"))
                if stray and _ITEM_ID.match(stray):
                    problems.append(PageProblem(path, i + 1, f"fact bullet ^{stray} outside ## Current"))
            out.free.append(line)
        i += 1
    out.flush()
    return ParsedPage(
        path=path,
        front=front,
        segments=tuple(out.segments),
        bullets=tuple(bullets),
        problems=tuple(problems),
        sections=tuple(sections),
        trailing_newline=trailing,
    )
