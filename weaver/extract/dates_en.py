"""English date phrases as spoken: the first one in a clause, for ``Fact.when``.

"we moved to Denver last month", "got laid off yesterday", "started on March 2nd",
"I left the firm on 30 April", "moved from Leeds back in 2019", "as of July 1st": the
phrase is returned as spoken and resolved later by ``dates.resolve`` against the turn.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# A weekday as chat writes it when a date follows: "thurs 23 april", "sat, 21 march".
_WEEKDAY_SHORT = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?"
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_ORD = r"\d{1,2}(?:st|nd|rd|th)?"
_COUNT = (
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|"
    r"a\s+couple(?:\s+of)?|couple(?:\s+of)?|several|\d{1,3})"
)
_UNIT = r"(?:days?|weeks?|fortnights?|months?|years?)"
_NOON_SAID = r",?\s+(?:at\s+)?(?:12\s+)?(?:noon|midday)\b"
_TIME = (
    # "10 in the morning", "7 o'clock in the evening", "at 10h"
    r"(?:,?\s+(?:at\s+)?\d{1,2}(?:[:.]\d{2})?(?:\s*o['’]?clock)?\s+in\s+the\s+(?:morning|afternoon|evening)"
    r"|,?\s+(?:at\s+)?\d{1,2}\s*o['’]?clock(?!\s+in\b)"
    r"|,?\s+(?:at\s+)?\d{1,2}h(?:\d{2})?(?!\w)"
    r"|,?\s+at\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|,?\s+by\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)"
    r"|,?\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|,?\s+\d{1,2}:\d{2}|,?\s+(?:[01]?\d|2[0-3])\.[0-5]\d(?![\d%.])"
    # "on 23rd May, 12 noon", "the 29th morning, 8.30": noon, and the part of the day before its hour
    r"|" + _NOON_SAID +
    r"|\s+(?:morning|afternoon|evening|night),?\s+(?:at\s+)?\d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm))?(?![\d%.]))?"
)
_DATE = (
    rf"(?:{_ORD}\s+(?:of\s+)?{_MONTH}(?:\s+\d{{4}})?|{_MONTH}\s+{_ORD}(?:,?\s+\d{{4}})?|"
    rf"the\s+{_ORD}(?:\s+of\s+{_MONTH})?|{_MONTH}\s+\d{{4}}"
    # "appointment on 20th, 4pm": the day of this month, said without "the"
    # "moved it to 29th": after "to" too (not "to 5th avenue")
    r"|(?:(?<=\bon\s)|(?<=\bto\s))\d{1,2}(?:st|nd|rd|th)"
    r"(?!\s*(?:floor|century|birthday|time|place|attempt|anniversary|day|try|street|st|avenue|ave|road|rd|"
    r"grade|year|gear)\b))"
)
# Said with or without the apostrophe ("new year's", "new years"): looked up without it
_HOLIDAYS = {"new year": "1 january", "new years": "1 january", "new years day": "1 january",
             "new years eve": "31 december", "christmas": "25 december", "xmas": "25 december",
             "christmas eve": "24 december", "christmas day": "25 december", "boxing day": "26 december",
             "valentines": "14 february", "valentines day": "14 february", "halloween": "31 october"}
_HOLIDAY = "|".join(sorted((re.sub(r"(?<=[rne])s\b", "['’]?s", h).replace(" ", r"\s+") for h in _HOLIDAYS),
                           key=len, reverse=True))
_PHRASE = re.compile(
    r"\b(?:"
    rf"{_COUNT}\s+{_UNIT}\s+(?:ago|back(?!\s+(?:to|in|on|from|home)\b))"  # "three months back": ago
    rf"|(?:on\s+|the\s+)?{_WEEKDAY},?\s+(?:the\s+{_ORD}|\d{{1,2}}(?:st|nd|rd|th))(?!\s+(?:of\s+)?{_MONTH}){_TIME}"
    # "thursday 23 april at 11:15": the date says the day; the weekday only repeats it
    rf"|(?:on\s+)?(?:{_WEEKDAY}|{_WEEKDAY_SHORT}),?\s+(?:{_ORD}\s+(?:of\s+)?{_MONTH}|{_MONTH}\s+{_ORD}){_TIME}"
    rf"|next\s+{_WEEKDAY}(?:\s+(?:morning|afternoon|evening|night))?{_TIME}"
    rf"|(?:last|this)\s+{_WEEKDAY}(?:\s+(?:morning|afternoon|evening|night))?{_TIME}"
    rf"|(?:last|this|next)\s+(?:week(?:end)?|month|year|summer|winter|spring|autumn|fall)"
    rf"|(?:on\s+|this\s+|next\s+)?{_WEEKDAY}(?:\s+(?:morning|afternoon|evening|night))?{_TIME}"
    # "moved me to wed same time", "next thurs 3pm": a short day name only where a day is due
    rf"|(?:(?<=\bto\s)|(?<=\bon\s)|(?<=\btill\s)|next\s+|this\s+)(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)"
    rf"(?!\w)\.?(?:\s+(?:morning|afternoon|evening|night))?{_TIME}"
    rf"|(?:(?:on|since|as\s+of|from)\s+)?{_DATE}{_TIME}"
    r"|(?:back\s+)?in\s+(?:19|20)\d{2}"
    # "went vegan in january", "moved back in early March": the month of this year or the last
    rf"|(?:back\s+)?in\s+(?:early\s+|late\s+|mid[-\s]?)?{_MONTH}(?!\s+\d)"
    r"|(?:since|as\s+of)\s+(?:19|20)\d{2}"
    rf"|(?:the\s+)?day\s+after\s+tomorrow(?:\s+(?:morning|afternoon|evening|night))?{_TIME}"
    rf"|(?:yesterday|today|tomorrow|tonight)(?:\s+(?:morning|afternoon|evening|night))?{_TIME}"
    r"|the\s+other\s+day|last\s+night"  # "broke up last night": yesterday
    r"|(?:at\s+)?(?:the\s+)?(?:start|beginning|end)\s+of\s+(?:the|this|last)\s+(?:month|year|week)"
    # "left Siemens end of december", "moved out in the end of august", "mid-february"
    rf"|(?:(?:at|in|by|around)\s+)?(?:the\s+)?(?:start|beginning|end|middle)\s+of\s+(?:last\s+)?{_MONTH}(?!\s+\d)"
    rf"|mid[-\s]?{_MONTH}(?!\s+\d)|(?:early|late)\s+(?!may\b){_MONTH}(?!\s+\d)"
    # "off the booze since new years", "split over christmas": a holiday of a fixed day
    rf"|(?:(?:since|over|at|after|on|from|around)\s+)(?:{_HOLIDAY})"
    # "traded it in two saturdays ago", "the week before last"
    rf"|(?:two|three|four|\d)\s+{_WEEKDAY}s\s+ago|the\s+week\s+before\s+last"
    r")\b",
    re.IGNORECASE,
)
# "been in Gothenburg three months now", "I've been a nurse for 10 years": it began then.
# Found, never stripped from a value (the phrase starts inside the statement).
_DURATION = re.compile(
    rf"(?<=\bbeen\s)(?:[\w'-]+\s+){{0,4}}?(?:for\s+)?(?:like\s+|about\s+|almost\s+|nearly\s+|over\s+)?"
    rf"{_COUNT}\s+{_UNIT}\b(?!\s+ago|\s+(?:a|per|each|every)\s+(?:week|month|year)\b)",  # not "3 days a week"
    re.IGNORECASE,
)
# "first week at the new place done", "first week on the ward is over": the job began a week ago.
# Found, never stripped from a value, like a duration.
_FIRST_WEEK_DONE = re.compile(
    r"\bfirst\s+week\b(?=[^.!?]{0,60}?\b(?:done|over|finished|down|complete|survived)\b)", re.IGNORECASE)
FIRST_WEEK_AGO = "1 week ago"
_FULL_DAY = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "weds": "wednesday",
             "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday",
             "sun": "sunday"}
_LEAD = re.compile(r"^(?:on|since|as\s+of|from|back\s+in|in)\s+", re.IGNORECASE)
_PART_DAY = {"start": 3, "beginning": 3, "middle": 15, "end": 28}
_PART_OF_MONTH = re.compile(
    rf"^(?:(?:at|in|by|around)\s+)?(?:the\s+)?(?:(start|beginning|end|middle)\s+of\s+(?:last\s+)?|mid[-\s]?)({_MONTH})$",
    re.IGNORECASE,
)
_SOFT = {"a couple": "2", "couple": "2", "a couple of": "2", "couple of": "2", "a few": "3", "several": "3"}


def find(clause: str) -> str:
    """The first date phrase in ``clause`` in a form ``dates.resolve`` reads, or ""."""
    found = find_span(clause)
    return found[1] if found else ""


def find_span(clause: str) -> tuple[int, str] | None:
    """Where the first date phrase starts and its readable form, or None."""
    match = _PHRASE.search(clause) or _DURATION.search(clause)
    first_week = _FIRST_WEEK_DONE.search(clause)
    # "first week at the depot finished today": today ends the week that began a week ago
    if first_week and (not match or re.fullmatch(r"today|tonight", match.group(0).strip(), re.IGNORECASE)):
        return first_week.start(), FIRST_WEEK_AGO
    if not match:
        return None
    return match.start(), _readable(match.group(0))


def _readable(spoken: str) -> str:
    duration = re.search(rf"({_COUNT}\s+{_UNIT})$", spoken, re.IGNORECASE)
    if duration:  # a duration "been ... three months": it began three months ago
        spoken = duration.group(1) + " ago"
    phrase = re.sub(r"\s+back$", " ago", _LEAD.sub("", spoken.strip()), flags=re.IGNORECASE)
    phrase = re.sub(r"^last\s+night$", "yesterday", phrase, flags=re.IGNORECASE)
    # "monday the 11th, 9:30": the day of the month says it; the weekday only repeats it.
    phrase = re.sub(rf"^(?:the\s+)?{_WEEKDAY},?\s+(?=the\s+\d|\d{{1,2}}(?:st|nd|rd|th)\b)", "", phrase,
                    flags=re.IGNORECASE)
    phrase = re.sub(rf"^(?:{_WEEKDAY}|{_WEEKDAY_SHORT}),?\s+(?={_ORD}\s+(?:of\s+)?{_MONTH}|{_MONTH}\b)", "",
                    phrase,
                    flags=re.IGNORECASE)
    phrase = re.sub(r"^(?:the\s+)?day\s+after\s+tomorrow\b", "in 2 days", phrase, flags=re.IGNORECASE)
    phrase = re.sub(r"(?:\bat\s+)?\b(\d{1,2})\s*o['’]?clock\b", r"at \1", phrase, flags=re.IGNORECASE)
    phrase = re.sub(r"\b(\d{1,2})(?:[:.](\d{2}))?\s+in\s+the\s+(morning|afternoon|evening)",
                    lambda m: m.group(1) + (":" + m.group(2) if m.group(2) else "")
                    + ("am" if m.group(3) == "morning" else "pm"), phrase, flags=re.IGNORECASE)
    phrase = re.sub(r"\b(\d{1,2})h(\d{2})?(?!\w)", lambda m: f"{m.group(1)}:{m.group(2) or '00'}", phrase)
    phrase = re.sub(r"^((?:next|this)\s+)?(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b\.?",
                    lambda m: (m.group(1) or "") + _FULL_DAY[m.group(2).lower()], phrase, flags=re.IGNORECASE)
    part = _PART_OF_MONTH.match(phrase)
    if part:  # "end of december", "mid-february": a day in that part of the month
        phrase = f"{_PART_DAY[(part.group(1) or 'middle').lower()]} {part.group(2)}"
    early = re.match(rf"^(early|late)\s+({_MONTH})$", phrase, re.IGNORECASE)
    if early:  # "early March": its 5th; "late February": its 25th
        phrase = f"{5 if early.group(1).lower() == 'early' else 25} {early.group(2)}"
    phrase = re.sub(r"^(?:mid-?)\s*(?=[a-z])", "", phrase, flags=re.IGNORECASE)
    holiday = re.sub(r"\s+", " ", re.sub("['’]", "", phrase.lower()))
    holiday = re.sub(r"^(?:over|at|after|around) ", "", holiday)
    if holiday in _HOLIDAYS:
        return _HOLIDAYS[holiday]
    if re.fullmatch(r"the\s+week\s+before\s+last", phrase, re.IGNORECASE):
        return "2 weeks ago"
    if re.fullmatch(r"(?:19|20)\d{2}", phrase):
        return f"1 January {phrase}"
    if phrase.lower().startswith("the other day"):
        return "2 days ago"
    for soft, number in _SOFT.items():
        phrase = re.sub(rf"^{soft}\s+(?={_UNIT})", number + " ", phrase, flags=re.IGNORECASE)
    phrase = re.sub(r"^(?:a|an|one)\s+fortnight\b", "1 fortnight", phrase, flags=re.IGNORECASE)
    # "a fortnight ago": two weeks, in a unit the date reader knows
    phrase = re.sub(r"^(\d{1,3})\s+fortnights?\b", lambda m: f"{2 * int(m.group(1))} weeks", phrase,
                    flags=re.IGNORECASE)
    return re.sub(r"^the\s+", "", phrase, flags=re.IGNORECASE)


_TRAILING = re.compile(
    r"(?:[\s,]+(?<!every\s)(?<!each\s)(?:" + _PHRASE.pattern.removeprefix(r"\b") + r"))+$", re.IGNORECASE
)


_LEADING = re.compile(
    r"^(?:(?:as\s+of|since|from|starting|on)\s+)?(?:"
    + _PHRASE.pattern.removeprefix(r"\b")
    + r")[\s,:]+(?=\S)",
    re.IGNORECASE,
)


def strip_leading(clause: str) -> str:
    """``clause`` without a date phrase at its start: "as of July 1st I'm head of sales"."""
    return _LEADING.sub("", clause)


def strip_trailing(clause: str) -> str:
    """``clause`` without the date phrases at its end: "started at Stripe on March 2nd"."""
    return _TRAILING.sub("", clause)


_MONTH_NUMBER = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}
_BIRTHDAY = re.compile(
    rf"^(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>{_MONTH})|(?P<m2>{_MONTH})\s+(?P<d2>\d{{1,2}})"
    r"(?:st|nd|rd|th)?)(?:,?\s+(?P<y>(?:19|20)\d{2}))?(?=$|[\s,.!;:)])",
    re.IGNORECASE,
)


def birthday(text: str) -> str | None:
    """ "3 May 1991" -> "1991-05-03"; "14 February" -> "02-14" (what follows the date is
    left: "30 january, the team wants cake"); anything else None."""
    # "coming, 22 august", "30 january, the team wants to do cake": the date said first
    said = re.sub(r"^(?:(?:coming|soon|on)\b[\s,]*)+", "", text.strip(" ,.!"), flags=re.IGNORECASE)
    match = _BIRTHDAY.match(said)
    if not match:
        return None
    month = _MONTH_NUMBER[(match.group("m1") or match.group("m2"))[:3].lower()]
    day = int(match.group("d1") or match.group("d2"))
    if not 1 <= day <= 31:
        return None
    year = match.group("y")
    return f"{year}-{month:02d}-{day:02d}" if year else f"{month:02d}-{day:02d}"


# A time said in words: "half past two", "twenty past nine", "quarter to ten", "at half seven"
# (British: half past seven), as digits the clock reading takes ("2:30", "9:20", "9:45").
_HOURS = {w: i for i, w in enumerate(
    ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"), 1)}
_MINUTES = {"five": 5, "ten": 10, "quarter": 15, "a quarter": 15, "twenty": 20, "twenty five": 25,
            "twenty-five": 25, "half": 30}
_HOUR = r"(?P<h>" + "|".join(_HOURS) + r"|\d{1,2})\b"
_SPOKEN_TIME = re.compile(
    r"\b(?P<m>a\s+quarter|quarter|half|twenty[\s-]five|twenty|ten|five)\s+(?P<rel>past|after|to)\s+" + _HOUR
    + r"|\bat\s+half\s+" + _HOUR.replace("?P<h>", "?P<h2>"),
    re.IGNORECASE,
)


def spoken_time(text: str) -> str:
    """``text`` with every time said in words as digits: "at half past two" -> "at 2:30"."""

    def digits(m: re.Match[str]) -> str:
        said = (m.group("h") or m.group("h2")).lower()
        hour = _HOURS.get(said) or int(said)
        if m.group("h2"):
            return f"at {hour}:30"
        minutes = _MINUTES[re.sub(r"\s+", " ", m.group("m").lower())]
        if m.group("rel").lower() == "to":
            hour, minutes = (hour - 2) % 12 + 1, 60 - minutes
        return f"{hour}:{minutes:02d}" if 1 <= hour <= 12 else m.group(0)

    return _SPOKEN_TIME.sub(digits, text)


_CLOCK = re.compile(
    r"(?:\bat\s+|,\s*|\s)(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?(?P<half>\s*(?:am|pm|a\.m\.|p\.m\.))?\s*$",
    re.IGNORECASE,
)


# An hour said before the part of the day it falls in: "2:15 this afternoon", "7 tomorrow night"
_HOUR_THEN_PART = re.compile(
    r"^(?:at\s+)?(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s+"
    r"(?:(?:(?P<day>this|today|tomorrow|tmrw)\s+)?(?P<part>morning|afternoon|evening|night)|tonight)$",
    re.IGNORECASE,
)


def _hour_then_part(phrase: str) -> str:
    """ "2:15 this afternoon" -> "today 14:15", "7 tomorrow night" -> "tomorrow 19:00"."""
    said = _HOUR_THEN_PART.match(phrase.strip())
    if not said:
        return phrase
    hour, minute = int(said.group("h")), int(said.group("m") or 0)
    part = (said.group("part") or "night").lower()
    if part != "morning" and hour < 12:
        hour += 12
    day = (said.group("day") or "today").lower().replace("this", "today").replace("tmrw", "tomorrow")
    return f"{day} {hour:02d}:{minute:02d}" if hour <= 23 and minute <= 59 else phrase


_NOON = re.compile(_NOON_SAID, re.IGNORECASE)
_LATER_PART = re.compile(r"\b(?:afternoon|evening|night)\b", re.IGNORECASE)
_PART_OF_DAY_AT_END = re.compile(r"\s+(?:morning|afternoon|evening|night)$", re.IGNORECASE)


def clock(phrase: str) -> str:
    """A spoken time made plain for a date parser: "thursday at 11" -> "thursday 11:00",
    "the 13th at 2:30" -> "the 13th 14:30", "2:15 this afternoon" -> "today 14:15". An
    hour from 1 to 6 said without am/pm is afternoon: nobody books the dentist at 2:30 at
    night."""
    phrase = _NOON.sub(" 12:00", _hour_then_part(phrase))
    match = _CLOCK.search(phrase)
    if not match or (match.group("m") is None and not match.group("half") and "at" not in match.group(0)):
        return phrase
    hour, minute = int(match.group("h")), int(match.group("m") or 0)
    half = (match.group("half") or "").strip().lower().replace(".", "")
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    elif not half and (1 <= hour <= 6 or hour < 12 and _LATER_PART.search(phrase[: match.start()])):
        hour += 12  # "the 12th afternoon, 3.30"
    if hour > 23 or minute > 59:
        return phrase
    day = _PART_OF_DAY_AT_END.sub("", phrase[: match.start()].rstrip(" ,"))  # "the 29th morning, 8.30"
    return f"{day} {hour:02d}:{minute:02d}".strip()


_SPAN = re.compile(r"(?:at\s+)?(?:the\s+)?(?P<edge>start|beginning|end)\s+of\s+(?P<which>the|this|last)\s+"
                   r"(?P<unit>month|year|week)$|(?P<last>last|this)\s+weekend$", re.IGNORECASE)


# "two saturdays ago" (a day gone, never a routine), "last saturday"
WEEKDAYS_AGO = re.compile(rf"(?P<n>two|three|four|\d)\s+(?P<day>{_WEEKDAY})s\s+ago", re.IGNORECASE)
_LAST_WEEKDAY = re.compile(rf"last\s+(?P<day>{_WEEKDAY})", re.IGNORECASE)
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WORD_COUNT = {"two": 2, "three": 3, "four": 4}


def named_day(phrase: str, spoken_at: datetime) -> datetime | None:
    """The day a span phrase names, which date parsers do not read: "last weekend" (its
    Saturday), "at the start of the month" (the 1st), "the end of last month" (its last
    day), "two saturdays ago", "last saturday" (said the day after it, the one a week before).
    None for any other phrase."""
    today = spoken_at.astimezone(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    ago = WEEKDAYS_AGO.fullmatch(phrase.strip())
    weekday_said = ago or _LAST_WEEKDAY.fullmatch(phrase.strip())
    if weekday_said is not None:  # "two saturdays ago": the saturday before last
        weekday = _WEEKDAYS.index(weekday_said["day"].lower()[:3])
        latest = today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
        if ago:
            return latest - timedelta(weeks=(_WORD_COUNT.get(ago["n"].lower()) or int(ago["n"])) - 1)
        # "last saturday" said on the Sunday: not yesterday, the one a week before
        return latest - timedelta(weeks=1) if (today - latest).days == 1 else latest
    match = _SPAN.fullmatch(phrase.strip())
    if not match:
        return None
    if match.group("last"):
        if match.group("last").lower() == "this":  # the coming one, or the one under way
            ahead = -1 if today.weekday() == 6 else 5 - today.weekday()
            return today + timedelta(days=ahead)
        saturday = today - timedelta(days=(today.weekday() - 5) % 7)
        if (today - saturday).days < 2:
            saturday -= timedelta(days=7)  # said on the weekend: "last weekend" is the one before
        return saturday
    unit, edge = match.group("unit").lower(), match.group("edge").lower()
    last = match.group("which").lower() == "last"
    if unit == "week":
        start = today - timedelta(days=today.weekday() + (7 if last else 0))
        return start + timedelta(days=6) if edge == "end" else start
    if unit == "year":
        year = today.year - (1 if last else 0)
        if edge == "end":
            return today.replace(year=year, month=12, day=31)
        return today.replace(year=year, month=1, day=1)
    first = today.replace(day=1)
    if last:
        first = (first - timedelta(days=1)).replace(day=1)
    if edge == "end":
        following = (first + timedelta(days=32)).replace(day=1)
        return following - timedelta(days=1)
    return first


# "starting 2 March at Grab", "moved last month to Leeds": the day told between a verb of change
# and where the change leads, which the clause rules read only after it
_CHANGE_VERB = re.compile(r"\b(?:start(?:ing|ed|s)?|join(?:ing|ed|s)?|mov(?:ing|ed|es?)|"
                          r"relocat(?:ing|ed|es?)|transferr?(?:ing|ed|s)?|switch(?:ing|ed|es)?)\s+",
                          re.IGNORECASE)
_WHERE_NEXT = re.compile(r"\s+(?:at|with|in|to|into|for)\s+[^,.;!?]+", re.IGNORECASE)


def day_put_last(text: str) -> str:
    """``text`` with a day told right after a verb of change moved after where the change leads:
    "starting 2 March at Grab, same work" -> "starting at Grab 2 March, same work"."""
    for verb in reversed(list(_CHANGE_VERB.finditer(text))):
        day = _PHRASE.match(text, verb.end())
        where = _WHERE_NEXT.match(text, day.end()) if day else None
        if day and where:
            text = text[: day.start()] + where.group(0).lstrip() + " " + day.group(0) + text[where.end():]
    return text
