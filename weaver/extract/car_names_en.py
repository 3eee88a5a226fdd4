"""English words of cars: the makes, the models people name alone, the verbs that part with
a car, and the words that place a bare model among cars. Shared by the rules that read a
car told or ended (``changes_en``, ``cars_en``, ``patterns_en``) and the learned reader's
guards (``span_reader``)."""

from __future__ import annotations

import re

# Car makes, so that "got a used Tesla Model 3" / "sold the Honda" read as the car.
CAR_MAKE = (
    r"(?:Honda|Toyota|Tesla|Ford|VW|Volkswagen|BMW|Audi|Mercedes(?:-Benz)?|Skoda|Škoda|Kia|Hyundai|Nissan|"
    r"Mazda|Subaru|Fiat|Renault|Peugeot|Volvo|Jeep|Chevy|Chevrolet|Mini|Lexus|Porsche|Citro[eë]n|Seat|Dacia|"
    r"Vauxhall|Opel|Suzuki|Mitsubishi|Polestar|Rivian|Dodge|Ram|GMC|Buick|Cadillac|Land\s+Rover|"
    r"Range\s+Rover|"
    r"Jaguar|Alfa\s+Romeo|Cupra|MG|BYD|Smart)"
)
CAR = CAR_MAKE + r"(?:\s+(?:[A-Z0-9][\w-]*))*"
# What parts with a car: "sold the civic", "traded in my polo", "wrote off the focus"
CAR_PARTED_WITH = r"(?:sold|scrapped|traded\s+in|wrote\s+off|totall?ed)"
# Models people name alone and in lower case ("sold my civic", "swapped the old hilux"): read
# only after a verb that only a car takes, as "golf" or "focus" name other things too.
CAR_MODEL = (
    r"(?i:civic|corolla|camry|prius|yaris|hilux|rav4|rav\s4|land\s+cruiser|prado|fortuner|innova|vitz|"
    r"golf|polo|passat|jetta|tiguan|octavia|fabia|fiesta|focus|mondeo|ranger|f-?150|mustang|"
    r"accord|cr-?v|hr-?v|jazz|swift|alto|wagon\s?r|baleno|nexon|creta|i10|i20|i30|tucson|sportage|"
    r"picanto|qashqai|micra|navara|leaf|clio|megane|outback|forester|impreza|tacoma|wrangler|"
    r"mx-?5|miata|pajero|outlander|ute|beetle|punto|panda|astra|corsa|kombi)"
)

_MAKE_SAID = re.compile(rf"\b(?:{CAR_MAKE})\b", re.IGNORECASE)
_CAR_WORDS = re.compile(
    r"\b(?:cars?|drive|drives|driving|drove|motor|mot|insurance|insured|mileage|miles|km|tyres?|tires?|engine|"
    r"park(?:ed|ing)?|petrol|diesel|hybrid|dealer(?:ship)?|second[- ]?hand|used|mechanic|garage|service|"
    r"reg)\b",
    re.IGNORECASE,
)


def bare_model(value: str, sentence: str) -> bool:
    """Whether a car ``value`` is a bare lower-case word with no make and no year, said in a
    ``sentence`` with no word of cars: "I bought a polo for the wedding" (a shirt as likely as
    a car), not "polo, the insurance is mad" nor "a honda jazz"."""
    said = value.strip()
    return (bool(re.fullmatch(r"[a-z][a-z' -]*", said)) and not _MAKE_SAID.search(said)
            and not _CAR_WORDS.search(sentence))
