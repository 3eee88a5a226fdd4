"""Checks on a turn's facts taken together: a job left with nothing said of the next puts
its title in doubt (or ends it, when a break is told); a last day told in another sentence
dates the ending ("i left farfetch!! last day there was two weeks ago"); a kinship that only
the rewriting of a pronoun names is not told again, and one named in passing inside a
question or a wish ("what should I get my sister Amy?", "我跟未婚妻卓玛…") is told all the same."""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.attributes import PERSON_ATTRIBUTES
from vaultweave.weaver.extract import dates_en, dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.changes_en import NOTICE
from vaultweave.weaver.extract.known_people import SAID_AS
from vaultweave.weaver.extract.normalise_en import names_capitalised
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_people import person
from vaultweave.weaver.extract.speaker_memory import SWITCHABLE

_BREAK = re.compile(r"歇一阵|歇一歇|休息一段|先休息|休整|\bgap\s+year\b|\bbetween\s+jobs\b|"
                    r"\b(?:taking|take|took|taken)\s+(?:(?:the|a|some)\s+)?(?:(?:summer|year|month|time|few\s+"
                    r"(?:weeks|months))\s+off|break)\b", re.IGNORECASE)
# What a kinship's value looks like when it names someone ("Jess", "王哲"), not a count
# ("two sisters") the turn words its own way
_A_NAME = re.compile(r"[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?|[\u4e00-\u9fff]{1,4}")


def title_in_doubt(facts: list[Fact], text: str) -> list[Fact]:
    """A job ended with nothing said of the next ("上周五从星巴克离职了", "not at ocado
    anymore"): the title held there may be over too, or may not (a nurse who leaves a
    hospital is still a nurse), so it is put in doubt; a break told with it ("先歇一阵",
    "taking the summer off") says no work is held now, and the title ends."""
    own = [f for f in facts if not f.about and not f.name]
    # "I gave up coffee" retracts "coffee" under every attribute it may name: no job in that
    things = {f.value for f in own if f.op is Op.RETRACT and f.attribute not in SWITCHABLE}
    left = {f.value for f in own
            if f.attribute == "employer" and f.op is Op.RETRACT and f.value not in things}
    # a dated ending is told as the value and its end ("上周五从星巴克离职了"): not a new job
    told = any(f.attribute == "job_title" or (f.attribute == "employer" and f.op is Op.ASSERT
                                              and f.value not in left) for f in own)
    if not left or told:
        return facts
    # "先歇一阵", "taking the summer off": a break told with it ends the title too
    return [*facts, Fact("job_title", "", Op.RETRACT, 0.7) if _BREAK.search(text) else
            Fact("job_title", "", Op.DOUBT, 0.5)]


# "last day there was two weeks ago", "my last day at Ocado was the 27th"
_LAST_DAY = re.compile(r"\blast\s+(?:day|shift)\b(?:\s+(?:there|at\s+[\w' &-]+?|of\s+work))?\s+(?:was|is)\s+",
                       re.IGNORECASE)
_LEFT_ATTRIBUTES = ("employer", "job_title", "studies_at", "workplace")


# "南山那边我不干了!! 上周五最后一天": the day, then the last day
_LAST_DAY_ZH = re.compile(r"(?P<day>[^，,。!！？?\s]{2,10}?)(?:就|才)?(?:是)?(?:我的?)?"
                          r"(?:在[^，,。!！]{1,12}的?)?(?:最后一天|last\s*day)(?!上班)", re.IGNORECASE)


def dated_by_last_day(facts: list[Fact], text: str) -> list[Fact]:
    """A job ended in one sentence and dated in another ("i left farfetch!! last day there
    was two weeks ago", "南山那边我不干了!! 上周五最后一天"): the last day told is when the
    ending happened."""
    said = _LAST_DAY.search(text)
    when = dates_en.find(text[said.end():]) if said else ""
    # "handed in my notice at X ... last day is the 27th": X ends on that day, if one is told
    facts = [replace(f, starts=when) if f.starts == NOTICE else f
             for f in facts if f.starts != NOTICE or when]
    zh_said = None if when else _LAST_DAY_ZH.search(text)
    when = when or (dates_zh.find_past(zh_said.group("day"))[0] if zh_said else "")
    if not when:
        return facts
    return [replace(f, when=when) if f.op is Op.RETRACT and not f.when and not f.starts and not f.about
            and f.attribute in _LEFT_ATTRIBUTES else f for f in facts]


def kin_said(read: list[Fact], said: str) -> list[Fact]:
    """``read`` without the kinships the turn's own words do not tell: a name the turn does
    not say ("she's taking the austin job", read as "my girlfriend Jess is ..."), or a kinship
    the same turn ends ("dave and i broke up. he kept the dog", the pronoun said as "my
    boyfriend Dave"): the rewriting of a pronoun tells no kinship again."""
    ended = {(f.attribute, f.value.casefold()) for f in read if f.op is Op.RETRACT and not f.about}
    # a kinship that replaces another of the same person is news ("we got married": the
    # girlfriend named before is the spouse now)
    changed = {value for _, value in ended}

    def repeated(f: Fact) -> bool:
        if f.op is not Op.ASSERT or f.about or f.attribute not in PERSON_ATTRIBUTES:
            return False
        if not _A_NAME.fullmatch(f.value):
            return False
        key = f.value.casefold()
        return (f.attribute, key) in ended or (f.value.lower() not in said.lower() and key not in changed)

    return [f for f in read if not repeated(f)]


_SAID_AS = {**SAID_AS, "mam": "mother", "hubby": "husband", "bf": "boyfriend", "gf": "girlfriend",
            "fiancé": "fiance", "fiancée": "fiancee", "best friend": "friend"}
# "my (older) sister Amy", "my best friend Jo": a kinship presupposed by naming someone by it
_KIN_NAMED = re.compile(
    r"\b[Mm]y\s+(?:(?:little|big|older|younger|baby|twin|elder)\s+)?(?P<rel>"
    + "|".join(sorted({*PERSON_ATTRIBUTES, *_SAID_AS}, key=len, reverse=True))
    + r"),?\s+(?P<name>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b(?!\s+[A-Z]|-)"
)
_NOT_A_NAME = frozenset(("I", "Mum", "Mom", "Dad", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                         "Saturday", "Sunday", "Christmas", "Easter", "Lol", "Haha", "Ok", "Okay", "Oh", "He",
                         "She"))


# "我跟/和/陪…": a relative named after it is someone the speaker does something with
_WITH_KIN_ZH = re.compile(r"我(?:跟|和|同|陪|带|帮|给|替)(?:我的?)?")


def kin_named(text: str, facts: list[Fact]) -> list[Fact]:
    """Kinships the turn names in passing that its reading did not state: "my sister Amy"
    inside a question, a wish or a plan, "我跟未婚妻卓玛定了…" still say who Amy and 卓玛 are
    to the speaker (0.8)."""
    stated = {(f.about, f.name) if f.about else (f.attribute, f.value) for f in facts}
    named = [(_SAID_AS.get(m.group("rel").lower(), m.group("rel").lower()), m.group("name"))
             for m in _KIN_NAMED.finditer(names_capitalised(text))]  # "my cousin bilal says ..." too
    for m in _WITH_KIN_ZH.finditer(text):  # "我跟老婆小美…": the person read as a clause's opening
        who = person("我" + text[m.end():], None)
        named += [(f.attribute, f.value) for f in (who[2] if who else [])]
    found: list[Fact] = []
    for relation, name in named:
        if relation in PERSON_ATTRIBUTES and name not in _NOT_A_NAME and (relation, name) not in stated:
            stated.add((relation, name))
            found.append(Fact(relation, name, Op.ASSERT, 0.8))
    return found
