"""Tokens and their features for the learned span reader (``span_reader``).

English is read word by word; Chinese character by character (the usual unit for
tagging Chinese without a segmenter), with a run of Latin letters or digits kept as one
token ("在Shopee上班"). A token's features are its own shape and the words around it:
what a reader uses to tell "moved to porto" from "went to porto for a week". Pure and
deterministic: the same sentence always gives the same features, in training and when
reading, which is all a trained model needs of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.places_zh import known_city
from vaultweave.weaver.extract.rules_text import LANGUAGE_NAMES, is_job, words
from vaultweave.weaver.extract.rules_zh_values import PLACES_ZH
from vaultweave.weaver.extract.word_clusters import classes

_CJK = re.compile(r"[\u3400-\u9fff]")
_EN_TOKEN = re.compile(r"[^\W_]+(?:['’.&-][^\W_]+)*|\S")
_ZH_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’.&-][A-Za-z0-9]+)*|\S")
# How far either side a token's neighbours count.
WINDOW = 2
_PEOPLE = words(
    "sister brother mom mum mother dad father wife husband son daughter boyfriend girlfriend "
    "partner friend roommate boss colleague coworker cousin aunt uncle grandma grandpa kid kids"
)
# Words that, a few tokens back, say the clause is about someone else, a wish or a question.
_OTHER = _PEOPLE | words("he she they his her their")
_WISH = words("if would could wish maybe might dream hope thinking considering someday")
# Word classes the rules already know, so a job word, a relative or a day never seen in
# training is still read as one ("a farrier at", "my flatmate", "every thurs")
_KIN = _PEOPLE | words("flatmate fiance fiancee")
_DAYS = words(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "mondays tuesdays wednesdays thursdays fridays saturdays sundays weekend weekends"
)
_MONTHS = words("january february march april may june july august september october november december "
                "jan feb mar apr jun jul aug sep sept oct nov dec")
_SELF = words("i i'm im i've ive i'd my me myself")
_LOOK_BACK = 5


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int


def is_chinese(sentence: str) -> bool:
    return bool(_CJK.search(sentence))


def tokens(sentence: str) -> list[Token]:
    """English words and marks, or Chinese characters with Latin runs kept whole."""
    pattern = _ZH_TOKEN if is_chinese(sentence) else _EN_TOKEN
    return [Token(m.group(), m.start(), m.end()) for m in pattern.finditer(sentence)]


def _shape(word: str) -> str:
    shape = re.sub(r"[A-Z]", "X", re.sub(r"[a-z]", "x", re.sub(r"\d", "d", word)))
    return re.sub(r"(.)\1+", r"\1\1", shape)  # "Xxxxx" -> "Xxx": long runs are one shape


def _place_marks(texts: list[str]) -> list[str]:
    """'B'/'I' where a known place name (up to three words) starts or goes on, else ''."""
    marks = [""] * len(texts)
    i = 0
    while i < len(texts):
        for size in (3, 2, 1):
            if i + size <= len(texts) and known_place(" ".join(texts[i : i + size])):
                marks[i : i + size] = ["B"] + ["I"] * (size - 1)
                i += size - 1
                break
        i += 1
    return marks


def _word_class(word: str) -> str:
    """What kind of word the rules know ``word`` (lower case) for, or "o"."""
    if word.isdigit():
        return "num"
    if word in _KIN:
        return "kin"
    if word in _DAYS:
        return "day"
    if word in _MONTHS:
        return "month"
    if word in LANGUAGE_NAMES:
        return "lang"
    return "job" if len(word) > 2 and word.isalpha() and is_job(word) else "o"


def _english(texts: list[str]) -> list[list[str]]:
    lower = [w.casefold() for w in texts]
    places = _place_marks(texts)
    question = "?" in texts
    wish = any(w in _WISH for w in lower)
    kinds = [classes(w) for w in lower]
    rows: list[list[str]] = []
    for i, word in enumerate(texts):
        w = lower[i]
        back = lower[max(0, i - _LOOK_BACK) : i]
        row = [
            "bias",
            f"w={w}",
            f"suf3={w[-3:]}",
            f"pre3={w[:3]}",
            f"shape={_shape(word)}",
            f"place={places[i]}",
            f"self_back={any(b in _SELF for b in back)}",
            f"other_back={any(b in _OTHER for b in back)}",
            f"question={question}",
            f"wish={wish}",
            f"cls={_word_class(w)}",
        ]
        if i == 0:
            row.append("first")
        for step in range(1, WINDOW + 1):
            row.append(f"w-{step}={lower[i - step] if i - step >= 0 else '<s>'}")
            row.append(f"w+{step}={lower[i + step] if i + step < len(texts) else '</s>'}")
        row.append(f"w-2:w-1={lower[i - 2] if i >= 2 else '<s>'}|{lower[i - 1] if i >= 1 else '<s>'}")
        row.append(f"w-1:w={lower[i - 1] if i >= 1 else '<s>'}|{w}")
        row.append(f"shape+1={_shape(texts[i + 1]) if i + 1 < len(texts) else '</s>'}")
        # the classes of MiniLM's word vectors, here and either side: a town, a trade or a
        # pastime no training sentence named is still a word of its kind
        for step in (-1, 0, 1):
            coarse, fine = kinds[i + step] if 0 <= i + step < len(kinds) else ("<>", "<>")
            row.append(f"k{step}={coarse}")
            row.append(f"kk{step}={fine}")
        rows.append(row)
    return rows


# Chinese: a relative or a third person a few characters back ("我姐在大连当老师": hers), and
# words of a wish or a plan anywhere in the sentence ("要是过了就得搬去北京").
_ZH_OTHER = re.compile(
    r"他|她|姐|妹|哥|弟|妈|爸|老公|老婆|媳妇|对象|男朋友|女朋友|闺蜜|朋友|同事|室友|儿子|女儿|闺女|孩子|老板"
)
_ZH_WISH = re.compile(r"想|如果|要是|打算|可能|希望|梦想|准备|考虑")
_ZH_LOOK_BACK = 8


def _zh_place_marks(chars: list[str]) -> list[str]:
    """'B'/'I' where a known Chinese place (two to four characters) starts or goes on."""
    marks = [""] * len(chars)
    i = 0
    while i < len(chars):
        for size in (4, 3, 2):
            word = "".join(chars[i : i + size])
            if len(word) == size and (word in PLACES_ZH or known_city(word)):
                marks[i : i + size] = ["B"] + ["I"] * (size - 1)
                i += size - 1
                break
        i += 1
    return marks


def _chinese(chars: list[str]) -> list[list[str]]:
    question = any(c in ("吗", "？", "?", "呢") for c in chars)
    places = _zh_place_marks(chars)
    wish = bool(_ZH_WISH.search("".join(chars)))
    rows: list[list[str]] = []

    def at(j: int) -> str:
        return chars[j].casefold() if 0 <= j < len(chars) else ("<s>" if j < 0 else "</s>")

    for i, char in enumerate(chars):
        row = [
            "bias",
            f"c={at(i)}",
            f"latin={char[:1].isascii() and char[:1].isalnum()}",
            f"digit={char.isdigit()}",
            f"question={question}",
            f"place={places[i]}",
            f"other_back={bool(_ZH_OTHER.search(''.join(chars[max(0, i - _ZH_LOOK_BACK) : i])))}",
            f"wish={wish}",
        ]
        for step in range(1, WINDOW + 2):  # three characters either side: 在/去/搬到...
            row.append(f"c-{step}={at(i - step)}")
            row.append(f"c+{step}={at(i + step)}")
        row.append(f"c-2:c-1={at(i - 2)}{at(i - 1)}")
        row.append(f"c-1:c={at(i - 1)}{at(i)}")
        row.append(f"c:c+1={at(i)}{at(i + 1)}")
        row.append(f"c+1:c+2={at(i + 1)}{at(i + 2)}")
        row.append(f"c-3:c-1={at(i - 3)}{at(i - 2)}{at(i - 1)}")
        rows.append(row)
    return rows


# What the sentence before says the talk is about: "Big news, we finally moved! Flat in
# Edgbaston", "拿到offer了！下周一去字节报到".
_CONTEXT_CUES = {
    "move": re.compile(r"\b(?:mov(?:e|ed|ing)|relocat\w*|new\s+(?:place|flat|house|apartment|home)|"
                       r"settled)\b|搬|新家|定居|落户", re.IGNORECASE),
    "job": re.compile(r"\b(?:jobs?|work(?:ing)?|hired|started|starting|offer|role|position|promot\w*|quit|"
                      r"resigned|laid\s+off)\b|工作|上班|入职|跳槽|辞职|离职|新公司|offer", re.IGNORECASE),
    "study": re.compile(r"\b(?:uni|university|college|school|course|degree|enrolled|admitted|studying)\b|"
                        r"学校|大学|读书|考上|录取|专业|研究生", re.IGNORECASE),
    "other": re.compile(r"\b(?:he|she|they|his|her|their)\b|[他她]", re.IGNORECASE),
}


def context_features(before: str) -> list[str]:
    """The cues of the sentence before (of the same turn), one feature each."""
    return [f"ctx={name}" for name, cue in _CONTEXT_CUES.items() if before and cue.search(before)]


def features(sentence: str, toks: list[Token] | None = None, before: str = "") -> list[list[str]]:
    """One list of feature strings per token of ``sentence``; ``before`` is the sentence
    before it in the same turn, whose cues every token carries."""
    texts = [t.text for t in (toks if toks is not None else tokens(sentence))]
    rows = _chinese(texts) if is_chinese(sentence) else _english(texts)
    cues = context_features(before)
    return [row + cues for row in rows] if cues else rows
