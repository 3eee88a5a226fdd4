"""Client tokens of a home: who may read or write which vaults over HTTP MCP.

Each client has a name, a token shown once when it is added, and grants: vault names or
patterns (``team-*``) it may read, and ones it may write (write includes read). The file
(``.vaultweave-tokens.json`` in the home, mode 0600) keeps only ``sha256(token)``.

Why an unsalted sha256 and not a slow, salted hash: salts and slow hashes defend guessable
secrets (passwords) against a dictionary. A token here is 256 random bits
(``secrets.token_urlsafe(32)``), so there is nothing to guess, and one fast digest lets the
server find the client by the digest of what it was sent, in constant time. Someone who
reads the file learns who has which grants, not a usable token.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.errors import ConfigError, UnsafeNameError
from vaultweave.store.home import check_pattern, matches

TOKENS_VERSION = 1
TOKEN_PREFIX = "vwt_"  # tells a vaultweave token apart in logs and secret scanners
_CLIENT_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_.")


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_client_name(name: str) -> str:
    if not 1 <= len(name) <= 64 or not set(name) <= _CLIENT_NAME_CHARS or name[0] in "-_.":
        raise UnsafeNameError(name, "a client name is 1-64 lower-case letters, digits, '-', '_' or '.'")
    return name


@dataclass(frozen=True)
class Client:
    """One client: its name, the digest of its token and its grants."""

    name: str
    digest: str
    read: tuple[str, ...] = ()
    write: tuple[str, ...] = ()
    created: str = ""

    def can_read(self, vault: str) -> bool:
        return matches(vault, self.read) or matches(vault, self.write)

    def can_write(self, vault: str) -> bool:
        return matches(vault, self.write)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sha256": self.digest,
            "read": list(self.read),
            "write": list(self.write),
            "created": self.created,
        }


class ClientTokens:
    """The token file: add, revoke, list, and find the client a token belongs to."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def clients(self) -> list[Client]:
        """Every client, by name; ConfigError if the file is damaged (file:line: reason)."""
        if not self.path.exists():
            return []
        text = self.path.read_text(encoding="utf-8")
        try:
            data = json.loads(text)
            rows = data["clients"]
            found = [
                Client(
                    check_client_name(str(r["name"])),
                    str(r["sha256"]),
                    tuple(check_pattern(str(p)) for p in r.get("read", [])),
                    tuple(check_pattern(str(p)) for p in r.get("write", [])),
                    str(r.get("created", "")),
                )
                for r in rows
            ]
        except json.JSONDecodeError as exc:
            raise ConfigError(self.path, f"line {exc.lineno}: {exc.msg}") from exc
        except (KeyError, TypeError, AttributeError, UnsafeNameError) as exc:
            raise ConfigError(self.path, f"line 1: not a vaultweave token file ({exc})") from exc
        return sorted(found, key=lambda c: c.name)

    def add(
        self, name: str, read: tuple[str, ...], write: tuple[str, ...], now: datetime | None = None
    ) -> str:
        """Add client ``name`` with its grants; returns its new token (shown once, never stored)."""
        check_client_name(name)
        grants = tuple(check_pattern(p) for p in read), tuple(check_pattern(p) for p in write)
        if not grants[0] and not grants[1]:
            raise UnsafeNameError(name, "give the client at least one --read or --write grant")
        existing = self.clients()
        if any(c.name == name for c in existing):
            raise UnsafeNameError(name, "a client of that name exists; revoke it first to replace its token")
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        stamp = (now or datetime.now(timezone.utc)).strftime("%Y-%m-%dT%H:%M:%SZ")
        self._write([*existing, Client(name, token_digest(token), *grants, stamp)])
        return token

    def revoke(self, name: str) -> bool:
        """Remove client ``name``; False if there was none."""
        existing = self.clients()
        kept = [c for c in existing if c.name != name]
        if len(kept) == len(existing):
            return False
        self._write(kept)
        return True

    def find(self, token: str) -> Client | None:
        """The client whose token this is, or None (digests compared in constant time)."""
        digest = token_digest(token)
        found = None
        for client in self.clients():
            if hmac.compare_digest(client.digest, digest):
                found = client
        return found

    def _write(self, clients: list[Client]) -> None:
        body = {"version": TOKENS_VERSION, "clients": [c.to_json() for c in clients]}
        atomic_write_text(self.path, json.dumps(body, indent=2) + "\n")
        os.chmod(self.path, 0o600)
