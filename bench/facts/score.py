"""Matching gold facts against vault items, and scoring one conversation.

Everything here is pure: no I/O, no clock, no vault. ``matches`` is the one place that
decides whether a vault item is "the same fact" as a gold fact; every figure the bench
prints goes through it.

Matching rules (``matches(gold, item, speaker=...)``), all three must hold:

* **subject**: compared casefolded, with curly quotes made straight, accents kept and
  whitespace collapsed, so ``"Tom's sister" == "tom’s sister"``. A named relative
  (``{subject: Anna, relation: sister}``) matches an item whose subject is the name, or
  contains it as whole words ("Tom's sister Anna"), or is the unnamed form of the
  relation ("Tom's sister", "my sister"). An unnamed relative ``"Tom's brother"``
  matches "Tom's brother", "my brother", "user's brother" and the same with a relation
  synonym (mum/mom/mother, sibling/brother, ...; see ``_RELATION_GROUPS``), and the
  Chinese forms "王磊的妈妈", "我妈" for "王磊's mother".
* **attribute**: normalised (casefold, spaces and hyphens to ``_``, favorite ->
  favourite), then equal or in one family of ``ATTRIBUTE_FAMILIES`` (e.g. lives_in,
  city, location, moved_to). Every ``favourite_*`` belongs to the likes family. Polarity
  must agree: ``dislikes``/``hates`` are the negative side of likes, so a gold "likes
  jazz" never matches an item "dislikes jazz". An attribute in no family matches itself.
* **value**: both sides are normalised (NFKC, casefold, accents dropped on Latin
  letters, apostrophes removed, other punctuation to spaces, the articles a/an/the and
  "my" dropped, number words to digits, a few abbreviations spelled out (dev, PM,
  Philly: ``_ABBREVIATIONS``), a light stemmer: running/runs -> run). CJK text
  is compared character by character. Then the values match if one token sequence
  contains the other as a contiguous run **and** the longer has at most
  ``max(2, len(shorter))`` extra tokens, or if the token sets have Jaccard >= 0.5.
  The extra-token guard is stricter than plain containment on purpose: without it a
  clause such as "hmm I'd eat anything honestly but ramen" would pass for "ramen", and
  the messy-value class would measure nothing. Dates (birthday values, and any gold
  value that parses as a date) are compared as dates: day and month must agree, the
  year too when both sides give one ("3 May 1991" == "1991-05-03"). For routines and
  appointments the timing words are dropped from both values first ("yoga every
  Tuesday at 7am" is compared as "yoga"; the timing is checked by the schedule rule).
* **schedule** (only when the gold fact has one, and ``schedule=True``): a gold
  ``when`` (ISO date or datetime; without an offset it is wall-clock time in the
  conversation's ``timezone``, UTC by default) must agree with the item's ``when``
  attribute, else a ``when:<iso>`` tag, else its ``valid_from``: the same local day for
  a date, within one hour for a datetime. Gold ``days`` must equal the set of weekdays
  the item names (``days`` attribute, ``day:``/``days:`` tags, or weekday words in its
  value/text; "daily" and "every day" mean all seven, "weekends" Saturday and Sunday).
  Without this a rescheduled appointment (dentist Friday -> dentist Monday) could not be
  told apart from the original.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Any

_CJK = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"

# ---------------------------------------------------------------------------- attributes

# One table: attributes in one set are the same kind of fact. An attribute may sit in
# several sets (``family`` is in every relation family). ``favourite_*`` is added to the
# likes family by ``_families``.
ATTRIBUTE_FAMILIES: tuple[frozenset[str], ...] = tuple(
    frozenset(f)
    for f in (
        {"name", "full_name", "first_name", "real_name"},
        {"alias", "nickname", "called", "goes_by", "aka"},
        {"age"},
        {"birthday", "born_on", "birth_date", "date_of_birth", "dob", "born"},
        {"hometown", "from", "born_in", "grew_up_in", "origin", "home_town"},
        {"speaks", "language", "languages", "native_language", "speaks_language"},
        {
            "lives_in",
            "city",
            "location",
            "moved_to",
            "lives",
            "home",
            "residence",
            "lives_at",
            "based_in",
            "country",
            "neighbourhood",
        },
        {"employer", "works_at", "company", "works_for", "workplace", "organisation", "organization"},
        {"job_title", "occupation", "role", "job", "profession", "title", "position", "works_as"},
        {"studies_at", "school", "university", "college", "studies", "education", "attends", "student_at"},
        {"learning", "learns", "studying", "course", "practising", "practicing"},
        # likes: favourite_* joins in _families; dislikes is the negative side.
        {
            "likes",
            "loves",
            "enjoys",
            "prefers",
            "preference",
            "fan_of",
            "into",
            "dislikes",
            "hates",
            "dislike",
            "avoids",
        },
        {"hobby", "hobbies", "pastime", "sport", "plays", "activity", "likes", "enjoys"},
        {"diet", "dietary", "diet_type", "eats", "dietary_preference"},
        {"allergy", "allergies", "allergic_to", "intolerance", "intolerant_to"},
        {"pet", "pets", "has_pet", "dog", "cat"},
        {"routine", "habit", "habits", "schedule", "recurring", "regular", "weekly"},
        {"appointment", "event", "meeting", "plan", "booking", "reminder"},
        {"car", "vehicle", "drives"},
        {"therapist", "doctor"},
        # relations (attribute = relation word; ``family`` is generic)
        {"sibling", "siblings", "sister", "family"},
        {"sibling", "siblings", "brother", "family"},
        {"child", "children", "kid", "kids", "daughter", "baby", "family"},
        {"child", "children", "kid", "kids", "son", "baby", "family"},
        {"spouse", "wife", "husband", "married_to", "partner", "family"},
        {"partner", "girlfriend", "boyfriend", "fiance", "fiancee", "significant_other", "spouse", "family"},
        {"mother", "mom", "mum", "parent", "parents", "family"},
        {"father", "dad", "parent", "parents", "family"},
        {"grandmother", "grandma", "nana", "granny", "grandparent", "family"},
        {"grandfather", "grandpa", "grandad", "grandparent", "family"},
        {"friend", "friends", "best_friend", "bff"},
        {"boss", "manager", "supervisor", "line_manager"},
        {"colleague", "coworker", "co_worker", "workmate"},
        {"roommate", "flatmate", "housemate"},
    )
)

_LIKES_FAMILY = next(i for i, f in enumerate(ATTRIBUTE_FAMILIES) if "loves" in f)
NEGATIVE_ATTRIBUTES = frozenset({"dislikes", "hates", "dislike", "avoids"})


def norm_attribute(attribute: str) -> str:
    a = unicodedata.normalize("NFKC", attribute).casefold().strip()
    a = re.sub(r"[\s\-]+", "_", a)
    a = a.replace("favorite", "favourite").replace("fiancée", "fiancee").replace("fiancé", "fiance")
    return a


def _families(attribute: str) -> set[int]:
    a = norm_attribute(attribute)
    found = {i for i, family in enumerate(ATTRIBUTE_FAMILIES) if a in family}
    if a.startswith("favourite"):
        found.add(_LIKES_FAMILY)
    return found


def same_attribute_family(gold: str, item: str, *, polarity: bool = True) -> bool:
    """Whether two attribute names are the same kind of fact (polarity: likes != dislikes)."""
    g, i = norm_attribute(gold), norm_attribute(item)
    if polarity and ((g in NEGATIVE_ATTRIBUTES) != (i in NEGATIVE_ATTRIBUTES)):
        return False
    if g == i:
        return True
    return bool(_families(g) & _families(i))


# ---------------------------------------------------------------------------- subjects

_RELATION_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(g)
    for g in (
        {"mother", "mom", "mum", "mommy", "mummy", "ma"},
        {"father", "dad", "daddy", "papa", "pa"},
        {"sister", "sibling", "sis"},
        {"brother", "sibling", "bro", "little brother", "big brother", "younger brother", "older brother"},
        {"daughter", "child", "kid", "baby"},
        {"son", "child", "kid", "baby"},
        {"wife", "spouse"},
        {"husband", "spouse"},
        {"partner", "girlfriend", "boyfriend", "fiancee", "fiance", "spouse"},
        {"grandmother", "grandma", "nana", "granny", "gran"},
        {"grandfather", "grandpa", "grandad", "granddad"},
        {"friend", "best friend", "bff", "mate"},
        {"boss", "manager", "supervisor"},
        {"roommate", "flatmate", "housemate"},
        {"colleague", "coworker", "co-worker"},
        # Chinese
        {"mother", "妈妈", "妈", "母亲", "老妈", "妈咪"},
        {"father", "爸爸", "爸", "父亲", "老爸"},
        {"sister", "sibling", "姐姐", "妹妹", "姐", "妹"},
        {"brother", "sibling", "哥哥", "弟弟", "哥", "弟"},
        {"daughter", "child", "女儿", "闺女", "孩子"},
        {"son", "child", "儿子", "孩子"},
        {"wife", "spouse", "妻子", "老婆", "太太", "媳妇", "爱人"},
        {"husband", "spouse", "丈夫", "老公", "先生", "爱人"},
        {"partner", "girlfriend", "boyfriend", "男朋友", "女朋友", "男友", "女友", "对象"},
        {"grandmother", "奶奶", "外婆", "姥姥"},
        {"grandfather", "爷爷", "外公", "姥爷"},
        {"friend", "朋友", "好朋友", "闺蜜", "哥们"},
        {"boss", "老板", "领导", "上司"},
        {"roommate", "室友"},
    )
)

_FIRST_PERSON_OWNERS = frozenset({"my", "user", "the user", "user's", "i", "我", "用户"})


def norm_subject(subject: str) -> str:
    s = unicodedata.normalize("NFKC", subject).casefold()
    s = s.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'").replace("\u00b4", "'")
    s = s.replace("fiancée", "fiancee").replace("fiancé", "fiance")
    return re.sub(r"\s+", " ", s).strip(" .,:;")


def _same_relation(a: str, b: str) -> bool:
    a, b = a.strip(), b.strip()
    return a == b or any(a in g and b in g for g in _RELATION_GROUPS)


def _owner_and_relation(subject: str) -> tuple[str, str] | None:
    """("tom", "sister") for "tom's sister" / "my sister" (owner "my"); None otherwise."""
    m = (
        re.fullmatch(r"(.+?)'s? (.+)", subject)
        or re.fullmatch(r"(my|the user's|user's) (.+)", subject)
        or re.fullmatch(r"(.+?)的(.+)", subject)  # 王磊的妈妈, 我的妈妈
        or re.fullmatch(r"(我)(.+)", subject)  # 我妈
    )
    if m is None:
        return None
    owner, relation = m.group(1), m.group(2)
    return owner.removesuffix("'s"), relation


def subject_matches(
    gold_subject: str, item_subject: str, *, speaker: str | None = None, relation: str | None = None
) -> bool:
    g, i = norm_subject(gold_subject), norm_subject(item_subject)
    if not g or not i:
        return False
    if g == i:
        return True
    spk = norm_subject(speaker) if speaker else None
    owners = set(_FIRST_PERSON_OWNERS) | ({spk} if spk else set())
    gold_parts = _owner_and_relation(g)
    item_parts = _owner_and_relation(i)
    if gold_parts is not None:  # unnamed relative "tom's brother"
        g_owner, g_rel = gold_parts
        if item_parts is not None:
            i_owner, i_rel = item_parts
            same_owner = i_owner == g_owner or (g_owner == spk and i_owner in owners)
            if same_owner and _same_relation(g_rel, i_rel):
                return True
        return False
    if relation:  # a named relative: by name, or by the unnamed form of the relation
        rel = norm_subject(relation)
        if re.search(f"[{_CJK}]", g):  # no word boundaries in Chinese: "我姐王芳"
            if g in i:
                return f"{g}的" not in i and f"{g}'s" not in i
        elif re.search(rf"(?<![\w']){re.escape(g)}(?![\w'])", i):
            # "tom's sister anna", "anna (sister)": the name as whole words, not "anna's x"
            return not re.search(rf"(?<![\w']){re.escape(g)}'s? ", i)
        if item_parts is not None:
            i_owner, i_rel = item_parts
            if i_owner in owners and _same_relation(rel, i_rel):
                return True
    return False


# ---------------------------------------------------------------------------- values

_TOKEN = re.compile(rf"[{_CJK}]|[^\W_]+", re.UNICODE)
_STOP = frozenset({"a", "an", "the", "my"})
_NUMBER_WORDS = {
    w: str(n)
    for n, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
} | {
    "thirty": "30",
    "forty": "40",
    "fifty": "50",
    "sixty": "60",
    "seventy": "70",
    "eighty": "80",
    "ninety": "90",
    "hundred": "100",
}


# Abbreviations people use for a value that the clean form spells out.
_ABBREVIATIONS = {
    "dev": "developer",
    "devs": "developer",
    "eng": "engineer",
    "swe": "software engineer",
    "pm": "product manager",
    "mgr": "manager",
    "prof": "professor",
    "nyc": "new york city",
    "sf": "san francisco",
    "philly": "philadelphia",
}


def _strip_accents(text: str) -> str:
    out = []
    for ch in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(ch):
            continue
        out.append(ch)
    return unicodedata.normalize("NFKC", "".join(out))


def _stem(token: str) -> str:
    if not token.isascii() or token.isdigit():
        return token
    t = token
    if len(t) > 5 and t.endswith("ing"):
        t = t[:-3]
        if len(t) > 2 and t[-1] == t[-2] and t[-1] not in "aeiouls":
            t = t[:-1]
    elif len(t) > 4 and t.endswith("ies"):
        t = t[:-3] + "y"
    elif len(t) > 3 and t.endswith("s") and not t.endswith(("ss", "us", "is")):
        t = t[:-1]
    if len(t) > 6 and t.endswith("ation"):  # meditation -> meditat
        t = t[:-3]
    elif len(t) > 5 and t.endswith("e"):  # meditate -> meditat
        t = t[:-1]
    return t


def value_tokens(value: str) -> list[str]:
    """The normalised tokens of a value (CJK: one token per character)."""
    v = _strip_accents(unicodedata.normalize("NFKC", str(value)).casefold())
    v = re.sub(r"['\u2019\u2018`\u00b4]", "", v)
    tokens: list[str] = []
    for tok in _TOKEN.findall(v):
        if tok in _STOP:
            continue
        tok = _NUMBER_WORDS.get(tok, tok)
        tokens.extend(_stem(t) for t in _ABBREVIATIONS.get(tok, tok).split())
    return tokens


def _contains(longer: Sequence[str], shorter: Sequence[str]) -> bool:
    n = len(shorter)
    return any(list(longer[k : k + n]) == list(shorter) for k in range(len(longer) - n + 1))


_MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}
_MONTHS |= {m[:3]: i for m, i in list(_MONTHS.items())} | {"sept": 9}


def parse_day(value: str) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) for a date-like value, else None. Numeric d/m forms are
    not guessed (only ISO ``YYYY-MM-DD`` and ``MM-DD``); Chinese dates are read as
    written (7月23日, 1995年11月8号)."""
    v = str(value).casefold().strip()
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[t ].*)?", v)
    if m:
        return int(m.group(1)), int(m.group(2)), int(m.group(3))
    m = re.fullmatch(r"-{0,2}(\d{1,2})-(\d{1,2})", v)
    if m:
        return None, int(m.group(1)), int(m.group(2))
    m = re.fullmatch(r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号]", v)  # 7月23日, 1995年11月8号
    if m:
        return (int(m.group(1)) if m.group(1) else None), int(m.group(2)), int(m.group(3))
    words = re.sub(r"[,.]", " ", v)
    words = re.sub(r"\b(\d{1,2})(st|nd|rd|th)\b", r"\1", words)
    words = re.sub(r"\b(the|of|on|born)\b", " ", words)
    parts = words.split()
    month = day = year = None
    for p in parts:
        if p in _MONTHS and month is None:
            month = _MONTHS[p]
        elif p.isdigit() and len(p) == 4:
            year = int(p)
        elif p.isdigit() and len(p) <= 2 and day is None:
            day = int(p)
        else:
            return None
    if month is None or day is None or not 1 <= day <= 31:
        return None
    return year, month, day


_SCHEDULE_EN = re.compile(
    r"\b(?:every|each|on|at|from|in|the|and|&|weekly|daily|twice|once|a|week|weeks"
    r"|mornings?|evenings?|nights?|afternoons?|tonight|today|tomorrow"
    r"|(?:mon|tues?|wednes|thurs?|fri|satur|sun)(?:day)?s?|weekends?|weekdays?"
    r"|\d{1,2}(?::\d{2})?\s*(?:am|pm|h)?|noon|midnight)\b",
    re.IGNORECASE,
)
_SCHEDULE_ZH = re.compile(
    r"(?:每(?:个)?(?:周|星期|礼拜)?[一二三四五六日天]?|(?:周|星期|礼拜)[一二三四五六日天末]"
    r"|(?:今|明|后)天|(?:上|中|下)午|早上|晚上|[0-9一二三四五六七八九十两]+点(?:半)?"
    r"|[0-9一二三四五六七八九十]+[号日]|都|去|有)"
)


def strip_schedule(value: str) -> str:
    """A routine/appointment value without its timing: "yoga every Tuesday" -> "yoga"."""
    stripped = _SCHEDULE_ZH.sub(" ", _SCHEDULE_EN.sub(" ", value))
    return stripped if stripped.strip(" ,.;:-") else value


# Closed vocabularies (languages, diets, pet species) are stored in canonical English in
# both languages; a Chinese gold value of one of them also matches its English name.
_ZH_CANONICAL = {
    "普通话": "Mandarin", "粤语": "Cantonese", "英语": "English", "德语": "German",
    "日语": "Japanese", "法语": "French", "西班牙语": "Spanish", "韩语": "Korean",
    "意大利语": "Italian", "葡萄牙语": "Portuguese", "俄语": "Russian", "阿拉伯语": "Arabic",
    "荷兰语": "Dutch", "瑞典语": "Swedish", "印地语": "Hindi", "汉语": "Chinese", "中文": "Chinese",
    "闽南话": "Hokkien", "潮汕话": "Teochew", "素食": "vegetarian", "纯素": "vegan",
    "蛋奶素": "vegetarian", "柯基": "corgi", "柴犬": "shiba inu", "金鱼": "goldfish",
    # habits, a closed vocabulary too (rules_zh_values.HABITS)
    "抽烟": "smokes", "吸烟": "smokes", "跑步": "runs", "游泳": "swims", "健身": "works out",
    "喝酒": "drinks", "喝咖啡": "drinks coffee", "喝茶": "drinks tea",
}


def value_matches(gold: str, item: str, *, as_date: bool = False) -> bool:
    english = _ZH_CANONICAL.get(str(gold).strip())
    if english is not None and _value_matches(english, item):
        return True
    return _value_matches(gold, item, as_date=as_date)


def _value_matches(gold: str, item: str, *, as_date: bool = False) -> bool:
    if as_date or parse_day(gold) is not None:
        g, i = parse_day(gold), parse_day(item)
        if g is not None and i is not None:
            return g[1:] == i[1:] and (g[0] is None or i[0] is None or g[0] == i[0])
    gt, it = value_tokens(gold), value_tokens(item)
    if not gt or not it:
        return not gt and not it and str(gold).strip() == str(item).strip()
    shorter, longer = (gt, it) if len(gt) <= len(it) else (it, gt)
    if _contains(longer, shorter) and len(longer) - len(shorter) <= max(2, len(shorter)):
        return True
    a, b = set(gt), set(it)
    return len(a & b) / len(a | b) >= 0.5


# ---------------------------------------------------------------------------- schedules

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# Short forms that are never ordinary English words ("sun", "sat", "wed", "mon" are left out).
_DAY_WORDS: dict[str, set[str]] = {d: {d} for d in _WEEKDAYS} | {
    "tue": {"tuesday"},
    "tues": {"tuesday"},
    "thu": {"thursday"},
    "thur": {"thursday"},
    "thurs": {"thursday"},
    "fri": {"friday"},
    "weekend": {"saturday", "sunday"},
    "weekday": set(_WEEKDAYS[:5]),
    "daily": set(_WEEKDAYS),
    "everyday": set(_WEEKDAYS),
}
_EVERY_DAY = re.compile(r"\bevery (?:single )?(?:day|morning|night|evening)\b")


def days_in(text: str) -> set[str]:
    """The weekdays a text names: "mondays and thursdays", "every morning", "weekends"."""
    low = text.casefold()
    found: set[str] = set()
    for word in re.findall(r"[a-z]+", low):
        key = word if word in _DAY_WORDS else word.removesuffix("s")
        found |= _DAY_WORDS.get(key, set())
    if _EVERY_DAY.search(low):
        found |= set(_WEEKDAYS)
    return found


def _expand_days(days: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for d in days:
        out |= days_in(str(d)) or {str(d).casefold()}
    return out


def _get(item: Any, name: str, default: Any = None) -> Any:
    if isinstance(item, Mapping):
        return item.get(name, default)
    return getattr(item, name, default)


def item_days(item: Any) -> set[str]:
    explicit = _get(item, "days")
    if explicit:
        return _expand_days([explicit] if isinstance(explicit, str) else explicit)
    found: set[str] = set()
    for tag in _get(item, "tags", ()) or ():
        tag = str(tag)
        if tag.startswith(("day:", "days:")):
            found |= _expand_days(tag.split(":", 1)[1].split(","))
    if found:
        return found
    return days_in(f"{_get(item, 'value', '')} {_get(item, 'text', '')}")


def _as_aware(moment: Any, tz: tzinfo | None = None) -> datetime | None:
    """A timezone-aware datetime; a naive one (or a date) is read in ``tz`` (default UTC)."""
    if moment is None or moment == "":
        return None
    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return None
    if isinstance(moment, date) and not isinstance(moment, datetime):
        moment = datetime(moment.year, moment.month, moment.day)
    if not isinstance(moment, datetime):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz or timezone.utc)
    aware: datetime = moment
    return aware


def item_when(item: Any, tz: tzinfo | None = None) -> datetime | None:
    """When an appointment item says it happens: ``when``, a ``when:`` tag, or valid_from."""
    explicit = _as_aware(_get(item, "when"), tz)
    if explicit is not None:
        return explicit
    for tag in _get(item, "tags", ()) or ():
        if str(tag).startswith("when:"):
            found = _as_aware(str(tag)[5:], tz)
            if found is not None:
                return found
    return _as_aware(_get(item, "valid_from"), tz)


def when_matches(gold_when: Any, item: Any, tz: tzinfo | None = None) -> bool:
    """Same local day for a gold date, within an hour for a gold datetime. A naive gold
    or item time is read in ``tz`` (the conversation's timezone; default UTC)."""
    held = item_when(item, tz)
    wanted = _as_aware(gold_when, tz)
    if held is None or wanted is None:
        return False
    date_only = isinstance(gold_when, date) and not isinstance(gold_when, datetime)
    if date_only or (isinstance(gold_when, str) and "t" not in gold_when.casefold()):
        return held.astimezone(wanted.tzinfo).date() == wanted.date()
    return abs(held - wanted) <= timedelta(hours=1)


def schedule_matches(gold: Mapping[str, Any], item: Any, tz: tzinfo | None = None) -> bool:
    if gold.get("when") and not when_matches(gold["when"], item, tz):
        return False
    return not (gold.get("days") and _expand_days(gold["days"]) != item_days(item))


# ---------------------------------------------------------------------------- matches

_SCHEDULED = frozenset({"routine", "habit", "appointment", "event", "meeting", "schedule"})


def matches(
    gold: Mapping[str, Any],
    item: Any,
    *,
    speaker: str | None = None,
    schedule: bool = True,
    polarity: bool = True,
    value: bool = True,
    tz: tzinfo | None = None,
) -> bool:
    """Whether ``item`` (an Item, or any object/mapping with subject, attribute, value and
    optionally when/days/tags/valid_from) is the gold fact. Pure. See the module docstring.

    ``value=False`` checks only subject and attribute family (the precision scope);
    ``schedule=False`` ignores gold ``when``/``days``; ``tz`` is the timezone a naive
    ``when`` is read in (the conversation's; UTC when None).
    """
    if not subject_matches(
        str(gold["subject"]), str(_get(item, "subject", "")), speaker=speaker, relation=gold.get("relation")
    ):
        return False
    if not same_attribute_family(str(gold["attribute"]), str(_get(item, "attribute", "")), polarity=polarity):
        return False
    if not value:
        return True
    attribute = norm_attribute(str(gold["attribute"]))
    gold_value, item_value = str(gold["value"]), str(_get(item, "value", ""))
    if gold.get("when") or gold.get("days") or attribute in _SCHEDULED:
        gold_value, item_value = strip_schedule(gold_value), strip_schedule(item_value)
    if not value_matches(gold_value, item_value, as_date=attribute == "birthday"):
        return False
    return not schedule or schedule_matches(gold, item, tz)


# ---------------------------------------------------------------------------- one conversation


def status_of(item: Any) -> str:
    status = _get(item, "status", "current")
    return str(getattr(status, "value", status))


def _day(moment: Any) -> date | None:
    """The UTC date of a moment (how supersession windows are read)."""
    held = _as_aware(moment)
    return held.astimezone(timezone.utc).date() if held is not None else None


@dataclass
class Miss:
    conversation: str
    kind: str  # current | wrong (a current item precision counts against) | superseded | not_current | ...
    expected: str
    held: str


@dataclass
class ConversationScore:
    id: str
    lang: str
    split: str
    classes: tuple[str, ...]
    current_total: int = 0
    current_found: int = 0
    in_scope: int = 0  # current items whose subject + attribute family the gold speaks of
    in_scope_correct: int = 0
    superseded_total: int = 0
    superseded_ok: int = 0
    not_current_total: int = 0
    violations: int = 0
    doubted_total: int = 0
    doubt_flagged: int = 0
    stale_total: int = 0  # gold superseded facts still held current (a missed update)
    stale_flagged: int = 0  # ... of them carrying a doubt: not served silently
    false_doubts: int = 0  # held gold current facts flagged though the gold doubts nothing
    misses: list[Miss] = field(default_factory=list)


def describe_gold(gold: Mapping[str, Any]) -> str:
    extra = ""
    if gold.get("when"):
        extra += f" @ {gold['when']}"
    if gold.get("days"):
        extra += f" on {','.join(gold['days'])}"
    if gold.get("ended_after"):
        extra += f" (ended {gold['ended_after']}..{gold['ended_before']})"
    return f"{gold['subject']}.{gold['attribute']}={gold['value']}{extra}"


def describe_item(item: Any, tz: tzinfo | None = None) -> str:
    valid_to = _day(_get(item, "valid_to"))
    status = status_of(item)
    schedule = ""
    if norm_attribute(str(_get(item, "attribute", ""))) in ("appointment", "event", "routine", "habit"):
        when = item_when(item, tz)
        days = sorted(item_days(item))
        schedule = f" @{when.astimezone(tz or timezone.utc):%Y-%m-%dT%H:%M}" if when else ""
        schedule += f" days={','.join(days)}" if days else ""
    end = f" to {valid_to}" if valid_to else ""
    fact = f"{_get(item, 'subject')}.{_get(item, 'attribute')}={_get(item, 'value')}"
    return f"{fact} [{status}{end}]{schedule}"


def _related(gold: Mapping[str, Any], items: Sequence[Any], speaker: str | None, tz: tzinfo | None) -> str:
    near = [i for i in items if matches(gold, i, speaker=speaker, value=False, polarity=False)]
    if not near:
        return "nothing on that subject/attribute"
    shown = "; ".join(describe_item(i, tz) for i in near[:4])
    return shown + (f" (+{len(near) - 4} more)" if len(near) > 4 else "")


def conversation_tz(conv: Mapping[str, Any]) -> tzinfo | None:
    """The conversation's ``timezone`` (IANA name or "+08:00"), or None for UTC."""
    name = conv.get("timezone")
    if not name:
        return None
    text = str(name)
    m = re.fullmatch(r"(?:utc)?([+-])(\d{1,2}):?(\d{2})?", text.casefold())
    if m:
        minutes = int(m.group(2)) * 60 + int(m.group(3) or 0)
        return timezone(timedelta(minutes=minutes if m.group(1) == "+" else -minutes))
    from zoneinfo import ZoneInfo

    return ZoneInfo(text)


def score_conversation(conv: Mapping[str, Any], items: Sequence[Any]) -> ConversationScore:
    """Score one conversation's gold against the vault's items (every status). Pure.

    * current: a gold current fact is found if some current item matches it (recall).
    * precision: a current item counts only if its subject and attribute family are
      ones the gold speaks of (in current, superseded, not_current or doubted), or it
      matches a not_current fact; it is right if it matches a gold current fact.
    * superseded: some historical item matches, its valid_to (UTC date) lies in
      [ended_after, ended_before] inclusive, and no current item matches, other than one
      that is a gold current fact: "gym" ended (the old days) while "gym on Tuesdays" is
      current (the new days) is the old routine ended, not a stale one.
    * not_current: a violation if any current item matches.
    * doubted: flagged if a current item matching it has a non-empty ``doubt``.
    """
    speaker = conv.get("speaker")
    tz = conversation_tz(conv)
    cid = str(conv["id"])

    def same(gold: Mapping[str, Any], item: Any, **kw: Any) -> bool:
        return matches(gold, item, speaker=speaker, tz=tz, **kw)

    def related(gold: Mapping[str, Any]) -> str:
        return _related(gold, items, speaker, tz)

    result = ConversationScore(
        cid, str(conv.get("lang", "")), str(conv.get("split", "")), tuple(conv.get("classes", ()))
    )
    current = [i for i in items if status_of(i) == "current"]
    gold_current = list(conv.get("current") or [])
    gold_superseded = list(conv.get("superseded") or [])
    gold_not = list(conv.get("not_current") or [])
    gold_doubted = list(conv.get("doubted") or [])

    for g in gold_current:
        result.current_total += 1
        if any(same(g, i) for i in current):
            result.current_found += 1
        else:
            result.misses.append(Miss(cid, "current", describe_gold(g), related(g)))

    scope = gold_current + gold_superseded + gold_not + gold_doubted
    for i in current:
        in_scope = any(same(g, i, value=False, polarity=False) for g in scope) or any(
            same(g, i) for g in gold_not
        )
        if not in_scope:
            continue
        result.in_scope += 1
        if any(same(g, i) for g in gold_current):
            result.in_scope_correct += 1
        else:  # what precision counts against: the gold's current values beside it, if any
            told = [describe_gold(g) for g in gold_current if same(g, i, value=False, polarity=False)]
            expected = "; ".join(told[:4]) or "no current value"
            result.misses.append(Miss(cid, "wrong", expected, describe_item(i, tz)))

    for g in gold_superseded:
        result.superseded_total += 1
        held = [i for i in items if same(g, i)]
        still = [i for i in held if status_of(i) == "current" and not any(same(c, i) for c in gold_current)]
        after = date.fromisoformat(str(g["ended_after"]))
        before = date.fromisoformat(str(g["ended_before"]))
        in_window = [
            i
            for i in held
            if status_of(i) == "historical"
            and (d := _day(_get(i, "valid_to"))) is not None
            and after <= d <= before
        ]
        if in_window and not still:
            result.superseded_ok += 1
            continue
        if still:
            result.stale_total += 1
            flagged = any(str(_get(i, "doubt", "") or "").strip() for i in still)
            result.stale_flagged += flagged
            why = "still current, in doubt" if flagged else "still current"
        elif not held:
            why = "missing"
        elif any(status_of(i) == "historical" for i in held):
            why = "historical, valid_to outside the window"
        else:
            why = f"status {status_of(held[0])}"
        result.misses.append(Miss(cid, "superseded", describe_gold(g), f"{why}: {related(g)}"))

    for g in gold_not:
        result.not_current_total += 1
        bad = [i for i in current if same(g, i)]
        if bad:
            result.violations += 1
            result.misses.append(
                Miss(cid, "not_current", describe_gold(g), "; ".join(describe_item(i, tz) for i in bad[:3]))
            )

    for g in gold_current:
        held = [i for i in current if same(g, i)]
        doubted = any(same(d, i) for d in gold_doubted for i in held)
        flags = [str(_get(i, "doubt", "") or "").strip() for i in held]
        if held and not doubted and any(flags):
            result.false_doubts += 1
            result.misses.append(Miss(cid, "false_doubt", describe_gold(g), f"put in doubt by {max(flags)}"))

    for g in gold_doubted:
        result.doubted_total += 1
        held = [i for i in current if same(g, i)]
        if any(str(_get(i, "doubt", "") or "").strip() for i in held):
            result.doubt_flagged += 1
        else:
            what = "no doubt noted" if held else "not held current"
            result.misses.append(Miss(cid, "doubted", describe_gold(g), f"{what}: {related(g)}"))
    return result


__all__ = [
    "ATTRIBUTE_FAMILIES",
    "ConversationScore",
    "Miss",
    "matches",
    "same_attribute_family",
    "score_conversation",
    "subject_matches",
    "value_matches",
    "value_tokens",
]
