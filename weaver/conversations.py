"""Conversation pages: each resource file (a day) as a read-only page of its turns.

``conversations/2026-01-05.md`` shows every line of ``resources/2026/01/05.jsonl`` the
weaver has consumed, one paragraph per turn (speaker, time, text) ending in the block id
``^L<line>`` (weaver/turn_links.py), so fact bullets link the turns they came from. The
page is an output, like entity pages: regenerated from the JSONL for the files a cycle
read (in the same commit), put back from git by recovery when edited, never read back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timezone

import yaml
from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.resources import LineProblem, Resource, day_of, read_consumed
from vaultweave.store.sanitize import fact_text, one_line
from vaultweave.weaver.render import template
from vaultweave.weaver.turn_links import FOLDER, conversation_page, conversation_stem, turn_block
from vaultweave.weaver.workspace import Workspace, line_limits

Line = Resource | LineProblem


def turn_text(text: str) -> str:
    """A turn's text as it shows on its page: one line that opens no link, block id,
    comment or HTML element of its own (store/sanitize.py, then Obsidian's syntax)."""
    return (
        fact_text(text)
        .replace("[[", "[")
        .replace("]]", "]")
        .replace("%%", "% %")
        .replace("<", "&lt;")
    )


@dataclass(frozen=True)
class Session:
    heading: str
    turns: tuple[str, ...]


def _turn(line: Line) -> str:
    block = f"^{turn_block(line.line)}"
    if isinstance(line, LineProblem):
        return f"_Line {line.line} could not be read: {turn_text(line.reason)}_ {block}"
    who = turn_text(line.speaker or line.role or "?") or "?"
    said = turn_text(line.text) or "…"
    return f"**{who}** {line.ts.astimezone(timezone.utc):%H:%M} · {said} {block}"


def _sessions(lines: Sequence[Line]) -> list[Session]:
    """Turns grouped under a heading whenever the session changes (its time and name)."""
    out: list[tuple[str, list[str]]] = []
    current: object = object()  # no session yet
    for line in lines:
        if isinstance(line, Resource) and (not out or line.session != current):
            current = line.session
            name = turn_text(line.session or "") or "no session"
            out.append((f"{line.ts.astimezone(timezone.utc):%H:%M} · {name}", []))
        elif not out:
            out.append(("Unreadable lines", []))
        out[-1][1].append(_turn(line))
    return [Session(heading, tuple(turns)) for heading, turns in out]


def render_conversation(rel: str, lines: Sequence[Line]) -> str:
    """The page of one resource file from its consumed lines. Deterministic."""
    day = day_of(rel)
    stem = conversation_stem(rel) or rel
    turns = [line for line in lines if isinstance(line, Resource)]
    front: dict[str, object] = {"type": "conversation"}
    if day is not None and stem[:4].isdigit():
        front["date"] = day.date()  # a YAML date: Obsidian's Date property
    front["source"] = one_line(rel)
    front["turns"] = len(turns)
    front["speakers"] = sorted({turn_text(t.speaker) for t in turns if t.speaker and turn_text(t.speaker)})
    front["tags"] = ["conversation"]
    return template("conversation.md.j2").render(
        front_matter=yaml.safe_dump(front, sort_keys=False, allow_unicode=True),
        title=f"Conversation {stem}",
        source=one_line(rel).replace("`", "'"),
        sessions=_sessions(lines),
    )


def write_conversation_pages(vault: Workspace, read_to: Mapping[str, int]) -> list[str]:
    """Re-render the pages of these resource files (rel -> bytes consumed); the pages
    written, vault-relative, for the caller's commit."""
    folder = vault.paths.root / FOLDER
    if folder.is_symlink():
        return []  # never write through a link out of the vault
    limits = line_limits(vault)
    written = []
    for rel, upto in sorted(read_to.items()):
        page = conversation_page(rel)
        if page is None:
            continue
        path = vault.paths.root / page
        if path.is_symlink():
            continue
        text = render_conversation(rel, read_consumed(vault.paths, rel, upto, limits))
        try:
            before = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            before = None
        if before != text:
            atomic_write_text(path, text)
            written.append(page)
    return written


def consumed_offsets(vault: Workspace, rels: Iterable[str]) -> dict[str, int]:
    """How far the cursor has read each of these resource files."""
    positions = vault.state.load_cursor().positions
    return {rel: positions[rel].offset for rel in rels if rel in positions}
