"""`watch` takes the writer lock per cycle: other writers work while it runs.

A real `vaultweave watch` process, a real MCP server over stdio driven by the SDK's
client (`remember`, `forget`), and the Python API's `consolidate` and `weave`.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT

pytest.importorskip("watchdog")
pytest.importorskip("mcp")

from mcp import Client  # noqa: E402

from tests.test_mcp import data, stdio, with_client  # noqa: E402
from tests.test_watch import _wait_for  # noqa: E402


def _start_watch(root: Path) -> subprocess.Popen[str]:
    code = "import sys; from vaultweave.weaver.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "watch", "--debounce", "0.05", "--vault", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO_ROOT,
    )
    assert proc.stderr is not None
    first = proc.stderr.readline()
    assert first.startswith(f"watching {root}"), first
    return proc


def test_mcp_writes_consolidate_and_weave_interleave_with_a_running_watch(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    watch = _start_watch(vault.root)
    try:
        learned: dict[str, Any] = {}

        async def scenario(client: Client) -> None:
            said = {"text": "I work at Google.", "ts": "2026-01-05T10:00:00Z"}
            remembered = data(await client.call_tool("remember", said))
            facts = remembered["learned"]
            assert [f["text"] for f in facts] and "Google" in facts[0]["text"], remembered
            learned.update(facts[0])
            forgotten = data(
                await client.call_tool("forget", {"item_id": facts[0]["id"], "reason": "said in jest"})
            )
            assert forgotten["commit"] and forgotten["forgotten"]["status"] == "retracted"

        with_client(stdio(vault.root, "--lock-timeout", "20"), scenario)
        assert watch.poll() is None  # still watching

        api = Vault.open(vault.root)
        api.ingest("I like green tea.", ts="2026-01-06T10:00:00Z", speaker="Maya")
        api.weave()  # waits for the watcher's cycle if one runs, never fails at once
        report = api.consolidate(similar="off")  # a real pass under the lock, in turn
        assert not report.dry_run and api.repo.dirty_paths("items") == []
        assert watch.poll() is None

        # The watcher goes on weaving what arrives.
        head = api.repo.head_sha()
        api.ingest("I live in Lisbon.", ts="2026-01-07T10:00:00Z", speaker="Maya")
        assert _wait_for(lambda: api.repo.head_sha() != head), "the watcher wove nothing after the others"
        assert _wait_for(lambda: "Lisbon" in (vault.paths.categories / "places.md").read_text("utf-8"))
        log = "\n".join(c.message for c in api.log(30))
        assert "forget: " in log and "said in jest" in log
        retracted = Vault.open(vault.root).item(learned["id"])
        assert retracted.status.value == "retracted"
    finally:
        watch.send_signal(signal.SIGINT)
        out, err = watch.communicate(timeout=30)
    assert watch.returncode == 0, err
    assert "Traceback" not in err
