"""Where a resource line shows in Obsidian: its conversation page and block id.

A resource id is ``resources/2026/01/05.jsonl#L3``; the file renders as
``conversations/2026-01-05.md`` and the line as the block ``^L3`` on it, so a fact's
source is the link ``[[conversations/2026-01-05#^L3]]``. Both parts come from the id
alone, which never changes: links written once stay valid.
"""

from __future__ import annotations

import re

from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.sanitize import safe_name

FOLDER = "conversations"
_DAY_FILE = re.compile(r"^resources/(\d{4})/(\d{2})/(\d{2})\.jsonl$")
_RESOURCE_ID = re.compile(r"^(resources/[^#]+\.jsonl)#L([1-9]\d*)$")
# A fact bullet shows at most this many of its sources: the first turn that said it and
# the latest ones (a fact repeated for years would otherwise end in a wall of links).
MAX_TURN_LINKS = 3
TURN_LINK_LABEL = "↗"


def conversation_stem(rel: str) -> str | None:
    """``resources/2026/01/05.jsonl`` -> ``2026-01-05``; another resource file gets its
    path under resources/ with dashes. None when no page can be named for it."""
    day = _DAY_FILE.match(rel)
    if day:
        return "-".join(day.groups())
    if not rel.startswith("resources/") or not rel.endswith(".jsonl"):
        return None
    try:
        return safe_name(rel[len("resources/") : -len(".jsonl")].replace("/", "-"))
    except UnsafeNameError:
        return None


def conversation_page(rel: str) -> str | None:
    """The vault-relative page of a resource file (``conversations/2026-01-05.md``)."""
    stem = conversation_stem(rel)
    return None if stem is None else f"{FOLDER}/{stem}.md"


def turn_block(line: int) -> str:
    return f"L{line}"


def turn_target(source: str) -> str | None:
    """``conversations/2026-01-05#^L3`` for a resource id; None for other sources (a hand
    edit's ``categories/work.md#L5@<commit>``)."""
    found = _RESOURCE_ID.match(source)
    stem = conversation_stem(found.group(1)) if found else None
    if found is None or stem is None:
        return None
    return f"{FOLDER}/{stem}#^{turn_block(int(found.group(2)))}"


def turn_links(sources: tuple[str, ...] | list[str], label: str = TURN_LINK_LABEL) -> str:
    """The wikilinks a fact bullet ends with: its first source turn and the latest ones."""
    targets = [t for t in (turn_target(s) for s in sources) if t is not None]
    if len(targets) > MAX_TURN_LINKS:
        targets = [targets[0], *targets[-(MAX_TURN_LINKS - 1) :]]
    return " ".join(f"[[{t}|{label}]]" for t in targets)
