"""A missing optional package is one line naming the extra to install: CLI, Python, MCP.

Each case runs in a fresh interpreter with the package made unimportable
(``sys.modules[name] = None``), the way an install without the extra behaves.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from vaultweave.store.errors import MissingExtraError, VaultError
from vaultweave.store.extras import missing_extra, require
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT
from tests.test_mcp import error_text, server_env, with_client

BLOCK = "import sys\nfor name in {names!r}: sys.modules[name] = None\n"


def python(code: str, *names: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK.format(names=names) + code],
        capture_output=True, text=True, cwd=REPO_ROOT, timeout=120,
    )


def cli(vault: Path, args: list[str], *names: str) -> subprocess.CompletedProcess[str]:
    code = (
        "from vaultweave.weaver.cli import main\n"
        f"sys.exit(main({[*args, '--vault', str(vault)]!r}))\n"
    )
    return python(code, *names)


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    v = Vault.init(tmp_path / "v")
    v.ingest("I love jazz.", ts="2026-04-01T09:00:00Z")
    return v.root


@pytest.mark.parametrize(
    ("args", "blocked", "extra"),
    [
        (["search", "jazz"], "numpy", "recall"),
        (["search", "jazz"], "faiss", "recall"),
        (["context", "jazz"], "bm25s", "recall"),
        (["reindex"], "faiss", "recall"),
        (["mcp", "--schemas"], "mcp", "mcp"),
        (["mcp"], "mcp", "mcp"),  # before any handshake on stdio
        (["watch"], "watchdog", "watch"),
    ],
)
def test_cli_names_the_extra_in_one_line(vault: Path, args: list[str], blocked: str, extra: str) -> None:
    done = cli(vault, args, blocked)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        f"error: {blocked} is not installed: this needs the {extra} extra, "
        f"install it with `pip install 'vaultweave[{extra}]'`"
    ]


def test_python_raises_a_vault_error_naming_the_extra(vault: Path) -> None:
    code = (
        "from vaultweave.store.errors import MissingExtraError, VaultError\n"
        "from vaultweave.weaver.vault import Vault\n"
        f"vault = Vault.open({str(vault)!r})\n"
        "vault.weave()\n"  # the core works without the extra
        "try:\n"
        "    vault.search('jazz')\n"
        "except MissingExtraError as exc:\n"
        "    assert isinstance(exc, VaultError) and isinstance(exc, ImportError)\n"
        "    print(exc.extra, exc.module)\n"
    )
    done = python(code, "faiss")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["recall", "faiss"]


def test_mcp_reports_a_tool_error_naming_the_extra(vault: Path) -> None:
    script = BLOCK.format(names=("numpy",)) + (
        "from vaultweave.weaver.cli import main\n"
        f"sys.exit(main(['mcp', '--vault', {str(vault)!r}]))\n"
    )
    params = StdioServerParameters(
        command=sys.executable, args=["-c", script], env=server_env(), cwd=str(REPO_ROOT)
    )
    texts: list[str] = []

    async def scenario(client: Client) -> None:
        texts.append(error_text(await client.call_tool("search", {"query": "jazz"})))
        texts.append(error_text(await client.call_tool("context", {"query": "jazz"})))

    with_client(params, scenario)
    for text in texts:
        assert "pip install 'vaultweave[recall]'" in text and "numpy" in text
        assert "Traceback" not in text


def test_require_and_missing_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rjieba", None)
    with pytest.raises(MissingExtraError, match=r"vaultweave\[recall\]"):
        require("recall", "rjieba")
    assert require("recall", "json").__name__ == "json"
    found = missing_extra(ModuleNotFoundError("no", name="watchdog.observers"))
    assert found is not None and (found.extra, found.module) == ("watch", "watchdog")
    assert missing_extra(ModuleNotFoundError("no", name="somethingelse")) is None
    assert issubclass(MissingExtraError, VaultError)
