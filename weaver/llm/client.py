"""The model behind an OpenAI-compatible endpoint: structured replies, validation, retries.

One ``LLMClient`` serves one weave run. It asks for ``response_format`` json_schema and,
when the server rejects that, json_object and then plain text (``response_format =
"auto"``); every reply is parsed tolerantly and validated by a pydantic model, and an
invalid reply is asked for once more. Timeouts, refused connections, 429 (honouring
Retry-After) and 5xx are retried with exponential backoff up to ``max_retries``; after
that the stage raises ``LLMFailure`` and the caller falls back to the rules path. Failed
requests spend one ``TimeoutBudget`` per weave; once it is spent every later call of that
weave fails at once, and once any stage finds the endpoint unavailable every later call
of the session (of any stage) does.

The API key is read from the environment variable named by ``api_key_env`` when the
client is first used, handed to the ``openai`` client, and never stored or printed:
failure reasons are built from status codes and our own words, never from server text.
A reply that contains the key (an endpoint echoing it) is refused before it is parsed,
so it can reach no page, cache, item or commit.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel
from vaultweave.schemas.config import LLMSection
from vaultweave.store.errors import LLMConfigError
from vaultweave.weaver.llm.budget import TimeoutBudget
from vaultweave.weaver.llm.replies import ReplyError, parse_reply

if TYPE_CHECKING:
    import openai

T = TypeVar("T", bound=BaseModel)
Message = dict[str, str]
FormatMode = Literal["json_schema", "json_object", "text"]
_DOWNGRADE: dict[FormatMode, FormatMode | None] = {
    "json_schema": "json_object",
    "json_object": "text",
    "text": None,
}
# Local servers ignore the key, but the openai client insists on one.
NO_KEY = "not-needed"


class LLMFailure(Exception):
    """A stage got no valid reply. ``kind`` is "unavailable" (endpoint) or "invalid" (reply)."""

    def __init__(self, stage: str, kind: Literal["unavailable", "invalid"], reason: str) -> None:
        self.stage = stage
        self.kind = kind
        self.reason = reason
        super().__init__(f"{stage}: {reason}")


@dataclass(frozen=True)
class Usage:
    """Calls (HTTP requests made) and tokens, by stage."""

    calls: dict[str, int]
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @classmethod
    def empty(cls) -> Usage:
        return cls(calls={})

    @property
    def total_calls(self) -> int:
        return sum(self.calls.values())

    def plus(self, stage: str, prompt_tokens: int = 0, completion_tokens: int = 0) -> Usage:
        calls = dict(self.calls)
        calls[stage] = calls.get(stage, 0) + 1
        return Usage(calls, self.prompt_tokens + prompt_tokens, self.completion_tokens + completion_tokens)

    def minus(self, earlier: Usage) -> Usage:
        calls = {
            stage: count - earlier.calls.get(stage, 0)
            for stage, count in self.calls.items()
            if count - earlier.calls.get(stage, 0)
        }
        return Usage(
            calls,
            self.prompt_tokens - earlier.prompt_tokens,
            self.completion_tokens - earlier.completion_tokens,
        )


class LLMClient:
    """Chat completions with validated JSON replies, through the real ``openai`` client."""

    def __init__(self, settings: LLMSection, *, sleep: Callable[[float], None] = time.sleep) -> None:
        if not settings.base_url or not settings.model:
            raise LLMConfigError("[llm] base_url and model must both be set")
        self.settings = settings
        self.base_url = settings.base_url
        self.model = settings.model
        self.usage = Usage.empty()
        self._sleep = sleep
        self._auto = settings.response_format == "auto"
        self._mode: FormatMode = "json_schema" if self._auto else settings.response_format  # type: ignore[assignment]
        self._client: openai.OpenAI | None = None
        self.budget = TimeoutBudget(settings.weave_timeout_budget)
        self.down: str | None = None  # why the endpoint is out for the rest of this weave

    @property
    def format_mode(self) -> FormatMode:
        return self._mode

    def complete(self, stage: str, messages: Sequence[Message], reply: type[T]) -> T:
        """Ask, validate, and ask once more after an invalid reply; raises LLMFailure."""
        conversation = list(messages)
        problem = ""
        for _ in range(2):
            text = self._request(stage, conversation, reply)
            self._refuse_key(stage, text)
            try:
                parsed = parse_reply(text, reply)
                # JSON escapes ("\u0073k-...") decode to the key only once parsed.
                self._refuse_key(stage, json.dumps(parsed.model_dump(mode="json"), ensure_ascii=False))
                return parsed
            except ReplyError as exc:
                problem = str(exc)
                conversation = [
                    *messages,
                    {"role": "assistant", "content": text[:4000]},
                    {
                        "role": "user",
                        "content": f"That reply was not valid ({problem}). Reply again with "
                        "one complete JSON object only, in the format described above.",
                    },
                ]
        raise LLMFailure(stage, "invalid", f"invalid reply twice ({problem})")

    def _refuse_key(self, stage: str, text: str) -> None:
        key = self._api_key()
        if key != NO_KEY and key in text:
            raise LLMFailure(stage, "invalid", "the reply contained the API key; refused")

    # -- transport ---------------------------------------------------------------------------

    def _request(self, stage: str, messages: list[Message], reply: type[BaseModel]) -> str:
        import openai

        client = self._openai()
        failures = 0
        while True:
            if self.down is not None:
                raise LLMFailure(stage, "unavailable", self.down)
            if self.budget.exhausted:
                raise LLMFailure(stage, "unavailable", self.budget.describe())
            started = self.budget.started()
            try:
                response = client.chat.completions.create(
                    model=self.model,
                    messages=messages,  # type: ignore[arg-type]
                    temperature=self.settings.temperature,
                    timeout=min(self.settings.timeout, self.budget.remaining),
                    **self._format_arguments(reply),
                )
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                self.usage = self.usage.plus(stage)
                following = _DOWNGRADE[self._mode]
                if self._auto and following is not None and _about_format(exc):
                    self._mode = following
                    continue
                # Rejected for another reason (e.g. a batch too long): this request fails,
                # the endpoint stays in use for the rest of the run.
                reason = f"request rejected (HTTP {exc.status_code})"
                if _about_format(exc):
                    self.down = reason
                    raise LLMFailure(stage, "unavailable", reason) from None
                raise LLMFailure(stage, "invalid", reason) from None
            except openai.APITimeoutError:
                reason, delay = f"no reply within {self.settings.timeout:g}s", None
            except openai.APIConnectionError:
                reason, delay = f"cannot connect to {_shown(self.base_url)}", None
            except openai.APIStatusError as exc:
                if exc.status_code != 429 and exc.status_code < 500:
                    self.usage = self.usage.plus(stage)
                    self.down = f"HTTP {exc.status_code} from the endpoint"
                    raise LLMFailure(stage, "unavailable", self.down) from None
                reason, delay = f"HTTP {exc.status_code}", _retry_after(exc.response.headers)
            except (openai.APIResponseValidationError, ValueError):
                # The HTTP body itself was cut or not JSON: an invalid reply, retried once.
                self.usage = self.usage.plus(stage)
                return ""
            else:
                usage = response.usage
                self.usage = self.usage.plus(
                    stage,
                    usage.prompt_tokens if usage else 0,
                    usage.completion_tokens if usage else 0,
                )
                return _content_of(response)
            self.usage = self.usage.plus(stage)
            self.budget.charge_since(started)
            if self.budget.exhausted:  # the rest of this weave: no call from any stage
                raise LLMFailure(
                    stage, "unavailable", f"{reason} after {failures + 1} attempts; {self.budget.describe()}"
                )
            if failures >= self.settings.max_retries:  # the endpoint is out for the session
                self.down = f"{reason} after {failures + 1} attempts"
                raise LLMFailure(stage, "unavailable", self.down)
            backoff = self.settings.backoff_base * (2**failures)
            self._sleep(min(self.settings.max_backoff, delay if delay is not None else backoff))
            failures += 1

    def _format_arguments(self, reply: type[BaseModel]) -> dict[str, Any]:
        if self._mode == "json_schema":
            schema = {"name": reply.__name__, "schema": reply.model_json_schema(), "strict": False}
            return {"response_format": {"type": "json_schema", "json_schema": schema}}
        if self._mode == "json_object":
            return {"response_format": {"type": "json_object"}}
        return {}

    def _openai(self) -> openai.OpenAI:
        if self._client is None:
            try:
                import openai
            except ImportError as exc:  # pragma: no cover - the llm extra is not installed
                raise LLMConfigError("the openai package is missing: pip install 'vaultweave[llm]'") from exc
            self._client = openai.OpenAI(
                base_url=self.base_url,
                api_key=self._api_key(),
                timeout=self.settings.timeout,
                max_retries=0,  # retries are ours: counted, capped, Retry-After honoured
            )
        return self._client

    def check_key(self) -> None:
        """Raise LLMConfigError now if the named key variable is unset (before any work)."""
        self._api_key()

    def _api_key(self) -> str:
        name = self.settings.api_key_env
        if not name:
            return NO_KEY
        value = os.environ.get(name, "")
        if not value.strip():
            raise LLMConfigError(f"environment variable {name} (named by api_key_env) is not set")
        return value.strip()


def _shown(url: str) -> str:
    """``url`` fit for a commit message: no user:password@ and no query string."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _content_of(response: Any) -> str:
    choices = getattr(response, "choices", None) or []
    if not choices:
        return ""
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None)
    return content if isinstance(content, str) else ""


def _retry_after(headers: Any) -> float | None:
    """Seconds a 429/503 asks us to wait (``retry-after-ms`` or ``retry-after`` seconds)."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = headers.get(name) if headers is not None else None
        if raw is None:
            continue
        try:
            seconds = float(raw) * scale
        except ValueError:
            continue  # an HTTP date: use our own backoff
        if seconds >= 0:
            return seconds
    return None


__all__ = ["LLMClient", "LLMFailure", "Message", "Usage"]


def _about_format(exc: Exception) -> bool:
    """Whether a 400/422 complains about the structured-output request (read, never shown)."""
    text = f"{getattr(exc, 'message', '')} {getattr(exc, 'body', '')}".casefold()
    return any(word in text for word in ("response_format", "json_schema", "json_object", "schema"))
