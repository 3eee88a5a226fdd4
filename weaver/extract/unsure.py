"""A value named in a sentence that doubts it lasts: the last net under a missed update.

"not sure he's still in sydney", "honestly I dont know how long I stay at Charité", "maybe
i can't stay in miraflores", "下个月我还在不在美团干都不好说了", "最近在考虑要不要回乐山 成都房租
太贵了 还没想好". The sentence asks whether something lasts and names it, so whatever current
value of the speaker (or of the person it speaks of) the sentence names is flagged as possibly
outdated. The rules cannot know the vault's values, so each doubt carries the sentence
itself as its value: the resolver flags only a current value the sentence names
(``value_match.names_value``), across the attributes a life changes in, and never ends one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.known_people import pronoun_fits
from vaultweave.weaver.extract.rules_text import Fact

UNSURE_CONFIDENCE = 0.5
MAX_SENTENCE = 400  # longer text is a paste, not a doubt

# Whether something lasts, asked in the speaker's own words (a wish or a plan is not: "not
# sure what to cook" names nothing that could end).
_UNSURE_EN = re.compile(
    r"\b(?:not\s+(?:even\s+|really\s+|too\s+)?sure|(?:don'?t|do\s+not)\s+know|dunno|no\s+idea|idk|who\s+knows)\b[^.!?]{0,60}?"
    r"\b(?:still|stay|anymore|any\s+more|how\s+long|(?:will|'ll)\s+(?:last|happen)|it\s+will\s+happen|"
    r"(?:gonna|going\s+to)\s+make\s+it|keeping)\b"
    r"|\bhow\s+long\s+I\s+(?:can\s+)?stay\b|\bmaybe\s+I\s+can'?t\s+stay\b"
    # "things with kayla have been rocky for weeks": the couple, shaken
    r"|\bthings\s+(?:with|between)\s+[\w' ]{2,30}?\s+(?:have\s+been\s+|has\s+been\s+|are\s+|is\s+|been\s+)?"
    r"(?:quite\s+|really\s+|pretty\s+|a\s+bit\s+|so\s+)?(?:rocky|rough|shaky|strained|tense|weird)\b",
    re.IGNORECASE,
)
_UNSURE_ZH = re.compile(
    r"还(?:在不在|算不算|喜不喜欢|留不留|是不是|做不做|干不干|住不住|去不去)|不好说|说不准|是不是真的|"
    r"要不要(?:回|搬|走|辞|换|留)|还没(?:定|想好)"
)
# The attributes a sentence of doubt may name a value of; a partner only when the speaker
# is in the sentence too ("Kerem and me have big problems, I don't know if it will happen"),
# not when the partner is its subject ("not sure camila is still vegetarian")
DOUBTABLE = (
    "lives_in", "employer", "studies_at", "job_title", "diet", "allergy", "hobby", "likes", "routine", "car",
    "pet", "learning",
)
# What a Chinese sentence of doubt weighs, by the word of the change it names: "要不要跟着搬 还没定"
# doubts the home alone, "要不要从美团离职 还没想好" the job; a sentence naming none of them may
# doubt any attribute whose value it names
_DISCUSSED_ZH = (
    (re.compile(r"搬|住|房子|租房|买房"), ("lives_in",)),
    (re.compile(r"辞|离职|跳槽|换工作|上班|offer|公司|单位|转正|入职"), ("employer", "job_title")),
    (re.compile(r"读书|学校|毕业|考研|转学|退学|休学|读研|读博"), ("studies_at",)),
)
PARTNERS = ("partner", "boyfriend", "girlfriend", "fiance", "fiancee", "spouse", "wife", "husband")
_WITH_ME = re.compile(r"\b(?:me|we|us|I)\b|\bthings\s+(?:with|between)\b|我们|我俩|咱俩", re.IGNORECASE)


def unsure_sentences(sentences: Sequence[str]) -> list[str]:
    """The sentences (``rules.split_sentences``) that doubt something lasts."""
    return [s for s in sentences if len(s) <= MAX_SENTENCE and (_UNSURE_EN.search(s) or _UNSURE_ZH.search(s))]


def doubts_of(sentence: str, about: str = "", name: str = "") -> list[Fact]:
    """A doubt for each attribute, matched by the resolver against the current values the
    sentence names; of the speaker, or of the person given."""
    partners = PARTNERS if not about and not name and _WITH_ME.search(sentence) else ()
    weighed = tuple(a for cue, family in _DISCUSSED_ZH if cue.search(sentence) for a in family)
    attributes = weighed if weighed and _UNSURE_ZH.search(sentence) else (*DOUBTABLE, *partners)
    return [Fact(attribute, sentence, Op.DOUBT, UNSURE_CONFIDENCE, about=about, name=name)
            for attribute in attributes]


def unsure_of_people(
    sentences: Sequence[str], by_name: Mapping[str, str], last: tuple[str, str] | None
) -> list[Fact]:
    """Doubts of the people a doubting sentence speaks of: someone told before and named in
    it ("not sure camila is still vegetarian"), or "he"/"she" for the person named last."""
    found: list[Fact] = []
    for sentence in unsure_sentences(sentences):
        people = {(relation, name) for name, relation in by_name.items()
                  if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", sentence, re.IGNORECASE)}
        if last and pronoun_fits(last[0], sentence):
            people.add(last)
        for relation, name in sorted(people):
            found += doubts_of(sentence, about=relation, name=name)
    return found
