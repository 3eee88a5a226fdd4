"""Someone named as the subject of an English clause, said as their own words.

"Jun left Vancouver last month", "Divya is branch manager at HDFC", "Connor's a paramedic":
the facts are theirs, under their name, with no relation (an earlier turn may give it,
``KnownPeople.complete``). The clause is handed back in the first person ("I'm branch
manager at HDFC") for the same patterns to read.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.normalise_en import PERSON
from vaultweave.weaver.extract.rules_text import LANGUAGE_NAMES, PLACES, Fact, is_job, words

# The verbs said of someone else, and their first-person form
THIRD_VERBS = {"lives": "live", "works": "work", "speaks": "speak", "studies": "study",
               "loves": "love", "likes": "like", "hates": "hate", "has": "have", "turns": "turn",
               "does": "do", "plays": "play", "goes": "go", "runs": "run", "owns": "own", "teaches": "teach",
               "drives": "drive", "sells": "sell",
               "stays": "live"}  # "my sister stays in Pune": lives there, as many Englishes say it

_EN_NAMED_OTHER = re.compile(r"(?!I\b)(?P<name>[A-Z][a-z]+)(?:\s+(?:just\s+|finally\s+|recently\s+)?"
                             r"(?P<verb>lives|stays(?=\s+in\b)|moved|left|works|started|quit|joined|got\s+promoted|retired|"
                             r"turns(?=\s+\d)|turned(?=\s+\d)|"
                             r"got\s+married|got\s+engaged|got\s+hired|got\s+a\s+job|"
                             r"(?:has\s+)?(?:taken|took)\s+(?:up\s+)?a\s+(?:new\s+)?(?:post|job|position|role)|is)"
                             r"|(?P<is>'s))\b\s*"
                             r"(?P<rest>.*)$")


# A name typed in lower case is taken only before what can be no one's but a person's: a job
# ("marcus is a barber", "darragh's a garda"), never "work is a nightmare".
_EN_LOWER_NAMED_JOB = re.compile(r"(?P<name>[a-z][a-z-]{2,11})(?:\s+is|'s)\s+(?P<rest>(?:a|an)\s+"
                                 r"(?P<title>(?:[a-z-]+\s+){0,2}[a-z-]+)\b.*)$")


def named_other(clause: str) -> tuple[str, str, str, list[Fact]] | None:
    """ "Divya is branch manager at HDFC" -> ("", "Divya", "I'm branch manager at HDFC", [])."""
    if clause.split(" ", 1)[0].lower() in LANGUAGE_NAMES:
        return None  # "Afrikaans is my language": a language, no one named
    lower = _EN_LOWER_NAMED_JOB.match(clause)
    if lower and _named_in_lower_case(lower.group("name"), lower.group("title")):
        return "", lower.group("name").capitalize(), f"I'm {lower.group('rest')}", []
    match = _EN_NAMED_OTHER.match(clause)
    name = match.group("name") if match else ""
    if not match or name.lower() in PLACES or name.lower() in _NOT_A_PERSON:
        return None
    verb = match.group("verb") or "is"
    rest = _TURNS_AWAY.split(match.group("rest"), 1)[0]  # "Ruben is a welder and he keeps nagging ..."
    if verb == "moved" and re.match(r"out\b(?!\s+to\b)", rest):
        return None  # "Tiago moved out": the speaker's roommate left (changes_en), not his move
    rest = re.sub(r"^out\s+(?=to\b)", "", rest) if verb == "moved" else rest  # "moved out to Geelong": there
    if verb == "is":
        # only what a person is: "Divya is 34", "Bilal is an architect", not "Monday is pub quiz"
        # or "Tuesday's my day off"
        has = re.match(r"(?:been|got|gone|had)\b", rest)  # "Pepper's been at the vet": of pets too
        if name.lower() in _NOT_SOMEONE or not _WHAT_SOMEONE_IS.match(rest) or has:
            return None
        return "", name, f"I'm {rest}".strip(), []
    if re.search(r"\b(?:taken|took)\b", verb):  # "Afua has taken a post at Cape Coast Teaching Hospital"
        verb = "work"
    verb = THIRD_VERBS.get(verb, verb)
    return "", name, f"I {verb} {rest}".strip(), []


# Where a clause of "who" ends and the sentence's own verb takes over: "my cousin Tendai who
# is a site engineer at Bechtel reckons ..."
WHO_ENDS = re.compile(r"\s+(?=(?:says|said|thinks|thought|told|tells|wants|reckons|keeps|is|was|has|had|will|"
                      r"would|can|could|gave|got|helped|suggested)\b)")
# Where the talk turns from the person named to someone else
_TURNS_AWAY = re.compile(r",?\s+(?:so|but|and|because)\s+(?:he|she|they|I|we|it)\b")
_WHAT_SOMEONE_IS = re.compile(r"(?:a|an|\d|from|vegan|vegetarian|allergic\s+to\s|in\s+(?:his|her|their)\s|"
                              # "Tobi is in Houston", not "in Dallas till friday"
                              r"in\s+[A-Z](?!.*\b(?:this|till|until|today|tonight|tomorrow|visiting|holiday|"
                              r"vacation|trip|for\s+a)\b)|"
                              r"(?:[a-z]+\s+){1,3}?(?:at|in|for|with)\s|[a-z]+(?:\s+[a-z]+)?\s*$)")
# Words that open a sentence as its subject without being someone: "This is a nightmare".
_NOT_SOMEONE = words(
    "this that it there here what who which where when why how today tonight tomorrow yesterday life work "
    "everything nothing something everyone someone anyone one mine yours ours weekend morning evening night "
    "rent money traffic weather food coffee tea school uni college class home job family dinner lunch "
    "breakfast christmas easter ramadan eid diwali summer winter spring autumn fall january february march "
    "april may june july august september october november december monday tuesday wednesday thursday friday "
    "saturday sunday"
)
_NOT_A_PERSON = words("everyone everybody nobody someone somebody mum mom dad he she it they who")


def _named_in_lower_case(name: str, title: str) -> bool:
    taken = name in PLACES or name in _NOT_SOMEONE or name in _NOT_A_PERSON or is_job(name)
    relative = re.fullmatch(PERSON, name) is not None
    # "conor's a taxi driver up in derry": the job may take a word or two more than the first
    said = title.split()
    return not taken and not relative and any(is_job(" ".join(said[:n])) for n in range(1, len(said) + 1))


# What is said of someone else after a comma or "and": one of their verbs, as a clause of theirs
_THEIR_VERBS = (r"(?:still\s+|now\s+|also\s+|just\s+)?"
                r"(?P<verb>lives|works|studies|speaks|teaches|plays|loves|likes|hates|moved|started|left|quit|joined)\b")
_THEIR_VERB = re.compile(r"(?:and\s+)?" + _THEIR_VERBS + r"(?P<rest>.*)$")
# "is 12 and already asking if he can drive": the age, then talk of what may be, which would
# read the age as a wish too ("is 10 and in grade 4" goes on about them)
_AGE_THEN = re.compile(r"^((?:(?:is|'s)\s+)?\d{1,2})\s+and\s+(?=.*\b(?:if|whether|when)\b).*$")
_THEIR_TALK_ENDS = re.compile(r",|\s+(?:so|but|and|because)\s+(?:he|she|they|I|we|it)\b")


def their_verbs(rest: str) -> str:
    """What is said of someone else, up to where the talk turns away from them: "lives in
    Milan, works for Pirelli" -> "lives in Milan and work for Pirelli" (verbs in the first
    person's form, so the shared subject carries over them); "is 12 and already asking if he
    can drive" -> "is 12"."""
    head, *after = _THEIR_TALK_ENDS.split(_AGE_THEN.sub(r"\1", rest))
    parts = [head]
    for fragment in after if "," in rest else []:
        verb = _THEIR_VERB.match(fragment.strip())
        if not verb:
            break
        parts.append(THIRD_VERBS.get(verb.group("verb"), verb.group("verb")) + verb.group("rest"))
    said = " and ".join(p.strip() for p in parts)
    return re.sub(r"\band\s+(lives|works|studies|speaks|loves|likes|hates|has)\b",
                  lambda m: "and " + THIRD_VERBS[m.group(1)], said)
