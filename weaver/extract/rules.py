"""The rules extractor: deterministic, offline facts from English and Chinese turns.

Pure: the same resources always give the same candidates, in textual order. One turn is
cut into sentences, a sentence into clauses (one first-person statement each), and every
clause goes through, in order:

1. chatter gates: questions, hypotheticals ("I'd love to", "if I lived"), opinions
   ("I think", "I feel like") and third-person talk state nothing about the speaker;
2. specific retractions ("I quit smoking", "I left Google", "我戒烟了");
3. negations of a statement ("I no longer X", "I don't X anymore", "I used to X",
   "我不再X", "我不X了"): the statement is read and its facts come back as RETRACT;
4. the positive rules, first accepting rule wins;
5. mentions anywhere after the matched part ("... with my wife Li", "my cat Mochi").

Layout: this module holds the extractor, sentence cutting and each language's clause grammar
(gates, negations, notes); ``rules_en`` / ``rules_zh`` hold the pattern tables, and
``rules_text`` the shared types, value clean-up and closed vocabularies.

Mapping decisions:
- "I'm learning X" / "我在学X" -> ``learning`` (its own multi-valued attribute, category
  education), not ``hobby``: it is a state that ends ("I stopped learning X").
- "I quit/stopped/gave up <verb>-ing" ends what "I <verb>" states (usually a ``habit``:
  "I quit smoking" retracts habit "smokes"); "I gave up <noun>" ("coffee", "sugar") retracts
  ``likes`` <noun>; "I quit <Company>" retracts ``employer``.
- Habits are third-person verb phrases without their frequency ("I run every morning" ->
  "runs") so that "I stopped running" meets them.
- Values keep the speaker's case, except job titles (lower-cased, acronyms kept) and closed
  vocabularies (diets, languages, pets, relatives), which are canonical English in both
  languages. Values longer than 80 characters (notes: 240) are rejected, never truncated.
- "I quit my job" / "我离职了" retracts ``employer`` with an empty value: the resolver reads
  that as "whatever the current employer is".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from vaultweave.schemas.config import VaultConfig
from vaultweave.store.resources import Resource
from vaultweave.weaver.attributes import canonical_sentence, spec_for
from vaultweave.weaver.extract import (
    dates,
    dates_en,
    dates_zh,
    events_en,
    rules_en,
    rules_zh,
    rules_zh_people,
)
from vaultweave.weaver.extract.base import Candidate, Op
from vaultweave.weaver.extract.rules_text import ADV, EDGES, NAME, Fact, Grammar, first_match, flipped

_CJK = re.compile(r"[\u4e00-\u9fff]")
_ENDS = re.compile(r"[.!?;。！？；]+|\n+")
_ABBREVIATIONS = frozenset(
    ["mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "vs", "etc", "e.g", "i.e", "approx", "no", "mt"]
    + ["inc", "ltd", "co"]
)
NOTE_CONFIDENCE = 0.95


class RulesExtractor:
    """Regex rules over a speaker's own turns. No I/O, no model, no network."""

    name = "rules"

    def __init__(
        self,
        default_subject: str = "user",
        ignore_roles: Sequence[str] = ("assistant", "system", "tool"),
    ) -> None:
        self.default_subject = default_subject
        self.ignore_roles = frozenset(r.casefold() for r in ignore_roles)

    def extract(self, resources: Sequence[Resource]) -> list[Candidate]:
        candidates: list[Candidate] = []
        for resource in resources:
            candidates.extend(self.extract_one(resource))
        return candidates

    def extract_one(self, resource: Resource) -> list[Candidate]:
        if self._ignored(resource):
            return []
        subject = (resource.speaker or "").strip() or self.default_subject
        return [_candidate(subject, fact, resource) for fact in facts_in(resource.text)]

    def _ignored(self, resource: Resource) -> bool:
        # A line without a role is judged by its speaker ("assistant", "system").
        who = resource.role if resource.role is not None else resource.speaker
        return who is not None and who.strip().casefold() in self.ignore_roles


def rules_extractor(config: VaultConfig) -> RulesExtractor:
    """The rules extractor as vault.toml configures it."""
    return RulesExtractor(
        default_subject=config.vault.default_subject,
        ignore_roles=tuple(config.weaver.ignore_roles),
    )


def _candidate(speaker: str, fact: Fact, resource: Resource) -> Candidate:
    spec = spec_for(fact.attribute)
    # A fact about someone else is theirs: by name when given, else "<speaker>'s sister".
    subject = fact.name or (f"{speaker}'s {fact.about}" if fact.about else speaker)
    happened = dates.resolve(fact.when, resource.ts) if fact.when else None
    scheduled = dates.resolve(fact.scheduled, resource.ts, "future") if fact.scheduled else None
    # A routine's weekdays ride in a tag ("days:tuesday"); an appointment's time is `when`.
    days = dates_zh.weekdays(fact.value) if fact.attribute == "routine" else ()
    tags: tuple[str, ...] = (f"days:{','.join(days)}",) if days else ()
    if fact.op is Op.DOUBT and not fact.value:  # "the move was exhausting"
        text = f"{subject}'s {fact.attribute.replace('_', ' ')} may have changed."
    elif fact.value:
        text = canonical_sentence(subject, fact.attribute, fact.value)
    else:  # "I quit my job": ends whatever value is current
        text = f"{subject}'s {fact.attribute.replace('_', ' ')} ended."
    return Candidate(
        subject=subject,
        attribute=fact.attribute,
        value=fact.value,
        text=text,
        category=spec.category,
        kind=spec.kind,
        source=resource.id,
        valid_from=happened or resource.ts,
        op=fact.op,
        confidence=fact.confidence,
        tags=tags,
        origin="rules",
        relation=fact.about,
        when=scheduled,
        spoken_at=resource.ts,
    )


def facts_in(text: str) -> list[Fact]:
    """Every fact a turn states about its speaker, in textual order, without duplicates."""
    facts: list[Fact] = []
    seen: set[tuple[str, str, Op, str, str]] = set()
    for sentence in split_sentences(text):
        grammar = CHINESE if _is_chinese(sentence) else ENGLISH
        for fact in _sentence_facts(sentence, grammar, allow_note=True):
            key = (fact.attribute, fact.value, fact.op, fact.about, fact.name)
            if key not in seen:
                seen.add(key)
                facts.append(fact)
    return facts


def split_sentences(text: str) -> list[str]:
    """Cut at . ! ? ; 。！？； and newlines, keeping "Dr. Li", "e.g. tea" and "6.30" whole."""
    sentences: list[str] = []
    start = 0
    for match in _ENDS.finditer(text):
        if match.group() == "." and _keeps_period(text, match.start()):
            continue
        piece = text[start : match.end()].strip()
        if piece:
            sentences.append(piece)
        start = match.end()
    tail = text[start:].strip()
    return [*sentences, tail] if tail else sentences


def _keeps_period(text: str, at: int) -> bool:
    after = text[at + 1 : at + 2]
    if after and not after.isspace() and not _CJK.match(after):
        return True  # 6.30, e.g., a.m.
    word = re.search(r"([\w.]+)$", text[:at])
    if not word:
        return False
    token = word.group(1)
    return token.lower() in _ABBREVIATIONS or (len(token) == 1 and token.isupper() and token != "I")


def _is_chinese(sentence: str) -> bool:
    stripped = sentence.lstrip(" \"'“‘([")
    if stripped and _CJK.match(stripped) or "我" in sentence:
        return True
    # "HR说面试提前了", "offer拿到了": Chinese with a Latin word first
    return len(_CJK.findall(sentence)) >= max(2, len(re.findall(r"[A-Za-z]+", sentence)))


def _sentence_facts(sentence: str, grammar: Grammar, allow_note: bool) -> list[Fact]:
    if allow_note:
        content = grammar.note(sentence)
        if content is not None:
            # A note is kept verbatim, and what it states is read like any other sentence.
            inner = _sentence_facts(content, grammar, allow_note=False)
            return [Fact("note", content, Op.ASSERT, NOTE_CONFIDENCE), *inner]
    if grammar is CHINESE:
        return _zh_sentence_facts(sentence)
    if grammar.is_question(sentence):
        return []
    facts: list[Fact] = []
    for clause in grammar.split_clauses(sentence):
        prepared = grammar.prepare(clause)
        other = grammar.other(prepared) if grammar.other else None
        events = grammar.events(clause) if grammar.events else []
        if events:
            found = events
        elif other is not None:
            about, name, first_person, relation = other
            found = relation + [
                replace(f, about=about, name=name)
                for f in _clause_facts(first_person, grammar)
                if not f.about and f.attribute != "note"
            ]
        else:
            found = _clause_facts(prepared, grammar)
        when = grammar.dated(clause) if grammar.dated else ""
        if when:  # "we moved to Denver last month": the change happened then
            found = [
                f if f.when or f.scheduled or f.attribute == "routine" else replace(f, when=when)
                for f in found
            ]
        facts.extend(found)
    return facts


def _clause_facts(clause: str, grammar: Grammar) -> list[Fact]:
    if not clause or grammar.is_chatter(clause):
        return []
    found, end = first_match(grammar.retractions, clause)
    if not found:
        negation = grammar.negated(clause)
        if negation is not None:
            inner, factor = negation
            found = flipped(first_match(grammar.rules, grammar.prepare(inner))[0], factor)
            end = len(clause) if found else 0
    if not found:
        found, end = first_match(grammar.rules, clause)
    hits = [
        (match.start(), index, match)
        for index, mention in enumerate(grammar.mentions)
        for match in mention.pattern.finditer(clause, end)
    ]
    for _, index, match in sorted(hits, key=lambda hit: (hit[0], hit[1])):
        found = [*found, *grammar.mentions[index].build(match)]
    return found


# -- English clauses ----------------------------------------------------------------------

_EN_DISCOURSE = re.compile(
    r"^(?:(?:oh|ah|well|yeah|yes|yep|yup|no|nope|nah|so|and|but|also|actually|anyway|anyways|"
    r"by\s+the\s+way|btw|fyi|honestly|haha+|hah|lol|hey|hi|hello|hiya|ok|okay|um+|uh+|hmm+|"
    r"right|sure|true|oh\s+well|fun\s+fact|guess\s+what|news|big\s+news|good\s+news|update|"
    r"quick\s+update|plus|speaking\s+of\s+which|as\s+you\s+know|as\s+I\s+(?:said|mentioned)|"
    r"now|then|today|yesterday|recently|lately|currently|these\s+days|this\s+week|"
    r"last\s+(?:week|month|year)|this\s+month|since\s+(?:last\s+)?\w+|as\s+of\s+\w+|"
    r"in\s+fact|to\s+be\s+honest|tbh)\b[\s,:;!.—–-]*)+",
    re.IGNORECASE,
)
_EN_TRAIL = re.compile(
    r"(?:[\s,]+(?:today|yesterday|tonight|last\s+(?:week|month|year|night|weekend)|"
    r"this\s+(?:week|month|year|morning|weekend)|on\s+(?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)|(?:a\s+(?:few|couple\s+of)|\w+)\s+(?:days|weeks|months|years)\s+ago|"
    r"a\s+(?:week|month|year)\s+ago|recently|lately|finally|officially|now|right\s+now|again|"
    r"too|as\s+well|these\s+days|nowadays|at\s+last|haha+|lol|though|for\s+good|"
    r"at\s+the\s+moment|permanently|by\s+the\s+way|btw|:\)|:D|:P))+$",
    re.IGNORECASE,
)
# "I'm vegetarian, so no meat please": the fact ends where a non-first-person tail begins.
_EN_AFTERTHOUGHT = re.compile(
    r"\s*,\s*(?:so|but|because|since|though|although|which|unless|except|in\s+case|if)\b.*$",
    re.IGNORECASE,
)
_EN_LOWER_FIRST = {"my", "we", "you", "our", "call", "please", "in", "everyone", "people", "friends"}
_EN_FIXES = (
    (re.compile(r"[’‘]"), "'"),
    (re.compile(r"\bi(?=\s|'|$)"), "I"),
    (re.compile(r"\b[Ii]m\b"), "I'm"),
    (re.compile(r"\b[Ii]ve\b"), "I've"),
    (re.compile(r"\bdont\b"), "don't"),
    (re.compile(r"\bcant\b"), "can't"),
)
_EN_CLAUSE_BREAK = re.compile(
    r"\s*(?:[,;:]|\s[-–—]+)\s*(?:(?:and|but|so|because|since|though|although|while|whereas|"
    r"plus|yet|or|then)\s+)?(?:(?:now|then|also|still|today|actually)\s+)?(?=(?:I|my|we)\b)"
    r"|\s+(?:and|but|so|because|since|though|although|while|whereas|plus|yet|or|then)\s+"
    r"(?:(?:now|then|also|still|recently|today|actually)\s+)?(?=(?:I|my|we)\b)"
)
_EN_CHATTER_START = re.compile(
    r"(?:if|when|once|unless|whenever|while|before|after|as\s+soon\s+as|maybe|perhaps|"
    r"hopefully|someday|one\s+day|do|does|did|are|is|was|were|can|could|would|should|will|"
    r"what|who|where|why|how|which|have\s+you|has|thanks?|thank\s+you|let's|let\s+me)\b",
    re.IGNORECASE,
)
_EN_HYPOTHETICAL = re.compile(
    r"\b(?:I'd|would|I\s+wish|wish\s+I|I\s+hope|I\s+might|I\s+may|I\s+could|I\s+should|"
    r"I'll|I\s+will|going\s+to|gonna|I\s+plan|I'm\s+planning|I\s+want\s+to|I\s+wanna|"
    r"I\s+think|I\s+feel\s+like|I\s+guess|I\s+suppose|I\s+wonder|I\s+believe|"
    r"I'm\s+not\s+sure|imagine|pretend|supposed\s+to|thinking\s+(?:about|of)|considering|"
    r"if|unless)\b",
    re.IGNORECASE,
)
_EN_NEGATIONS = (
    (re.compile(r"I\s+" + ADV + r"no\s+longer\s+(?P<rest>.+)$"), "I ", 1.0),
    (re.compile(r"I(?:'m|\s+am)\s+" + ADV + r"no\s+longer\s+(?P<rest>.+)$"), "I'm ", 1.0),
    (re.compile(r"I\s+(?:don't|do\s+not)\s+(?P<rest>.+?)\s+(?:anymore|any\s+more|any\s+longer)$"), "I ", 1.0),
    (re.compile(r"I(?:'m|\s+am)\s+not\s+(?P<rest>.+?)\s+(?:anymore|any\s+more|any\s+longer)$"), "I'm ", 1.0),
    (re.compile(r"I\s+" + ADV + r"used\s+to\s+be\s+(?P<rest>.+)$"), "I'm ", 0.85),
    (re.compile(r"I\s+" + ADV + r"used\s+to\s+(?P<rest>.+)$"), "I ", 0.85),
)
_EN_NOTE = re.compile(
    r"(?:(?:please|pls|plz|can\s+you|could\s+you|would\s+you|will\s+you|I\s+need\s+you\s+to|"
    r"I\s+want\s+you\s+to|just)\s+)*(?:remember|make\s+a\s+note|take\s+(?:a\s+)?note|"
    r"note\s+to\s+self|note|keep\s+in\s+mind|don't\s+forget|do\s+not\s+forget|never\s+forget)"
    r"(?:\s+(?:that|this))?\s*[:,-]?\s+(?P<v>.+)$",
    re.IGNORECASE,
)
MAX_NOTE = 240


def _en_normalise(sentence: str) -> str:
    text = " ".join(sentence.split())
    for pattern, replacement in _EN_FIXES:
        text = pattern.sub(replacement, text)
    return text


# "I'm Maya, 29, living in Portland": fragments after a comma that continue "I'm".
_EN_FRAGMENT = re.compile(
    r",\s+(?=(?:\d{1,3}(?:\s*(?:years?\s+old|y/?o))?\s*(?:,|$)|(?:living|based|working|studying)\s+"
    r"(?:in|at|for|as)\s|originally\s+from\s))",
    re.IGNORECASE,
)


_EN_QUESTION_TAIL = re.compile(
    r"[,;:]\s+(?:so\s+|and\s+|but\s+)?(?:what|how|where|who|which|why|any|anything|can|could|should|"
    r"would|will|do|does|is|are|ideas|tips|thoughts)\b[^,;:]*[?？][\W]*$",
    re.IGNORECASE,
)
_EN_STATEMENT = re.compile(r"^\W*(?:I|I'm|I've|my|we|we're|our)\b|,\s*(?:I|my)\b", re.IGNORECASE)
_EN_EITHER = "partner|friend|best\\s+friend|boss|manager|roommate|flatmate|coworker|colleague|cousin"
_EN_HE_SHE = {
    "he": "brother|bro|husband|boyfriend|fianc[eé]|dad|father|son|grandpa|grandfather|uncle|nephew|"
    + _EN_EITHER,
    "she": "sister|sis|wife|girlfriend|fianc[eé]e|mom|mum|mother|daughter|grandma|grandmother|aunt|niece|"
    + _EN_EITHER,
}


def _en_statement_before_question(sentence: str) -> str | None:
    """ "my brother lives in Oslo, what's a good gift?" -> "my brother lives in Oslo"."""
    match = _EN_QUESTION_TAIL.search(sentence)
    if not match:
        return None
    head = sentence[: match.start()]
    return head if _EN_STATEMENT.search(head) and not head.rstrip().endswith("?") else None


def _en_pronouns(sentence: str) -> str:
    """ "my mom's a teacher, she's retiring" -> "..., my mom's retiring": one relative, one pronoun."""
    for pronoun, relatives in _EN_HE_SHE.items():
        named = re.findall(r"\bmy\s+(?:(?:little|big|older|younger|best)\s+)?(?:" + relatives + r")\b(?:\s+"
                           + NAME + r")?", sentence)
        if len(set(named)) == 1:
            first = re.search(re.escape(named[0]), sentence)
            assert first is not None
            end = first.end()
            tail = re.sub(r"(?<=[,;.]\s)" + pronoun + r"(?='s\s|\s+is\s|\s+lives\s|\s+works\s|\s+moved\s)",
                          named[0], sentence[end:])
            sentence = sentence[:end] + tail
    return sentence


_EN_OPEN_END = re.compile(r"\b(?:is|are|'s)(?:[\s,]+(?:hmm+|um+|uh+|well|like|probably|honestly))*[\s,]*$")


def _en_split_clauses(sentence: str) -> list[str]:
    """One first-person statement per clause: "I'm Maya, I live in Berlin and I love tea"."""
    clauses: list[str] = []
    text = _en_normalise(sentence)
    text = _en_statement_before_question(text) or text
    text = _en_pronouns(text)
    for clause in _EN_CLAUSE_BREAK.split(text.strip(EDGES)):
        if not clause.strip():
            continue
        if clauses and _EN_OPEN_END.search(clauses[-1]):
            clauses[-1] += ", " + clause  # "my favourite food is, hmm, I'd eat anything, but ramen"
            continue
        head, *fragments = _EN_FRAGMENT.split(clause)
        clauses.append(head)
        if re.match(r"\W*I(?:'m|\s+am)\b", head):
            clauses.extend("I'm " + f for f in fragments)
        elif fragments:
            clauses[-1] = clause
    return clauses


# Chat drops the subject: "got laid off yesterday", "moved the dentist to Monday".
_EN_SUBJECTLESS = re.compile(
    r"(?:just\s+|finally\s+|recently\s+|officially\s+)*(?:got|moved|started|switched|transferred|"
    r"dropped|quit|left|joined|went|turned|retired|graduated|stopped|sold|adopted|rescued|"
    r"relocated|resigned|changed|became|picked|took|gave|signed|landed|bought|broke|split|"
    r"cancell?ed|rescheduled|booked)\s",
    re.IGNORECASE,
)
_EN_GERUND_START = re.compile(r"(?:working|living|studying|learning|picking\s+up|based)\s", re.IGNORECASE)
_EN_BEEN = re.compile(r"(?:I've\s+|I\s+have\s+)?been\s+(?:living\s+)?in\s+(?=[A-Z])")
_EN_GUESS_WHO = re.compile(r"^guess\s+who(?:'s|\s+is)?\s+", re.IGNORECASE)


def _en_prepare(clause: str) -> str:
    text = dates_en.strip_leading(clause.strip(EDGES))
    text = _EN_DISCOURSE.sub("", text).strip(EDGES)
    text = _EN_GUESS_WHO.sub("I ", dates_en.strip_leading(text))
    text = _EN_AFTERTHOUGHT.sub("", text)
    if _EN_BEEN.match(text):  # "been in Seattle since January": lives there
        text = _EN_BEEN.sub("I live in ", text, count=1)
    elif _EN_SUBJECTLESS.match(text):
        text = "I " + text[0].lower() + text[1:]
    elif _EN_GERUND_START.match(text):
        text = "I'm " + text[0].lower() + text[1:]
    first, _, rest = text.partition(" ")
    if first.lower() in _EN_LOWER_FIRST:
        text = first.lower() + (" " + rest if rest else "")
    while True:
        shorter = _EN_TRAIL.sub("", text)
        if not re.search(r"\bborn\b", shorter):  # "I was born on 3 May 1991" keeps its date
            shorter = dates_en.strip_trailing(shorter)
        shorter = shorter.strip(EDGES)
        if shorter == text:
            return text
        text = shorter


_EN_PERSON = (
    r"(?P<rel>(?:(?:little|big|older|younger|baby|twin|elder|best)\s+)?(?:sister|brother|sis|bro|"
    r"wife|husband|boyfriend|girlfriend|partner|fianc[eé]e?|mom|mum|mother|dad|father|son|"
    r"daughter|friend|boss|manager|coworker|co-worker|colleague|roommate|flatmate|neighbou?r|"
    r"grandma|grandpa|grandmother|grandfather|aunt|uncle|cousin|niece|nephew))"
)
_EN_OTHER = re.compile(
    r"(?:my|our)\s+" + _EN_PERSON + r"(?:,?\s+(?P<name>" + NAME + r"))?,?\s*"
    r"(?P<verb>'s|is|has|lives|works|moved|just|recently|finally|turned|speaks|studies|loves|"
    r"likes|hates|left|started|got|joined|quit|was|used)\b\s*(?P<rest>.*)$"
)
_EN_THIRD_VERBS = {"lives": "live", "works": "work", "speaks": "speak", "studies": "study",
                   "loves": "love", "likes": "like", "hates": "hate", "has": "have"}
_EN_RELATION_WORD = {"mum": "mother", "mom": "mother", "dad": "father", "sis": "sister",
                     "bro": "brother", "fiancee": "fiance", "fiancée": "fiance", "fiancé": "fiance",
                     "neighbor": "neighbour", "co-worker": "coworker"}


def _en_events(clause: str) -> list[Fact]:
    """Appointments and routines ("dentist on Friday at 3pm", "yoga every Tuesday")."""
    text = _EN_DISCOURSE.sub("", _en_normalise(clause).strip(EDGES)).strip(EDGES)
    if not text or _en_is_chatter(re.sub(r"^(?:please\s+)?remind\s+me\s+(?:that\s+)?", "", text)):
        return []
    return events_en.events(text)


def _en_other(clause: str) -> tuple[str, str, str, list[Fact]] | None:
    """ "my sister Anna lives in Oslo" -> ("sister", "Anna", "I live in Oslo", [sister=Anna])."""
    match = _EN_OTHER.match(clause)
    if not match:
        return None
    rel = re.sub(r"^(?:little|big|older|younger|baby|twin|elder|best)\s+", "", match.group("rel").lower())
    about = _EN_RELATION_WORD.get(rel, rel)
    name = (match.group("name") or "").strip()
    if name and name.split()[0].lower() in ("is", "has", "just"):
        return None
    verb = match.group("verb")
    rest = re.split(r",|\s+(?:so|but|and|because)\s+(?:he|she|they|I|we|it)\b", match.group("rest"))[0]
    if re.fullmatch(NAME, rest.strip(EDGES)):
        return None  # "my wife is Li": the relation, read by the mentions
    if verb in ("'s", "is"):
        if re.match(r"(?:worked|been|got|lived|moved|had|started|left|done)\b", rest):
            inner = "I've " + rest
        else:
            inner = "I'm " + rest
    elif verb in _EN_THIRD_VERBS:
        inner = "I " + _EN_THIRD_VERBS[verb] + " " + rest
    elif verb == "was":
        inner = "I was " + rest
    else:
        inner = "I " + verb + " " + rest
    relation = [Fact(about, name, Op.ASSERT, 0.85)] if name else []
    return about, name, inner.strip(), relation


def _en_is_question(sentence: str) -> bool:
    text = _en_normalise(sentence).strip()
    return bool(re.search(r"[?？][\W]*$", text)) and _en_statement_before_question(text) is None


def _en_is_chatter(clause: str) -> bool:
    """Hypotheticals, opinions and questions without a question mark state no fact."""
    return bool(_EN_CHATTER_START.match(clause) or _EN_HYPOTHETICAL.search(clause))


def _en_negated(clause: str) -> tuple[str, float] | None:
    """ "I no longer live in X" / "I don't X anymore" / "I used to X" -> ("I ...", factor)."""
    for pattern, prefix, factor in _EN_NEGATIONS:
        match = pattern.match(clause)
        if match:
            return prefix + match.group("rest"), factor
    return None


def _en_note(sentence: str) -> str | None:
    """The content of "remember that ...", "please note: ...", "don't forget ..."."""
    match = _EN_NOTE.match(_en_prepare(_en_normalise(sentence)))
    if not match:
        return None
    value = match.group("v").strip(EDGES)
    if not value or len(value) > MAX_NOTE:
        return None
    if re.match(r"(?:when|how|what|me|us|him|her|them|it|this|that)\b", value, re.IGNORECASE):
        return None  # "remember when ...", "remember me?"
    return value


# -- Chinese clauses ----------------------------------------------------------------------

_ZH_NOTE = re.compile(
    r"(?:请|麻烦你?|帮我|你)?(?:记住|记一下|记下来?|记得|别忘了|不要忘了|不要忘记|请注意)(?:一下)?"
    r"[:：,，]?\s*(?P<v>.+)$"
)
_ZH_DISCOURSE = re.compile(
    r"^(?:嗯+|哦+|啊+|唉+|哎+|对了|顺便说一下|顺便说|顺便|其实|另外|还有|而且|并且|然后|所以|因为|不过|但是|可是|但|"
    r"哈哈+|嘿|你好|好的|对|是的|说起来|告诉你|跟你说|最近)[，,、:：\s]*"
)
_ZH_CHATTER = re.compile(
    r"如果|要是|假如|假设|的话|希望|想要|打算|准备|可能|也许|大概|或许|应该|我觉得|我认为|我想|我猜|我怕|"
    r"将来|以后|明年|下周|下个月|下个星期|明天|会不会|要不要|我要|我将|我快要|我即将|梦想|考虑|纠结|恨不得|"
    r"开玩笑|可太|呵呵|🙃|说我应该|觉得我该|劝我"
)
_ZH_NEGATIONS = (
    (re.compile(r"我(?:已经)?不再(?P<rest>.+)$"), 1.0),
    (re.compile(r"我(?:已经|现在)?(?:不|没有?再?)(?P<rest>(?![太很好])[^了]+?)了$"), 1.0),
    (re.compile(r"我(?:以前|曾经|过去)(?P<rest>.+)$"), 0.85),
)


_ZH_PREDICATE = re.compile(
    r"(?:在|住|来自|今年|是(?!啊|的|吗)|不(?!过|是吧)|没(?!有$)|被|辞职|离职|离开|入职|跳槽|搬|刚|也|每|最|对|喜欢|讨厌|"
    r"爱|热爱|养|会说|能说|正在|学|改|换|升|现在|目前|已经|一直|平时|平常|从|吃|戒|当|做|老家|家乡|"
    r"超喜欢|特别|非常|英文名|卖|迷上|这周|这个月|今天|终于|总算|[\u4e00-\u9fff]{2,3}人$)"
)
_ZH_SARCASM = re.compile(r"🙃|呵呵|可太.{1,6}了|爱死了|真是太好了呢")
_ZH_SUBJECT = re.compile(
    r"我|她(?!们)|他(?!们)|(?:公司里?|学校里?)?(?:大家|别人|朋友们|同事们|家里人)(?:也|都)?(?:叫|喊)我"
)
_ZH_QUESTION = re.compile(
    r"[?？]|[吗么嘛][。.!！]*$|要不要|是不是|有没有|能不能|会不会|啥|什么|哪|多少|几[点个岁号]"
)
_ZH_BREAK = re.compile(r"[，,…]+|\.{3,}|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")


def _zh_split_clauses(sentence: str) -> list[str]:
    """Cut at commas that start a new statement: "我叫小明，来自上海，我喜欢猫" -> three clauses.

    Chinese drops a repeated subject: a piece that starts with 我/她/他, a known predicate
    (来自, 住在, 喜欢...) or a date phrase before one starts a clause (``_zh_subject`` gives
    it its 我 back); any other piece stays with the clause before it.
    """
    clauses: list[str] = []
    for piece in _ZH_BREAK.split(sentence.strip(EDGES)):
        text = _ZH_DISCOURSE.sub("", piece.strip())
        undated = dates_zh.find_past(text)[1]
        starts = (_ZH_SUBJECT.match(text) or _ZH_PREDICATE.match(text) or _ZH_PREDICATE.match(undated)
                  or dates_zh.SCHEDULE.match(text))
        if clauses and not starts:
            clauses[-1] += "，" + piece.strip()
        elif text:
            clauses.append(text)
    return clauses


def _zh_subject(text: str) -> str:
    """The dropped 我 of "在腾讯做后端" / "不学日语了" / "今年28"."""
    return "我" + text if not text.startswith("我") and _ZH_PREDICATE.match(text) else text


def _zh_sentence_facts(sentence: str) -> list[Fact]:
    """Clauses in order; a clause without a subject continues the one before it
    ("我妈叫李秀英，在哈尔滨一个人住": she lives there), 她/他 the person last named."""
    facts: list[Fact] = []
    named: rules_zh_people.Person | None = None  # for 她/他
    topic: rules_zh_people.Person | None = None  # who the clause before was about
    context = ""
    if _ZH_SARCASM.search(sentence):
        return []
    for clause in _zh_split_clauses(sentence):
        text = _zh_prepare(clause)
        found, who = _zh_clause(text, named, topic, context)
        facts.extend(found)
        named, topic, context = who or named, who, context + "，" + text
    return facts


def _zh_clause(
    text: str,
    named: rules_zh_people.Person | None,
    topic: rules_zh_people.Person | None,
    context: str,
) -> tuple[list[Fact], rules_zh_people.Person | None]:
    """One clause: appointments and doubts first (they name plans), then whose it is, when, and what."""
    head = text.split("，")[0]
    if not text or _ZH_QUESTION.search(head):
        return [], None
    event = rules_zh_people.appointment(head, context)
    if event:
        return event, None
    who = rules_zh_people.person(text, named)
    relation: list[Fact] = []
    person: rules_zh_people.Person | None = None
    if who is not None:
        person, text, relation = who
    elif topic is not None and not text.startswith("我") and _ZH_PREDICATE.match(text):
        person, text = topic, "我" + text  # the subject of the clause before
    first = text.split("，")[0]
    rest = text[len(first) :]
    when, head = dates_zh.find_past(first)
    # the whole clause, then its first part alone ("我离开协和了，想先歇一阵子"), then
    # with its date phrase left in ("我是1991年5月3日出生的")
    tries = [_zh_subject(head.strip(EDGES)) + rest, _zh_subject(head.strip(EDGES)), _zh_subject(first)]
    facts = rules_zh_people.routine(tries[1])
    for attempt in dict.fromkeys(tries if rest else tries[1:]):
        if facts:
            break
        facts = _clause_facts(attempt, CHINESE)
        if facts and attempt == _zh_subject(first) and attempt != tries[1]:
            when = ""
    # a doubt adds to what the clause states, about attributes it gives no value for
    stated = {f.attribute for f in facts}
    facts += [d for d in rules_zh.doubts(text) if d.attribute not in stated]
    if when:
        facts = [f if f.op is Op.DOUBT or f.when else replace(f, when=when) for f in facts]
    if person is not None:
        return relation + rules_zh_people.about(facts, person), person
    return facts, None


_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]+")


def _zh_prepare(clause: str) -> str:
    text = _ZH_DISCOURSE.sub("", _EMOJI.sub("", clause).strip(EDGES).strip())
    return re.sub(r"[啦呢啊哦呀吧嘛哈喔呗~～!！]+$", "", text).strip(EDGES)


def _zh_is_question(sentence: str) -> bool:
    text = sentence.strip()
    return bool(re.search(r"[?？]\W*$", text) or re.search(r"[吗么][。.!！]*$", text))


def _zh_is_chatter(clause: str) -> bool:
    return bool(_ZH_CHATTER.search(clause))


def _zh_negated(clause: str) -> tuple[str, float] | None:
    """我不再X / 我不X了 / 我以前X -> ("我X", factor); "我不喜欢X" without 了 is a dislike."""
    for pattern, factor in _ZH_NEGATIONS:
        match = pattern.match(clause)
        if match:
            return "我" + re.sub(r"了$", "", match.group("rest")), factor
    return None


def _zh_note(sentence: str) -> str | None:
    match = _ZH_NOTE.match(_zh_prepare(sentence))
    if not match:
        return None
    value = match.group("v").strip(EDGES)
    return value if value and len(value) <= MAX_NOTE else None


ENGLISH = Grammar(
    split_clauses=_en_split_clauses,
    prepare=_en_prepare,
    is_question=_en_is_question,
    is_chatter=_en_is_chatter,
    note=_en_note,
    negated=_en_negated,
    retractions=rules_en.RETRACTIONS,
    rules=rules_en.RULES,
    mentions=rules_en.MENTIONS,
    other=_en_other,
    dated=dates_en.find,
    events=_en_events,
)
CHINESE = Grammar(
    split_clauses=_zh_split_clauses,
    prepare=_zh_prepare,
    is_question=_zh_is_question,
    is_chatter=_zh_is_chatter,
    note=_zh_note,
    negated=_zh_negated,
    retractions=rules_zh.RETRACTIONS,
    rules=rules_zh.RULES,
    mentions=(),
)
