"""A resource line: one thing an agent heard, as stored in resources/YYYY/MM/DD.jsonl."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator


class ResourceLine(BaseModel):
    """The JSON object on one line of a resource file. Only ``text`` is required."""

    model_config = ConfigDict(extra="allow", frozen=True)

    text: str = Field(min_length=1)
    ts: datetime | None = None
    role: str | None = None
    speaker: str | None = None
    session: str | None = None
    source: str | None = None
    meta: dict[str, Any] | None = None

    @field_validator("text")
    @classmethod
    def _text_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("text is blank")
        return value

    @field_validator("ts")
    @classmethod
    def _ts_is_utc(cls, value: datetime | None) -> datetime | None:
        # A naive timestamp is read as UTC so that every stored time is comparable.
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=timezone.utc)
        try:
            return value.astimezone(timezone.utc)
        except OverflowError:  # e.g. 0001-01-01T00:00+05:00: UTC falls outside the calendar
            raise ValueError("in UTC it falls outside years 1-9999") from None

    def to_json_line(self) -> str:
        """Serialise as one JSON line (no trailing newline), omitting unset fields."""
        return self.model_dump_json(exclude_none=True)
