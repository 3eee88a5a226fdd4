"""MCP over stdio with a fast start: answers before the SDK loads.

Importing the MCP SDK costs over a second of CPU on a small machine (its protocol types),
and a client waits for its ``initialize`` reply before anything else (some give up after
a few seconds). So ``vaultweave mcp`` starts a :class:`StdioFront` first, on a few
standard modules:

- a thread reads stdin from the start, line by line;
- when the first line is an ``initialize`` request for a protocol version the handshake
  knows, it is answered at once from :func:`handshake_reply`, the reply the SDK gives
  (tests/test_mcp_stdio.py compares the two for every version);
- once the vault is open, :meth:`StdioFront.serve_early` lets an answerer
  (weaver/mcp_early.py) take the requests at the head of the stream it can answer
  exactly as the SDK would (``tools/list``, a read-only ``search`` or ``context``), in a
  thread of its own while the SDK loads; the first request it cannot answer ends that,
  and it and every line after it wait for the SDK, so an early answer never overtakes
  a write;
- once the SDK is loaded, the server runs on the front's streams. It sees every line it
  would have seen (the ``initialize`` included) except the tool calls answered early;
  its own replies to requests answered early are held back (the client has one) and
  compared with ours: were one to differ, stderr says so.

Anything else first (a ping, an unknown version, a line that is not JSON) waits for the
SDK, which answers as it always does. When the server cannot start after the handshake
(no vault at the path given, a damaged vault.toml), the front answers every later request
with that error until the client hangs up: a client shows an error's text, while a pipe
that closes after a good handshake says nothing. Like the SDK's own transport, the front
keeps the wire to itself: fd 0 reads the null device and fd 1 writes to stderr while it
serves, so a stray ``print`` or a child process cannot corrupt the protocol.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections import deque
from collections.abc import AsyncIterator
from typing import Any, BinaryIO, Protocol

from vaultweave.weaver.mcp_handshake import HANDSHAKE_VERSIONS, handshake_reply


class StdioFront:
    """Owns the process's stdin and stdout for one MCP stdio session."""

    def __init__(
        self,
        instructions: str,
        stdin: BinaryIO | None = None,
        stdout: BinaryIO | None = None,
        answer_early: bool = True,
    ) -> None:
        self.instructions = instructions
        self.answer_early = answer_early
        # Lines read and not yet taken; lines the early worker passed on to the SDK (they
        # were read before anything still in ``_incoming``, so the SDK reads them first).
        self._ready = threading.Condition()
        self._incoming: deque[str | None] = deque()
        self._passed_on: deque[str | None] = deque()
        self._write_lock = threading.Lock()
        self.answered_id: Any = None  # the initialize request id answered early, if any
        # Replies the client has already had, by request id: the SDK's own reply to the
        # same request is held back (and compared with ours).
        self._held: dict[str, dict[str, Any]] = {}
        self.serving = False  # the SDK's server has taken over the streams
        self._early_running = False  # an early worker is taking requests
        self._early_busy = False  # ... and has one in hand
        self.failure: str | None = None  # why the server could not start, once known
        # The SDK runs requests concurrently; tool calls are handed to it one at a time, in
        # the order sent, so a search sent after a remember sees what was remembered.
        self._in_flight: str | None = None  # the id of the tool call the SDK has in hand
        self._stdin = stdin if stdin is not None else _claim_stdin()
        self._stdout = stdout if stdout is not None else _claim_stdout()
        self._reader = threading.Thread(target=self._read, name="mcp-stdin", daemon=True)
        self._reader.start()

    # -- the reader thread ------------------------------------------------------------------

    def _read(self) -> None:
        first = True
        try:
            for raw in self._stdin:
                line = raw.decode("utf-8", errors="replace")
                if first and self.answer_early:
                    self._answer_initialize(line)
                first = False
                self._arrived(line)
        except (OSError, ValueError):  # stdin closed under us: the session is over
            pass
        finally:
            self._arrived(None)

    def _arrived(self, line: str | None) -> None:
        with self._ready:
            self._incoming.append(line)
            self._ready.notify_all()

    def _answer_initialize(self, line: str) -> None:
        message = _json_or_none(line)
        if not isinstance(message, dict) or message.get("method") != "initialize" or "id" not in message:
            return
        params = message.get("params")
        version = params.get("protocolVersion") if isinstance(params, dict) else None
        if version not in HANDSHAKE_VERSIONS:
            return  # let the SDK negotiate what we do not know
        self.answered_id = message["id"]
        self.answer(message["id"], handshake_reply(message["id"], version, self.instructions), held=True)

    # -- answers before the SDK serves --------------------------------------------------------

    def answer(self, request_id: Any, reply: dict[str, Any], *, held: bool) -> None:
        """Send ``reply``; ``held``: the SDK also gets the request, and its reply is held back."""
        if held:
            self._held[_id_key(request_id)] = reply
        self._write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")))

    def serve_early(self, answers: EarlyAnswerer) -> threading.Thread:
        """Until the SDK serves, let ``answers`` take the requests at the head of the stream
        it can answer (in a thread of its own). The first line it cannot answer, and every
        line after it, waits for the SDK, so nothing it answers overtakes a write."""
        worker = threading.Thread(target=self._early, args=(answers,), name="mcp-early", daemon=True)
        with self._ready:
            self._early_running = self._early_busy = True
        worker.start()
        return worker

    def wait_while_answering_early(self) -> None:
        """Block while the early worker has a request in hand or waiting: the SDK import
        that follows would take half the interpreter from it."""
        with self._ready:
            while self._early_running and (self._early_busy or self._incoming):
                self._ready.wait()

    def _early(self, answers: EarlyAnswerer) -> None:
        try:
            self._answer_early(answers)
        finally:
            with self._ready:
                self._early_running = False
                self._ready.notify_all()

    def _answer_early(self, answers: EarlyAnswerer) -> None:
        while True:
            with self._ready:
                self._early_busy = False
                self._ready.notify_all()
                while not self.serving and not self._incoming:
                    self._ready.wait()
                if self.serving:
                    return
                self._early_busy = True
                line = self._incoming.popleft()
                message = _json_or_none(line) if line is not None else None
                early = answers.plan(message) if isinstance(message, dict) else None
                keep_going = early is not None or _is_notification(message) or self._is_answered(message)
                reply = None
                if early is not None and early.pass_on:
                    # Held before the SDK can see the request, so its reply is always held back.
                    reply = early.reply()
                    self._held[_id_key(early.request_id)] = reply
                if early is None or early.pass_on:
                    self._passed_on.append(line)
                    self._ready.notify_all()
            if early is not None:
                self.answer(early.request_id, reply if reply is not None else early.reply(), held=False)
            if not keep_going:
                return

    def _is_answered(self, message: Any) -> bool:
        return isinstance(message, dict) and "id" in message and _id_key(message["id"]) in self._held

    # -- what the SDK's transport reads and writes ---------------------------------------------

    def _write(self, text: str) -> None:
        with self._write_lock:
            self._stdout.write(text.encode("utf-8") + b"\n")
            self._stdout.flush()

    def lines(self) -> _Lines:
        return _Lines(self)

    def writer(self) -> _Writer:
        return _Writer(self)

    def next_line(self, in_order: bool = True) -> str | None:
        """The next line for the SDK (the caller serves from now on: the early worker stops).
        ``in_order``: a tool call waits until the SDK has answered the one before it."""
        with self._ready:
            if not self.serving:
                self.serving = True
                self._ready.notify_all()
            while True:
                queue = self._passed_on or self._incoming
                if queue:
                    call = _tool_call_key(queue[0]) if in_order else None
                    if call is None or self._in_flight is None:
                        self._in_flight = call or self._in_flight
                        return queue.popleft()
                self._ready.wait()

    def refuse_until_closed(self, reason: str) -> None:
        """Answer every request still to come with ``reason`` (a JSON-RPC error) until
        stdin closes; notifications and requests answered already get nothing."""
        text = f"vaultweave could not start: {reason}"
        while (line := self.next_line(in_order=False)) is not None:
            message = _json_or_none(line)
            if not isinstance(message, dict) or "method" not in message or "id" not in message:
                continue
            if self._is_answered(message):
                continue
            error = {"code": INTERNAL_ERROR, "message": text}
            self._write(
                json.dumps({"jsonrpc": "2.0", "id": message["id"], "error": error}, separators=(",", ":"))
            )

    def deliver(self, text: str) -> None:
        """One message from the SDK to the client, unless it answers a request answered early."""
        if self._held or self._in_flight is not None:
            message = _json_or_none(text)
            is_reply = isinstance(message, dict) and "method" not in message and "id" in message
            if is_reply and _id_key(message["id"]) == self._in_flight:
                with self._ready:  # the next tool call may go to the SDK
                    self._in_flight = None
                    self._ready.notify_all()
            ours = self._held.pop(_id_key(message["id"]), None) if is_reply else None
            if ours is not None:
                if message != ours:
                    print(
                        "vaultweave mcp: an early reply differed from the SDK's "
                        f"(ours {json.dumps(ours)[:300]}, the SDK's {text[:300]}); "
                        "please report this with `pip show mcp`",
                        file=sys.stderr,
                    )
                return
        self._write(text.rstrip("\n"))


class EarlyAnswer(Protocol):
    request_id: Any
    pass_on: bool  # the SDK gets the request too (its reply is held back and compared);
    # then ``reply`` must be cheap: it is made while the front holds its lock

    def reply(self) -> dict[str, Any]: ...


class EarlyAnswerer(Protocol):
    def plan(self, message: dict[str, Any]) -> EarlyAnswer | None:
        """How to answer ``message`` before the SDK serves, or None: the SDK must."""


class _Lines:
    """Async iteration over the stdin lines, as ``mcp.server.stdio.stdio_server`` reads them."""

    def __init__(self, front: StdioFront) -> None:
        self._front = front

    def __aiter__(self) -> AsyncIterator[str]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[str]:
        import anyio.to_thread

        while True:
            line = await anyio.to_thread.run_sync(self._front.next_line, abandon_on_cancel=True)
            if line is None:
                return
            yield line


class _Writer:
    """The async file ``stdio_server`` writes replies to."""

    def __init__(self, front: StdioFront) -> None:
        self._front = front

    async def write(self, text: str) -> int:
        self._front.deliver(text)
        return len(text)

    async def flush(self) -> None:
        return None


_started: StdioFront | None = None
INTERNAL_ERROR = -32603  # JSON-RPC's code for a server that cannot do what was asked


def start_front(instructions: str) -> StdioFront:
    """Start this process's front (once); weaver/launch.py does it before the CLI loads."""
    global _started
    if _started is None:
        _started = StdioFront(instructions)
    return _started


def note_start_failure(reason: str) -> None:
    """The CLI could not start the server: remember why, for the front to tell the client."""
    if _started is not None and not _started.serving and _started.failure is None:
        _started.failure = reason


def _id_key(request_id: Any) -> str:
    return json.dumps(request_id)  # 1 and "1" are different ids


def _tool_call_key(line: str | None) -> str | None:
    """The id of a ``tools/call`` request on ``line`` (None for anything else)."""
    if line is None or '"tools/call"' not in line:
        return None
    message = _json_or_none(line)
    if not isinstance(message, dict) or message.get("method") != "tools/call":
        return None
    request_id, params = message.get("id"), message.get("params")
    # Only a request the SDK surely answers by its id holds the next one back: an id that
    # is no string or integer, or params that are no object, may get no reply at all.
    if isinstance(request_id, bool) or not isinstance(request_id, (str, int)) or not isinstance(params, dict):
        return None
    return _id_key(request_id)


def _is_notification(message: Any) -> bool:
    return isinstance(message, dict) and "method" in message and "id" not in message


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _claim_stdin() -> BinaryIO:
    """Our own handle on fd 0; fd 0 itself then reads the null device."""
    wire = os.fdopen(os.dup(0), "rb")  # buffered reads return each line as it arrives
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    return wire


def _claim_stdout() -> BinaryIO:
    """Our own handle on fd 1; fd 1 itself then writes to stderr."""
    sys.stdout.flush()
    wire = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    return wire
