"""Keyword tokens for BM25: case-folded words of any script, jieba words for Chinese.

Chinese goes through rjieba (jieba-rs): jieba's own dictionary and HMM, the same words
(checked on every CJK run in this repository), 5 MB installed where jieba takes 43.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from vaultweave.store.extras import require

# Runs of CJK ideographs go to jieba; everything else splits on non-word characters.
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD = re.compile(r"\w+", re.UNICODE)

STOPWORDS = frozenset(
    str.split(
        """a an and are as at be been but by did do does for from had has have he her hers him his
    how i if in into is it its me my of on or our she so than that the their them then there
    these they this those to was we were what when where which who whom why will with would you
    your yours am can could just about after before also any all s t"""
    )
)


@lru_cache(maxsize=1)
def _jieba() -> Any:
    rjieba: Any = require("recall", "rjieba")
    return rjieba


def _stem(word: str) -> str:
    """A light English suffix fold so "hikes"/"hiking"/"hiked" and "hike" meet."""
    if len(word) <= 3 or not word.isascii():
        return word
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                return word
            word = word[: -len(suffix)] + keep
            break
    return word[:-1] if word.endswith("e") and len(word) >= 4 else word


def keyword_tokens(text: str) -> list[str]:
    """Tokens for indexing and querying; the same function on both sides."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    tokens: list[str] = []
    position = 0
    for match in _CJK.finditer(folded):
        tokens.extend(_latin(folded[position : match.start()]))
        # Precise mode with the HMM for unknown words: jieba.lcut(text, cut_all=False).
        tokens.extend(w for w in _jieba().cut(match.group(), hmm=True) if w.strip())
        position = match.end()
    tokens.extend(_latin(folded[position:]))
    return tokens


def _latin(text: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(text) if w not in STOPWORDS and w != "_"]
