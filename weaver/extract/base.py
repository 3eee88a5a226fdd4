"""The extractor seam: the rules path and the LLM path both produce Candidates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import Protocol

from vaultweave.store.resources import Resource


class Op(str, Enum):
    ASSERT = "assert"  # the fact holds from valid_from on
    RETRACT = "retract"  # the fact stopped holding at valid_from ("I no longer ...")
    # The turn talks about the attribute ("the move was exhausting", "交辞职信") but gives
    # no new value: the current value is flagged as possibly outdated, never ended.
    DOUBT = "doubt"


@dataclass(frozen=True)
class Candidate:
    """A fact proposed by an extractor, before it is resolved against the vault.

    ``subject``/``attribute``/``value`` are display forms; resolution compares them
    through ``key`` (case- and space-insensitive).
    """

    subject: str
    attribute: str
    value: str
    text: str
    category: str
    kind: str
    source: str  # resource id
    valid_from: datetime
    op: Op = Op.ASSERT
    confidence: float = 0.8
    tags: tuple[str, ...] = field(default_factory=tuple)
    origin: str = "rules"
    # Who the subject is to the speaker when the fact is about someone else ("sister");
    # empty when the speaker speaks of themself.
    relation: str = ""
    # For events and schedules: when the appointment is (valid_from is when it was made).
    when: datetime | None = None
    # When the turn was said (valid_from may be earlier: "moved last month"); None: valid_from.
    spoken_at: datetime | None = None

    @property
    def key(self) -> tuple[str, str]:
        return normalise(self.subject), self.attribute

    @property
    def value_key(self) -> str:
        return normalise(self.value)


def normalise(text: str) -> str:
    """Comparison form of a subject or value: case-folded, single-spaced, no edge punctuation."""
    folded = " ".join(text.casefold().split())
    return folded.strip(" .,!?;:'\"“”‘’。，！？；：")


class Extractor(Protocol):
    """Anything that turns resources into candidates. Must be deterministic for the rules path."""

    name: str

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]: ...
