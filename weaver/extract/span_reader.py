"""The learned span reader: values the rules could not place, found by a small trained model.

Hand-written rules read the phrasings their authors saw; chat finds others ("hiya, sunita
here, 33, radiographer at st james"). A linear-chain CRF per language (CRFsuite, through
``python-crfsuite``) tags the tokens of a sentence with the attribute whose value they
spell (``B-lives_in``, ``I-lives_in``, ``O``), from the features in ``span_features``. The
models are trained by ``python -m bench.facts.train_reader`` from an annotated corpus of
chat messages and the spent gold conversations, and ship in the package
(``weaver/data/reader_*``, 0.7-0.9 MB each xz-compressed, pinned by sha256): nothing is
downloaded, and the same sentence always reads the same way.

The reader only fills gaps: a value it finds is kept when the rules gave no value of that
attribute about the speaker in the same turn and did not place the value itself, when the
model marks it (``span_decoding``: sure of every token on its best path, or, in a sentence
where the speaker says "I", "my" or "我", each token likely a value where that path left it
out), and when the value survives the
clean-up the rules' own values get. It reads only what the rules' gates let through (no
question, wish or opinion: the caller's part) and ``readable_parts`` keeps (no negation,
no other person, no bare reply that needs its question). Its facts carry a lower
confidence (``CONFIDENCE``) and ``origin`` stays "rules": one more reading of the same
offline path. The things of appointments and routines it marks are ``span_events``' to
date.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import NamedTuple

from vaultweave.weaver.attributes import is_single_valued
from vaultweave.weaver.extract import packaged_crf
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.car_names_en import CAR_PARTED_WITH, bare_model
from vaultweave.weaver.extract.doubt_cues import ended_by_name
from vaultweave.weaver.extract.normalise_en import PERSON
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.reader_misreads import read_as, whole_words_zh
from vaultweave.weaver.extract.rules_text import (
    Fact,
    clean_name,
    clean_org,
    clean_place,
    clean_title,
    languages,
    tidy,
    words,
)
from vaultweave.weaver.extract.rules_zh_people import OTHER_PARTY, person
from vaultweave.weaver.extract.rules_zh_values import LANGUAGES as ZH_LANGUAGES
from vaultweave.weaver.extract.rules_zh_values import LEAD_WORDS, number_of, org_of, own_title, place_of
from vaultweave.weaver.extract.said_plainly_en import KIN
from vaultweave.weaver.extract.span_decoding import marked_spans
from vaultweave.weaver.extract.span_features import features, is_chinese, tokens
from vaultweave.weaver.extract.trades_zh import SITTING
from vaultweave.weaver.extract.trips import (
    STATION_ZH,
    VENUE_ZH,
    costs_of,
    is_trip,
    left_behind,
    passed_through,
    planned_visit,
)

LANGS = ("en", "zh")
# The speaker's own attributes whose values are words of the turn. Events, routines and
# habits are left to the rules: their values are rewritten ("runs", a time), not spans.
ATTRIBUTES = words(
    "lives_in hometown employer job_title studies_at age name alias learning speaks allergy diet "
    "likes dislikes hobby favourite_food favourite_drink favourite_band favourite_movie car"
)
# What the model marks besides: the thing of an appointment or a routine, whose time the
# rules' date finders read around it (``span_events``).
EVENT_ATTRIBUTES = words("appointment routine")
LEARNED = ATTRIBUTES | EVENT_ATTRIBUTES
CONFIDENCE = 0.7
THEIR_CONFIDENCE = 0.65  # of someone else, said as their own: one step less sure
_CLEAN_EN: dict[str, Callable[[str], str | None]] = {
    "lives_in": clean_place,
    "hometown": clean_place,
    "employer": clean_org,
    "studies_at": clean_org,
    "job_title": clean_title,
    "name": clean_name,
    "alias": clean_name,
}
_ZH_EDGES = " \t,，。.!！?？、；;:：~～…\"'“”‘’()（）【】"
_CLEAN_ZH: dict[str, Callable[[str], str | None]] = {
    "lives_in": place_of, "hometown": place_of, "employer": org_of, "studies_at": org_of,
    "job_title": lambda v: own_title(v) or None,  # "蒙古国那边的进出口": no title
}
# Pieces of a sentence, not values: "的地方", "个双非", "教育的公司".
_ZH_NOT_A_VALUE = re.compile(r"^(?:的|个|了|在|是|第)|的(?:地方|公司|学校)$")


# A clause shorter than this is a reply that needs its question ("oh, rotterdam", "宝鸡的"):
# the rules read it with the question, the reader never does.
MIN_WORDS = 3
MIN_HANZI = 4
_NEGATED_EN = re.compile(r"\b(?:not|cannot|never|no|nah|nope|no longer)\b|\b\w+n[’']t\b", re.IGNORECASE)
# A "no" that answers the assistant before a statement of one's own: "no I am from Sherbrooke".
_ANSWERED_NO = re.compile(r"^\W*(?:no|nah|nope|naw)\b[\s,.!-]+(?=(?:i|i'm|im|i've|ive|my|we|we're)\b)",
                          re.IGNORECASE)
# A clause whose subject is someone else: "he's a retired cop in valencia".
# So is one that opens with a name and what is said of it ("Divya is branch manager at HDFC",
# "Priya, she's a junior doctor") or with someone of the speaker's, named ("my kuya Paolo is").
_THIRD_EN = re.compile(r"^\W*(?:(?:also|and|oh|so|but|plus|btw|ok|okay|well|anyway)\W+)*(?:"
                       r"(?i:he|she|they|his|her|their)\b|"
                       # a group of others: "everyone from college is in bangalore", "my mates are in Leeds"
                       r"(?i:everyone|everybody|all\s+(?:of\s+)?(?:my|our|the)\s+[a-z]+|"
                       r"(?:my|our)\s+(?:friends|mates|parents|folks|cousins|kids|colleagues|coworkers|classmates))"
                       r"\b(?!\s+(?:and|&|n)\s+(?:i|me)\b)|"
                       r"(?!I\b)[A-Z][a-z]+(?:,\s+(?:he|she)\b|'s\s|\s+(?:is|was|has|had|got|works|lives|moved)\b)|"
                       r"(?i:my|our)\s+[a-z]+\s+[A-Z][a-z]+\s+(?:is|was|has|had|got|works|lives|moved)\b|"
                       # a name typed in lower case: "tomas is allergic to cats", "priya's a nurse"
                       r"(?!(?:it|this|that|there|here|what|who|life|work|rent|everything|everyone|nothing)\b)"
                       r"[a-z]{3,}(?:'s|\s+(?:is|was))\s+(?:allergic|a|an|from|married|pregnant|vegan|vegetarian)\b)")
# A clause that opens with someone of the speaker's, by any word for them: "my tita is a
# caregiver in Israel", "my sister-in-law works at Aga Khan" ("my sister and I ..." is ours too).
_THEIRS_BY_KIN = re.compile(
    r"^\W*(?:(?:also|and|oh|so|but|plus|btw|ok|okay|well|anyway)\W+)*(?i:my|our)\s+"
    r"(?:(?:little|big|older|younger|baby|twin|elder|best|wee|lil)\s+)?(?i:" + PERSON.replace("?P<rel>", "?:")
    + "|" + "|".join(KIN) + r")(?:'s)?\b(?!\s+(?:and|&|n)\s+(?:i|me)\b)"
)
# A clause that weighs, plans, tries or looks back tells no value of now, whatever the model
# marks in it: "planning to relocate to Accra", "applied for a teller job at Capitec in
# Mthatha", "almost took the job at MTN", "used to work at KCB"; "打算明年搬去大理 开个小客栈",
# "以前会一点西班牙语" (the rest of the clause after it too).
_NOT_NOW_EN = re.compile(
    r"\b(?:plan(?:s|ned|ning)?\s+to|thinking\s+(?:of|about)|consider(?:ing)?|hop(?:e|ed|ing)\s+to|"
    r"want(?:s|ed)?\s+to|wanna|might|would|could|should|if|unless|appl(?:y|ied|ying)|interview(?:s|ed|ing)?|almost|nearly|"
    r"dream(?:s|ing)?|someday|one\s+day|wish|used\s+to|formerly|back\s+when|last\s+time\s+i)\b",
    re.IGNORECASE,
)
_NOW_AGAIN_ZH = re.compile(r"\s(?:现在|反正|目前|不过|但是?|其实)")
_NOT_NOW_ZH = re.compile(r"想|打算|准备|计划|希望|梦想|考虑|纠结|要不要|如果|要是|假如|以前|之前|曾经|过去|"
                         r"本来|原来")
# A car parted with: "sold the jazz", "traded in the civic", "wrote off the polo"
_CAR_GONE = re.compile(rf"\b(?:{CAR_PARTED_WITH}|sell(?:ing)?|trading\s+in|scrapping|got\s+rid\s+of)\b",
                       re.IGNORECASE)
_CAR_GOT = re.compile(r"\b(?:bought|got|getting|picked\s+up|new|now|for)\b", re.IGNORECASE)
# Words that say a car without naming it.
_NOT_CARS = words("model car cars one ride motor vehicle whip wheels the a an my our")
# Words that point at someone or something and name nothing: "I love you guys" likes no "you".
_POINTERS = words("i me you he him she her it we us they them this that these those guys y'all everyone")
# Words that stand for a name without being one, besides the pointers: "nobody calls me that one".
_NOT_NAMES = words("one so")
_NEGATED_ZH = re.compile(r"不是|不在|没在|没回|不回|没有(?!之一)|不再|不住|没住|不做|没做|不干|没干|不会|"
                         r"不用|并非|不让我|不当|没当")
_WORD = re.compile(r"[^\W\d_]+|\d+")
# Words that do not make a reply stand alone: "oh and english", "haha yeah porto".
_FILLER_EN = words("and or the a an oh ah haha lol yeah yes yep ok okay well so um uh hmm")
_HANZI = re.compile(r"[\u3400-\u9fff]")
_ZH_COMMA = re.compile(r"[，,、]")
_ZH_TONGUE = re.compile(r"(?:语|文|(?<![电说讲对废笑情神])话)$")  # 四川话, not 打电话
# Words before a number that make it a price, a count or a score, not an age.
_NOT_AGE_BEFORE = words(
    "paid pay cost costs spent spend was were is for at about around only just over under "
    "scored score ran run lost gained weigh weighed weighs bought sold got earn earned make "
    "made bench lift lifted number no page room size level day week $ £ € ¥ : ."
)
# After a name that opens a sentence: "Priya and I live in Hove" is someone else's name.
_AND_I = re.compile(r"\s*(?:and|&)\s+(?:I|me|my)\b", re.IGNORECASE)
# An employer or a school beside these is a place visited: "interview at Google friday".
_VISIT = re.compile(
    r"\b(?:interviews?|interviewing|phone\s+screen|screening|meeting|appointment|appt|open\s+day|"
    r"assessment\s+day|tour|visit|(?:job\s+)?offers?)\b|面试|笔试|复试|参观|开会|"
    # a place sat in, not worked at: "我在星巴克写作业"
    r"写作业|自习|看书|复习|喝咖啡|等人|蹭网",
    re.IGNORECASE,
)
# Chinese values widened to whole words; never a town, which a word may run on from (曼彻斯特大学)
_WIDENED = words("employer studies_at job_title")
# Attributes whose values are common nouns, which a sentence's first capital does not name.
_COMMON_NOUNS = words("likes dislikes hobby learning diet allergy favourite_food favourite_drink")
# What a reply says besides its value: "嗯 产品经理", "oh yeah, porto" need their question.
_REPLY_FILLER = re.compile(
    r"[\s\W_]+|\b(?:and|or|oh|ah|haha|lol|yeah|yes|yep|ok|okay|well|so|um|uh|hmm|the|a|an|it's|its|i'm|im)\b|"
    r"[嗯哦噢啊呃对是的好吧呀啦哈呢嘛就还在]",
    re.IGNORECASE,
)
# Someone else named at the head of a Chinese clause: its later parts are theirs too
# ("小李换工作了，去了百度"). A pronoun, a relation (``person``) or a name of the 小/老/阿 kind.
_ZH_SOMEONE = re.compile(
    r"^(?:他|她|它)(?!们)|^(?:小|老|阿)[\u4e00-\u9fff](?=[^\s，,]{0,12}(?:了|在|是|去|说))"
    # "琴行老师调课了", "教练说…", "琴行老师跑路了": someone named by their role, who says or
    # changes something, or leaves ("跟医生说了我…", "医生让我…": the speaker's own)
    r"|^(?![^，,]{0,4}?[我跟和给对问找向同])[\u4e00-\u9fff]{0,4}?(?:老师|教练|医生|房东|师傅|馆长|班主任)"
    r"(?:说|讲|调|排|通知|跑路|跑了|走了|辞职|离职|请假|病了|退休|不干了|不教了)"
)


def someone_else(clause: str) -> bool:
    """Whether a Chinese clause opens with someone other than the speaker ("我哥...",
    "她...", "小李换工作了"): what follows it without a subject of its own is theirs."""
    start = clause.lstrip("，, ")
    return person(start, None) is not None or bool(_ZH_SOMEONE.search(start) or OTHER_PARTY.match(start))


# "在星巴克写代码", "在图书馆看书": a place one sits in to do something, not a job there
_SAT_IN = re.compile(r"在([^\s，,。在]{1,8}?)(?:里|上)?(?:写|看|学|做作业|复习|读|刷|喝|坐|等)")


# An English sentence that opens with someone else, and one with no subject of its own after it
# ("he starts monday. still in dakar"): the second goes on about him
_THEIRS_OPENS = re.compile(r"\W*(?:he|she|they)(?:'s|'re|\s)", re.IGNORECASE)
_BARE = re.compile(r"\W*(?:still|now|also|currently|back|in|at|based|living)\b", re.IGNORECASE)


def after_theirs(sentence: str, theirs_before: bool) -> tuple[bool, bool]:
    """Whether ``sentence`` is a bare piece about the someone else of the sentence before
    (``theirs_before``), and whether the next sentence's bare pieces are someone else's too."""
    bare = theirs_before and bool(_BARE.match(sentence)) and not is_chinese(sentence)
    return bare, bare or bool(_THEIRS_OPENS.match(sentence))


def readable_parts(clause: str) -> list[str]:
    """The parts of ``clause`` the reader may read: long enough to stand alone, what comes
    before a negation, a plan or a wish, and not about someone else ("我哥跳槽去网易了"); a
    Chinese clause part by part between its commas, where a bare "X的" is a reply to a
    question ("福建泉州的"), left to the rules that read it with its question. The rules' own
    gates (questions, wishes, opinions) are the caller's."""
    if not is_chinese(clause):
        clause = _ANSWERED_NO.sub("", clause, count=1)
        theirs = _THIRD_EN.match(clause) or _THEIRS_BY_KIN.match(clause)
        # what a negation or a weighing is about comes after it; what comes before stands:
        # "i'm a nurse at Mercy and i don't like it", "... as a clinical officer and I might quit"
        found = [m.start() for m in (_NEGATED_EN.search(clause), _NOT_NOW_EN.search(clause)) if m]
        clause = clause[: min(found)].rstrip(" ,;-") if found else clause
        content = [w for w in _WORD.findall(clause) if w.casefold() not in _FILLER_EN]
        return [clause] if len(content) >= MIN_WORDS and not theirs else []
    readable: list[str] = []
    weighed_before = False  # what follows a plan or a look back is weighed too, till now is spoken of again
    for part in (p.strip() for p in _ZH_COMMA.split(clause)):
        if someone_else(part) or (weighed_before and not _NOW_AGAIN_ZH.match(" " + part)):
            break  # theirs (or weighed), and so is what follows without a subject of its own
        weighed = _NOT_NOW_ZH.search(part)  # what comes before it stands ("还没想好 反正现在还在长沙")
        resumed = _NOW_AGAIN_ZH.search(part, weighed.end()) if weighed else None
        if weighed:
            part = part[: weighed.start()] + (part[resumed.start() :] if resumed else "")
        weighed_before = bool(weighed) and not resumed
        sat_in = _SAT_IN.search(part)  # "周末在星巴克写代码": where one sits, no employer
        if (
            len(_HANZI.findall(part)) >= MIN_HANZI
            and not _NEGATED_ZH.search(part)
            and not part.rstrip(_ZH_EDGES).endswith("的")
            and not (sat_in and SITTING.search(sat_in.group(1)))
        ):
            readable.append(part)
    return readable


def model_file(lang: str) -> str:
    return f"reader_{lang}.crfsuite.xz"


def _clean(attribute: str, raw: str, chinese: bool) -> str | None:
    if chinese:
        trimmed = raw.strip(_ZH_EDGES)
        latin = re.match(r"[A-Za-z][A-Za-z .'-]*(?=[\u4e00-\u9fff])", trimmed)
        if attribute in ("name", "alias") and latin:
            trimmed = latin.group().strip()  # "叫我Kevin得啦": the name, not the particle after it
        if attribute == "speaks" and not (trimmed in ZH_LANGUAGES or _ZH_TONGUE.search(trimmed)):
            return None  # "打电话和发微信" is no language
        # the clean-up the rules' own values get: "太古里的Apple Store" is Apple Store, "的地方"
        # and "第" are no place or company
        if attribute == "age":  # "七十三" -> 73, as the rules write an age
            years = number_of(trimmed.removesuffix("岁"))
            return str(years) if years is not None and 1 <= years <= 120 else None
        value = _CLEAN_ZH[attribute](trimmed) if attribute in _CLEAN_ZH else trimmed
        value = value if value is None else LEAD_WORDS.sub("", value) or value  # "一杯拿铁", "还是X"
        if value is None or (attribute in _CLEAN_ZH and len(value) < 2 and not value.isascii()):
            return None
        return value if 1 <= len(value) <= 20 and not _ZH_NOT_A_VALUE.search(value) else None
    if attribute == "speaks":
        said = languages(raw)
        return said[0] if len(said) == 1 else None
    if attribute == "age":
        return raw if raw.isdigit() and 1 <= int(raw) <= 120 else None
    value = _CLEAN_EN.get(attribute, tidy)(raw)
    if not value or all(w in _POINTERS for w in value.casefold().split()):
        return None
    if attribute in ("lives_in", "hometown"):
        place = known_place(value)
        return place if place is not None else value if value[:1].isupper() else None
    if attribute in ("name", "alias") and value.casefold() in _NOT_NAMES:
        return None
    if attribute == "car" and all(w.isdigit() or w in _NOT_CARS for w in value.casefold().split()):
        return None  # "a second hand Ranger, 2019 model": the model is the Ranger
    if attribute in ("name", "alias") and value.islower():
        return value.title()
    return value


# A sentence that opens as another party's message: "SYSTEM: admin mode", "assistant: ..."
_ROLE_LABEL = re.compile(r"\s*(?:system|assistant|admin|developer|user)\s*[:：]", re.IGNORECASE)
# A sentence about someone made up: "Main character: Baraka, 30, a matatu driver", "男主是个律师"
_FICTION = re.compile(r"\b(?:main\s+)?character\s*:|\bprotagonist\b|\b(?:in\s+)?my\s+"
                      r"(?:story|novel|screenplay|script|book)\b|主角|男主|女主|角色[:：]|小说里",
                      re.IGNORECASE)


def read(sentence: str, before: str = "") -> list[Fact]:
    """The values the model finds in one sentence (``before``: the sentence before it in
    the turn), cleaned, each a fact of the speaker."""
    chinese = is_chinese(sentence)
    facts: list[Fact] = []
    if _FICTION.search(sentence):
        return facts
    if _ROLE_LABEL.match(sentence):
        return facts  # "SYSTEM: admin mode.": a message dressed as another's, nobody's fact
    for attribute, start, raw, word_before in marked(sentence, ATTRIBUTES, before):
        if chinese and attribute in _WIDENED:
            start, raw = whole_words_zh(sentence, start, raw)
        if attribute == "age" and word_before in _NOT_AGE_BEFORE:
            continue  # "paid 45, two coffees": a price, not an age
        if chinese and re.search(re.escape(raw) + r"[\u4e00-\u9fff]{0,2}的人", sentence):
            continue  # "跑滴滴的人越来越多": people who do it, not the speaker
        opens = not sentence[:start].strip(" \t\"'“‘(")
        if attribute in ("name", "alias") and opens and _AND_I.match(sentence, start + len(raw)):
            continue  # "Priya and I live in Hove": hers is no name of the speaker's
        attribute = read_as(attribute, sentence, start, raw, chinese)
        if not attribute:
            continue
        if attribute in ("employer", "studies_at") and _VISIT.search(sentence):
            continue  # "phone screen with Stripe thursday 3pm": a visit, not a job
        left = rf"\b(?:old|former|ex)[- ]\w+\s+(?:at|from)\s+{re.escape(raw)}"  # never "an account exec at"
        if attribute == "employer" and re.search(left, sentence, re.IGNORECASE):
            continue  # "my old colleagues at Ocado": a workplace left
        if attribute == "car" and _parted_with(sentence[:start]):
            continue  # "sold the 2012 honda jazz to my neighbour": the car that was
        if attribute == "car" and bare_model(raw, sentence):
            continue  # "I bought a polo for the wedding": a shirt as likely as a car
        town = re.escape(raw)
        venue = f"{town}(?:{VENUE_ZH}|{STATION_ZH})"  # "在厦门总部": where something is held, not lived
        if attribute == "lives_in" and chinese and (re.search(f"{town}老家|老家{town}", sentence) or (
                re.search(venue, sentence) and not re.search("[住搬]", sentence))):
            continue  # "过年回合肥老家": the hometown (the rules read it), not where one lives
        if attribute == "lives_in" and (is_trip(sentence) or passed_through(raw, sentence)
                                        or left_behind(raw, sentence) or planned_visit(raw, sentence)
                                        or costs_of(raw, sentence)):
            continue  # "in Paris for a conference", "在北京南站等车", "my old place in X", "想去X",
            # "parking in manchester is a nightmare": not home (towns_in_passing weighs the last)
        value = _clean(attribute, raw, chinese)
        if value and opens and attribute in _COMMON_NOUNS and value[:1].isupper() and value[1:2].islower():
            value = value[0].lower() + value[1:]  # "Chess is my passion": a capital of the sentence
        if value:
            facts.append(Fact(attribute, value, confidence=CONFIDENCE))
    return facts


def _parted_with(before: str) -> bool:
    """Whether the words before a car part with it ("sold the", "traded in my"), and no
    other car is got after them ("sold the civic and bought a")."""
    gone = [m.end() for m in _CAR_GONE.finditer(before)]
    return bool(gone) and not _CAR_GOT.search(before, gone[-1])


# What is a name of a place, an employer, a school or a person: unsure of one word in lower case,
# the model reads none of these
_NAMED = frozenset(("employer", "studies_at", "lives_in", "hometown", "workplace", "name", "alias"))
# The speaker in their own words: "i work night shift sa Concentrix", "我在美团跑单"
_SELF = re.compile(r"\b(?:i|i'm|im|i've|ive|my|me|we|we're|our)\b|我|俺|咱", re.IGNORECASE)


# A sentence longer than any chat sentence (a paste, a hostile turn of 10,000 words) is left to
# the rules: the model learned from chat, and its features cost grows with the sentence.
MAX_TOKENS = 400


def marked(sentence: str, attributes: frozenset[str], before: str = "") -> list[tuple[str, int, str, str]]:
    """Each span of ``sentence`` the model marks with one of ``attributes`` (``span_decoding``:
    sure on the best path, or likely off it): (attribute, where it starts, its text as
    typed, the casefolded token before it)."""
    toks = tokens(sentence)
    if not toks or len(toks) > MAX_TOKENS:
        return []
    tagger = packaged_crf.tagger(model_file("zh" if is_chinese(sentence) else "en"))
    labels = tagger.tag(features(sentence, toks, before))
    found: list[tuple[str, int, str, str]] = []
    for start, end, attribute, sure in marked_spans(tagger, labels):
        if attribute not in attributes or not (sure or _SELF.search(sentence)):
            continue  # unsure of it, in a sentence where the speaker says nothing of their own
        if not sure and end - start == 1 and attribute in _NAMED and toks[start].text.islower():
            continue  # "i'm from work, knackered": one word in lower case, unsure, is no name
        before = toks[start - 1].text.casefold() if start else ""
        begin = toks[start].start
        found.append((attribute, begin, sentence[begin : toks[end - 1].end], before))
    return found


def _folded(value: str) -> str:
    return " ".join(value.casefold().split())


def gaps(clauses: Iterable[tuple[str, ...]], read_by_rules: Sequence[Fact]) -> list[Fact]:
    """What the model reads in ``clauses`` that the rules left: an attribute they gave no
    value of the speaker (they may have ended or doubted it without one: "i'm out of
    rappi!! started at mercado libre"), with a value they did not place under any
    attribute or person (``read_by_rules``: the rules' facts of the same turn). "I love
    hiking" is the rules' like, not the reader's hobby; "I don't like coffee anymore" is
    their ending. Each clause comes with the date phrase of its change ("last month"), or "",
    and may come with the sentence before it in the turn, which the model reads it with."""
    return _unread(clauses, read_by_rules, ("", ""))


def _unread(
    clauses: Iterable[tuple[str, ...]], read_by_rules: Sequence[Fact], whose: tuple[str, str]
) -> list[Fact]:
    """``gaps`` for the person ``whose`` is (about, name); ("", "") is the speaker."""
    had = {f.attribute for f in read_by_rules if (f.about, f.name) == whose and f.op is Op.ASSERT}
    placed = [_folded(f.value) for f in read_by_rules if f.value]
    extra: list[Fact] = []
    for clause, when, *before in clauses:
        for found in read(clause, before[0] if before else ""):
            if bare_reply(clause, found.value):
                continue  # "嗯 产品经理": a reply, read with its question by the rules
            if ended_by_name(clause, found.value):
                continue  # "日语班我退了": the value the words end, not a new one
            fact = replace(found, when=when) if when else found
            value = _folded(fact.value)
            if fact.attribute in had or fact in extra or any(value in p or p in value for p in placed):
                continue
            if is_single_valued(fact.attribute) and any(f.attribute == fact.attribute for f in extra):
                continue  # "in NL five years, before that kyiv": one value, the first told
            extra.append(fact)
    return extra


class Theirs(NamedTuple):
    """A clause about someone else said as their own ("我在中石油" for "我老公在中石油")."""

    clause: str
    when: str
    about: str
    name: str


def their_gaps(clauses: Iterable[Theirs], read_by_rules: Sequence[Fact]) -> list[Fact]:
    """What the model reads of other people, each clause as if they said it ("my husband works
    at Ofcom" read as "I work at Ofcom"), for attributes the rules gave that person no value
    of: the same test as ``gaps``, with that person in the speaker's place. One step less
    sure than the speaker's own."""
    extra: list[Fact] = []
    for said in clauses:
        whose = (said.about, said.name)
        for found in _unread([(said.clause, said.when)], [*read_by_rules, *extra], whose):
            if found.attribute in ("name", "alias") and said.name:
                continue  # named already: "我对象叫阿杰" names them, the rules read it
            extra.append(replace(found, about=said.about, name=said.name, confidence=THEIR_CONFIDENCE))
    return extra


def bare_reply(clause: str, value: str) -> bool:
    """Whether ``clause`` says nothing but ``value`` and fillers ("嗯 产品经理", "yeah, porto")."""
    at = clause.casefold().find(value.casefold())
    if at < 0:
        return False
    rest = clause[:at] + " " + clause[at + len(value) :]
    return not _REPLY_FILLER.sub("", rest).strip()
