"""What the span reader marks that the words around it say is something else.

The reader reads a value by its shape; the sentence it sits in may still say whose it is or
what it is. A title that opens its clause and acts there is the person who holds it ("the
physio rang", "teacher reshuffled the batches"); a name given as someone's is a person ("a guy
called Ruben Falk"); a school year before "at" makes a workplace the pupil's school ("started
year 2 at Larkfield Primary"); talk of surnames names no workplace ("Moss to Delaney"); a
Chinese workplace of a kind ("一家设计院") has no name; jobs looked for in a town are no home
("looking at jobs in Cardiff"), nor is a home moved from ("moved here from Karachi") or
someone else's place ("at my aunt Gina's place in Hoboken"). A Chinese value the model cut
inside a word is widened to the word ("草原之" of 草原之星).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import words_zh

_TITLE_OPENS = re.compile(r"(?:^|[,;:.!?]\s*|\b(?:the|our|their|his|her|your|and|but|so)\s+)$", re.IGNORECASE)
# ("barista turned baker" and "nurse at Mercy" still tell a title)
_TITLE_ACTS = re.compile(
    r"\s+(?:(?:just|already|also|still|never)\s+)?(?:is|was|has|had|will|won't|can't|couldn't|rang|called|"
    r"texted|said|says|told|asked|wants|thinks|reckons|keeps|kept|got|gave|made|left|(?!turned\b)[a-z]+ed)\b",
    re.IGNORECASE)
_PERSON_CALLED = re.compile(r"\b(?:guy|girl|woman|man|lady|bloke|chap|dude|fella|someone|somebody|person|"
                            r"kid)\s+(?:called|named)\s+$", re.IGNORECASE)
_SCHOOL_YEAR_AT = re.compile(r"\b(?:(?:primary|jss|kindergarten|kindy|nursery|pre-?school)(?:\s*\d{1,2})?|"
                             r"(?:grade|year|class|form|std|standard|p)\s*\d{1,2})\s+(?:at|in)\s+$",
                             re.IGNORECASE)
_NAME_TALK = re.compile(r"\b(?:sur|last\s+|maiden\s+|family\s+|first\s+|middle\s+)name\b", re.IGNORECASE)
_KIND_OF_WORKPLACE_ZH = re.compile(r"一[家间个所](?:(?!叫)[\u4e00-\u9fff]){0,3}$")  # never "一家叫X的"
_JOBS_IN = re.compile(r"\b(?:jobs|positions|roles|openings|vacancies|offers|interviews?)\s+(?:in|at)\s+$|"
                      r"\b(?:looking|applying|searching|hunting)\s+(?:\w+\s+){0,3}?(?:in|at)\s+$",
                      re.IGNORECASE)
_MOVED_FROM = re.compile(r"\b(?:moved|moving|relocated|came|come|emigrated|shifted)\b[^,.;!?]{0,20}?"
                         r"\bfrom\s+$", re.IGNORECASE)
_THEIR_PLACE = re.compile(r"\b\w+'s\s+(?:(?:new|old|little|big)\s+)?(?:place|house|flat|home|apartment|farm)"
                          r"\s+(?:in|at|near|outside)\s+$", re.IGNORECASE)
_WORKPLACES = ("employer", "studies_at")
# What jieba may join to a school or workplace is no part of its name: "在川大读环境工程" (川大读)
_VERB_AFTER = re.compile(r"[读念学上做干当教待]")


def read_as(attribute: str, sentence: str, start: int, raw: str, chinese: bool) -> str:
    """The attribute the value ``raw`` (at ``start`` in ``sentence``) is of, or "" for none."""
    before = sentence[:start]
    if attribute == "job_title" and _TITLE_OPENS.search(before) and _TITLE_ACTS.match(sentence,
                                                                                      start + len(raw)):
        return ""  # "hygienist is off sick": someone who holds the title
    if attribute in (*_WORKPLACES, "lives_in", "hometown") and _PERSON_CALLED.search(before):
        return ""  # "the new one's a guy called Dev Mistry": a person
    if attribute == "employer" and _SCHOOL_YEAR_AT.search(before):
        return "studies_at"  # "started primary 1 at Bishop Hill Academy": a pupil's school
    if attribute == "employer" and chinese and _KIND_OF_WORKPLACE_ZH.search(before):
        return ""  # "在南京一家设计院做结构工程师": a kind of workplace, no name
    if attribute in _WORKPLACES and _NAME_TALK.search(sentence):
        return ""  # "changing my surname everywhere, Walsh to Hartley": names, not a workplace
    if attribute == "lives_in" and _JOBS_IN.search(before):
        return ""  # "looking at jobs in Hamburg": work sought there, no home yet
    moved_from_zh = chinese and before.endswith(("从", "由")) and sentence[start + len(raw):].startswith("搬")
    if attribute == "lives_in" and (_MOVED_FROM.search(before) or moved_from_zh):
        return ""  # "I moved here from Karachi", "从北京搬回西安" (never "从上海飞": home): the home left
    if attribute == "lives_in" and _THEIR_PLACE.search(before):
        return ""  # "the party's at my aunt Gina's place in Hoboken": her home
    return attribute


def whole_words_zh(sentence: str, start: int, raw: str) -> tuple[int, str]:
    """(start, value) of a Chinese value widened to the words jieba reads it in: the model may
    stop inside one ("叫草原之星的旅行社" marked 草原之), but not one that goes on into a verb."""
    left = max(0, start - 6)
    window = sentence[left:start + len(raw) + 6]
    end, at = start + len(raw), left
    for word, _ in words_zh.tags(window):
        word_end = at + len(word)
        if at < start < word_end:
            start = at
        if at < end < word_end and re.fullmatch(r"[\u4e00-\u9fff]+", word) and not _VERB_AFTER.fullmatch(
                sentence[end:word_end]):
            end = word_end
        at = word_end
    return start, sentence[start:end]


__all__ = ["read_as", "whole_words_zh"]
