"""English appointments and weekly routines, read from a raw clause.

Appointments: "I have the dentist on Friday at 3pm", "GP appointment tomorrow at 9:15",
"haircut booked for Saturday 11am", "they moved my MRI to the 19th" (a new appointment
fact for the same thing), "cancelled the haircut" (its retraction). Routines: a weekday
frequency on an activity, "I play bridge every Thursday", "band practice every Wednesday
night", "I swim mondays and fridays" -> routine "swimming on Mondays and Fridays".
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.changes_en import LANGUAGES
from vaultweave.weaver.extract.event_words_en import (
    DATES_OF_ONES_OWN,
    ENDED_EVENT,
    GOT,
    HOW_OFTEN,
    ITS_SLOT,
    JOB_WEEK,
    NOT_ACTIVITIES,
    NOT_EVENTS,
    NOT_IN_ACTIVITIES,
    ONLY_DAY_WORDS,
    OWNED,
    RECURS,
    SERVICES,
    STARTED_HEAD,
    SWITCHED_VERBS,
    VAGUE_EVENTS,
    joined_at,
    plain_head,
    spoken_case,
    trimmed_head,
)
from vaultweave.weaver.extract.normalise_en import PERSON
from vaultweave.weaver.extract.routine_lists_en import ONLY_DAYS, days_said_plainly, routines_listed
from vaultweave.weaver.extract.rules_text import Fact, words
from vaultweave.weaver.extract.weekdays_en import ANY_DAY as _ANY_DAY
from vaultweave.weaver.extract.weekdays_en import DAY_JOIN as _DAY_JOIN
from vaultweave.weaver.extract.weekdays_en import DAYS as _DAYS
from vaultweave.weaver.extract.weekdays_en import days_now, moved_to_days, on_days
from vaultweave.weaver.extract.weekdays_en import said_days as _said_days
from vaultweave.weaver.extract.word_forms_en import gerund

_WHAT = r"(?P<v>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}?)"
_ORG = r"(?:\s+(?:at|with)\s+(?:the\s+)?[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)?"
_HAVE_HEAD = re.compile(
    r"^(?:(?:please\s+)?remind\s+me\s+(?:that\s+)?)?(?:(?:I|we)(?:'ve|\s+have|'ve\s+got|\s+have\s+got|\s+got|"
    r"\s+get(?=\s+(?:[\w-]+\s+){1,2}(?:appointment|appt)\b)|"
    # "im hosting dinner on saturday", "we're throwing a party on friday": what one holds
    r"(?:'m|\s+am|'re|\s+are)\s+(?:hosting|throwing))|"
    r"(?:just\s+)?got|have\s+got)\s+(?:(?:a|an|the|my|our|his|her|their)\s+|[A-Z][\w-]*'s\s+|"
    r"(?!(?:been|got|gotten|had|done|gone|to|just|always|never|already|also|still|so|no|nothing|time|"
    r"lived|worked|known|seen|laid|a|an|[a-z]+ed)\b))"
    + _WHAT + r"(?:\s+(?:appointment|appt|booked|scheduled))?" + _ORG
    + r"(?:\s+(?:on|at|for|is))?$",
    re.IGNORECASE,
)
_NOUN_HEAD = re.compile(
    r"^(?:(?:my|our|the)\s+)?" + _WHAT
    + r"\s+(?:(?:appointment|appt)(?:\s+is)?|(?:is\s+)?(?:booked|scheduled|set)"
    r"(?:\s+for)?)(?:\s+(?:on|at|for))?$",
    re.IGNORECASE,
)
# "they moved my MRI to", "ugh consulate rescheduled my interview to", "shift my appt to"
_MOVED = re.compile(
    r"^(?:[\w']+\s+){0,3}?(?:just\s+|had\s+to\s+|have\s+to\s+)?(?:moved|rescheduled|pushed|changed|bumped|"
    r"shifted|postponed|move|reschedule|push|shift|postpone)\s+"
    r"(?:(?:(?:my|the|our)\s+" + _WHAT + r"|(?P<it>it|me|us|him|her|them|[a-z][\w'-]*))"
    + r"(?:\s+appointment)?\s+)?(?:back\s+)?(?:to|till|until)$",  # "they push to next wed": the last one
    re.IGNORECASE,
)
# "physio moved me to friday 10am", "dentist is now the 13th", "the MRI got pushed to":
# the thing first, then the change of time.
_MOVED_AFTER = re.compile(
    r"^(?:(?:oh\s+no|ugh+|ok|okay|so|update|argh|welp|well|annoyingly|great)[\s,:!]+)*(?:(?:my|the|our)\s+)?"
    + _WHAT + r"(?:\s+(?:appointment|appt))?\s+(?:(?:moved|pushed|rescheduled|"
    r"changed|bumped)\s+(?:me|us|it)\s+(?:back\s+)?to|(?:got|was|is|has\s+been|is\s+being)\s+(?:moved|pushed|"
    r"rescheduled|changed|bumped|postponed)(?:\s+back)?\s+to|(?:(?:is|'s)\s+)?now(?:\s+on|\s+at)?|(?:moved|changed|pushed|"
    r"rescheduled|bumped|postponed)\s+to)$",
    re.IGNORECASE,
)
# "dentist on thursday at 2pm", "flight to Lisbon on the 3rd": a thing and its slot, no
# verb; only with a day and a time still to come (a weekday, "tomorrow", a date, a clock).
_BARE_HEAD = re.compile(r"^(?:(?:my|the|our)\s+)?(?!.*'s\b)(?!.*\b(?:[a-z]+ed|been|being|going|every|still|"
                        r"since|from|in|at|with|is|was|are|were|for|I|we|it|my|quit|left|got|had|went|set|put|cut|met|ran|saw|took|"
                        r"made|came|did|done|sold|bought|lost|won|start|starting|moving|leaving|joining|no|not|never|none)\b(?!'))"
                        r"(?P<v>(?:[a-z][\w'-]*|[A-Z]{2,5})(?:\s+(?:to\s+)?[A-Za-z][\w'-]*){0,2})"
                        r"(?:\s+(?:appointment|appt))?(?:\s+(?:is|'s))?$")
# "a meeting with my academic advisor", "first proper meeting with the owners is": a meeting
# named by whom it is with
_MEETING_HEAD = re.compile(
    r"^(?:(?:I|we)(?:'ve|\s+have)(?:\s+got)?\s+|(?:I|we)\s+got\s+|got\s+)?(?:(?:a|an|the|my|our)\s+)?"
    r"(?:(?:first|next|proper|big|quick|final|new)\s+){0,2}"
    r"(?P<v>(?:meeting|call|catch[\s-]?up|session|chat|interview|review|conference)\s+with\s+"
    r"(?:(?:my|the|our|his|her|their)\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?)(?:\s+(?:is|'s))?(?:\s+(?:on|at|for))?$",
    re.IGNORECASE,
)
HAS_CLOCK = re.compile(r"\d\s*(?:am|pm|a\.m|p\.m)|\d:\d|\bnoon\b|\bmidday\b", re.IGNORECASE)
_FUTURE_SLOT = re.compile(r"^(?!.*\b(?:ago|last|yesterday)\b).*(?:\d|\b(?:mon|tues|wednes|thurs|fri|satur|"
                          r"sun)day\b|\btomorrow\b)", re.IGNORECASE)
IT = "it"  # an appointment named by "it": the speaker's last one (speaker_memory)
# Words that name an appointment without saying which: "shift my appt to next tues".
_ANY_APPOINTMENT = frozenset(("appt", "appointment", "booking", "slot", "reservation", "session", "one"))
# "so it's oct 1 instead", "come monday instead": the last appointment, on a new day
_INSTEAD = re.compile(r"^(?:so\s+|now\s+|ok\s+)*(?:(?:it's|its|it\s+is)(?:\s+now)?(?:\s+on)?|"
                      r"(?:please\s+|pls\s+)?(?:come|go)(?:\s+(?:in|back))?(?:\s+on)?|(?:they\s+)?"
                      r"(?:gave|offered|found)\s+(?:me|us)(?:\s+a\s+slot)?(?:\s+on)?)$", re.IGNORECASE)
# "..., same time": the day moves, the hour stays (speaker_memory keeps the last hour)
SAME_TIME = ", same time"
SAME_TIME_SAID = re.compile(r"\bsame\s+(?:time|hour)\b", re.IGNORECASE)
_CANCELLED = re.compile(
    r"^(?:(?:they|I|we)\s+)?(?:actually\s+|just\s+)?(?:cancell?ed|called\s+off)\s+(?:my|the|our)\s+" + _WHAT
    + r"(?:\s+appointment)?\b",
    re.IGNORECASE,
)
_MEMBERSHIP = re.compile(r"\s+(?:membership|subscription|classes|lessons)\b", re.IGNORECASE)
_PUSHED = re.compile(r"^(?:(?:my|the|our)\s+)?" + _WHAT + r"(?:\s+(?:appointment|appt))?\s+"
                     r"(?:got|was|has\s+been|is)\s+(?:moved|pushed|rescheduled|bumped|changed|postponed)\b",
                     re.IGNORECASE)
# "the new slot is Friday at 4pm": the time of the last one told, not a thing of its own
_GENERIC_SLOT = re.compile(r"^(?:new\s+)?(?:slot|time|date|booking|one)$")
# A thing of an event does not end in a small word or hold a negation ("dont pick a"), nor in
# whose the days are ("at least my weekends are free" names no routine "at least my"; not
# "her", which also ends "lunch with her").
_UNFINISHED = re.compile(r"(?:^|\s)(?:don'?t|do\s+not|not|never|no)\s|"
                         r"(?:^|\s)(?:a|an|the|at|on|in|to|for|with|by|of|every|"
                         r"my|our|your|his|their|its|so|and|but|because|cause|cos|coz)$", re.IGNORECASE)
# Words before the activity that only join it to the talk ("also book club is every tuesday").
_JOINING = re.compile(r"^(?:(?:also|and|so|plus|oh|btw|then|ok|okay|yeah|ya|aye|but)\s+)+", re.IGNORECASE)

_DAY = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)"
_ROUTINE = re.compile(
    rf"^(?P<head>.+?)\s+(?:every\s+(?:other\s+)?(?P<d1>{_DAYS})|on\s+(?P<d2>{_DAY}s(?:(?:\s*(?:,|and|&)?\s*|\s+n\s+){_DAY}s)*)"
    rf"|(?P<d3>{_DAY}s(?:(?:\s*(?:,|and|&)?\s*|\s+n\s+){_DAY}s)*|{_ANY_DAY}(?:{_DAY_JOIN}{_ANY_DAY})+))"
    r"(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?(?:\s+only)?\b",
    re.IGNORECASE,
)
_ROUTINE_HEAD = re.compile(
    r"^(?:(?:I|we)(?:'m|'re|\s+am|\s+are)\s+(?:\w+ly\s+|still\s+|now\s+)?(?P<ing>doing|playing|taking|going\s+to)\s+|"
    r"(?:I|we)\s+(?:usually\s+|always\s+|still\s+|also\s+|just\s+|only\s+)?"
    r"(?P<verb>(?:play|do|have|take|attend|go\s+to|go|'ve\s+got|have\s+got|got)\s+)?|"
    r"(?P<bare>doing|playing|taking|going\s+to)\s+)?"
    r"(?P<v>[a-z][a-z' -]{1,30}|[a-z][a-z' -]{0,15}\b(?:under|u)-?\d\ds?\b[a-z' -]{0,15}|"  # "under-12s"
    r"[a-z][a-z' -]{0,20}\s[A-Z][a-z]+(?:\s[a-z][a-z' -]*)+|"  # "I lead Bible study" (never "I see Tom")
    r"volunteer(?:ing)?\s+at\s+(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)$",  # "volunteer at Oxfam"
)


# "I turn 30 on june 3rd", "(my wife Astrid) has birthday 9 June": a birthday told by its
# day, read from the raw clause (the clause grammar takes the date off as a time)
_BIRTHDAY_TOLD = re.compile(
    r"^I\s+(?:turn|'m\s+turning|am\s+turning|will\s+turn|'ll\s+turn|have\s+(?:my\s+|a\s+|her\s+|his\s+)?"
    r"birthday)(?:\s+\d{1,3})?\s+(?:on\s+)?(?:the\s+)?(?P<v>.+)$", re.IGNORECASE)


def events(clause: str) -> list[Fact]:
    """Appointment and routine facts in one raw clause (and a birthday told by its day);
    [] when it states none."""
    if ENDED_EVENT.search(clause):
        return []  # "quiz tuesday is dead": the routine ended (changes_en), no slot of it
    told = _BIRTHDAY_TOLD.match(clause)
    day = dates_en.birthday(told.group("v")) if told else None
    if day:
        return [Fact("birthday", day, Op.ASSERT, 0.8)]
    moved = _moved_days(clause)
    if moved:
        return moved
    # "the physio moved from tomorrow to tuesday the 14th": the slot it moved to
    clause = re.sub(r"\b(moved|pushed|changed|rescheduled|shifted|switched)\s+from\s+[^,]+?\s+(?=to\s)",
                    r"\1 ", clause, count=1, flags=re.IGNORECASE)
    # "swim is tuesday and thursday now": days told two at a time are a week's, not one day's
    clause = routines_listed(moved_to_days(days_said_plainly(clause)))  # "moved to tues and thurs now": too
    weekly = _TWO_DAYS.search(clause)
    # "padel is saturday now": one day, but of what recurs and said as its new day
    one_day = _ONE_DAY_NOW.search(clause)
    weekly = weekly or (one_day if one_day and (RECURS.search(clause[: one_day.start()])
                                                or one_day.group("days").endswith("s")) else None)
    if weekly:
        routed = _routines(clause[: weekly.start("days")] + re.sub(r"day\b", "days", weekly.group("days"))
                           + clause[weekly.end("days"):])
        if routed:
            return routed
    routed = _routines(clause) if _WEEKLY_PART.search(clause) else []
    if routed:  # "choir on Monday nights at the church hall": a week's, not one Monday's
        return routed
    # "they're closed on the 22nd now so it's oct 1 instead": each part has its own date
    # ("the 16th, 10 in the morning": an hour after the comma stays with its day)
    pieces = [clause, *re.split(r"\s*(?:[,;]|(?<!\d):)"
                                r"(?!\s*(?:at\s+)?\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h\b|in\s+the\b|o['’]?clock))"
                                r"\s*|\s+(?:so|but)\s+", clause)[1:]]
    for piece in pieces:
        found = _appointment(piece.strip())
        named = _PUSHED.match(clause)
        if found and found[0].value == IT and named and _what(named.group("v")):
            # "Dentist got pushed, the new slot is Friday at 4pm": the thing named before the slot
            found = [replace(found[0], value=_what(named.group("v")))]
        if found:
            # "oct 1 instead, same time": the day moves, the hour stays
            same = SAME_TIME_SAID.search(clause)
            return [replace(f, scheduled=f.scheduled + SAME_TIME) if same and f.scheduled
                    and not HAS_CLOCK.search(f.scheduled) else f for f in found]
    return _routines(clause)


_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# "swim is tuesday and thursday now", "swim's going to be tuesday and thursday arvo instead"
_TWO_DAYS = re.compile(rf"\b(?:(?:is|are|'s)(?:\s+(?:going\s+to|gonna)\s+be)?|will\s+be|'ll\s+be)\s+"
                       rf"(?:now\s+)?(?P<days>{_DAY}(?:(?:\s*,\s*|\s+and\s+|\s+){_DAY})+)(?=(?:\s+"
                       r"(?:mornings?|afternoons?|evenings?|nights?|arvos?))?(?:\s+(?:now|instead)\b|\s*$|\s*[,.!]))",
                       re.IGNORECASE)


_WEEKLY_PART = re.compile(rf"\b{_DAY}\s+(?:mornings|afternoons|evenings|nights)\b", re.IGNORECASE)
_ONE_DAY_NOW = re.compile(rf"\b(?:is|are|'s)\s+(?:on\s+)?(?P<days>{_DAY}s?)\s+now\b", re.IGNORECASE)

# "netball's moved from monday nights to wednesday nights", "we moved yoga from tuesdays to
# thursdays": the routine ended on its old days and goes on on its new ones
_PART_OF_DAY = r"(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?"
_FROM_TO = rf"\s+from\s+(?P<old>{_DAYS}){_PART_OF_DAY}\s+to\s+(?P<new>{_DAYS}){_PART_OF_DAY}\b"
_MOVED_DAYS = (
    re.compile(r"^(?:(?:my|the|our)\s+)?(?P<v>[a-z][a-z -]{1,30}?)(?:'s|\s+(?:has|have|is|was|got))?"
               r"(?:\s+been)?\s+(?:moved|switched|shifted|changed|pushed)" + _FROM_TO, re.IGNORECASE),
    re.compile(r"^(?:I|we|they|the\s+\w+)\s+(?:have\s+|'ve\s+|just\s+)?(?:moved|switched|shifted|changed)\s+"
               r"(?:(?:my|the|our)\s+)?(?P<v>[a-z][a-z -]{1,30}?)" + _FROM_TO, re.IGNORECASE),
)


# Days said as a week's: "tuesdays", "wed nights" (not "friday", one day)
_A_WEEKS_DAYS = re.compile(r"(?:day|wed|thur?s|tues?|mon|fri|sat|sun)s\b|\b(?:mornings|afternoons|evenings|"
                           r"nights)\b", re.IGNORECASE)


def _moved_days(clause: str) -> list[Fact]:
    """A routine moved from some weekdays to others: the old days ended, the new ones told."""
    said = _JOINING.sub("", clause.strip())
    found = next((m for m in (p.match(said) for p in _MOVED_DAYS) if m), None)
    activity = found.group("v").strip().lower() if found else ""
    if not found or activity.split()[0] in NOT_ACTIVITIES | NOT_IN_ACTIVITIES:
        return []
    old, new = (_said_days(found.group(g)) for g in ("old", "new"))
    if not old or not new or old == new:
        return []
    if not _A_WEEKS_DAYS.search(found.group(0)) and not RECURS.search(activity):
        return []  # "dentist moved from friday to monday": one appointment, rescheduled
    return [Fact("routine", on_days(activity, old), Op.RETRACT, 0.8),
            Fact("routine", on_days(activity, new), Op.ASSERT, 0.8)]


# "(my piano lessons are tuesdays,) but she asked to change to thursdays from now on": a
# routine's new days, the routine named before (speaker_memory)
_CHANGED_TO = re.compile(
    r"^(?:(?:she|he|they|we|I|the\s+\w+|coach|teacher)\s+)?(?:asks?|asked|wants?|wanted|decided|had)?\s*(?:to\s+)?"
    rf"(?:change|changed|move|moved|switch|switched|shift|shifted)\s+(?:it\s+|them\s+)?to\s+(?P<days>{_DAYS})"
    + _PART_OF_DAY + r"(?P<on>\s+(?:from\s+now\s+on|going\s+forward))?\s*$",
    re.IGNORECASE)


def _changed_to(piece: str) -> list[Fact]:
    plain = _JOINING.sub("", piece.strip())
    said = _CHANGED_TO.match(plain)
    weekly = said and (said.group("on") or _A_WEEKS_DAYS.search(said.group("days")))
    days = _said_days(said.group("days")) if said and weekly else days_now(plain)
    return [Fact("routine", on_days(IT, days), Op.ASSERT, 0.75)] if days else []


def _appointment(clause: str) -> list[Fact]:
    cancelled = _CANCELLED.match(clause)
    if cancelled and _what(cancelled.group("v")):
        # "cancelled the gym membership": what recurred on it has ended, not one booking
        ended = "routine" if _MEMBERSHIP.match(clause, cancelled.end()) else "appointment"
        return [Fact(ended, _what(cancelled.group("v")), Op.RETRACT, 0.8)]
    found = dates_en.find_span(clause)
    if found and not re.search(r"\b(?:ago|last|yesterday)\b", found[1], re.I) and not re.search(
            r"\b(?:since|as\s+of)\s+(?:the\s+)?$", clause[:clause.find(found[1], found[0])], re.I):
        start, phrase = found
        # "studying for my stats exam next monday": the exam is the event
        head = plain_head(clause[:start])
        # "the physio appointment for my ankle moved to", "booked a checkup for tuesday 12 may": no "for"
        head = re.sub(r"\s+for\s+(?:my|his|her|our|the)\s+[a-z]+(?=\s+(?:moved|is|was|got|has|'s)\b)"
                      r"|(?<=\w{4})(?<!booked|eduled)\s+for$", "", head)
        # "my dental scaling at bukit batok polyclinic is": where it is, no part of the thing
        head = re.sub(r"^((?:my|our|the)\s+[a-z][\w -]*?)\s+(?:at|in)\s+(?:the\s+)?[\w' -]+?"
                      r"(?=\s+(?:is|'s)$)", r"\1", head, flags=re.IGNORECASE)
        # "(must change my appointment,) now 21 jan same time": the appointment just told, moved
        # "(physio cancelled on me.) now it's next tuesday", "rebooked for the 22nd": the same, moved
        now = _NOW_IT.fullmatch(head)
        if now or _INSTEAD.match(head) and re.search(r"\binstead\b", clause[start:], re.IGNORECASE):
            return [Fact("appointment", IT, Op.ASSERT, 0.75, scheduled=phrase)]
        # "eye checkup at the optician friday 9am", "driving test finally booked 12th feb": tried as
        # said, then without what only qualifies it
        heads = list(dict.fromkeys([head, trimmed_head(head)]))
        for head, pattern in ((h, p) for h in heads for p in (_MOVED_AFTER, _MOVED, _MEETING_HEAD, _HAVE_HEAD,
                                                              _NOUN_HEAD, _BARE_HEAD)):
            # "car service is monday 9 feb": the verb before the slot only joins them; "remind me: vet
            # for pepe thursday": the request and whom it is for are no part of the thing
            match = pattern.match(_bare(head) if pattern is _BARE_HEAD else head)
            moved = pattern in (_MOVED, _MOVED_AFTER)
            said = (match.group("v") or "").strip().lower() if match else ""
            generic = pattern is _BARE_HEAD and bool(match and _GENERIC_SLOT.match(said))
            # "eish they moved it to friday": a subject before the verb, not a thing
            # ("Priti pushed it to monday": whoever moved "it", the last one told moved)
            someone = moved and bool(re.search(r"(?:^|\s)(?:they|he|she|we|someone|somebody)$", said)
                                     or re.search(r"\s(?:moved|pushed|changed)\s+it\s+(?:back\s+)?to$", head))
            said_it = bool(match and (match.groupdict().get("it") or moved and not said))
            if match and (said_it or moved and said in _ANY_APPOINTMENT or generic or someone):
                # "they pushed it to monday", "shift my appt to", "the new slot is friday": the last one told
                return [Fact("appointment", IT, Op.ASSERT, 0.75, scheduled=phrase)]
            what = _what(match.group("v") or "") if match else ""
            if what and (pattern is not _BARE_HEAD or _FUTURE_SLOT.search(phrase)):
                return [Fact("appointment", what, Op.ASSERT, 0.8, scheduled=phrase)]
    return []


_NOW_IT = re.compile(r"(?:(?:it's|its|it\s+is)\s+)?now(?:\s+(?:on|at|for))?|"
                     r"(?:(?:just|got|it\s+got|it's|i|we|they)\s+)?(?:re-?booked|re-?scheduled)(?:\s+(?:it|me|us))?"
                     r"\s+(?:for|to|on)", re.IGNORECASE)


def _bare(head: str) -> str:
    return re.sub(r"\s+(?:is|'s)$|\s+for\s+(?:(?:my|the|our|his|her)\s+)?(?:\w+\s+)?\w+$", "", head)


def future_slot(phrase: str) -> bool:
    """Whether a date phrase names a slot still to come: a weekday, "tomorrow", a date or
    a clock time, and nothing past ("last friday", "two days ago")."""
    return bool(_FUTURE_SLOT.search(phrase))


_BOOKED = re.compile(r"^(?:(?:just|finally)\s+)?(?:booked|made|scheduled|got)\s+(?:a|an|the|my|our)\s+(?=\w)",
                     re.IGNORECASE)


def _what(raw: str) -> str:
    raw = _JOINING.sub("", raw.strip())  # "and cricket nets on sunday": the nets
    # "wedding's moved to oct 3", "booked a hair appt for saturday": the thing, not the verb
    raw = _BOOKED.sub("", re.sub(r"'s$|\s+is$|^now\s+(?:the\s+)?", "", raw))
    raw = ITS_SLOT.sub(r"\g<t>", raw)  # "court date is changed to 21 March": the court (hearing) moved
    value = raw.lower()
    first, *rest = value.split() or [""]
    if first in OWNED and rest and rest[0] in SERVICES:
        first = ""  # "car service", "flat viewing", "dog grooming": an errand for the thing
    if value.split() and value.split()[-1] in GOT:
        return ""  # "got a cockapoo pup on saturday", "got a new phone on monday": what one got, no event
    vague = value in NOT_EVENTS | DATES_OF_ONES_OWN | VAGUE_EVENTS or " said " in f" {value} "
    acronym = re.match(r"[A-Z]{2,}\b", raw)  # "US visa interview": not "us"
    if not value or first in NOT_EVENTS and not acronym or vague or _UNFINISHED.search(value) or re.fullmatch(
            rf"{_KIN}(?:\s+[\w-]+)?", value):  # "(my) sister Ama (in Tema is marrying)": whose, no thing
        return ""
    return re.sub(r"^flying\s+(?=to\s)", "flight ", spoken_case(raw))  # "flying to Lisbon on the 3rd"


# The days said first: "every wed night i got badminton w my colleagues 8pm".
_DAYS_FIRST = re.compile(
    rf"^(?:every\s+(?P<days>{_DAYS})|(?:(?:at|on)\s+(?=weekends\b))?(?P<weekly>{_DAY}s(?:{_DAY_JOIN}{_DAY}s)*|weekend(?=s\b))s?)"
    r"(?:\s+(?:mornings?|afternoons?|evenings?|nights?|early))?,?\s+(?P<rest>(?:I|we)\s+"
    r"(?:have|got|do|play|go\s+to|go(?=\s+(?:[a-z]+ing|swim|run|jog|walk|cycle|hike|climb|surf|skate|row)\b)|"
    r"surf|swim|jog|cycle|hike|climb|skate|row|dance|box|lead|teach|coach|attend|take|run|sing\s+in|"
    r"(?:volunteer|help)\s+(?:out\s+)?at)\s+"
    r"[A-Za-z][A-Za-z' -]*?)(?=\s+(?:w|with|at|in|for)\b|\s+\d|$)",
    re.IGNORECASE,
)


# "thursday is pub quiz", "saturdays are football with the guys": the days, then the activity
# ("weekends are for hikes" says what weekends are good for)
_DAY_IS = re.compile(rf"^(?P<days>{_DAYS})(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?\s+"
                     r"(?:is|are|=|means)\s+(?!for\b|some\b|someone\b|somebody\b|nobody\b)"
                     r"(?P<v>[a-z][a-z' -]{1,40}?)"
                     r"(?:\s+now)?(?:\s+(?:and|but|so)\s.*)?$",
                     re.IGNORECASE)
# "thursday nights", "Tuesday mornings": one day, every week
_DAY_PARTS = re.compile(rf"(?:\bon\s+)?\b(?<!every\s)(?P<d>{_DAY})\s+"
                        r"(?:mornings|afternoons|evenings|nights)\b",
                        re.IGNORECASE)


def _pieces(clause: str) -> list[str]:
    """The clause cut where a routine may end, each piece said as "<activity> every <days>"
    when it tells its days another way."""
    pieces: list[str] = []
    parts = re.split(rf"\s*[,:;]\s*|\s+and\s+(?={_DAY}s?\s+(?:is|are)\b)", clause)
    for part in (_JOINING.sub("", p.strip()) for p in parts):
        said_is = _DAY_IS.match(part)  # "sunday mornings are cricket nets", before the part is said again
        part = _DAY_PARTS.sub(lambda m: "every " + m.group("d"), part)
        said_is = said_is or _DAY_IS.match(part)
        only_days = ONLY_DAYS.match(part)
        if said_is:
            part = f"{said_is.group('v')} every {said_is.group('days')}"
        elif only_days and pieces and not _ROUTINE.match(pieces[-1]):
            pieces[-1] = f"{pieces[-1]} every {only_days.group('days')}"  # the days of the piece before
            continue
        pieces.append(part)
    return pieces


# Irregular past forms of the verbs routines are told with: "we went swimming every tuesday"
_PAST_FORMS = words("went did swam ran rode took had")


def _routines(clause: str) -> list[Fact]:
    facts: list[Fact] = []
    for piece in _pieces(clause):
        if dates_en.WEEKDAYS_AGO.search(piece):  # "traded it in two saturdays ago": a day gone
            continue
        changed = _changed_to(piece)
        if changed:
            facts += changed
            continue
        days_first = _DAYS_FIRST.match(_JOINING.sub("", piece.strip()))
        if days_first:
            # "Wednesdays I help at the soup kitchen": where one helps is the activity
            rest = re.sub(r"^(I|we)\s+(?:volunteer|help)\s+(?:out\s+)?at\s+(?:the\s+|a\s+)?", r"\1 do ",
                          days_first.group("rest"), flags=re.IGNORECASE)
            rest = re.sub(r"^(I|we)\s+go\s+(?!\w+ing$)([a-z]+)$",  # "i go swim": swimming
                          lambda m: f"{m.group(1)} go {gerund(m.group(2))}", rest)
            piece = f"{rest} every {days_first.group('days') or days_first.group('weekly')}"
        match = _ROUTINE.match(piece.strip())
        if not match:
            continue
        # "family dinner moved to saturdays": the routine, on its new day
        head_said = match.group("head").strip()
        raw_head = re.sub(r"(?:'s\s+|\s+(?:(?:is|was|got|has\s+been)\s+)?)(?:moved|switched|changed|pushed)"
                          r"\s+to$", "", head_said)
        # "switching runs to tue thu and sat": the runs, on their new days
        switched = re.search(r"\b(?:switching|switched|moving|moved|changing|changed)\s+(?:my\s+)?"
                             r"(?P<x>[a-z]+)s\s+to$", raw_head)
        if switched and switched.group("x") in SWITCHED_VERBS:
            raw_head = gerund(switched.group("x"))
        # "spin is tuesdays and thursdays now", "my piano lessons are tuesday evenings": the activity
        raw_head = re.sub(r"(?:\s+(?:is|are)|'s)(?:\s+(?:going\s+to|gonna)\s+be|\s+now)?$|(?:\s+will|'ll)"
                          r"\s+be$", "", raw_head)
        # "netball still thursdays", "my quilting group meets monday afternoons": the activity
        raw_head = re.sub(r"^(?!(?:I|we|yes|yeah|still)\b)(?!(?i:my|our)\s+" + _KIN + r"\b)"
                          r"((?:[Mm]y\s+|[Oo]ur\s+)?[a-z][a-z' -]*?)(?<!long)(?<!easy)(?<!short)(?<!tempo)\s+"
                          r"(?:(?:is\s+|are\s+)?still|(?:still\s+)?(?:meets|meet|runs))$", r"\1", raw_head)
        if raw_head != head_said:  # a copula or a move was taken off: "my" names whose activity
            raw_head = re.sub(r"^(?:[Mm]y|[Oo]ur)\s+(?=[a-z])", "", raw_head)
        raw_head = re.sub(r"^(I|we)(?:'ve|\s+have)?\s+got\b", r"\1 have", raw_head)  # "I've got choir"
        # "started pottery last wednesday, going every wednesday now", "I've started sea swimming"
        # "the studio changed the schedule so yoga is mondays": the last clause of the head
        raw_head = STARTED_HEAD.sub("", joined_at(re.split(r"\s+(?:so|and|but|because|now|then)\s+",
                                                            raw_head)[-1]))
        # "golf with my brother-in-law Ross", "the club at the library": the activity alone
        # (but "volunteer at the animal shelter": where one volunteers is what one does)
        raw_head = dates_en.strip_trailing(
            re.sub(r"(?<!volunteer)(?<!volunteering)\s+(?:with|w/?|at)\s+.*$", "", raw_head))
        raw_head = HOW_OFTEN.sub("", raw_head)  # "i go gym 5 days, monday to friday": how often
        # "i joined mandarin classes", "signed up for a pottery course": what was joined
        raw_head = re.sub(r"^(?:(I|we)(?:'ve|\s+have)?\s+)?(?:(?:joined|enrolled\s+in|started|began)\s+"
                          r"(?=(?:a\s+|an\s+|the\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:class|classes|lessons?|course|club|"
                          r"team|choir|league)$)|signed\s+up\s+for\s+(?=(?:a\s+|an\s+|the\s+)?[a-z]+(?:\s+[a-z]+)?$))",
                          lambda m: f"{m.group(1)} do " if m.group(1) else "doing ",
                          raw_head, flags=re.IGNORECASE)
        head = _ROUTINE_HEAD.match(_JOINING.sub("", raw_head))
        if not head:
            continue
        activity = re.sub(r"^(?:a|an|the|some)\s+(?:(?:proper|decent|good|nice)\s+(?=[a-z]+\s+[a-z]))?", "",
                          head.group("v").strip())  # "a watercolour class", "a proper hill walk"
        # "we go climbing most saturdays": how often, no part of the activity
        activity = re.sub(r"\s+(?:most|sometimes|usually|often|always|too|also)$", "", activity)
        first, _, rest = activity.partition(" ")
        if re.match(r"(?:I|we)\s+", match.group("head")) and not head.group("verb") and not head.group("ing"):
            if first in ("meet", "go", "work", "have", "do", "am", "was", "get"):
                continue
            begun = rest and (rest.split(" ", 1)[0].endswith("ing") or first.startswith("start"))
            if first in _STARTS and begun:
                activity = rest  # "I started painting sunsets on Sundays", "i started spanish, tues n thurs"
            elif first.endswith("ed") or first in _STARTS or first in _PAST_FORMS:
                continue  # "I played tennis on Sundays", "we went swimming": what was done, not a routine
            elif not first.endswith("ing"):  # "I swim mondays" -> swimming
                activity = gerund(first) + (" " + rest if rest else "")
        if first in NOT_ACTIVITIES or activity in JOB_WEEK or set(activity.split()) & NOT_IN_ACTIVITIES \
                or _UNFINISHED.search(activity) or ONLY_DAY_WORDS.match(activity.lower()):
            continue  # "yes still going every tuesday": a reply, the activity is elsewhere
        days = _said_days(match.group("d1") or match.group("d2") or match.group("d3") or "")
        if not days:
            continue
        facts.append(Fact("routine", on_days(activity, days), Op.ASSERT, 0.8))
        taught = _LESSONS.fullmatch(activity)
        subject = taught.group("v").lower() if taught else ""
        if subject in LANGUAGES or subject in _INSTRUMENTS:  # "piano lessons": learning the piano
            learned = subject.capitalize() if subject in LANGUAGES else subject
            facts.append(Fact("learning", learned, Op.ASSERT, 0.7))
    return facts


_KIN = PERSON.replace("?P<rel>", "?:")
_LESSONS = re.compile(r"(?P<v>[a-z]+)\s+(?:lessons?|class(?:es)?|course)", re.IGNORECASE)
_INSTRUMENTS = frozenset(("piano", "guitar", "violin", "cello", "drums", "ukulele", "saxophone", "flute",
                          "bass", "trumpet", "harp", "singing", "voice"))


# Verbs that start or keep an activity: the activity is the -ing word after them.
_STARTS = frozenset({"started", "start", "began", "begin", "keep", "kept", "still"})
