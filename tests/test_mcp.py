"""The MCP server through the SDK's real client: a subprocess over stdio, and HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.types import CallToolResult
from vaultweave.store.lock import VaultLock
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT

TOOLS = {
    "remember",
    "search",
    "context",
    "read_category",
    "list_categories",
    "fact_history",
    "changes_since",
    "forget",
    "correct",
    "about",
    "list_subjects",
    "status",
    "erase",
    "open_task",
    "task_note",
    "close_task",
    "list_tasks",
}


def server_env() -> dict[str, str]:
    keep = ("HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "PATH")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env["PYTHONPATH"] = str(REPO_ROOT)
    return env


def stdio(vault: Path, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "vaultweave.weaver.cli", "mcp", "--vault", str(vault), *extra],
        env=server_env(),
        cwd=str(REPO_ROOT),
    )


def with_client(params: Any, scenario: Callable[[Client], Awaitable[None]]) -> None:
    async def main() -> None:
        with anyio.fail_after(60):
            async with Client(params, read_timeout_seconds=30) as client:
                await scenario(client)

    anyio.run(main)


def data(result: CallToolResult) -> Any:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        content = result.structured_content
        return content.get("result", content) if set(content) == {"result"} else content
    return json.loads(result.content[0].text)  # type: ignore[union-attr]


def error_text(result: CallToolResult) -> str:
    assert result.is_error
    return result.content[0].text  # type: ignore[union-attr]


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), *args], check=True, capture_output=True, text=True
    ).stdout


@pytest.fixture
def vault_root(make_vault: Callable[..., Vault]) -> Path:
    return make_vault().root


def test_every_tool_over_stdio_changes_the_vault_files_and_git(vault_root: Path) -> None:
    async def scenario(client: Client) -> None:
        listed = await client.list_tools()
        assert {t.name for t in listed.tools} == TOOLS
        schemas = {t.name: t.input_schema for t in listed.tools}
        assert schemas["remember"]["required"] == ["text"]
        assert schemas["forget"]["required"] == ["item_id", "reason"]
        assert set(schemas["search"]["properties"]) == {
            "query", "k", "categories", "tags", "kinds", "include_history", "as_of", "min_score",
            "explain", "expand",
        }

        maya = {"speaker": "Maya"}
        first = data(await client.call_tool(
            "remember", {"text": "I work at Google.", "ts": "2026-01-05T10:00:00Z", **maya}
        ))
        assert first["resource"] == "resources/2026/01/05.jsonl#L1"
        assert [f["text"] for f in first["learned"]] and first["commit"]
        second = data(await client.call_tool(
            "remember", {"text": "I work at OpenAI now.", "ts": "2026-02-10T09:30:00Z", **maya}
        ))
        (superseded,) = second["superseded"]
        assert (superseded["old"], superseded["new"]) == ("Google", "OpenAI")

        categories = data(await client.call_tool("list_categories", {}))["categories"]
        work = next(c for c in categories if c["current"] == 1 and c["not_current"] == 1)
        page = data(await client.call_tool("read_category", {"name": work["name"]}))
        assert "OpenAI" in page.split("## History")[0] and "Google" in page.split("## History")[1]

        timeline = data(await client.call_tool(
            "fact_history", {"subject": "Maya", "attribute": "employer"}
        ))["timeline"]
        assert [(t["value"], t["status"]) for t in timeline] == [
            ("Google", "historical"), ("OpenAI", "current")
        ]

        digest = data(await client.call_tool("changes_since", {"since": "last", "client": "agent"}))
        assert digest["counts"]["superseded"] == 1 and digest["counts"]["added"] == 2
        assert digest["changes"][0]["kind"] == "superseded" and "omitted" not in digest
        full = data(await client.call_tool("changes_since", {"since": "2026-01-01", "verbose": True}))
        assert "## Superseded" in full["summary"] and full["changes"][0]["item"]["sources"]
        assert data(await client.call_tool("changes_since", {"client": "agent"}))["changes"] == []

        current_id = timeline[1]["id"]
        forgotten = data(await client.call_tool(
            "forget", {"item_id": current_id, "reason": "the user asked"}
        ))
        assert forgotten["forgotten"]["status"] == "retracted" and forgotten["was"] == "current"
        # What the forgotten fact had replaced is true again.
        assert [r["text"] for r in forgotten["restored"]] == ["Maya works at Google."]
        after = data(await client.call_tool("changes_since", {"client": "agent"}))
        assert [c["kind"] for c in after["changes"]] == ["retracted", "restored"]

        resources = await client.list_resources()
        uris = {str(r.uri) for r in resources.resources}
        assert "vault://index.md" in uris and f"vault://categories/{work['name']}" in uris
        index = await client.read_resource("vault://index.md")
        assert work["name"] in index.contents[0].text  # type: ignore[union-attr]

    with_client(stdio(vault_root), scenario)

    subjects = git(vault_root, "log", "--format=%s").splitlines()
    assert subjects[0].startswith("forget: ") and subjects[0].endswith(" — the user asked")
    assert subjects[1].startswith("weave: +1 fact, 1 superseded (employer: Google -> OpenAI)")
    assert len(subjects) == 4  # init, two weaves, forget
    assert (vault_root / "resources/2026/02/10.jsonl").read_text(encoding="utf-8").count("\n") == 1
    assert git(vault_root, "status", "--porcelain").strip() == ""
    vault = Vault.open(vault_root)
    assert [i.value for i in vault.items(status="retracted")] == ["OpenAI"]


def test_bad_calls_are_tool_errors_and_the_server_keeps_serving(vault_root: Path) -> None:
    outside = vault_root.parent / "secret.md"
    outside.write_text("do not read", encoding="utf-8")
    (vault_root / "categories" / "link.md").symlink_to(outside)

    async def scenario(client: Client) -> None:
        text = error_text(await client.call_tool("forget", {"item_id": "nope", "reason": "x"}))
        assert "no fact or category named 'nope'" in text and "vaultweave" not in text
        for name in ("../secret", "../../secret.md", "/etc/passwd", "link"):
            text = error_text(await client.call_tool("read_category", {"name": name}))
            assert "do not read" not in text and "root:" not in text
        assert "categories/link.md:1: a symbolic link" in error_text(
            await client.call_tool("read_category", {"name": "link"})
        )  # a link in categories/ is never followed, wherever it points
        text = error_text(await client.call_tool("changes_since", {"since": "--output=/tmp/x"}))
        assert "cannot read changes since" in text
        assert "cannot read changes since" in error_text(
            await client.call_tool("changes_since", {"since": "2026-02-31"})
        )
        assert "unusable client name" in error_text(
            await client.call_tool("changes_since", {"client": "../../x"})
        )
        assert error_text(await client.call_tool("search", {"query": "x", "k": 0}))
        assert "invalid resource" in error_text(
            await client.call_tool("remember", {"text": "hello", "ts": "not a time"})
        )
        assert error_text(await client.call_tool("remember", {"text": ""}))
        for uri in ("vault://categories/..%2F..%2Fsecret.md", "vault://categories/nope"):
            with pytest.raises(Exception) as caught:
                await client.read_resource(uri)
            assert "do not read" not in str(caught.value)
        # Still serving, and nothing was written by the failures.
        assert data(await client.call_tool("list_categories", {}))["categories"] == [
            {"name": "link", "title": "Link", "path": "categories/link.md", "current": 0,
             "not_current": 0}
        ]

    with_client(stdio(vault_root), scenario)
    assert list((vault_root / "resources").rglob("*.jsonl")) == []
    assert not Path("/tmp/x").exists()
    assert git(vault_root, "log", "--format=%s").splitlines() == ["init: vault vault"]


def test_a_write_waits_for_a_running_cycle_then_times_out_cleanly(vault_root: Path) -> None:
    holder = VaultLock(vault_root / ".vaultweave" / "weaver.lock")  # as a running cycle would

    async def scenario(client: Client) -> None:
        holder.acquire()
        started = time.monotonic()
        text = error_text(await client.call_tool(
            "remember", {"text": "I work at Google.", "ts": "2026-01-05T10:00:00Z"}
        ))
        assert time.monotonic() - started >= 2.0
        assert "stored as resources/2026/01/05.jsonl#L1 but not woven yet" in text
        assert "vault is locked by process" in text
        # Released while the next call waits: it goes through and weaves both lines.
        timer = threading.Timer(0.5, holder.release)
        timer.start()
        second = data(await client.call_tool(
            "remember", {"text": "I like tea.", "ts": "2026-01-05T10:01:00Z"}
        ))
        timer.join()
        assert second["resource"] == "resources/2026/01/05.jsonl#L2"
        assert len(second["learned"]) == 2

    try:
        with_client(stdio(vault_root, "--lock-timeout", "2"), scenario)
    finally:
        holder.release()
    assert git(vault_root, "log", "-1", "--format=%s").startswith("weave: +2 facts")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_streamable_http_on_localhost(vault_root: Path) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "vaultweave.weaver.cli", "mcp", "--http", "--port", str(port),
         "--vault", str(vault_root)],
        env={**server_env(), "PATH": os.environ.get("PATH", "")},
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert process.poll() is None, process.stderr.read() if process.stderr else ""
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)

        async def scenario(client: Client) -> None:
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
            got = data(await client.call_tool(
                "remember", {"text": "I like tea.", "ts": "2026-01-05T10:00:00Z"}
            ))
            assert got["commit"]

        with_client(f"http://127.0.0.1:{port}/mcp", scenario)
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert git(vault_root, "log", "-1", "--format=%s").startswith("weave: +1 fact")


def test_search_and_context_over_stdio(vault_root: Path) -> None:
    async def scenario(client: Client) -> None:
        for text, ts in (
            ("I work at Google.", "2026-01-05T10:00:00Z"),
            ("I love jazz.", "2026-01-05T10:01:00Z"),
            ("I work at OpenAI now.", "2026-02-10T09:30:00Z"),
        ):
            data(await client.call_tool("remember", {"text": text, "ts": ts, "speaker": "Maya"}))

        found = data(await client.call_tool("search", {"query": "Where does Maya work?", "k": 5}))
        items = [h for h in found["hits"] if h["kind"] == "item"]
        assert items and "OpenAI" in items[0]["text"] and items[0]["status"] == "current"
        assert all("Google" not in h["text"] for h in items)  # current facts only by default
        assert {"score", "valid_from", "sources"} <= set(items[0]) and "parts" not in items[0]
        explained = data(await client.call_tool(
            "search", {"query": "Where does Maya work?", "k": 5, "explain": True}
        ))
        assert {"dense", "keyword"} <= set(explained["hits"][0]["parts"])

        maya = data(await client.call_tool("about", {"subject": "maya"}))
        assert [f["text"] for f in maya["current"]["employer"]] == ["Maya works at OpenAI."]
        assert maya["past_values"] == {"employer": 1}
        nobody = data(await client.call_tool("about", {"subject": "Bob"}))
        assert nobody["known"] is False and nobody["known_subjects"] == ["Maya"]
        assert data(await client.call_tool("list_subjects", {}))["subjects"][0]["subject"] == "Maya"
        hint = data(await client.call_tool("fact_history", {"subject": "Maya", "attribute": "job"}))
        assert hint["timeline"] == [] and "employer" in hint["known_attributes"]
        health = data(await client.call_tool("status", {}))
        assert health["pending_lines"] == 0 and health["items"]["current"] >= 2

        with_history = data(await client.call_tool(
            "search",
            {"query": "Maya employer", "include_history": True, "kinds": [items[0]["item_kind"]]},
        ))
        statuses = {h["text"]: h["status"] for h in with_history["hits"] if h["kind"] == "item"}
        assert any("Google" in t and s == "historical" for t, s in statuses.items())

        then = data(await client.call_tool(
            "search", {"query": "Where does Maya work?", "k": 5, "as_of": "2026-01-20"}
        ))
        then_items = [h for h in then["hits"] if h["kind"] == "item"]
        assert then_items and "Google" in then_items[0]["text"]

        block = data(await client.call_tool(
            "context", {"query": "Where does Maya work?", "budget_tokens": 200}
        ))
        assert isinstance(block, str) and "OpenAI" in block

        assert "bad search" in error_text(await client.call_tool(
            "search", {"query": "work", "as_of": "not a date"}
        ))
        assert error_text(await client.call_tool("context", {"query": "x", "budget_tokens": 1}))

    with_client(stdio(vault_root), scenario)


def test_the_server_sees_what_another_process_wove(vault_root: Path) -> None:
    async def scenario(client: Client) -> None:
        first = data(await client.call_tool("list_categories", {}))
        assert first["categories"] == []
        other = Vault.open(vault_root)  # e.g. `vaultweave watch` in another process
        other.ingest("I live in Lisbon.", speaker="Maya", ts="2026-01-05T10:00:00Z")
        other.weave()
        timeline = data(await client.call_tool(
            "fact_history", {"subject": "Maya", "attribute": "lives_in"}
        ))["timeline"]
        assert [t["value"] for t in timeline] == ["Lisbon"]
        found = data(await client.call_tool("search", {"query": "Where does Maya live?"}))
        assert any("Lisbon" in h["text"] for h in found["hits"] if h["kind"] == "item")

    with_client(stdio(vault_root), scenario)
