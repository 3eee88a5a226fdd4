"""Other people carried across the turns of a conversation.

A person is introduced once ("my brother Marco lives in Milan", "我哥段鹏在阿里") and
then named alone ("Marco quit Pirelli") or by the relation alone ("我哥跳槽去网易了").
Each turn is read on its own, so without this the later fact lands on another subject
("段然's brother") or loses who the person is to the speaker. ``KnownPeople`` remembers,
per conversation, the name told for each relation and the relation of each name, and
completes a later fact that gives only one of the two. A relation that two different
names were given for (two brothers) is ambiguous and left as said.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from vaultweave.weaver.attributes import PERSON_ATTRIBUTES
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.others_in_full_en import FAMILY_WORDS, others_said_in_full
from vaultweave.weaver.extract.rules_text import LANGUAGE_NAMES, PLACES, Fact
from vaultweave.weaver.extract.rules_zh_people import RELATIONS

_FEMALE = frozenset(("sister", "mother", "wife", "girlfriend", "daughter", "grandmother", "aunt", "niece",
                     "fiancee", "granddaughter", "daughter-in-law"))
_MALE = frozenset(("brother", "father", "husband", "boyfriend", "son", "grandfather", "uncle", "nephew",
                   "fiance", "grandson", "son-in-law"))
# A turn naming someone itself: "my sister ...", "我妈...", a relation word after "my"/我.
_NAMES_SOMEONE = re.compile(
    r"\bmy\s+(?:\w+\s+)?(?:"
    + "|".join(sorted(PERSON_ATTRIBUTES | {"mum", "mom", "dad"}, key=len, reverse=True))
    + r")\b"
    + "|我(?:们)?(?:的|家)?(?:" + "|".join(sorted(RELATIONS, key=len, reverse=True)) + ")",
    re.IGNORECASE,
)
# The first Chinese word for each relation ("sister" -> 姐姐), to say a relative in full.
_ZH_RELATION = {english: chinese for chinese, english in reversed(list(RELATIONS.items()))}

_AMBIGUOUS = ""
# A partner lives where "we" live (``KnownPeople.shared_home``): a home inferred, not told
_PARTNERS = frozenset(("wife", "husband", "partner", "girlfriend", "boyfriend", "fiance", "fiancee",
                      "spouse"))
_WE = re.compile(r"\b(?:we|we're|we've|our|us)\b|\b(?:and|n|&)\s+(?:i|me)\b|\bme\s+(?:and|n|&)\s+|"
                 r"我们|咱们|咱俩|我俩", re.IGNORECASE)
_APART = re.compile(r"异地|分居|long[- ]distance|living\s+apart", re.IGNORECASE)  # "我俩异地两年了"
PARTNER_HOME_CONFIDENCE = 0.6
_EMOJI = "[\U0001f000-\U0001faff\u2600-\u27bf]\ufe0f?"  # "💀 he's a retired cop": a sentence ends
# What "his"/"her" opening a sentence may own that the rules read as a fact of its owner
_THEIR_THING = r"(?:birthday|job|name|dog|cat|favourite|favorite)\b"
# A word of reply before the pronoun: "perfect she loves risotto", "oh and he's a DJ"
_INTERJECTION = r"(?:(?:perfect|great|ok|okay|oh|ah|yeah|yes|yep|haha|lol|well|and|also|but|so)[,!]?\s+)+"
# Where a sentence opens, with its reply words or headline: "good news, moussa got hired"
_OPENS = (rf"(^|[.!?:]\s+|{_EMOJI}\s*)"
          rf"((?i:(?:(?:good|great|big|bad|sad)\s+news[,!:]*\s+)?(?:{_INTERJECTION})?))")
# Relatives the speaker names whom the relation attributes leave out ("my grandson Oliver")
_IN_FAMILY = {"grandson", "granddaughter", "daughter-in-law", "son-in-law"}
# Relation words chat shortens, and the relation they name
SAID_AS = {"mum": "mother", "mom": "mother", "dad": "father", "sis": "sister", "bro": "brother",
           "mam": "mother", "amma": "mother", "appa": "father", "kuya": "brother", "didi": "sister",
           **FAMILY_WORDS}
# English: a person named in the turn itself, "my older sister Jia", "my coworker Ben".
_MENTION = re.compile(  # (a parent is named without "my" where a sentence opens: "mum is not coping")
    r"(?:\b(?i:my)\s+|^\W*(?=(?i:mum|mom|dad|mam|mumma|mummy|mommy|nan|gran|grandma|grandpa)(?:\s|'s\s)))"
    r"(?:(?:little|big|older|younger|baby|twin|elder|best)\s+)?(?P<rel>"
    + "|".join(sorted(PERSON_ATTRIBUTES | set(SAID_AS) | _IN_FAMILY, key=len, reverse=True))
    + r")\b(?!-)(?:\s*,?\s+(?:is\s+(?=[A-Z][a-zà-ÿ]+\s*[.!,]))?(?P<name>[A-Z][a-zà-ÿ]+)\b)?"
)
# What a pronoun after a comma (or "and") says of the person just named: "he's a fisherman",
# "she is 84", "he's vegan", "she works at ...", "he is engineer with TI"
_THEIR_PREDICATE = (r"(?:'s|\s+is)\s+(?:a|an|\d+|in\s+(?:his|her)|at\s+[A-Z]\S*|vegan|vegetarian|allergic|"
                    r"from\s+[A-Z]\S*)\b|(?:'s|\s+is)\s+[a-z]+\s+(?:with|at|for)\s|"
                    r"\s+(?:works|lives|teaches|runs|studies|drives|sells)\s")
# Someone named without a relation, beside the speaker or spoken about: "Ethan and I", "me n Tia",
# "a line about Tom"
_COUPLED = re.compile(r"\b(?:(?P<a>[A-Z][a-zà-ÿ]+)\s+(?:and|n|&)\s+(?:I|me)\b|(?i:me|I)\s+(?:and|n|&)\s+"
                      r"(?P<b>[A-Z][a-zà-ÿ]+)\b|(?i:about)\s+(?P<c>[A-Z][a-zà-ÿ]+)\b(?!\s+[A-Z]))")
_EMOJI_CHARS = "\U0001f000-\U0001faff\u2600-\u27bf"
_SENTENCE = re.compile(rf"[^.!?{_EMOJI_CHARS}]*(?:[.!?]+|(?:[{_EMOJI_CHARS}]\ufe0f?)+)\s*"
                       rf"|[^.!?{_EMOJI_CHARS}]+")  # an emoji ends a sentence too: "made it official 🥹 he's"
# Who one marries: the girl- or boyfriend, fiancé(e) or partner told before
_COURTING = frozenset(("girlfriend", "boyfriend", "fiance", "fiancee", "partner"))
# "we got married", "we finally tied the knot": a wedding said without a name (not "we're
# getting married", still to come; not a question)
_WE_WED = re.compile(r"(?P<lead>^|[.!,:]\s+|\b(?:so|and|but|guess\s+what,?)\s+)(?:(?i:we)\s+"
                     r"(?:(?:just|finally|officially|actually)\s+)?(?:got\s+married|got\s+hitched|tied\s+the\s+knot)"
                     # "Married last saturday!!": the wedding told without "we" opens its sentence
                     r"|(?:(?:just|finally|officially)\s+)?(?i:married)(?=\s+(?:last|on|yesterday|today|this|two|three|a|\d)"
                     r"|\s*[!.]))\b(?![^.!]*\?)")


def _frozen(mapping: dict[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class KnownPeople:
    """Names by relation and relations by name, as a conversation has told them."""

    by_relation: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    by_name: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    # The person named last, as the speaker says it ("my brother Jun"; a Chinese name
    # alone): who "he"/"she" in the assistant's next question or the next turn is.
    last_named: str = ""

    def learn(self, facts: Iterable[Fact]) -> KnownPeople:
        """These people and everyone known before (a new name for a relation makes it
        ambiguous; a name keeps the first relation told)."""
        relations = dict(self.by_relation)
        names = dict(self.by_name)
        last = self.last_named
        unnamed = [f.about for f in facts if f.about and not f.name and f.op is Op.ASSERT]
        if unnamed:  # "my mum's birthday is ...": "she" next is my mum
            last = f"my {unnamed[-1]}"
        for relation, name in _pairs(facts):
            if relations.get(relation, name) != name:
                relations[relation] = _AMBIGUOUS
            else:
                relations[relation] = name
            names.setdefault(name, relation)
            last = _spoken(relation, name)
        # "seeing someone new, Marcus, he's a firefighter": the one spoken of last has no relation
        theirs = [f for f in facts if f.op is Op.ASSERT and (f.about or f.name)]
        if theirs and theirs[-1].name and not theirs[-1].about and not names.get(theirs[-1].name):
            last = theirs[-1].name
        return KnownPeople(_frozen(relations), _frozen(names), last)

    def spoken_of(self, name: str) -> str:
        """How the speaker would name ``name`` ("my son Jalen"), or "" for a stranger."""
        relation = self.by_name.get(name, "")
        return _spoken(relation, name) if relation and relation != _AMBIGUOUS else ""

    def said_in_full(self, text: str, asked: str = "") -> str:
        """The turn with the people it leans on said in full, so the clause grammar reads
        it as about them: "she"/"he" (她/他) for the person named last, and in Chinese a
        turn or clause that opens with a known name ("郝杰休学了" after "我弟郝杰…" -> "我弟弟郝杰休学了";
        "朵朵" for "凌朵朵" too). Other text unchanged."""
        if not text:
            return text
        if not re.search(r"[\u3400-\u9fff]", text):
            # names first: "ciara came home!! she moved back" -> she is Ciara, named in the turn
            text = others_said_in_full(text, asked)  # "wife Annick runs ...": "my wife Annick"
            return self._pronoun_said_in_full(self._names_said_in_full(self._wedding_said_in_full(text)))
        text = self._pronoun_said_in_full(text)
        for name, relation in self.by_name.items():
            if name.isascii() or relation not in _ZH_RELATION:
                continue
            for said in (name, name[1:] if len(name) == 3 else ""):
                # at the turn's start or a clause's: "房子换到湖里区了，乐乐也跟着转到湖里实验小学"
                opens = re.compile(rf"(^|[，,。！!？?；;\s]){re.escape(said)}(?!的)") if said else None
                if opens and opens.search(text):
                    text = opens.sub(lambda m: f"{m.group(1)}我{_ZH_RELATION[relation]}{name}", text)  # noqa: B023
                    break
        return text

    def _wedding_said_in_full(self, text: str) -> str:
        """English: "we got married on saturday" after "my girlfriend Layla" says whom:
        "I got married to Layla on saturday" (one partner known, or it says nobody)."""
        partners = {n for r, n in self.by_relation.items() if r in _COURTING and n != _AMBIGUOUS}
        if len(partners) != 1:
            return text
        name = partners.pop()
        return _WE_WED.sub(lambda m: f"{m.group('lead')}I got married to {name}", text)

    def _names_said_in_full(self, text: str) -> str:
        """English: a sentence that opens with the name of someone told before, in any case,
        is about them as the speaker named them: "leah's a vet tech" after "my friend Leah"
        -> "my friend Leah's a vet tech". Not "Leah and I ...": the speaker is in that one."""
        for name, relation in self.by_name.items():
            if not name.isascii() or not relation or relation == _AMBIGUOUS or " " in name:
                continue
            text = re.sub(rf"{_OPENS}(?i:{re.escape(name)})(?='s\s|\s+(?!and\b|&)[a-z])",
                          lambda m: m.group(1) + m.group(2) + _spoken(relation, name), text)  # noqa: B023
        return text

    def _pronoun_said_in_full(self, text: str) -> str:
        """A sentence that opens with "she"/"he" (她/他) stands for the person named last,
        when the pronoun fits them: "she lives in Leeds" after "my sister Amy ..." ->
        "my sister Amy lives in Leeds". A sentence that names someone first is left alone."""
        relation = self.by_name.get(_name_of(self.last_named), "")
        if not relation and re.fullmatch(r"my\s+[a-z]+", self.last_named):
            relation = self.last_named.split()[1]  # a relative told without a name
        if not relation:
            return text if re.search(r"[\u3400-\u9fff]", text) else _pronouns_within(text)  # emoji too
        female = relation in _FEMALE
        male = relation in _MALE
        # Only up to where the turn names someone itself: "she" after that is theirs.
        named = _NAMES_SOMEONE.search(text)
        head, tail = (text[: named.start()], text[named.start():]) if named else (text, "")
        if not re.search(r"[\u3400-\u9fff]", text):  # English, emoji and all
            pronouns = "she" if female else "he" if male else "he|she"
            said = self.last_named + " "
            # "she lives in Leeds", "she's vegetarian", and a verb without its subject after
            # them: "she's mad about birds. lives up in Inverness"
            opens = rf"(^|[.!?:]\s+|{_EMOJI}\s*)(?:{_INTERJECTION})?"
            head = re.sub(rf"{opens}(?:{pronouns})(\s+(?=[a-z])|(?='s\s))",
                          lambda m: m.group(1) + said.rstrip() + m.group(2), head, flags=re.IGNORECASE)
            # "His birthday is 22 November": theirs
            possessive = "her" if female else "his" if male else "his|her"
            head = re.sub(rf"(^|[.!?]\s+)(?:{possessive})\s+(?={_THEIR_THING})",
                          lambda m: m.group(1) + said.rstrip() + "'s ", head, flags=re.IGNORECASE)
            head = re.sub(r"([.!?]\s+)(?=(?:still\s+|now\s+)?(?:lives|works|studies)\s)",
                          lambda m: m.group(1) + said, head)
            return head + _pronouns_within(tail)
        zh = _ZH_RELATION.get(relation)
        if not zh:
            return text
        pronoun = "她" if female else "他" if male else "[她他]"
        # a relative told without a name ("我爸…" then "他七十三了") is said by the relation alone
        unnamed = re.fullmatch(r"my\s+[a-z]+", self.last_named)
        said = f"我{zh}{'' if unnamed else _name_of(self.last_named)}"
        return re.sub(rf"(^|[。！？!?]\s*)(?:{pronoun})(?![们的])", lambda m: m.group(1) + said, head) + tail

    def last_person(self) -> tuple[str, str] | None:
        """(relation, name) of the person named last, either part "" when not told."""
        told = re.fullmatch(r"my\s+([a-z]+)(?:\s+(.+))?", self.last_named)
        if told:
            return told.group(1), told.group(2) or ""
        relation = self.by_name.get(self.last_named, "")
        return (relation, self.last_named) if self.last_named else None

    def shared_home(self, facts: Iterable[Fact], text: str) -> list[Fact]:
        """The home the speaker tells as "we" ("we moved to austin last month", "我们在高新区租了
        个两居") is their partner's too, when the conversation named one partner and this turn
        tells no home of theirs."""
        partners = [(r, n) for r, n in self.by_relation.items() if r in _PARTNERS and n]
        told = [f for f in facts if f.attribute == "lives_in"]
        homes = [f for f in told if f.op is Op.ASSERT and not f.about and not f.name and not f.assumed]
        if len(partners) != 1 or not homes or any(f.about or f.name for f in told):
            return []
        said = next((s for s in _SENTENCE.findall(text) if homes[-1].value.casefold() in s.casefold()), "")
        if not _WE.search(said) or _APART.search(text):
            return []
        relation, name = partners[0]
        return [replace(homes[-1], about=relation, name=name, confidence=PARTNER_HOME_CONFIDENCE)]

    def complete(self, fact: Fact) -> Fact:
        """``fact`` with the name of its relation, or the relation of its name, when the
        conversation told it before."""
        if fact.about and not fact.name and self.by_relation.get(fact.about):
            return replace(fact, name=self.by_relation[fact.about])
        if fact.name and not fact.about and self.by_name.get(fact.name):
            return replace(fact, about=self.by_name[fact.name])
        return fact


def pronoun_fits(relation: str, text: str) -> bool:
    """Whether "he"/"she" (他/她) in ``text`` may mean someone of ``relation``."""
    she = re.search(r"\b(?:she|she's|her)\b|她", text, re.IGNORECASE)
    he = re.search(r"\b(?:he|he's|his|him)\b|他", text, re.IGNORECASE)
    return bool(she and relation not in _MALE or he and relation not in _FEMALE)


def _pronouns_within(text: str) -> str:
    """English: a sentence that opens with "she"/"he" after one of the same turn that named
    someone who fits ("need gift ideas for my older sister Jia. she's a dentist in
    Vancouver") is about them."""
    out: list[str] = []
    spoken, relation = "", ""
    for sentence in _SENTENCE.findall(text):
        if spoken:
            pronouns = "she" if relation in _FEMALE else "he" if relation in _MALE else "he|she"
            sentence = re.sub(rf"^(?:{pronouns})(?=\s+[a-z]|'s\s)", spoken, sentence, flags=re.IGNORECASE)
            possessive = "her" if relation in _FEMALE else "his" if relation in _MALE else "his|her"
            sentence = re.sub(rf"^(?:{possessive})\s+(?={_THEIR_THING})", spoken + "'s ", sentence,
                              flags=re.IGNORECASE)
        mentions = list(_MENTION.finditer(sentence))
        couple = None if mentions else _COUPLED.search(sentence)
        name = couple and next(n for n in couple.groups() if n)
        if name and name.lower() not in PLACES and name.lower() not in LANGUAGE_NAMES:
            spoken, relation = name, ""  # "Ethan and I made it official. he's a firefighter": Ethan
        if mentions:
            last = mentions[-1]
            relation = SAID_AS.get(last.group("rel").lower(), last.group("rel").lower())
            name = last.group("name") or ""
            if name.lower() in PLACES or name.lower() in LANGUAGE_NAMES:
                name = ""  # "my mum is English."
            spoken = f"my {relation} {name}" if name else f"my {relation}"
            # "my son Tommy set up this tablet, he's a fire fighter": him, after a comma
            pronouns = "she" if relation in _FEMALE else "he" if relation in _MALE else "he|she"
            sentence = sentence[: last.end()] + re.sub(
                rf"(,\s*|\s+(?:and|but|so|though)\s+)(?:{pronouns})(?={_THEIR_PREDICATE})",
                lambda m: m.group(1) + spoken,  # noqa: B023
                sentence[last.end():], count=1, flags=re.IGNORECASE)
        out.append(sentence)
    return "".join(out)


def _name_of(spoken: str) -> str:
    """The name in "my brother Jun" (or a Chinese name, said alone)."""
    return spoken.split(" ", 2)[-1] if spoken.startswith("my ") else spoken


def _spoken(relation: str, name: str) -> str:
    """How the speaker names the person: "my brother Jun"; Chinese keeps the name alone."""
    return name if not name.isascii() else f"my {relation} {name}"


def _pairs(facts: Iterable[Fact]) -> list[tuple[str, str]]:
    """(relation, name) pairs a turn states: "my sister Jo ..." or "sister = Jo"."""
    pairs = []
    for fact in facts:
        if fact.op is not Op.ASSERT:
            continue
        if fact.about and fact.name:
            pairs.append((fact.about, fact.name))
        elif fact.attribute in PERSON_ATTRIBUTES and not fact.about and _is_name(fact.value):
            pairs.append((fact.attribute, fact.value))
    return pairs


def _is_name(value: str) -> bool:
    """A person's name, not a description ("two kids", "a dog named Rex")."""
    words = value.split()
    if not words or len(words) > 3 or any(ch.isdigit() for ch in value):
        return False
    if value.isascii():
        return all(w[:1].isupper() for w in words)
    return len(value) <= 4
