"""Word evidence for Chinese values: jieba's part-of-speech tags, read as evidence, never as truth.

``rjieba`` (jieba-rs, the segmenter keyword search already uses) tags 绵阳 and 九江 ``ns``
(a place) though no city list of ours has them. Its tags are noisy (大理 is ``n``, 华为 and
过敏 ``nr``, 京东 ``ns``), so a tag only counts where the shape of the clause already
points the same way: a ``ns`` word after 在 / 搬到 / 老家 is a place, an ``nr`` word after
叫 a name. Without the ``recall`` extra there are no tags and only the lists count.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

# Longer texts are never tagged: a value is a few characters, and a huge turn must not
# cost a segmenter pass per clause.
MAX_TAGGED = 24
_Tagger = Callable[[str], list[tuple[str, str]]]


def _load_tagger() -> _Tagger | None:
    try:
        import rjieba
    except ImportError:  # the offline rules work without the recall extra
        return None
    tag: _Tagger = rjieba.tag
    return tag


_TAGGER = _load_tagger()
# Words jieba tags ``ns`` that are better read as companies or as no place at all.
_NOT_PLACES = frozenset({
    "京东", "中华", "华夏", "长城", "东方", "南方", "北方", "西方", "国内", "国外", "全国", "本地",
    "当地", "老家", "家乡", "市区", "郊区", "市中心",
    # state companies named 中 + their trade ("在中建", "中铁的"), never towns
    "中建", "中铁", "中交", "中核", "中冶", "中粮", "中航", "中电", "中化",
    # companies jieba tags as places ("在大疆做结构")
    "大疆", "中兴", "吉利", "苏宁", "智联",
})


@lru_cache(maxsize=8192)
def tags(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's words and tags of a short text; () when it is long or rjieba is missing."""
    if _TAGGER is None or not text or len(text) > MAX_TAGGED:
        return ()
    return tuple(_TAGGER(text))


def tag_of(word: str) -> str:
    """The tag of ``word`` when jieba reads it as one word, else ""."""
    found = tags(word)
    return found[0][1] if len(found) == 1 else ""


def tagged_place(word: str) -> bool:
    """A word of two to four characters that jieba reads as one place name (绵阳, 九江)."""
    if word in _NOT_PLACES or word.endswith(("大", "院", "校", "中", "小", "馆", "店")):
        return False  # 浙大, 川大: a school, whatever the tag
    if re.fullmatch(r"[华东西南北中][东西南北中]", word):
        return False  # 华西, 中南: a region that names hospitals and schools more than homes
    return 2 <= len(word) <= 4 and tag_of(word) == "ns"


def tagged_person(word: str) -> bool:
    """A given name as jieba reads one (程悦, 小鹿): evidence only after 叫 or a relative."""
    return 2 <= len(word) <= 3 and tag_of(word) in ("nr", "nrfg")
