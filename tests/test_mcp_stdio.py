"""The stdio front: `initialize` answered before the SDK loads, exactly as the SDK would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

import anyio
import pytest
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION
from vaultweave.weaver.launch import is_stdio_mcp
from vaultweave.weaver.mcp_handshake import HANDSHAKE_VERSIONS, INSTRUCTIONS, handshake_reply
from vaultweave.weaver.mcp_server import build_server
from vaultweave.weaver.mcp_stdio import StdioFront
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT
from tests.test_mcp import server_env


def initialize(request_id: Any, version: str) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"},
        },
    }


class Wire:
    """A front on two pipes, with the SDK server running on it in a thread."""

    def __init__(self, vault: Vault, answer_early: bool) -> None:
        to_server_r, self._to_server_w = os.pipe()
        self._from_server_r, from_server_w = os.pipe()
        self.front = StdioFront(
            INSTRUCTIONS,
            stdin=os.fdopen(to_server_r, "rb"),
            stdout=os.fdopen(from_server_w, "wb"),
            answer_early=answer_early,
        )
        self._out = os.fdopen(self._from_server_r, "rb")
        server = build_server(vault)
        self.thread = threading.Thread(target=anyio.run, args=(server.run_on_front, self.front), daemon=True)
        self.thread.start()

    def send(self, message: dict[str, Any]) -> None:
        os.write(self._to_server_w, json.dumps(message).encode() + b"\n")

    def receive(self) -> dict[str, Any]:
        line = self._out.readline()
        assert line, "the server closed its output"
        return json.loads(line)

    def close(self) -> None:
        os.close(self._to_server_w)
        self.thread.join(timeout=30)
        self._out.close()


@pytest.fixture
def wire(make_vault: Callable[..., Vault]) -> Iterator[Callable[[bool], Wire]]:
    made: list[Wire] = []

    def make(answer_early: bool) -> Wire:
        made.append(Wire(make_vault(), answer_early))
        return made[-1]

    yield make
    for w in made:
        w.close()


def test_the_handshake_knows_the_versions_the_sdk_negotiates() -> None:
    assert tuple(HANDSHAKE_PROTOCOL_VERSIONS) == HANDSHAKE_VERSIONS


@pytest.mark.parametrize("version", [*HANDSHAKE_VERSIONS, "1999-01-01"])
def test_the_early_reply_is_the_sdks_reply(wire: Callable[[bool], Wire], version: str) -> None:
    sdk = wire(False)  # every line goes to the SDK, which answers itself
    sdk.send(initialize(41, version))
    expected = sdk.receive()
    negotiated = version if version in HANDSHAKE_VERSIONS else LATEST_HANDSHAKE_VERSION
    assert expected == handshake_reply(41, negotiated)
    assert "error" not in expected


def test_an_early_answer_is_sent_once_and_the_session_goes_on(wire: Callable[[bool], Wire]) -> None:
    front = wire(True)
    front.send(initialize("init-1", "2025-06-18"))
    assert front.receive() == handshake_reply("init-1", "2025-06-18")
    assert front.front.answered_id == "init-1"
    front.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    front.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    listed = front.receive()  # not a second initialize reply: the SDK's was held back
    assert listed["id"] == 2
    assert "search" in {tool["name"] for tool in listed["result"]["tools"]}


def test_an_unknown_version_is_left_to_the_sdk(wire: Callable[[bool], Wire]) -> None:
    front = wire(True)
    front.send(initialize(5, "2031-01-01"))
    reply = front.receive()
    assert front.front.answered_id is None
    assert reply["result"]["protocolVersion"] == LATEST_HANDSHAKE_VERSION


@pytest.mark.parametrize(
    ("argv", "stdio"),
    [
        (["mcp"], True),
        (["mcp", "--vault", "v"], True),
        (["--vault", "mcp", "mcp"], True),
        (["--vault=v", "mcp", "--client", "x"], True),
        (["mcp", "--http"], False),
        (["mcp", "--schemas"], False),
        (["mcp", "--help"], False),
        (["--vault", "mcp", "search", "q"], False),
        (["search", "mcp"], False),
        ([], False),
        (["--version"], False),
    ],
)
def test_only_a_stdio_mcp_command_starts_the_front(argv: list[str], stdio: bool) -> None:
    assert is_stdio_mcp(argv) is stdio


def test_the_console_script_answers_initialize_before_the_sdk_loads(
    make_vault: Callable[..., Vault],
) -> None:
    """The real `vaultweave` entry point in a subprocess: a quick reply, then real tools."""
    root = make_vault().root
    process = console_script("mcp", "--vault", str(root))
    assert process.stdin is not None and process.stdout is not None
    try:
        _send(process.stdin, initialize(1, "2025-11-25"))
        first = json.loads(process.stdout.readline())
        assert first == handshake_reply(1, "2025-11-25")
        _send(process.stdin, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(
            process.stdin,
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": "status", "arguments": {}},
            },
        )
        second = json.loads(process.stdout.readline())
        assert second["id"] == 2 and not second["result"].get("isError"), second
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    rest = process.stdout.read()
    assert rest == b""  # nothing more on the wire: no second initialize reply
    stderr = process.stderr.read().decode() if process.stderr else ""
    assert "differed" not in stderr
    assert process.returncode == 0, stderr


def console_script(*args: str) -> subprocess.Popen[bytes]:
    """The real `vaultweave` entry point (weaver/launch.py) with ``args``, on pipes."""
    code = (
        "import sys; from vaultweave.weaver.launch import main; sys.argv[0] = 'vaultweave'; sys.exit(main())"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=server_env(),
        cwd=str(REPO_ROOT),
    )


def _send(pipe: BinaryIO, message: dict[str, Any]) -> None:
    pipe.write(json.dumps(message).encode() + b"\n")
    pipe.flush()


def test_a_server_that_cannot_start_after_the_handshake_says_why_to_each_request(
    tmp_path: Any,
) -> None:
    """`vaultweave mcp --vault <not a vault>` through the console script: the handshake was
    answered before the vault was opened, so every later request gets the reason as a
    JSON-RPC error (a client shows it), and the process exits 1 when the client hangs up."""
    missing = tmp_path / "no-vault-here"
    process = console_script("mcp", "--vault", str(missing))
    assert process.stdin is not None and process.stdout is not None
    try:
        _send(process.stdin, initialize(1, "2025-11-25"))
        assert json.loads(process.stdout.readline()) == handshake_reply(1, "2025-11-25")
        _send(process.stdin, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        for request_id, method in ((2, "tools/list"), ("three", "ping")):
            _send(process.stdin, {"jsonrpc": "2.0", "id": request_id, "method": method})
            reply = json.loads(process.stdout.readline())
            assert reply["id"] == request_id and "result" not in reply, reply
            assert reply["error"]["code"] == -32603
            assert reply["error"]["message"].startswith("vaultweave could not start: no vault at ")
            assert str(missing) in reply["error"]["message"]
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.stdout.read() == b""  # the notification got nothing
    assert process.returncode == 1
    assert "no vault at" in (process.stderr.read().decode() if process.stderr else "")


def _tool_call(request_id: int, name: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                       "params": {"name": name, "arguments": {}}})


def test_tool_calls_go_to_the_sdk_one_at_a_time_in_the_order_sent() -> None:
    """The SDK runs requests concurrently: a second tool call waits for the first's reply
    (a search sent after a remember sees it); a reply to anything else frees nothing."""
    to_front_r, to_front_w = os.pipe()
    from_front_r, from_front_w = os.pipe()
    to_client = os.fdopen(from_front_w, "wb")
    front = StdioFront(INSTRUCTIONS, stdin=os.fdopen(to_front_r, "rb"), stdout=to_client, answer_early=False)
    os.write(to_front_w, (_tool_call(1, "remember") + "\n" + _tool_call(2, "search") + "\n").encode())
    assert json.loads(front.next_line() or "")["id"] == 1
    second: list[str | None] = []
    taker = threading.Thread(target=lambda: second.append(front.next_line()), daemon=True)
    taker.start()
    taker.join(timeout=0.5)
    assert taker.is_alive() and not second  # held while call 1 is in the SDK's hands
    front.deliver(json.dumps({"jsonrpc": "2.0", "id": 7, "result": {}}))  # another request's reply
    taker.join(timeout=0.5)
    assert taker.is_alive()
    front.deliver(json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"content": []}}))
    taker.join(timeout=10)
    assert not taker.is_alive() and json.loads(second[0] or "")["id"] == 2
    os.close(to_front_w)
    to_client.close()
    with os.fdopen(from_front_r, "rb") as out:
        assert [json.loads(line)["id"] for line in out] == [7, 1]  # both replies reached the client


def test_a_tool_call_the_sdk_may_not_answer_by_its_id_holds_nothing_back() -> None:
    to_front_r, to_front_w = os.pipe()
    _, from_front_w = os.pipe()
    front = StdioFront(INSTRUCTIONS, stdin=os.fdopen(to_front_r, "rb"),
                       stdout=os.fdopen(from_front_w, "wb"), answer_early=False)
    odd = [
        {"jsonrpc": "2.0", "id": 1.5, "method": "tools/call", "params": {"name": "search"}},
        {"jsonrpc": "2.0", "id": True, "method": "tools/call", "params": {"name": "search"}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": "search"},
    ]
    lines = [json.dumps(m) for m in odd] + [_tool_call(4, "search"), _tool_call(5, "search")]
    os.write(to_front_w, ("\n".join(lines) + "\n").encode())
    taken = [front.next_line() for _ in range(4)]  # none of the odd ones waits for a reply
    assert [json.loads(line or "")["id"] for line in taken] == [1.5, True, 3, 4]
    os.close(to_front_w)
