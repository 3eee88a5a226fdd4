"""LLM extraction: the rules run first, then the model adds what they missed.

Turns go to the model in batches with their ids, timestamps, speakers and roles, plus the
facts the rules already found in them. Every fact the model returns is checked before it
becomes a Candidate of the same shape the rules produce: it must cite a turn of its own
batch (so a reply can never reach beyond the resources it was shown), its subject must be
one that turn may speak of (``scope``: the speaker, or someone the turn names; anything
else is refused and reported at the turn's ``file:line``), its attribute and category
are normalised (``candidates``), and it may not silently contradict a rule hit from the same turn
(single-valued attribute, other value): without a ``contradicts_rule`` reason the rule hit
stands; with one, the model's fact replaces it.

A batch whose call fails falls back to the rule hits alone and its resources are queued
for a later LLM retry; once the endpoint is found unavailable, later batches of the same
run are not sent at all.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import tzinfo

from vaultweave.schemas.config import LLMSection
from vaultweave.store.paths import VaultPaths
from vaultweave.store.resources import LineProblem, Resource, read_resource
from vaultweave.weaver.attributes import is_single_valued
from vaultweave.weaver.extract.base import Candidate, Extractor, Op, extract_in_context
from vaultweave.weaver.llm.candidates import candidate_of, speaker_of
from vaultweave.weaver.llm.client import LLMClient, LLMFailure
from vaultweave.weaver.llm.prompts import FactView, Turn, extract_prompt
from vaultweave.weaver.llm.replies import ExtractReply
from vaultweave.weaver.llm.retry import RetryQueue
from vaultweave.weaver.llm.scope import may_speak_of, refusal, spoken_before

RETRY_BATCHES_PER_CYCLE = 5


@dataclass(frozen=True)
class ExtractionOutcome:
    """What one ``extract`` call did, for commit trailers, status and retry bookkeeping."""

    rule_candidates: int = 0
    llm_added: int = 0
    overrides: int = 0  # rule hits the model replaced, saying why
    dropped: int = 0  # model facts refused (foreign turn, unusable, silent contradiction)
    refused: tuple[LineProblem, ...] = ()  # facts about a subject their turn cannot speak of
    sent: tuple[str, ...] = ()  # resources the model answered for
    failed: tuple[tuple[str, str], ...] = ()  # (resource id, reason): queued for retry
    retried: tuple[str, ...] = ()  # queued resources sent again this cycle
    missing: tuple[str, ...] = ()  # queued resources that no longer resolve to a line


@dataclass(frozen=True)
class _Accepted:
    candidates: list[Candidate] = field(default_factory=list)
    overridden: set[Candidate] = field(default_factory=set)
    dropped: int = 0
    refused: tuple[LineProblem, ...] = ()


class LLMExtractor:
    """An Extractor: rule hits plus what the model adds. Stateful only in its last outcome."""

    name = "llm"
    reads_earlier = True  # its rules pass reads them (weaver/extract/base.py)

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
        zone: tzinfo | None = None,
    ) -> None:
        self.client = client
        self.zone = zone  # the speakers' wall clock for times the model gives without an offset
        self.rules = rules
        self.settings = settings
        self.paths = paths
        self.queue = queue
        self.default_subject = default_subject
        self.ignore_roles = tuple(ignore_roles)
        self.outcome = ExtractionOutcome()
        self._unavailable: str | None = None
        self._failed_this_run: set[str] = set()  # not retried again in the same run

    def extract(self, resources: Sequence[Resource], earlier: Sequence[Resource] = ()) -> list[Candidate]:
        fresh = {r.id for r in resources}
        retried, missing = self._due_retries(fresh)
        turns = sorted([*resources, *retried], key=lambda r: (r.path, r.line))
        rule_hits = extract_in_context(self.rules, turns, earlier)
        by_source: dict[str, list[Candidate]] = defaultdict(list)
        for hit in rule_hits:
            by_source[hit.source].append(hit)

        added: list[Candidate] = []
        overridden: set[Candidate] = set()
        dropped = 0
        refused: list[LineProblem] = []
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
            refused.extend(accepted.refused)
            sent.extend(r.id for r in batch)

        self.queue.record_failures(failed, retried=[r.id for r in retried])
        self._failed_this_run.update(rid for rid, _ in failed)
        self.outcome = ExtractionOutcome(
            rule_candidates=len(rule_hits),
            llm_added=len(added),
            overrides=len(overridden),
            dropped=dropped,
            refused=tuple(refused),
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
        found = [FactView.of(c) for r in batch for c in by_source.get(r.id, [])]
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
        refused: list[LineProblem] = []
        context = spoken_before(batch, self.default_subject)
        for fact in reply.facts:
            turn = turns.get(fact.turn.strip())
            candidate = (
                candidate_of(fact, turn, self.default_subject, self.zone) if turn is not None else None
            )
            if candidate is None or turn is None:
                dropped += 1
                continue
            speaker = speaker_of(turn, self.default_subject)
            read = [hit.subject for hit in rule_hits.get(turn.id, [])]
            if not may_speak_of(candidate.subject, context[turn.id], speaker, read):
                dropped += 1
                refused.append(
                    refusal(
                        turn.id,
                        f"model reply refused: {candidate.op.value} {candidate.attribute} of "
                        f"{candidate.subject!r}, whom the turn does not name",
                    )
                )
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
        return _Accepted(result.candidates, result.overridden, dropped, tuple(refused))
