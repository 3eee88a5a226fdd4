"""One search result (``Hit``), and how a ranked index row becomes one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from vaultweave.store.index.recall_index import IndexView
from vaultweave.store.item import Item
from vaultweave.weaver.digests import DIGEST_KIND, DIGEST_PREFIX
from vaultweave.weaver.recall.units import ITEM_PREFIX


@dataclass(frozen=True)
class Hit:
    """One result. ``id`` is an item id or a resource id; ``kind`` says which."""

    kind: str  # "item" | "turn" | "digest" (id: the digest page's path)
    id: str
    text: str
    score: float
    parts: dict[str, float] = field(default_factory=dict)
    status: str = "current"
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    ts: datetime | None = None
    speaker: str = ""
    session: str = ""
    category: str = ""
    item_kind: str = ""
    superseded_by: str = ""
    sources: tuple[str, ...] = ()
    # How 1-hop expansion pulled it in: "neighbour of <turn id>" (time), "relation (sister)
    # of <item id>", "later (employer) of <item id>", "similar (0.84) of <item id>".
    via: str = ""
    # A later turn put this value in doubt (its resource id): possibly outdated.
    doubt: str = ""
    heard_at: datetime | None = None  # when the fact was last told (world time)
    vault: str = ""  # a shared vault's name when read through ([share] read_through); "" = own

    def to_json(self, explain: bool = True) -> dict[str, Any]:
        """Every field; ``explain=False`` is the compact form agents get by default: no
        score parts and no empty fields."""
        data = self._fields()
        if explain:
            return data
        data.pop("parts")
        return {k: v for k, v in data.items() if v not in (None, [], "")}

    def _fields(self) -> dict[str, Any]:
        def iso(m: datetime | None) -> str | None:
            return None if m is None else m.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")

        return {
            "kind": self.kind,
            "id": self.id,
            "text": self.text,
            "score": round(self.score, 5),
            "parts": {k: round(v, 5) for k, v in self.parts.items()},
            "status": self.status,
            "valid_from": iso(self.valid_from),
            "valid_to": iso(self.valid_to),
            "ts": iso(self.ts),
            "speaker": self.speaker or None,
            "session": self.session or None,
            "category": self.category or None,
            "item_kind": self.item_kind or None,
            "superseded_by": self.superseded_by or None,
            "sources": list(self.sources),
            "via": self.via or None,
            "doubt": self.doubt or None,
            "heard_at": iso(self.heard_at),
            "vault": self.vault or None,
        }


def hit_of(
    view: IndexView,
    items: Mapping[str, Item],
    row: int,
    score: float,
    parts: dict[str, float],
    via: str,
) -> Hit:
    record = view.rows[row]
    assert record is not None
    moment = datetime.fromtimestamp(record.ts, tz=timezone.utc)
    if record.kind == DIGEST_KIND:  # its sources are on its page: see recall/api.py
        return Hit(
            kind=DIGEST_KIND,
            id=record.key[len(DIGEST_PREFIX) :],
            text=record.text,
            score=score,
            parts=parts,
            status=DIGEST_KIND,
            ts=moment,
            session=record.session,
            via=via,
        )
    if record.kind == "turn":
        return Hit(
            kind="turn",
            id=record.key,
            text=record.text,
            score=score,
            parts=parts,
            status="turn",
            ts=moment,
            speaker=record.speaker,
            session=record.session,
            sources=(record.key,),
            via=via,
        )
    item = items[record.key[len(ITEM_PREFIX) :]]
    return Hit(
        kind="item",
        id=item.id,
        text=item.text,
        score=score,
        parts=parts,
        status=item.status.value,
        valid_from=item.valid_from,
        valid_to=item.valid_to,
        ts=item.observed_at,
        speaker=item.subject,
        category=item.category,
        item_kind=item.kind,
        superseded_by=item.superseded_by,
        sources=item.sources,
        via=via,
        doubt=item.doubt,
        heard_at=item.heard_at,
    )
