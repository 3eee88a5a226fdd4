"""The settings: vault.toml, validated, with ``VAULTWEAVE_*`` variables laid over it.

Precedence: explicit argument > VAULTWEAVE_* env > vault.toml > default. This module is
the only one that reads vault.toml or a ``VAULTWEAVE_*`` variable (tests/test_settings.py
greps the package for others); callers take the resulting ``VaultConfig``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from datetime import date, tzinfo
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class VaultSection(_Section):
    name: str = "vault"
    default_subject: str = "user"
    # The speakers' wall clock, an IANA name ("Europe/London"): "dentist at 3pm" and
    # "yesterday" are read on it. Empty: UTC for English, China time for Chinese.
    timezone: str = ""

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        if value.strip():
            _zone(value.strip())  # raises on an unknown name
        return value.strip()

    def zone(self) -> tzinfo | None:
        """The configured wall clock, or None when none is set."""
        return _zone(self.timezone) if self.timezone else None


def _zone(name: str) -> tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(
            f"unknown timezone {name!r}: use an IANA name such as 'Europe/London' or 'Asia/Shanghai'"
        ) from exc


class WeaverSection(_Section):
    extractor: Literal["rules", "llm"] = "rules"
    # Speaker roles whose first-person statements are not facts about a person.
    ignore_roles: list[str] = Field(default_factory=lambda: ["assistant", "system", "tool"])
    max_lines_per_cycle: int = Field(default=50_000, ge=1)


class ResourcesSection(_Section):
    """What a resource line may be; a line outside these bounds is reported and skipped."""

    max_line_bytes: int = Field(default=1_000_000, ge=64)
    max_depth: int = Field(default=32, ge=1, le=500)  # JSON nesting of objects and arrays
    # The sane window for ``ts``: a line stamped later than now + max_ahead_hours, or
    # before ``earliest``, would pin or bury facts, so it is skipped (docs/DOMAIN_MODEL.md).
    max_ahead_hours: float = Field(default=24.0, ge=0, le=24 * 366 * 100)
    earliest: date = date(1900, 1, 1)


class RecallSection(_Section):
    embedder: Literal["onnx", "sentence-transformers"] = "onnx"
    hnsw_threshold: int = Field(default=20_000, ge=1)  # bench.scale --sweep, docs/RECALL.md
    # Append the facts extracted from a turn to its key text (fact-expanded keys). Off: with
    # the rules extractor's templated facts it cost LoCoMo ~2 points of recall@10
    # (docs/RECALL.md); worth turning on with LLM-extracted facts.
    fact_keys: bool = False


LLMStage = Literal["extract", "judge", "summarize", "digest"]
ALL_LLM_STAGES: tuple[LLMStage, ...] = ("extract", "judge", "summarize")  # what "all" means
# Asked for by name only: a digest summary is a call per session and week a weave touches.
NAMED_LLM_STAGES: tuple[LLMStage, ...] = (*ALL_LLM_STAGES, "digest")


class LLMSection(_Section):
    """An OpenAI-compatible endpoint. The defaults mean "no LLM": nothing is ever called.

    ``api_key_env`` is the NAME of an environment variable; the key itself is read at call
    time and never stored. ``stages`` empty with ``[weaver] extractor = "llm"`` means all.
    """

    base_url: str | None = None
    model: str | None = None
    api_key_env: str | None = None
    timeout: float = Field(default=30.0, gt=0)  # seconds per request
    max_retries: int = Field(default=2, ge=0)
    # Seconds one weave may lose to failed requests (timeouts, refused connections, 429,
    # 5xx), all stages together; then the rest of the weave uses the rules path.
    # None: timeout * (max_retries + 1), one stage's worth of retries.
    timeout_budget: float | None = Field(default=None, gt=0)
    stages: list[LLMStage] = Field(default_factory=list)
    # "auto" tries json_schema, then json_object, then plain text with tolerant parsing.
    response_format: Literal["auto", "json_schema", "json_object", "text"] = "auto"
    # v2 asks for events, dates, other people, endings and doubts; v1 stays selectable.
    prompt_version: Literal["v1", "v2"] = "v2"
    batch_size: int = Field(default=20, ge=1, le=200)  # resource turns per extraction call
    judge_max_pairs: int = Field(default=24, ge=0)  # ambiguous pairs judged per cycle, at most
    judge_per_candidate: int = Field(default=3, ge=1)  # existing items compared with one fact
    similarity_threshold: float = Field(default=0.8, ge=0, le=1)
    judge_embeddings: bool = True  # widen narrowing by embedding similarity if recall is installed
    backoff_base: float = Field(default=1.0, ge=0)  # seconds; doubled on each retry
    max_backoff: float = Field(default=30.0, ge=0)  # cap, also on a server's Retry-After
    temperature: float = Field(default=0.0, ge=0, le=2)

    @property
    def weave_timeout_budget(self) -> float:
        """The seconds of failed requests a weave may spend (``timeout_budget`` or its default)."""
        if self.timeout_budget is not None:
            return self.timeout_budget
        return self.timeout * (self.max_retries + 1)

    def active_stages(self, extractor: str) -> tuple[LLMStage, ...]:
        """The stages that call the model: the listed ones, or all when extractor is "llm"."""
        if self.stages:
            return tuple(s for s in NAMED_LLM_STAGES if s in self.stages)
        return ALL_LLM_STAGES if extractor == "llm" else ()


DEFAULT_DECAY_PER_DAY = {
    # Exponential decay rate (per day) of importance, by item kind. Half-life = ln 2 / rate.
    "identity": 0.0005,  # names, birthdays: ~3.8 years
    "fact": 0.003,  # ~231 days
    "preference": 0.01,  # ~69 days
    "event": 0.02,  # ~35 days: an event recedes faster than a standing fact
    "transient": 0.1,  # ~7 days
}


class UpkeepSection(_Section):
    """Consolidation: decay, reinforcement by recall, dedupe and merge, archive."""

    decay_per_day: dict[str, float] = Field(default_factory=lambda: dict(DEFAULT_DECAY_PER_DAY))
    decay_default: float = Field(default=0.003, ge=0)  # kinds not named in decay_per_day
    min_change: float = Field(default=0.01, ge=0)  # smaller importance drops are not written
    recalls_per_step: int = Field(default=3, ge=1)  # every N recalls: +1 reinforcement step
    reinforce_step: float = Field(default=0.1, ge=0, le=1)
    dedupe_threshold: float = Field(default=0.95, gt=0, le=1)
    merge_threshold: float = Field(default=0.80, gt=0, le=1)
    archive_after_days: float = Field(default=30, ge=0)
    archive_below: float = Field(default=0.3, ge=0, le=1)
    protect_links: int = Field(default=3, ge=1)
    # A pass runs after this many new resource lines plus new items; 0 = only by hand.
    trigger_every: int = Field(default=500, ge=0)

    @model_validator(mode="after")
    def _check(self) -> UpkeepSection:
        if self.merge_threshold > self.dedupe_threshold:
            raise ValueError("upkeep.merge_threshold must not exceed upkeep.dedupe_threshold")
        bad = [k for k, v in self.decay_per_day.items() if v < 0]
        if bad:
            raise ValueError(f"upkeep.decay_per_day must be >= 0 (negative for {bad[0]!r})")
        return self

    def decay_rate(self, kind: str) -> float:
        return self.decay_per_day.get(kind, self.decay_default)


class ContextSection(_Section):
    """``context``: the session's short-term window (its last turns, first in the block)."""

    window_turns: int = Field(default=8, ge=0)  # 0: no window
    window_tokens: int = Field(default=400, ge=0)  # at most this share of the budget
    # What the search hands the block: the first recall_k facts and turns, and the first
    # digest_k digests, of one ranking (tuned on LoCoMo half A, docs/RECALL.md).
    recall_k: int = Field(default=40, ge=0, le=200)
    digest_k: int = Field(default=3, ge=0, le=50)
    # The first excerpt_after recalled facts and turns are shown whole; a later turn longer
    # than excerpt_tokens shows only its sentences sharing most words with the query,
    # within that many tokens (0: every turn whole). Chosen on LoCoMo half A, docs/RECALL.md.
    excerpt_after: int = Field(default=10, ge=0)
    excerpt_tokens: int = Field(default=32, ge=0)
    # A second hop: the query widened by the feedback_terms words that weigh most (hit
    # score x BM25 idf) in its first feedback_hits facts and turns is searched again, its
    # hits placed below the first search's first feedback_after (0 terms: off). Chosen
    # on LoCoMo half A, docs/RECALL.md.
    feedback_hits: int = Field(default=5, ge=0, le=50)
    feedback_terms: int = Field(default=3, ge=0, le=50)
    feedback_after: int = Field(default=10, ge=0)


class DigestsSection(_Section):
    """Compressed memory: digest pages of turns, one per session, one per ISO week and one
    per topic across sessions."""

    enabled: bool = True
    topics: bool = True  # digests/topics/*.md: turns clustered by their embedding vectors
    # A turn joins the topic whose centroid is nearest when the cosine is at least this
    # (all-MiniLM-L6-v2 vectors; chosen on LoCoMo, docs/DOMAIN_MODEL.md "Digests").
    topic_threshold: float = Field(default=0.55, gt=0.0, le=1.0)


class TasksSection(_Section):
    """Task buffers: a task open this long without a new line is closed as abandoned."""

    abandon_after_hours: float = Field(default=72, ge=0)  # 0: never


class ShareSection(_Section):
    """Spaces: the shared vaults this one reads through (search and context include their
    facts, marked with their name; writes never go there). Names of sibling vaults in the
    same folder (the home); a path or a name that would leave the folder is refused."""

    read_through: list[str] = Field(default_factory=list, max_length=32)


class VaultConfig(_Section):
    """The whole of vault.toml. Unknown sections are kept for plugins, unknown keys rejected."""

    model_config = ConfigDict(extra="allow")

    vault: VaultSection = Field(default_factory=VaultSection)
    weaver: WeaverSection = Field(default_factory=WeaverSection)
    resources: ResourcesSection = Field(default_factory=ResourcesSection)
    recall: RecallSection = Field(default_factory=RecallSection)
    llm: LLMSection = Field(default_factory=LLMSection)
    upkeep: UpkeepSection = Field(default_factory=UpkeepSection)
    context: ContextSection = Field(default_factory=ContextSection)
    digests: DigestsSection = Field(default_factory=DigestsSection)
    tasks: TasksSection = Field(default_factory=TasksSection)
    share: ShareSection = Field(default_factory=ShareSection)

    @classmethod
    def load(cls, path: Path, environ: Mapping[str, str] | None = None) -> VaultConfig:
        """vault.toml (a missing file means all defaults) with the VAULTWEAVE_* variables of
        ``environ`` (default: this process's) laid over it. Raises ValueError on bad content,
        naming the variable when one is at fault."""
        data: dict[str, Any] = {}
        if path.exists():
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        overlay = env_overlay(os.environ if environ is None else environ)
        if not overlay:
            return cls.model_validate(data)
        merged = {name: dict(part) if isinstance(part, dict) else part for name, part in data.items()}
        for (section, key), (_, raw) in overlay.items():
            target = merged.setdefault(section, {})
            if isinstance(target, dict):
                target[key] = raw
        try:
            return cls.model_validate(merged)
        except ValidationError as exc:
            for error in exc.errors():
                where = tuple(str(part) for part in error["loc"][:2])
                if where in overlay:
                    variable, raw = overlay[where]
                    raise ValueError(f"{variable}={raw!r}: {_why(error)}") from exc
            raise


# Environment variable -> (section, key) of vault.toml it overrides.
ENV_SETTINGS: dict[str, tuple[str, str]] = {
    "VAULTWEAVE_EMBEDDER": ("recall", "embedder"),
    "VAULTWEAVE_HNSW_THRESHOLD": ("recall", "hnsw_threshold"),
    "VAULTWEAVE_FACT_KEYS": ("recall", "fact_keys"),
}
# Where the faces look for a vault when none is named (not a vault.toml setting: it says
# which vault.toml to read).
ENV_VAULT = "VAULTWEAVE_VAULT"


def env_overlay(environ: Mapping[str, str]) -> dict[tuple[str, str], tuple[str, str]]:
    """(section, key) -> (variable, raw value) for each VAULTWEAVE_* setting that is set.

    An empty variable counts as unset, as in a shell's ``VAR= command``.
    """
    found: dict[tuple[str, str], tuple[str, str]] = {}
    for variable, where in ENV_SETTINGS.items():
        raw = environ.get(variable, "")
        if raw.strip():
            found[where] = (variable, raw.strip())
    return found


def _why(error: Any) -> str:
    if error["type"] == "literal_error":
        return f"choose one of {error['ctx']['expected']}"
    return str(error["msg"])


# The bearer token HTTP MCP clients must send. Never in vault.toml: that file is committed.
ENV_MCP_TOKEN = "VAULTWEAVE_MCP_TOKEN"


def mcp_token_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """$VAULTWEAVE_MCP_TOKEN, or None when it is unset or blank."""
    raw = (os.environ if environ is None else environ).get(ENV_MCP_TOKEN, "").strip()
    return raw or None


def vault_dir_from_env(environ: Mapping[str, str] | None = None) -> Path | None:
    """$VAULTWEAVE_VAULT, or None when it is unset or empty."""
    raw = (os.environ if environ is None else environ).get(ENV_VAULT, "")
    return Path(raw) if raw else None


class HomeSection(_Section):
    # A tool call naming a vault the home lacks creates it, when the caller may write it.
    create_on_first_use: bool = False
    # The client tokens (hashes and grants; `vaultweave tokens`), relative to the home.
    tokens_file: str = ".vaultweave-tokens.json"
    max_open_vaults: int = Field(default=16, ge=1, le=1024)  # the server's cache of open vaults


class HomeConfig(_Section):
    """home.toml at the root of a home (a folder of vaults; every key optional)."""

    home: HomeSection = Field(default_factory=HomeSection)

    @classmethod
    def load(cls, path: Path) -> HomeConfig:
        """home.toml (a missing file means all defaults); ValueError on bad content."""
        if not path.exists():
            return cls()
        return cls.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))


# Where `vaultweave tokens` and `vaultweave mcp` look for a home when --home is not given.
ENV_HOME = "VAULTWEAVE_HOME"


def home_dir_from_env(environ: Mapping[str, str] | None = None) -> Path | None:
    """$VAULTWEAVE_HOME, or None when it is unset or empty."""
    raw = (os.environ if environ is None else environ).get(ENV_HOME, "")
    return Path(raw) if raw else None


DEFAULT_VAULT_TOML = """\
# vaultweave configuration. Every key is optional; these are the defaults.
[vault]
name = "vault"
default_subject = "user"   # who "I" is when a line names no speaker
timezone = ""              # the speakers' wall clock ("Europe/London"); "": UTC, China time for Chinese

[weaver]
extractor = "rules"        # "rules" (embedded, offline) or "llm"
ignore_roles = ["assistant", "system", "tool"]

[resources]
# a line outside these bounds is reported (`vaultweave status`) and skipped, never lost
max_line_bytes = 1000000
max_depth = 32             # JSON nesting
max_ahead_hours = 24       # a ts later than now + this is skipped: it would pin a fact
earliest = 1900-01-01      # a ts before this is skipped

[recall]
embedder = "onnx"          # "onnx" (light) or "sentence-transformers"

# [llm]                    # any OpenAI-compatible endpoint; see docs/LLM.md
# base_url = "http://127.0.0.1:11434/v1"
# model = "llama3.1"
# api_key_env = "OPENAI_API_KEY"   # the NAME of the variable; the key is never stored
# stages = ["extract", "judge", "summarize"]   # add "digest" for model-written digest summaries
# timeout_budget = 90.0            # seconds a weave may lose to failed requests, all stages

[upkeep]
# importance decays by exp(-rate * days) from last access; see docs/UPKEEP.md
decay_per_day = {identity = 0.0005, fact = 0.003, preference = 0.01, event = 0.02, transient = 0.1}
min_change = 0.01          # smaller drops are not written
recalls_per_step = 3       # every 3 recalls: importance + reinforce_step
dedupe_threshold = 0.95    # >= this similarity: keep one, retract the other
merge_threshold = 0.80     # between this and dedupe: merge both into a new item
archive_after_days = 30    # archive what is this old without use ...
archive_below = 0.3        # ... and less important than this
protect_links = 3          # items with this many links never archive (nor pinned ones)
trigger_every = 500        # new lines + new items between automatic passes; 0 = by hand only

[context]
window_turns = 8           # context(session=...): that session's last turns come first ...
window_tokens = 400        # ... within this many tokens of the budget
recall_k = 40              # facts and turns the search hands the block (best first) ...
digest_k = 3               # ... and digests
excerpt_after = 10         # the first 10 recalled facts and turns are shown whole; a later turn ...
excerpt_tokens = 32        # ... longer than this shows its sentences nearest the query (0: all whole)
feedback_hits = 5          # second hop: the rarest, best-ranked words of the first 5 facts and turns ...
feedback_terms = 3         # ... (this many, 0: off) widen the query, searched again; its hits ...
feedback_after = 10        # ... come after the first search's first 10

[digests]
enabled = true             # digests/sessions/*.md and digests/weeks/*.md, searchable (needs recall)
topics = true              # digests/topics/*.md: turns grouped by topic across sessions
topic_threshold = 0.55     # cosine to a topic's centroid a turn needs to join it

[tasks]
abandon_after_hours = 72   # an open task without a new line for this long closes as abandoned

[share]
read_through = []          # sibling vaults in the home whose facts search and context include
"""
