"""MCP over stdio with a fast handshake: ``initialize`` is answered before the SDK loads.

Importing the MCP SDK costs over a second of CPU on a small machine, and a client waits
for its ``initialize`` reply before anything else (some give up after a few seconds).
So ``vaultweave mcp`` starts a :class:`StdioFront` first, on a few standard modules:

- a thread reads stdin from the start, line by line, into a queue;
- when the first line is an ``initialize`` request for a protocol version the handshake
  knows, it is answered at once from :func:`handshake_reply`, the reply the SDK gives
  (tests/test_mcp_stdio.py compares the two for every version);
- once the SDK is loaded, the server runs on the front's streams: every line, the
  ``initialize`` included, reaches it in order, and its own reply to that ``initialize``
  is held back (the client has one); were it to differ from ours, stderr says so.

Anything else first (a ping, an unknown version, a line that is not JSON) waits for the
SDK, which answers as it always does. When the server cannot start after the handshake
(no vault at the path given, a damaged vault.toml), the front answers every later request
with that error until the client hangs up: a client shows an error's text, while a pipe
that closes after a good handshake says nothing. Like the SDK's own transport, the front keeps the
wire to itself: fd 0 reads the null device and fd 1 writes to stderr while it serves,
so a stray ``print`` or a child process cannot corrupt the protocol.
"""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
from collections.abc import AsyncIterator
from typing import Any, BinaryIO

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
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._write_lock = threading.Lock()
        self.answered_id: Any = None  # the initialize request id answered early, if any
        self._answer: dict[str, Any] | None = None
        self._held_back = False
        self.serving = False  # the SDK's server has taken over the streams
        self.failure: str | None = None  # why the server could not start, once known
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
                    self._answer_early(line)
                first = False
                self._lines.put(line)
        except (OSError, ValueError):  # stdin closed under us: the session is over
            pass
        finally:
            self._lines.put(None)

    def _answer_early(self, line: str) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("method") != "initialize" or "id" not in message:
            return
        params = message.get("params")
        version = params.get("protocolVersion") if isinstance(params, dict) else None
        if version not in HANDSHAKE_VERSIONS:
            return  # let the SDK negotiate what we do not know
        reply = handshake_reply(message["id"], version, self.instructions)
        self._answer = reply
        self.answered_id = message["id"]
        self._write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")))

    # -- what the SDK's transport reads and writes ---------------------------------------------

    def _write(self, text: str) -> None:
        with self._write_lock:
            self._stdout.write(text.encode("utf-8") + b"\n")
            self._stdout.flush()

    def lines(self) -> _Lines:
        return _Lines(self)

    def writer(self) -> _Writer:
        return _Writer(self)

    def next_line(self) -> str | None:
        return self._lines.get()

    def refuse_until_closed(self, reason: str) -> None:
        """Answer every request still to come with ``reason`` (a JSON-RPC error) until
        stdin closes; notifications and the request answered early get nothing."""
        text = f"vaultweave could not start: {reason}"
        while (line := self.next_line()) is not None:
            message = _json_or_none(line)
            if not isinstance(message, dict) or "method" not in message or "id" not in message:
                continue
            if self.answered_id is not None and message["id"] == self.answered_id:
                continue
            error = {"code": INTERNAL_ERROR, "message": text}
            self._write(
                json.dumps({"jsonrpc": "2.0", "id": message["id"], "error": error}, separators=(",", ":"))
            )

    def deliver(self, text: str) -> None:
        """One message from the SDK to the client, unless it is the held-back reply."""
        if self._answer is not None and not self._held_back:
            message = _json_or_none(text)
            is_reply = isinstance(message, dict) and "method" not in message
            if is_reply and message.get("id") == self.answered_id:
                self._held_back = True
                if message != self._answer:
                    print(
                        "vaultweave mcp: the early initialize reply differed from the SDK's "
                        f"(ours {json.dumps(self._answer)[:300]}, the SDK's {text[:300]}); "
                        "please report this with `pip show mcp`",
                        file=sys.stderr,
                    )
                return
        self._write(text.rstrip("\n"))


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
