"""Shared fixtures: every test gets its own HOME and a factory for real git-backed vaults."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from vaultweave.weaver.vault import Vault

from tests.llm_server import ScriptedLLM, Staged

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_VAULT = REPO_ROOT / "sample_vault"


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point HOME and every VAULTWEAVE_* setting into the test's tmp dir."""
    import os

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in list(os.environ):
        if name.startswith("VAULTWEAVE_"):
            monkeypatch.delenv(name)
    # As in an activated environment: the console scripts (the git textconv driver
    # `vaultweave-textconv` among them) are on PATH even when pytest runs as .venv/bin/python.
    import sys

    scripts = str(Path(sys.executable).parent)
    monkeypatch.setenv("PATH", scripts + os.pathsep + os.environ.get("PATH", ""))


class FakeClock:
    """A settable clock for deterministic observed_at / updated times."""

    def __init__(self, start: datetime = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_vault(tmp_path: Path, clock: FakeClock) -> Iterator[Callable[..., Vault]]:
    """``make_vault(name="v")`` -> a freshly initialised vault under tmp_path."""
    opened: list[Vault] = []

    def factory(name: str = "vault", *, config: str | None = None) -> Vault:
        root = tmp_path / name
        if config is not None:
            root.mkdir(parents=True, exist_ok=True)
            (root / "vault.toml").write_text(config, encoding="utf-8")
        vault = Vault.init(root, clock=clock)
        opened.append(vault)
        return vault

    yield factory
    for vault in opened:
        vault.lock.release()


def say(vault: Vault, text: str, ts: str, speaker: str = "Maya", role: str = "user") -> str:
    """Append one user turn; returns its resource id."""
    return vault.ingest(text, ts=ts, speaker=speaker, role=role)


def values_held(vault: Vault, attribute: str) -> list[tuple[str, bool]]:
    """Every value the vault holds for ``attribute``, current or not, as (value, is_current), sorted."""
    return sorted((i.value, i.is_current) for i in vault.loaded_items().values() if i.attribute == attribute)


@pytest.fixture
def staged() -> Staged:
    """Scripted replies per LLM stage, for the ``server`` fixture."""
    return Staged()


@pytest.fixture
def server(staged: Staged) -> Iterator[ScriptedLLM]:
    """A real OpenAI-compatible HTTP server on 127.0.0.1 answering from ``staged``."""
    with ScriptedLLM(responder=staged) as running:
        yield running


_ENTITY_LINK = re.compile(r"\[\[entities/[^\[\]|]*\|([^\[\]]*)\]\]")


def plain(page: str) -> str:
    """A page with the weaver's entity links read as their labels, the way the hand-edit
    parser reads a bullet (``[[entities/maya|Maya]] works`` -> ``Maya works``)."""
    return _ENTITY_LINK.sub(r"\1", page)
