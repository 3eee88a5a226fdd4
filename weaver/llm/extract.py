"""LLM extraction: the rules run first, then the model adds what they missed.

Turns go to the model in batches with their ids, timestamps, speakers and roles, plus the
facts the rules already found in them. Every fact the model returns is checked before it
becomes a Candidate of the same shape the rules produce: it must cite a turn of its own
batch (so a reply can never reach beyond the resources it was shown), its attribute and
category are normalised, and it may not silently contradict a rule hit from the same turn
(single-valued attribute, other value): without a ``contradicts_rule`` reason the rule hit
stands; with one, the model's fact replaces it.

A batch whose call fails falls back to the rule hits alone and its resources are queued
for a later LLM retry; once the endpoint is found unavailable, later batches of the same
run are not sent at all.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone

from vaultweave.schemas.config import LLMSection
from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.paths import VaultPaths, safe_name
from vaultweave.store.resources import Resource, read_resource
from vaultweave.weaver.attributes import canonical_sentence, is_single_valued, known_attributes, spec_for
from vaultweave.weaver.extract.base import Candidate, Extractor, Op, normalise
from vaultweave.weaver.llm.client import LLMClient, LLMFailure
from vaultweave.weaver.llm.prompts import FactView, Turn, extract_prompt
from vaultweave.weaver.llm.replies import ExtractedFact, ExtractReply
from vaultweave.weaver.llm.retry import RetryQueue

KINDS = frozenset({"identity", "fact", "preference", "event", "transient"})
SELF_WORDS = frozenset({"i", "me", "myself", "user", "the user", "speaker", "the speaker"})
MAX_TEXT = 300
RETRY_BATCHES_PER_CYCLE = 5
_NOT_WORD = re.compile(r"[^0-9a-z]+")


@dataclass(frozen=True)
class ExtractionOutcome:
    """What one ``extract`` call did, for commit trailers, status and retry bookkeeping."""

    rule_candidates: int = 0
    llm_added: int = 0
    overrides: int = 0  # rule hits the model replaced, saying why
    dropped: int = 0  # model facts refused (foreign turn, unusable, silent contradiction)
    sent: tuple[str, ...] = ()  # resources the model answered for
    failed: tuple[tuple[str, str], ...] = ()  # (resource id, reason): queued for retry
    retried: tuple[str, ...] = ()  # queued resources sent again this cycle
    missing: tuple[str, ...] = ()  # queued resources that no longer resolve to a line


@dataclass(frozen=True)
class _Accepted:
    candidates: list[Candidate] = field(default_factory=list)
    overridden: set[Candidate] = field(default_factory=set)
    dropped: int = 0


class LLMExtractor:
    """An Extractor: rule hits plus what the model adds. Stateful only in its last outcome."""

    name = "llm"

    def __init__(
        self,
        client: LLMClient,
        rules: Extractor,
        *,
        settings: LLMSection,
        paths: VaultPaths,
        queue: RetryQueue,
        default_subject: str,
        ignore_roles: Sequence[str],
    ) -> None:
        self.client = client
        self.rules = rules
        self.settings = settings
        self.paths = paths
        self.queue = queue
        self.default_subject = default_subject
        self.ignore_roles = tuple(ignore_roles)
        self.outcome = ExtractionOutcome()
        self._unavailable: str | None = None
        self._failed_this_run: set[str] = set()  # not retried again in the same run

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]:
        fresh = {r.id for r in resources}
        retried, missing = self._due_retries(fresh)
        turns = sorted([*resources, *retried], key=lambda r: (r.path, r.line))
        rule_hits = self.rules.extract(turns)
        by_source: dict[str, list[Candidate]] = defaultdict(list)
        for hit in rule_hits:
            by_source[hit.source].append(hit)

        added: list[Candidate] = []
        overridden: set[Candidate] = set()
        dropped = 0
        sent: list[str] = []
        failed: list[tuple[str, str]] = []
        size = self.settings.batch_size
        for start in range(0, len(turns), size):
            batch = turns[start : start + size]
            if all((r.role or "") in self.ignore_roles for r in batch):
                continue  # nothing a person said about themselves: no call
            if self._unavailable is not None:
                failed.extend((r.id, self._unavailable) for r in batch)
                continue
            try:
                reply = self.client.complete("extract", self._prompt(batch, by_source), ExtractReply)
            except LLMFailure as failure:
                failed.extend((r.id, failure.reason) for r in batch)
                if failure.kind == "unavailable":
                    self._unavailable = failure.reason
                continue
            accepted = self.accept(reply, batch, by_source)
            added.extend(accepted.candidates)
            overridden |= accepted.overridden
            dropped += accepted.dropped
            sent.extend(r.id for r in batch)

        self.queue.record_failures(failed, retried=[r.id for r in retried])
        self._failed_this_run.update(rid for rid, _ in failed)
        self.outcome = ExtractionOutcome(
            rule_candidates=len(rule_hits),
            llm_added=len(added),
            overrides=len(overridden),
            dropped=dropped,
            sent=tuple(sent),
            failed=tuple(failed),
            retried=tuple(r.id for r in retried),
            missing=tuple(missing),
        )
        return [hit for hit in rule_hits if hit not in overridden] + added

    def _due_retries(self, fresh: set[str]) -> tuple[list[Resource], list[str]]:
        if self._unavailable is not None:
            return [], []
        limit = self.settings.batch_size * RETRY_BATCHES_PER_CYCLE
        found: list[Resource] = []
        missing: list[str] = []
        for entry in self.queue.due()[:limit]:
            if entry.resource in fresh or entry.resource in self._failed_this_run:
                continue
            try:
                resource = read_resource(self.paths, entry.resource)
            except (ValueError, OSError):
                resource = None
            if isinstance(resource, Resource):
                found.append(resource)
            else:
                missing.append(entry.resource)
        return found, missing

    def _prompt(
        self, batch: Sequence[Resource], by_source: Mapping[str, list[Candidate]]
    ) -> list[dict[str, str]]:
        turns = [Turn(r.id, r.ts, r.text, r.speaker, r.role) for r in batch]
        found = [
            FactView(c.subject, c.attribute, c.value, c.text, c.valid_from, c.source)
            for r in batch
            for c in by_source.get(r.id, [])
        ]
        return extract_prompt(
            self.settings.prompt_version, turns, found, self.default_subject, self.ignore_roles
        )

    def accept(
        self,
        reply: ExtractReply,
        batch: Sequence[Resource],
        rule_hits: Mapping[str, list[Candidate]],
    ) -> _Accepted:
        """The model's facts that may become candidates (pure apart from reading ``self``)."""
        turns = {r.id: r for r in batch}
        result = _Accepted()
        seen: set[tuple[str, tuple[str, str], str, Op]] = set()
        dropped = 0
        for fact in reply.facts:
            turn = turns.get(fact.turn.strip())
            candidate = self._candidate(fact, turn) if turn is not None else None
            if candidate is None:
                dropped += 1
                continue
            marker = (candidate.source, candidate.key, candidate.value_key, candidate.op)
            if marker in seen:
                continue
            same_key = [
                hit
                for hit in rule_hits.get(candidate.source, [])
                if hit.key == candidate.key and hit.op is candidate.op
            ]
            if any(hit.value_key == candidate.value_key for hit in same_key):
                continue  # the rules have it already
            clashing = [h for h in same_key if is_single_valued(candidate.attribute)]
            if clashing and not (fact.contradicts_rule or "").strip():
                dropped += 1  # may not contradict a rule hit without saying so
                continue
            result.overridden.update(clashing)
            seen.add(marker)
            result.candidates.append(candidate)
        return _Accepted(result.candidates, result.overridden, dropped)

    def _candidate(self, fact: ExtractedFact, turn: Resource) -> Candidate | None:
        attribute = normalise_attribute(fact.attribute)
        value = " ".join(fact.value.split())
        op = Op.RETRACT if fact.op == "retract" else Op.ASSERT
        if not attribute or (op is Op.ASSERT and not value):
            return None
        subject = " ".join(fact.subject.split())
        if normalise(subject) in SELF_WORDS:
            subject = turn.speaker or self.default_subject
        category, kind = _placement(attribute, fact)
        text = " ".join(fact.text.split())[:MAX_TEXT] if attribute not in _KNOWN else ""
        return Candidate(
            subject=subject,
            attribute=attribute,
            value=value,
            text=text or canonical_sentence(subject, attribute, value),
            category=category,
            kind=kind,
            source=turn.id,
            valid_from=_valid_from(fact.valid_from, turn.ts),
            op=op,
            confidence=round(fact.confidence, 4),
            origin="llm",
        )


_KNOWN = frozenset(known_attributes())


def normalise_attribute(raw: str) -> str:
    attribute = _NOT_WORD.sub("_", raw.casefold()).strip("_")[:64]
    if attribute.startswith("favorite_"):
        attribute = "favourite_" + attribute.removeprefix("favorite_")
    return attribute


def _placement(attribute: str, fact: ExtractedFact) -> tuple[str, str]:
    """Known attributes keep their home category and kind; others take the model's, checked."""
    if attribute in _KNOWN or attribute.startswith("favourite_"):
        spec = spec_for(attribute)
        return spec.category, spec.kind
    try:
        category = safe_name(fact.category or "general")
    except UnsafeNameError:
        category = "general"
    kind = (fact.kind or "fact").strip().casefold()
    return category, kind if kind in KINDS else "fact"


def _valid_from(claimed: datetime | None, heard: datetime) -> datetime:
    """The model's date if it is not after the turn itself, else when the turn was said."""
    if claimed is None:
        return heard
    moment = claimed if claimed.tzinfo else claimed.replace(tzinfo=timezone.utc)
    moment = moment.astimezone(timezone.utc)
    return moment if moment <= heard else heard
