"""The settings model is the one place that reads vault.toml and VAULTWEAVE_* variables."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from vaultweave.schemas.config import ENV_SETTINGS, VaultConfig, vault_dir_from_env
from vaultweave.store.errors import ConfigError
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT

SETTINGS_MODULE = REPO_ROOT / "schemas" / "config.py"
READS_ENV = re.compile(r"os\.environ|getenv\s*\(|environ\.get\s*\(")
READS_TOML = re.compile(r"tomllib|tomli\b|vault\.toml.*\bread_")


def _package_modules() -> list[Path]:
    return sorted(p for layer in ("schemas", "store", "weaver") for p in (REPO_ROOT / layer).rglob("*.py"))


def test_no_module_but_the_settings_reads_vaultweave_variables() -> None:
    # A module that names a VAULTWEAVE_ variable and reads the environment is reading it,
    # however indirectly (a constant, a helper); a message that only names one is fine.
    offenders = []
    for path in _package_modules():
        if path == SETTINGS_MODULE:
            continue
        text = path.read_text(encoding="utf-8")
        if "VAULTWEAVE_" in text and READS_ENV.search(text):
            offenders.append(str(path.relative_to(REPO_ROOT)))
    assert offenders == []
    assert "VAULTWEAVE_" in SETTINGS_MODULE.read_text(encoding="utf-8")  # the check still bites


def test_no_module_but_the_settings_parses_toml() -> None:
    offenders = [
        str(p.relative_to(REPO_ROOT))
        for p in _package_modules()
        if p != SETTINGS_MODULE and READS_TOML.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_precedence_env_over_vault_toml_over_default(tmp_path: Path) -> None:
    toml = tmp_path / "vault.toml"
    assert VaultConfig.load(toml, environ={}).recall.hnsw_threshold == 20_000  # default
    toml.write_text("[recall]\nhnsw_threshold = 500\nembedder = 'sentence-transformers'\n", encoding="utf-8")
    assert VaultConfig.load(toml, environ={}).recall.hnsw_threshold == 500  # vault.toml
    env = {"VAULTWEAVE_HNSW_THRESHOLD": "7", "VAULTWEAVE_FACT_KEYS": "1"}
    config = VaultConfig.load(toml, environ=env)
    assert (config.recall.hnsw_threshold, config.recall.fact_keys) == (7, True)  # env wins
    assert config.recall.embedder == "sentence-transformers"  # untouched keys keep vault.toml's
    assert VaultConfig.load(toml, environ={"VAULTWEAVE_FACT_KEYS": ""}).recall.fact_keys is False
    assert VaultConfig.load(toml, environ={"VAULTWEAVE_FACT_KEYS": "no"}).recall.fact_keys is False
    assert set(ENV_SETTINGS) == {"VAULTWEAVE_EMBEDDER", "VAULTWEAVE_HNSW_THRESHOLD", "VAULTWEAVE_FACT_KEYS"}


@pytest.mark.parametrize(
    ("variable", "raw", "reason"),
    [
        ("VAULTWEAVE_HNSW_THRESHOLD", "many", "valid integer"),
        ("VAULTWEAVE_HNSW_THRESHOLD", "0", "greater than or equal to 1"),
        ("VAULTWEAVE_FACT_KEYS", "perhaps", "valid boolean"),
        ("VAULTWEAVE_EMBEDDER", "bert", "choose one of"),
    ],
)
def test_a_bad_variable_is_named_in_a_one_line_error(
    make_vault: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, variable: str, raw: str, reason: str
) -> None:
    vault = make_vault()
    monkeypatch.setenv(variable, raw)
    with pytest.raises(ConfigError) as caught:
        Vault.open(vault.root)
    message = str(caught.value)
    assert f"{variable}={raw!r}" in message and reason in message and "\n" not in message


@pytest.mark.parametrize("source", ["vault.toml", "env"])
def test_fact_keys_setting_reaches_the_index_keys(
    make_vault: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    from vaultweave.weaver.recall.projection import RecallProjection

    from tests.conftest import say

    plain = make_vault("plain")
    config = "[recall]\nfact_keys = true\n" if source == "vault.toml" else None
    expanded = make_vault("expanded", config=config)
    if source == "env":
        monkeypatch.setenv("VAULTWEAVE_FACT_KEYS", "1")
        expanded = Vault.open(expanded.root)
    for vault in (plain, expanded):
        say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
        vault.weave()

    def turn_key(vault: Vault) -> str:
        units = RecallProjection(vault).expected_units()
        return next(u.key_text for u in units if u.kind != "item")

    assert turn_key(plain) == "I work at Google."
    assert turn_key(expanded).startswith("I work at Google. | ")  # the fact joins the key


def test_vault_dir_from_env(tmp_path: Path) -> None:
    assert vault_dir_from_env({}) is None
    assert vault_dir_from_env({"VAULTWEAVE_VAULT": ""}) is None
    assert vault_dir_from_env({"VAULTWEAVE_VAULT": str(tmp_path)}) == tmp_path
