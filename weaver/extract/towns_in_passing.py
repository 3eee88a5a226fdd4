"""Where someone lives, told in passing: "rent in cork is 1100", "a line cook at a diner in
philly", "我还在南京苦哈哈上班", "我们在太原", "my mum in fort william" (``kin_homes_en``).

People rarely say "I live in X"; they name their town while asking about something else:
its rent, its traffic, the branch they work at, the years they have spent there. A known
town (the gazetteers of ``places_en`` / ``places_zh``) in one of those frames is read as
where the person lives, at a confidence below a home said outright, and only when the turn
told no home of its own. Such a reading is *assumed* (``Fact.assumed``): it fills an empty
slot and never replaces a town the vault already holds (see ``resolve``), because a town
named in passing may be one being visited.

Not read: a trip or a visit (conference, holiday, 出差, 旅游), a plan or a wish (if,
thinking of, 想, 打算), a denial, a question about moving, a town one comes from.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.kin_homes_en import kin_homes
from vaultweave.weaver.extract.local_towns_zh import local_town
from vaultweave.weaver.extract.normalise_en import NOT_HOMES
from vaultweave.weaver.extract.places_en import known_place, with_town_after
from vaultweave.weaver.extract.places_zh import city_at_end, known_city
from vaultweave.weaver.extract.rules_text import Fact, words
from vaultweave.weaver.extract.span_features import is_chinese
from vaultweave.weaver.extract.span_reader import someone_else
from vaultweave.weaver.extract.trips import (
    FORMER_HOME_EN,
    STATION_ZH,
    TOWN_COSTS_EN,
    TRIP_EN,
    TRIP_ZH,
    VENUE_ZH,
)

# Below a home said outright (0.75-0.9): a town named in passing.
PASSING_CONFIDENCE = 0.6
# The job facts whose town is, nearly always, where the person lives.
_JOB_ATTRIBUTES = frozenset({"job_title", "employer", "workplace"})

# A town thought of, not lived in: a plan, a wish, a maybe, a denial, a move still to come.
_NOT_NOW_EN = re.compile(
    r"\b(?:if|would|could|might|maybe|perhaps|thinking|considering|plan(?:ning)?|hope|wish|dream\w*|"
    r"moving|move|relocat\w*|leave|leaving|not|never|no\s+longer|used\s+to|back\s+when|until|till|once)\b",
    re.IGNORECASE,
)
# Whose home "my parents house" is: theirs, however the apostrophe was typed
_NOT_KIN = (r"(?!(?:parents?|mum|mom|dad|mums|moms|dads|sisters?|brothers?|sis|bro|friends?|grandma|grandpa|"
            r"grandparents|nan|gran|aunt|aunty|auntie|uncle|cousins?|boyfriends?|girlfriends?|partners?|wife|"
            r"husband|sons?|daughters?|in-laws|folks)\b)")
_WORDS_EN = r"(?P<town>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})"
# Frames of everyday life in a town: its rent, its traffic, a home in it, years spent there.
_EVERYDAY_EN = (
    re.compile(rf"\b(?:{TOWN_COSTS_EN}|life|living)\s+(?:here\s+)?in\s+" + _WORDS_EN, re.IGNORECASE),
    re.compile(r"\b(?:my|our)\s+(?!old\b|former\b|previous\b)(?:" + _NOT_KIN + r"\w+\s+)?"
               r"(?:flat|apartment|apt|place|house|unit|"
               r"condo|studio|room|street|"
               r"neighbou?rhood|area)\s+in\s+" + _WORDS_EN, re.IGNORECASE),
    re.compile(r"\b\d+\s*(?:yrs?|years?|months?)\s+(?:now\s+)?in\s+" + _WORDS_EN, re.IGNORECASE),
)
_TOWN_FIRST_EN = re.compile(
    r"(?:^|[\s,(])(?P<town>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\s+(?:traffic|rent|rents|weather|winters?|"
    r"summers?|humidity|heat|prices)\b",
    re.IGNORECASE,
)
# The town of a workplace: "at a diner in philly", "spotify (stockholm)", "boots (leeds branch)".
_WORK_TOWN_EN = (
    re.compile(r"\bin\s+" + _WORDS_EN),
    re.compile(r"\(\s*" + _WORDS_EN + r"(?:\s+(?:branch|office|campus|site|store|hq))?\s*[,)]",
               re.IGNORECASE),
    re.compile(_WORDS_EN + r"\s+(?:branch|office|campus|site|store|hq|headquarters)\b", re.IGNORECASE),
)

# The speaker, then a few words at most, then 在 and a town: "我还在南京", "我们在太原".
_SPEAKER_AT_ZH = re.compile(
    r"(?P<who>我们|咱们|咱|我|老子|阿拉|本人|俺们|俺|阮)(?P<between>[^，。,\s在]{0,3}?)在(?P<rest>[\u4e00-\u9fff]{2,8})"
)
# A sentence that opens with 在 and a town, its subject dropped: the speaker ("在成都市住建局当科员").
_DROPPED_AT_ZH = re.compile(r"^(?P<who>)(?P<between>)在(?P<rest>[\u4e00-\u9fff]{2,8})")
_NOT_NOW_ZH = re.compile(
    r"想|要|打算|准备|考虑|计划|不|没|别|如果|要是|假如|的话|可能|也许|以前|之前|曾经|原来|当年"
)
# A station or a moment in a town is no home (a school named for it is: 我在南京大学读研).
# Nor is a bank named by its town ("我在南京银行当柜员"): its branches are everywhere in the province.
_AFTER_TOWN_ZH = re.compile(rf"^(?:{STATION_ZH}|{VENUE_ZH}|转机|的时候|那会|那时|银行|农商行|农商银行|证券)")


def towns_in_passing(sentences: Sequence[str], facts: Sequence[Fact]) -> list[Fact]:
    """The towns ``sentences`` name in passing as where someone lives (the speaker, or the
    person a job fact of the same sentence is about), for those the turn's ``facts`` give
    no home."""
    housed = {(f.about, f.name) for f in facts if f.attribute == "lives_in" and f.op is Op.ASSERT}
    # "my sister is living in Leeds these days": the town is hers, not the speaker's too
    theirs = {f.value for f in facts
              if f.attribute == "lives_in" and f.op is Op.ASSERT and (f.about or f.name)}
    found: list[Fact] = []
    for sentence in sentences:
        # "my parents in mysore would kill me": the relative's home, not the speaker's
        kin = [] if is_chinese(sentence) else kin_homes(sentence)
        for fact in [*kin, *_in_sentence(sentence, facts)]:
            if not (fact.about or fact.name) and fact.value in theirs:
                continue
            if (fact.about, fact.name) not in housed:
                housed.add((fact.about, fact.name))
                found.append(fact)
    # "杭州有没有靠谱的宠物医院推荐"; also beside a home only assumed that is no town (a shop's district)
    own = [f for f in (*facts, *found) if f.attribute == "lives_in" and f.op is Op.ASSERT and not f.about
           and not f.name]
    town = local_town(sentences) if all(f.assumed and not known_city(f.value) for f in own) else ""
    return [*found, _assumed(town)] if town else found


def _in_sentence(sentence: str, facts: Sequence[Fact]) -> list[Fact]:
    if is_chinese(sentence):
        town = _speaker_town_zh(sentence)
        return [_assumed(town)] if town else []
    own = _own_home(sentence)
    if own:  # "kanonkop's 15 min from my place in stellenbosch, no move": the home is said as mine
        return [_assumed(own)]
    if TRIP_EN.search(sentence) or _NOT_NOW_EN.search(sentence) or sentence.rstrip().endswith("?"):
        return _here_in_plain_piece(sentence)
    working = [f for f in facts if f.attribute in _JOB_ATTRIBUTES and f.op is Op.ASSERT and f.value
               and f.value.casefold() in sentence.casefold()]
    for fact in working:  # the person whose job the sentence tells lives in its town
        town = _first_town(_WORK_TOWN_EN, sentence)
        if town:
            return [_assumed(town, fact.about, fact.name)]
    town = (_first_town(_EVERYDAY_EN, sentence) or _first_town((_TOWN_FIRST_EN,), sentence)
            or _home_named(sentence))
    return [_assumed(town)] if town and not _others_sentence(sentence) else []


# A home of one's own in a place the gazetteer may not know, named with its capitals:
# "MRT from my place in Jurong", "our flat in Kakkanad", "come to mine in Partick after"; and
# the town one is in ("here in Cebu").
_HOME_NAMED_EN = re.compile(
    r"\b(?:(?:my|our)\s+(?!old\b|former\b|previous\b)(?:" + _NOT_KIN + r"[\w-]+\s+){0,2}?"
    r"(?:flat|apartment|apt|place|house|unit|condo|studio|home)|(?:to|at)\s+mine|"
    # the town at hand: "it's 75 degrees here in Phoenix", "the pool here in Umhlanga"
    r"(?:(?:over|down|up|out|back)\s+)?here|(?:from|at)\s+home)\s+in\s+(?:(?P<town>(?:(?:St|Mt|Ft)\.\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)|"
    # typed in lower case: one word, ending the phrase ("my place in jurong is like 1.5 hrs")
    r"(?P<lower>[a-z][a-z'-]{3,})(?=\s*(?:$|[,.;!?)]|\s(?:is|was|and|so|but|lol|too|now|after|later|tonight)\b)))"
)
# "in Saint-Jean-Port-Joli where we live", "Ponsonby, where I live"
_WHERE_WE_LIVE_EN = re.compile(r"\b(?P<town>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?),?\s+where\s+(?:I|we)\s+"
                               r"(?:live|stay|(?:'re|\s+are|'m|\s+am)\s+based)\b")
_NOT_TOWNS = frozenset({"the", "my", "our", "i", "town", "city", "centre", "center", "halls", "college",
                        "between", "general", "there", "here", "question"})


def _here_in_plain_piece(sentence: str) -> list[Fact]:
    """ "no idea if I'll stay at the depot, childcare here in Tampere is brutal": the hedge
    is another piece's; the piece that names the town said "here in" plainly."""
    for piece in re.split(r"\s*[,;]\s*|\s+(?:so|but|because|cos)\s+", sentence):
        plain = not (TRIP_EN.search(piece) or _NOT_NOW_EN.search(piece) or piece.rstrip().endswith("?"))
        found = _HOME_NAMED_EN.search(piece) if plain and not _others_sentence(piece) else None
        if found and found.group("town") and re.search(r"\bhere\s+in\b", found.group(0)):
            town = found.group("town")
            return [_assumed(town)] if town.lower() not in _NOT_TOWNS else []
    return []


def _home_named(sentence: str) -> str:
    match = _HOME_NAMED_EN.search(sentence) or _WHERE_WE_LIVE_EN.search(sentence)
    town = (match.group("town") or match.groupdict()["lower"].title()) if match else ""
    return town if town.lower() not in _NOT_TOWNS else ""


# One's own home by the words that make it one's own, whatever else the sentence says ("won't be
# visiting my place in nashville", "she moves into my place in jlt next week"): only leaving it,
# a wish, a home still to find or a time gone right before it, or a question, leaves it unread.
_OWN_HOME_EN = re.compile(
    r"\b(?P<before>(?:[\w']+\s+){0,3})(?:my|our)\s+(?:own\s+|little\s+|tiny\s+|rented\s+|small\s+)?"
    r"(?:flat|apartment|apt|place|house|condo|unit|depa)\s+in\s+"
    r"(?P<town>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)", re.IGNORECASE)
_LEAVING_EN = re.compile(r"\b(?:leav\w*|left|sell\w*|sold|quit\w*|until|till|once|if|would|could|used\s+to|"
                         r"back\s+when|out\s+of|away\s+from|moved\s+from|new|next|buy\w*|find\w*|look\w*)\b",
                         re.IGNORECASE)
# Words after a lower-case town that show it ends there: "my place in jlt next week"
_AFTER_OWN_TOWN = words("is was has and so but lol haha too now next this last tonight tomorrow anytime "
                        "for with no which")


def _own_home(sentence: str) -> str:
    if sentence.rstrip().endswith("?") or _others_sentence(sentence):
        return ""
    for m in _OWN_HOME_EN.finditer(sentence):
        if _LEAVING_EN.search(m.group("before")):
            continue
        tokens = m.group("town").split()
        town = _longest_town(m.group("town"))
        if not town and tokens[0][:1].isupper():
            town = " ".join(t for t in tokens if t[:1].isupper())
        elif not town and (len(tokens) == 1 or tokens[1].lower() in _AFTER_OWN_TOWN) and len(tokens[0]) >= 3:
            town = tokens[0].upper() if len(tokens[0]) <= 3 else tokens[0].title()  # "jlt", "stellenbosch"
        if town and town.lower() not in _NOT_TOWNS and town.lower() not in NOT_HOMES:
            return town
    return ""


def former_homes(sentences: Sequence[str]) -> list[Fact]:
    """ "so much better than my old place in pilsen": the speaker's home that was, ended."""
    found = (_first_town((_FORMER_HOME_EN,), s) for s in sentences if not is_chinese(s))
    return [Fact("lives_in", town, Op.RETRACT, 0.7) for town in found if town]


_FORMER_HOME_EN = re.compile(FORMER_HOME_EN.pattern + _WORDS_EN, re.IGNORECASE)


def _others_sentence(sentence: str) -> bool:
    """A sentence about someone else's home: "my sister's flat in Leeds", "his rent in Oslo"."""
    return bool(re.search(r"\b(?:his|her|their|[A-Z]\w+'s|my\s+\w+'s)\s+(?:\w+\s+)?"
                          r"(?:flat|apartment|place|house|rent|unit|room)\b", sentence))


def _first_town(patterns: Sequence[re.Pattern[str]], sentence: str) -> str:
    for pattern in patterns:
        for match in pattern.finditer(sentence):
            town = _longest_town(match.group("town"))
            if town:
                return town
    return ""


def _longest_town(words: str) -> str:
    """The longest run of the first words that names a known town ("new york city" -> "New
    York City", "leeds branch" -> "Leeds")."""
    tokens = words.split()
    for size in range(len(tokens), 0, -1):
        town = known_place(" ".join(tokens[:size]))
        if town:
            return town
    return ""


def _speaker_town_zh(sentence: str) -> str:
    """ "我还在南京苦哈哈上班呢" -> 南京; "" for a trip, a plan or a denial."""
    others, before = False, ""  # the dropped subject is the speaker unless a clause before names someone else
    trip = False  # "复试通知来了 4月2号上午九点 线下 在上海": after a trip or an exam, "在X" is where it is
    for clause in re.split(r"[，,；;。!！?？~～\s]+", sentence.strip()):
        others, before = others or bool(before and someone_else(before)), clause
        if TRIP_ZH.search(clause):
            trip = True
            continue
        dropped = [] if others or trip or _SPEAKER_AT_ZH.match(clause) else [*_DROPPED_AT_ZH.finditer(clause)]
        for match in [*dropped, *_SPEAKER_AT_ZH.finditer(clause)]:
            if match.group("who").startswith(("我", "咱", "俺")) and someone_else(clause[match.start():]):
                continue  # "我老公在苏州": his town ("老子", "阿拉": the speaker's own words for I)
            if _NOT_NOW_ZH.search(match.group("between")) or _NOT_NOW_ZH.search(clause[: match.start()]):
                continue
            rest = match.group("rest")
            town = next((rest[:n] for n in (4, 3, 2) if known_city(rest[:n])), "")
            after = rest[len(town):]
            if town and not _AFTER_TOWN_ZH.match(after) and not _NOT_NOW_ZH.search(clause[match.end():]):
                return town.removesuffix("市")
    return _town_here_zh(sentence)


_PLAN_ZH = re.compile(r"要是|如果|假如|打算|准备|考虑|搬")
# A town called "here", or its weather felt: "珠海这边冬天也不冷", "西安这满大街肉夹馍", "深圳热到爆".
_HERE_ZH = re.compile(r"(?P<town>[\u4e00-\u9fff]{2,5}?)(?:这边|这儿|这里|这满大街|这旮沓|"
                      r"(?:最近|这几天|这两天|今天|天天)?(?:热到|冷到|好热|好冷|太热|太冷|热死|冷死|回南天|下雨|下雪|降温))")


def _town_here_zh(sentence: str) -> str:
    """Never on a trip, in a question, after someone else ("我妹在杭州 杭州这边…") or a plan
    ("要是搬去成都 成都这边…") in the clause before."""
    if TRIP_ZH.search(sentence):
        return ""
    clauses = [c for c in re.split(r"[，,；;。!！~～\s]+", sentence) if c]
    for before, clause in zip(["", *clauses], clauses, strict=False):
        match = _HERE_ZH.search(clause)
        if (match is None or someone_else(before) or someone_else(clause) or re.search(r"[吗?？]$", clause)
                or _NOT_NOW_ZH.search(clause[: match.end("town")]) or _PLAN_ZH.search(before)):
            continue
        said = match.group("town")
        town = city_at_end(said)
        if town:
            return town.removesuffix("市")
    return ""


def homes_with_town(facts: list[Fact], text: str) -> list[Fact]:
    """English homes said with the town they are in ("i live in palermo, buenos aires"), whole."""
    homes = [f.value for f in facts if f.attribute == "lives_in" and f.op is Op.ASSERT and f.value.isascii()]
    whole = with_town_after(homes, text) if homes else {}
    return [replace(f, value=whole[f.value]) if f.attribute == "lives_in" and f.value in whole else f
            for f in facts]


def _assumed(town: str, about: str = "", name: str = "") -> Fact:
    return Fact("lives_in", town, Op.ASSERT, PASSING_CONFIDENCE, about=about, name=name, assumed=True)
