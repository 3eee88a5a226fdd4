"""Reading category pages back: front matter, fact bullets, and the free text around them.

A page is cut into segments. Managed segments are what the weaver writes (front matter,
title, summary, the ``## Current`` / ``## History`` / ``## Archive`` headings and their
fact lists, the footer); everything else is free text a person wrote, kept verbatim.
A fact bullet reads ``- <text> _(<meta>)_ ^<item-id>``; lines a person puts between two
bullets stay attached to the bullet above them.

Nothing here guesses: what cannot be mapped (broken front matter, a mangled block id, a
fact bullet outside the fact sections) becomes a ``PageProblem`` with file and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import yaml

# libyaml's loader when PyYAML has it (many times faster), the same safe subset.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
FACT_SECTIONS = ("current", "history", "archive")
PLACEHOLDERS = frozenset({"_No current facts._", "_Nothing superseded yet._"})
INDEX_PLACEHOLDER = "_No categories yet"
MAX_FRONT_MATTER = 64 * 1024  # characters; the weaver's own is a few hundred
MAX_FRONT_VALUES = 10_000  # scalars, lists and mappings, counted as written out

_BULLET = re.compile(r"^[-*+] (?P<body>.*)$")
_TAG_NAME = re.compile(r"[\w/-]*[^\W\d][\w/-]*")
_TAG = re.compile(r"(?:(?<=\s)|^)#([\w/-]*[^\W\d][\w/-]*)(?![\w/-])")
_TRAILING_TAGS = re.compile(r"(?:\s+#[\w/-]*[^\W\d][\w/-]*)+\s*$")
_SINCE = re.compile(r"^\s*since\s+([^;)]*?)\s*(?:;|$)")
_BLOCK_ID = re.compile(r"\s\^(?P<id>\S*)\s*$")
_VALID_ID = re.compile(r"^[A-Za-z0-9-]+$")  # what Obsidian accepts as a block id
_ITEM_ID = re.compile(r"^[0-9a-f]{16}$")  # the shape of the weaver's item ids
_META = re.compile(r"\s*_\((?P<meta>.*)\)_\s*$")
# The links to entity pages the weaver puts in a fact's sentence (weaver/entities.py).
_ENTITY_LINK = re.compile(r"\[\[entities/[^\[\]|]*\|([^\[\]]*)\]\]")
# The links to a fact's source turns the weaver writes after its meta (weaver/turn_links.py).
_TURN_LINKS = re.compile(r"(?:\s*\[\[conversations/[^\[\]|]*(?:\|[^\[\]]*)?\]\])+\s*$")
_SUMMARY = re.compile(r"^(_Nothing known yet\._|No current facts about .*|\d+ current facts? about .*)$")
SUMMARY_MARK = " ^summary"  # how render.py marks a model's summary paragraph
_FOOTER = re.compile(r"^Back to \[\[index\]\]")
_HEADING = re.compile(r"^#{1,6} ")
_BLOCK_MARKERS = (">", "-", "*", "+", "#", "|", "```", "%%", "<", "!", "[")


@dataclass(frozen=True)
class PageProblem:
    """A place in a page the weaver cannot map back to facts; the page is left untouched."""

    path: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}"


@dataclass(frozen=True)
class FactBullet:
    line: int  # 1-based
    section: str  # current / history / archive
    text: str  # without its #tags
    item_id: str | None  # None: a bullet a person added without an id
    raw: str
    meta: str | None = None  # what _( )_ holds: "since 2026-01-05; ..."
    tags: tuple[str, ...] = ()  # the Obsidian #tags the bullet holds


def split_tags(text: str) -> tuple[str, tuple[str, ...]]:
    """``Maya likes #jazz a lot #music`` -> (``Maya likes jazz a lot``, (jazz, music)):
    the tags go, a tag inside the sentence leaves its word."""
    tags = tuple(dict.fromkeys(m.group(1) for m in _TAG.finditer(text)))
    if not tags:
        return text, ()
    text = _TRAILING_TAGS.sub("", text)
    return _TAG.sub(lambda m: m.group(0)[: -len(m.group(1)) - 1] + m.group(1), text).strip(), tags


def is_tag(name: str) -> bool:
    """Whether Obsidian reads ``#name`` as a tag (letters, digits, _ - /; not only digits)."""
    return bool(_TAG_NAME.fullmatch(name))


def since_day(meta: str | None) -> date | None | str:
    """The day a current bullet's meta says it holds since: a date, None when the meta
    says none, or the text that should have been one (a problem to report)."""
    found = _SINCE.match(meta or "")
    if found is None:
        return None
    try:
        return date.fromisoformat(found.group(1))
    except ValueError:
        return found.group(1)


@dataclass(frozen=True)
class Segment:
    """``key`` None is free text; otherwise a managed part (``facts:current`` etc.).

    For a fact list, ``attached`` maps a bullet's id (or its line for id-less bullets)
    to the free lines a person wrote directly under it.
    """

    key: str | None
    lines: tuple[str, ...]
    bullet_ids: tuple[str, ...] = ()
    attached: tuple[tuple[str, tuple[str, ...]], ...] = ()
    start: int = 0  # 1-based line of its first line, where the parser says (0: not said)


@dataclass(frozen=True)
class ParsedPage:
    path: str
    front: dict[str, Any] = field(default_factory=dict)
    segments: tuple[Segment, ...] = ()
    bullets: tuple[FactBullet, ...] = ()
    problems: tuple[PageProblem, ...] = ()
    sections: tuple[str, ...] = ()  # fact sections present, in order
    trailing_newline: bool = True

    @property
    def ok(self) -> bool:
        return not self.problems

    def keys(self) -> list[str]:
        return [s.key for s in self.segments if s.key is not None]


def split_bullet(body: str) -> tuple[str, str | None, str | None]:
    """``text _(meta)_ [[turn links]] ^id`` -> (text, meta, id). ``id`` is "" for a bare ``^``."""
    block = _BLOCK_ID.search(body)
    item_id = None
    if block:
        item_id = block.group("id")
        body = body[: block.start()]
    links = _TURN_LINKS.search(body)
    if links:
        body = body[: links.start()]
    meta = None
    found = _META.search(body)
    if found:
        meta = found.group("meta")
        body = body[: found.start()]
    return _ENTITY_LINK.sub(r"\1", body).strip(), meta, item_id


def read_front_matter(lines: list[str], path: str) -> tuple[int, dict[str, Any], list[PageProblem]]:
    """Index of the first line after the front matter, its data, and any problem."""
    if not lines or lines[0].strip() != "---":
        return 0, {}, []
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            break
    else:
        return 0, {}, [PageProblem(path, 1, "front matter is not closed with a '---' line")]
    source = "\n".join(lines[1:end])
    if len(source) > MAX_FRONT_MATTER:
        return end + 1, {}, [PageProblem(path, 2, f"front matter longer than {MAX_FRONT_MATTER} characters")]
    try:
        data = yaml.load(source, Loader=YAML_LOADER) if end > 1 else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = 2 + mark.line if mark is not None else 1
        reason = getattr(exc, "problem", None) or "invalid YAML"
        return end + 1, {}, [PageProblem(path, line, f"broken front matter: {reason}")]
    except (RecursionError, MemoryError, ValueError, OverflowError) as exc:
        return end + 1, {}, [PageProblem(path, 2, f"broken front matter: {type(exc).__name__}")]
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return end + 1, {}, [PageProblem(path, 1, "front matter is not a mapping of keys")]
    if not _bounded(data):
        return end + 1, {}, [
            PageProblem(path, 2, f"front matter expands past {MAX_FRONT_VALUES} values (YAML aliases?)")
        ]
    return end + 1, data, []


def _bounded(data: Any) -> bool:
    """Whether ``data`` has at most MAX_FRONT_VALUES values counted as written out.

    YAML aliases share one object many times over (an "alias bomb" of a few lines stands
    for billions of values); anything that walks or prints it would never finish.
    """
    budget = MAX_FRONT_VALUES
    stack = [data]
    while stack:
        value = stack.pop()
        budget -= 1
        if budget < 0:
            return False
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, (list, tuple, set)):
            stack.extend(value)
    return True


@dataclass
class SegmentBuilder:
    """Mutable scratch state of one parse; the result is frozen."""

    segments: list[Segment] = field(default_factory=list)
    free: list[str] = field(default_factory=list)

    def flush(self) -> None:
        if self.free:
            self.segments.append(Segment(None, tuple(self.free)))
            self.free = []

    def managed(self, key: str, lines: list[str], **extra: Any) -> None:
        self.flush()
        self.segments.append(Segment(key, tuple(lines), **extra))


Classifier = Callable[[str], str | None]


def parse_page(text: str, path: str, *, index: bool = False) -> ParsedPage:
    """Cut a category page (or index.md with ``index``) into segments and fact bullets."""
    trailing = text.endswith("\n")
    lines = text.split("\n")
    if trailing:
        lines.pop()
    start, front, problems = read_front_matter(lines, path)
    out = SegmentBuilder()
    if start:
        out.managed("front", lines[:start])
    bullets: list[FactBullet] = []
    sections: list[str] = []
    section: str | None = None
    title_seen = awaiting_summary = False
    summary_at = (-1, -1)
    i = start
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if line.startswith("# ") and not title_seen and section is None:
            title_seen = awaiting_summary = True
            summary_at = _summary_span(lines, i + 1)
            out.managed("title", [line])
        elif line.startswith("## "):
            name = line[3:].strip().casefold()
            if name in FACT_SECTIONS and not index:
                if name in sections:
                    problems.append(PageProblem(path, i + 1, f"a second '## {line[3:].strip()}' section"))
                sections.append(name)
                section = name
                out.managed(f"heading:{name}", [line])
            else:
                section = "other"
                out.free.append(line)
        elif not index and awaiting_summary and i == summary_at[0]:
            awaiting_summary = False
            out.managed("summary", lines[summary_at[0] : summary_at[1]])
            i = summary_at[1]
            continue
        elif _FOOTER.match(stripped) and not index:
            rule = out.free.pop() if out.free and out.free[-1].strip() == "---" else None
            out.managed("footer", ([rule] if rule is not None else []) + [line])
        elif index and (stripped.startswith("- [[categories/") or stripped.startswith(INDEX_PLACEHOLDER)):
            i = _index_list(lines, i, out)
            continue
        elif not index and section in FACT_SECTIONS and (_BULLET.match(line) or stripped in PLACEHOLDERS):
            assert section is not None
            i = read_fact_list(lines, i, section, path, out, bullets, problems)
            continue
        else:
            if not index and section not in FACT_SECTIONS and _BULLET.match(line):
                _, _, stray = split_bullet(_BULLET.match(line).group("body"))  # type: ignore[union-attr]
                if stray and _ITEM_ID.match(stray):
                    problems.append(
                        PageProblem(path, i + 1, f"fact bullet ^{stray} outside ## Current / ## History")
                    )
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


def _summary_span(lines: list[str], start: int) -> tuple[int, int]:
    """Where the weaver's summary sits under the title: [first, end) line indexes.

    It is the paragraph that reads like the rules' summary, or the one marked
    `` ^summary`` (a model's prose); everything else there is a person's. (-1, -1) when
    there is none.
    """
    paragraphs: list[tuple[int, int]] = []
    i = start
    while i < len(lines) and not _HEADING.match(lines[i]):
        if not lines[i].strip():
            i += 1
            continue
        end = i
        while end < len(lines) and lines[end].strip() and not _HEADING.match(lines[end]):
            end += 1
        paragraphs.append((i, end))
        i = end
    for first, end in paragraphs:
        if end - first == 1 and _SUMMARY.match(lines[first].strip()):
            return first, end
    for first, end in paragraphs:
        if lines[end - 1].rstrip().endswith(SUMMARY_MARK):
            return first, end
    # A page rendered before model summaries were marked: its one plain paragraph. With
    # more than one, none is taken (a person's text is never replaced on a guess).
    plain = [
        (first, end)
        for first, end in paragraphs
        if not lines[first].strip().startswith(_BLOCK_MARKERS) and not _FOOTER.match(lines[first])
    ]
    return plain[0] if len(plain) == 1 else (-1, -1)


def _is_list_line(line: str) -> bool:
    return bool(_BULLET.match(line)) or line.strip() in PLACEHOLDERS


def read_fact_list(
    lines: list[str],
    start: int,
    section: str,
    path: str,
    out: SegmentBuilder,
    bullets: list[FactBullet],
    problems: list[PageProblem],
    split: Callable[[str], tuple[str, str | None, str | None]] = split_bullet,
) -> int:
    """Consume one fact list starting at ``start``; returns the index after it.
    ``split`` cuts a bullet's body into (text, meta, id): category pages' form by default."""
    last = start
    j = start
    # The list runs to its last bullet before the next heading; lines between bullets
    # (indented notes, blank lines) belong to the bullet above them.
    while j < len(lines) and not _HEADING.match(lines[j]):
        if _is_list_line(lines[j]):
            last = j
        elif lines[j][:1] in (" ", "\t") and lines[j].strip() and last == j - 1:
            last = j  # an indented line right under a bullet continues it
        j += 1
    own: list[str] = []
    ids: list[str] = []
    attached: list[tuple[str, tuple[str, ...]]] = []
    anchor = ""
    pending: list[str] = []
    for k in range(start, last + 1):
        line = lines[k]
        match = _BULLET.match(line)
        if match is None and line.strip() not in PLACEHOLDERS:
            pending.append(line)
            continue
        if pending:
            attached.append((anchor, tuple(pending)))
            pending = []
        own.append(line)
        if match is None:
            anchor = ""
            continue
        text, meta, item_id = split(match.group("body"))
        text, tags = split_tags(text)
        if item_id is not None and not _VALID_ID.match(item_id):
            problems.append(
                PageProblem(path, k + 1, f"mangled block id ^{item_id} (letters, digits and - only)")
            )
            item_id = None
        elif not text:
            problems.append(PageProblem(path, k + 1, "empty fact bullet"))
        anchor = item_id or f"L{k + 1}"
        if item_id:
            ids.append(item_id)
        bullets.append(FactBullet(k + 1, section, text, item_id, line, meta, tags))
    if pending:
        attached.append((anchor, tuple(pending)))
    out.managed(f"facts:{section}", own, bullet_ids=tuple(ids), attached=tuple(attached))
    return last + 1


def _index_list(lines: list[str], start: int, out: SegmentBuilder) -> int:
    j = start
    own: list[str] = []
    while j < len(lines) and (
        lines[j].strip().startswith("- [[categories/") or lines[j].strip().startswith(INDEX_PLACEHOLDER)
    ):
        own.append(lines[j])
        j += 1
    out.managed("facts:index", own)
    return j
