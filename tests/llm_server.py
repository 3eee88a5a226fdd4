"""A small OpenAI-compatible chat-completions server on 127.0.0.1 for tests and the bench.

It serves ``POST /v1/chat/completions`` from a script: each request takes the next
``Reply`` (or, when the script is empty, asks ``responder``). A reply can be a normal
completion, an HTTP error with headers (429 + Retry-After, 500), a delay (to trip the
client's timeout), or a raw body (garbage, truncated JSON). Every request is recorded
with its headers and JSON body so tests can assert what was sent.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    content: str | None = None  # the assistant message's text
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None  # sent as is, instead of a completion
    delay: float = 0.0
    prompt_tokens: int | None = None  # default: about a token per 4 characters sent
    completion_tokens: int | None = None


def ok(payload: Any) -> Reply:
    """A completion whose text is ``payload`` (JSON-encoded unless it is a string)."""
    return Reply(content=payload if isinstance(payload, str) else json.dumps(payload))


def error(status: int, retry_after: float | None = None, message: str = "scripted error") -> Reply:
    headers = {} if retry_after is None else {"Retry-After": f"{retry_after:g}"}
    body = json.dumps({"error": {"message": message, "type": "scripted", "code": status}})
    return Reply(status=status, headers=headers, body=body.encode())


def slow(seconds: float, payload: Any = None) -> Reply:
    return Reply(content=json.dumps(payload or {}), delay=seconds)


GARBAGE = Reply(content="I'm sorry, I can't produce JSON today. <html>")
TRUNCATED = Reply(content='{"facts": [{"turn": "resources/2026/03/01.jsonl#L1", "subject": "Ma')
TRUNCATED_BODY = Reply(
    body=b'{"id": "x", "object": "chat.completion", "choices": [{"index": 0, "mess'
)


@dataclass(frozen=True)
class Request:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def messages(self) -> list[dict[str, str]]:
        return list(self.body.get("messages", []))

    @property
    def text(self) -> str:
        return "\n".join(str(m.get("content", "")) for m in self.messages)

    @property
    def response_format(self) -> str | None:
        fmt = self.body.get("response_format")
        return fmt.get("type") if isinstance(fmt, dict) else None


Responder = Callable[[Request], Reply]


class ScriptedLLM:
    """Use as a context manager; ``base_url`` goes into ``[llm] base_url``."""

    def __init__(
        self, responder: Responder | None = None, reject_formats: tuple[str, ...] = ()
    ) -> None:
        self.script: deque[Reply] = deque()
        self.responder = responder
        self.reject_formats = reject_formats
        self.requests: list[Request] = []
        self.unscripted = 0  # requests that found neither a script entry nor a responder
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def push(self, *replies: Reply) -> ScriptedLLM:
        self.script.extend(replies)
        return self

    def __enter__(self) -> ScriptedLLM:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def stop(self) -> None:
        """Close the port so the next request is refused (the endpoint is down)."""
        self.__exit__()

    def _next(self, request: Request) -> Reply:
        with self._lock:
            self.requests.append(request)
            if request.response_format in self.reject_formats:
                return error(400, message=f"response_format {request.response_format} unsupported")
            if self.script:
                return self.script.popleft()
            if self.responder is not None:
                return self.responder(request)
            self.unscripted += 1
            return error(500, message="the test script has no reply left")

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"unparsed": raw.decode("utf-8", "replace")}
                request = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    reply = error(404, message=f"no route {self.path}")
                else:
                    reply = owner._next(request)
                if reply.delay:
                    time.sleep(reply.delay)
                payload = reply.body if reply.body is not None else _completion(request, reply)
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except OSError:
                    return  # the client gave up (timeout) and closed the socket

        return Handler


def _completion(request: Request, reply: Reply) -> bytes:
    content = reply.content or ""
    prompt = reply.prompt_tokens if reply.prompt_tokens is not None else len(request.text) // 4 + 1
    completion = (
        reply.completion_tokens if reply.completion_tokens is not None else len(content) // 4 + 1
    )
    return json.dumps(
        {
            "id": "chatcmpl-scripted",
            "object": "chat.completion",
            "created": 0,
            "model": request.body.get("model", "scripted"),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            },
        }
    ).encode()


def stage_of(request: Request) -> str:
    """Which prompt a request carries: "extract", "judge", "summarize" or "digest"."""
    system = request.messages[0].get("content", "") if request.messages else ""
    if system.startswith("You extract"):
        return "extract"
    if system.startswith("You decide"):
        return "judge"
    if system.startswith("You write the summary"):
        return "summarize"
    if system.startswith("You summarise a stretch"):
        return "digest"
    return "unknown"


def data_of(request: Request) -> dict[str, Any]:
    """The JSON payload between the data fences of the first user message."""
    user = next(m["content"] for m in request.messages if m.get("role") == "user")
    body = user.split("\n", 1)[1].rsplit("\n", 1)[0]
    return json.loads(body)


class Staged:
    """A responder with one script per stage; an empty stage answers with ``fallback``."""

    def __init__(self, fallback: dict[str, Reply] | None = None) -> None:
        self.scripts: dict[str, deque[Reply | Responder]] = {}
        self.fallback = fallback or {
            "extract": ok({"facts": []}),
            "judge": ok({"decisions": []}),
            "summarize": ok({"summary": "A scripted summary."}),
            "digest": ok({"summary": "A scripted digest."}),
        }

    def push(self, stage: str, *replies: Reply | Responder) -> Staged:
        self.scripts.setdefault(stage, deque()).extend(replies)
        return self

    def __call__(self, request: Request) -> Reply:
        stage = stage_of(request)
        queue = self.scripts.get(stage)
        if queue:
            reply = queue.popleft()
            return reply if isinstance(reply, Reply) else reply(request)
        return self.fallback.get(stage, error(500, message=f"no reply for stage {stage}"))


def vault_toml(
    base_url: str, stages: tuple[str, ...] = ("extract", "judge", "summarize"), **llm: Any
) -> str:
    """A vault.toml whose [llm] section points at ``base_url`` with fast retries."""
    settings: dict[str, Any] = {
        "base_url": base_url,
        "model": "scripted-1",
        "timeout": 2.0,
        "max_retries": 1,
        "backoff_base": 0.01,
        "stages": list(stages),
        **llm,
    }
    lines = ["[llm]"] + [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
    return "\n".join(lines) + "\n"
