"""The README's agent sections stay true: its Python example runs verbatim, its MCP config and tool
schemas match the real server.

To refresh the schemas block after changing a tool: UPDATE_DOCS=1 pytest tests/test_faces_doc.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from vaultweave.weaver.cli import cli
from vaultweave.weaver.mcp_server import build_server, tool_schemas
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT

DOC = REPO_ROOT / "README.md"
SCHEMAS_BLOCK = re.compile(r"(<!-- tool-schemas[^\n]*-->\n```json\n)(.*?)(\n```)", re.S)


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_python_example_runs_verbatim(tmp_path: Path) -> None:
    (example,) = blocks("python")
    script = tmp_path / "example.py"
    script.write_text(example, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "TMPDIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()
    assert out[0] == "weave: +1 fact, 1 superseded (employer: Google -> OpenAI)"
    first_hit = out[1].split()
    assert first_hit[1:3] == ["item", "current"] and "OpenAI" in out[1]
    (then,) = [line for line in out if line.startswith("on 2026-01-20:")]
    assert "Google" in then
    assert any("OpenAI" in line and "[since 2026-02-10" in line for line in out)
    assert "2026-01-05 -> 2026-02-10  Google   historical" in out
    assert "2026-02-10 -> now  OpenAI   current" in out
    kinds = [line.split()[0] for line in out[-2:]]
    assert sorted(kinds) == ["added", "superseded"]


def test_the_documented_tool_schemas_are_the_servers(make_vault: Callable[..., Vault]) -> None:
    live = tool_schemas(build_server(make_vault()))
    text = DOC.read_text(encoding="utf-8")
    found = SCHEMAS_BLOCK.search(text)
    assert found, "README.md lost its tool-schemas block"
    rendered = json.dumps(live, indent=2, ensure_ascii=False)
    if os.environ.get("UPDATE_DOCS") == "1":
        DOC.write_text(
            text[: found.start(2)] + rendered + text[found.end(2) :], encoding="utf-8"
        )
        return
    assert json.loads(found.group(2)) == live


def test_the_documented_client_entry_starts_this_server(make_vault: Callable[..., Vault]) -> None:
    config = json.loads(blocks("json")[0])
    entry = config["mcpServers"]["vault"]
    assert entry["command"] == "vaultweave"
    args = list(entry["args"])
    args[args.index("--vault") + 1] = str(make_vault().root)
    result = CliRunner().invoke(cli, [*args, "--schemas"])
    assert result.exit_code == 0, result.stderr
    assert {t["name"] for t in json.loads(result.stdout)} >= {"remember", "changes_since"}
    scripts = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'vaultweave = "vaultweave.weaver.launch:main"' in scripts


def test_every_public_vault_method_is_in_the_api_doc() -> None:
    api = (REPO_ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    public = [name for name in dir(Vault) if not name.startswith("_")]
    missing = [name for name in public if f".{name}" not in api]
    assert missing == []
