"""HTTP MCP off loopback needs a bearer token; Host/Origin checks stay on. Real server, real HTTP."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.shared._httpx_utils import create_mcp_http_client  # noqa: E402
from vaultweave.weaver.mcp_http import is_loopback, transport_security  # noqa: E402
from vaultweave.weaver.vault import Vault  # noqa: E402

from tests.conftest import REPO_ROOT  # noqa: E402
from tests.test_mcp import data, free_port, server_env, with_client  # noqa: E402

TOKEN = "s3cret-token-for-tests"


@pytest.fixture
def vault_root(tmp_path: Path) -> Path:
    Vault.init(tmp_path / "vault")
    return tmp_path / "vault"


def _mcp(vault_root: Path, *args: str, token: str | None = None) -> subprocess.Popen[str]:
    env = {**server_env(), "PATH": os.environ.get("PATH", "")}
    if token is not None:
        env["VAULTWEAVE_MCP_TOKEN"] = token
    return subprocess.Popen(
        [sys.executable, "-m", "vaultweave.weaver.cli", "mcp", "--http", *args, "--vault", str(vault_root)],
        env=env,
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_until_listening(process: subprocess.Popen[str], port: int) -> None:
    import socket

    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)


PING = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'


def http_status(port: int, headers: dict[str, str], body: bytes = PING) -> int:
    """The HTTP status of one MCP POST with ``headers`` (a 2xx once let in)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/mcp",
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            **headers,
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.7", "vault.example"])
def test_a_non_loopback_address_without_a_token_is_refused_in_one_line(vault_root: Path, host: str) -> None:
    process = _mcp(vault_root, "--host", host, "--port", str(free_port()))
    _, err = process.communicate(timeout=60)
    assert process.returncode == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert "VAULTWEAVE_MCP_TOKEN" in lines[0] and "without authentication" in lines[0] and host in lines[0]


def test_loopback_detection() -> None:
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.8.9.1", "::1", "[::1]", "localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "10.0.0.1", "example.org"))
    wide = transport_security("0.0.0.0", ["vault.lan"])
    assert wide.enable_dns_rebinding_protection and "vault.lan:*" in wide.allowed_hosts
    assert "0.0.0.0:*" not in wide.allowed_hosts  # a wildcard is no name a client sends


def test_with_a_token_all_interfaces_serve_only_authenticated_requests_with_host_checks(
    vault_root: Path,
) -> None:
    port = free_port()
    # Bound to every interface; the test's own traffic goes to 127.0.0.1 only.
    process = _mcp(vault_root, "--host", "0.0.0.0", "--port", str(port), token=TOKEN)
    try:
        _wait_until_listening(process, port)
        assert http_status(port, {}) == 401
        assert http_status(port, {"Authorization": "Bearer wrong"}) == 401
        # Right token, foreign Host header: the DNS-rebinding check still refuses it.
        assert http_status(port, {"Authorization": f"Bearer {TOKEN}", "Host": "evil.example:80"}) == 421
        evil_origin = {"Authorization": f"Bearer {TOKEN}", "Origin": "http://evil.example"}
        assert http_status(port, evil_origin) == 403

        async def scenario(client: Client) -> None:
            said = {"text": "I like tea.", "ts": "2026-01-05T10:00:00Z"}
            assert data(await client.call_tool("remember", said))["commit"]

        http = create_mcp_http_client(headers={"Authorization": f"Bearer {TOKEN}"})
        with_client(streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=http), scenario)
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert any("tea" in item.text for item in Vault.open(vault_root).items())
