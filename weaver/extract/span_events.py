"""Appointments and routines the trained reader finds where the rules found none.

The model (``span_reader``) marks only the thing: "dentist" in "dentist booked for sept 22
at 2:40pm", "游泳" in "我每周二周四晚上去游泳". Its time is read by the rules' own date
finders around it, so a marked thing is an event only when its clause says when:
- an appointment needs a time still to come ("thursday at 5pm", "周四下午两点"), and
  none in the past ("yesterday", "上周");
- a routine needs its weekdays or "every day" ("mon wed fri", "every wed night", "每天").
Without one, "should i book a massage?" or "想报个瑜伽班" names no event. The clauses
come through the rules' gates for events (no question, negation or other person; plans
are welcome here: an appointment is one), and none says "if" or "maybe".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from vaultweave.weaver.extract import dates_en, dates_zh, events_en, span_reader, weekdays_en
from vaultweave.weaver.extract.event_words_en import spoken_case
from vaultweave.weaver.extract.rules_text import Fact, words
from vaultweave.weaver.extract.span_features import is_chinese
from vaultweave.weaver.extract.word_forms_en import gerund

# "mon wed fri", "tues/thurs": short names, but not "sat" or "sun" alone (words of their own)
_EN_DAY = r"(?:(?:mon|tues?|wed|thu(?:rs?)?|fri)(?:day)?s?|(?:wednes|satur|sun)days?)"
_EN_DAY_START = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_EN_DAYS = re.compile(rf"\b{_EN_DAY}\b(?:\s*(?:,|/|&|and|\+)?\s*\b{_EN_DAY}\b)*", re.IGNORECASE)
# A day name alone is a date ("thursday at 5pm"); a routine says it recurs.
_EN_RECURS = re.compile(
    r"\bevery\b|\beach\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bweekdays\b|\bweekends\b|"
    rf"\b{_EN_DAY}\b\s*(?:,|/|&|and|\+)?\s*\b{_EN_DAY}\b",
    re.IGNORECASE,
)
_EN_DAILY = re.compile(
    r"\b(?:every\s+(?:single\s+)?(?:day|morning|evening|night)|daily|each\s+(?:day|morning))\b", re.IGNORECASE
)
_EN_WEEKEND = re.compile(r"\bweekends?\b", re.IGNORECASE)
_EN_WEEKDAYS = re.compile(r"\bweekdays\b", re.IGNORECASE)
_EN_PAST = re.compile(r"\b(?:yesterday|last|ago|used\s+to)\b", re.IGNORECASE)
# A habit told in the past: "I played tennis on Sundays" (never "i joined a class, tuesdays")
_EN_PAST_HABIT = re.compile(r"\b(?:i|we)\s+(?:\w+ly\s+)?(?:played|went|did|swam|ran|trained|practi[cs]ed|"
                            r"attended)\b", re.IGNORECASE)
_ZH_DAYS = re.compile(
    r"(?:每个?)?(?:(?:周|星期|礼拜)[一二三四五六日天末、和]+)+|每天|天天|每(?:个)?(?:早上|晚上|周末)"
)
_ZH_RECURS = re.compile(r"每|天天|雷打不动|固定")
_ZH_PAST_HABIT = re.compile(r"以前|之前|曾经|原来|过去")
# Words that are no event of their own: "also every wed night", "aye at weekends".
_NOT_THINGS = words(
    "also aye yes yeah yep ya ok okay so and but then now still only just usually always it it's its "
    "i i'm we we're you he she they me my our your the a an at on in to for with of every each lol"
)
# A wish or a maybe is no booking: "if i get the interview on friday at 10", "想报个周六的瑜伽班".
_MAYBE = re.compile(
    r"\b(?:if|would|could|might|maybe|thinking\s+(?:of|about)|considering|wish|hope)\b|"
    r"如果|要是|假如|假设|的话|打算|考虑|可能|也许|想(?!起|到)",
    re.IGNORECASE,
)


def events(clauses: Iterable[str], read_by_rules: Sequence[Fact]) -> list[Fact]:
    """Appointments and routines the model marks in ``clauses`` with their time, for the
    kinds the rules read nothing of about the speaker in the same turn (``read_by_rules``;
    a cancelled or moved appointment they read is theirs)."""
    had = {f.attribute for f in read_by_rules if not f.about and not f.name}
    if "habit" in had:
        had.add("routine")  # "我每天早上跑步": the rules' habit of running says it
    extra: list[Fact] = []
    for clause in clauses:
        if _MAYBE.search(clause):
            continue
        chinese = is_chinese(clause)
        for attribute, _, raw, _ in span_reader.marked(clause, span_reader.EVENT_ATTRIBUTES):
            if attribute in had:
                continue
            thing = _thing(raw, chinese)
            if not thing:
                continue
            fact = _appointment(clause, thing, chinese) if attribute == "appointment" else _routine(
                clause, thing, chinese)
            if fact is not None and all(f.value != fact.value for f in extra):
                extra.append(fact)
    return extra


def _thing(raw: str, chinese: bool) -> str:
    if chinese:
        thing = raw.strip(" \t,，。.!！?？、；;:：~～…\"'“”‘’()（）")
        slot = dates_zh.SCHEDULE.match(thing)
        thing = thing[slot.end():] if slot else thing  # "周六下午两点拍婚纱照": the time is its slot
        thing = re.sub(r"^(?:有个|有一个|要去|去|做)(?=..)", "", thing.strip())
        return thing if 2 <= len(thing) <= 12 else ""
    thing = " ".join(raw.split()).strip(" ,.;:!?\"'()")
    if not thing or len(thing.split()) > 5 or thing.split()[0].casefold() in _NOT_THINGS:
        return ""
    return spoken_case(thing)


def _appointment(clause: str, thing: str, chinese: bool) -> Fact | None:
    if chinese:
        if dates_zh.DONE.search(clause):
            return None  # "昨天去看牙医": done, not booked
        slot = dates_zh.find_schedule(clause)
        phrase = slot.group() if slot is not None else ""
    else:
        found = dates_en.find_span(clause)
        phrase = found[1] if found is not None else ""
        if phrase and (_EN_PAST.search(clause) or not events_en.future_slot(phrase)):
            return None
    if not phrase:
        return None
    return Fact("appointment", thing, confidence=span_reader.CONFIDENCE, scheduled=phrase)


def _routine(clause: str, thing: str, chinese: bool) -> Fact | None:
    if chinese:
        days = _ZH_DAYS.search(clause)
        if days is None or not _ZH_RECURS.search(clause) or _ZH_PAST_HABIT.search(clause):
            return None
        return Fact("routine", f"{thing} {days.group()}", confidence=span_reader.CONFIDENCE)
    # the days are the ones of the thing's own part: "i swim mon wed fri, arabic tuesdays"
    clause = next((p for p in re.split(r"[,;]", clause) if thing.casefold() in p.casefold()), clause)
    if re.search(r"\bused\s+to\b", clause, re.IGNORECASE) or _EN_PAST_HABIT.search(clause):
        return None
    # "i swim mon wed fri": the activity, as the rules name one ("swimming")
    said = rf"\b(?:i|we)\s+(?:\w+ly\s+|also\s+|still\s+)?{re.escape(thing)}\b"
    if " " not in thing and re.search(said, clause, re.IGNORECASE):
        thing = gerund(thing)
    if _EN_DAILY.search(clause):
        return Fact("routine", f"{thing} every day", confidence=span_reader.CONFIDENCE)
    named = sorted(_weekdays_en(clause))
    if not named or not _EN_RECURS.search(clause):
        return None
    weekdays = [dates_zh.DAY_NAMES[d] for d in named]
    return Fact("routine", weekdays_en.on_days(thing, weekdays), confidence=span_reader.CONFIDENCE)


def _weekdays_en(clause: str) -> set[int]:
    """The weekdays a clause names ("mon wed fri", "tues and thurs", "weekends")."""
    days: set[int] = set()
    for run in _EN_DAYS.finditer(clause):
        for word in re.findall(_EN_DAY, run.group(), re.IGNORECASE):
            days.add(_EN_DAY_START[word[:3].lower()])
    if _EN_WEEKEND.search(clause):
        days |= {5, 6}
    if _EN_WEEKDAYS.search(clause):
        days |= {0, 1, 2, 3, 4}
    return days
