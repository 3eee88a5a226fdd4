"""Hand edits of category pages, planned as a pure function: pages + items -> changes.

Compared with the page as last committed (the base the person edited):
- a bullet whose text changed supersedes its item with a new one (origin "hand", pinned);
- a bullet deleted from ``## Current`` retracts its item (kept in history);
- a bullet without an id under ``## Current`` becomes a new item;
- a bullet that turns up under ``## Current`` of another page moves its fact there.
``## History`` is a record: edits there are not read back. A page with anything the
parser could not map is left out whole, with its problems. Entity pages' edits are
planned with these (weaver/entity_edits.py) and yield to them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.item import Item, item_id
from vaultweave.store.sanitize import one_line, safe_name
from vaultweave.weaver.entity_edits import Claim, EntityEdit, plan_entity_edits
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.hand_facts import HAND_IMPORTANCE, bullet_changes, hand_source, retracted_by_hand
from vaultweave.weaver.markdown_parse import FactBullet, PageProblem, ParsedPage, since_day
from vaultweave.weaver.render import clean_text
from vaultweave.weaver.resolve import Action, Change, Resolution

__all__ = [
    "HAND_IMPORTANCE", "HandEditPlan", "PageEdit", "hand_source", "page_id_problems", "plan_hand_edits",
]


@dataclass(frozen=True)
class PageEdit:
    rel: str  # categories/<name>.md
    page: ParsedPage | None  # None: the person deleted the file
    base: ParsedPage | None  # as last committed; None: a new file
    name: str | None = None  # the category name of a page moved from an odd file name

    @property
    def stem(self) -> str:
        return self.rel.rsplit("/", 1)[-1].removesuffix(".md")

    @property
    def category(self) -> str:
        front = self.page.front if self.page else {}
        for named in (front.get("category"), self.name):
            if isinstance(named, str) and one_line(named) and _names(named, self.stem):
                return one_line(named)
        return self.stem


def _names(name: str, stem: str) -> bool:
    try:
        return safe_name(name) == stem
    except UnsafeNameError:
        return False


@dataclass(frozen=True)
class HandEditPlan:
    resolution: Resolution
    applied: tuple[str, ...]  # pages whose edits the plan carries
    problems: tuple[PageProblem, ...]  # pages left untouched, and why
    per_page: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()  # (old page, new page): a page renamed whole

    @property
    def blocked(self) -> tuple[str, ...]:
        return tuple(sorted({p.path for p in self.problems}))

    def message(self) -> str:
        """``edit: categories/work.md — 1 superseded, 1 retracted`` plus trailers."""
        pages = ", ".join(one_line(rel) for rel in self.applied)
        counts: dict[str, int] = defaultdict(int)
        for _, page_counts in self.per_page:
            for action, n in page_counts:
                counts[action] += n
        order = ("added", "superseded", "rephrased", "redated", "retagged", "retracted", "moved")
        said = ", ".join(f"{counts[a]} {a}" for a in order if counts.get(a))
        trailers = [f"Hand-edit: {one_line(rel)}" for rel in self.applied]
        trailers += [f"Renamed: {one_line(old)} -> {one_line(new)}" for old, new in self.renamed]
        return f"edit: {pages} — {said or 'text only'}\n\n" + "\n".join(trailers) + "\n"


def plan_hand_edits(
    edits: Sequence[PageEdit],
    items: Mapping[str, Item],
    now: datetime,
    base_commit: str | None,
    default_subject: str,
    entity_edits: Sequence[EntityEdit] = (),
    stray: frozenset[str] = frozenset(),
) -> HandEditPlan:
    """Category pages first, then entity pages (weaver/entity_edits.py), which yield to
    them: a fact changed on both in one cycle keeps its category page's change, and the
    entity page waits with a problem. ``stray``: pages in entities/ that are no entity's."""
    edits = _rematch_idless(edits, items)
    problems = page_id_problems(edits, items)
    blocked = {p.path for p in problems}
    # A fact moved onto a page that is left out keeps its home page back too.
    for edit in edits:
        if edit.rel in blocked and edit.page is not None:
            for bullet in edit.page.bullets:
                item = items.get(bullet.item_id or "")
                home = f"categories/{safe_name(item.category)}.md" if item else ""
                if item and home != edit.rel and home not in blocked and any(e.rel == home for e in edits):
                    blocked.add(home)
                    problems.append(
                        PageProblem(home, 1, f"waits for {edit.rel}, which holds one of its facts")
                    )
    valid = [e for e in edits if e.rel not in blocked]
    changes: list[Change] = []
    claimed: dict[str, Claim] = {}  # facts these pages change, for the entity pages
    counts: dict[str, dict[str, int]] = {e.rel: defaultdict(int) for e in valid}
    on_pages = {b.item_id for e in valid for b in (e.page.bullets if e.page else ()) if b.item_id}
    existing_texts = {(safe_name(i.category), normalise(i.text)) for i in items.values() if i.is_current}
    renamed = _renamed_pages(valid)
    for old_stem, edit in renamed.items():  # its history and archive go along with it
        for item in items.values():
            if safe_name(item.category) == old_stem and not item.is_current:
                moved = item.evolve(category=edit.category, status_reason=f"page renamed to {edit.rel}")
                changes.append(Change(Action.MOVED, moved, item, f"{item.category} -> {edit.category}"))

    for edit in valid:
        base_bullets = {b.item_id: b for b in (edit.base.bullets if edit.base else ()) if b.item_id}
        for bullet in edit.page.bullets if edit.page else ():
            if bullet.section != "current":
                continue
            source = hand_source(edit.rel, bullet.line, base_commit)
            if bullet.item_id is None:
                key = (edit.stem, normalise(bullet.text))
                if key in existing_texts:
                    continue
                existing_texts.add(key)
                changes.append(Change(Action.ADDED, _new_fact(edit, bullet, source, now, default_subject)))
                counts[edit.rel]["added"] += 1
                continue
            old = items[bullet.item_id]
            if not old.is_current:
                continue  # history is a record; it is not rewritten from Markdown
            what, done = bullet_changes(
                old, bullet, base_bullets.get(bullet.item_id), edit.rel, edit.category, source, now
            )
            changes += done
            if done:
                counts[edit.rel][what] += 1
                claimed[old.id] = Claim(f"{edit.rel}:{bullet.line}", done[-1].after.value)
        for gone_id, bullet in base_bullets.items():
            item = items.get(gone_id)
            if bullet.section != "current" or gone_id in on_pages or item is None or not item.is_current:
                continue
            changes.append(retracted_by_hand(item, edit.rel, hand_source(edit.rel, None, base_commit), now))
            counts[edit.rel]["retracted"] += 1
            claimed[gone_id] = Claim(edit.rel, None)
    waiting = {rel[11:-3]: rel for rel in blocked if rel.startswith("categories/")}
    entity = plan_entity_edits(entity_edits, items, now, base_commit, claimed, waiting, stray)
    return HandEditPlan(
        resolution=Resolution((*changes, *entity.changes)),
        applied=(*(e.rel for e in valid), *entity.applied),
        problems=(*problems, *entity.problems),
        per_page=(*((rel, tuple(sorted(c.items()))) for rel, c in counts.items()), *entity.per_page),
        renamed=tuple((f"categories/{old}.md", edit.rel) for old, edit in sorted(renamed.items())),
    )


def _renamed_pages(edits: Sequence[PageEdit]) -> dict[str, PageEdit]:
    """Old page stem -> the new page of a page renamed whole (as Obsidian renames a note:
    the file is gone, a new file holds every fact bullet it held). Without this, the
    current facts would move and the history stay behind: a split, not a rename."""
    new_pages = [e for e in edits if e.base is None and e.page is not None]
    renamed: dict[str, PageEdit] = {}
    for gone in edits:
        if gone.page is not None or gone.base is None:
            continue
        ids = {b.item_id for b in gone.base.bullets if b.item_id}
        for new in new_pages:
            listed = {b.item_id for b in new.page.bullets if b.item_id} if new.page else set()
            if ids and ids <= listed:
                renamed[gone.stem] = new
                break
    return renamed


def _rematch_idless(edits: Sequence[PageEdit], items: Mapping[str, Item]) -> list[PageEdit]:
    """Give a bullet whose ``^id`` was deleted (its text kept) its fact back, by content.

    An id-less bullet under ``## Current`` whose text is that of a current fact of the
    page (as last committed, or of its category) that no page lists any more is that
    fact, unchanged: it is neither retracted nor added again.
    """
    listed = {b.item_id for e in edits if e.page for b in e.page.bullets if b.item_id}
    by_text: dict[tuple[str, str], list[str]] = defaultdict(list)
    for edit in edits:
        for bullet in edit.base.bullets if edit.base else ():
            item = items.get(bullet.item_id or "")
            if bullet.section == "current" and item is not None and item.is_current:
                by_text[(edit.stem, normalise(bullet.text))].append(item.id)
    for item in items.values():
        if item.is_current:
            by_text[(safe_name(item.category), normalise(clean_text(item.text)))].append(item.id)
    out: list[PageEdit] = []
    for edit in edits:
        if edit.page is None or not any(b.item_id is None for b in edit.page.bullets):
            out.append(edit)
            continue
        bullets = []
        for bullet in edit.page.bullets:
            if bullet.item_id is None and bullet.section == "current":
                found = next(
                    (i for i in by_text.get((edit.stem, normalise(bullet.text)), ()) if i not in listed),
                    None,
                )
                if found is not None:
                    listed.add(found)
                    bullet = replace(bullet, item_id=found)
            bullets.append(bullet)
        out.append(replace(edit, page=replace(edit.page, bullets=tuple(bullets))))
    return out


def page_id_problems(edits: Sequence[PageEdit], items: Mapping[str, Item]) -> list[PageProblem]:
    """Everything that keeps a page out: parse problems, unknown or doubled ids, copies."""
    problems: list[PageProblem] = [p for e in edits if e.page for p in e.page.problems]
    seen: dict[str, tuple[PageEdit, FactBullet]] = {}
    for edit in edits:
        if edit.page is None or not edit.page.ok:
            continue
        for bullet in edit.page.bullets:
            day = since_day(bullet.meta) if bullet.section == "current" else None
            if isinstance(day, str):
                problems.append(
                    PageProblem(edit.rel, bullet.line, f"'since {day}' is no date; write since YYYY-MM-DD")
                )
            if bullet.item_id is None:
                if bullet.section != "current":
                    problems.append(
                        PageProblem(
                            edit.rel,
                            bullet.line,
                            "a new bullet outside ## Current; add new facts there",
                        )
                    )
            elif bullet.item_id not in items:
                problems.append(
                    PageProblem(
                        edit.rel,
                        bullet.line,
                        f"unknown fact id ^{bullet.item_id} (mangled, or from elsewhere)",
                    )
                )
            elif bullet.item_id in seen:
                other, first = seen[bullet.item_id]
                problems.append(
                    PageProblem(
                        edit.rel,
                        bullet.line,
                        f"fact ^{bullet.item_id} also at {other.rel}:{first.line}; keep one",
                    )
                )
            else:
                seen[bullet.item_id] = (edit, bullet)
        problems += record_edits(edit)
    edited = {e.stem for e in edits if e.page is None or e.page.ok}
    for found_id, (edit, bullet) in seen.items():
        home = safe_name(items[found_id].category)
        if home != edit.stem and home not in edited:
            problems.append(
                PageProblem(
                    edit.rel,
                    bullet.line,
                    f"fact ^{found_id} is still on categories/{home}.md; cut it there to move it",
                )
            )
    return problems


def record_edits(edit: PageEdit) -> list[PageProblem]:
    """Edits of ``## History`` / ``## Archive`` bullets, which are records and not read
    back: a changed or deleted line, or one moved up under ``## Current``. Each keeps the
    page out (left as written, never overwritten) until it is undone; a section deleted
    whole simply comes back on the next render."""
    if edit.page is None or edit.base is None or not edit.page.ok:
        return []
    was = {b.item_id: b for b in edit.base.bullets if b.item_id and b.section != "current"}
    now = {b.item_id: b for b in edit.page.bullets if b.item_id}
    sections = set(edit.page.sections)
    problems: list[PageProblem] = []
    undo = "history is a record and is not read back; undo this change"
    for fact_id, before in was.items():
        after = now.get(fact_id)
        if after is None:
            if before.section in sections:
                problems.append(PageProblem(
                    edit.rel, _line_near(edit.page, before.section),
                    f"fact ^{fact_id} was deleted from ## {before.section.capitalize()}: {undo}"
                    " (`vaultweave erase` removes a fact for good)",
                ))
        elif after.section == "current":
            problems.append(PageProblem(
                edit.rel, after.line,
                f"fact ^{fact_id} is no longer true and cannot be made current from the page;"
                " move it back, or write the value again as a new line under ## Current",
            ))
        elif _record(after) != _record(before):
            problems.append(
                PageProblem(edit.rel, after.line, f"{undo} (to change a fact, edit it under ## Current)")
            )
    return problems


def _record(bullet: FactBullet) -> tuple[str, str, str | None, tuple[str, ...]]:
    """What a record line says, read as the parser reads it (entity links as labels)."""
    return bullet.section, bullet.text, bullet.meta, bullet.tags


def _line_near(page: ParsedPage, section: str) -> int:
    """The line of a fact section's heading: where a deleted record line was. Segments
    cover the page in order, so a segment's line is one past the lines before it."""
    line = 1
    for segment in page.segments:
        if segment.key == f"heading:{section}":
            return line
        line += len(segment.lines)
    return 1


def _new_fact(edit: PageEdit, bullet: FactBullet, source: str, now: datetime, default_subject: str) -> Item:
    subjects = edit.page.front.get("subjects") if edit.page else None
    named = one_line(str(subjects[0])) if isinstance(subjects, list) and len(subjects) == 1 else ""
    subject = named or default_subject  # front matter may spell "\0" or a newline: cleaned
    return Item(
        id=item_id(source, subject, "note", bullet.text),
        subject=subject,
        attribute="note",
        value=bullet.text,
        text=bullet.text,
        category=edit.category,
        kind="fact",
        valid_from=now,
        observed_at=now,
        confidence=1.0,
        importance=HAND_IMPORTANCE,
        tags=bullet.tags,
        sources=(source,),
        origin="hand",
        pinned=True,
    )
