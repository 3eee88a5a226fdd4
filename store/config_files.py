"""Reading a settings file (vault.toml, home.toml) with the error a person can act on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from vaultweave.store.errors import ConfigError

T = TypeVar("T")


def load_checked(load: Callable[[Path], T], path: Path) -> T:
    """``load(path)``; a bad or unreadable file is a ConfigError naming it, in one line."""
    try:
        return load(path)
    except (ValueError, OSError) as exc:
        reason = str(exc).splitlines()
        raise ConfigError(path, " ".join(r.strip() for r in reason[:3])) from exc
