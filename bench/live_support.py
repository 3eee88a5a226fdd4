"""Helpers shared by the live-vault tests and bench: a small phrase extractor.

The real rules extractor lives in weaver/extract/rules.py; this one understands a
handful of fixed phrasings so the live tests do not depend on its coverage.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.store.resources import Resource
from vaultweave.weaver.attributes import canonical_sentence, spec_for
from vaultweave.weaver.extract.base import Candidate, Op

_PATTERNS: tuple[tuple[re.Pattern[str], str, Op], ...] = (
    (re.compile(r"^I no longer like (?P<v>.+?)\.?$", re.I), "likes", Op.RETRACT),
    (re.compile(r"^I work at (?P<v>.+?)\.?$", re.I), "employer", Op.ASSERT),
    (re.compile(r"^I live in (?P<v>.+?)\.?$", re.I), "lives_in", Op.ASSERT),
    (re.compile(r"^I like (?P<v>.+?)\.?$", re.I), "likes", Op.ASSERT),
    (re.compile(r"^I have (?P<v>.+?)\.?$", re.I), "pet", Op.ASSERT),
)


class PhraseExtractor:
    """Deterministic: `I work at X`, `I live in X`, `I like X`, `I no longer like X`, `I have X`."""

    name = "phrases"

    def __init__(self, default_subject: str = "user") -> None:
        self.default_subject = default_subject

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]:
        found: list[Candidate] = []
        for resource in resources:
            if resource.role not in (None, "user"):
                continue
            for pattern, attribute, op in _PATTERNS:
                match = pattern.match(resource.text.strip())
                if not match:
                    continue
                subject = resource.speaker or self.default_subject
                value = match.group("v")
                spec = spec_for(attribute)
                found.append(
                    Candidate(
                        subject=subject,
                        attribute=attribute,
                        value=value,
                        text=canonical_sentence(subject, attribute, value),
                        category=spec.category,
                        kind=spec.kind,
                        source=resource.id,
                        valid_from=resource.ts,
                        op=op,
                    )
                )
                break
        return found
