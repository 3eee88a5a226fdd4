"""Tier 2 in memory: the Item value and its protobuf form on disk."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from enum import Enum
from typing import Any

from google.protobuf.message import DecodeError
from google.protobuf.timestamp_pb2 import Timestamp
from vaultweave.schemas import item_pb2


class Status(str, Enum):
    CURRENT = "current"
    HISTORICAL = "historical"
    RETRACTED = "retracted"
    ARCHIVED = "archived"


_TO_PROTO = {
    Status.CURRENT: item_pb2.CURRENT,
    Status.HISTORICAL: item_pb2.HISTORICAL,
    Status.RETRACTED: item_pb2.RETRACTED,
    Status.ARCHIVED: item_pb2.ARCHIVED,
}
_FROM_PROTO = {v: k for k, v in _TO_PROTO.items()}


@dataclass(frozen=True)
class Item:
    """One atomic fact. Frozen: a change is a new value made with ``dataclasses.replace``."""

    id: str
    subject: str
    attribute: str
    value: str
    text: str
    category: str
    kind: str
    valid_from: datetime
    observed_at: datetime
    status: Status = Status.CURRENT
    valid_to: datetime | None = None
    tags: tuple[str, ...] = ()
    confidence: float = 0.8
    importance: float = 0.5
    superseded_by: str = ""
    supersedes: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    access_count: int = 0
    last_access: datetime | None = None
    origin: str = "rules"
    status_reason: str = ""
    links: tuple[str, ...] = ()
    pinned: bool = False
    ended_by: str = ""
    decayed_at: datetime | None = None
    # A later turn talked of the attribute without a new value: the resource id of that
    # turn, and when it was said. Empty while the value is not in doubt.
    doubt: str = ""
    doubted_at: datetime | None = None
    heard_at: datetime | None = None  # when the latest source turn was said (world time)
    when: datetime | None = None  # for an appointment: when it is
    relation: str = ""  # who the subject is to the speaker ("sister")

    @property
    def world_time(self) -> datetime:
        """When the fact was last heard of in the world: the latest source turn's time,
        else when it became true; never when the vault happened to ingest it."""
        return self.heard_at or self.valid_from

    @property
    def is_current(self) -> bool:
        return self.status is Status.CURRENT

    def true_at(self, moment: datetime) -> bool:
        """Whether the fact held in the world at ``moment`` (its validity range)."""
        if self.status is Status.RETRACTED and not self.valid_to:
            return False
        if moment < self.valid_from:
            return False
        return self.valid_to is None or moment < self.valid_to

    def evolve(self, **changes: Any) -> Item:
        return replace(self, **changes)


def item_id(source: str, subject: str, attribute: str, value: str) -> str:
    """Deterministic id: the same fact from the same source always gets the same id."""
    key = "\x1f".join((source, subject.casefold(), attribute, value.casefold()))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def _ts(moment: datetime | None) -> Timestamp | None:
    if moment is None:
        return None
    stamp = Timestamp()
    stamp.FromDatetime(moment.astimezone(timezone.utc))
    return stamp


def _dt(message: item_pb2.Item, name: str) -> datetime | None:
    if not message.HasField(name):
        return None
    stamp: Timestamp = getattr(message, name)
    moment: datetime = stamp.ToDatetime(tzinfo=timezone.utc)
    return moment


_TIMES = ("observed_at", "valid_from", "valid_to", "last_access", "decayed_at",
          "doubted_at", "heard_at", "when")


def to_proto(item: Item) -> item_pb2.Item:
    message = item_pb2.Item(
        id=item.id,
        subject=item.subject,
        attribute=item.attribute,
        value=item.value,
        text=item.text,
        category=item.category,
        kind=item.kind,
        tags=list(item.tags),
        confidence=item.confidence,
        importance=item.importance,
        status=_TO_PROTO[item.status],
        superseded_by=item.superseded_by,
        sources=list(item.sources),
        access_count=item.access_count,
        origin=item.origin,
        status_reason=item.status_reason,
        supersedes=list(item.supersedes),
        links=list(item.links),
        pinned=item.pinned,
        ended_by=item.ended_by,
        doubt=item.doubt,
        relation=item.relation,
    )
    for name in _TIMES:
        stamp = _ts(getattr(item, name))
        if stamp is not None:
            getattr(message, name).CopyFrom(stamp)
    return message


def from_proto(message: item_pb2.Item) -> Item:
    valid_from = _dt(message, "valid_from")
    observed_at = _dt(message, "observed_at")
    if valid_from is None or observed_at is None:
        raise ValueError("item has no valid_from/observed_at")
    if message.status not in _FROM_PROTO:
        raise ValueError(f"item has unknown status {message.status}")
    return Item(
        id=message.id,
        subject=message.subject,
        attribute=message.attribute,
        value=message.value,
        text=message.text,
        category=message.category,
        kind=message.kind,
        tags=tuple(message.tags),
        # float32 on disk: round so a round trip compares equal to what was written.
        confidence=round(message.confidence, 4),
        importance=round(message.importance, 4),
        valid_from=valid_from,
        observed_at=observed_at,
        valid_to=_dt(message, "valid_to"),
        status=_FROM_PROTO[message.status],
        superseded_by=message.superseded_by,
        supersedes=tuple(message.supersedes),
        sources=tuple(message.sources),
        access_count=message.access_count,
        last_access=_dt(message, "last_access"),
        origin=message.origin,
        status_reason=message.status_reason,
        links=tuple(message.links),
        pinned=message.pinned,
        ended_by=message.ended_by,
        decayed_at=_dt(message, "decayed_at"),
        doubt=message.doubt,
        doubted_at=_dt(message, "doubted_at"),
        heard_at=_dt(message, "heard_at"),
        when=_dt(message, "when"),
        relation=message.relation,
    )


def encode(item: Item) -> bytes:
    # Deterministic serialisation keeps git diffs and content hashes stable.
    data: bytes = to_proto(item).SerializeToString(deterministic=True)
    return data


def decode(data: bytes) -> Item:
    message = item_pb2.Item()
    try:
        message.ParseFromString(data)
    except DecodeError as exc:
        raise ValueError(f"not an Item protobuf ({exc})") from exc
    return from_proto(message)


def to_json_dict(item: Item) -> dict[str, Any]:
    """The proto's fields as JSON-ready values (times in RFC 3339, UTC)."""

    def iso(moment: datetime | None) -> str | None:
        return None if moment is None else moment.astimezone(timezone.utc).isoformat().replace(
            "+00:00", "Z"
        )

    return {
        "id": item.id,
        "subject": item.subject,
        "attribute": item.attribute,
        "value": item.value,
        "text": item.text,
        "category": item.category,
        "kind": item.kind,
        "tags": list(item.tags),
        "confidence": item.confidence,
        "importance": item.importance,
        "observed_at": iso(item.observed_at),
        "valid_from": iso(item.valid_from),
        "valid_to": iso(item.valid_to),
        "status": item.status.value,
        "superseded_by": item.superseded_by or None,
        "supersedes": list(item.supersedes),
        "sources": list(item.sources),
        "access_count": item.access_count,
        "last_access": iso(item.last_access),
        "origin": item.origin,
        "status_reason": item.status_reason or None,
        "links": list(item.links),
        "pinned": item.pinned,
        "ended_by": item.ended_by or None,
        "decayed_at": iso(item.decayed_at),
        "doubt": item.doubt or None,
        "doubted_at": iso(item.doubted_at),
        "heard_at": iso(item.heard_at),
        "when": iso(item.when),
        "relation": item.relation or None,
    }


def to_text(item: Item) -> str:
    """Readable form for `git log -p` (the textconv driver) and `vaultweave show`."""
    data = to_json_dict(item)
    lines = []
    for key, value in data.items():
        if value in (None, [], "", False) and key not in ("status",):
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        lines.append(f"{key}: {value}")
    return "\n".join(lines) + "\n"
