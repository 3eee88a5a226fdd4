"""Workplaces as chat tells them: typed in lower case, or said as where one is.

Chat types a company's name as it types everything else: "PM at wayfair", "im a mudlogger for
halliburton", "work at the aldi in bedminster", "been at cardiff council 9 yrs", "my boss at
dbs". The rules read an organisation by its capitals, so each of these was left to the span
reader. ``named_where_worked`` gives such a name its capitals when what comes before it is a
frame of work: a verb of working, a job title, a word of the job ("my manager at", "shift at"),
or time served ("been at amazon 3 yrs"); then every rule that reads a workplace reads it, and
the gates that keep a plan, a question or someone else's job apart keep them apart as before.

Never a word a frame of work is followed by that names no workplace: "work at home", "work
for myself", "a nurse at the hospital", "work at night", a town ("work for leeds"), a weekday.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.patterns_en import _SCHOOL, _job
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import Fact, clean_org, is_job, rule, words

# A verb of working and how one works, before the preposition: "work part time at", "wfh for"
_WORKING = (r"\b(?:work|works|working|worked|wfh|wfh-ing|casual|temping|interning|volunteering)"
            r"(?:\s+(?:remotely|remote|full[- ]time|part[- ]time|nights|days|weekends|shifts|now|still|also|"
            r"there|casual|casually|early|late|mostly|again))*")
# A word of the job: "my boss at dbs", "first week at stripe", "job at zalando", "internship at kpmg"
_JOB_WORD = (r"\b(?:job|job's|jobs|gig|shift|shifts|boss|manager|colleagues|coworkers|co-workers|internship|"
             r"placement|contract|notice(?:\s+in)?|"
             r"(?:first|second|third|last|1st|2nd|3rd)\s+(?:day|week|month))")
# A trade's verb and what it takes: "teach grade 3 at", "drivin buses for", "lecture in history at"
_DOING = (r"\b(?:teach|teaches|teaching|lecture|lectures|lecturing|drive|drives|driving|drivin'?|"
          r"code|codes|coding)(?:\s+[\w'-]+){0,3}")
# A start or a title said with "I'm a": "started at home depot", "I'm a mudlogger for halliburton",
# "i do backend stuff at razorpay"
_STARTED = (r"\b(?:started|starting|start|hired|resume|resumed|resuming)\s+(?:at|with|by)|"
            r"\b(?:I'm|I\s+am|im|i'm)\s+(?:a|an)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:at|for|with)|"
            r"\bdo\s+(?:[a-z]+\s+){0,2}(?:stuff|work)\s+(?:at|for)|\b(?:still|currently)\s+at")
_FRAMES = re.compile(rf"(?:{_WORKING}\s+(?:at|for)|{_DOING}\s+(?:at|for)|{_JOB_WORD}\s+(?:at|with)|"
                     rf"{_STARTED}|\b(?P<been>been)\s+(?:at|with)|"
                     r"\b(?:retired|retiring|retire|resigned|resigning)\s+from)\s+$")
_TITLE_BEFORE = re.compile(r"\b(?P<title>[A-Za-z][\w/+-]*(?:\s+[A-Za-z][\w/+-]*){0,2})\s+(?:at|for|with)\s+$")
# (the name is looked ahead at, so that "for now still at systems ltd" finds "at" after "for")
_AT = re.compile(r"\b(?:at|for|with|from)\s+"
                 r"(?=(?P<name>(?:the\s+)?[a-z][\w&'.-]*(?:\s+(?:&|[a-z][\w&'.-]*)){0,2}))")

# Words that end a name: what chat says after it ("at razorpay, payments infra", "at dell as data
# analyst", "at the aldi in bedminster", "at home depot corporate")
_AFTER_NAME = words(
    "as in on at for since so and but now here there rn atm lol haha lmao tbh too also still every "
    "which who where when because cos till until from with after before mostly though tho right bc "
    "doing full part tonight today yesterday tomorrow this last next these is was are were has have had "
    "corporate hq headquarters campus branch office dey na sha lah la leh liao o oo "
    "to of or if then just already again yet anymore rly really been will would can could done over "
    "keep keeps want wants say says said pay pays paid give gives gave got gets get let lets made makes "
    "asked asks told tells does did do hired sent put need needs think thinks know knows hate hates "
    "love loves like likes treat treats expect expects decided announced finally literally honestly "
    "basically actually gonna wanna pls please most sometimes often usually alone"
)
# A third word is part of a name only as the kind of organisation it is ("delta air lines")
_ORG_TAILS = words(
    "council bank hospital group air airlines lines university college ltd inc co corp services solutions "
    "energy foods tours electrical clinic pharmacy motors logistics health care media studios labs"
)
# First words that name no workplace, with or without "the"
_NOT_A_NAME = words(
    "a an my our his her their your its this that these those some any one least all me myself yourself "
    "himself herself themselves us them him it you home work night nights day days weekend weekends "
    "lunch dinner breakfast times time moment free peanuts hours ages years months weeks minimum length "
    "first last same different new old local big small little huge tiny nearby corner usual other another "
    "kids children people patients clients customers animals computers money cash tips living "
    "school uni university college church hospital office"
)
# Kinds of workplace: after "the" they name none ("a nurse at the hospital", "shift at the bar")
_KINDS = words(
    "firm company agency practice startup clinic shop store restaurant cafe bank factory warehouse hotel "
    "salon plant mine surgery pharmacy council ministry depot garage bakery lab site station airport port "
    "docks front desk till tills counter gym pub bar club library centre center call ward unit "
    "supermarket market mall farm kitchen studio school uni university college hospital office beach "
    "pool zoo museum charity government army navy police church temple mosque end start top bottom "
    "back weekend place spot job city town village area region district countryside suburbs middle"
)
# Endings of common nouns: after "the", one such word names the kind of place ("the roastery")
_COMMON = re.compile(r"(?:ery|ory|ing|ment|tion|sion|ness|ship|arium|house|room|yard|shop|works|mill)$")
_NUMBER = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|almost|nearly|over|about)"
_SERVED = re.compile(r"\s+(?:for\s+)?(?:almost\s+|nearly\s+|over\s+|about\s+)?" + _NUMBER
                     + r"\s*(?:\+\s*)?(?:yrs?|years?|months?|weeks?)\b")


def _name_words(said: str) -> list[str]:
    """The words of ``said`` that make the name, before what chat says after it."""
    tokens: list[str] = []
    for token in said.split():
        bare = token.rstrip(".'")
        if bare in _AFTER_NAME or not bare:
            break
        tokens.append(bare if token.endswith(".") else token)
        if token.endswith("."):  # "at wayfair." ends the sentence
            break
    named = tokens[1:] if tokens[:1] == ["the"] else tokens
    if len(named) == 3 and named[2] not in _ORG_TAILS and named[1] != "&":  # "marks & spencer"
        tokens = tokens[:-1]
    return tokens


def _framed(before: str) -> re.Match[str] | None:
    """The frame of work ``before`` ends with, if any (a title only when it names a job)."""
    frame = _FRAMES.search(before[-60:])
    if frame is not None:
        return frame
    titled = _TITLE_BEFORE.search(before[-60:])
    title = titled.group("title").split() if titled else []
    return titled if any(is_job(" ".join(title[k:])) for k in range(len(title))) else None


def _workplace(m: re.Match[str]) -> tuple[int, int, str] | None:
    """Where the name after ``m``'s preposition lies and how it is written with capitals, if
    what comes before is a frame of work and the name names a workplace."""
    frame = _framed(m.string[: m.start("name")])
    tokens = _name_words(m.group("name"))
    article = tokens[:1] == ["the"]
    name = tokens[1:] if article else tokens
    if frame is None or not name:
        return None
    if article and (name[0] in _KINDS or len(name) == 1 and _COMMON.search(name[0])):
        return None  # "a barista at the roastery": a kind of place, not its name
    if name[0] in _NOT_A_NAME and not (name[0] == "home" and len(name) > 1):  # "home depot"
        return None
    said = " ".join(name)
    if is_job(said) or known_place(said) or said in _KINDS:
        return None
    served = _SERVED.match(m.string, m.start("name") + len(" ".join(tokens)))
    if frame.groupdict().get("been") and not served:
        return None  # "been at the gym", "been with my sister": no time served there
    start = m.start("name") + (4 if article else 0)
    return start, start + len(said), " ".join(t[:1].upper() + t[1:] for t in name)


def named_where_worked(text: str) -> str:
    """``text`` with a lower-case workplace after a frame of work capitalised: "PM at wayfair"
    -> "PM at Wayfair", "work at the aldi in bedminster" -> "work at the Aldi in bedminster"."""
    said, last = [], 0
    for m in _AT.finditer(text):
        edit = _workplace(m) if m.start() >= last else None
        if edit is not None:
            said += [text[last : edit[0]], edit[2]]
            last = edit[1]
    return "".join([*said, text[last:]])


# "he is in Infosys, project manager": where one is, told with the title held there
_IN_WITH_TITLE = re.compile(r"\b(?P<be>is|am|'m|'s|are|'re)\s+in\s+"
                            r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)?)\s*,\s*(?:a\s+|an\s+)?(?P<title>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
                            r"(?=\s*(?:[.;!?]|$))")


def _at_work(m: re.Match[str]) -> str:
    if not is_job(m.group("title")) or known_place(m.group("org")):
        return m.group()
    return f"{m.group('be')} a {m.group('title')} at {m.group('org')}"


def at_work_in(text: str) -> str:
    """``text`` with a place told with a title said as the workplace it is: "he is in Infosys,
    project manager" -> "he is a project manager at Infosys"; never a known town ("I'm in
    Leeds, nurse": a home, and a title)."""
    return _IN_WITH_TITLE.sub(_at_work, text)


_AS_WORK = re.compile(r"\b(?:work|job|role|position)")


def started_at(m: re.Match[str]) -> list[Fact]:
    """ "started at Stripe": the employer; "has just started at Durham University" with no job
    said (no title, no "working", no "job") is a place of study."""
    said = m.group()
    org = clean_org(m.group("org"))
    if org and _SCHOOL.search(org) and not m.groupdict().get("title") and not _AS_WORK.search(said):
        return [Fact("studies_at", org, Op.ASSERT, 0.8)]
    return _job(0.85)(m)


# Kinds of workplace a name may follow, after a comma: "at a small studio, Estudio Ramos"
_KIND_OF_PLACE = (r"(?:firm|company|agency|practice|startup|start-up|clinic|shop|store|restaurant|cafe|café|"
                  r"bank|factory|warehouse|hotel|salon|call\s+cent(?:er|re)|plant|surgery|pharmacy|depot|"
                  r"garage|bakery|lab|studio|workshop|boutique|daycare|nursery|mob|outfit|crowd|place|spot|"
                  r"office|consultancy|brewery|winery|farm|station|school|hospital|centre|center|bar|pub|"
                  r"gym|charity|ngo|manufacturer|supplier|contractor|group)")
# What says the sentence is about one's work: a verb of working, owning or running, a job word
_WORK_CUE = re.compile(r"\b(?:work|works|working|worked|job|hired|joined|started|starting|own|owns|run|runs|"
                       r"running|opened|shift|shifts|apprentice|apprenticeship|employed|boss)\b",
                       re.IGNORECASE)
# Someone else is who the clause speaks of: "he works at that tapas place, Ibérica" is his
_SOMEONE_ELSE = re.compile(r"\b(?:he|she|they|he's|she's|they're|hes|shes|his|her|their|my\s+[a-z]+)\b",
                           re.IGNORECASE)


def _named_after(m: re.Match[str]) -> list[Fact]:
    before = m.string[: m.start()]
    title_before = any(is_job(w) for w in re.findall(r"[a-z][\w-]*", before.lower()))
    org = clean_org(m.group("org"))
    if not org or known_place(org) or _SOMEONE_ELSE.search(before):
        return []
    if not (_WORK_CUE.search(before) or title_before):
        return []
    return [Fact("employer", org, Op.ASSERT, 0.7)]


def _boss_at(m: re.Match[str]) -> list[Fact]:
    org = clean_org(m.group("org"))
    return [] if not org or known_place(org) else [Fact("employer", org, Op.ASSERT, 0.7)]


# "architect, at a small studio, Estudio Ramos", "working full time at my uncle's bakery now, Noor
# Bakery", "got my own small workshop in Benoni, Van der Merwe Diesel": a workplace told by its
# kind, then by its name after a comma (never a town: "a salon in Half Way Tree, Kingston")
WORKPLACES_NAMED_AFTER = (
    rule(r"\b(?:at|for|in|with|own|run|runs|opened|got)\s+(?:a|an|the|my|our|his|her|that|this|one)\s+"
         r"(?:[\w'-]+\s+){0,3}?" + _KIND_OF_PLACE + r"(?:\s+(?:now|here|there))?"
         r"(?:\s+(?:in|on|near|at|inna|by|off|(?:up|down|out)\s+(?:near|past|in|by))\s+[^,]{1,40}?)?"
         r",\s+(?:(?:name|called|named)\s+)?"
         r"(?P<org>[A-Z][\w&.'-]*(?:\s+(?:&|and|of|by|der|van|de|la|[A-Z][\w&.'-]*)){0,4})"
         r"(?=\s*(?:[,.!;:)(]|$)|\s+(?:in|on|near|is|was)\b)", _named_after),
    # "i've been with Seplat here in lagos 5 years now": time served there
    rule(r"\bbeen\s+(?:at|with)\s+(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})"
         r"(?:\s+(?:here\s+)?in\s+[\w-]+)?" + _SERVED.pattern,
         lambda m: [] if _SOMEONE_ELSE.search(m.string[: m.start()]) else _boss_at(m)),
    # "my boss at DBS keeps asking", "my manager at Rappi wants me running standups": one's own
    # workplace (never "my old boss at", "my husband's boss at")
    rule(r"(?:^|(?<=\s))my\s+(?:boss|manager|supervisor|line\s+manager|team\s+lead)\s+at\s+"
         r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})", _boss_at),
)


# What marks a name after "in" as a workplace, not a town: "in Erasmus MC", "in Bewley's"
_ORG_WORD = re.compile(r"(?:'s|\b(?:Hospital|Clinic|Cl[ií]nica|MC|Bank|Ltd|Group|Office|Centre|Center|"
                       r"Infirmary|Hotel|Foods|Motors|Barbers|Salon|Pharmacy|Surgery|Council|Ministry|Agency|"
                       r"Studio|Bakery|Cafe|Café|Restaurant|Stores?|Supermarket|Factory|Labs?|Technologies|"
                       r"Solutions))\b")
# "work in Bewley's as barista", "nurse in the mercy", "ICU nurse sa Leeds General Infirmary"
# (Tagalog "sa": at), "chef siya sa Manila Hotel"
_IN_OR_SA = re.compile(r"\b(?P<lead>[A-Za-z][\w-]*)(?:\s+(?:siya|ako))?\s+(?P<prep>in|sa)\s+"
                       r"(?P<org>(?:the\s+)?[A-Za-z][\w&.'-]*(?:\s+[A-Za-z][\w&.'-]*){0,3})")
_WORK_VERB = frozenset(("work", "works", "working", "worked", "workin"))


def _at_not_in(m: re.Match[str]) -> str:
    lead, org = m.group("lead"), m.group("org")
    first = lead.lower() in ("day", "week", "shift") and re.search(r"\b(?:first|1st|second|last)\s+$",
                                                                   m.string[: m.start("lead")])
    if not (lead.lower() in _WORK_VERB or is_job(lead.lower()) or first):
        return m.group()
    bare = _name_words(org.removeprefix("the "))
    if not bare or known_place(" ".join(bare)) or len(bare) == 1 and known_place(bare[0]):
        return m.group()
    if bare[0].lower() in _KINDS | _NOT_A_NAME or len(bare) == 1 and _COMMON.search(bare[0].lower()):
        return m.group()
    told = m.group("prep") == "sa" or first or org.startswith("the ") or (
        org[:1].isupper() and _ORG_WORD.search(org))
    if not told:
        return m.group()
    return m.group()[: m.start("prep") - m.start()] + "at" + m.group()[m.end("prep") - m.start():]


def in_said_as_at(text: str) -> str:
    """``text`` with a workplace told by "in" (or Tagalog "sa") after a title or a verb of
    working said with "at": "nurse in the mercy" -> "nurse at the mercy", "work in Bewley's
    as barista" -> "work at Bewley's as barista"; a town stays where one is ("a nurse in Leeds")."""
    return _IN_OR_SA.sub(_at_not_in, text)


# "work at Schiphol as a baggage handler with Aviapartner": the place, then who employs
_EMPLOYED_BY = re.compile(r"\s(?:with|for)\s+(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)")


def employed_by(facts: list[Fact], title: str | None) -> list[Fact]:
    """``facts`` of "I work at X as T", with the employer named after the title when it is (and
    X where the work is done)."""
    by = _EMPLOYED_BY.search(title or "")
    org = clean_org(by.group("org")) if by else None
    if not org:
        return facts
    at = [replace(f, attribute="workplace") for f in facts if f.attribute == "employer"]
    return [f for f in facts if f.attribute != "employer"] + at + [Fact("employer", org, Op.ASSERT, 0.85)]
