"""The clauses a turn gives the learned reader: what the rules' gates let through.

The rules read what they know; the reader (``span_reader``) reads the rest, but only in
clauses a statement of the speaker's can be (no question, wish or opinion, nothing of someone
else's), each with the date phrase of its change and the sentence before it; the clauses it
may read for events; and the clauses that open with someone else, said as their own ("my
sister Joy works in Dubai" as "I work in Dubai"). The training of the reader
(``bench.facts.train_reader``) learns from the same clauses, so reading and learning see one
shape.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract import dated_zh, dates_en, dates_zh, rules_zh_people, span_reader
from vaultweave.weaver.extract.grammar_en import ENGLISH
from vaultweave.weaver.extract.grammar_zh import CHINESE

_CJK = re.compile(r"[\u4e00-\u9fff]")


def is_chinese_sentence(sentence: str) -> bool:
    """Whether a sentence is read with the Chinese grammar: it opens in hanzi, says 我, or has
    more hanzi than Latin words."""
    stripped = sentence.lstrip(" \"'“‘([")
    if stripped and _CJK.match(stripped) or "我" in sentence:
        return True
    # "HR说面试提前了", "offer拿到了": Chinese with a Latin word first
    return len(_CJK.findall(sentence)) >= max(2, len(re.findall(r"[A-Za-z]+", sentence)))


def their_clauses(sentences: Sequence[str]) -> list[span_reader.Theirs]:
    """The clauses of a turn's ``sentences`` that open with someone else, each said as their
    own ("my sister Joy works in Dubai" as "I work in Dubai"): what the reader reads of other
    people, and what it learns from (``bench.facts.train_reader``)."""
    return gated_clauses(sentences)[2]


def gated_clauses(
    sentences: Sequence[str],
) -> tuple[list[tuple[str, str, str]], list[str], list[span_reader.Theirs]]:
    """The clauses the rules' gates let through, in one pass: those the reader may read for values
    (no question, wish or opinion, nothing of someone else's: "my wife is a nurse at Mercy", "he
    starts monday. still in dakar"), each with its change's date phrase; those it may read for
    events (plans and requests pass, questions do not); those that open with someone else, as theirs."""
    statements: list[tuple[str, str, str]] = []
    events: list[str] = []
    others: list[span_reader.Theirs] = []
    before, theirs_before = 0, False  # where the statements of the sentence before begin; whose it was
    for number, sentence in enumerate(sentences):
        said_before = sentences[number - 1] if number else ""
        grammar = CHINESE if is_chinese_sentence(sentence) else ENGLISH
        bare, theirs_before = span_reader.after_theirs(sentence, theirs_before and grammar is ENGLISH)
        asks = grammar.is_question(sentence)
        frame = dated_zh.is_day_frame(sentence) if grammar is CHINESE else ""
        if frame:  # "到新加坡啦！20号落地的": the 是…的 frame dates the sentence before
            statements[before:] = [(part, when or frame, said) for part, when, said in statements[before:]]
        before = len(statements)
        theirs = False  # Chinese: "小李换工作了，去了百度": the second clause is his too
        for clause in grammar.split_clauses(sentence):
            opens_with = None
            if grammar is CHINESE:
                if span_reader.someone_else(clause):
                    theirs = True
                    who = rules_zh_people.person(clause, None)
                    opens_with = (who[0].about, who[0].name, who[1]) if who else None
                elif clause.lstrip("，, ").startswith("我"):
                    theirs = False
            elif grammar.other is not None:
                other = grammar.other(grammar.prepare(clause))
                opens_with = (other[0], other[1], other[2]) if other else None
            if opens_with and not asks and grammar.negated(clause) is None and not grammar.is_chatter(clause):
                about, name, inner = opens_with
                when = dates_zh.find_past(clause)[0] if grammar is CHINESE else dates_en.find(clause)
                parts = span_reader.readable_parts(inner)
                others += [span_reader.Theirs(part, when, about, name) for part in parts]
            if theirs or opens_with or grammar.negated(clause) is not None or bare:
                continue
            if not grammar.is_question(clause):
                events.append(clause)
            elif grammar is CHINESE and "，" in clause:  # "…去做四维，说要憋尿，…难受吗": the booking first
                events.append(clause.split("，")[0])
            if not asks and not grammar.is_chatter(clause):
                if grammar is CHINESE:  # "上个月搬到了苏州", "到伦敦一周了"
                    when = dates_zh.find_past(clause)[0] or dates_zh.find_since(clause)[0]
                else:
                    when = dates_en.find(clause)
                statements += [(part, when, said_before) for part in span_reader.readable_parts(clause)
                               if grammar is CHINESE or not _NOT_THE_SPEAKERS_NOW.search(part)]
    return statements, events, others


# "my mei mei got good news, she just turned 19": a clause that goes on about someone else
# is no statement of the speaker's for the reader; nor is "until our own flat in Swindon is
# ready", a value still to come
_NOT_THE_SPEAKERS_NOW = re.compile(r"(?:^|[,;]\s*|\b(?:and|but|so|cos|because)\s+)(?:he|she|they|hes|shes)"
                                   r"(?:'s|'re|\s)|(?:^|[,;]\s*)(?:until|till|til|once|as\s+soon\s+as)\s",
                                   re.IGNORECASE)
