"""What one hand-edited fact bullet changes, shared by category and entity pages.

Pure: the item, the bullet as the person left it and as last committed in, changes out.
``bullet_changes`` decides between superseded (a new value), rephrased (new words, the
same value), redated (the date after ``since``), retagged (#tags) and moved (cut from one
category page, pasted on another); ``hand_source`` names where an edit was made.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timezone

from vaultweave.store.item import Item, Status, item_id
from vaultweave.store.sanitize import safe_name
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.markdown_parse import FactBullet, is_tag, since_day
from vaultweave.weaver.render import clean_text
from vaultweave.weaver.resolve import Action, Change

HAND_IMPORTANCE = 0.8


def hand_source(rel: str, line: int | None, base_commit: str | None) -> str:
    """Provenance of a hand edit: the file, the line, and the commit the edit was made on."""
    where = f"{rel}#L{line}" if line else rel
    return f"{where}@{(base_commit or 'root')[:12]}"


def retracted_by_hand(item: Item, rel: str, source: str, now: datetime) -> Change:
    """A bullet deleted from a page's current facts: the fact was not to be held."""
    ended = item.evolve(
        status=Status.RETRACTED, valid_to=now, ended_by=source, status_reason=f"deleted by hand from {rel}"
    )
    return Change(Action.RETRACTED, ended, item)


def bullet_changes(
    old: Item,
    bullet: FactBullet,
    before: FactBullet | None,
    rel: str,
    category: str,
    source: str,
    now: datetime,
    value: str | None = None,
) -> tuple[str, list[Change]]:
    """What one edited bullet of a current fact changes, compared with the page as last
    committed (``before``; the fact itself when the page was new), and the word the
    commit message counts it under (superseded, rephrased, redated, retagged, moved).

    ``rel`` is the edited page, ``category`` the category the fact is to be in after the
    edit (another one: it was moved there), ``value`` the new value when the page says it
    apart from the sentence (entity pages), else it is read from the sentence.

    - new words and a new value: a change in the world, since now (or the date written);
    - new words, same value (a rephrase): the wording is corrected; the fact keeps when
      it began and its sources, the old wording is voided;
    - only the date after ``since`` or the #tags changed: the fact is edited in place.
    """
    was_text = before.text if before else clean_text(old.text)
    was_day = since_day(before.meta) if before else None
    if not isinstance(was_day, date):
        was_day = old.valid_from.astimezone(timezone.utc).date()
    day = since_day(bullet.meta)
    redated = isinstance(day, date) and day != was_day
    start = datetime.combine(day, time(), timezone.utc) if isinstance(day, date) and redated else None
    tags = bullet.tags if set(bullet.tags) != set(before.tags if before else page_tags(old)) else None
    if " ".join(bullet.text.split()) != " ".join(was_text.split()):
        new = successor(old, bullet.text, category, source, now, tags, value)
        if _rephrased(old, new):  # the same fact in new words
            value = old.value
            new = new.evolve(
                id=item_id(source, old.subject, old.attribute, value), value=value,
                valid_from=start or old.valid_from, sources=(*old.sources, source),
            )
            voided = old.evolve(
                status=Status.RETRACTED, valid_to=None, superseded_by=new.id, ended_by=source,
                status_reason=f"rephrased by hand in {rel}",
            )
            return "rephrased", [
                Change(Action.SUPERSEDED, voided, old, "rephrased"), Change(Action.ADDED, new, None)
            ]
        if start is not None:
            new = new.evolve(valid_from=start)
        ended = old.evolve(
            status=Status.HISTORICAL,
            valid_to=max(start or now, old.valid_from),
            superseded_by=new.id,
            ended_by=source,
            status_reason=f"edited by hand in {rel}",
        )
        superseded = Change(Action.SUPERSEDED, ended, old, f"{old.value} -> {new.value}")
        return "superseded", [superseded, Change(Action.ADDED, new, None)]
    fields: dict[str, object] = {"status_reason": f"edited by hand in {rel}"}
    if start is not None:
        fields["valid_from"] = start
    if tags is not None:
        fields["tags"] = (*(t for t in old.tags if not is_tag(t)), *tags)
    if safe_name(old.category) != safe_name(category):  # cut from one page, pasted on another
        fields.update(category=category, status_reason=f"moved by hand to {rel}")
        moved = old.evolve(**fields)
        return "moved", [Change(Action.MOVED, moved, old, f"{old.category} -> {category}")]
    if len(fields) == 1:
        return "", []
    what = "redated" if start is not None else "retagged"
    return what, [Change(Action.EDITED, old.evolve(**fields), old, what)]


def _rephrased(old: Item, new: Item) -> bool:
    """Whether an edited bullet says the same fact: its value read the same, or it could
    not be read apart from the sentence and the sentence still names the old value."""
    if normalise(new.value) == normalise(old.value):
        return True
    # The value could not be read apart (and was a part of the old sentence, not all of it).
    unread = new.value == new.text and normalise(old.value) != normalise(old.text)
    word = re.compile(rf"(?<![A-Za-z0-9]){re.escape(normalise(old.value))}(?![A-Za-z0-9])")
    return unread and bool(normalise(old.value)) and bool(word.search(normalise(new.text)))


def page_tags(item: Item) -> tuple[str, ...]:
    """The tags a fact's bullet shows (render.py writes those Obsidian reads as tags)."""
    return tuple(t for t in item.tags if is_tag(t))


def _derive_value(old: Item, new_text: str) -> str:
    """The new value when only the value's words changed ("works at X" -> "works at Y")."""
    text = clean_text(old.text)
    at = text.find(old.value) if old.value else -1
    if at >= 0:
        prefix, suffix = text[:at], text[at + len(old.value) :]
        if (
            new_text.startswith(prefix)
            and new_text.endswith(suffix)
            and len(new_text) > len(prefix) + len(suffix)
        ):
            return new_text[len(prefix) : len(new_text) - len(suffix)].strip()
    return new_text


def successor(
    old: Item,
    text: str,
    category: str,
    source: str,
    now: datetime,
    tags: tuple[str, ...] | None = None,
    value: str | None = None,
) -> Item:
    """The hand-stated fact that replaces ``old`` (origin hand, pinned, confidence 1.0)."""
    value = _derive_value(old, text) if value is None else value
    return Item(
        id=item_id(source, old.subject, old.attribute, value),
        subject=old.subject,
        attribute=old.attribute,
        value=value,
        text=text,
        category=category,
        kind=old.kind,
        valid_from=now,
        observed_at=now,
        tags=old.tags if tags is None else (*(t for t in old.tags if not is_tag(t)), *tags),
        confidence=1.0,
        importance=max(old.importance, HAND_IMPORTANCE),
        sources=(source,),
        supersedes=(old.id,),
        origin="hand",
        pinned=True,
    )
