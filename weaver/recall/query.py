"""A search request, validated: bad input becomes one clear SearchQueryError."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timezone

from vaultweave.store.errors import SearchQueryError
from vaultweave.store.paths import safe_name

MAX_QUERY_CHARS = 2000  # the model reads 256 tokens; keywords past this add only noise
MAX_K = 1000
TURN_KIND = "turn"


@dataclass(frozen=True)
class SearchRequest:
    text: str
    k: int
    categories: frozenset[str] | None
    tags: frozenset[str] | None
    kinds: frozenset[str] | None
    include_history: bool
    as_of: datetime | None
    min_score: float | None


def parse_as_of(value: str | date | datetime | None) -> datetime | None:
    """A moment in UTC. A bare date means the end of that day (what was true on it)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    if isinstance(value, date):
        return datetime.combine(value, time.max, tzinfo=timezone.utc)
    text = str(value).strip()
    try:
        if len(text) == 10:
            return datetime.combine(date.fromisoformat(text), time.max, tzinfo=timezone.utc)
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise SearchQueryError(f"as_of {value!r} is not a date; use YYYY-MM-DD or an RFC 3339 time") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def _names(values: Iterable[str] | str | None) -> frozenset[str] | None:
    if values is None:
        return None
    if isinstance(values, str):
        values = [values]
    return frozenset(v.strip().casefold() for v in values if v.strip()) or None


def make_request(
    query: str,
    k: int,
    categories: Iterable[str] | str | None,
    tags: Iterable[str] | str | None,
    kinds: Iterable[str] | str | None,
    include_history: bool,
    as_of: str | date | datetime | None,
    min_score: float | None,
    known_categories: Iterable[str],
) -> SearchRequest:
    if not isinstance(query, str) or not query.strip():
        raise SearchQueryError("the query is empty; give some words to search for")
    if not isinstance(k, int) or isinstance(k, bool) or k <= 0:
        raise SearchQueryError(f"k must be a whole number of at least 1, not {k!r}")
    if min_score is not None and not (-1.0 <= float(min_score) <= 10.0):
        raise SearchQueryError(f"min_score {min_score!r} is out of range")
    wanted = _names(categories)
    if wanted is not None:
        known = {safe_name(c) for c in known_categories}
        asked = {_category_name(c) for c in wanted}
        unknown = sorted(asked - known)
        if unknown:
            listing = ", ".join(sorted(known)) or "none yet"
            raise SearchQueryError(f"unknown category {unknown[0]!r}; known: {listing}")
        wanted = frozenset(asked)
    return SearchRequest(
        text=" ".join(query.split())[:MAX_QUERY_CHARS],
        k=min(k, MAX_K),
        categories=wanted,
        tags=_names(tags),
        kinds=_names(kinds),
        include_history=bool(include_history),
        as_of=parse_as_of(as_of),
        min_score=None if min_score is None else float(min_score),
    )


def _category_name(name: str) -> str:
    try:
        return safe_name(name)
    except Exception:  # noqa: BLE001 - an unusable name is simply unknown
        return name
