"""Writing entity pages (weaver/entities.py) for the entities a change touched.

Called after the category pages in a cycle and in direct edits; returns the vault-relative
paths it wrote or removed, so the same commit holds them. Entity pages are written as
category pages are (weaver/pages.py): merged into the page on disk so a person's free
text stays, the hash of each recorded before it is written (so the watcher and recovery
know the weaver's own writes), and never over a page with edits not taken in yet (one a
person is editing, or one left out with a problem). A page whose entity no longer has a
fact is removed. Never written through a symlinked ``entities/`` folder or page.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.item import Item
from vaultweave.weaver.entities import names_touched, render_all
from vaultweave.weaver.entity_edits import FOLDER
from vaultweave.weaver.entity_parse import parse_entity_page
from vaultweave.weaver.page_files import UnreadablePage, read_page
from vaultweave.weaver.pages import REMOVED, STALE, content_hash, merged_page

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

__all__ = ["FOLDER", "write_entity_pages"]


def write_entity_pages(
    vault: Workspace,
    changed: Iterable[Item],
    also: Iterable[str] = (),
    blocked: Iterable[str] = (),
    trusted: dict[str, str] | None = None,
) -> list[str]:
    """Re-render the pages of the entities ``changed`` items name, and the pages ``also``
    names (stems); leave ``blocked`` pages (vault-relative) as they are. The paths touched."""
    stems = names_touched(changed) | set(also)
    if not stems:
        return []
    root = vault.paths.root
    folder = root / FOLDER
    if folder.is_symlink():
        return []  # never write through a link out of the vault
    skip = set(blocked)
    rendered = vault.state.load_rendered()
    known = dict(trusted or {})

    def dirty(rel: str) -> bool:
        return bool(vault.repo.dirty_paths(rel))

    pages: list[tuple[str, str, str | None]] = []  # rel, new text, text merged into
    removed: list[str] = []
    owed: list[str] = []  # left as they are now, to be rendered once they can be
    for stem, text in sorted(render_all(vault.loaded_items(), stems).items()):
        rel = f"{FOLDER}/{stem}.md"
        path = folder / f"{stem}.md"
        merged = None
        if rel not in skip and not path.is_symlink():
            merged = merged_page(root, rel, text or "", rendered, known, dirty, parse=parse_entity_page)
        if merged is None:
            owed += [rel] if os.path.lexists(path) or rel in skip else []
        elif text is None:
            removed += [rel] if merged[0] is not None else []
        else:
            pages.append((rel, merged[1], merged[0]))
    # Record the hashes before writing: a page found dirty with a recorded hash is ours.
    rendered.update({rel: content_hash(text) for rel, text, _ in pages})
    for rel in removed:
        rendered[rel] = REMOVED  # the weaver's removal, not a person's deletion
    rendered.update({rel: STALE for rel in owed})
    vault.state.save_rendered(rendered)
    touched = []
    for rel in removed:
        (root / rel).unlink()
        touched.append(rel)
    for rel, text, before in pages:
        try:
            on_disk = read_page(root, rel)
        except UnreadablePage:
            continue
        if on_disk != before:
            continue  # saved by someone while we rendered: theirs stands
        if on_disk != text:
            atomic_write_text(root / rel, text)
            touched.append(rel)
    return sorted(touched)
