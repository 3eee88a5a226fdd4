"""Where things live in a vault."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.sanitize import MAX_NAME_BYTES, safe_name

# safe_name lives with the other sanitisers (store/sanitize.py); re-exported for callers.
__all__ = ["MAX_NAME_BYTES", "VaultPaths", "ensure_inside", "safe_name"]


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
