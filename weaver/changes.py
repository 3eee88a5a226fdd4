"""What changed since: a digest of fact changes between a reference point and HEAD.

Computed from git, never from derived state: for every commit after the reference
(first-parent line, oldest first), each changed ``items/**/*.pb`` is decoded on both
sides and the transition is classified (``classify``, a pure function). Category pages
changed by hand in those commits count as touched categories too.

A reference is a commit (any git revision), a date (``YYYY-MM-DD`` or RFC 3339: commits
after that moment) or ``last``: the commit a named client saw when it last read with
``last``; reading with ``last`` moves that client's bookmark to the digest's head.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, time, timezone
from enum import Enum
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from vaultweave.store.bookmarks import DEFAULT_CLIENT, Bookmark, Bookmarks, check_client
from vaultweave.store.errors import UnknownRevisionError
from vaultweave.store.history import CommitRecord, VaultHistory
from vaultweave.store.item import Item, Status, decode, to_json_dict

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

LAST = "last"
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}")


class ChangeKind(str, Enum):
    ADDED = "added"
    SUPERSEDED = "superseded"
    ENDED = "ended"  # historical with no successor: true until a turn said it stopped
    RETRACTED = "retracted"
    REINFORCED = "reinforced"
    ARCHIVED = "archived"
    RESTORED = "restored"  # back to current from another status (e.g. a hand edit undone)
    UPDATED = "updated"  # any other change (importance, tags, text, ...)
    REMOVED = "removed"  # the item file was deleted (or moved to another category's folder)


@dataclass(frozen=True)
class FactChange:
    kind: ChangeKind
    commit: str
    at: datetime  # the commit's date
    item: Item  # the fact after the change (before it, for REMOVED)
    before: Item | None = None
    successor: Item | None = None  # for SUPERSEDED: the fact that replaced it


@dataclass(frozen=True)
class CommitSummary:
    sha: str
    at: datetime
    subject: str


@dataclass(frozen=True)
class ChangeDigest:
    since: str  # the reference as given
    base: str | None  # the commit the digest starts after; None: from the first commit
    head: str | None
    commits: tuple[CommitSummary, ...]
    changes: tuple[FactChange, ...]
    categories: tuple[str, ...]  # category file names (categories/<name>.md) touched
    client: str | None = None  # set when read through a bookmark
    note: str = ""

    def of_kind(self, kind: ChangeKind) -> list[FactChange]:
        return [c for c in self.changes if c.kind is kind]

    @property
    def added(self) -> list[FactChange]:
        return self.of_kind(ChangeKind.ADDED)

    @property
    def superseded(self) -> list[FactChange]:
        return self.of_kind(ChangeKind.SUPERSEDED)

    @property
    def ended(self) -> list[FactChange]:
        return self.of_kind(ChangeKind.ENDED)

    @property
    def retracted(self) -> list[FactChange]:
        return self.of_kind(ChangeKind.RETRACTED)

    @property
    def reinforced(self) -> list[FactChange]:
        return self.of_kind(ChangeKind.REINFORCED)

    @property
    def is_empty(self) -> bool:
        return not self.commits


# -- the pure part --------------------------------------------------------------------


def classify(before: Item | None, after: Item | None) -> ChangeKind | None:
    """What one commit did to one item; None when nothing a reader cares about changed."""
    if after is None:
        return ChangeKind.REMOVED if before is not None else None
    if before is None:
        return ChangeKind.ADDED
    if before.status is not after.status:
        if after.status is Status.HISTORICAL:
            return ChangeKind.SUPERSEDED if after.superseded_by else ChangeKind.ENDED
        if after.status is Status.RETRACTED:
            return ChangeKind.RETRACTED
        if after.status is Status.ARCHIVED:
            return ChangeKind.ARCHIVED
        return ChangeKind.RESTORED
    if after.superseded_by and after.superseded_by != before.superseded_by:
        return ChangeKind.SUPERSEDED
    if len(after.sources) > len(before.sources) and after.value == before.value:
        return ChangeKind.REINFORCED
    # Upkeep's bookkeeping (decay, recall counts) changes no fact: keep it out of the digest.
    if replace(after, **{k: getattr(before, k) for k in _BOOKKEEPING}) == before:
        return None
    return ChangeKind.UPDATED


_BOOKKEEPING = ("importance", "access_count", "last_access", "decayed_at")


def parse_moment(text: str) -> datetime | None:
    """A date or RFC 3339 time as an aware UTC datetime; None if ``text`` is neither."""
    stripped = text.strip()
    try:
        if _DATE.match(stripped):
            day = datetime.strptime(stripped, "%Y-%m-%d").date()
            return datetime.combine(day, time(0, 0), tzinfo=timezone.utc)
        if _DATETIME.match(stripped):
            moment = datetime.fromisoformat(stripped.replace("Z", "+00:00").replace("z", "+00:00"))
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=timezone.utc)
            return moment.astimezone(timezone.utc)
    except ValueError:
        raise UnknownRevisionError(text, "not a valid date or time") from None
    return None


# -- reading git ----------------------------------------------------------------------


def changes_since(vault: Workspace, since: str, client: str = DEFAULT_CLIENT) -> ChangeDigest:
    """The digest of what changed after ``since``; see the module docstring."""
    since = since.strip()
    if not since:
        raise UnknownRevisionError(since, "empty reference")
    history = VaultHistory(vault.repo)
    head = vault.repo.head_sha()
    bookmarks = Bookmarks(vault.paths.state / "bookmarks.json")
    base: str | None = None
    after_time: datetime | None = None
    note = ""
    reader: str | None = None
    if since.lower() == LAST:
        reader = check_client(client)
        mark = bookmarks.get(reader)
        if mark is None:
            note = f"first read for client {reader!r}: everything since the vault began"
        elif head is not None and history.is_ancestor(mark.commit, head):
            base = mark.commit
        else:
            note = (
                f"bookmark of client {reader!r} ({mark.commit[:12]}) is not in this history; "
                "showing everything since the vault began"
            )
    else:
        after_time = parse_moment(since)
        if after_time is None:
            base = history.resolve(since)
            if head is not None and not history.is_ancestor(base, head):
                raise UnknownRevisionError(since, "that commit is not in the vault's history")
    records = []
    if head is not None:
        records = history.commits(head, after_commit=base, after_time=after_time)
    if after_time is not None:
        base = records[0].parent if records else head
    changes, categories = _collect(vault, history, records)
    digest = ChangeDigest(
        since=since,
        base=base,
        head=head,
        commits=tuple(CommitSummary(r.sha, r.committed, r.subject) for r in records),
        changes=tuple(changes),
        categories=tuple(sorted(categories)),
        client=reader,
        note=note,
    )
    if reader is not None and head is not None:
        read_at = vault.clock().astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
        bookmarks.set(Bookmark(reader, head, read_at))
    return digest


def _collect(
    vault: Workspace, history: VaultHistory, records: list[CommitRecord]
) -> tuple[list[FactChange], set[str]]:
    changes: list[FactChange] = []
    categories: set[str] = set()
    changed = history.changed_paths(records, "items", "categories")
    for record in records:
        after_by_id: dict[str, Item] = {}
        pairs: list[tuple[Item | None, Item | None]] = []
        for path_change in changed[record.sha]:
            path = PurePosixPath(path_change.path)
            if path.parts[0] == "categories":
                if path.suffix == ".md":
                    categories.add(path.stem)
                continue
            if path.suffix != ".pb" or len(path.parts) != 3:
                continue
            categories.add(path.parts[1])
            before = _decode(history, path_change.old_blob)
            after = _decode(history, path_change.new_blob)
            if after is not None:
                after_by_id[after.id] = after
            pairs.append((before, after))
        moved = _moved_ids(pairs)
        for before, after in pairs:
            if after is None and before is not None and before.id in moved:
                continue  # the other half of a category move; reported with the new file
            kind = classify(before, after)
            if kind is None:
                continue
            subject = after if after is not None else before
            assert subject is not None
            successor = None
            if kind is ChangeKind.SUPERSEDED and subject.superseded_by:
                successor = after_by_id.get(subject.superseded_by) or vault.loaded_items().get(
                    subject.superseded_by
                )
            changes.append(
                FactChange(kind, record.sha, record.committed, subject, before, successor)
            )
    return changes, categories


def _moved_ids(pairs: list[tuple[Item | None, Item | None]]) -> set[str]:
    deleted = {b.id for b, a in pairs if a is None and b is not None}
    added = {a.id for b, a in pairs if b is None and a is not None}
    return deleted & added


def _decode(history: VaultHistory, blob: str | None) -> Item | None:
    if blob is None:
        return None
    try:
        return decode(history.blob(blob))
    except ValueError:
        return None  # an unreadable item version is reported by `status`, not here


# -- JSON form ------------------------------------------------------------------------


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def change_to_json(change: FactChange) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": change.kind.value,
        "commit": change.commit,
        "at": _iso(change.at),
        "item": to_json_dict(change.item),
    }
    if change.kind is ChangeKind.SUPERSEDED:
        data["old"] = change.item.value
        data["new"] = change.successor.value if change.successor else None
        data["successor"] = to_json_dict(change.successor) if change.successor else None
    return data


def digest_to_json(digest: ChangeDigest) -> dict[str, Any]:
    counts = {kind.value: 0 for kind in ChangeKind}
    for change in digest.changes:
        counts[change.kind.value] += 1
    return {
        "since": digest.since,
        "client": digest.client,
        "base": digest.base,
        "head": digest.head,
        "note": digest.note or None,
        "counts": {k: v for k, v in counts.items() if v},
        "categories": list(digest.categories),
        "commits": [{"sha": c.sha, "at": _iso(c.at), "subject": c.subject} for c in digest.commits],
        "changes": [change_to_json(c) for c in digest.changes],
    }


def digest_to_text(digest: ChangeDigest) -> str:
    """The digest as short Markdown, the form an agent reads at the start of a session."""
    head = (digest.head or "none")[:12]
    span = f"{digest.base[:12]}..{head}" if digest.base else f"the beginning..{head}"
    count = _plural(len(digest.commits), "commit")
    lines = [f"# Changes since {digest.since} ({span}, {count})"]
    if digest.note:
        lines.append(f"_{digest.note}_")
    if not digest.changes:
        lines.append("No fact changed.")
    sections = (
        (ChangeKind.ADDED, "Added"),
        (ChangeKind.SUPERSEDED, "Superseded"),
        (ChangeKind.ENDED, "Ended"),
        (ChangeKind.RETRACTED, "Retracted"),
        (ChangeKind.REINFORCED, "Reinforced"),
        (ChangeKind.ARCHIVED, "Archived"),
        (ChangeKind.RESTORED, "Restored"),
        (ChangeKind.UPDATED, "Updated"),
        (ChangeKind.REMOVED, "Removed"),
    )
    for kind, title in sections:
        chosen = digest.of_kind(kind)
        if not chosen:
            continue
        lines.append(f"\n## {title}")
        for change in chosen:
            lines.append(f"- {_describe(change)} ({change.commit[:7]}, {change.at:%Y-%m-%d})")
    if digest.categories:
        lines.append("\nCategories touched: " + ", ".join(digest.categories))
    return "\n".join(lines) + "\n"


def _describe(change: FactChange) -> str:
    item = change.item
    if change.kind is ChangeKind.SUPERSEDED:
        new = change.successor.value if change.successor else item.superseded_by or "?"
        return f"{item.subject} {item.attribute}: {item.value} -> {new}"
    if change.kind in (ChangeKind.ENDED, ChangeKind.RETRACTED):
        reason = f" — {item.status_reason}" if item.status_reason else ""
        return f"{item.text}{reason}"
    return f"{item.text} [{item.category}] ^{item.id}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
