"""Other people said in full, in English, before the clause grammar reads a turn.

Chat names the people around the speaker in ways the grammar's "my sister Anna lives ..."
does not cover, and each is said again here in that shape:

- a relation without "my" where a clause opens: "wife Annick runs the bakery in Tusket",
  "Husband is in Muscat",
  "..., son Colm's an engineer in Galway" -> "my wife Annick runs ...";
- a name given in answer to a question about a relation: "Which flatmate took it?" ->
  "hattie. she's a barrister" -> "my flatmate Hattie. she's a barrister";
- "herself"/"himself" after the one spoken of: "Funmi herself is a nurse" -> "Funmi is a
  nurse";
- a pronoun after a comma in a sentence that opens with someone's name: "Femi is in Dallas,
  he is engineer with TI" -> "Femi is in Dallas. Femi is engineer with TI";
- a new partner named after the speaker tells of them: "i have a new bf!! his name is theo";
- someone else's relative by name: "her fiancé Chidi is from Enugu" -> "Chidi is from Enugu";
- ages: "my nan's 80th", "my son Tobi's 7th on the 14th" (-> "my son Tobi is turning 7 on the
  14th"), "my son Femi turns 5", "diego is 9, bella is 6" (to "how old?"), "Ama who is 7", "two
  kids, Liam 12 and Nora 9" -> "... Liam is 12. Nora is 9.";
- where someone comes from to visit is their home: "my brother Emre is visiting from izmir"
  -> "my brother Emre lives in izmir".

The speaker is never made the subject of these: each rewrite names the other person (or
"he"/"she", which ``known_people`` resolves or leaves to no one).
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.normalise_en import SAID_OF_THEM
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import PLACES, words

# Family words of chat and of other Englishes, and the relation they name ("my nan", "my lola")
FAMILY_WORDS = {
    **dict.fromkeys(("nan", "nana", "nanna", "gran", "granny", "grandma", "nain", "ouma", "lola"),
                    "grandmother"),
    **dict.fromkeys(("grandpa", "grandad", "granddad", "oupa", "lolo", "taid"), "grandfather"),
    **dict.fromkeys(("mommy", "mummy", "mumma", "nanay"), "mother"),
    **dict.fromkeys(("daddy", "tatay"), "father"),
}
# Relation words chat uses without "my" (mum and dad are read bare already: grammar_en)
_BARE = (r"wife|husband|hubby|boyfriend|girlfriend|partner|fianc[eé]e?|son|daughter|grandson|granddaughter|"
         r"sister|brother|cousin|uncle|aunt|niece|nephew|flatmate|roommate|boss|daughter-in-law|son-in-law")
_NAME = r"[A-ZÀ-Þ][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)?"
# What is said of them right after the name: their verb, or "'s" before what they are or do
_THEIR_VERB = rf"(?:'s\s|\s+(?:{SAID_OF_THEM}|teaches|drives|sells|farms|fishes|nurses|is\s+doing)\b)"
# Where a clause opens: the turn's start, a sentence's, or a piece of a list ("..., son Colm's")
_CLAUSE_OPENS = r"(?:^|(?<=[.!?;:]\s)|(?<=[.!?;:]\s\s)|(?<=,\s)|(?<=\band\s)|(?<=\balso\s)|(?<=\bplus\s))"
_BARE_RELATION = re.compile(
    rf"{_CLAUSE_OPENS}(?:(?i:new)\s+)?(?P<rel>(?i:{_BARE}))(?=\s+{_NAME}{_THEIR_VERB}|\s+(?:is|'s)\s+(?:a|an|in)\s)"
)
# "the wife Sian says ...", "the hubby Dev's a chef": the spouse as chat names them
_THE_SPOUSE = re.compile(rf"\b(?i:the)\s+(?=(?i:wife|husband|hubby)\s+{_NAME}(?:{_THEIR_VERB}|"
                         r"\s+(?:says|said|reckons|thinks|wants|keeps)\b))")
# "wife is deepa, she's ...", "new flatmate is Ruth, she ...": who the relation is, then more of them
_BARE_RELATION_NAMED = re.compile(rf"{_CLAUSE_OPENS}(?:(?i:new)\s+)?(?P<rel>(?i:{_BARE}))(?:'s|\s+is)\s+"
                                  r"(?P<name>[A-Za-zà-ÿ][a-zà-ÿ]{2,14})(?=\s*,\s*(?:and\s+)?(?:she|he)\b)")

# "my brother Emre is visiting from izmir", "Kayla's flyin in from Fort McMurray", "my sister
# Aoife rang from Boston": where they come or call from is where they live (not "back from",
# "home from": a trip, a day out)
_PARENT_WORDS = {"amma": "mother", "appa": "father", "mum": "mother", "mom": "mother", "mam": "mother",
                 "ma": "mother", "dad": "father", "da": "father", **FAMILY_WORDS}
_WHO_COMES = (rf"(?:{_CLAUSE_OPENS}(?P<bare>(?i:{'|'.join(sorted(_PARENT_WORDS, key=len, reverse=True))}))\b|"
              rf"(?P<who>\b(?i:my)\s+(?:[a-z]+\s+)?(?:{_BARE}|mum|mom|dad|{'|'.join(FAMILY_WORDS)})"
              rf"(?:\s+(?!(?:is|was|will|just|also|already|has|had|and)\b)[A-Za-zà-ÿ][a-zà-ÿ]+)?|{_NAME}|\b(?i:he|she)))")
_COMES_FROM = re.compile(
    _WHO_COMES + r"(?:\s+is|'s|\s+will|'ll)?\s+(?:also\s+|just\s+|already\s+)?"
    r"(?:coming|comin|visiting|flying|flyin|driving|drivin|came|flew|drove|comes|come|visit|fly|drive|"
    r"rang|called|phoned|facetimed)\s+(?:(?:in|up|down|over|across|all\s+the\s+way|me|us)\s+)*from\s+"
    r"(?P<place>[A-Za-zà-ÿ][\w'-]+(?:\s+[A-Z][\w'-]+)?)(?P<end>\s*[,.!]|\s+(?=\w))")

# The relation a question asks after: "Is your wife cooking with you?", "Which flatmate is it?",
# "Tell me about your fiancé"
_ASKED_RELATION = re.compile(
    rf"\b(?:your|which|what's\s+your|whose)\s+(?P<rel>(?i:{_BARE}|friend|mum|mom|dad))\b", re.IGNORECASE)
# A reply that opens with a name alone: "hattie.", "linnea? no.", "Youssef, who ...".
_NAME_FIRST = re.compile(
    r"^\W*(?P<name>[A-Za-zà-ÿ][a-zà-ÿ]{2,14})(?=\s*[.?!,]\s+(?:\w+[.?!,]\s+)?(?:she|he)\b)")
_NOT_A_NAME = words(
    "yes yeah yep yup nope no nah ok okay sure well oh ah hmm um lol haha thanks true right exactly "
    "honestly actually hi hey hello sorry definitely maybe probably mine she he they him her them that this "
    "both neither either none nobody everyone someone"
)

# "i have a new bf!!! his name is theo": whose name it is, the speaker's new one told before it
# (not "my friend has a new boyfriend, his name is Sam"); "new roommate moved in! her name's ana" too
_INTRODUCED = re.compile(
    r"(?:\b[Ii](?:'ve)?\s+(?:have|got|found|met)\s+(?:(?:a|new)\s+)+|(?:^|(?<=[.!?]\s))(?i:(?:a|my|our)\s+)?"
    r"(?i:new)\s+)(?P<rel>(?i:boyfriend|girlfriend|bf|gf|partner|husband|wife|fianc[eé]e?|flatmate|"
    r"roommate|boss|manager|neighbou?r|friend|colleague|coworker))\b(?P<between>[^.!?,]{0,60}(?:[.!?,]+\s*))"
    r"(?P<whose>(?i:his|her))\s+name(?:'s|\s+is)\s+(?P<name>[A-Za-zà-ÿ][a-zà-ÿ]+)\b(?P<comma>\s*,)?")
_SHORT = {"bf": "boyfriend", "gf": "girlfriend"}

_KIN = "|".join(sorted({*FAMILY_WORDS, "mum", "mom", "dad", "mother", "father", "grandmother", "grandfather",
                        "aunt", "uncle", "wife", "husband", "sister", "brother", "son", "daughter"},
                       key=len, reverse=True))
# "a speech for my nan's 80th", "my son Tobi's 7th birthday on the 14th": the age the birthday is
# of, and its day when told. A child's number needs the child's name or the word "birthday"
# ("my son's 8th" may be his grade); an adult's stands alone.
_NTH_BIRTHDAY = re.compile(
    rf"\b(?i:my|our)\s+(?P<rel>(?i:{_KIN}))(?:\s+(?P<name>{_NAME}))?'s\s+"
    r"(?P<n>[2-9]\d|1[01]\d|(?P<young>1?\d))(?:st|nd|rd|th)\b"
    r"(?!\s+(?:anniversary|wedding|time|year|place|floor|grade|class|game|match|attempt|try))"
    r"(?P<birthday>\s+(?:birthday|bday|b-day))?(?:\s+(?:party|dinner|lunch|celebration|do|bash))?"
    r"(?P<on>\s+(?:is\s+)?on\s+(?:the\s+)?[^,.!?;]+?(?=\s*(?:[,.!?;]|$|\s+(?:and|but|at|so)\s)))?"
    r"(?P<rest>[^.!?]*[.!?]*)")
# "my son Femi turns 5 on the 9th": said as the grammar reads it, "is turning 5"
_TURNS = re.compile(rf"(?P<who>\b(?i:my|our)\s+(?i:{_KIN}|girlfriend|boyfriend|partner|fianc[eé]e?|"
                    r"(?:best\s+)?friend|"
                    rf"cousin|niece|nephew|grandson|granddaughter)(?:\s+{_NAME})?)\s+turns\s+(?=\d{{1,3}}\b)")

# "his name is Faraz, he's an engineer in Multan": the one named, then what he is (a pet's name
# told with "and" is left to the pets: "his name is Waffles and he's a menace")
_NAME_THEN_WHAT = re.compile(r"(?:^|(?<=[.!?]\s))(?i:his|her)\s+name(?:'s|\s+is)\s+(?P<name>[A-Z][a-zà-ÿ]+)"
                             r"\s*,\s*(?i:he|she)(?='s\s|\s+(?:is|works|lives|teaches|studies)\b)")

# "her fiancé Chidi is from Enugu": the one named is the subject (a relative of someone else's)
_THEIR_RELATIVE = re.compile(rf"{_CLAUSE_OPENS}(?i:his|her|their)\s+(?:{_BARE}|mum|mom|dad|mother|father)\s+"
                             rf"(?={_NAME}(?:\s+(?:is|was|lives|works|moved|got|just|runs|teaches)\b|'s\s))")
# Ages answered in a list: "diego is 9, bella is 6", "ava's 7, olly's 5"
_AGE_PAIR = r"(?:'s|\s+is)\s+\d{1,2}\b(?!\s*(?:am|pm|:|%|k\b|mins?|minutes|hours|o'clock))"
_NEXT_AGE = re.compile(rf",\s+(?:and\s+)?(?=[A-Za-zà-ÿ][a-zà-ÿ]+{_AGE_PAIR})")
_LOWER_AGED = re.compile(
    rf"(?:^|(?<=[,.!]\s)|(?<=\band\s))(?P<name>[a-zà-ÿ][a-zà-ÿ]{{2,12}})(?={_AGE_PAIR})")

# "our daughter Ama who is 7": the age told in a relative clause
_WHO_IS_AGED = re.compile(rf"(?<=[a-zà-ÿ])\s+(?P<name>{_NAME}),?\s+who(?:'s|\s+is)\s+(?P<n>\d{{1,2}})\b"
                          r"(?!\s*(?:am|pm|[:.%]\d|k\b|mins?|minutes|hours|o'clock|times|days|weeks|months))"
                          r"(?P<more>\s+(?=[a-z]))?")
# "two kids, Liam 12 and Nora 9": children named with their ages after them
_JOINED = re.compile(r"\s*(?:,|and|&)?\s*(?:and\s+)?")
_SENTENCE_END = re.compile(r"[.!?]+(?:\s|$)|$")
_KIDS = re.compile(r"\b(?i:kids|children|boys|girls|sons|daughters|grandkids|grandchildren|twins)\b")
_NAME_AGED = re.compile(
    rf"[\s,:(-]*(?P<name>{_NAME})\s+\(?(?P<n>\d{{1,2}})\)?(?=\s*(?:,|;|\.|!|$|\s+(?:and|&)\s+{_NAME}))")

_REFLEXIVE = re.compile(
    r"(?<=[A-Za-zà-ÿ])\s+(?:herself|himself)(?=\s+(?:is|was|'s|works|lives|runs|teaches)\b)")

# "Femi is in Dallas, he is engineer ...": the sentence's subject, then a pronoun after a comma
_NAMED_SUBJECT = re.compile(rf"(?:^|(?<=[.!?]\s))(?:(?i:no|yes|yeah|well|oh|so)[,!]?\s+)*(?P<name>{_NAME})"
                            rf"(?=\s+(?:is|was|lives|works|moved|got|just)\b|'s\s)(?P<said>[^.!?,]*?),\s+"
                            r"(?P<pronoun>he|she)(?=\s+(?:is|was|works|lives|teaches|runs|studies)\b|'s\s)")
_NOT_FROM = words("work school uni college home there here abroad overseas town the a an my our his her "
                  "their church hospital")
_CROWDS = words("everybody people guests friends family relatives cousins kids we they you")
_SOMEONE_BETWEEN = re.compile(rf"(?<!\bin\s)(?<!\bat\s)(?<!\bto\s)(?<!\bfrom\s)(?<!\bnear\s)(?<!\bfor\s)"
                              rf"(?<!\bof\s)(?<!\bwith\s)\b(?!I\b){_NAME}")
_NOT_SOMEONE = words("this that it there here what who which where when why how today tonight tomorrow "
                     "everything nothing something everyone someone anyone work life mum mom dad")


# "my ma is still in soweto", "my mumma cried": a mother by the words chat calls her
_MOTHER_SAID = re.compile(r"\b(?P<my>(?i:my|our))\s+(?i:ma|mam|mama|mammy|mumma|mummy|mommy)(?=\s|'s\s)")


def others_said_in_full(text: str, asked: str = "") -> str:
    """English ``text`` with the other people it speaks of said as "my <relation> <Name>" or
    by name where chat leaves it to be understood; ``asked``: the assistant's turn before."""
    text = _MOTHER_SAID.sub(lambda m: m.group("my") + " mum", _answer_named(text, asked))
    text = _NAME_THEN_WHAT.sub(lambda m: m.group("name"), _INTRODUCED.sub(_introduced, text))
    text = _NTH_BIRTHDAY.sub(_birthday_age, _TURNS.sub(lambda m: m.group("who") + " is turning ", text))
    text = _THEIR_RELATIVE.sub("", text)
    text = _ages_listed(text, asked)
    text = _WHO_IS_AGED.sub(_aged_who, text)
    text = _kids_aged(text)
    text = _BARE_RELATION_NAMED.sub(_bare_named, text)
    text = _BARE_RELATION.sub(lambda m: "my " + m.group("rel").lower(), _THE_SPOUSE.sub("my ", text))
    text = _COMES_FROM.sub(_lives_where_from, text)
    text = _REFLEXIVE.sub("", text)
    return _NAMED_SUBJECT.sub(_pronoun_named, text)


def _answer_named(text: str, asked: str) -> str:
    """"Which flatmate is it?" -> "hattie. she's a barrister": the name answers who the
    relation is; said as "my flatmate Hattie", the pronoun after it is theirs."""
    relation = _ASKED_RELATION.search(asked) if asked and "?" in asked else None
    named = _NAME_FIRST.match(text) if relation else None
    if relation is None or named is None or named.group("name").lower() in _NOT_A_NAME:
        return text
    name = named.group("name")
    if name.lower() in PLACES or name.lower() == relation.group("rel").lower():
        return text
    said = f"my {relation.group('rel').lower()} {name.capitalize()}"
    return text[: named.start("name")] + said + text[named.end("name"):]


def _bare_named(m: re.Match[str]) -> str:
    name = m.group("name")
    if name.lower() in _NOT_A_NAME or name.lower() in PLACES or name.lower() in _NOT_SOMEONE:
        return m.group(0)
    return f"my {m.group('rel').lower()} is {name[0].upper() + name[1:]}"


def _lives_where_from(m: re.Match[str]) -> str:
    place = m.group("place")
    # "amma is coming from Madurai": a parent named bare is said as the grammar knows them
    who = f"my {_PARENT_WORDS[m.group('bare').lower()]}" if m.group("bare") else m.group("who")
    if who.lower() in _NOT_SOMEONE or who.lower() in _NOT_A_NAME or who.lower() in _CROWDS:
        return m.group(0)
    if place.lower() in _NOT_FROM or (place.islower() and place not in PLACES and not known_place(place)):
        return m.group(0)
    end = m.group("end") if m.group("end").strip() else ", "
    return f"{who} lives in {place}{end}"


def _birthday_age(m: re.Match[str]) -> str:
    """"for my nan's 80th. she's from jamaica" -> "..., my grandmother is 80. she's ..."; "my son
    Tobi's 7th on the 14th" -> "... my son Tobi is turning 7 on the 14th" (their birthday and age)."""
    if m.group("young") and not (m.group("name") or m.group("birthday")):
        return m.group(0)
    rel = m.group("rel").lower()
    who = " ".join(["my", FAMILY_WORDS.get(rel, rel), *([m.group("name")] if m.group("name") else [])])
    on = re.sub(r"^\s+(?:is\s+)?", " ", m.group("on") or "")
    said = f"{who} is turning {m.group('n')}{on}" if on else f"{who} is {m.group('n')}"
    rest = m.group("rest")
    return m.group(0) + (" " if rest.endswith((".", "!", "?")) else ". ") + said + "."


def _ages_listed(text: str, asked: str) -> str:
    """Each age of a list its own sentence ("Diego is 9. Bella is 6."), and names typed in
    lower case given their capitals where the assistant asked how old they are."""
    if re.search(r"(?i:\bhow\s+old\b)", asked):
        text = _LOWER_AGED.sub(lambda m: m.group("name") if m.group("name") in _NOT_SOMEONE
                               or m.group("name") in _NOT_A_NAME else m.group("name").capitalize(), text)
    if not re.search(rf"{_NAME}{_AGE_PAIR}", text):
        return text
    return _NEXT_AGE.sub(". ", text)


def _aged_who(m: re.Match[str]) -> str:
    """"our son Femi who is 4 loves trains" -> "our son Femi is 4, loves trains"."""
    return f" {m.group('name')} is {m.group('n')}" + (", " if m.group("more") else "")


def _kids_aged(text: str) -> str:
    """"divorced, two kids, Liam 12 and Nora 9, they're ..." -> the sentence as said, then
    "Liam is 12. Nora is 9." after it."""
    kids = _KIDS.search(text)
    if not kids:
        return text
    aged: list[re.Match[str]] = []
    at = kids.end()
    while (pair := _NAME_AGED.match(text, at)) is not None:  # "Liam 12 and Nora 9", one after the other
        aged.append(pair)
        joined = _JOINED.match(text, pair.end())
        at = joined.end() if joined else pair.end()
    if len(aged) < 2 or any(m.group("name").lower() in PLACES for m in aged):
        return text  # one "Name N" is too little to tell an age from a number
    said = " ".join(f"{m.group('name')} is {m.group('n')}." for m in aged)
    end = _SENTENCE_END.search(text, aged[-1].end())
    at = end.end() if end else len(text)
    sentence = text[:at].rstrip()
    stop = "" if sentence.endswith((".", "!", "?")) else "."
    return f"{sentence}{stop} {said} {text[at:]}".rstrip()


def _introduced(m: re.Match[str]) -> str:
    """"a boyfriend now?? his name is Ravindu, we met ..." -> "... my boyfriend is Ravindu. we met ..."."""
    name = m.group("name")
    if name.lower() in _NOT_A_NAME or name.lower() in PLACES:
        return m.group(0)
    relation = _SHORT.get(m.group("rel").lower(), m.group("rel").lower())
    # (a sentence of its own: "is Theo, he's ..." would read as "Theo's ...")
    said = f"my {relation} is {name[0].upper() + name[1:]}" + ("." if m.group("comma") else "")
    return m.group(0)[: m.start("whose") - m.start()] + said


def _pronoun_named(m: re.Match[str]) -> str:
    name = m.group("name")
    if name.lower() in PLACES or name.lower() in _NOT_SOMEONE:
        return m.group(0)
    # another person named between them may be the one: "Femi met Tobi, she ..." (a place is none)
    said = m.group("said")
    if _SOMEONE_BETWEEN.search(said) or re.search(r"\b(?:my|our|his|her|their)\s+[a-z]+", said):
        return m.group(0)
    # a sentence of its own, so the clause grammar reads it as theirs whole
    return m.group(0)[: m.start("said") - m.start()] + said + ". " + name
