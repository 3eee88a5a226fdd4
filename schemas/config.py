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
    hnsw_threshold: int = Field(default=50_000, ge=1)


class LLMSection(_Section):
    base_url: str | None = None
    model: str | None = None
    api_key_env: str | None = None
    timeout: float = Field(default=30.0, gt=0)
    max_retries: int = Field(default=2, ge=0)
    stages: list[Literal["extract", "judge", "summarize"]] = Field(default_factory=list)


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
"""
