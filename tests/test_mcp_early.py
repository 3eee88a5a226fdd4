"""Answers the stdio front gives before the SDK loads: the same replies as the SDK's."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from vaultweave.weaver.mcp_early import VaultEarlyAnswers, fits, recorded_tools_list, tools_list_file
from vaultweave.weaver.mcp_handshake import INSTRUCTIONS, handshake_reply
from vaultweave.weaver.mcp_server import build_server
from vaultweave.weaver.mcp_stdio import StdioFront
from vaultweave.weaver.mcp_tools import VaultTools
from vaultweave.weaver.vault import Vault

from tests.test_mcp_stdio import console_script, initialize

TS = "2026-02-01T10:00:00Z"
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


class EarlyWire:
    """A front on two pipes whose early worker runs at once; the SDK server starts only
    when ``start_sdk`` is called, so every reply before that came from the front."""

    def __init__(self, vault: Vault, early: bool = True) -> None:
        to_server_r, self._to_server_w = os.pipe()
        self._from_server_r, from_server_w = os.pipe()
        self.front = StdioFront(
            INSTRUCTIONS, stdin=os.fdopen(to_server_r, "rb"), stdout=os.fdopen(from_server_w, "wb")
        )
        self.tools = VaultTools(vault)
        if early:
            self.front.serve_early(VaultEarlyAnswers(self.tools))
        self._out = os.fdopen(self._from_server_r, "rb")
        self._vault = vault
        self.thread: threading.Thread | None = None

    def start_sdk(self) -> None:
        server = build_server(self._vault, tools=self.tools)
        self.thread = threading.Thread(target=anyio.run, args=(server.run_on_front, self.front), daemon=True)
        self.thread.start()

    def send(self, message: dict[str, Any]) -> None:
        os.write(self._to_server_w, json.dumps(message).encode() + b"\n")

    def receive(self) -> dict[str, Any]:
        line = self._out.readline()
        assert line, "the server closed its output"
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        os.close(self._to_server_w)
        if self.thread is not None:
            self.thread.join(timeout=30)
        self._out.close()


@pytest.fixture
def woven(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    vault.remember("I work at OpenAI as a research engineer.", speaker="Maya", ts=TS, session="s1")
    vault.remember("My sister Anna lives in Oslo.", speaker="Maya", ts="2026-02-02T10:00:00Z", session="s1")
    return vault


@pytest.fixture
def wires(woven: Vault) -> Iterator[Callable[[bool], EarlyWire]]:
    made: list[EarlyWire] = []

    def make(early: bool) -> EarlyWire:
        made.append(EarlyWire(woven, early))
        return made[-1]

    yield make
    for wire in made:
        wire.close()


def call(request_id: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


CALLS = [
    ("search", {"query": "where does Maya work?"}),
    ("search", {"query": "Anna", "k": 2, "explain": True, "include_history": True}),
    ("search", {"query": "work", "kinds": ["item"], "as_of": "2026-03-01", "min_score": 0}),
    ("search", {"query": "x", "as_of": "not a date"}),  # a tool error
    ("context", {"query": "Maya's job", "budget_tokens": 200}),
    ("context", {"query": "Anna", "session": "s1", "expand": True}),
]


def _session(wire: EarlyWire, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    wire.send(initialize(1, "2025-11-25"))
    assert wire.receive() == handshake_reply(1, "2025-11-25")
    wire.send(INITIALIZED)
    wire.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    replies = [wire.receive()]
    for number, (name, arguments) in enumerate(calls, start=3):
        wire.send(call(number, name, arguments))
        replies.append(wire.receive())
    return replies


def test_early_replies_are_the_sdks_replies(
    wires: Callable[[bool], EarlyWire], capfd: pytest.CaptureFixture[str]
) -> None:
    sdk = wires(False)
    sdk.start_sdk()
    expected = _session(sdk, CALLS)
    early = wires(True)  # no SDK yet: the front answers all of these itself
    answered = _session(early, CALLS)
    assert answered == expected
    assert any(r["result"].get("isError") for r in answered)  # the tool error, worded the same
    early.start_sdk()  # the SDK now gets initialize and tools/list; its replies are held back
    early.send(
        {"jsonrpc": "2.0", "id": 99, "method": "tools/call", "params": {"name": "status", "arguments": {}}}
    )
    status = early.receive()
    assert status["id"] == 99 and not status["result"]["isError"]
    assert "differed" not in capfd.readouterr().err


def test_the_recorded_tool_list_is_the_sdks(wires: Callable[[bool], EarlyWire]) -> None:
    """UPDATE_DOCS=1 rewrites weaver/data/mcp_tools_list.json after a tool changes."""
    sdk = wires(False)
    sdk.start_sdk()
    sdk.send(initialize(1, "2025-11-25"))
    sdk.receive()
    sdk.send(INITIALIZED)
    sdk.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    listed = sdk.receive()["result"]
    if os.environ.get("UPDATE_DOCS") == "1":
        Path(tools_list_file()).write_text(
            json.dumps(listed, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    assert recorded_tools_list() == listed, "the tools changed: rerun with UPDATE_DOCS=1"


def test_what_the_early_worker_cannot_answer_waits_for_the_sdk_in_order(
    wires: Callable[[bool], EarlyWire],
) -> None:
    """A write ends the early phase: the search after it is not answered before it, so it
    sees what was remembered; a call with arguments the checker is unsure of, likewise."""
    wire = wires(True)
    wire.send(initialize(1, "2025-11-25"))
    wire.receive()
    wire.send(INITIALIZED)
    wire.send(call(2, "search", {"query": "tea", "k": "3"}))  # a string the SDK may coerce
    wire.send(call(3, "remember", {"text": "I love green tea.", "speaker": "Maya", "ts": TS}))
    wire.send(call(4, "search", {"query": "green tea", "k": 3}))
    wire.start_sdk()
    replies = {r["id"]: r for r in (wire.receive(), wire.receive(), wire.receive())}
    assert set(replies) == {2, 3, 4}
    assert not replies[3]["result"]["isError"]
    hits = replies[4]["result"]["structuredContent"]["hits"]
    assert any("green tea" in hit["text"] for hit in hits)


@pytest.mark.parametrize(
    ("value", "schema", "sure"),
    [
        ("q", {"type": "string", "minLength": 1, "maxLength": 5}, True),
        ("", {"type": "string", "minLength": 1}, False),
        (3, {"type": "integer", "minimum": 1, "maximum": 200}, True),
        (True, {"type": "integer"}, False),  # pydantic would take True as 1
        ("3", {"type": "integer"}, False),  # pydantic would coerce it: the SDK decides
        (3.0, {"type": "integer"}, False),
        (0, {"type": "number", "minimum": 0.0}, True),
        (float("nan"), {"type": "number"}, False),
        (None, {"anyOf": [{"type": "string"}, {"type": "null"}]}, True),
        (
            ["a"],
            {"anyOf": [{"type": "array", "items": {"type": "string", "maxLength": 2}, "maxItems": 3}]},
            True,
        ),
        (["abc"], {"type": "array", "items": {"type": "string", "maxLength": 2}}, False),
        ("x", {"type": "string", "pattern": "^x$"}, False),  # a keyword it does not know
        ({}, {"type": "object"}, False),
    ],
)
def test_the_checker_is_sure_only_where_pydantic_agrees(
    value: Any, schema: dict[str, Any], sure: bool
) -> None:
    assert fits(value, schema) is sure


def test_the_console_script_answers_a_first_search_with_the_sdks_reply(woven: Vault) -> None:
    """The real entry point: initialize, tools/list and a search, then a write through the
    SDK; stderr reports no difference between an early reply and the SDK's."""
    process = console_script("mcp", "--vault", str(woven.root))
    assert process.stdin is not None and process.stdout is not None

    def send(message: dict[str, Any]) -> dict[str, Any] | None:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(message).encode() + b"\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline()) if "id" in message else None

    try:
        assert send(initialize(1, "2025-11-25")) == handshake_reply(1, "2025-11-25")
        send(INITIALIZED)
        listed = send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert listed is not None and listed["result"] == recorded_tools_list()
        found = send(call(3, "search", {"query": "where does Maya work?", "k": 3}))
        assert found is not None and "OpenAI" in found["result"]["content"][0]["text"]
        said = send(call(4, "remember", {"text": "I moved to Lisbon.", "speaker": "Maya", "ts": TS}))
        assert said is not None and not said["result"]["isError"]
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.stdout.read() == b""  # no second reply to anything answered early
    stderr = process.stderr.read().decode() if process.stderr else ""
    assert "differed" not in stderr and process.returncode == 0, stderr
