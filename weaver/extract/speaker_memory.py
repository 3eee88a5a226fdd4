"""What earlier turns of a conversation told about its speaker, for a turn that leans on it.

- A birthday told without the new age ("it's my birthday today!!") after "I'm 27": the
  age told before, one more.
- An appointment moved as "it" ("they pushed it to monday the 11th"): the last one the
  speaker told; none told, a doubt on the speaker's appointments.
- A switch that does not say what changed ("switched to Lidl", "transferred to Westview"):
  the one of employer / school the speaker told a value for (the last told), since a
  shop, a school and an employer are all names; with neither told, nothing is read.
- A start told weeks ahead with its day ("joining Swiggy on 2nd march", "starting at
  Kanonkop on 1 october") is a plan, not yet a fact; when a later turn tells it as done
  ("first week at swiggy done"), it is dated by the day the plan named, not by the turn.
- A routine moved to new days in words that do not name it whole ("my tutor has put our
  sessions on fridays from now on", "from next week I go mondays and thursdays"): the routine told before
  that the words name, or the only one told (``routine_moves``).
- A name told with its capital and typed later in lower case ("my cat Pickles" ... "we
  had to put pickles to sleep", "Tata Consultancy Services" ... "resigned from tata"):
  the later turn is read with the capital back, so the rules that want a name see one.

The extractor keeps one ``SpeakerMemory`` per conversation; a turn that says its own age
or names what it switched is read as said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo

from vaultweave.weaver.attributes import PERSON_ATTRIBUTES
from vaultweave.weaver.extract import dates, dates_en, dates_zh, weekdays_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.events_en import HAS_CLOCK, IT, SAME_TIME, SAME_TIME_SAID
from vaultweave.weaver.extract.routine_moves import moved_routines
from vaultweave.weaver.extract.rules_text import Fact

SWITCH = "switch"  # a fact's attribute until the memory says which one it is
MOVED_UNKNOWN_CONFIDENCE = 0.5  # a move of an appointment never told: as sure as a cue
SWITCHABLE = ("employer", "studies_at")
# Attributes whose values are names the speaker may type again in lower case.
# Values that name someone or something: "no more vikram" after "my manager Vikram"
_NAMED = frozenset(("employer", "studies_at", "pet", "car", *PERSON_ATTRIBUTES))
_CJK = re.compile(r"[\u4e00-\u9fff]")
# A gym's routine is told by the lifting or by the gym; an ending names either
_GYM = ("健身", "撸铁", "举铁")
_CAPITALISED = re.compile(r"\b[A-Z][a-z]{2,}(?:-[A-Z]?[a-z]+)?\b")
# Capitalised words of values that name nothing on their own ("The Body Shop": The).
_NOT_NAMES = frozenset(("the", "my", "our", "old", "new", "and", "of", "at", "in", "for", "named", "called",
                        # names that are also words typed in lower case ("i will", "hope so")
                        "will", "may", "mark", "bill", "sue", "pat", "rose", "hope", "faith", "grace", "art",
                        "frank", "june", "april", "august", "summer", "dawn", "sky", "rob", "ray", "joy",
                        "chase", "drew", "hunter", "river", "don", "max", "sunny"))
_BIRTHDAY_NOW = ("today", "turned")  # the rules' birthday values for "it's my birthday today"
_SWITCHED = re.compile(
    r"^(?:I(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|officially\s+)?(?:switched|transferred|changed)\s+"
    r"(?:over\s+)?to\s+(?P<v>[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*){0,3})(?=$|[\s,.!;])"
)


def switch_in(clause: str) -> list[Fact]:
    """A switch whose attribute the clause leaves open: "switched to Lidl last week"."""
    found = _SWITCHED.match(clause.strip())
    if not found:
        return []
    return [Fact(SWITCH, found.group("v"), Op.ASSERT, 0.75, when=dates_en.find(clause))]


# Arriving where a move was planned: "ok I'm here", "landed on the 1st", "made it!!"
_ARRIVED = re.compile(r"\b(?:(?:i'm|im|i\s+am|we're|we\s+are)\s+(?:finally\s+|now\s+)?here\b|landed\b|"
                      r"made\s+it\b|arrived\b|got\s+here\b)", re.IGNORECASE)


@dataclass(frozen=True)
class SpeakerMemory:
    age: str = ""
    switchable: str = ""  # the last of SWITCHABLE the speaker told a value for
    appointment: str = ""  # the last appointment the speaker told
    appointment_at: str = ""  # and when, as told ("sept 22 at 2:40pm")
    names: tuple[str, ...] = ()  # capitalised words of names told (_NAMED values, people)
    routines: tuple[str, ...] = ()  # the speaker's routines told and not ended, as told
    plans: tuple[tuple[str, str, str], ...] = ()  # (attribute, value, ISO day) of the changes told ahead

    def with_capitals(self, text: str) -> str:
        """English ``text`` with the names told before given their capitals back."""
        if not self.names or re.search(r"[\u3400-\u9fff]", text):
            return text  # Chinese names have no case
        pattern = r"\b(" + "|".join(re.escape(n.lower()) for n in self.names) + r")\b"
        return re.sub(pattern, lambda m: m.group(1).capitalize(), text)

    def complete(self, facts: Sequence[Fact], text: str = "") -> list[Fact]:
        """``facts`` with a switch made the attribute it changes (or dropped), a new age
        added to a birthday told without one, and a moved appointment given the hour of the
        last one when it keeps it ("oct 1 instead, same time"; in a sentence of its own in
        ``text``, the turn: "they moved it to the 29th. same time")."""
        if SAME_TIME_SAID.search(text):
            facts = [replace(f, scheduled=f.scheduled + SAME_TIME) if f.attribute == "appointment"
                     and f.scheduled and not f.scheduled.endswith(SAME_TIME)
                     and not HAS_CLOCK.search(f.scheduled) else f for f in facts]
        out = []
        moved = False  # an appointment moved as "it", and which one is known
        memory = self  # what the turn itself told so far counts too ("dentist at 3. no wait, friday")
        for fact in facts:
            if fact.attribute == "appointment" and fact.scheduled.endswith(SAME_TIME):
                fact = replace(fact, scheduled=memory._same_hour(fact.scheduled.removesuffix(SAME_TIME)))
            if fact.attribute == "appointment" and fact.value == IT and not fact.about:
                # none told: something of the speaker's moved, which is a doubt ("we had to
                # push it back to next month")
                out.append(replace(fact, value=memory.appointment) if memory.appointment else
                           Fact("appointment", "", Op.DOUBT, MOVED_UNKNOWN_CONFIDENCE))
                moved = moved or bool(memory.appointment)
            elif fact.attribute == "appointment" and fact.op is Op.ASSERT and fact.value and not fact.about:
                out.append(fact)
                memory = replace(memory, appointment=fact.value, appointment_at=fact.scheduled)
            elif fact.attribute == "routine" and fact.value.startswith(IT + " on ") and fact.op is Op.ASSERT:
                # "(piano is tuesdays,) she asked to change to thursdays": the last routine told, on new days
                told = [f.value for f in out if f.attribute == "routine" and f.op is Op.ASSERT
                        and not f.about]
                last = ([*self.routines, *told] or [""])[-1]
                days = fact.value.removeprefix(IT + " on ")
                if days.startswith("每") and last and not fact.about:
                    # Chinese "(拳击 每周二周四) 那节课以后改成周二和周六": the class on its new days only
                    out += [replace(fact, value=last, op=Op.RETRACT),
                            replace(fact, value=f"{last.split(' 每')[0]} {days}")]
                    continue
                last = last.split(" on ")[0]
                moved_to = replace(fact, value=last + fact.value.removeprefix(IT))
                out += [moved_to] if last and not fact.about else []
            elif fact.attribute == "routine" and fact.value.startswith(IT + " ") and not fact.about:
                # "周日也就不去了": the routine of that day or that word, when one is known
                named = self._routines_named(fact.value.removeprefix(IT + " "))
                kept = {f.value for f in facts if f.attribute == "routine" and f.op is Op.ASSERT}
                out += [replace(fact, value=v) for v in named if v not in kept]  # not the days it moved to
            elif (fact.attribute == "routine" and fact.op is Op.RETRACT and not fact.about
                  and fact.value and " " not in fact.value and _CJK.search(fact.value)):
                # "太极先别打了": the routine told with its days ("太极 每周三和周六"), named without them
                out += [replace(fact, value=v) for v in self._routines_named(fact.value)
                        if v != fact.value] or [fact]
            elif fact.attribute != SWITCH:
                out.append(fact)
            elif self.switchable:
                out.append(replace(fact, attribute=self.switchable))
        out += moved_routines(text, self.routines, out)  # "now I go tuesdays and fridays instead"
        if moved:  # the move is read: no doubt of it is left
            out = [f for f in out if not (f.attribute == "appointment" and f.op is Op.DOUBT and not f.value
                                          and not f.about)]
        own = [f for f in out if not f.about and f.op is Op.ASSERT]
        birthday = next((f for f in own if f.attribute == "birthday" and f.value in _BIRTHDAY_NOW), None)
        if birthday and self.age.isdigit() and not any(f.attribute == "age" for f in own):
            out.append(Fact("age", str(int(self.age) + 1), Op.ASSERT, 0.8, when=birthday.when))
        return out

    def dated_by_plan(self, facts: Sequence[Fact], now: datetime, text: str = "") -> list[Fact]:
        """``facts`` with a change the speaker planned before dated by the plan's day. A plan
        told as done by one of its values is done whole: "first week at swiggy done" after
        "it's Swiggy, SDE-2, joining 16th feb" tells the title began that day too; so is a move
        planned for a day gone by when the turn (``text``) tells of arriving ("ok I'm here")."""
        out, done, today = [], set(), now.date().isoformat()
        if _ARRIVED.search(text):
            done |= {day for attribute, _, day in self.plans if attribute == "lives_in" and day <= today}
        for fact in facts:
            day = self._planned_day(fact)
            # the day the plan named says it better than "first week done" (a week back)
            told_when = fact.when and fact.when != dates_en.FIRST_WEEK_AGO
            if day and not (told_when or fact.starts or fact.about) and fact.op is Op.ASSERT:
                fact = replace(fact, when=day) if day <= today else replace(fact, starts=day)
            done |= {day} if day and day <= today and fact.op is Op.ASSERT and not fact.about else set()
            out.append(fact)
        told = {f.attribute for f in out if f.op is Op.ASSERT and not f.about}
        return out + [Fact(attribute, value, Op.ASSERT, 0.7, when=day)
                      for attribute, value, day in self.plans if day in done and attribute not in told]

    def _planned_day(self, fact: Fact) -> str:
        said = fact.value.casefold()
        planned = [(v.casefold(), day) for attribute, v, day in self.plans if attribute == fact.attribute]
        return next((day for value, day in reversed(planned)
                     if said and (said == value or said in value.split() or value in said.split())), "")

    def learn(self, facts: Sequence[Fact], planned: Sequence[Fact] = (), at: datetime | None = None,
              zone: tzinfo | None = None) -> SpeakerMemory:
        """What ``facts`` tell, added to what was told; ``planned``: the changes among them
        told ahead (a plan), remembered with the day they name, read against ``at``."""
        own = [f for f in facts if not f.about and f.op is Op.ASSERT and f.value]
        ages = [f.value for f in own if f.attribute == "age"]
        switchable = [f.attribute for f in own if f.attribute in SWITCHABLE]
        age = ages[-1] if ages else self.age
        told = [f for f in own if f.attribute == "appointment" and f.value != IT]
        ended = {f.value for f in facts if f.attribute == "routine" and f.op is Op.RETRACT and not f.about}
        routines = [r for r in self.routines if r not in ended]
        routines += [f.value for f in own if f.attribute == "routine" and f.value not in routines]
        done = {(f.attribute, f.value.casefold()) for f in own if f.when and not f.starts}
        plans = [p for p in self.plans if (p[0], p[1].casefold()) not in done]
        for fact in planned:
            day = dates.resolve(fact.starts, at, "future", zone) if at is not None else None
            plans += [(fact.attribute, fact.value, day.date().isoformat())] if day else []
        return SpeakerMemory(age, switchable[-1] if switchable else self.switchable,
                             told[-1].value if told else self.appointment,
                             told[-1].scheduled if told else self.appointment_at,
                             self._names_in(facts), tuple(routines[-8:]), tuple(plans[-6:]))

    def _routines_named(self, ref: str) -> list[str]:
        """The routines told that ``ref`` names: by a weekday ("周日"), by two or more
        characters of it ("羽毛球" names "羽毛球 每周六"), by its activity ("健身那个" names
        "健身 每周一三五"), or the only routine told for a bare "课"."""
        days = dates_zh.weekdays("每" + ref) if re.fullmatch(r"(?:周|星期|礼拜).", ref) else ()
        if days:
            return [r for r in self.routines
                    if set(days) & set(dates_zh.weekdays(r) or weekdays_en.weekdays(r))]
        if ref in ("课", "班", "那个", "那节课", "这个"):
            return list(self.routines) if len(self.routines) == 1 else []
        thing = re.sub(r"[课班局]$", "", ref)
        named = [r for r in self.routines if (len(thing) >= 2 and thing in r) or r.split(" ")[0] in ref]
        if not named and any(w in ref for w in _GYM):  # "健身房我不去了" after "去健身房撸铁"
            named = [r for r in self.routines if any(w in r.split(" ")[0] for w in _GYM)]
        # "晨跑也停了" after "每天早上跑5公里"; "游不了了": 游泳
        if not named and re.fullmatch(r"[晨夜早午]?[跑游骑走跳]", ref):
            named = [r for r in self.routines if ref[-1] in r.split(" ")[0]]
        return named

    def _names_in(self, facts: Sequence[Fact]) -> tuple[str, ...]:
        said = [f.value for f in facts if f.op is Op.ASSERT and f.attribute in _NAMED]
        said += [f.name for f in facts]
        found = [w for value in said for w in _CAPITALISED.findall(value) if w.lower() not in _NOT_NAMES]
        return tuple(dict.fromkeys([*self.names, *found]))

    def _same_hour(self, day: str) -> str:
        """``day`` at the hour of the last appointment told, when it had one."""
        if not self.appointment_at:
            return day
        if re.search(r"[\u4e00-\u9fff]", day):  # "改到周五了，时间不变": 周五 at 上午九点
            return day + dates_zh.clock_of(self.appointment_at)
        hour = re.search(r"\d{2}:\d{2}$", dates_en.clock(self.appointment_at))
        return f"{day} at {hour.group()}" if hour else day


def incomplete(fact: Fact) -> bool:
    """A fact the turn left without what makes it one: an appointment or routine named only by
    reference ("moved it to friday", "周日也就不去了"), or a birthday told by the age one turns
    without its day ("turning 30 next year"; "turned 40 yesterday", "turning 30 on friday" tell it)."""
    by_reference = fact.value == IT or fact.value.startswith(IT + " ")
    if fact.attribute in ("appointment", "routine"):
        return by_reference
    day = re.search(r"\d|^(?!next\b).*day\b|tomorrow|tonight|[号日]$", fact.when or fact.starts)
    return fact.attribute == "birthday" and fact.value in ("turned", "turning") and not day
