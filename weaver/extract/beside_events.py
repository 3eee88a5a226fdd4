"""What an English clause tells beside the appointment or routine it holds.

A clause with a date is read as its event ("big launch on the 9th"), and chat often puts
another fact in the same clause: "im a PM at kestrel, big launch on the 9th", "spin class
monday and wednesday at 6am, PM at wayfair", "vet for my cat Noisette tomorrow at 10".
The parts cut off by a comma that hold no date are read as clauses of their own, and the
part with the event is searched for what is said in passing anywhere (a pet or relative
named, ``Grammar.mentions``); only statements come back, never another appointment.
"""

from __future__ import annotations

import re

from vaultweave.weaver.attributes import PERSON_ATTRIBUTES
from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.clauses import clause_facts
from vaultweave.weaver.extract.rules_text import Fact, Grammar

# The event's own kinds, which the event reader alone tells, and what an event says of itself:
# "turning 30" beside a birthday to come is no age yet; "lessons every saturday" beside
# "learning to drive" is the routine's activity, not another fact
_EVENT_KINDS = frozenset(("appointment", "routine", "event", "birthday", "note", "age", "habit", "hobby",
                          "learning"))
# Where chat joins an event to another statement: a comma, a semicolon, a dash between spaces
_CUT = re.compile(r"\s*[,;]\s*|\s+-\s+")


def told_beside(clause: str, grammar: Grammar) -> list[Fact]:
    """The facts ``clause`` states besides its event, in the order said."""
    found: list[Fact] = []
    for piece in (p.strip() for p in _CUT.split(clause)):
        if not piece:
            continue
        if dates_en.find_span(piece) or grammar.events and grammar.events(piece):
            found += _mentioned(grammar.prepare(piece), grammar)
        else:
            found += clause_facts(grammar.prepare(piece), grammar)
    return [f for f in found if f.op is Op.ASSERT and f.attribute not in _EVENT_KINDS and not f.about]


def _mentioned(piece: str, grammar: Grammar) -> list[Fact]:
    """The pets and people named in the event's own part ("vet for my cat Noisette"); work
    read there is the event's ("vet for pepe" is no vet working for Pepe)."""
    found = [f for rule in grammar.mentions for m in rule.pattern.finditer(piece) for f in rule.build(m)]
    return [f for f in found if f.attribute == "pet" or f.attribute in PERSON_ATTRIBUTES]
