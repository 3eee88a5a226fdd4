"""Agent-sized views of the vault, pure over items and digests (the MCP tools send them).

Replies are compact by default: an agent's context is small, so a view carries what it
needs to act (ids, texts, status, dates, sources) and says how much it left out; the
complete form is one flag away (``verbose`` / ``explain``).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta, timezone
from typing import Any

from vaultweave.store.item import Item, Status
from vaultweave.weaver.changes import ChangeDigest, ChangeKind, FactChange

# About 2,000 characters of JSON: a first changes_since on a small vault fits in whole.
COMPACT_CHARS = 2_000
MAX_LISTED = 50  # subjects, attributes named in a hint


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def fact_brief(item: Item) -> dict[str, Any]:
    """What an agent needs of one fact: no bookkeeping, no empty fields."""
    data = {
        "id": item.id,
        "text": item.text,
        "status": item.status.value,
        "valid_from": iso(item.valid_from),
        "valid_to": iso(item.valid_to),
        "doubt": item.doubt or None,
        "sources": list(item.sources[-3:]),
    }
    return {k: v for k, v in data.items() if v not in (None, [], "")}


def subjects(items: Iterable[Item]) -> list[dict[str, Any]]:
    """Every subject with its fact counts, the most known first."""
    current: Counter[str] = Counter()
    total: Counter[str] = Counter()
    relation: dict[str, str] = {}
    for item in items:
        total[item.subject] += 1
        current[item.subject] += item.is_current
        if item.relation:
            relation.setdefault(item.subject, item.relation)
    rows = [
        {"subject": s, "current": current[s], "all": n}
        | ({"relation": relation[s]} if s in relation else {})
        for s, n in total.items()
    ]
    return sorted(rows, key=lambda r: (-r["current"], -r["all"], r["subject"].casefold()))


def about(items: Mapping[str, Item], subject: str) -> dict[str, Any]:
    """A subject's profile: current facts by attribute, relations to other known subjects
    (a value that is itself a subject), and how many past values each attribute has."""
    mine = [i for i in items.values() if i.subject.casefold() == subject.casefold()]
    if not mine:
        return {"subject": subject, "known": False, **unknown_subject_hint(items.values(), subject)}
    known_subjects = {i.subject.casefold() for i in items.values()}
    current: dict[str, list[dict[str, Any]]] = defaultdict(list)
    past: Counter[str] = Counter()
    relations = []
    for item in sorted(mine, key=lambda i: i.valid_from):
        if item.is_current:
            current[item.attribute].append(fact_brief(item))
            if item.value.casefold() in known_subjects:
                relations.append({"attribute": item.attribute, "subject": item.value})
        elif item.status is Status.HISTORICAL:
            past[item.attribute] += 1
    relation = next((i.relation for i in mine if i.relation), "")
    return {
        "subject": mine[0].subject,
        "known": True,
        **({"relation": relation} if relation else {}),
        "current": dict(current),
        "relations": relations,
        "past_values": dict(past),
    }


def unknown_subject_hint(items: Iterable[Item], subject: str) -> dict[str, Any]:
    names = [row["subject"] for row in subjects(items)]
    return {
        "hint": f"no facts about {subject!r}; known subjects are listed (also: list_subjects)",
        "known_subjects": names[:MAX_LISTED],
    }


def history_hint(items: Mapping[str, Item], subject: str, attribute: str) -> dict[str, Any]:
    """Why a fact_history came back empty, and what would not."""
    mine = [i for i in items.values() if i.subject.casefold() == subject.casefold()]
    if not mine:
        return unknown_subject_hint(items.values(), subject)
    attributes = sorted({i.attribute for i in mine})
    return {
        "hint": f"{mine[0].subject} has no {attribute!r}; known attributes are listed",
        "known_attributes": attributes[:MAX_LISTED],
    }


def _change_brief(change: FactChange) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": change.kind.value, "id": change.item.id, "text": change.item.text}
    if change.kind is ChangeKind.SUPERSEDED:
        data["new"] = change.successor.value if change.successor else None
    elif change.kind in (ChangeKind.ENDED, ChangeKind.RETRACTED) and change.item.status_reason:
        data["reason"] = change.item.status_reason
    return data


def compact_digest(digest: ChangeDigest, limit: int = COMPACT_CHARS) -> dict[str, Any]:
    """The digest within about ``limit`` characters of JSON: counts in full, then the
    changes (newest commits last, as they happened) while they fit; ``omitted`` counts
    the rest and says how to get everything."""
    counts = Counter(c.kind.value for c in digest.changes)
    data: dict[str, Any] = {
        "since": digest.since,
        "base": digest.base,
        "head": digest.head,
        "commits": len(digest.commits),
        "counts": dict(counts),
        "categories": list(digest.categories)[:20],
        "changes": [],
    }
    if digest.note:
        data["note"] = digest.note
    size = len(json.dumps(data, ensure_ascii=False))
    shown = 0
    # What a reader most needs first: what is no longer true, then what is new.
    order = (ChangeKind.SUPERSEDED, ChangeKind.ENDED, ChangeKind.RETRACTED, ChangeKind.ADDED)
    ranked = sorted(
        digest.changes, key=lambda c: order.index(c.kind) if c.kind in order else len(order)
    )
    for change in ranked:
        brief = _change_brief(change)
        cost = len(json.dumps(brief, ensure_ascii=False)) + 2
        if size + cost > limit:
            break
        data["changes"].append(brief)
        size += cost
        shown += 1
    if shown < len(digest.changes):
        data["omitted"] = len(digest.changes) - shown
        # "last" has moved the bookmark: name a start that gives the same span again.
        start = digest.base or (
            f"{digest.commits[0].at - timedelta(days=1):%Y-%m-%d}" if digest.commits else digest.since
        )
        data["more"] = f"every change: changes_since(since={start!r}, verbose=true)"
    return data
