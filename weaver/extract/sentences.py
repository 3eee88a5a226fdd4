"""A turn cut into sentences: at . ! ? ; 。！？； and newlines, but not inside "Dr. Li",
"e.g. tea", "6.30" or a pause mid-phrase ("i'm kind of a... freelance translator")."""

from __future__ import annotations

import re

_CJK = re.compile(r"[\u4e00-\u9fff]")
_ENDS = re.compile(r"[.!?;。！？；]+|\n+")
_PAUSE_MID_PHRASE = re.compile(r"\b(?:a|an|the|my|like|of|as|is|am|i'm|I'm)\.\.+$", re.IGNORECASE)
_ABBREVIATIONS = frozenset(
    ["mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "vs", "etc", "e.g", "i.e", "approx", "no", "mt"]
    + ["inc", "ltd", "co"]
)


def split_sentences(text: str) -> list[str]:
    """Cut at . ! ? ; 。！？； and newlines, keeping "Dr. Li", "e.g. tea" and "6.30" whole."""
    sentences: list[str] = []
    start = 0
    for match in _ENDS.finditer(text):
        if match.group() == "." and _keeps_period(text, match.start()):
            continue
        if _PAUSE_MID_PHRASE.search(text, 0, match.end()) and re.match(r"\s*[a-z]", text[match.end():]):
            continue  # "i'm kind of a... freelance translator": a pause, the phrase goes on
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
    if token.lower() == "no":  # "No. 5" is a number; "lmao no. I'm a cook" ends a sentence
        return re.match(r"\s*\d", text[at + 1:]) is not None
    return token.lower() in _ABBREVIATIONS or (len(token) == 1 and token.isupper() and token != "I")
