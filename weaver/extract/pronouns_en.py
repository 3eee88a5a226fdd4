"""A pronoun said of the one relative a sentence names, put back as that relative: "my mum's a
teacher, she's retiring" reads as "..., my mum's retiring", so the clause says whose it is."""

from __future__ import annotations

import re

from vaultweave.weaver.extract.rules_text import NAME

_EITHER = "partner|friend|best\\s+friend|boss|manager|roommate|flatmate|coworker|colleague|cousin"
_HE_SHE = {
    "he": "brother|bro|husband|boyfriend|fianc[eé]|dad|father|son|grandpa|grandfather|uncle|nephew|"
    + _EITHER,
    "she": "sister|sis|wife|girlfriend|fianc[eé]e|mom|mum|mother|daughter|grandma|grandmother|aunt|niece|"
    + _EITHER,
}

_AFTER = r"(?:(?<=[,;.]\s)|(?<=\w\s)(?=(?:but|and|so|though)\s))"  # "... but he's in Leeds"


def named_for_pronoun(sentence: str) -> str:
    """ "my mom's a teacher, she's retiring" -> "..., my mom's retiring": one relative, one pronoun."""
    for pronoun, relatives in _HE_SHE.items():
        # "my sister", and "with wife Liis" as chat drops the "my"
        named = re.findall(r"(?:\b[Mm]y\s+|(?<=\bwith\s))(?:(?:little|big|older|younger|best)\s+)?(?:"
                           + relatives
                           + r")\b(?:\s+" + NAME + r")?", sentence)
        if len(set(named)) == 1:
            first = re.search(re.escape(named[0]), sentence)
            assert first is not None
            end = first.end()
            mine = re.sub(r"^[Mm]y\s+", "", named[0])
            # "my husband Teodor he is a porter": the pronoun right after the name says it again
            tail = re.sub(r"^\s+" + pronoun + r"(?=\s+(?:is|works|lives)\s)", "", sentence[end:])
            tail = re.sub(_AFTER + r"(?P<but>(?:but|and|so|though)\s+)?" + pronoun
                          + r"(?='s\s|\s+(?:is|lives|works|moved|got|started|joined|left|quit|turns|"
                          r"was\s+born)\s)",
                          r"\g<but>my " + mine.replace("\\", r"\\"), tail)
            sentence = sentence[:end] + tail
    return sentence
