"""Reading a turn fragment by fragment: what the clause rules miss in run-on chat.

"I'm Thandiwe (everyone says Thandi), 27, nurse at Inkosi Albert Luthuli hospital in
durban, mostly night shift, and allergic to penicillin" is one sentence of six facts, most
of them without a verb or a subject. Rather than a pattern for each combination, the
sentence is cut into fragments (at commas, parentheses, dashes, colons and "and"), the
subject is carried from one fragment to the next (the speaker, or a relative the speaker
just named: "my dad ... lives down in plymouth"), and each subjectless fragment is judged
by its shape alone:

- a bare number 13-99 in an introduction            -> "I'm 27"
- "<title> at/for <Org>", "a <title>"               -> "I'm a nurse at ..."
- "living/based/working in ...", "in <known place>" -> "I'm living in ...", "I live in ..."
- "allergic to X", "vegan", "originally from X"     -> "I'm allergic to X"
- a verb of change or of state ("moved up to ...")  -> "I moved up to ..."
- "everyone says Y", "Y for short"                   -> "everyone calls me Y"

Each fragment is thus said again as a whole first-person (or third-person) clause, and the
clause rules read it as they read any other: the shapes say who, the rules say what. Pure;
text in, clauses out. The extractor keeps only what the ordinary reading did not find.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.cars_en import cars_said
from vaultweave.weaver.extract.normalise_en import NOT_HOMES
from vaultweave.weaver.extract.places_en import capitalise_places, known_place
from vaultweave.weaver.extract.rules_text import LANGUAGE_NAMES, NAME, PLACES, clean_name, is_job, words
from vaultweave.weaver.extract.trips import TRIP_EN

# Longest sentence read fragment by fragment; past it a turn is a pasted text, not chat.
MAX_CHARS = 1200
MAX_FRAGMENTS = 24

# An emoji ends a fragment as a comma would: "ACCEPTED THE OFFER 🎉 starting at ...".
_CUT = re.compile(r"\s*(?:[,;()\[\]{}]|(?<!\d):(?!\d)|\s[-–—]+\s|\.\.+|\s+(?:and|plus|but)\s+(?=\S)|"
                  r"[\U0001f000-\U0001faff\u2600-\u27bf][\ufe0f\u200d\U0001f3fb-\U0001f3ff]*)\s*",
                  re.IGNORECASE)
_ASIDE = re.compile(r"\s*\(([^()]{0,120})\)")
_LEAD = re.compile(
    r"^(?:(?:and|also|oh|btw|so|but|plus|haha+|lol|tbh|honestly|mostly|basically|currently|well|ok|okay|"
    r"hi+|hey+|um+|uh+|anyway|anyways|oh\s+and|yeah|yep|still)\b[\s,.!]*)+",
    re.IGNORECASE,
)
_TAIL = re.compile(
    r"\s+(?:which|who|that|where|so|lol|haha+|tbh|rn|atm|btw|now|tho|though|obvs|basically)\b.*$|\s*[!?.…]+$",
    re.IGNORECASE,
)
# A sentence that wishes, supposes, denies or jokes states nothing in its verbless parts.
_UNSURE = re.compile(
    r"\b(?:if|would|wish|imagine|pretend|suppose|might|maybe|perhaps|thinking\s+(?:of|about)|considering|"
    r"planning|want\s+to|wanna|hoping|hope|not|never|no\s+longer|used\s+to|jk|joking|kidding|someday|"
    r"one\s+day|dream|apparently|supposedly|you|your|you're|\w+n't)\b",
    re.IGNORECASE,
)
_SELF = re.compile(r"^(?:I'm|I\s+am|im|i'm)\s+(?P<rest>.+)$", re.IGNORECASE)
_SELF_VERB = re.compile(r"^I\s+", re.IGNORECASE)
_OTHER_SUBJECT = re.compile(
    r"^(?:we|you|they|it|it's|this|that|there|these|those|the|a|an|his|her|their|our|your|he|she|"
    r"everything|nothing|someone|somebody|everyone)\b",
    re.IGNORECASE,
)
_RELATIVES = (
    r"(?:(?:little|big|older|younger|baby|twin|elder|best)\s+)?(?:sister|brother|sis|bro|wife|husband|"
    r"boyfriend|girlfriend|partner|fianc[eé]e?|mom|mum|mother|dad|father|son|daughter|grandma|grandmother|"
    r"grandpa|grandfather|grandad|granddad|granny|gran|nan|nana|aunt|uncle|niece|nephew|cousin|boss|manager|roommate|flatmate|"
    r"coworker|colleague|friend)"
)
_RELATIVE = re.compile(
    rf"^(?P<who>(?:[Mm]y|[Oo]ur)\s+{_RELATIVES}(?:\s+(?!Is\b|Was\b){NAME})?)(?:'s|\s|$)"
)
_HE = {"he": "brother|bro|husband|boyfriend|fianc|dad|father|son|grandpa|grandfather|uncle|nephew",
       "she": "sister|sis|wife|girlfriend|fianc[eé]e|mom|mum|mother|daughter|grandma|grandmother|nan|aunt|"
              "niece"}
_EITHER = "partner|cousin|boss|manager|roommate|flatmate|coworker|colleague|friend"
# "Marco quit Pirelli", "Farfetch lets me stay remote": a fragment with a subject of its own.
_NAMED_SUBJECT = re.compile(r"^(?!I\b)[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s+"
                            r"(?:just\s+|finally\s+|also\s+|still\s+)?"
                            r"(?:is|was|has|had|quit|left|moved|got|lives|works|[a-z]+(?:s|ed))\b")
_PRONOUN = re.compile(r"^(?P<p>he|she)(?P<be>'s|’s|s(?=\s)|\s+is)?\s+(?P<rest>.+)$", re.IGNORECASE)
# "her birthday's 19 march", "his work is at Chevron": what of theirs is told
_POSSESSIVE = re.compile(r"^(?P<p>his|her)\s+(?P<rest>(?:birthday|bday|b-day|job|work|office|name)"
                         r"(?:'s|\s+is)\s+.+)$", re.IGNORECASE)

_INTRODUCTION = re.compile(
    rf"^(?:(?P<v>{NAME})\s+here|this\s+is\s+(?P<w>{NAME})|(?:my\s+)?name'?s\s+(?P<x>{NAME}))$"
)
_AGE = re.compile(r"^(?P<n>\d{2})(?:\s*(?:yo|y/o|years?\s+old|yrs?\s+old|y\.o\.?))?$", re.IGNORECASE)
# A name right after a pet or a relative: an alias in brackets after it is theirs
_THEIRS = re.compile(r"\b(?:my|our|his|her|their)\s+(?!name)(?:[a-z]+\s+){0,2}[A-Z][\w'.-]*"
                     r"(?:\s+[A-Z][\w'.-]*){0,3}$")
_ALIAS = re.compile(
    rf"^(?:(?:everyone|everybody|people|friends|my\s+friends|most\s+people)\s+(?:just\s+)?(?:says?|calls?\s+me|"
    rf"call\s+me|know\s+me\s+as)|aka|a\.k\.a\.?|or\s+just)\s+(?P<v>{NAME})$"
    rf"|^(?P<short>{NAME})\s+for\s+short$"
)
_AT_ORG = re.compile(r"^(?:a\s+|an\s+)?(?P<title>(?:[A-Z]{2,4}\s+)?[a-z][\w/+-]*(?:\s+[a-z][\w/+-]*){0,3})"
                     r"\s+(?:at|for|with|in(?=\s+the\s))\s+"
                     r"(?:the\s+)?[A-Z0-9]")
_SINCE = re.compile(r"\s+(?:as\s+of|from|starting)(?:\s+\w+)?$", re.IGNORECASE)
_PROMOTED = re.compile(r"\b(?:got|been|was|just)\s+promoted\b", re.IGNORECASE)
# A fragment that ends on a relative ("gift ideas for my mum Brigitte"): what follows is theirs
_RELATIVE_LAST = re.compile(rf"\b(?P<who>(?:[Mm]y|[Oo]ur)\s+{_RELATIVES}(?:\s+(?!Is\b|Was\b){NAME})?)$")
_BARE_NAME = re.compile(r"^[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?$")
_BARE_TITLE = re.compile(r"^[a-z][\w/+-]*(?:\s+[a-z][\w/+-]*){0,3}$")
_A_TITLE = re.compile(r"^(?:a|an)\s+(?P<title>[a-z][\w/+-]*(?:\s+[a-z][\w/+-]*){0,3})$")
_STATE = re.compile(
    r"^(?:living|based|staying|residing|working|studying|temping|interning|freelancing|originally\s+from|"
    r"allergic\s+to|(?:an?\s+)?(?:strictly\s+|mostly\s+|fully\s+)?(?:vegan|vegetarian|veggie|pescatarian)\b|"
    r"married|engaged|single|divorced|retired|self[- ]employed|a\s+(?:first|second|third|final)[- ]year|"
    r"starting\s+(?:at|with)\s)",
    re.IGNORECASE,
)
_THEIR_STATE = re.compile(r"^(?:(?:super|really|totally|completely|so)\s+)?(?:obsessed\s+with|into|"
                          r"allergic\s+to|mad\s+about|crazy\s+about|vegan|vegetarian|retired|married|engaged|"
                          r"(?:doing|studying)\s+(?!it\b|that\b|this\b|well\b|ok\b|fine\b|great\b|good\b))\b",
                          re.IGNORECASE)
# ("flat in marchmont w 3 other girls": a home by its kind, whoever shares it)
_PLACE_ONLY = re.compile(r"^(?P<pre>in|from|based\s+in|out\s+of|(?:a\s+|my\s+|our\s+)?(?:flat|apartment|apt|"
                         r"house|condo|studio|flatshare|houseshare|house\s+share)\s+in)\s+(?P<v>[^\d,]{2,40}?)"
                         r"(?:\s+(?:w/?|with)\s+[^,]*)?$", re.IGNORECASE)
_VERB = re.compile(
    r"^(?:just\s+|finally\s+|recently\s+|also\s+|still\s+)?(?:moved|relocated|live|stay|drive|work|study|speak|"
    r"teach|started|"
    r"joined|left|quit|went|switched|transferred|became|retired|graduated|adopted|grew\s+up|"
    r"have\s+been|been)\b",
    re.IGNORECASE,
)
_THIRD_VERB = re.compile(
    r"^(?:still\s+|now\s+|also\s+|just\s+)?(?:lives|works|is|was|has|loves|speaks|studies|moved|retired|"
    r"teaches|plays|goes|joined|left|turned|turns|was\s+born)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Carried:
    """Who the fragments of a turn are about so far: "" is the speaker, "?" someone else the
    rules cannot name (their pieces are nobody's), else "my dad".
    ``introduced``: the speaker gave their name or "I'm" in this sentence (a bare number is
    then an age, not a price). ``mentioned``: the relatives the turn named so far anywhere in a
    piece ("gift ideas for my wife Aisha"); a later "she" with no subject carried means the one
    of them she fits, if only one does."""

    who: str = ""
    introduced: bool = False
    mentioned: tuple[str, ...] = ()
    # someone no relative whose news the sentence before told ("Femi rang last night."):
    # whom a "he"/"she" opening the next sentence means
    news_of: str = ""


def clauses(sentence: str, carried: Carried = Carried(), last_named: str = "") -> tuple[list[str], Carried]:
    """The sentence's subjectless fragments said as whole clauses, and the subject carried on.
    ``last_named``: the person named before this turn ("my brother Jun"), whom "he"/"she"
    means when nobody else is named in the turn."""
    if len(sentence) > MAX_CHARS:
        return [], carried
    text = capitalise_places(" ".join(sentence.split()))
    unsure = bool(_UNSURE.search(text))
    promoted = bool(_PROMOTED.search(text))
    who, introduced, mentioned = carried.who, False, with_mentions(text, carried).mentioned
    said: list[str] = []
    # An aside in brackets changes nobody's subject: "I'm Thandiwe (everyone says Thandi), 27"
    for found in list(_ASIDE.finditer(text))[:MAX_FRAGMENTS]:
        inner = _LEAD.sub("", found.group(1).strip())
        alias = _ALIAS.match(inner)
        if alias and _THEIRS.search(text[:found.start()]):
            continue  # "my cat Sir Reginald (Reggie for short)": the pet's or relative's short name
        if alias and not carried.who:
            said.append(f"everyone calls me {alias.group('v') or alias.group('short')}")
        elif not carried.who and not unsure:  # "(data analyst at xero, the accounting software ppl)"
            said.extend(c for c in [_shape(_TAIL.sub("", inner.split(",")[0]), False)] if c)
    # "my son oscar (7)", "our daughter Ama (6)": an age in brackets after a relative is theirs
    said.extend(" ".join([m.group("who").lower(), *([m.group("name").title()] if m.group("name") else []),
                          "is", m.group("n")]) for m in _KIN_AGE.finditer(text))
    if not unsure and not carried.who and not TRIP_EN.search(text):  # not "here in Paris for a conference"
        said.extend([*_where_said(text), *cars_said(text)])  # "it's a 2014 honda civic": the car
    fragments = [_TAIL.sub("", _LEAD.sub("", raw.strip())).strip()
                 for raw in _CUT.split(_ASIDE.sub(",", text))[:MAX_FRAGMENTS]]
    for at, fragment in enumerate(fragments):
        if not fragment:
            continue
        self_said = _SELF.match(fragment)
        relative = _RELATIVE.match(fragment)
        pronoun = _PRONOUN.match(fragment) or _POSSESSIVE.match(fragment)
        if self_said:
            who, introduced = "", True
            if not unsure:  # "I'm Thandiwe", "I'm 27": whole once cut from their asides
                whole = _shape(self_said.group("rest")) or fragment
                said.append(whole)
            continue
        intro = _INTRODUCTION.match(fragment)
        if intro:  # "Raj here", "this is Raj": a bare number after it is an age
            who, introduced = "", True
            said.append(f"my name is {intro.group('v') or intro.group('w') or intro.group('x')}")
            continue
        if relative:
            who = relative.group("who")
            who = who[0].lower() + who[1:]  # "My brother Sadiq ..." at a sentence's start
            continue
        if pronoun:
            owned = pronoun.group("p").lower() in ("his", "her")
            # "my girl Priya is carrying the house, she's a radiographer": Priya, not whom
            # an earlier turn named
            said_as = pronoun.group("p").lower()
            person = (at and _stranger(fragments[at - 1], last_named)) or (
                not at and who in ("", "?") and carried.news_of) or (
                at and _named_just_before(fragments[at - 1], said_as, mentioned)) or _pronoun_person(
                said_as, who, mentioned, last_named)
            told = owned or pronoun.group("be") or _THIRD_VERB.match(pronoun.group("rest"))
            if person and not unsure and told:
                verb = "'s " if owned else "is " if pronoun.group("be") else ""
                said.append(f"{person}{'' if owned else ' '}{verb}{pronoun.group('rest')}")
                who = person
            else:
                who = "?"
            continue
        if _SELF_VERB.match(fragment):
            who = _relative_last(fragment)  # "I live with my sister Anna, 29, nurse": hers
            continue
        if _BARE_NAME.match(fragment) and fragment not in last_named and not any(
            m.endswith(" " + fragment) for m in mentioned
        ):
            who = "?"  # "seeing someone new, Marcus, he's a firefighter": he is Marcus, not who came before
            continue
        clause: str | None = None
        if not unsure and who != "?":  # the shape first: "a teacher" is no new subject
            # "real version: 34, accountant, cork city", "29, grew up in mott haven": a number told
            # right before what the speaker is, is their age; so is one "now" ("well, 40 now")
            told = introduced or carried.introduced or (bool(_AGE.match(fragment)) and (
                _self_told(fragments[at + 1:]) or bool(re.search(rf"\b{re.escape(fragment)}\s+now\b", text))))
            clause = _third(who, fragment) if who else _shape(fragment, told)
            title = _SINCE.sub("", dates_en.strip_trailing(fragment))  # "analytics lead as of monday"
            if clause is None and not who and promoted and _BARE_TITLE.match(title) and is_job(title):
                clause = f"I got promoted to {title}"  # "got promoted 😎 analytics lead as of monday"
        if clause:
            said.append(clause)
        elif _OTHER_SUBJECT.match(fragment) or _NAMED_SUBJECT.match(fragment):
            who = "?"
        elif not who and (relative_last := _relative_last(fragment)):
            who = relative_last  # "gift ideas for my mum Brigitte, 74, retired teacher": hers
    # someone else's sentence ("he starts monday.") leaves the next one's bare pieces ("still in
    # dakar") to nobody, until the speaker speaks of themself again
    return said, Carried(who, introduced or carried.introduced, mentioned, _news_of(text, last_named))


_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_KIN_AGE = re.compile(rf"\b(?P<who>(?:my|our)\s+{_RELATIVES})(?:\s+(?P<name>[A-Za-z][a-z]+))?"
                      r"\s*\((?P<n>\d{1,2})\)", re.IGNORECASE)
_MENTION = re.compile(rf"\b(?:my|our)\s+{_RELATIVES}(?:\s+(?!Is\b|Was\b){NAME})?(?='s\b|\b)")


# A relative named anywhere in a piece, "the wife" too ("need gift ideas for the wife, Aisha")
_MENTIONED = re.compile(rf"\b(?:(?:[Mm]y|[Oo]ur)\s+{_RELATIVES}|the\s+(?:wife|husband|hubby|missus))"
                        rf"(?:,?\s+(?!Is\b|Was\b){NAME})?(?='s\b|\b)")


def with_mentions(sentence: str, carried: Carried) -> Carried:
    """``carried`` with the relatives ``sentence`` names added to those the turn named before
    (a question names them too: "any ideas for the wife, Rosa?")."""
    named = (_as_mine(m) for m in _MENTIONED.findall(sentence[:MAX_CHARS]))
    return replace(carried, mentioned=carried.mentioned + tuple(dict.fromkeys(m for m in named
                                                                              if m not in carried.mentioned)))


def _as_mine(mention: str) -> str:
    """ "the wife, Aisha" -> "my wife Aisha"; "My sister" -> "my sister"."""
    return " ".join(re.sub(r"^(?:[Mm]y|[Oo]ur|the)\b", "my", mention).replace(",", " ").split())


def last_mentioned(text: str) -> str:
    """The relative the turn names last ("my grandma moved in with us" -> "my grandma"), whom
    "she" in the next turn means even when no fact about them was read; "" when none."""
    found = [] if _CJK.search(text) else _MENTION.findall(text[:MAX_CHARS])
    return " ".join(found[-1].split()) if found else ""


# What the speaker tells of themself in a piece with no subject: where they grew up or are from
_SELF_TOLD = re.compile(r"^(?:grew\s+up|born|raised|from|originally|living|based|married|single|divorced|"
                        r"retired|mum\s+of|mom\s+of|dad\s+of|mother\s+of|father\s+of)\b", re.IGNORECASE)


def _self_told(after: list[str]) -> bool:
    """Whether the next piece tells what the speaker is: a title or their life ("accountant",
    "grew up in mott haven"), so a bare number before it is an age and not a count or a price."""
    following = next((f for f in after if f), "")
    title = _A_TITLE.match(following)
    said = title.group("title") if title else following
    return bool(_SELF_TOLD.match(following) or (_BARE_TITLE.match(said) and is_job(said)))


def _shape(fragment: str, introduced: bool = True) -> str | None:
    """The speaker's subjectless fragment as a first-person clause, or None."""
    if re.search(r"\b(?:called|named)\s+[A-Z]", fragment):
        return None  # "retired racer called Bolt": something named, not the speaker
    age = _AGE.match(fragment)
    if age:
        return f"I'm {age.group('n')}" if introduced and 13 <= int(age.group("n")) <= 99 else None
    alias = _ALIAS.match(fragment)
    if alias:
        return f"everyone calls me {alias.group('v') or alias.group('short')}"
    job = _job_phrase(fragment)
    if job:
        return f"I'm {job}"
    if introduced and is_job(fragment) and _BARE_TITLE.match(fragment):  # "Raj here. software tester, 33"
        return f"I'm a {fragment}"
    if _STATE.match(fragment):
        doing = fragment.lower().startswith(("starting", "working"))
        return f"I'm {_org_heads(fragment) if doing else fragment}"
    place = _PLACE_ONLY.match(fragment)
    said = place.group("v") if place else ""
    # a home's town the list does not know, one word: "flat in marchmont"
    one_word = re.fullmatch(r"[A-Za-z][a-z'-]{3,}", said) and said.lower() not in NOT_HOMES
    dwelling = place and place.group("pre").lower().endswith(" in") and one_word
    if place and (known_place(said) or dwelling):
        verb = "I'm from" if place.group("pre").lower() == "from" else "I live in"
        return f"{verb} {said[:1].upper() + said[1:]}"
    if _VERB.match(fragment):  # "stay in tampines": live, as many Englishes say it
        return "I " + re.sub(r"^(?:still\s+)?stay(?=\s+(?:in|with)\b)", "live", fragment)
    return None


# "Inkosi Albert Luthuli hospital": a lower-case kind of organisation after its name is part
# of the name.
_ORG_KIND = re.compile(r"\b([A-Z][\w'&.-]*\s+)(hospital|university|college|school|bank|clinic|academy|"
                       r"institute|"
                       r"labs?|studios?|group|partners|agency|council|library|museum|airport|hotel|cafe|café)\b")

# "in the galway clinic": a place of work typed in lower case, named by its town
_LOWER_KIND = re.compile(r"(?<=\bthe\s)(?P<town>[a-z][\w'-]+)\s+"
                         r"(?:hospital|clinic|school|college|university)\b")

# Lower-case words after "at" that are no organisation's name: "a nurse at night".
_NOT_ORG = words(
    "a an the my our his her their this that home work school uni university college hospital night nights "
    "weekends weekend moment least last first times all some"
)
_LOWER_ORG = re.compile(r"\b(?P<at>at|for|with)\s+(?P<org>[a-z][\w&'-]*(?:\s+[a-z][\w&'-]*)?)"
                        r"(?=$|\s+(?:in|as|on|"
                        r"next|this|since|from)\b)")


def _org_heads(fragment: str) -> str:
    """The organisation in a job fragment as a name: "nurse at X hospital" -> "X Hospital",
    "starting at stripe" -> "Stripe" (chat drops capitals)."""
    fragment = _ORG_KIND.sub(lambda m: m.group(1) + m.group(2).title(), _LOWER_KIND.sub(
        lambda m: m.group(0).title() if known_place(m.group("town")) else m.group(0), fragment))

    def named(m: re.Match[str]) -> str:
        first = m.group("org").split()[0]
        if first in _NOT_ORG or known_place(m.group("org")):
            return m.group()
        return f"{m.group('at')} {m.group('org').title()}"

    return _LOWER_ORG.sub(named, fragment, count=1)


# "the fam here in atlanta", "wellington based number cruncher": where the speaker is.
_HERE_IN = re.compile(r"\b(?:here\s+in|back\s+home\s+in)\s+"
                      r"(?P<v>(?:(?:St|Mt|Ft)\.\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})\b"
                      r"|^(?P<b>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)[- ]based\b|^(?P<c>[a-z][\w'-]+)[- ]based\b")


def _where_said(text: str) -> list[str]:
    found = _HERE_IN.search(text)
    if not found:
        return []
    raw = found.group("v") or found.group("b") or found.group("c")
    named = found.group("v") and raw[:1].isupper() and len(raw.split()) <= 3  # "here in Condesa"
    place = known_place(raw) or (raw if named else None)
    return [f"I live in {place}"] if place else []


def ends_on_relative(text: str) -> bool:
    """Whether ``text`` ends on a relative of the speaker's ("I live with my sister Anna")."""
    return bool(_RELATIVE_LAST.search(text))


def _relative_last(fragment: str) -> str:
    """The relative a fragment ends on, as the speaker says them ("my mum Brigitte"), or ""."""
    found = _RELATIVE_LAST.search(fragment)
    return found.group("who")[0].lower() + found.group("who")[1:] if found else ""


def _third(who: str, fragment: str) -> str | None:
    """A fragment about the relative just named: "lives down in Plymouth" -> "my dad lives ..."."""
    if _THIRD_VERB.match(fragment):
        return f"{who} {fragment}"
    if _THEIR_STATE.match(fragment):  # "obsessed with minecraft", "allergic to cats"
        return f"{who} is {fragment}"
    age = _AGE.match(fragment)
    if age:
        return f"{who} is {age.group('n')}"
    job = _job_phrase(fragment)
    return f"{who} is {job}" if job else None


def _job_phrase(fragment: str) -> str | None:
    """ "nurse at X hospital" -> "a nurse at X Hospital" when its title is a job, else None."""
    named = _org_heads(fragment)
    job = _AT_ORG.match(named) or _A_TITLE.match(named)
    if job and is_job(job.group("title")):
        return f"{'' if fragment.startswith(('a ', 'an ')) else 'a '}{named}"
    # "IT support at the council", "nurse in the local hospital": the title; the place is no name
    unnamed = _AT_SOME_PLACE.match(named)
    return f"a {unnamed.group('title')}" if unnamed and is_job(unnamed.group("title")) else None


_AT_SOME_PLACE = re.compile(r"^(?:a\s+|an\s+)?(?!(?:been|was|is|am|are|be|being|got|as|still|just|now)\b)"
                            r"(?P<title>(?:[A-Z]{2,4}\s+)?[a-z][\w/+-]*(?:\s+(?!a\b|an\b)[a-z][\w/+-]*){0,3})"
                            r"\s+(?:at|in|for|with)\s+(?:the|a|an)\s+[a-z][\w' -]*$")


# Someone named just before a pronoun who is no relative: "my girl Priya ...", "dating Imogen",
# "planning Arjun's birthday party"
_STRANGER = re.compile(rf"\b(?:my|our)\s+(?!{_RELATIVES}\b)[a-z]+\s+(?P<a>{NAME})(?:\s+(?:is|was|has|'s)\b|$)"
                       r"|\b(?:marrying|married(?:\s+to)?|engaged\s+to|dating|seeing|met|with|named|called)\s+"
                       rf"(?P<b>{NAME})$|^(?P<c>{NAME})$"
                       rf"|\b(?P<d>{NAME})'s\s+(?:\d+\w*\s+)?(?:birthday|bday|b-day|party|christening|graduation)\b")


def _stranger(fragment: str, last_named: str) -> str:
    """The person ``fragment`` names last when a pronoun right after it is theirs, or ""."""
    match = _STRANGER.search(fragment)
    return _someone_new(match.group("a") or match.group("b") or match.group("c") or match.group("d"),
                        last_named) if match else ""


def _someone_new(name: str, last_named: str) -> str:
    """``name`` when it names a person not named before the turn (no place, no language), or ""."""
    if not name or name in last_named or not clean_name(name) or known_place(name):
        return ""
    return "" if name.lower() in PLACES or name.lower() in LANGUAGE_NAMES else name


# A sentence of someone's news, by their name first or last: "Tom rang last night.", "a toast
# about Ifeoma."
_NEWS_OF = re.compile(rf"^(?:so\s+|and\s+|also\s+|oh\s+|ok\s+)*(?P<a>{NAME})\s+(?:just\s+|finally\s+)?"
                      r"(?:proposed|came|called|rang|texted|messaged|said|says|moved|started|asked|told|left|quit|joined|finished|"
                      r"passed|graduated|turned|bought|sent|wants|thinks|reckons|keeps|visited|arrived|landed)\b"
                      rf"|\babout\s+(?P<b>{NAME})\W*$"
                      # a name said alone, as an answer ("partner 🙂 Ilse."), then "she's ..."
                      rf"|^\W*(?:(?:husband|wife|boyfriend|girlfriend|partner|bf|gf)\W+)?(?P<c>{NAME})\W*$")


def _news_of(sentence: str, last_named: str) -> str:
    match = _NEWS_OF.search(sentence)
    alone = match.group("c") if match and match.group("c") not in _SAID_ALONE else ""  # "Perfect.": no name
    return _someone_new(match.group("a") or match.group("b") or alone, last_named) if match else ""


_SAID_ALONE = words(
    "Perfect Great Thanks Thank Cool Nice Okay Ok Sure Yes Yeah Yep No Nope Done Amazing Awesome Lovely "
    "Brilliant Wow Exactly True Right Fine Noted Agreed Correct Good Update Anyway Congrats Hello Hi Hey "
    "Sorry Please Same Exciting Finally Honestly Seriously Ugh Oh Ah Lol Haha Omg Wait Also Whatever"
)


_SUBJECT_FORM = {"his": "he", "her": "she"}


def _named_just_before(fragment: str, pronoun: str, mentioned: tuple[str, ...]) -> str:
    """The relative the piece before names last, when "she"/"he" right after fits them ("my
    girlfriend Mette, she turns 30"), or ""."""
    said_as = _SUBJECT_FORM.get(pronoun, pronoun)
    return next((m for m in mentioned if fragment.endswith(m) and _pronoun_means(said_as, m)), "")


def _pronoun_person(pronoun: str, who: str, mentioned: tuple[str, ...], last_named: str) -> str:
    """Who "she"/"her" (or "he"/"his") means: the subject carried, else the one relative the
    turn named that the pronoun fits (a sister is a she before a manager, who may be either;
    two that fit leave it to nobody), else the person named before the turn."""
    said_as = _SUBJECT_FORM.get(pronoun, pronoun)
    fitting = [m for m in mentioned if _pronoun_means(said_as, m)]
    fitting = [m for m in fitting if not re.search(rf"\b(?:{_EITHER})\b", m)] or fitting
    only = fitting[0] if len(fitting) == 1 else "?" if fitting else ""
    return _pronoun_means(said_as, who or only or last_named)


def _pronoun_means(pronoun: str, who: str) -> str:
    """The relative "he"/"she" stands for, when the words fit ("my dad" is a he)."""
    if not who:
        return ""
    fits = _HE[pronoun] + "|" + _EITHER
    return who if re.search(rf"\b(?:my|our)\s+(?:\w+\s+)?(?:{fits})\b", who, re.IGNORECASE) else ""
