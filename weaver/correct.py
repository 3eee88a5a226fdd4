"""Correcting a fact that was wrong (not one the world changed): ``correct(item, value)``.

The wrong fact is retracted as a correction: its validity is voided (``valid_to`` unset
on a retracted item means "never true", so ``as_of`` never finds it) and the reason is
kept. The corrected fact takes its place from the same ``valid_from``, with the same
sources, and links back to it. Superseding would instead say the old value *was* true
until now, which is the wrong story for a mistake.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from vaultweave.store.errors import CorrectError
from vaultweave.store.item import Item, Status, item_id
from vaultweave.weaver.direct_edit import EditPlan, apply_direct_edit
from vaultweave.weaver.forget import clean_reason, short_text
from vaultweave.weaver.resolve import Action, Change

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace

MAX_VALUE = 500


@dataclass(frozen=True)
class CorrectReport:
    commit: str | None
    wrong: Item  # the retracted, voided fact
    corrected: Item  # the fact in its place
    message: str
    categories: tuple[str, ...]
    hand_edited: tuple[str, ...]


def plan_correct(
    item: Item, now: datetime, *, value: str | None = None, text: str | None = None,
    reason: str = "it was wrong",
) -> tuple[Item, Item, str]:
    """(the voided fact, the corrected fact, the commit message); pure."""
    why = clean_reason(item.id, reason, CorrectError)
    if not item.is_current:
        raise CorrectError(
            item.id, f"it is {item.status.value}, not current; only a current fact can be corrected"
        )
    new_value = " ".join((value or "").split())
    new_text = " ".join((text or "").split())
    if not new_value and not new_text:
        raise CorrectError(item.id, "give the right value or the right sentence")
    if len(new_value) > MAX_VALUE or len(new_text) > MAX_VALUE * 2:
        raise CorrectError(item.id, f"the correction is longer than {MAX_VALUE} characters")
    new_value = new_value or item.value
    if not new_text:
        new_text = (
            item.text.replace(item.value, new_value) if item.value and item.value in item.text
            else f"{item.subject} {item.attribute.replace('_', ' ')}: {new_value}."
        )
    if new_value == item.value and new_text == item.text:
        raise CorrectError(item.id, "the correction is the same as the fact")
    source = f"correct@{now.isoformat()}"
    corrected = item.evolve(
        id=item_id(source, item.subject, item.attribute, new_value),
        value=new_value,
        text=new_text,
        observed_at=now,
        sources=(*item.sources, source),
        origin="correction",
        status_reason=f"corrects {item.id} ({item.value!r}): {why}",
        supersedes=(),
        links=(*item.links, item.id),
        doubt="",
        doubted_at=None,
        access_count=0,
        last_access=None,
    )
    wrong = item.evolve(
        status=Status.RETRACTED,
        valid_to=None,  # voided: it never held
        superseded_by=corrected.id,
        ended_by=source,
        status_reason=f"corrected: {why} (now {new_value!r})",
    )
    message = (
        f"correct: {short_text(item)} -> {new_value} — {why}\n\n"
        f"Corrected: {item.id}\nReplacement: {corrected.id}\n"
    )
    return wrong, corrected, message


def apply_correct(
    vault: Workspace, item_id_: str, *, value: str | None = None, text: str | None = None,
    reason: str = "it was wrong", lock_timeout: float = 0.0,
) -> CorrectReport:
    """Void ``item_id_`` and put the corrected fact in its place, under the lock; commit."""
    chosen: list[tuple[Item, Item, Item]] = []

    def plan_for(items: Mapping[str, Item], now: datetime) -> EditPlan:
        item = items.get(item_id_) or vault.item(item_id_)  # raises ItemNotFoundError
        wrong, corrected, message = plan_correct(item, now, value=value, text=text, reason=reason)
        chosen.append((item, wrong, corrected))
        changes = (
            Change(Action.RETRACTED, wrong, item, reason),
            Change(Action.ADDED, corrected, None, f"corrects {item.id}"),
        )
        return EditPlan(changes, message)

    outcome = apply_direct_edit(vault, plan_for, lock_timeout)
    _, wrong, corrected = chosen[0]
    return CorrectReport(
        outcome.commit, wrong, corrected, outcome.message, outcome.categories, outcome.hand_edited
    )
