"""A retrievable unit as the index sees it (no numpy here: imported when a vault opens)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Unit:
    """A retrievable unit as indexed. ``key`` is ``item:<id>`` or a resource id."""

    key: str
    kind: str  # "item" | "turn"
    text: str  # what a hit shows
    key_text: str  # what is embedded (and tokenised, unless keyword_text is given)
    ts: float  # turn time or item valid_from, POSIX seconds
    speaker: str = ""
    session: str = ""
    keyword_text: str = ""  # what BM25 reads, when it differs from key_text

    @property
    def words(self) -> str:
        return self.keyword_text or self.key_text

    @property
    def hash(self) -> str:
        if not self.keyword_text:
            return text_hash(self.key_text)
        return text_hash(f"{self.key_text}\x1f{self.keyword_text}")
