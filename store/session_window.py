"""A session's most recent turns, read from the resources (the short-term window).

Derived, never stored: the newest day files are read first and reading stops once the
window is full. Lines not woven yet count too: the window is the live conversation.
"""

from __future__ import annotations

from vaultweave.store.paths import VaultPaths
from vaultweave.store.resources import Resource, parse_line, resource_files

MAX_FILES = 60  # day files looked through, newest first: a window is about recent talk


def recent_turns(paths: VaultPaths, session: str, limit: int) -> list[Resource]:
    """Up to ``limit`` turns of ``session``, oldest first; unreadable lines are skipped
    here (``status`` reports them)."""
    if limit <= 0 or not session:
        return []
    found: list[Resource] = []
    for file in reversed(resource_files(paths)[-MAX_FILES:]):
        rel = paths.relative(file)
        data = file.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]  # a torn last line is not read yet
        turns = []
        for number, raw in enumerate(complete.split(b"\n")[:-1], start=1):
            if not raw.strip() or raw.startswith(b'{"erased":'):
                continue
            line = parse_line(rel, number, raw.rstrip(b"\r"))
            if isinstance(line, Resource) and line.session == session:
                turns.append(line)
        found = turns + found
        if len(found) >= limit:
            break
    found.sort(key=lambda r: r.ts)
    return found[-limit:]
