"""English word forms for the rules: plural to singular, gerund to base, base to gerund
and third person. Heuristics, good for the common verbs and nouns people use in talk."""

from __future__ import annotations

import re


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word



_BASE_OF = {"doing": "do", "going": "go", "being": "be", "having": "have", "seeing": "see",
            "lying": "lie", "dying": "die", "tying": "tie", "skiing": "ski", "adding": "add"}
_GERUND_OF = {v: k for k, v in _BASE_OF.items()}
_THIRD = {"do": "does", "go": "goes", "have": "has", "be": "is"}
_CVC = re.compile(r"[^aeiou]*[aeiou][^aeiouwxy]")


def base_of(word: str) -> str:
    """running -> run, hiking -> hike, doing -> do (a heuristic, good for common verbs)."""
    if word in _BASE_OF or not word.endswith("ing") or len(word) <= 4:
        return _BASE_OF.get(word, word)
    stem = word[:-3]
    doubled = len(stem) >= 3 and stem[-1] == stem[-2]
    if doubled and (stem[-1] not in "lsz" or stem.endswith("ell") and len(stem) >= 6):
        return stem[:-1]
    soft_end = r"(?:[^aeiou]c|v|[^z]z|[bcdfgkptz]l|[^aeiou]at|[^aeiou]is|ic)$"
    if _CVC.fullmatch(stem) or re.search(soft_end, stem):
        return stem + "e"
    return stem


def gerund(base: str) -> str:
    if base in _GERUND_OF:
        return _GERUND_OF[base]
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith(("ee", "oe", "ye")) and len(base) > 2:
        return base[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgkmnprtv]", base):
        return base + base[-1] + "ing"
    return base + "ing"


def third_person(base: str) -> str:
    if base in _THIRD:
        return _THIRD[base]
    if re.search(r"(?:s|sh|ch|x|z|o)$", base):
        return base + "es"
    if re.search(r"[^aeiou]y$", base):
        return base[:-1] + "ies"
    return base + "s"


def base_phrase(phrase: str) -> str:
    """"doing yoga every day" -> "do yoga every day"."""
    first, _, rest = phrase.partition(" ")
    return base_of(first.lower()) + (" " + rest if rest else "")
