"""Hand edits of entity pages, planned as a pure function: pages + items -> changes.

Only ``## Current`` is read back, by the rules of category pages (weaver/hand_facts.py),
compared with the page as last committed:
- a bullet whose value changed supersedes its item (origin "hand", pinned); a new date
  after ``since`` redates it, new #tags retag it, the same value in other words is a
  rephrase; a wikilink's new label, or its new target, is the new value;
- a bullet deleted retracts its item (kept in history); a deleted page retracts the
  current facts it listed, as a deleted category page does;
- a bullet without an id (``- employer: [[Figma]]``, ``- likes: tea``; without an
  ``attribute:`` it is a note) becomes a new fact about the entity.
The title, the banner, ``## Relations``, ``## History``, ``## Timeline`` and the values
of the weaver's front-matter keys are not read back; a change there is a problem, like
anything else that cannot be mapped, and the page is left out whole and not rewritten.

When the same fact was also changed on its category page in the same cycle the category
page wins (it is where facts live); the entity page is left out with a problem naming
that line, unless it says the same new value. A page renamed in Obsidian is reported:
an entity page is named after its entity.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timezone

from vaultweave.store.item import Item, item_id
from vaultweave.store.sanitize import fact_text, one_line, safe_name
from vaultweave.weaver.attributes import canonical_sentence, is_single_valued, spec_for
from vaultweave.weaver.entities import Entity, entities, entity_named
from vaultweave.weaver.entity_reading import bullet_value, new_display, shown, too_long, unread_edits
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.hand_facts import HAND_IMPORTANCE, bullet_changes, hand_source, retracted_by_hand
from vaultweave.weaver.markdown_parse import FactBullet, PageProblem, ParsedPage, since_day
from vaultweave.weaver.render import clean_text
from vaultweave.weaver.resolve import Action, Change

FOLDER = "entities"


@dataclass(frozen=True)
class EntityEdit:
    rel: str  # entities/<name>.md
    page: ParsedPage | None  # None: the person deleted the file
    base: ParsedPage | None  # as last committed; None: a new file

    @property
    def stem(self) -> str:
        return self.rel.rsplit("/", 1)[-1].removesuffix(".md")


@dataclass(frozen=True)
class Claim:
    """A fact a category page changed in the same cycle: where, and the value it gave."""

    where: str  # categories/work.md:7
    value: str | None  # None: deleted there


@dataclass(frozen=True)
class EntityPlan:
    changes: tuple[Change, ...] = ()
    applied: tuple[str, ...] = ()
    problems: tuple[PageProblem, ...] = ()
    per_page: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()


@dataclass(frozen=True)
class _Context:
    items: Mapping[str, Item]
    now: datetime
    base_commit: str | None
    claimed: Mapping[str, Claim]
    waiting: Mapping[str, str]  # category stem -> its page left out this cycle
    names: Mapping[str, str]  # entity stem -> its name
    stray: frozenset[str]  # stems of pages in entities/ that are no entity's


def plan_entity_edits(
    edits: Sequence[EntityEdit],
    items: Mapping[str, Item],
    now: datetime,
    base_commit: str | None,
    claimed: Mapping[str, Claim] | None = None,
    waiting: Mapping[str, str] | None = None,
    stray: frozenset[str] = frozenset(),
) -> EntityPlan:
    """The changes entity page edits make. ``claimed``: facts category pages changed in
    this cycle; ``waiting``: category pages left out (stem -> page); ``stray``: stems of
    the pages in entities/ (those no entity has are renamed pages)."""
    if not edits:
        return EntityPlan()
    known = entities(items.values())
    ctx = _Context(
        items, now, base_commit, claimed or {}, waiting or {},
        {stem: e.name for stem, e in known.items()}, frozenset(s for s in stray if s not in known),
    )
    problems: list[PageProblem] = []
    renamed = _renames(edits, known, problems)
    changes: list[Change] = []
    applied: list[str] = []
    counts: dict[str, dict[str, int]] = {}
    for edit in edits:
        if edit.rel in renamed:
            continue
        entity = known.get(edit.stem)
        if edit.page is not None and not edit.page.ok:
            problems += edit.page.problems
            continue
        if edit.page is None:
            done, found = _deleted_page(edit, ctx)
        elif entity is None:
            found = [PageProblem(edit.rel, 1, f"no fact names '{edit.stem}'; entity pages are written"
                                 " from the facts: state facts about it on a category page")]
            done = {}
        else:
            done, found = _edited_page(edit, entity, ctx)
        if found:
            problems += found
            continue
        applied.append(edit.rel)
        page_counts: dict[str, int] = defaultdict(int)
        for what, made in done.values():
            changes += made
            page_counts[what] += 1 if made else 0
        counts[edit.rel] = {k: v for k, v in page_counts.items() if v}
    return EntityPlan(
        changes=tuple(changes),
        applied=tuple(applied),
        problems=tuple(problems),
        per_page=tuple((rel, tuple(sorted(c.items()))) for rel, c in counts.items()),
    )


def _renames(
    edits: Sequence[EntityEdit], known: Mapping[str, Entity], problems: list[PageProblem]
) -> set[str]:
    """Pages renamed in Obsidian (the old file gone, a new one holding its facts or its
    title): both are left as they are and reported. An entity page is named after its
    entity; the weaver neither renames the entity nor writes its page meanwhile."""
    gone = [e for e in edits if e.page is None and e.base is not None]
    out: set[str] = set()
    for new in edits:
        if new.base is not None or new.page is None or new.stem in known:
            continue
        ids = {b.item_id for b in new.page.bullets if b.item_id}
        title = _title(new.page)
        for old in gone:
            assert old.base is not None
            was = {b.item_id for b in old.base.bullets if b.item_id}
            if (was and was <= ids) or (title and title == _title(old.base)):
                out |= {new.rel, old.rel}
                problems.append(PageProblem(
                    new.rel, 1, f"renamed from {old.rel}: an entity page keeps its entity's name;"
                    f" rename it back to {old.stem}.md (until then neither page is rewritten)"))
                problems.append(
                    PageProblem(old.rel, 1, f"renamed to {new.rel}; waits until it is renamed back")
                )
                break
    return out


def _title(page: ParsedPage) -> str:
    found = next((s for s in page.segments if s.key == "title"), None)
    return found.lines[0][2:].strip() if found else ""


Done = dict[str, tuple[str, list[Change]]]  # item id (or "+<line>") -> (what, changes)


def _deleted_page(edit: EntityEdit, ctx: _Context) -> tuple[Done, list[PageProblem]]:
    """A deleted page: its current facts are retracted, as bullets deleted one by one."""
    assert edit.base is not None
    done: Done = {}
    problems: list[PageProblem] = []
    for bullet in edit.base.bullets:
        _retract(bullet.item_id or "", edit, 1, ctx, done, problems)
    return done, problems


def _retract(
    gone: str, edit: EntityEdit, line: int, ctx: _Context, done: Done, problems: list[PageProblem]
) -> None:
    item = ctx.items.get(gone)
    if item is None or not item.is_current or safe_name(item.subject) != edit.stem:
        return
    wait = _waits(item, ctx)
    if wait:
        problems.append(PageProblem(edit.rel, line, f"deleting ^{gone}: {wait}"))
        return
    source = hand_source(edit.rel, None, ctx.base_commit)
    done[gone] = ("retracted", [retracted_by_hand(item, edit.rel, source, ctx.now)])


def _waits(item: Item, ctx: _Context) -> str:
    """Why a change of ``item`` from an entity page cannot be taken in now ("": it can)."""
    claim = ctx.claimed.get(item.id)
    if claim is not None:
        return (f"this fact was also changed at {claim.where} in the same cycle, which wins;"
                " redo your change on the page as it is now")
    page = ctx.waiting.get(safe_name(item.category))
    return f"waits for {page}, which holds this fact and cannot be read" if page else ""


def _edited_page(edit: EntityEdit, entity: Entity, ctx: _Context) -> tuple[Done, list[PageProblem]]:
    assert edit.page is not None
    page, base = edit.page, edit.base
    problems = unread_edits(page, base) if base is not None else []
    if base is not None and "current" in base.sections and "current" not in page.sections:
        # The whole list gone with its heading: a page overwritten, not facts taken back.
        problems.append(PageProblem(edit.rel, 1, "## Current is gone; to retract facts delete their"
                                    " lines under it, to retract them all delete the page"))
        return {}, problems
    base_bullets = {b.item_id: b for b in (base.bullets if base else ()) if b.item_id}
    listed: dict[str, int] = {}
    for bullet in page.bullets:
        if bullet.item_id is None:
            continue
        if bullet.item_id in listed:
            first = listed[bullet.item_id]
            reason = f"fact ^{bullet.item_id} also at line {first}; keep one"
            problems.append(PageProblem(edit.rel, bullet.line, reason))
        listed[bullet.item_id] = bullet.line
    deleted = {i for i in base_bullets if i not in listed}
    done: Done = {}
    subject = next((i.subject for i in entity.about), entity.name)
    for bullet in page.bullets:
        day = since_day(bullet.meta)
        if isinstance(day, str):
            reason = f"'since {day}' is no date; write since YYYY-MM-DD"
            problems.append(PageProblem(edit.rel, bullet.line, reason))
        elif bullet.item_id is None:
            _added(bullet, edit, subject, deleted, ctx, done, problems, listed)
        else:
            _changed(bullet, base_bullets.get(bullet.item_id), edit, ctx, done, problems)
    for gone in sorted(deleted):
        _retract(gone, edit, base_bullets[gone].line, ctx, done, problems)
    return done, problems


def _changed(
    bullet: FactBullet, before: FactBullet | None, edit: EntityEdit, ctx: _Context,
    done: Done, problems: list[PageProblem],
) -> None:
    assert bullet.item_id is not None
    old = ctx.items.get(bullet.item_id)
    if old is None:
        problems.append(PageProblem(edit.rel, bullet.line,
                                    f"unknown fact id ^{bullet.item_id} (mangled, or from elsewhere)"))
        return
    if safe_name(old.subject) != edit.stem:
        problems.append(PageProblem(edit.rel, bullet.line, f"fact ^{old.id} is about {one_line(old.subject)};"
                                    f" edit it on {FOLDER}/{safe_name(old.subject)}.md or its category page"))
        return
    said = bullet_value(bullet.text)
    was_raw = bullet_value(before.text).raw if before else _shown_value(old)
    touched = before is None or (bullet.text, bullet.meta, set(bullet.tags)) != (
        before.text, before.meta, set(before.tags))
    if not touched:
        return
    if said.attribute != old.attribute:
        problems.append(PageProblem(edit.rel, bullet.line, f"the fact is '{old.attribute}', not"
                                    f" '{said.attribute or said.raw}'; change its value, or delete the line"
                                    " and add a new one"))
        return
    display = new_display(said.raw, was_raw, ctx.names, ctx.stray)
    claim = ctx.claimed.get(old.id)
    if claim is not None and display is not None and claim.value is not None and normalise(
        _value_for(old, display, shown(was_raw, ctx.names))) == normalise(claim.value):
        return  # the category page said the same: taken in there
    wait = _waits(old, ctx) if old.is_current else (
        f"fact ^{old.id} is no longer current (changed elsewhere since this page was written);"
        " undo this line's change, or delete the line")
    if wait:
        problems.append(PageProblem(edit.rel, bullet.line, wait))
        return
    if display == "" or too_long(display or ""):
        reason = too_long(display or "") or "empty value; delete the line to retract the fact"
        problems.append(PageProblem(edit.rel, bullet.line, reason))
        return
    sentence = clean_text(old.text)
    value = None
    if display is not None:
        value = _value_for(old, display, shown(was_raw, ctx.names))
        sentence = (sentence.replace(old.value, value, 1) if old.value and old.value in sentence
                    else canonical_sentence(old.subject, old.attribute, value))
    source = hand_source(edit.rel, bullet.line, ctx.base_commit)
    was = replace(before, text=clean_text(old.text)) if before else None
    what, changes = bullet_changes(
        old, replace(bullet, text=sentence), was, edit.rel, old.category, source, ctx.now, value
    )
    if changes:
        done[old.id] = (what, changes)


def _value_for(old: Item, display: str, was_shown: str) -> str:
    """The fact's new value: the shown part replaced in the old value ("a dog named Rex"
    shown as Rex, edited to Bo: "a dog named Bo"), else what the page shows."""
    if was_shown and was_shown != old.value and was_shown in old.value:
        return old.value.replace(was_shown, display, 1)
    return display


def _shown_value(item: Item) -> str:
    named = entity_named(item)
    return named[0] if named else fact_text(item.value)


def _added(
    bullet: FactBullet, edit: EntityEdit, subject: str, deleted: set[str], ctx: _Context,
    done: Done, problems: list[PageProblem], listed: dict[str, int],
) -> None:
    said = bullet_value(bullet.text)
    attribute = said.attribute or "note"
    value = shown(said.raw, ctx.names)
    if not value or too_long(value):
        reason = too_long(value) or "empty value; write it as `- attribute: value`"
        problems.append(PageProblem(edit.rel, bullet.line, reason))
        return
    same = [i for i in ctx.items.values() if i.is_current and normalise(i.subject) == normalise(subject)
            and i.attribute == attribute]
    for item in same:
        if normalise(item.value) == normalise(value) or normalise(_shown_value(item)) == normalise(value):
            listed.setdefault(item.id, bullet.line)  # its id was deleted, its line kept: that fact
            deleted.discard(item.id)
            return
    if any(what == "added" and normalise(made[0].after.value) == normalise(value)
           and made[0].after.attribute == attribute for what, made in done.values()):
        return  # the same new line twice
    kept = [i for i in same if i.id not in deleted]
    if is_single_valued(attribute) and kept:
        holder = kept[0]
        problems.append(PageProblem(edit.rel, bullet.line, f"{attribute} holds one value and"
                                    f" ^{holder.id} still holds {one_line(holder.value)}: change that line"
                                    " instead, or delete it"))
        return
    source = hand_source(edit.rel, bullet.line, ctx.base_commit)
    day = since_day(bullet.meta)
    start = datetime.combine(day, time(), timezone.utc) if isinstance(day, date) else ctx.now
    spec = spec_for(attribute)
    earlier = next((i for i in ctx.items.values() if normalise(i.subject) == normalise(subject)
                    and i.attribute == attribute), None)
    text = canonical_sentence(subject, attribute, value)
    new = Item(
        id=item_id(source, subject, attribute, value),
        subject=subject,
        attribute=attribute,
        value=value,
        text=text,
        category=earlier.category if earlier else spec.category,
        kind=spec.kind,
        valid_from=start,
        observed_at=ctx.now,
        confidence=1.0,
        importance=HAND_IMPORTANCE,
        tags=bullet.tags,
        sources=(source,),
        origin="hand",
        pinned=True,
    )
    done[f"+{bullet.line}"] = ("added", [Change(Action.ADDED, new, None)])
