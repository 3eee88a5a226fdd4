"""What the speaker denies having said: no fact of theirs.

A guess put to the speaker comes back as an echo and a denial: "我在深圳？你哪看出来的",
"你记错了吧 我没说过我在唐山", "I never said I lived in Leeds". The words of the denial name
the very value denied, so a reading of them would store the guess. A value the speaker
states in the clause a denial opens, or in an echoed question the next sentence denies, is
no fact of theirs; what they say besides ("没说过我在唐山 我在秦皇岛") stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact

_DENIAL = re.compile(
    r"没有?说过|(?:啥|什么)时候说过|谁说我|哪(?:里|儿)?看出来|从哪(?:里|儿)?(?:看|听)|记错了?|瞎编|别瞎说|乱说|不是我说的|"
    r"\bi\s+never\s+said\b|\bi\s+(?:didn'?t|did\s+not)\s+say\b|\bwhere\s+did\s+you\s+get\s+that\b|"
    r"\byou\s+made\s+that\s+up\b|\bwho\s+said\s+(?:i|that)\b|\bnot\s+what\s+i\s+said\b|"
    r"\byou(?:'ve|\s+have)?\s+(?:got\s+)?(?:me|that|it)\s+(?:mixed\s+up|wrong)\b",
    re.IGNORECASE,
)
# A reply that says no to the question before it: "没有 我只是去岳阳出差两天", "nope".
_NO = re.compile(r"^\W*(?:没有|没|不是|不对|才不是|(?:no|nope|nah|not\s+at\s+all)\b)", re.IGNORECASE)
# Where the clause a denial opens ends: the next mark or space (Chinese), or a full stop.
_CLAUSE_END = re.compile(r"[\s，,。！!？?；;]|$")
_ECHO = re.compile(r"[?？]\W*$")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def undenied(facts: Sequence[Fact], sentences: Sequence[str]) -> list[Fact]:
    """``facts`` without the speaker's values that the turn's denials name."""
    denied = [d.casefold() for d in _denied_spans(sentences)]
    if not denied:
        return list(facts)
    return [
        f for f in facts
        if not (f.op is Op.ASSERT and not f.about and not f.name and f.value
                and any(f.value.casefold() in span for span in denied))
    ]


def _echo(sentence: str) -> bool:
    """A guess said back as a question: short ("我在深圳？"), or told as the assistant's ("你刚才说…？")."""
    if not _ECHO.search(sentence):
        return False
    short = len(_CJK.findall(sentence)) <= 12 if _CJK.search(sentence) else len(sentence.split()) <= 8
    return short or bool(re.match(r"\W*(?:你|you\b)", sentence, re.IGNORECASE))


def _denied_spans(sentences: Sequence[str]) -> list[str]:
    spans: list[str] = []
    for i, sentence in enumerate(sentences):
        for cue in _DENIAL.finditer(sentence):
            rest = sentence[cue.end():]
            if _CJK.search(rest[:4]):  # "没说过我在唐山 我在秦皇岛": to the end of its clause
                lead = len(rest) - len(rest.lstrip("我在是住去 "))
                end = _CLAUSE_END.search(rest, lead)  # "$" at the latest
                spans.append(rest[: end.start() if end else len(rest)])
            else:  # "I never said I lived in Leeds, I'm in York": to the end of its clause
                spans.append(re.split(r"[,;.!?]|\bbut\b", rest)[0])
        if i + 1 < len(sentences) and _echo(sentence):
            after = sentences[i + 1]
            # a bare "no" after an English question is as often the speaker's own correction
            # ("a captain now I think? no lieutenant") or no answer at all ("linnea? no.")
            if _DENIAL.search(after) or (_CJK.search(sentence) and _NO.match(after)):
                spans.append(sentence)
    return spans
