"""An extractor that proposes no facts (the bench's fallback when no rules path is installed)."""

from __future__ import annotations

from collections.abc import Sequence

from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import Candidate


class NoFacts:
    name = "none"

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]:
        return []
