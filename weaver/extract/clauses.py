"""The clause reader both grammars share: retractions, negations, rules, then mentions."""

from __future__ import annotations

from vaultweave.weaver.extract.rules_text import Fact, Grammar, first_match, flipped

MAX_NOTE = 240  # characters of a "remember that ..." note; longer ones are rejected


def clause_facts(clause: str, grammar: Grammar) -> list[Fact]:
    if not clause or grammar.is_chatter(clause):
        return []
    found, end = first_match(grammar.retractions, clause)
    if not found:
        negation = grammar.negated(clause)
        if negation is not None:
            inner, factor = negation
            found = flipped(first_match(grammar.rules, grammar.prepare(inner))[0], factor)
            end = len(clause) if found else 0
    if not found:
        found, end = first_match(grammar.rules, clause)
    hits = [
        (match.start(), index, match)
        for index, mention in enumerate(grammar.mentions)
        for match in mention.pattern.finditer(clause, end)
    ]
    for _, index, match in sorted(hits, key=lambda hit: (hit[0], hit[1])):
        found = [*found, *grammar.mentions[index].build(match)]
    return found
