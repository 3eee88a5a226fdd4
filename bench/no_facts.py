"""An extractor that proposes no facts: indexes turns only (used when no rules path is installed)."""

from __future__ import annotations

from collections.abc import Sequence

from store.resources import Resource
from weaver.extract.base import Candidate


class NoFacts:
    name = "none"

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]:
        return []
