"""What a resource line may be: its size, its JSON, valid Unicode, a timestamp in a sane window.

Every check returns a reason (one phrase for ``file:line: reason``) or None. A hostile
line must cost one report, never a stuck vault: JSON nested past the interpreter's
stack, integers past Python's digit limit, timestamps whose offset overflows the
calendar and strings that cannot be written as UTF-8 are all turned into reasons here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, timezone
from typing import Any

from vaultweave.schemas.config import ResourcesSection

_SURROGATE = re.compile("[\ud800-\udfff]")
_DEFAULTS = ResourcesSection()


@dataclass(frozen=True)
class LineLimits:
    """The bounds one read applies; ``latest`` is fixed when the read starts."""

    max_bytes: int
    max_depth: int
    earliest: datetime
    latest: datetime
    ahead_hours: float  # only to word the reason

    @classmethod
    def from_settings(cls, section: ResourcesSection, now: datetime) -> LineLimits:
        return cls(
            max_bytes=section.max_line_bytes,
            max_depth=section.max_depth,
            earliest=_midnight(section.earliest),
            latest=_add_hours(now, section.max_ahead_hours),
            ahead_hours=section.max_ahead_hours,
        )

    @classmethod
    def default(cls, now: datetime | None = None) -> LineLimits:
        return cls.from_settings(_DEFAULTS, now or datetime.now(timezone.utc))

    @classmethod
    def without_window(cls) -> LineLimits:
        """For looking up a line by id: the read that first took it in judged its time."""
        lowest = datetime.min.replace(tzinfo=timezone.utc)
        return replace(cls.default(), earliest=lowest, latest=datetime.max.replace(tzinfo=timezone.utc))

    def size_problem(self, size: int) -> str | None:
        if size <= self.max_bytes:
            return None
        return f"line too long ({size} bytes; [resources] max_line_bytes is {self.max_bytes})"

    def ts_problem(self, ts: datetime, what: str = "ts") -> str | None:
        """Why ``ts`` lies outside the window, or None."""
        if ts < self.earliest:
            return f"{what} {_iso(ts)} is before {self.earliest:%Y-%m-%d} ([resources] earliest)"
        if ts > self.latest:
            return (
                f"{what} {_iso(ts)} is more than {self.ahead_hours:g} h ahead of now "
                "([resources] max_ahead_hours); a future time would pin the fact"
            )
        return None


def load_json(text: str) -> tuple[Any, str | None]:
    """``json.loads`` with every way hostile text can make it raise turned into a reason."""
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, f"bad JSON ({exc.msg} at column {exc.colno})"
    except RecursionError:
        return None, "JSON nested too deep to read"
    except ValueError as exc:  # an integer past sys.get_int_max_str_digits()
        return None, f"bad JSON ({str(exc).split(';')[0]})"


def structure_problem(data: Any, max_depth: int) -> str | None:
    """Nesting deeper than ``max_depth``, or a string no UTF-8 file can hold (lone surrogate).

    Iterative, so a value nested as deep as the JSON reader allows cannot exhaust the stack.
    """
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth + 1 > max_depth:
                return f"JSON nested deeper than {max_depth} levels ([resources] max_depth)"
            for key, inner in value.items():
                if _SURROGATE.search(key):
                    return "unpaired surrogate (\\ud800-\\udfff) in a key: not valid Unicode"
                stack.append((inner, depth + 1))
        elif isinstance(value, list):
            if depth + 1 > max_depth:
                return f"JSON nested deeper than {max_depth} levels ([resources] max_depth)"
            stack.extend((inner, depth + 1) for inner in value)
        elif isinstance(value, str) and _SURROGATE.search(value):
            return "unpaired surrogate (\\ud800-\\udfff) in a string: not valid Unicode"
    return None


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=timezone.utc)


def _add_hours(now: datetime, hours: float) -> datetime:
    try:
        return now + timedelta(hours=hours)
    except OverflowError:
        return datetime.max.replace(tzinfo=timezone.utc)


def _iso(ts: datetime) -> str:
    return ts.isoformat().replace("+00:00", "Z")
