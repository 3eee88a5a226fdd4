"""vault.toml, validated. Precedence: explicit argument > VAULTWEAVE_* env > vault.toml > default."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class VaultSection(_Section):
    name: str = "vault"
    default_subject: str = "user"
    timezone: str = "UTC"


class WeaverSection(_Section):
    extractor: Literal["rules", "llm"] = "rules"
    # Speaker roles whose first-person statements are not facts about a person.
    ignore_roles: list[str] = Field(default_factory=lambda: ["assistant", "system", "tool"])
    max_lines_per_cycle: int = Field(default=50_000, ge=1)


class RecallSection(_Section):
    embedder: Literal["onnx", "sentence-transformers"] = "onnx"
    hnsw_threshold: int = Field(default=20_000, ge=1)  # bench.scale --sweep, docs/RECALL.md


LLMStage = Literal["extract", "judge", "summarize"]
ALL_LLM_STAGES: tuple[LLMStage, ...] = ("extract", "judge", "summarize")


class LLMSection(_Section):
    """An OpenAI-compatible endpoint. The defaults mean "no LLM": nothing is ever called.

    ``api_key_env`` is the NAME of an environment variable; the key itself is read at call
    time and never stored. ``stages`` empty with ``[weaver] extractor = "llm"`` means all.
    """

    base_url: str | None = None
    model: str | None = None
    api_key_env: str | None = None
    timeout: float = Field(default=30.0, gt=0)
    max_retries: int = Field(default=2, ge=0)
    stages: list[LLMStage] = Field(default_factory=list)
    # "auto" tries json_schema, then json_object, then plain text with tolerant parsing.
    response_format: Literal["auto", "json_schema", "json_object", "text"] = "auto"
    prompt_version: Literal["v1"] = "v1"
    batch_size: int = Field(default=20, ge=1, le=200)  # resource turns per extraction call
    judge_max_pairs: int = Field(default=24, ge=0)  # ambiguous pairs judged per cycle, at most
    judge_per_candidate: int = Field(default=3, ge=1)  # existing items compared with one fact
    similarity_threshold: float = Field(default=0.8, ge=0, le=1)
    judge_embeddings: bool = True  # widen narrowing by embedding similarity if recall is installed
    backoff_base: float = Field(default=1.0, ge=0)  # seconds; doubled on each retry
    max_backoff: float = Field(default=30.0, ge=0)  # cap, also on a server's Retry-After
    temperature: float = Field(default=0.0, ge=0, le=2)

    def active_stages(self, extractor: str) -> tuple[LLMStage, ...]:
        """The stages that call the model: the listed ones, or all when extractor is "llm"."""
        if self.stages:
            return tuple(s for s in ALL_LLM_STAGES if s in self.stages)
        return ALL_LLM_STAGES if extractor == "llm" else ()


class VaultConfig(_Section):
    """The whole of vault.toml. Unknown sections are kept for plugins, unknown keys rejected."""

    model_config = ConfigDict(extra="allow")

    vault: VaultSection = Field(default_factory=VaultSection)
    weaver: WeaverSection = Field(default_factory=WeaverSection)
    recall: RecallSection = Field(default_factory=RecallSection)
    llm: LLMSection = Field(default_factory=LLMSection)

    @classmethod
    def load(cls, path: Path) -> VaultConfig:
        """Read vault.toml; a missing file means all defaults. Raises ValueError on bad content."""
        if not path.exists():
            return cls()
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
        return cls.model_validate(data)


DEFAULT_VAULT_TOML = """\
# vaultweave configuration. Every key is optional; these are the defaults.
[vault]
name = "vault"
default_subject = "user"   # who "I" is when a line names no speaker

[weaver]
extractor = "rules"        # "rules" (embedded, offline) or "llm"
ignore_roles = ["assistant", "system", "tool"]

[recall]
embedder = "onnx"          # "onnx" (light) or "sentence-transformers"

# [llm]                    # any OpenAI-compatible endpoint; see docs/LLM.md
# base_url = "http://127.0.0.1:11434/v1"
# model = "llama3.1"
# api_key_env = "OPENAI_API_KEY"   # the NAME of the variable; the key is never stored
# stages = ["extract", "judge", "summarize"]
"""
