"""Erasing text for privacy: the one explicit exception to "nothing is ever deleted".

``apply_erase`` finds the resource lines that hold the text (or takes their ids), and
under the writer lock:
1. overwrites each line with a tombstone of the same length (its id stays valid);
2. deletes the items those lines alone produced, and drops the lines from the sources,
   doubts and endings of items that other lines also support;
3. re-renders the touched pages, drops the LLM summary cache if it quotes the text,
   and rebuilds the search index from the tiers;
4. commits, naming the erased ids and the reason, never the text;
5. with ``rewrite_history``, scrubs the text from every commit (store/history_rewrite);
6. looks for the text everywhere it could remain (work tree, .vaultweave/, and every
   git object) and writes a receipt of what it checked and found, in
   ``.vaultweave/receipts/``, also returned.
Without the history rewrite, earlier commits still hold the text; the receipt says so.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.erasure import (
    MIN_NEEDLE,
    encodings,
    erase_lines,
    files_holding,
    git_objects_holding,
    lines_holding,
)
from vaultweave.store.errors import EraseError, MissingExtraError, VaultError
from vaultweave.store.history_rewrite import rewrite_history
from vaultweave.store.item import Item
from vaultweave.store.resources import parse_resource_id
from vaultweave.weaver.conversations import consumed_offsets, turn_text, write_conversation_pages
from vaultweave.weaver.entity_pages import write_entity_pages
from vaultweave.weaver.transaction import (
    DEFAULT_LOCK_TIMEOUT,
    recover,
    render_categories,
    write_transaction,
)

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

SUMMARY_CACHE = "llm_summaries.json"


@dataclass
class EraseReceipt:
    at: str
    reason: str
    lines: list[str]  # resource ids now tombstones
    items_deleted: list[str]
    items_trimmed: list[str]  # kept: other lines support them
    pages: list[str]
    commit: str | None = None
    history_rewritten: bool = False
    checked: list[str] = field(default_factory=list)
    still_found: list[str] = field(default_factory=list)  # where the text remains


def apply_erase(
    vault: Workspace,
    text: str | None,
    resource_ids: list[str],
    reason: str,
    *,
    rewrite: bool = False,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
) -> EraseReceipt:
    needle = (text or "").strip()
    if text is not None and len(needle) < MIN_NEEDLE:
        raise EraseError(f"give at least {MIN_NEEDLE} characters of the text to erase")
    why = " ".join(reason.split())
    if not why:
        raise EraseError("give a reason; it is kept in the commit and the receipt")
    if needle and needle in why:
        raise EraseError("the reason quotes the text to erase; it would be kept in git")
    for rid in resource_ids:
        parse_resource_id(rid)  # raises ValueError for an id that is not one
    with write_transaction(vault, lock_timeout):
        recover(vault)
        try:
            now = vault.clock()
            ids = sorted({*resource_ids, *(lines_holding(vault.paths, needle) if needle else [])})
            erased = erase_lines(vault.paths, ids, now.isoformat())
            if not erased and not (rewrite and needle):
                # Erased before without the rewrite, the text can still be scrubbed from git.
                raise EraseError(
                    "no resource line holds that text (already erased? add rewrite_history "
                    "to scrub it from earlier commits)" if needle else "those lines were erased already"
                )
            texts = [needle] if needle else []
            texts += [_text_of(raw) for raw in erased.values()]
            # Longest first: once a short form is starred, a longer one holding it no longer matches.
            found = {f for t in texts if len(t) >= MIN_NEEDLE for f in encodings(t)}
            # ... and as its conversation page showed it (one line, Obsidian syntax escaped).
            found |= {turn_text(t).encode("utf-8") for t in texts if len(turn_text(t)) >= MIN_NEEDLE}
            forms = sorted(found, key=len, reverse=True)
            receipt = EraseReceipt(now.isoformat(), why, sorted(erased), [], [], [])
            written, deleted = _drop_from_items(vault, set(erased), forms, receipt)
            digests = _remake_digests(vault, set(erased))
            touched = {i.category for i in [*written, *deleted]}
            categories, hand_edited = render_categories(vault, touched, now)
            receipt.pages = sorted(categories)
            paths = sorted({parse_resource_id(r)[0] for r in erased})
            message = (
                f"erase: {len(erased)} line{'s' if len(erased) != 1 else ''}, "
                f"{len(deleted)} fact{'s' if len(deleted) != 1 else ''} — {why}\n\n"
                + "".join(f"Erased: {rid}\n" for rid in sorted(erased))
            )
            if erased or written or deleted:
                receipt.commit = _commit(
                    vault, message, written, deleted, categories, hand_edited, [*paths, *digests]
                )
            _drop_derived(vault, forms)  # after the commit: reindex starts by undoing leftovers
            if rewrite:
                mapping = rewrite_history(vault.paths.root, forms)
                _follow_rewrite(vault, mapping)
                receipt.history_rewritten = True
                receipt.commit = mapping.get(receipt.commit or "", receipt.commit)
            _check(vault, forms, receipt)
            _save(vault, receipt)
            return receipt
        finally:
            vault.forget_loaded_items()  # deleted item files: reread at the next use


def _text_of(raw: bytes) -> str:
    try:
        data = json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace")
    text = data.get("text") if isinstance(data, dict) else None
    return text if isinstance(text, str) else raw.decode("utf-8", "replace")


def _drop_from_items(
    vault: Workspace, erased: set[str], forms: list[bytes], receipt: EraseReceipt
) -> tuple[list[Item], list[Item]]:
    """Items only the erased lines support (or whose text quotes them) are deleted; the
    others lose the erased lines from their provenance."""
    written: list[Item] = []
    deleted: list[Item] = []
    for item in vault.loaded_items().values():
        sources = tuple(s for s in item.sources if s not in erased)
        quotes = any(form in item.text.encode("utf-8") for form in forms)
        if quotes or (item.sources and not sources):
            vault.files.path_of(item).unlink(missing_ok=True)
            deleted.append(item)
            receipt.items_deleted.append(item.id)
            continue
        doubt = "" if item.doubt in erased else item.doubt
        ended_by = "erased" if item.ended_by in erased else item.ended_by
        if (sources, doubt, ended_by) != (item.sources, item.doubt, item.ended_by):
            kept = item.evolve(
                sources=sources, doubt=doubt, ended_by=ended_by,
                doubted_at=item.doubted_at if doubt else None,
            )
            vault.files.write(kept, item)
            written.append(kept)
            receipt.items_trimmed.append(item.id)
    vault.forget_loaded_items()  # reread without the deleted files
    return written, deleted


def _remake_digests(vault: Workspace, erased: set[str]) -> list[str]:
    """Digest pages that quoted or covered the erased lines, made again without them."""
    if not vault.config.digests.enabled:
        return []
    try:
        from vaultweave.weaver.digests.refresh import refresh_digests, turns_of
        from vaultweave.weaver.recall.api import projection_of

        index = projection_of(vault).index
    except (MissingExtraError, ImportError, VaultError):  # no index: no digests were made
        return []
    return refresh_digests(vault, index, turns_of(index, erased), vault.loaded_items(), dropped=erased)


def _drop_derived(vault: Workspace, forms: list[bytes]) -> None:
    cache = vault.paths.state / SUMMARY_CACHE
    if cache.is_file() and any(form in cache.read_bytes() for form in forms):
        cache.unlink()
    try:
        from vaultweave.weaver.recall.api import reindex

        reindex(vault, fresh=True)
    except (MissingExtraError, ImportError):
        shutil.rmtree(vault.paths.state / "recall", ignore_errors=True)


def _commit(
    vault: Workspace, message: str, written: list[Item], deleted: list[Item],
    categories: list[str], hand_edited: list[str], resource_paths: list[str],
) -> str | None:
    """Exactly what the erase changed: the lines, the items (deleted or kept), the pages."""
    rel = vault.paths.relative
    paths = [*resource_paths, *(rel(vault.files.path_of(i)) for i in [*deleted, *written])]
    paths += write_entity_pages(vault, [*deleted, *written])
    paths += write_conversation_pages(vault, consumed_offsets(vault, resource_paths))
    paths += [rel(vault.paths.category_file(c)) for c in categories]
    index = rel(vault.paths.index_md)
    if index not in hand_edited:
        paths.append(index)
    return vault.repo.commit_exact(message, sorted(set(paths)))


def _follow_rewrite(vault: Workspace, mapping: dict[str, str]) -> None:
    """Commit ids changed: the cursor and the readers' bookmarks follow them."""
    from vaultweave.store.bookmarks import Bookmark, Bookmarks

    cursor = vault.state.load_cursor()
    if cursor.commit in mapping:
        vault.state.save_cursor(replace(cursor, commit=mapping[cursor.commit]))
    marks = Bookmarks(vault.paths.state / "bookmarks.json")
    for mark in marks.all():
        if mark.commit in mapping:
            marks.set(Bookmark(mark.client, mapping[mark.commit], mark.read_at))


def _check(vault: Workspace, forms: list[bytes], receipt: EraseReceipt) -> None:
    root = vault.paths.root
    receipt.checked = ["work tree (every file outside .git)", ".vaultweave/"]
    receipt.still_found = list(files_holding(root, forms))
    if receipt.history_rewritten:
        receipt.checked.append("every git object, reachable or not")
        receipt.still_found += [f"git object {sha}" for sha in git_objects_holding(root, forms)]
    else:
        receipt.still_found.append("git history (earlier commits); erase with rewrite_history")


def _save(vault: Workspace, receipt: EraseReceipt) -> None:
    stamp = datetime.fromisoformat(receipt.at).strftime("%Y%m%dT%H%M%S%fZ")
    atomic_write_text(
        vault.paths.state / "receipts" / f"erase-{stamp}.json",
        json.dumps(asdict(receipt), indent=1, ensure_ascii=False) + "\n",
    )
