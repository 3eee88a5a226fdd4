"""The extractor seam: the rules path and the LLM path both produce Candidates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import Protocol

from vaultweave.store.resources import Resource
from vaultweave.store.sanitize import one_line


class Op(str, Enum):
    ASSERT = "assert"  # the fact holds from valid_from on
    RETRACT = "retract"  # the fact stopped holding at valid_from ("I no longer ...")
    # The turn talks about the attribute ("the move was exhausting", "交辞职信") but gives
    # no new value: the current value is flagged as possibly outdated, never ended.
    DOUBT = "doubt"


# The attribute of a doubt that names no attribute, only words ("sold the golf last
# weekend"): the resolver doubts whichever current fact of the speaker those words name.
BY_NAME = "*by-name"
# The attribute of a move told by name ("switched pilates to mondays", "周五那节挪到周六"): the
# resolver moves the current routine or appointment the words name to the new time.
MOVED = "*moved"


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
    # Inferred from a value named in passing ("rent in cork is 1100"), not said: it fills a
    # single-valued attribute that holds nothing current and never replaces a value.
    assumed: bool = False

    def __post_init__(self) -> None:
        # Every fact, from the rules or a model, enters the vault here: names and values
        # are made one clean line (no control characters, no line breaks from a speaker
        # name or a reply), so none can reach a page, an item or a commit.
        for name in ("subject", "attribute", "value", "text", "category", "kind", "relation"):
            raw = getattr(self, name)
            clean = one_line(raw)
            if clean != raw:
                object.__setattr__(self, name, clean)
        if any(one_line(t) != t for t in self.tags):
            object.__setattr__(self, "tags", tuple(one_line(t) for t in self.tags if one_line(t)))

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

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]:
        """Candidates from ``resources``. An extractor whose class sets ``reads_earlier =
        True`` is called as ``extract(resources, earlier)``: ``earlier`` are the turns woven
        before them in the same files, to read them by (the question a short answer
        replies to), never to extract from."""
        ...


def extract_in_context(
    extractor: Extractor, resources: Sequence[Resource], earlier: Sequence[Resource]
) -> list[Candidate]:
    """``extractor.extract``, handing it ``earlier`` when it reads them (``reads_earlier``)."""
    if getattr(extractor, "reads_earlier", False):
        return extractor.extract(resources, earlier)  # type: ignore[call-arg]
    return extractor.extract(resources)
