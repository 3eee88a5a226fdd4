"""A home said at another grain: a district held with its city, the city said again
the same home. A pure helper of the resolver.

"We're in Gwarinpa, Abuja" and later "staying here in Abuja" tell one home, not a move.

"住番禺" is held as "番禺, 广州" (the form "Palermo, Buenos Aires" takes), so "我们广州这边"
later is the same home, reinforced, not a move that ends it; "搬到海珠了" is a move within
广州 ("海珠, 广州"). A district that stands in several cities (西湖 in 杭州 and 南昌) is placed
only by the city already held; one that is also a city's own name (朝阳) likewise. Which
city each district lies in is ``extract.districts_zh``'s table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from vaultweave.store.item import Item
from vaultweave.weaver.attributes import canonical_sentence
from vaultweave.weaver.extract.base import Candidate
from vaultweave.weaver.extract.districts_zh import cities_of, is_city

PLACED = ("lives_in", "hometown")
_CHINESE = re.compile(r"^[\u4e00-\u9fff]{2,8}$")


def in_city(candidate: Candidate, current: Iterable[Item]) -> Candidate:
    """``candidate`` (a home or hometown) with its city when it names a district: the city of
    the home held (``current``: the subject's current values of that attribute), else the one
    city the district lies in; the held home itself when the city it lies in is said."""
    said = candidate.value.strip()
    if candidate.attribute not in PLACED:
        return candidate
    held = [i.value for i in current]
    if not _CHINESE.match(said):  # "staying here in Abuja" after "Gwarinpa, Abuja": the home held
        return next((_valued(candidate, value) for value in held
                     if value.partition(", ")[2].casefold() == said.casefold() != ""), candidate)
    for value in held:  # "广州" after "番禺, 广州" (or a bare "番禺"): the home held
        district, _, city = value.partition(", ")
        if said == city or (not city and said in cities_of(district)):
            return _valued(candidate, f"{district}, {said}")
    cities = cities_of(said)
    held_cities = {value.partition(", ")[2] or value for value in held}
    placed = sorted(cities & held_cities)
    if not placed and len(cities) == 1 and not is_city(said):
        placed = sorted(cities)
    return _valued(candidate, f"{said}, {placed[0]}") if len(placed) == 1 else candidate


def _valued(candidate: Candidate, value: str) -> Candidate:
    return replace(candidate, value=value,
                   text=canonical_sentence(candidate.subject, candidate.attribute, value))
