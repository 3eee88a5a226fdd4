"""How one item changes when the resolver applies a candidate to it: added, reinforced by a
repeat, revived from the archive, superseded by a newer value. Pure helpers of ``resolve``."""

from __future__ import annotations

from datetime import datetime

from vaultweave.store.item import Item, Status, item_id
from vaultweave.weaver.doubting import said_at
from vaultweave.weaver.extract.base import Candidate

BASE_IMPORTANCE = {"identity": 0.8, "fact": 0.6, "preference": 0.5, "event": 0.5, "transient": 0.3}
REINFORCE_STEP = 0.1


def new_item(candidate: Candidate, observed_at: datetime) -> Item:
    return Item(
        id=item_id(candidate.source, candidate.subject, candidate.attribute, candidate.value),
        subject=candidate.subject,
        attribute=candidate.attribute,
        value=candidate.value,
        text=candidate.text,
        category=candidate.category,
        kind=candidate.kind,
        tags=tuple(candidate.tags),
        confidence=round(candidate.confidence, 4),
        importance=BASE_IMPORTANCE.get(candidate.kind, 0.5),
        valid_from=candidate.valid_from,
        observed_at=observed_at,
        sources=(candidate.source,),
        origin=candidate.origin,
        heard_at=said_at(candidate),
        when=candidate.when,
        relation=candidate.relation,
    )


def reinforce(item: Item, candidate: Candidate, observed_at: datetime) -> Item:
    # A repeated mention is a use: upkeep's decay and archive clocks restart from when it
    # was said (heard_at, world time), not from when the vault read it.
    said = said_at(candidate)
    heard = said if item.heard_at is None else max(item.heard_at, said)
    # Told again after a doubt: confirmed, the doubt is cleared.
    confirmed = bool(item.doubt) and (item.doubted_at is None or said >= item.doubted_at)
    return item.evolve(
        heard_at=heard,
        doubt="" if confirmed else item.doubt,
        doubted_at=None if confirmed else item.doubted_at,
        sources=(*item.sources, candidate.source),
        importance=round(min(1.0, item.importance + REINFORCE_STEP), 4),
        confidence=round(max(item.confidence, candidate.confidence), 4),
    )


def revive(item: Item, candidate: Candidate, observed_at: datetime) -> Item:
    return reinforce(item, candidate, observed_at).evolve(
        status=Status.CURRENT, status_reason=f"revived: mentioned again in {candidate.source}"
    )


def supersede(old: Item, new: Item, evidence: str) -> Item:
    return old.evolve(
        status=Status.HISTORICAL,
        valid_to=max(new.valid_from, old.valid_from),
        doubt="",
        doubted_at=None,
        superseded_by=new.id,
        ended_by=evidence,
        status_reason=f"superseded by {new.value!r}",
    )
