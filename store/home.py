"""A home: one folder holding many vaults, one per user, agent or team, and shared ones.

Layout::

    HOME/
      home.toml                 settings (schemas.config.HomeConfig; optional)
      .vaultweave-tokens.json   client tokens, hashed (store/client_tokens.py)
      alice/                    a vault (vault.toml, .git, resources/, items/, ...)
      team-research/            another

A vault's name is its folder's name. Names are plain: lower-case letters, digits, ``-``
and ``_``, starting with a letter or digit, at most 64 characters; so a name can never be
``..``, a path, a hidden folder or a different spelling of another vault. A vault folder
that is a symlink is refused: it could point out of the home.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import Path

from vaultweave.schemas.config import HomeConfig
from vaultweave.store.config_files import load_checked
from vaultweave.store.errors import ConfigError, NotAVaultError, UnsafeNameError

HOME_TOML = "home.toml"
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
# A grant pattern: a name with fnmatch wildcards (* ? [...]) and nothing else.
_PATTERN = re.compile(r"[a-z0-9_*?\[\]!-]{1,64}")


def check_vault_name(name: str) -> str:
    """``name`` if it is a valid vault name, else UnsafeNameError saying what is allowed."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise UnsafeNameError(
            str(name),
            "a vault name is 1-64 lower-case letters, digits, '-' or '_', "
            "starting with a letter or digit",
        )
    return name


def check_pattern(pattern: str) -> str:
    """``pattern`` if it is a valid grant (a vault name, or one with * ? [] wildcards)."""
    if not _PATTERN.fullmatch(pattern) or pattern.startswith(("-", "_")):
        raise UnsafeNameError(
            pattern, "a grant is a vault name or a pattern of one with * ? [] (e.g. team-*)"
        )
    return pattern


def matches(name: str, patterns: tuple[str, ...]) -> bool:
    """Whether vault ``name`` is granted by any of ``patterns`` (case-sensitive fnmatch)."""
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def is_vault_dir(path: Path) -> bool:
    return (path / "vault.toml").is_file() and (path / ".git").exists()


@dataclass(frozen=True)
class Home:
    """Where the vaults of a home live; every name goes through ``check_vault_name``."""

    root: Path

    @property
    def config(self) -> Path:
        return self.root / HOME_TOML

    def vault_dir(self, name: str) -> Path:
        """The folder of vault ``name`` (it may not exist yet); never a symlink."""
        path = self.root / check_vault_name(name)
        if path.is_symlink():
            raise UnsafeNameError(name, f"{path} is a symlink; a home's vaults are real folders in it")
        return path

    def existing_vault(self, name: str) -> Path:
        """The folder of an existing vault ``name``, or NotAVaultError."""
        path = self.vault_dir(name)
        if not is_vault_dir(path):
            raise NotAVaultError(path)
        return path

    def vault_names(self) -> list[str]:
        """The vaults in the home, sorted: real folders with a valid name holding a vault."""
        if not self.root.is_dir():
            return []
        return sorted(
            p.name
            for p in self.root.iterdir()
            if _NAME.fullmatch(p.name) and not p.is_symlink() and p.is_dir() and is_vault_dir(p)
        )


def sibling_vault(vault_root: Path, name: str) -> Path:
    """The vault ``name`` next to ``vault_root`` (in the same home), for read-through."""
    return Home(vault_root.parent).existing_vault(name)


def load_home(root: Path) -> tuple[Home, HomeConfig]:
    """The home at ``root`` and its home.toml; ConfigError on a bad file or a missing folder."""
    home = Home(root.expanduser().absolute())
    if not home.root.is_dir():
        raise ConfigError(home.root, "no such folder; make it, then `vaultweave init` vaults in it")
    return home, load_checked(HomeConfig.load, home.config)
