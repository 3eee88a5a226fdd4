"""What gets indexed: items and resource turns as Units, with their key texts.

A turn's key is its text plus the facts the weaver extracted from it (fact-expanded
keys); an item's key is its canonical sentence.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timezone

from vaultweave.store.index.unit import Unit
from vaultweave.store.item import Item
from vaultweave.store.resources import Resource, resource_id

ITEM_PREFIX = "item:"
MAX_KEY_CHARS = 4000
# Previous-turn keyword keys only for short turns: an answer of a few words borrows the
# question's words; a long turn has its own words, and a neighbour's only add noise
# (bench.retrieval, docs/RECALL.md). Measured in words of the turn.
SHORT_TURN_WORDS = 80


def item_key(item_id: str) -> str:
    return f"{ITEM_PREFIX}{item_id}"


def is_item_key(key: str) -> bool:
    return key.startswith(ITEM_PREFIX)


def day_text(moment: datetime) -> str:
    day = moment.astimezone(timezone.utc)
    return f"{day.day} {day:%B %Y}"


def item_unit(item: Item) -> Unit:
    return Unit(
        key=item_key(item.id),
        kind="item",
        text=item.text,
        key_text=item.text[:MAX_KEY_CHARS],
        ts=item.valid_from.timestamp(),
        speaker=item.subject,
    )


def _has_cjk_run(text: str, at_least: int = 60) -> bool:
    """Chinese has no spaces: count ideographs instead of words."""
    return sum(1 for ch in text if "\u3400" <= ch <= "\u9fff") >= at_least


def turn_unit(resource: Resource, facts: Sequence[str] = (), previous: str = "") -> Unit:
    # Speaker and date stay out of the key text: the search handles them as structure
    # (a query naming a speaker searches that speaker's turns). On LoCoMo, prefixing them
    # cost 2-4 points of recall@10 once that filter was in place (docs/RECALL.md).
    extra = [f for f in dict.fromkeys(facts) if f.casefold() not in resource.text.casefold()]
    key_text = resource.text + "".join(f" | {f}" for f in extra)
    # BM25 also reads the turn before it in the same session: an answer's words are often
    # in the question it answers (+2.6 points of LoCoMo recall@10, docs/RECALL.md).
    short = previous and len(resource.text.split()) <= SHORT_TURN_WORDS and not _has_cjk_run(resource.text)
    keyword_text = f"{previous}\n{key_text}" if short else ""
    return Unit(
        key=resource.id,
        kind="turn",
        text=resource.text,
        key_text=key_text[:MAX_KEY_CHARS],
        ts=resource.ts.timestamp(),
        speaker=resource.speaker or resource.role or "",
        session=resource.session or "",
        keyword_text=keyword_text[:MAX_KEY_CHARS],
    )


def facts_by_source(items: Iterable[Item]) -> dict[str, list[str]]:
    """Resource id -> texts of the facts extracted from it, in a stable order."""
    found: dict[str, list[str]] = defaultdict(list)
    for item in sorted(items, key=lambda i: (i.valid_from, i.id)):
        for source in item.sources:
            found[source].append(item.text)
    return found


def previous_texts(resources: Sequence[Resource], lookup: Callable[[str], Resource | None]) -> dict[str, str]:
    """Resource id -> text of the line before it, when that line is a turn of the same session.

    Lines in ``resources`` are found there; an earlier line (from a previous cycle) is read
    with ``lookup``.
    """
    by_id = {r.id: r for r in resources}
    found: dict[str, str] = {}
    for resource in resources:
        if resource.line <= 1:
            continue
        before_id = resource_id(resource.path, resource.line - 1)
        before = by_id.get(before_id) or lookup(before_id)
        if before is not None and before.session == resource.session:
            found[resource.id] = before.text
    return found


def units_for(
    items: Iterable[Item],
    resources: Sequence[Resource],
    facts: Mapping[str, Sequence[str]],
    previous: Mapping[str, str] | None = None,
    *,
    fact_keys: bool = False,
) -> list[Unit]:
    """Units of ``items`` and ``resources``. ``fact_keys`` appends each turn's facts to its
    key text (LongMemEval's fact-expanded keys; settings: [recall] fact_keys)."""
    out = [item_unit(item) for item in items]
    expand = fact_keys
    before = previous or {}
    out.extend(turn_unit(r, facts.get(r.id, ()) if expand else (), before.get(r.id, "")) for r in resources)
    return out
