"""Writing entity pages (weaver/entities.py) for the entities a change touched.

Called after the category pages in a cycle and in direct edits; returns the vault-relative
paths it wrote or removed, so the same commit holds them. Entity pages are outputs only:
a page whose entity no longer has a fact is removed, and a person's edit is overwritten
(their banner says so), so nothing here needs the hand-edit merge of category pages.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.item import Item
from vaultweave.weaver.entities import names_touched, render_all

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

FOLDER = "entities"


def write_entity_pages(vault: Workspace, changed: Iterable[Item]) -> list[str]:
    """Re-render the pages of the entities ``changed`` items name; the paths touched."""
    stems = names_touched(changed)
    if not stems:
        return []
    folder = vault.paths.root / FOLDER
    if folder.is_symlink():
        return []  # never write through a link out of the vault
    touched = []
    for stem, text in render_all(vault.loaded_items(), stems).items():
        path = folder / f"{stem}.md"
        rel = f"{FOLDER}/{stem}.md"
        if text is None:
            if path.is_file() and not path.is_symlink():
                path.unlink()
                touched.append(rel)
            continue
        if path.is_symlink():
            continue
        try:
            before = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            before = None
        if before != text:
            atomic_write_text(path, text)
            touched.append(rel)
    return sorted(touched)
