"""What an entity page says, read for its hand edits: values behind wikilinks, and the
parts of the page that are not read back.

Pure helpers of weaver/entity_edits.py. A value may be a wikilink: ``[[openai|OpenAI]]``
shows ``OpenAI``; ``[[Figma]]`` names Figma (its entity's own spelling when the vault
knows it). When Obsidian renames a page it rewrites every link to it, so a link whose
target is a page that is no entity's (a renamed page) changes no value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.sanitize import fact_text, safe_name
from vaultweave.weaver.attributes import is_single_valued
from vaultweave.weaver.entity_parse import RECORDS
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.markdown_parse import PageProblem, ParsedPage, Segment

_LINK = re.compile(r"\[\[(?P<target>[^\[\]|#]*)(?:#[^\[\]|]*)?(?:\|(?P<label>[^\[\]]*))?\]\]")
_ATTRIBUTE = re.compile(r"^(?P<name>[^\W\d][\w -]{0,47}?)\s*:\s+(?P<value>\S.*)$")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
MAX_VALUE = 1000  # characters of a value written on a page; a fact is one short value
_OWN_KEYS = frozenset(("type", "aliases", "tags", "relation", "updated"))  # weaver/entities.py
_UNREAD = {
    "title": "the title is the entity's name and is not read back",
    "banner": "the banner is written by vaultweave and is not read back",
    **{
        f"record:{name}": f"## {name.capitalize()} is written from the facts and is not read back"
        for name in RECORDS
    },
}


@dataclass(frozen=True)
class BulletValue:
    attribute: str  # "" when the bullet has no ``attribute:`` of its own
    raw: str  # the value as written, wikilinks and all


def bullet_value(text: str) -> BulletValue:
    """``employer: [[openai|OpenAI]]`` -> (employer, ``[[openai|OpenAI]]``)."""
    found = _ATTRIBUTE.match(text)
    if found is None:
        return BulletValue("", text)
    name = "_".join(found.group("name").casefold().replace("-", " ").split())
    return BulletValue(name, found.group("value").strip()) if _NAME.match(name) else BulletValue("", text)


def too_long(value: str) -> str:
    """Why a value is too long to be a fact ("" when it is not)."""
    if len(value) <= MAX_VALUE:
        return ""
    return (f"a value of {len(value)} characters (at most {MAX_VALUE}); a fact is one short value:"
            " keep long text as a note under the line")


def _target_name(target: str, names: Mapping[str, str]) -> str:
    base = target.rsplit("/", 1)[-1].strip()
    try:
        return names.get(safe_name(base), base)
    except UnsafeNameError:
        return base


def shown(raw: str, names: Mapping[str, str]) -> str:
    """The value as Obsidian shows it: each link as its label (or its target's name)."""
    def label(m: re.Match[str]) -> str:
        text = m.group("label")
        return text if text is not None else _target_name(m.group("target"), names)

    return fact_text(_LINK.sub(label, raw)).strip()


def aimed(raw: str, names: Mapping[str, str]) -> str:
    """The value as its links point: each link as its target's name."""
    return fact_text(_LINK.sub(lambda m: _target_name(m.group("target"), names), raw)).strip()


def link_targets(raw: str) -> list[str]:
    return [m.group("target").rsplit("/", 1)[-1].strip() for m in _LINK.finditer(raw)]


def new_display(raw: str, before: str, names: Mapping[str, str], stray: frozenset[str]) -> str | None:
    """What a person changed a value to, or None when it still says what ``before`` did.

    A new label (what Obsidian shows) is the new value; a new target with the label left
    as it was (``[[figma|OpenAI]]``) points the value elsewhere, unless the target is a
    renamed page's (Obsidian rewrote the link, the person said nothing new).
    """
    was_shown, was_aimed = shown(before, names), aimed(before, names)
    now_shown, now_aimed = shown(raw, names), aimed(raw, names)
    if normalise(now_shown) != normalise(was_shown) or now_shown == "":
        return now_shown
    if normalise(now_aimed) != normalise(was_aimed) and not set(link_targets(raw)) & stray:
        return now_aimed
    return None


def _plain(line: str) -> str:
    """A line with its links read as labels: how a record line is compared."""
    return _LINK.sub(lambda m: m.group("label") or m.group("target"), line).rstrip()


def unread_edits(page: ParsedPage, base: ParsedPage) -> list[PageProblem]:
    """Changes to what is not read back: the title, the banner, the records, and the
    values of the weaver's front-matter keys. Each is a problem at its first changed
    line (the page is left as written, never overwritten); a part deleted whole simply
    comes back on the next render."""
    problems: list[PageProblem] = []
    was = {s.key: s for s in base.segments if s.key}
    for segment in page.segments:
        if segment.key in _UNREAD and segment.key in was:
            line = _first_difference(segment, was[segment.key])
            if line is not None:
                reason = _UNREAD[segment.key]
                problems.append(
                    PageProblem(
                        page.path, line,
                        f"{reason}; undo this change, or write facts under ## Current and notes"
                        " under a heading of your own",
                    )
                )
    front = next((s for s in page.segments if s.key == "front"), None)
    for key, value in base.front.items():
        ours = key in _OWN_KEYS or is_single_valued(key)  # the current single values
        if ours and key in page.front and not _same(page.front[key], value):
            line = _key_line(front.lines if front else (), key)
            problems.append(
                PageProblem(
                    page.path, line,
                    f"front matter '{key}' is written from the facts and is not read back;"
                    " change the fact under ## Current instead, or add a key of your own",
                )
            )
    return problems


def _first_difference(page: Segment, base: Segment) -> int | None:
    ours = [_plain(x) for x in page.lines]
    theirs = [_plain(x) for x in base.lines]
    while ours and not ours[-1]:
        ours.pop()
    while theirs and not theirs[-1]:
        theirs.pop()
    if ours == theirs:
        return None
    pairs = enumerate(zip(ours, theirs, strict=False))
    at = next((k for k, (a, b) in pairs if a != b), min(len(ours), len(theirs)))
    return page.start + min(at, max(len(ours) - 1, 0))


def _key_line(lines: Sequence[str], key: str) -> int:
    for number, line in enumerate(lines, 1):
        if line.startswith(f"{key}:"):
            return number
    return 1


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return [str(x) for x in a] == [str(x) for x in b]
    return a == b or str(a) == str(b)
