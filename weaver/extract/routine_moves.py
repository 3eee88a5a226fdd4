"""A routine told before, moved to new days in words that do not name it whole.

People name a routine once ("kickboxing every monday and wednesday") and its move by
anything but: a word of it ("the kickboxing slot is thursdays now"), a word it grows from
("my tutor has put our sessions on fridays from now on" after "tutoring on Tuesdays"), or
nothing at all ("they redid the timetable, from next week I go mondays and thursdays"; "I'm on
sundays going forward"), with a word of change in any English ("choir is fridays na": Taglish
"now"). The rules read a routine by its activity and its days; where a turn tells new weekly
days with a word of change and they read no routine of the speaker's, this reads which
routine of those the speaker told before (``SpeakerMemory.routines``) moved:

- the one the sentence names by a word of its activity (a word equal, one the other starts
  with, or five first letters shared: "tutor" and "tutoring", "swim" and "swimming");
- else, when the sentence points at a routine without naming one ("it's", "I go", "I'm on",
  "the sessions") and the speaker told exactly one, that one, unless it names someone of the
  speaker's whose week it may be ("my daughter's class is tuesdays now").

Only a week's days (more than one, or one in the plural or with "only") move a routine:
"moved it to friday" is an appointment's. Someone else's week ("her swim is sundays now"), a
week wished or asked about ("if swim moves to fridays I'm out"), and a sentence of the turn
when another one names the routine it moves, move nothing.

Chinese the same way, clause by clause (chat parts clauses with spaces): days and a word of
change in the clause ("乒乓球馆调整了 以后改成周二周六" after "乒乓球 每周一三"; "现在改成
礼拜二礼拜六去了" with one routine told), named by two characters of the activity in its sentence.
One day moves a routine only where the routine is named and the day is no week's one-off
("下周三"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract import dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.sentences import split_sentences
from vaultweave.weaver.extract.weekdays_en import DAYS, on_days, said_days

CONFIDENCE = 0.7
_CJK = re.compile(r"[\u3400-\u9fff]")
_WORD = re.compile(r"[a-z]+")
_WEEK = re.compile(rf"\b(?P<days>{DAYS})(?P<only>\s+only)?\b", re.IGNORECASE)
_PLURAL = re.compile(r"days\b|\b(?:mons|weds|fris|sats|suns)\b", re.IGNORECASE)
_CHANGE = re.compile(
    r"\b(?:now|na|instead|anymore|from\s+(?:now\s+on|this\s+week|next\s+week)|going\s+forward|starting\s+"
    r"(?:this|next)\s+week|moved|moving|changed|changing|switched|shifted|swapped|cut|pushed|rescheduled)\b",
    re.IGNORECASE)
# A sentence pointing at a routine without naming one: "it's", "I go", "I'm on", "the sessions"
# ("they switched the bin collection to fridays" points at no routine of the speaker's).
_POINTS = re.compile(
    r"\b(?:it's|its|it\s+is|it'll\s+be|it\s+will\s+be|i\s+go|we\s+go|i'm\s+on|im\s+on|i\s+have\s+(?:it|them)|"
    r"sessions?|class(?:es)?|lessons?|practice|training)\b", re.IGNORECASE)
# A week wished, weighed or asked about moves nothing: "if swim moves to fridays I'm out".
_MAYBE = re.compile(r"\b(?:if|might|maybe|may|could|would|thinking|considering|whether)\b|\?|"
                    r"如果|要是|假如|的话|可能|也许|打算|考虑|吗|？")
# Someone of the speaker's whose week it may be: "my daughter's class is tuesdays now".
_KIN = re.compile(r"\b(?:son|daughter|kids?|children|boy|girl|wife|husband|partner|mum|mom|dad|brother|"
                  r"sister|friend|flatmate|roommate)s?\b|女儿|儿子|孩子|闺女|老公|老婆|媳妇|对象|爸|妈|哥|姐|弟|妹|"
                  r"朋友|同事|室友", re.IGNORECASE)
_SOMEONE_ELSES = re.compile(r"\b(?:her|his|their)\b", re.IGNORECASE)
_SOMEONE = re.compile(r"\b(?:she|he|she's|he's)\b", re.IGNORECASE)
_MINE = re.compile(r"\b(?:i|i'm|im|my|me|we|our|us)\b", re.IGNORECASE)
# Words that name no routine of their own: "class" is every class's.
_GENERIC = frozenset((
    "the", "a", "an", "my", "our", "at", "with", "to", "of", "for", "and", "on", "in", "up", "out",
    "class", "classes", "lesson", "lessons", "practice", "training", "session", "sessions", "group",
    "club", "day", "days", "time", "night", "morning", "evening", "team", "going", "doing", "do",
    "go", "have", "having", "some", "new", "local", "weekly", "every", "each",
))


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _GENERIC and len(w) >= 3}


def _same_word(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    return long.startswith(short) or (len(short) >= 5 and long[:5] == short[:5])


def _activity(routine: str) -> str:
    return routine.split(" on ")[0]


def _named(sentence: str, routines: Sequence[str]) -> list[str]:
    said = _words(sentence)
    return [r for r in routines if any(_same_word(w, s) for w in _words(_activity(r)) for s in said)]


def _new_days(sentence: str) -> list[str]:
    """A week's days the sentence tells, or none."""
    for found in _WEEK.finditer(sentence):
        days: list[str] = said_days(found.group("days"))
        if days and (len(days) > 1 or found.group("only") or _PLURAL.search(found.group("days"))):
            return days
    return []


def _someone_elses(sentence: str) -> bool:
    return bool(_SOMEONE_ELSES.search(sentence) or (_SOMEONE.search(sentence) and not _MINE.search(sentence)))


def moved_routines(text: str, routines: Sequence[str], read: Sequence[Fact]) -> list[Fact]:
    """The speaker's ``routines`` told before that ``text`` (a turn) moves to new days, on
    them, where the rules (``read``) read no routine of the speaker's in the turn."""
    if not routines or any(f.attribute == "routine" and f.op is Op.ASSERT and not f.about for f in read):
        return []
    moves = _moves_zh(text, routines) if _CJK.search(text) else _moves_en(text, routines)
    if any(named for named, *_ in moves):
        moves = [m for m in moves if m[0]]
    found: dict[str, Fact] = {}
    for _, routine, value in moves:
        if value.casefold() != routine.casefold():
            found[routine] = Fact("routine", value, Op.ASSERT, CONFIDENCE)
    return list(found.values())


Move = tuple[bool, str, str]  # named by a word, the routine told, its value on the new days


def _moves_en(text: str, routines: Sequence[str]) -> list[Move]:
    moves: list[Move] = []
    for sentence in split_sentences(text):
        days = _new_days(sentence)
        if not days or not _CHANGE.search(sentence) or _someone_elses(sentence) or _MAYBE.search(sentence):
            continue
        named = _named(sentence, routines)
        if len(named) == 1:
            moves.append((True, named[0], on_days(_activity(named[0]), days)))
        elif not named and len(routines) == 1 and _POINTS.search(sentence) and not _KIN.search(sentence):
            moves.append((False, routines[0], on_days(_activity(routines[0]), days)))
    return moves


_CHANGE_ZH = re.compile(r"改|换|挪|调|变成|现在|以后|只能|只要|从.{0,6}开始")
_ONE_OFF_ZH = re.compile(r"(?:下|这|上|本)(?:个)?(?:周|礼拜|星期)|号|月")
_SOMEONE_ZH = re.compile(r"(?<![吉其])[他她](?!乡)")  # not 吉他 (guitar), 其他 (other)
_DAY_NUMERALS = "一二三四五六日"
_BARE_DAYS_ZH = re.compile(r"(?:改成|换成|挪到|调到|改到|换到)(?P<d>[一二三四五六日]{2,3})"
                           r"(?=练|上|去|打|跳|游|踢|跑|$)")


def _thing_zh(routine: str) -> str:
    """The activity of a Chinese routine, without a class word: "乒乓球" of "乒乓球课 每周一三"."""
    return re.sub(r"[课班队]$", "", routine.split(" ")[0])


def _named_zh(sentence: str, routines: Sequence[str]) -> list[str]:
    named = []
    for routine in routines:
        thing = _thing_zh(routine)
        pairs = {thing[i:i + 2] for i in range(len(thing) - 1)}
        if any(pair in sentence for pair in pairs if _CJK.fullmatch(pair[0]) and _CJK.fullmatch(pair[1])) or (
                thing.isascii() and len(thing) >= 3 and thing.lower() in sentence.lower()):
            named.append(routine)
    return named


def _moves_zh(text: str, routines: Sequence[str]) -> list[Move]:
    moves: list[Move] = []
    for sentence in split_sentences(text):
        if _MAYBE.search(sentence):
            continue
        named = _named_zh(sentence, routines)
        for clause in re.split(r"[\s，,]+", sentence):
            bare = _BARE_DAYS_ZH.search(clause)  # "干脆改成二四六游": the days without 周
            days = dates_zh.weekdays(clause) or (dates_zh.weekdays("周" + bare.group("d")) if bare else ())
            if not days or not _CHANGE_ZH.search(clause) or _SOMEONE_ZH.search(clause) or len(days) == 7:
                continue
            if len(days) == 1 and (len(named) != 1 or _ONE_OFF_ZH.search(clause)):
                continue
            spelled = "每周" + "".join(_DAY_NUMERALS[dates_zh.DAY_NAMES.index(d)] for d in days)
            if len(named) == 1:
                moves.append((True, named[0], f"{named[0].split(' ')[0]} {spelled}"))
            elif not named and len(routines) == 1 and not _KIN.search(sentence):
                moves.append((False, routines[0], f"{routines[0].split(' ')[0]} {spelled}"))
    return moves
