"""Date phrases resolved against the time of the turn that spoke them.

"moved last month", "quit two weeks ago", "born on 3 May 1991", "上周辞职了": the change
happened then, not when it was told. dateparser reads English and Chinese relative and
absolute dates; ``dates_zh`` first rewrites spoken Chinese it does not read (两周前,
下午三点) into forms it does.

Clock times and day words are the speaker's wall clock: the vault's ``[vault] timezone``
when it names one ("dentist at 3pm" said in Chicago is 20:00 UTC), else UTC for English
and China time for Chinese, the usual wall clocks of each.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import Any, Literal

from vaultweave.weaver.extract import dates_en, dates_zh

Prefer = Literal["past", "future"]
_HANZI = re.compile(r"[\u4e00-\u9fff]")
_CHINA = dates_zh.CHINA  # the wall clock dates_zh reads Chinese phrases on


def resolve(
    phrase: str, spoken_at: datetime, prefer: Prefer = "past", zone: tzinfo | None = None
) -> datetime | None:
    """The UTC time ``phrase`` names, read relative to ``spoken_at``; None when unreadable.
    ``zone``: the speaker's wall clock, if known (else UTC, or China time for Chinese).

    A past event never lands after the turn, and a scheduled one never before it.
    """
    if zone is None:
        return _resolve(phrase, spoken_at, prefer)
    # Read the phrase on the clock _resolve assumes, with the wall time of the zone, then
    # put the wall time it names back in the zone.
    assumed = _CHINA if _HANZI.search(phrase) else timedelta(0)
    wall = spoken_at.astimezone(zone).replace(tzinfo=None)
    found = _resolve(phrase, (wall - assumed).replace(tzinfo=timezone.utc), prefer)
    if found is None:
        return None
    named = found.astimezone(timezone.utc).replace(tzinfo=None) + assumed
    return named.replace(tzinfo=zone).astimezone(timezone.utc)


# Attributes whose day is their value or its own time, never the day of a change told beside
# them nor a start (a move by name has its new time in ``Fact.scheduled``)
OWN_TIMES = frozenset(("appointment", "event", "birthday", "age"))


def midday(day: datetime, zone: tzinfo | None) -> datetime:
    """A change's day told without its hour, at noon on the speaker's wall clock: "last day was
    the 27th" said in Kolkata is the 27th in UTC too, not 18:30 on the 26th."""
    if zone is None:
        return day
    wall = day.astimezone(zone)
    if (wall.hour, wall.minute, wall.second) != (0, 0, 0):
        return day
    return wall.replace(hour=12).astimezone(timezone.utc)


def _resolve(phrase: str, spoken_at: datetime, prefer: Prefer) -> datetime | None:
    phrase = phrase.strip()
    if not phrase:
        return None
    base = spoken_at.astimezone(timezone.utc).replace(tzinfo=None)
    if not _HANZI.search(phrase):
        named = dates_en.named_day(phrase, spoken_at)
        if named is not None:
            return named if prefer == "future" or named <= spoken_at else None
        phrase = dates_en.clock(phrase)
    day = re.fullmatch(r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)(?:\s+(\d{2}):(\d{2}))?", phrase, re.IGNORECASE)
    if day:  # "on the 5th": that day of this month, else of the month before (after)
        found = _day_of_month(int(day.group(1)), spoken_at, prefer)
        if found is not None and day.group(2):
            found = found.replace(hour=int(day.group(2)), minute=int(day.group(3)))
        return found
    text = dates_zh.rewrite(phrase, base, past=prefer == "past")
    found = _parse(text, base.isoformat(), prefer)
    if found is None:
        return None
    found = found.replace(tzinfo=timezone.utc) if found.tzinfo is None else found.astimezone(timezone.utc)
    if prefer == "past" and found > spoken_at:
        return None
    return found


def _day_of_month(day: int, spoken_at: datetime, prefer: Prefer) -> datetime | None:
    at = spoken_at.astimezone(timezone.utc)
    year, month = at.year, at.month
    for _ in range(3):
        try:
            found = datetime(year, month, day, tzinfo=timezone.utc)
        except ValueError:
            found = None
        if found is not None and (found <= at if prefer == "past" else found.date() >= at.date()):
            return found
        month += -1 if prefer == "past" else 1
        if month == 0:
            year, month = year - 1, 12
        elif month == 13:
            year, month = year + 1, 1
    return None


@lru_cache(maxsize=4096)
def _parse(text: str, base_iso: str, prefer: Prefer) -> datetime | None:
    import dateparser  # a second to import: only when a turn has a date phrase

    settings: Any = {
        "RELATIVE_BASE": datetime.fromisoformat(base_iso),
        "PREFER_DATES_FROM": prefer,
        "RETURN_AS_TIMEZONE_AWARE": False,
    }
    try:
        found: datetime | None = dateparser.parse(text, languages=["en", "zh"], settings=settings)
    except (ValueError, OverflowError):
        return None
    return found


# An ending told with a day still to come ends on that day, and the past reading every change
# gets first would miss it: "下周六从济南搬去青岛" has none, and "june 12" said on 4 May would be
# last year's. A Chinese day with no past reading is ahead; so is a day without its year whose
# past reading is most of a year back while this year's is weeks ahead ("last day at the bakery
# is june 12").
_YEAR_BACK = timedelta(days=300)
_WEEKS_AHEAD = timedelta(days=60)


def ahead(phrase: str, spoken_at: datetime, zone: tzinfo | None = None) -> bool:
    """Whether ``phrase`` names a day still to come that its past reading would miss."""
    future = resolve(phrase, spoken_at, "future", zone)
    if future is None:
        return False
    past = resolve(phrase, spoken_at, "past", zone)
    if past is None:  # English keeps its reading of a day with none ("next week": when told)
        return bool(_HANZI.search(phrase))
    if re.search(r"\b\d{4}\b|年", phrase):
        return False
    return spoken_at - past > _YEAR_BACK and future - spoken_at < _WEEKS_AHEAD
