"""Per-client bookmarks in .vaultweave/bookmarks.json: the commit each reader last saw.

Derived state like the rest of .vaultweave/: losing the file only means the next
"changes since last" starts from the vault's first commit.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.errors import BadClientNameError

BOOKMARKS_VERSION = 1
DEFAULT_CLIENT = "default"
_CLIENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


@dataclass(frozen=True)
class Bookmark:
    client: str
    commit: str
    read_at: str  # RFC 3339, when the client last read its changes


def check_client(name: str) -> str:
    if not _CLIENT.match(name):
        raise BadClientNameError(name)
    return name


class Bookmarks:
    def __init__(self, path: Path) -> None:
        self.path = path

    def _load(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != BOOKMARKS_VERSION:
            return {}
        clients = data.get("clients", {})
        return clients if isinstance(clients, dict) else {}

    def get(self, client: str) -> Bookmark | None:
        entry = self._load().get(check_client(client))
        if not isinstance(entry, dict) or not isinstance(entry.get("commit"), str):
            return None
        return Bookmark(client, entry["commit"], str(entry.get("read_at", "")))

    def set(self, bookmark: Bookmark) -> None:
        clients = self._load()
        clients[check_client(bookmark.client)] = {
            "commit": bookmark.commit,
            "read_at": bookmark.read_at,
        }
        payload = {"version": BOOKMARKS_VERSION, "clients": dict(sorted(clients.items()))}
        atomic_write_text(self.path, json.dumps(payload, indent=1, sort_keys=True) + "\n")

    def all(self) -> list[Bookmark]:
        return [
            Bookmark(name, str(entry.get("commit", "")), str(entry.get("read_at", "")))
            for name, entry in sorted(self._load().items())
            if isinstance(entry, dict)
        ]
