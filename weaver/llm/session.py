"""One weave run's LLM help: extractor, judge and summarizer sharing one client.

``LLMSession`` is the cycle's ``CycleAdvisor``: ``resolve`` narrows and judges before the
pure resolution plan, ``summary`` writes category prose, ``trailers`` reports the model,
prompt version, calls, tokens and any fallback for the commit message. ``finish`` runs
after the commit and clears resources whose LLM extraction is now in git from the retry
queue. A session is made per ``weave``/``weave_all`` call: its circuit breakers (stop
calling an endpoint found unavailable) last for that run only.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from vaultweave.schemas.config import LLMStage, VaultConfig
from vaultweave.store.item import Item
from vaultweave.store.paths import VaultPaths
from vaultweave.store.resources import LineProblem
from vaultweave.weaver.extract.base import Candidate, Extractor
from vaultweave.weaver.extract.rules import rules_extractor
from vaultweave.weaver.llm.budget import TimeoutBudget
from vaultweave.weaver.llm.client import LLMClient, LLMFailure, Usage
from vaultweave.weaver.llm.extract import LLMExtractor
from vaultweave.weaver.llm.judge import (
    Judgement,
    Similarity,
    apply_judgements,
    as_duplicates,
    embedding_similarity,
    narrow,
    pair_views,
    read_judgements,
)
from vaultweave.weaver.llm.prompts import judge_prompt
from vaultweave.weaver.llm.replies import JudgeReply
from vaultweave.weaver.llm.retry import RetryQueue
from vaultweave.weaver.llm.summarize import DigestSummarizer, Summarizer, SummaryCache
from vaultweave.weaver.resolve import Resolution, plan_resolution

if TYPE_CHECKING:
    from vaultweave.weaver.cycle import CycleReport
    from vaultweave.weaver.workspace import Workspace


@dataclass(frozen=True)
class JudgeTally:
    """Conflict decisions of one cycle: by the rules (no call) and by the model."""

    by_rules: int = 0
    by_model: int = 0
    not_judged: int = 0  # related pairs past the per-cycle bound
    failure: str = ""


class LLMSession:
    def __init__(
        self,
        config: VaultConfig,
        paths: VaultPaths,
        rules: Extractor,
        *,
        similarity: Similarity | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = config.llm
        self.stages: tuple[LLMStage, ...] = self.settings.active_stages(config.weaver.extractor)
        self.client = LLMClient(self.settings, sleep=sleep)
        self.client.check_key()
        self.queue = RetryQueue(paths.state)
        self.similarity = similarity
        self.extractor: Extractor = rules
        if "extract" in self.stages:
            self.extractor = LLMExtractor(
                self.client,
                rules,
                settings=self.settings,
                paths=paths,
                queue=self.queue,
                default_subject=config.vault.default_subject,
                ignore_roles=config.weaver.ignore_roles,
                zone=config.vault.zone(),
            )
        self.summarizer = (
            Summarizer(self.client, SummaryCache(paths.state), self.settings.prompt_version)
            if "summarize" in self.stages
            else None
        )
        self.digester = (
            DigestSummarizer(self.client, SummaryCache(paths.state), self.settings.prompt_version)
            if "digest" in self.stages
            else None
        )
        self._digests_reported = (0, 0, 0)
        self.tally = JudgeTally()
        self._judge_down = False
        self._judge_refused: list[LineProblem] = []
        self._reported = Usage.empty()
        self._summaries_reported = (0, 0, 0)

    def start_weave(self) -> None:
        """A kept session (``watch``) starts another weave: failed requests get a fresh
        timeout budget; an endpoint found unavailable stays out for the session's life."""
        self.client.budget = TimeoutBudget(self.settings.weave_timeout_budget)

    # -- CycleAdvisor --------------------------------------------------------------------------

    def refusals(self) -> tuple[LineProblem, ...]:
        """Parts of this cycle's replies refused as outside their turn's scope (file:line)."""
        extracted = self.extractor.outcome.refused if isinstance(self.extractor, LLMExtractor) else ()
        return (*extracted, *self._judge_refused)

    def resolve(
        self, candidates: Sequence[Candidate], existing: Mapping[str, Item], observed_at: datetime
    ) -> Resolution:
        self._judge_refused = []
        if "judge" not in self.stages:
            return plan_resolution(candidates, existing, observed_at)
        narrowed = narrow(
            candidates,
            existing,
            per_candidate=self.settings.judge_per_candidate,
            max_pairs=self.settings.judge_max_pairs,
            similarity=self.similarity,
            threshold=self.settings.similarity_threshold,
        )
        self.tally = JudgeTally(narrowed.rule_decisions, 0, narrowed.dropped_pairs)
        judgements: list[Judgement] = []
        if narrowed.pairs and not self._judge_down:
            messages = judge_prompt(self.settings.prompt_version, pair_views(narrowed.pairs))
            try:
                reply = self.client.complete("judge", messages, JudgeReply)
            except LLMFailure as failure:
                self._judge_down = failure.kind == "unavailable"
                self.tally = JudgeTally(narrowed.rule_decisions, 0, len(narrowed.pairs), failure.reason)
            else:
                judgements, refused = read_judgements(reply, narrowed.pairs)
                self._judge_refused.extend(refused)
                self.tally = JudgeTally(narrowed.rule_decisions, len(narrowed.pairs), narrowed.dropped_pairs)
        planned = plan_resolution(as_duplicates(candidates, judgements), existing, observed_at)
        return apply_judgements(planned, judgements, existing)

    def summary(self, category: str, items: Sequence[Item]) -> str | None:
        return self.summarizer.summary(category, items) if self.summarizer else None

    def digest_summary(self, path: str, title: str, turns: Sequence[str]) -> str | None:
        return self.digester.summary(path, title, turns) if self.digester else None

    def trailers(self) -> list[str]:
        usage = self.client.usage.minus(self._reported)
        self._reported = self.client.usage
        by_stage = ", ".join(f"{stage} {n}" for stage, n in sorted(usage.calls.items()))
        lines = [
            f"LLM-Model: {self.client.model}",
            f"LLM-Prompt: {self.settings.prompt_version}",
            f"LLM-Calls: {usage.total_calls}" + (f" ({by_stage})" if by_stage else ""),
            f"LLM-Tokens: {usage.prompt_tokens} prompt, {usage.completion_tokens} completion",
        ]
        if isinstance(self.extractor, LLMExtractor):
            outcome = self.extractor.outcome
            if outcome.llm_added or outcome.overrides:
                lines.append(
                    f"LLM-Extract: {outcome.llm_added} facts added by the model, "
                    f"{outcome.overrides} rule hits corrected, {outcome.dropped} replies refused"
                )
            if outcome.retried:
                lines.append(f"LLM-Retried: {len(outcome.retried)} resources")
            if outcome.failed:
                lines.append(
                    f"LLM-Fallback: extract; {len(outcome.failed)} resources woven by rules only, "
                    f"queued for LLM retry ({outcome.failed[0][1]})"
                )
        refused = self.refusals()
        if refused:
            lines.append(
                f"LLM-Refused: {len(refused)} outside their turn's scope (first: {refused[0]})"
            )
        if "judge" in self.stages:
            lines.append(
                f"LLM-Judge: {self.tally.by_model} pairs by the model, "
                f"{self.tally.by_rules} decisions by rules"
            )
            if self.tally.failure:
                lines.append(f"LLM-Fallback: judge; rules only ({self.tally.failure})")
        if self.summarizer is not None:
            s = self.summarizer
            hits, written, failed = (
                s.hits - self._summaries_reported[0],
                s.written - self._summaries_reported[1],
                len(s.failures) - self._summaries_reported[2],
            )
            self._summaries_reported = (s.hits, s.written, len(s.failures))
            if hits or written or failed:
                lines.append(f"LLM-Summaries: {written} written, {hits} cached, {failed} failed")
        if self.digester is not None:
            d = self.digester
            now = (d.hits, d.written, len(d.failures))
            hits, written, failed = (a - b for a, b in zip(now, self._digests_reported, strict=True))
            self._digests_reported = now
            if failed:
                lines.append(f"LLM-Fallback: digest; {failed} extractive ({d.failures[-1]})")
            if hits or written:
                lines.append(f"LLM-Digests: {written} written, {hits} cached")
        return lines

    # -- after the commit ----------------------------------------------------------------------

    def finish(self, report: CycleReport) -> None:
        """The cycle is committed: resources the model answered for leave the retry queue."""
        if isinstance(self.extractor, LLMExtractor):
            outcome = self.extractor.outcome
            self.queue.settle([*outcome.sent, *outcome.missing])


def open_session(vault: Workspace) -> LLMSession | None:
    """The configured LLM help, or None when vault.toml asks for no LLM stage."""
    stages = vault.config.llm.active_stages(vault.config.weaver.extractor)
    if not stages:
        return None
    similarity = None
    if "judge" in stages and vault.config.llm.judge_embeddings:
        similarity = recall_similarity(vault.config.recall.embedder)
    return LLMSession(vault.config, vault.paths, rules_extractor(vault.config), similarity=similarity)


def recall_similarity(backend: str) -> Similarity | None:
    """Embedding similarity from the recall extra's embedder, loaded on first use, if present."""
    try:
        module = importlib.import_module("vaultweave.store.embeddings.base")
    except ImportError:
        return None
    load = getattr(module, "load_embedder", None)
    if load is None:
        return None
    loaded: list[Any] = []

    def embed(texts: list[str]) -> Any:
        if not loaded:
            loaded.append(load(backend))
        return loaded[0].embed(texts)

    return embedding_similarity(embed)
