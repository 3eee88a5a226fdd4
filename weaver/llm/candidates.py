"""A model's extracted fact as a Candidate of the shape the rules produce.

The same fields as the rules path: subject (the speaker, or the other person: by name, or
"<speaker>'s <relation>" as the rules name an unnamed relative), ``relation``, the op
(assert / retract / doubt), ``valid_from`` (when the change happened: "moved last month"),
``when`` for an appointment, a routine's weekdays in a ``days:`` tag, and ``spoken_at``.
Dates may be RFC 3339 or a phrase; phrases are read against the turn's time by the rules'
own date reader. Nothing here decides whether the turn may speak of that subject: see
``scope``.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone, tzinfo

from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.paths import safe_name
from vaultweave.store.resources import Resource
from vaultweave.weaver.attributes import canonical_sentence, known_attributes, spec_for
from vaultweave.weaver.extract import dates
from vaultweave.weaver.extract.base import Candidate, Op, normalise
from vaultweave.weaver.extract.rules_zh_people import RELATIONS as ZH_RELATIONS
from vaultweave.weaver.llm.replies import ExtractedFact

KINDS = frozenset({"identity", "fact", "preference", "event", "transient"})
SELF_WORDS = frozenset({"i", "me", "myself", "user", "the user", "speaker", "the speaker"})
MAX_TEXT = 300
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NOT_WORD = re.compile(r"[^0-9a-z]+")
_KNOWN = frozenset(known_attributes())
_OPS = {"assert": Op.ASSERT, "retract": Op.RETRACT, "doubt": Op.DOUBT}


def speaker_of(turn: Resource, default_subject: str) -> str:
    return (turn.speaker or "").strip() or default_subject


def subject_of(raw: str, relation: str, speaker: str) -> str:
    """The fact's subject: "I" is the speaker; "my sister" / "sister" is "<speaker>'s sister"."""
    subject = " ".join(raw.split())
    folded = normalise(subject)
    if folded in SELF_WORDS:
        return speaker
    if relation:
        bare = re.sub(r"^(?:(?:my|our|the|speaker's|user's)\s+|我们的|我的|我们|我家|我)", "", folded)
        if bare in (relation, f"{normalise(speaker)}'s {relation}") or ZH_RELATIONS.get(bare) == relation:
            return f"{speaker}'s {relation}"
    return subject


def candidate_of(
    fact: ExtractedFact, turn: Resource, default_subject: str, zone: tzinfo | None = None
) -> Candidate | None:
    """``fact`` as a Candidate citing ``turn``; None when it is unusable. ``zone``: the
    speakers' wall clock, for a time given without an offset ("2026-06-18T07:30")."""
    attribute = normalise_attribute(fact.attribute)
    value = " ".join(fact.value.split())
    op = _OPS[fact.op]
    if not attribute or (op is Op.ASSERT and not value):
        return None
    relation = normalise_attribute(fact.relation or "").replace("_", " ")
    unnamed = re.fullmatch(r"(?:my|our)\s+([a-z][a-z -]{1,30})", normalise(fact.subject))
    if not relation and unnamed:  # "my sister" without a relation: the relation is "sister"
        relation = unnamed.group(1)
    speaker = speaker_of(turn, default_subject)
    subject = subject_of(fact.subject, relation, speaker)
    if normalise(subject) == normalise(speaker):
        relation = ""
    category, kind = _placement(attribute, fact.category, fact.kind)
    days = weekdays(fact.days) if attribute == "routine" else ()
    text = " ".join(fact.text.split())[:MAX_TEXT] if attribute not in _KNOWN else ""
    if op is Op.ASSERT:
        text = text or canonical_sentence(subject, attribute, value)
    elif op is Op.DOUBT:
        text = f"{subject}'s {attribute.replace('_', ' ')} may have changed."
    else:
        text = text or f"{subject}'s {attribute.replace('_', ' ')} ended."
    return Candidate(
        subject=subject,
        attribute=attribute,
        value=value,
        text=text,
        category=category,
        kind=kind,
        source=turn.id,
        valid_from=moment(fact.valid_from, turn.ts, "past", zone) or turn.ts,
        op=op,
        confidence=round(fact.confidence, 4),
        tags=(f"days:{','.join(days)}",) if days else (),
        origin="llm",
        relation=relation,
        when=moment(fact.when, turn.ts, "future", zone) if attribute == "appointment" else None,
        spoken_at=turn.ts,
    )


def normalise_attribute(raw: str) -> str:
    attribute = _NOT_WORD.sub("_", raw.casefold()).strip("_")[:64]
    if attribute.startswith("favorite_"):
        attribute = "favourite_" + attribute.removeprefix("favorite_")
    return attribute


def weekdays(raw: list[str]) -> tuple[str, ...]:
    """English weekday names in week order, from what the model gave ("Tue", "tuesdays")."""
    found = {d for d in WEEKDAYS for word in raw if word.strip().casefold()[:3] == d[:3]}
    return tuple(d for d in WEEKDAYS if d in found)


def moment(
    raw: str | None, heard: datetime, prefer: dates.Prefer, zone: tzinfo | None = None
) -> datetime | None:
    """An RFC 3339 time or a spoken phrase, in UTC; one without an offset is on the wall
    clock ``zone`` (UTC when none is set). A past change is never after the turn."""
    if not raw or not raw.strip():
        return None
    try:
        found: datetime | None = datetime.fromisoformat(raw.strip().replace("Z", "+00:00"))
    except ValueError:
        found = dates.resolve(raw, heard, prefer, zone)
    if found is None:
        return None
    found = (found if found.tzinfo else found.replace(tzinfo=zone or timezone.utc)).astimezone(timezone.utc)
    if prefer == "past" and found > heard:
        return heard
    return found


def _placement(attribute: str, category: str | None, kind: str | None) -> tuple[str, str]:
    """Known attributes keep their home category and kind; others take the model's, checked."""
    if attribute in _KNOWN or attribute.startswith("favourite_"):
        spec = spec_for(attribute)
        return spec.category, spec.kind
    try:
        home = safe_name(category or "general")
    except UnsafeNameError:
        home = "general"
    chosen = (kind or "fact").strip().casefold()
    return home, chosen if chosen in KINDS else "fact"
