"""Fields of study named in English: a closed vocabulary of disciplines, by the word a
field's name ends with ("civil engineering", "public health"), or a short name ("psych").
Shared by the study rules (``fields_of_study``) and the job reader, which meets a field
inside a student's title ("a PhD student in epidemiology")."""

from __future__ import annotations

import re

from vaultweave.weaver.extract.rules_text import words

# English disciplines, by the word a field's name ends with ("civil engineering",
# "public health", "medical billing and coding").
_EN_HEADS = words(
    "medicine law nursing engineering science sciences biology chemistry physics maths math mathematics "
    "economics accounting accountancy finance psychology history literature philosophy sociology "
    "anthropology linguistics architecture design pharmacy pharmacology dentistry journalism education "
    "health agriculture statistics politics relations geography geology management administration studies "
    "therapy pathology coding theology ecology zoology botany neuroscience biochemistry genetics astronomy "
    "commerce hospitality tourism communications nutrition dietetics physiotherapy midwifery surveying "
    "logistics criminology classics mbbs cs informatics robotics biotechnology microbiology optometry "
    "radiography kinesiology aviation chain business marketing epidemiology immunology virology "
    "toxicology physiology anatomy oceanography archaeology archeology musicology demography")
# Fields said on their own only when the frame is a study's ("studying business", "a music
# major"), never after a bare "doing" ("doing business in Lagos", "doing marketing at Unilever").
_EN_WORK_TOO = words("business design marketing finance accounting coding management administration history "
                     "hospitality tourism logistics aviation commerce communications")
_EN_SHORT = {"bio": "biology", "chem": "chemistry", "psych": "psychology", "econ": "economics",
             "econs": "economics", "compsci": "computer science", "comp sci": "computer science",
             "med": "medicine", "poli sci": "political science", "polisci": "political science",
             "engg": "engineering", "pharma": "pharmacy", "physio": "physiotherapy", "b.tech": "B.Tech",
             "btech": "B.Tech"}
_EN_NOT = words("it this that there which what something anything everything nothing hard late abroad online "
                "together tonight today part full time well much more")


def field_en(raw: str, strict: bool) -> str | None:
    """The field a phrase names, or None. ``strict``: the frame says little of study ("doing
    X at Y"), so a field that is also a line of work is not enough."""
    phrase = re.sub(r"\s+", " ", raw.strip(" ,.'")).strip()
    low = phrase.lower()
    if low in _EN_SHORT:
        return _EN_SHORT[low]
    last = low.split()[-1] if low else ""
    if not last or low.split()[0] in _EN_NOT or last not in _EN_HEADS:
        return None
    if strict and len(low.split()) == 1 and last in _EN_WORK_TOO:
        return None
    return phrase if phrase.isupper() else low


__all__ = ["field_en"]
