"""Where things live in a vault, and how arbitrary names become safe file names."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from vaultweave.store.errors import UnsafeNameError

MAX_NAME_BYTES = 80
_FORBIDDEN = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*#^\[\]]+')
_SPACES = re.compile(r"[\s_-]+")
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {
    f"lpt{i}" for i in range(10)
}


def safe_name(name: str) -> str:
    """Turn any string into one path component that cannot escape its folder.

    Keeps letters of any script, lower-cases, turns separators, control characters
    and Obsidian link syntax into dashes, drops leading dots, and shortens very long
    names with a hash suffix so distinct long names stay distinct.
    """
    text = unicodedata.normalize("NFKC", name).strip().lower()
    text = _FORBIDDEN.sub("-", text)
    text = _SPACES.sub("-", text).strip("-. ")
    if not text:
        raise UnsafeNameError(name, "nothing usable remains after removing unsafe characters")
    if text in _WINDOWS_RESERVED:
        text = f"{text}-"
    encoded = text.encode("utf-8")
    if len(encoded) > MAX_NAME_BYTES:
        digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]
        head = encoded[: MAX_NAME_BYTES - 11].decode("utf-8", errors="ignore").rstrip("-. ")
        text = f"{head}-{digest}"
    return text


def ensure_inside(root: Path, path: Path) -> Path:
    """Return ``path`` resolved, or raise if it lies outside ``root``."""
    resolved_root = root.resolve()
    resolved = path.resolve()
    if resolved != resolved_root and resolved_root not in resolved.parents:
        raise UnsafeNameError(str(path), f"resolves outside the vault {resolved_root}")
    return resolved


def first_link(root: Path, path: Path) -> Path | None:
    """The first symlink on the way from ``root`` down to ``path`` (itself included), if any.

    ``path`` must be ``root`` joined with relative parts; ``root`` itself is trusted.
    """
    current = root
    for part in path.relative_to(root).parts:
        current = current / part
        if current.is_symlink():
            return current
    return None


@dataclass(frozen=True)
class VaultPaths:
    """The fixed layout of a vault directory."""

    root: Path

    @property
    def resources(self) -> Path:
        return self.root / "resources"

    @property
    def items(self) -> Path:
        return self.root / "items"

    @property
    def categories(self) -> Path:
        return self.root / "categories"

    @property
    def index_md(self) -> Path:
        return self.root / "index.md"

    @property
    def config(self) -> Path:
        return self.root / "vault.toml"

    @property
    def state(self) -> Path:
        """Derived, git-ignored state: cursor, lock, indexes, caches."""
        return self.root / ".vaultweave"

    def resource_file(self, ts: datetime) -> Path:
        day = ts.astimezone(timezone.utc)
        return self.resources / f"{day:%Y}" / f"{day:%m}" / f"{day:%d}.jsonl"

    def category_file(self, category: str) -> Path:
        return self.categories / f"{safe_name(category)}.md"

    def item_file(self, category: str, item_id: str) -> Path:
        return self.items / safe_name(category) / f"{safe_name(item_id)}.pb"

    def relative(self, path: Path) -> str:
        """A vault-relative POSIX path, as used in resource ids and commit trailers."""
        return path.resolve().relative_to(self.root.resolve()).as_posix()

    def relative_lexical(self, path: Path) -> str:
        """``path`` (under ``root`` as written) relative to the root, following no symlink."""
        return path.relative_to(self.root).as_posix()
