"""One line about a pydantic ValidationError, for errors people read."""

from __future__ import annotations

from typing import NamedTuple

from pydantic import ValidationError


class FirstError(NamedTuple):
    where: str  # dotted field path, or the caller's name for the whole object
    missing: bool  # a required field is absent
    message: str


def first_error(exc: ValidationError, whole: str) -> FirstError:
    """The first problem pydantic found; callers word it for their own context."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or whole
    message = str(first["msg"]).removeprefix("Value error, ")  # our own validators' words
    return FirstError(where, first["type"] == "missing", message)
