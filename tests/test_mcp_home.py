"""A home served over MCP: `vaultweave mcp --home DIR`, client tokens with grants per vault.

Real server processes (the CLI), real HTTP (urllib, and the SDK's streamable HTTP client),
real git vaults.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.shared._httpx_utils import create_mcp_http_client  # noqa: E402
from vaultweave.store.client_tokens import ClientTokens  # noqa: E402
from vaultweave.weaver.vault import Vault  # noqa: E402

from tests.conftest import REPO_ROOT  # noqa: E402
from tests.test_mcp import TOOLS, data, error_text, free_port, server_env, with_client  # noqa: E402
from tests.test_mcp_http_auth import http_status
from tests.test_mcp_stdio import console_script

TS = "2026-02-01T10:00:00Z"
INITIALIZE = (
    b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"test","version":"1"}}}'
)


@pytest.fixture
def home_root(tmp_path: Path) -> Path:
    """alice reads through team; bob is someone else's; team knows Maya likes green tea."""
    root = tmp_path / "vaults"
    for name in ("alice", "bob", "team"):
        (root / name).mkdir(parents=True)
    (root / "alice" / "vault.toml").write_text('[share]\nread_through = ["team"]\n', encoding="utf-8")
    for name in ("alice", "bob", "team"):
        Vault.init(root / name)
    Vault.open(root / "team").remember("I like green tea.", speaker="Maya", ts=TS)
    Vault.open(root / "bob").remember("I live in Oslo.", speaker="Bob", ts=TS)
    return root


def _start(*args: str) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "vaultweave.weaver.cli", "mcp", "--http", "--port", str(port), *args],
        env={**server_env(), "PATH": os.environ.get("PATH", "")},
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, port
        except OSError:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)


@pytest.fixture
def served(home_root: Path) -> Iterator[tuple[int, dict[str, str]]]:
    """The home over HTTP on every interface, with three clients; yields (port, tokens)."""
    store = ClientTokens(home_root / ".vaultweave-tokens.json")
    tokens = {
        "alice": store.add("alice-agent", read=("team",), write=("alice",)),
        "reader": store.add("auditor", read=("*",), write=()),
        "team": store.add("team-bot", read=(), write=("team-*", "team")),
    }
    process, port = _start("--home", str(home_root), "--host", "0.0.0.0")
    try:
        yield port, tokens
    finally:
        process.terminate()
        process.wait(timeout=10)


def _ping(port: int, headers: dict[str, str]) -> int:
    """The HTTP status of an MCP initialize request with ``headers`` (200 once let in)."""
    return http_status(port, headers, INITIALIZE)


def _as(port: int, token: str) -> object:
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    return streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=http)


def test_no_token_or_a_wrong_one_gets_401(served: tuple[int, dict[str, str]]) -> None:
    port, tokens = served
    assert _ping(port, {}) == 401
    assert _ping(port, {"Authorization": "Bearer vwt_wrong"}) == 401
    assert _ping(port, {"Authorization": f"Basic {tokens['alice']}"}) == 401
    assert _ping(port, {"Authorization": f"Bearer {tokens['alice']}"}) == 200


def test_a_client_uses_only_the_vaults_it_is_granted(
    home_root: Path, served: tuple[int, dict[str, str]]
) -> None:
    port, tokens = served
    bob_head = Vault.open(home_root / "bob").repo.head_sha()

    async def alice(client: Client) -> None:
        listed = await client.list_tools()
        assert {t.name for t in listed.tools} == TOOLS | {"list_vaults"}
        for t in listed.tools:
            if t.name != "list_vaults":
                assert "vault" in t.input_schema["required"], t.name
        vaults = data(await client.call_tool("list_vaults", {}))
        assert vaults["client"] == "alice-agent"
        assert vaults["vaults"] == [
            {"name": "alice", "access": "write", "read_through": ["team"]},
            {"name": "team", "access": "read", "read_through": []},
        ]
        said = {"vault": "alice", "text": "I live in Lisbon.", "speaker": "Alice", "ts": TS}
        assert data(await client.call_tool("remember", said))["commit"]
        # Read-through: alice's search holds team's fact, marked; context too.
        asked = {"vault": "alice", "query": "What tea does Maya like?"}
        hits = data(await client.call_tool("search", asked))["hits"]
        assert any(h.get("vault") == "team" and "tea" in h["text"] for h in hits)
        block = (await client.call_tool("context", {"vault": "alice", "query": "Maya tea"})).content[0].text  # type: ignore[union-attr]
        assert "from team:" in block
        # Another's vault: neither read nor write; a read-only grant: no write.
        for tool, args in (
            ("search", {"vault": "bob", "query": "Oslo"}),
            ("remember", {"vault": "bob", "text": "I live in Rome."}),
            ("status", {"vault": "bob"}),
        ):
            refused = error_text(await client.call_tool(tool, args))
            assert "client 'alice-agent' may not" in refused and "'bob'" in refused
        refused = error_text(await client.call_tool("remember", {"vault": "team", "text": "I like coffee."}))
        assert "may not write vault 'team'" in refused
        with pytest.raises(Exception, match="may not read vault 'bob'"):
            await client.read_resource("vault://bob/categories/places")
        for name in ("carol", "../bob"):  # no grant, whether it exists or could not
            refused = error_text(await client.call_tool("status", {"vault": name}))
            assert f"may not read vault {name!r}" in refused

    with_client(_as(port, tokens["alice"]), alice)

    async def auditor(client: Client) -> None:
        names = [v["name"] for v in data(await client.call_tool("list_vaults", {}))["vaults"]]
        assert names == ["alice", "bob", "team"]
        asked = {"vault": "bob", "query": "Where does Bob live?"}
        hits = data(await client.call_tool("search", asked))["hits"]
        assert any("Oslo" in h["text"] for h in hits)
        refused = error_text(await client.call_tool("remember", {"vault": "bob", "text": "I live in Rome."}))
        assert "client 'auditor' may not write vault 'bob'" in refused
        # changes_since needs only read: it moves the auditor's own bookmark.
        assert data(await client.call_tool("changes_since", {"vault": "bob"}))

    with_client(_as(port, tokens["reader"]), auditor)
    assert Vault.open(home_root / "bob").repo.head_sha() == bob_head  # nothing was written to bob
    alice_facts = [i.text for i in Vault.open(home_root / "alice").items()]
    assert any("Lisbon" in t for t in alice_facts) and not any("tea" in t for t in alice_facts)


def test_a_revoked_token_stops_at_the_next_request(
    home_root: Path, served: tuple[int, dict[str, str]]
) -> None:
    port, tokens = served
    assert _ping(port, {"Authorization": f"Bearer {tokens['team']}"}) == 200
    assert ClientTokens(home_root / ".vaultweave-tokens.json").revoke("team-bot")
    assert _ping(port, {"Authorization": f"Bearer {tokens['team']}"}) == 401


def test_a_damaged_token_file_is_the_servers_fault_not_the_clients(
    home_root: Path, served: tuple[int, dict[str, str]]
) -> None:
    """503 while the file is damaged (the client must not be told its token is wrong),
    the same token let in again once the file is repaired."""
    port, tokens = served
    path = home_root / ".vaultweave-tokens.json"
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])
    assert _ping(port, {"Authorization": f"Bearer {tokens['alice']}"}) == 503
    path.write_bytes(good)
    assert _ping(port, {"Authorization": f"Bearer {tokens['alice']}"}) == 200


def test_a_home_creates_a_vault_on_first_write_when_it_says_so(tmp_path: Path) -> None:
    root = tmp_path / "vaults"
    root.mkdir()
    (root / "home.toml").write_text("[home]\ncreate_on_first_use = true\n", encoding="utf-8")
    token = ClientTokens(root / ".vaultweave-tokens.json").add("carol-agent", read=("*",), write=("carol",))
    process, port = _start("--home", str(root))
    try:

        async def carol(client: Client) -> None:
            missing = error_text(await client.call_tool("search", {"vault": "carol", "query": "tea"}))
            assert "no vault named 'carol'" in missing  # reading does not create
            said = {"vault": "carol", "text": "I like tea.", "ts": TS}
            assert data(await client.call_tool("remember", said))["commit"]
            refused = error_text(await client.call_tool("remember", {"vault": "dave", "text": "hi there"}))
            assert "may not write vault 'dave'" in refused  # no grant: nothing is created

        with_client(_as(port, token), carol)
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert any("tea" in i.text for i in Vault.open(root / "carol").items())
    assert not (root / "dave").exists()


def test_a_home_without_clients_serves_loopback_only(home_root: Path) -> None:
    port = free_port()
    refused = subprocess.run(
        [sys.executable, "-m", "vaultweave.weaver.cli", "mcp", "--http", "--host", "0.0.0.0",
         "--port", str(port), "--home", str(home_root)],
        env={**server_env(), "PATH": os.environ.get("PATH", "")},
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=60,
    )
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "vaultweave tokens add" in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
    process, port = _start("--home", str(home_root))  # loopback, no clients: open, as stdio
    try:
        assert _ping(port, {}) == 200
        ClientTokens(home_root / ".vaultweave-tokens.json").add("first", read=("*",), write=())
        assert _ping(port, {}) == 401  # the first client closes it
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_home_over_stdio_serves_every_vault(home_root: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "vaultweave.weaver.cli", "mcp", "--home", str(home_root)],
        env=server_env(),
        cwd=str(REPO_ROOT),
    )

    async def local(client: Client) -> None:
        names = [v["name"] for v in data(await client.call_tool("list_vaults", {}))["vaults"]]
        assert names == ["alice", "bob", "team"]
        said = {"vault": "bob", "text": "I like rye bread.", "speaker": "Bob", "ts": TS}
        assert data(await client.call_tool("remember", said))["commit"]
        first = data(await client.call_tool("list_categories", {"vault": "bob"}))["categories"][0]
        page = await client.read_resource(f"vault://bob/categories/{first['name']}")
        assert "Oslo" in page.contents[0].text or "rye" in page.contents[0].text  # type: ignore[union-attr]

    with_client(params, local)
    assert any("rye" in i.text for i in Vault.open(home_root / "bob").items())


def test_the_console_script_serves_a_home_through_the_fast_stdio_front(home_root: Path) -> None:
    """`vaultweave mcp --home DIR` via the real entry point: the early initialize reply
    carries the home's instructions, the SDK's own reply agrees, tools take `vault`."""
    import json

    from vaultweave.weaver.mcp_handshake import HOME_INSTRUCTIONS, handshake_reply

    process = console_script("mcp", "--home", str(home_root))
    assert process.stdin is not None and process.stdout is not None

    def send(message: dict[str, object]) -> None:
        assert process.stdin is not None
        process.stdin.write(json.dumps(message).encode() + b"\n")
        process.stdin.flush()

    try:
        client = {"name": "t", "version": "0"}
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": client}})
        assert json.loads(process.stdout.readline()) == handshake_reply(1, "2025-11-25", HOME_INSTRUCTIONS)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
              "params": {"name": "status", "arguments": {"vault": "team"}}})
        reply = json.loads(process.stdout.readline())
        assert reply["id"] == 2 and not reply["result"].get("isError"), reply
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    stderr = process.stderr.read().decode() if process.stderr else ""
    assert "differed" not in stderr and process.returncode == 0, stderr
