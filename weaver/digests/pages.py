"""Digest pages: rendering a planned Digest as Markdown, and reading one back as a search unit.

Pages are outputs (regenerated, never read back as a source of truth); the search index's
digest units are made from the pages, so `reindex` and `doctor` need nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import yaml
from vaultweave.store.index.unit import Unit
from vaultweave.store.resources import parse_resource_id
from vaultweave.store.sanitize import one_line
from vaultweave.weaver.digests import DIGEST_KIND, DIGEST_PREFIX, FOLDER
from vaultweave.weaver.markdown_parse import YAML_LOADER
from vaultweave.weaver.page_files import UnreadablePage, read_page
from vaultweave.weaver.render import template

if TYPE_CHECKING:  # plan.py needs numpy; reading pages back does not
    from vaultweave.weaver.digests.plan import Digest

# The embedding reads a digest's first words only (BM25 reads them all): a whole summary
# is up to ~300 words, each re-made digest is embedded again, and the turns it quotes are
# indexed on their own anyway.
EMBEDDED_WORDS = 48
# libyaml's emitter when PyYAML has it: the same text as SafeDumper for these pages, and
# rendering and reading pages back was most of a digest's cost.
_YAML_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_BULLET = re.compile(r"^- (?P<day>\S+) \S+ (?P<speaker>.*?): (?P<text>.*) · `(?P<source>[^`]+)`$")


def digest_key(rel: str) -> str:
    return f"{DIGEST_PREFIX}{rel}"


def is_digest_key(key: str) -> bool:
    return key.startswith(DIGEST_PREFIX)


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _when(ts: float) -> str:
    return f"{datetime.fromtimestamp(ts, tz=timezone.utc):%Y-%m-%d %H:%M}"


def line_ranges(ids: Iterable[str]) -> list[str]:
    """Resource ids as refs with line ranges: ``resources/a.jsonl#L3-L9`` for L3..L9."""
    by_file: dict[str, list[int]] = {}
    for rid in ids:
        path, line = parse_resource_id(rid)
        by_file.setdefault(path, []).append(line)
    out = []
    for path, lines in by_file.items():
        runs: list[list[int]] = []
        for line in sorted(set(lines)):
            if runs and line == runs[-1][-1] + 1:
                runs[-1].append(line)
            else:
                runs.append([line])
        out += [f"{path}#L{r[0]}" if len(r) == 1 else f"{path}#L{r[0]}-L{r[-1]}" for r in runs]
    return out


@dataclass(frozen=True)
class _Line:
    when: str
    speaker: str
    text: str
    source: str


@dataclass(frozen=True)
class _Fact:
    id: str
    category: str
    text: str


def render_digest(digest: Digest) -> str:
    group = digest.group
    front: dict[str, object] = {
        "type": "digest",
        "digest": group.kind,
        group.kind: group.name,
        "start": _iso(digest.start),
        "end": _iso(digest.end),
        "speakers": list(digest.speakers),
        "sessions": list(digest.sessions),
        "turns": len(digest.turns),
        "summary_by": digest.written_by,
        "quoted": list(digest.quoted),
        "facts": [f[0] for f in digest.facts],
        "tags": ["digest"],
        "generated": "rendered from resources/ and items/; edits here are not read back",
    }
    return template("digest.md.j2").render(
        front_matter=yaml.dump(front, Dumper=_YAML_DUMPER, sort_keys=False, allow_unicode=True),
        title=group.title,
        kind=group.kind,
        prose=digest.prose,
        summary=[
            _Line(_when(s.ts), s.speaker.replace(":", " ") or "?", s.text, s.source) for s in digest.summary
        ],
        facts=[_Fact(i, c, one_line(t)) for i, c, t in digest.facts],
        sources=line_ranges(digest.turns),
    )


def unit_from_page(rel: str, text: str) -> Unit | None:
    """The search unit of a digest page as written (None if it is not one of ours)."""
    if not text.startswith("---\n"):
        return None
    head, _, body = text[4:].partition("\n---\n")
    try:
        front = yaml.load(head, Loader=YAML_LOADER)
    except yaml.YAMLError:
        return None
    if not isinstance(front, dict) or front.get("type") != "digest":
        return None
    summary = list(_summary_lines(body))
    if not summary:
        return None
    # One line per quoted turn (the order of ``quoted``): context shows as many as fit.
    words = "\n".join(shown for shown, _ in summary)
    end = front.get("end")
    moment = end if isinstance(end, datetime) else _parse_time(str(end))
    return Unit(
        key=digest_key(rel),
        kind=DIGEST_KIND,
        text=words,
        key_text=" ".join(" ".join(key for _, key in summary).split()[:EMBEDDED_WORDS]),
        keyword_text="\n".join(key for _, key in summary)[:4000],
        ts=moment.timestamp() if moment else 0.0,
        session=str(front.get("session") or ""),
    )


def quoted_of(text: str) -> tuple[str, ...]:
    """The resource ids a digest page's summary quotes (its `quoted` front matter)."""
    head = text[4:].partition("\n---\n")[0] if text.startswith("---\n") else ""
    try:
        front = yaml.load(head, Loader=YAML_LOADER)
    except yaml.YAMLError:
        return ()
    found = front.get("quoted") if isinstance(front, dict) else None
    return tuple(str(q) for q in found) if isinstance(found, list) else ()


def _summary_lines(body: str) -> Iterator[tuple[str, str]]:
    """(shown, embedded) per summary line: "[day] speaker: words" and the words alone."""
    inside = False
    for line in body.splitlines():
        if line.startswith("## "):
            inside = line == "## Summary"
            continue
        if not inside or not line.strip():
            continue
        bullet = _BULLET.match(line)
        if bullet is None:
            yield line.strip(), line.strip()  # a model's prose
            continue
        day, speaker, words = bullet.group("day", "speaker", "text")
        yield f"[{day}] {speaker}: {words}", words


def _parse_time(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def digest_pages(root: Path) -> list[str]:
    """Vault-relative paths of every digest page (for rebuild and doctor)."""
    folder = root / FOLDER
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(
        p.relative_to(root).as_posix()
        for p in folder.glob("*/*.md")
        if p.is_file() and not p.is_symlink() and not p.parent.is_symlink()
    )


def digest_units(root: Path) -> list[Unit]:
    """The search units of every digest page as written (unreadable pages are left out)."""
    units = []
    for rel in digest_pages(root):
        try:
            text = read_page(root, rel)
        except UnreadablePage:
            continue
        unit = unit_from_page(rel, text) if text is not None else None
        if unit is not None:
            units.append(unit)
    return units


def page_quotes(root: Path, rel: str) -> tuple[str, ...]:
    """The resource ids the digest page at ``rel`` quotes (none if it cannot be read)."""
    try:
        text = read_page(root, rel)
    except UnreadablePage:
        return ()
    return quoted_of(text) if text is not None else ()
