"""Pydantic models for what the model must reply, and tolerant parsing of its text.

A reply is first read as JSON; failing that, a fenced block or the first balanced
``{...}`` object in the text is tried. Whatever is found is then validated; anything
else is a ReplyError, which the client answers with one retry.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from vaultweave.schemas.validation import first_error

T = TypeVar("T", bound=BaseModel)

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)


class ReplyError(ValueError):
    """The model's text is not a valid reply; the message says what is wrong, in one line."""


class _Reply(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ExtractedFact(_Reply):
    """One fact, in the shape the rules produce (``weaver/extract/base.py`` Candidate).

    Dates are an RFC 3339 time or a phrase as spoken ("last month", "next Tuesday 3pm",
    "上周"), read against the turn's time. v1 prompts ask for the first fields only; the
    rest have defaults, so one model reads both versions' replies.
    """

    turn: str = Field(min_length=1, max_length=300)
    subject: str = Field(min_length=1, max_length=200)
    attribute: str = Field(min_length=1, max_length=80)
    value: str = Field(default="", max_length=500)
    text: str = Field(default="", max_length=1000)
    category: str | None = Field(default=None, max_length=80)
    kind: str | None = Field(default=None, max_length=40)
    confidence: float = 0.7
    valid_from: str | None = Field(default=None, max_length=80)
    op: Literal["assert", "retract", "doubt"] = "assert"
    contradicts_rule: str | None = Field(default=None, max_length=300)
    # Who the subject is to the speaker ("sister"), when the fact is about someone else.
    relation: str | None = Field(default=None, max_length=40)
    # An appointment's own time; a routine's weekdays.
    when: str | None = Field(default=None, max_length=80)
    days: list[str] = Field(default_factory=list, max_length=7)

    @field_validator("confidence", mode="before")
    @classmethod
    def _clamp(cls, value: Any) -> Any:
        if isinstance(value, (int, float)):
            return min(1.0, max(0.0, float(value)))
        return value


class ExtractReply(_Reply):
    facts: list[ExtractedFact] = Field(max_length=500)


Verdict = Literal["duplicate", "supersedes", "conflict", "unrelated"]


class JudgeDecision(_Reply):
    pair: int
    verdict: Verdict
    reason: str = Field(default="", max_length=300)


class JudgeReply(_Reply):
    decisions: list[JudgeDecision] = Field(max_length=500)


class SummaryReply(_Reply):
    summary: str = Field(min_length=1, max_length=4000)


def parse_reply(text: str, reply: type[T]) -> T:
    """Validate the model's text as ``reply``; raises ReplyError with a one-line reason."""
    data = load_json_object(text)
    try:
        return reply.model_validate(data)
    except ValidationError as exc:
        error = first_error(exc, "reply")
        raise ReplyError(f"{error.where}: {error.message}") from exc


def load_json_object(text: str) -> dict[str, Any]:
    """The JSON object in ``text``: whole, inside a code fence, or the first balanced one."""
    stripped = text.strip()
    if not stripped:
        raise ReplyError("empty reply")
    attempts = [stripped, *(m.group(1).strip() for m in _FENCE.finditer(stripped))]
    balanced = _first_object(stripped)
    if balanced is not None:
        attempts.append(balanced)
    for attempt in attempts:
        try:
            data = json.loads(attempt)
        except ValueError:
            continue
        if isinstance(data, dict):
            return data
    raise ReplyError("no complete JSON object in the reply")


def _first_object(text: str) -> str | None:
    """The ``{...}`` span opened by the first brace, if it closes (a cut reply does not).

    Only the first brace counts: an inner object of a truncated reply must never pass
    for the whole reply.
    """
    start = text.find("{")
    if start >= 0:
        depth = 0
        in_string = escaped = False
        for index in range(start, len(text)):
            char = text[index]
            if in_string:
                if escaped:
                    escaped = False
                elif char == "\\":
                    escaped = True
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    return text[start : index + 1]
    return None
