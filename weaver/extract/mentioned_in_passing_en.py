"""English facts read in passing, anywhere in a clause (``rules_en.MENTIONS``), and a
hometown typed in lower case (a rule of ``rules_en.RULES``).

People tell their work, home and teams while saying something else: "work in IT support in
company called comarch", "i'm a die hard munster fan", "tadhg here, 61, dairy farmer
outside Ballinrobe", "darlene, 52, power line tech with Prairie Grid Co-op". Each reading
asks for the frame that makes it the speaker's own (their work told first, "I" before a
fan, an introduction before a title), so a scene with the same words stores nothing.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.business_names_en import BUSINESS_NAMES
from vaultweave.weaver.extract.family_en import FAMILY_MENTIONED, THEIRS_BEFORE
from vaultweave.weaver.extract.fragments_en import ends_on_relative
from vaultweave.weaver.extract.hometowns_en import HOMETOWNS_IN_PASSING
from vaultweave.weaver.extract.patterns_en import _job
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import (
    Fact,
    Rule,
    clean_org,
    clean_place,
    clean_title,
    is_job,
    one,
    rule,
    words,
)
from vaultweave.weaver.extract.school_years_en import SCHOOL_YEARS
from vaultweave.weaver.extract.workplaces_en import WORKPLACES_NAMED_AFTER

# "work in IT support in company called comarch", "i joined a startup called Loop": the
# workplace by the name it is called, after one's own work is told in the clause.
_WORKS = re.compile(r"(?i:\b(?:work|working|worked|job|joined|employed|hired)\b)")
WORKPLACES_CALLED: tuple[Rule, ...] = (
    rule(r"\b(?:(?:a|an|one|the)\s+)?(?:(?:big|small|little|tiny|local)\s+)?(?:company|firm|startup|agency|bank|"
         r"hospital|clinic|factory|restaurant|cafe|café|shop|store|school|studio|consultancy)\s+(?:called|named)\s+"
         r"(?P<org>[A-Za-z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2})",
         lambda m: _job(0.75)(m) if _WORKS.search(m.string, 0, m.start()) else []),
)

# "the new place" is a workplace only where the sentence speaks of work ("first week done at")
_AT_WORK = re.compile(r"(?i:\b(?:first|second|last)\s+(?:day|week|shift)|"
                      r"\b(?:work|working|job|shift|boss|hired|joined|started|starting|colleagues|coworkers)\b)")
_PLACE_OR_SPOT = re.compile(r"\b(?:place|spot)\b")


def _new_workplace(m: re.Match[str]) -> list[Fact]:
    return [] if _PLACE_OR_SPOT.search(m.group()) and not _AT_WORK.search(m.string) else _job(0.75)(m)


# "first week done at the new place, Lee Valley Electrical", "moved to a different BPO,
# Northwind Contact Solutions": the new workplace named right after it is announced.
WORKPLACES_NEW: tuple[Rule, ...] = (
    rule(r"\b(?:at|to|joined|for)\s+(?:the|a|an|my)\s+(?:new|different|other)\s+(?:place|job|company|firm|employer|"
         r"shop|store|restaurant|hospital|practice|BPO|agency|office|clinic|spot|workplace|garage|salon|hotel|bank|"
         r"school|cafe|café|bakery|lab|studio)(?:\s+(?:in|at|near|on)\s+(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)?"
         r",\s+(?P<org>[A-Z][\w&.'-]*(?:\s+(?:&|and|of|by|[A-Z][\w&.'-]*)){0,4})(?=\s*(?:[,.!;:)(]|$)|\s+\W)",
         _new_workplace),
    # "too long for my colleagues at easyJet", "my coworkers at Deloitte": where one works
    rule(r"\b(?i:my)\s+(?:(?:new|old)\s+)?(?:colleagues|coworkers|co-workers|workmates|teammates)\s+(?:at|from)\s+"
         r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})(?=\s*(?:[,.!;:)(?]|$)|\s+[a-z\W])",
         lambda m: [] if " old " in m.group(0) else _job(0.7)(m)),
)

# "i drive grab full time now", "i ride for deliveroo in the evenings": work for an app, by its
# name as chat types it; the title is the app's driver or rider
_APPS = {a.lower().replace(" ", ""): a for a in (
    "Grab", "Uber", "Lyft", "Bolt", "Ola", "DiDi", "Careem", "Gojek", "Deliveroo", "DoorDash", "Uber Eats",
    "Swiggy", "Zomato", "Instacart", "Glovo", "Just Eat", "foodpanda", "Rappi", "iFood", "Lalamove", "Wolt",
    "Blinkit", "Zepto", "Dunzo", "Postmates", "Menulog", "SkipTheDishes", "Talabat", "Jahez")}
_APP = "|".join(sorted((a.replace(" ", r"\s*") for a in _APPS.values()), key=len, reverse=True))


def _app_work(m: re.Match[str]) -> list[Fact]:
    app = _APPS[re.sub(r"\s+", "", m.group("app")).lower()]
    title = "driver" if m.group("verb") else "rider"
    return [Fact("employer", app, Op.ASSERT, 0.75), Fact("job_title", f"{app} {title}", Op.ASSERT, 0.75)]


APP_WORK: tuple[Rule, ...] = (
    # ("now drive grab full time": the subject dropped, as chat drops it)
    rule(r"^\W*(?:(?:I|i)(?:'m|\s+am)?\s+)?(?:(?:now|still|also|just|currently|mostly)\s+)?"
         r"(?:(?P<verb>drive|driving)\s+(?:for\s+)?|(?:ride|riding|deliver|delivering|cycle|cycling)\s+for\s+)"
         rf"(?P<app>(?i:{_APP}))(?=\s|$|[,.!;:)])(?!\s+(?:to|home|into)\b)", _app_work),
)

# "i drive a taxi for comfortdelgro", "I drive buses for Stagecoach": the vehicle names the title
_VEHICLES = (r"taxi|cab|bus|truck|lorry|lorrie(?=s)|van|tram|train|forklift|ambulance|tractor|school\s+bus|"
             r"delivery\s+van|tube|subway|metro|ferry|ferrie(?=s)|coach|minibus|digger|crane|bin\s+lorry")


def _vehicle_work(m: re.Match[str]) -> list[Fact]:
    said = m.group("org") or ""
    org = clean_org(said.title() if said.islower() else said)
    kind = " ".join(m.group("kind").lower().split())
    title = {"cab": "taxi", "lorry": "truck", "lorrie": "truck", "ferrie": "ferry"}.get(kind, kind)
    # "logging trucks": a kind of the work said before the vehicle is part of the title
    title = f"{m.group('kind_of').lower()} {title}" if m.group("kind_of") else title
    owned = title in ("truck", "van", "tractor", "train") and not m.group("plural")
    if owned and not org:
        return []  # "I drive a van": what one drives, not a job
    return [Fact("job_title", f"{title} driver", Op.ASSERT, 0.75),
            *([Fact("employer", org, Op.ASSERT, 0.7)] if org and not re.match(r"(?i)(?:a|an|the|my)\b", org)
              else [])]


VEHICLE_WORK: tuple[Rule, ...] = (
    # ("I drive the 9 ashland bus", "i drive logging trucks": a route or a kind before it)
    rule(r"^\W*(?:I|i)\s+(?:(?:now|still|also|just|currently|mostly)\s+)?drive\s+(?:a\s+|the\s+)?"
         r"(?:(?P<kind_of>[a-z]+ing)\s+|(?:\d+[a-z]?|[A-Za-z]+\s+line)\s+(?:[a-z]+\s+)?)?"
         rf"(?P<kind>(?i:{_VEHICLES}))(?P<plural>(?<=s)es|(?<!s)s)?(?:\s+for\s+(?P<org>[A-Za-z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*))?"
         r"(?=\s|$|[,.!;:)])(?!\s+(?:to|home|into|back)\b)", _vehicle_work),
    # "I drive for Metro Buses": a driver, of the vehicle the company is named for if any
    rule(r"^\W*(?:I|i)\s+(?:(?:now|still|also|just|currently|mostly)\s+)?drive\s+for\s+"
         r"(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})(?=\s|$|[,.!;:)])",
         lambda m: _driver_for(m.group("org"))),
)


def _driver_for(said: str) -> list[Fact]:
    org = clean_org(said)
    if not org:
        return []
    kinds = re.findall(rf"\b(?i:{_VEHICLES})(?=(?:e?s)?\b)", org)  # "Metro Buses": the buses
    vehicle = kinds[-1].lower() if kinds else ""
    title = {"cab": "taxi", "lorry": "truck"}.get(vehicle, vehicle)
    driver = Fact("job_title", f"{title} driver".strip(), Op.ASSERT, 0.75)
    return [driver, Fact("employer", org, Op.ASSERT, 0.7)]

# "i'm from rimouski but i live in montréal now", "(i am youssef,) from alexandria but ...":
# a hometown typed in lower case, told before the clause goes on. Not "from work", "from
# monday", "from the shop": no place.
_NOT_FROM = words(
    "work home school uni college here there abroad overseas nowhere everywhere the a an my our his her "
    "their this that today tomorrow yesterday now then monday tuesday wednesday thursday friday saturday "
    "sunday january february march april may june july august september october november december time "
    "scratch experience memory")


def _place_said_lower(raw: str) -> str | None:
    place = clean_place(raw)
    return place.title() if place and place.islower() else place


def _born_in(m: re.Match[str]) -> list[Fact]:
    said = m.group("v") or m.group("v2")
    place = known_place(said) or (said if said[:1].isupper() and said.lower() not in _NOT_FROM else None)
    if not place:
        return []
    # "croydon born and bred": where one was raised is home too, unless a home is told
    raised = re.search(r"\b(?:bred|raised)\b", m.group())
    return [Fact("hometown", place, Op.ASSERT, 0.75),
            *([Fact("lives_in", place, Op.ASSERT, 0.6, assumed=True)] if raised else [])]


# "croydon born and bred", "ya penang born", "born and raised in cebu": where one is from,
# at the start of a clause or of a piece of one
HOMETOWNS_BORN: tuple[Rule, ...] = (
    rule(r"(?:^|(?<=[,;]\s))(?:(?:ya|yeah|yes|yep|so|and|but|proper)\s+)?"
         r"(?:(?!(?:I|I'm|im|is|am|was|a|an|the|my|new|first|second|free)\b)"
         r"(?P<v>[A-Za-z][\w'-]+(?:\s+[A-Za-z][\w'-]+)?)[\s-]+born"
         r"(?:\s+(?:and|n|&)\s+(?:bred|raised))?(?=\s*(?:[,.!;]|$))|born\s+(?:and|n|&)\s+(?:bred|raised)\s+in\s+"
         r"(?P<v2>[A-Za-z][\w'-]+(?:\s+[A-Za-z][\w'-]+)?))", _born_in),
)


HOMETOWNS_SAID_LOWER: tuple[Rule, ...] = (
    rule(r"(?:(?:I(?:'m|\s+am)|im|i'm|i\s+am)\s+)?(?:originally\s+|orig\s+)?from\s+(?P<v>[a-zà-ÿ][\w'.-]*"
         r"(?:\s+(?!originally\b|orig\b)[a-zà-ÿ][\w'.-]*)?)(?=\s*(?:,|$)|\s+(?:but|and|originally|so|though|tho|lol|haha|born)\b)",
         lambda m: [] if set(m.group("v").split()) & _NOT_FROM
         else one("hometown", _place_said_lower, 0.75)(m)),
)


# "i'm a die hard ginebra fan", "me, ahly fan since i was a kid": a team or a band liked, told
# by the fan one is (an intensifier or "since" makes it more than a word).
_NOT_FANS = words("ceiling desk box pedestal extractor tower stand exhaust your his her their a an the no "
                  "not")
# the speaker's own, said before it: "i'm a die hard X fan" (not "super into basketball, die hard
# X fan", which may go on about the person told of before)
_MINE = re.compile(r"\b(?:I|I'm|i|i'm|im|me)\b")
FANS: tuple[Rule, ...] = (
    rule(r"(?i:\b(?:die[- ]?hard|huge|massive|big|lifelong|life[- ]long|proper|loyal|mad)\s+)"
         r"(?P<v>[A-Za-z][\w.'&-]*(?:\s+[A-Za-z][\w.'&-]*)?)\s+(?i:fan|supporter)s?\b(?!\s+of\b)"
         r"|\b(?P<v2>[A-Za-z][\w.'&-]*)\s+(?i:fan|supporter)\s+since\b",
         lambda m: [Fact("likes", v, Op.ASSERT, 0.75) for v in [clean_org(m.group("v") or m.group("v2"))]
                    if v and not set(v.lower().split()) & _NOT_FANS
                    and _MINE.search(m.string, 0, m.start())]),
)



def _title_in_town(m: re.Match[str]) -> list[Fact]:
    title = clean_title(m.group("title"))
    town = known_place(m.group("town")) or (m.group("town") if m.group("town")[:1].isupper() else None)
    if not title or not is_job(title) or not town:
        return []
    return [Fact("job_title", title, Op.ASSERT, 0.7), Fact("lives_in", town, Op.ASSERT, 0.6, assumed=True)]


# A title and its town said alone, or as a piece of an introduction ("tadhg here, 61, dairy
# farmer outside Ballinrobe"): what the speaker does, and where (a town in passing).
TITLES_IN_TOWNS: tuple[Rule, ...] = (
    rule(r"(?:^|(?<=,\s))(?:(?:a|an)\s+)?(?P<title>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:in|outside|near|out\s+of)\s+"
         r"(?P<town>[^\W\d_][\w'-]*(?:\s+[A-Z][\w'-]*)?)(?=\s*(?:[,.;!]|$))", _title_in_town),
)


def _title_in_introduction(m: re.Match[str]) -> list[Fact]:
    title = clean_title(m.group("title"))
    introduced = _INTRODUCED.search(m.string, 0, m.start())
    if not title or not is_job(title) or not introduced:
        return []
    if ends_on_relative(m.string[: introduced.start()].rstrip(" ,")):
        return []  # "gift ideas for my dad, 60, retired pilot": his age and trade
    org = clean_org(m.group("org")) if m.group("org") else None
    at = [Fact("employer", org, Op.ASSERT, 0.65)] if org else []
    return [Fact("job_title", title, Op.ASSERT, 0.7), *at]


# An introduction before it: a name, an age, "here" ("I'm Morag, I'm 71, retired primary
# teacher", "darlene, 52, power line tech with Prairie Grid Co-op")
_INTRODUCED = re.compile(r"\b(?:\d{2}|here|I'?m|i\s+am|I\s+am|im)\b(?:\s+[\w.]+){0,3}\s*,", re.IGNORECASE)
TITLES_INTRODUCED: tuple[Rule, ...] = (
    rule(r"(?<=,\s)(?:(?:a|an)\s+)?(?P<title>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)"
         r"(?:\s+(?:with|at|for)\s+(?P<org>[A-Za-z][\w&.'-]*(?:\s+[A-Za-z][\w&.'-]*){0,3}?))?"
         r"(?=\s*(?:[,.;!]|$))", _title_in_introduction),
)



def _title_here(m: re.Match[str]) -> list[Fact]:
    title = clean_title(m.group("title"))
    if not title or not is_job(title):
        return []
    org = clean_org(m.group("org")) if m.group("org") else None
    at = [Fact("employer", org, Op.ASSERT, 0.65)] if org else []
    return [Fact("job_title", title, Op.ASSERT, 0.75), *at]


# "fifo sparky here, 2 weeks on 1 off", "call center agent here at Teleserve Cebu": who is
# talking, by their trade, where a message opens
TITLES_HERE: tuple[Rule, ...] = (
    rule(r"(?:^|(?<=[!.]\s))(?:(?:a|an|just\s+a|your|ur)\s+)?(?P<title>(?i:[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?))"
         r"\s+here\b(?!\s+(?:is|are|was|were|in\s+the|and|too|says))(?:\s+at\s+(?P<org>[A-Z][\w&.'-]*"
         r"(?:\s+[A-Z][\w&.'-]*){0,2}))?", _title_here),
)

# "I love being a dental hygienist", "the joys of being a sheep farmer": the speaker's trade, said
# as what they like or bear of it
TITLES_BEING: tuple[Rule, ...] = (
    rule(r"\b(?:I\s+(?:love|like|enjoy|hate)|joys?\s+of)\s+being\s+(?:a|an)\s+"
         r"(?P<title>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s*[,.;!?]|$|\s+(?:and|but|so|tbh|lol|though)\b)",
         lambda m: [Fact("job_title", t, Op.ASSERT, 0.75) for t in [m.group("title")] if is_job(t)]),
)

# "i do marketing, officially 'marketing specialist'", "job is qa tester? officially is 'quality
# assurance specialist'": the title as the employer names it, in quotes
TITLES_OFFICIAL: tuple[Rule, ...] = (
    rule(r"\bofficially(?:\s+(?:it's|it\s+is|is|I'm|I\s+am|my\s+title\s+is))?[\s,]+['\"‘“]"
         r"(?P<title>[^'\"’”]{2,40})(?:['\"’”]|$)",
         lambda m: [Fact("job_title", t, Op.ASSERT, 0.8) for t in [clean_title(m.group("title"))]
                    if t and is_job(t)]),
    # "my title is technically 'Brand Storyteller' at this fintech": a title the speaker quotes or
    # capitalises is theirs, known or not
    rule(r"\bmy\s+(?:job\s+|official\s+|actual\s+)?title\s+(?:is|'s)\s+"
         r"(?:technically\s+|officially\s+|now\s+|literally\s+|actually\s+|basically\s+)?"
         r"(?:['\"‘“](?P<quoted>[^'\"’”]{2,40})['\"’”]|(?P<title>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?))"
         r"(?=\s+(?:at|with|for|in|but|and|lol)\b|\s*[,.;!?(]|$)",
         lambda m: [Fact("job_title", t, Op.ASSERT, 0.8) for said in [m.group("quoted") or m.group("title")]
                    for t in [clean_title(said)]
                    if t and (m.group("quoted") or said[:1].isupper() or is_job(t))]),
)

# "since may I'm team lead instead of UX researcher": the title given up for the new one
TITLES_INSTEAD: tuple[Rule, ...] = (
    rule(r"\binstead\s+of\s+(?:being\s+)?(?:a\s+|an\s+)?(?P<title>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
         r"(?=\s*(?:[,.;!?]|$)|\s+(?:now|and|but|so|at|still|anymore)\b)",
         lambda m: [Fact("job_title", t, Op.RETRACT, 0.65) for t in [clean_title(m.group("title"))]
                    if t and is_job(t)]),
)

# "home is Mandurah btw", "home's in Ballarat now", "home base is Perth": the town home is in,
# when it is one known; never someone else's ("her home is in Leeds").
HOMES_SAID: tuple[Rule, ...] = (
    rule(r"(?:^|(?<=[,.;:!]\s)|(?<=\bmy\s)|(?<=\bour\s))home(?:\s+base)?(?:'s|\s+is)\s+(?:now\s+|still\s+)?(?:in\s+)?"
         r"(?P<v>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)?)",
         lambda m: [Fact("lives_in", town, Op.ASSERT, 0.75) for town in [known_place(m.group("v"))]
                    if town and not THEIRS_BEFORE.search(m.string[: m.start()])]),
)

# Searched anywhere in a clause (rules_en.MENTIONS): a workplace by its name, what one is a fan
# of; a title and its town as a piece of its own; a home said as "home is"
MENTIONED_IN_PASSING = (*HOMES_SAID, *WORKPLACES_CALLED, *WORKPLACES_NEW, *FANS, *TITLES_IN_TOWNS,
                        *TITLES_INTRODUCED, *HOMETOWNS_BORN, *HOMETOWNS_IN_PASSING, *TITLES_HERE,
                        *TITLES_BEING, *TITLES_OFFICIAL, *TITLES_INSTEAD, *WORKPLACES_NAMED_AFTER,
                        *FAMILY_MENTIONED, *BUSINESS_NAMES)
# Read as whole clauses, among rules_en.RULES: a hometown in lower case, work for an app, a
# year at school ("in 2nd year at KNUST")
RULES_IN_PASSING = (*HOMETOWNS_SAID_LOWER, *APP_WORK, *VEHICLE_WORK, *SCHOOL_YEARS)
