"""The value a change came from, named beside the new one: ended though the vault never held it.

People tell a change once, with both ends of it: "moved up to Dublin from Cork in January",
"since 1 May I'm IT support tech at Netcare, before that 4 years at Mr Price", "之前在饿了么
现在跳到美团了". When the sentence gives a new home or employer and names the one before it
by a word of origin ("from", "before that", "previously", 之前, 以前, 原来), the one before is
ended when the new one began (the new value's own date phrase), of the same person. Where the
vault holds that value, the resolver ends it there; where it never did, the ending is kept as
history, as any ending the vault never held. "I moved here from Karachi" ends Karachi, and makes
the town the turn named before it ("flats in Dubai") the home.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_values import org_of, place_of
from vaultweave.weaver.extract.span_features import is_chinese
from vaultweave.weaver.extract.towns_in_passing import former_homes

CONFIDENCE = 0.75
# A name as typed in English: capitalised words, with "&", "'" and "-" inside ("Mr Price",
# "Marks & Spencer", "St. Luke's"); a lower-case word ends it.
_NAME_EN = r"(?P<old>[A-Z][\w'’.&-]*(?:\s+(?:&\s+)?[A-Z][\w'’.&-]*){0,3})"
_FROM_HOME_EN = re.compile(
    r"\b(?:moved|moving|relocated|came|come|shifted|transferred|went|got\s+posted|back)\b[^.;!?]*?\bfrom\s+"
    r"(?:the\s+)?(?P<old>[^\W\d_][\w'’.-]*(?:\s+[^\W\d_][\w'’.-]*){0,2})",
    re.IGNORECASE,
)
_BEFORE_JOB_EN = (
    re.compile(r"\b(?:before\s+that|before\s+this|previously|prior\s+to\s+that|formerly)\b[^.;!?]{0,40}?"
               r"\b(?:at|with|for)\s+" + _NAME_EN),
    re.compile(r"\b(?:switched|moved|jumped|went|came|changed|transferred)\s+(?:jobs?\s+|over\s+)?from\s+"
               + _NAME_EN + r"\s+to\b"),
)
# Chinese: "之前在饿了么", "以前是京东的", "原来在北京"; the value runs to the next verb or mark.
_BEFORE_ZH = re.compile(
    r"(?:之前|以前|原来|原先|上一家|上家)(?:一直)?(?:在|是|住在?|待在?)(?P<old>[^\s，,。！!？?；;、]{2,12}?)"
    r"(?=干|做|跑|送|当|上班|工作|待|呆|住|的|了|那|[\s，,。！!？?；;、]|$)"
)
_NOT_A_VALUE_EN = {"home", "work", "school", "there", "here", "abroad", "overseas", "scratch", "uni"}


def former_values(sentences: Sequence[str], facts: Sequence[Fact]) -> list[Fact]:
    """Homes and employers the turn tells were the speaker's (or a person's) before: "better
    than my old place in pilsen" (``former_homes``), and those named beside a new one."""
    return former_homes(sentences) + told_before(sentences, facts) + _left_for_here(sentences, facts)


# "I moved here from Karachi three weeks back": the home left, where "here" is not named again
_HERE_FROM_EN = re.compile(r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|only\s+)?"
                           r"(?:moved|came|relocated|shifted)\s+(?:over\s+|out\s+|down\s+|up\s+)?here\s+from\s+"
                           r"(?P<old>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)?)")
# a town named in the turn before "here": "need help comparing flats in Dubai"
_IN_TOWN_EN = re.compile(r"\b(?:in|to)\s+(?P<town>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)?)")


def _left_for_here(sentences: Sequence[str], facts: Sequence[Fact]) -> list[Fact]:
    """The home left ("moved here from X"), and "here" when the turn named a town before it
    ("flats in Dubai ... I moved here from Karachi": Dubai)."""
    told = {f.value.casefold() for f in facts if f.attribute == "lives_in" and not f.about and not f.name}
    out = []
    for at, sentence in enumerate(sentences):
        found = _HERE_FROM_EN.search(sentence)
        town = known_place(found.group("old")) if found else None
        if not found or not town or town.casefold() in told:
            continue
        told.add(town.casefold())
        when = dates_en.find(sentence[found.end():])
        out.append(Fact("lives_in", town, Op.RETRACT, CONFIDENCE, when=when))
        before = " ".join([*sentences[:at], sentence[:found.start()]])
        here = [p for m in _IN_TOWN_EN.finditer(before) if (p := known_place(m.group("town")))]
        if here and here[-1].casefold() not in told:
            out.append(Fact("lives_in", here[-1], Op.ASSERT, CONFIDENCE, when=when))
    return out



def told_before(sentences: Sequence[str], facts: Sequence[Fact]) -> list[Fact]:
    """Endings of the values the sentences name as the ones before a new home or employer
    among ``facts`` (each sentence's own new value), not already read."""
    said = {(f.attribute, f.value.casefold(), f.about, f.name) for f in facts}
    ended: list[Fact] = []
    for sentence in sentences:
        for new in facts:
            if new.op is not Op.ASSERT or new.attribute not in ("lives_in", "employer") or not new.value:
                continue
            if new.value.casefold() not in sentence.casefold():
                continue
            old = _old_value(sentence, new)
            key = (new.attribute, old.casefold(), new.about, new.name)
            if old and key not in said and old.casefold() not in new.value.casefold():
                said.add(key)
                ended.append(replace(new, value=old, op=Op.RETRACT, confidence=CONFIDENCE, assumed=False))
    return ended


def _old_value(sentence: str, new: Fact) -> str:
    if is_chinese(sentence):
        for match in _BEFORE_ZH.finditer(sentence):
            raw = match.group("old")
            old = place_of(raw) if new.attribute == "lives_in" else org_of(raw)
            if old and old != new.value:
                return old
        return ""
    if new.attribute == "lives_in":
        for match in _FROM_HOME_EN.finditer(sentence):
            words = match.group("old").split()
            for size in range(len(words), 0, -1):  # "Cork in January" -> Cork
                town = known_place(" ".join(words[:size]))
                if town:
                    return town
            if words and words[0][:1].isupper() and words[0].casefold() not in _NOT_A_VALUE_EN:
                return words[0]
        return ""
    for pattern in _BEFORE_JOB_EN:
        for match in pattern.finditer(sentence):
            if match.group("old").casefold() not in _NOT_A_VALUE_EN:
                return match.group("old")
    return ""
