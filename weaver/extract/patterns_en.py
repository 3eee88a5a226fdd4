"""Building blocks and value builders of the English rule tables (``rules_en``): the
regex pieces (subjects, places, organisations, titles, diets, species, relatives) and the
functions that turn a match into Facts. The tables and the builders that read them back
(``_ended``, ``_started``) stay in ``rules_en``."""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.car_names_en import CAR_MAKE
from vaultweave.weaver.extract.kin_values import PET_KINDS, pet_values, relative_value
from vaultweave.weaver.extract.rules_text import (
    ADV,
    NAME,
    PLACES,
    Build,
    Fact,
    Rule,
    clean_name,
    clean_org,
    clean_place,
    clean_title,
    favourite_attribute,
    habit_phrase,
    is_job,
    languages,
    one,
    rule,
    things,
    we_conf,
    words,
)
from vaultweave.weaver.extract.study_fields_en import field_en
from vaultweave.weaver.extract.word_forms_en import gerund

# -- building blocks --------------------------------------------------------------------

_I = r"I\s+" + ADV
_BE = r"I(?:'m|\s+am)\s+" + ADV
_WE = r"(?:I|(?P<we>we|me\s+and\s+(?:my\s+)?\w+|\w+\s+and\s+I))"
_PAST = r"I(?:'ve|\s+have)?\s+" + ADV  # "I moved" / "I've moved"
_DONT = r"I\s+" + ADV + r"(?:don't|do\s+not)\s+" + ADV
# "left the flat in Galway", "moved out of our place in Hackney": the town of a home left
HOME_IN = (r"(?:the|my|our)\s+(?:[a-z]+(?:'s|s')\s+)?(?:old\s+)?"  # "my mom's place in Downey"
           r"(?:flat|place|house|apartment|apt|flatshare|studio)\s+in\s+")
_PLACE = (
    r"(?P<v>(?:the\s+)?[A-Z][\w'.-]*(?:\s+(?:(?:de|del|da|do|of|on|upon|am|la|le|du|di|y|and)"
    r"\s+)?[A-Z][\w'.-]*)*(?:,\s+[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)?)"
)


def _org(group: str = "org") -> str:
    # "a startup called Nimbus" -> Nimbus; an org name is capitalised words.
    return (
        r"(?:(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?:(?:called|named)\s+|[\w-]+,\s+(?=[A-Z0-9])))?"
        rf"(?P<{group}>(?:the\s+)?(?:[A-Z]|\d[A-Z0-9])[\w&'.+-]*"
        # "Universidade do Porto", "Politecnico di Milano", "University of the Witwatersrand"
        r"(?:\s+(?:(?:of|and|&|de|da|do|dos|das|del|della|di|du|des)\s+(?:the\s+)?)?(?:[A-Z]|\d)[\w&'.+-]*)*)"
    )


_ORG = _org()
_WORK_HOW = (r"(?:(?:remotely|remote|full[- ]time|part[- ]time|freelance|now|still|again|there|nights|days|"
             r"evenings|mornings|weekends|shifts|nine\s+to\s+five)\s+)*"
             r"(?:(?:in\s+)?[A-Za-z][A-Za-z]*(?:\s+[a-z]+)?\s+(?=at\s|for\s))?")  # "work (in) marketing at X"
_TITLE = r"(?P<title>[A-Za-z][\w/+-]*(?:\s+[\w/+-]+){0,4}?)"
_DIET = (
    r"(?P<v>(?i:vegetarian|veggie|vegan|pescatarian|pescetarian|flexitarian|keto|paleo|"
    r"gluten[- ]free|dairy[- ]free|plant[- ]based|low[- ]carb|halal|kosher|carnivore|"
    r"mediterranean|omnivore))"
)
_DIET_END = r"(?=$|\s*[,;]|\s+(?:and|but|so|now|since|for|as\s+of|starting)\b)"
_DIET_CANON = {
    "veggie": "vegetarian", "pescetarian": "pescatarian", "gluten free": "gluten-free",
    "dairy free": "dairy-free", "plant based": "plant-based", "low carb": "low-carb",
    "mediterranean": "Mediterranean",
}
_SPECIES = r"(?P<species>" + PET_KINDS + r")(?![\w-])"
_COUNT = r"(?P<n>a|an|one|two|three|four|five|six|\d)"
# A pet's name: "R2", "Nugget 2", "Mr. Biscuit", "Lady Marmalade Crumble II"; in lower case after
# "named" ("tabby named pickles"); two after a comma
_PET_NAME = (r"(?:[A-Z][A-Za-z]*\d+[A-Za-z0-9]*|"
             r"(?:(?:Mr|Mrs|Ms|Dr|Sir|Lady|Lord|Captain|Professor|Princess|Prince)\.?\s+)?"
             rf"{NAME}(?:\s+(?:\d+|II|III|IV|Jr\.?)(?!\w))?)")
_LOWER_NAME = r"(?!(?:him|her|it|them|me|you|us|that|this|the|and|but)\b)[a-z]{3,12}(?=\s*(?:[,.!?(]|$))"
_NAMED = (rf"(?:\s*,?\s+(?:named|called)\s+(?P<name>{_PET_NAME}|{_LOWER_NAME})(?:\s+and\s+"
          rf"(?P<name2>{_PET_NAME}))?|,\s+(?P<name3>{_PET_NAME})\s+and\s+(?P<name4>{_PET_NAME})(?=\s*(?:[,.!?]|$)))?")
_HAVE = r"(?:I|(?P<we>we))(?:(?:'ve|\s+have)\s+(?:just\s+)?got|'ve|\s+" + ADV + r"(?:have|own|got))"
_REL = (
    r"(?P<rel>(?:(?:little|big|older|younger|baby|twin|elder|half[- ]|step)\s*)?(?:sister|brother|sis|bro)|"
    r"wife|husband|spouse|boyfriend|girlfriend|partner|"
    r"fianc[eé]e?|mom|mum|mother|mama|dad|father|papa|son|daughter|kid|child|boss|manager|roommate|flatmate|"
    r"best\s+friend|friend|colleague|coworker)"
)


def _diet(conf: float) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        raw = m.group("v").lower()
        return [Fact("diet", _DIET_CANON.get(raw.replace("-", " "), raw), Op.ASSERT, conf)]

    return build


def _fixed(attribute: str, value: str, conf: float, op: Op = Op.ASSERT) -> Build:
    return lambda m: [Fact(attribute, value, op, conf)]


_NUMBER_WORDS = {w: n for n, w in enumerate([
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
])}
_AGE = r"(?P<v>\d{1,3}|(?i:" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r"))"


def _age(m: re.Match[str]) -> list[Fact]:
    raw = m.group("v").lower()
    age = _NUMBER_WORDS[raw] if raw in _NUMBER_WORDS else int(raw)
    return [Fact("age", str(age), Op.ASSERT, 0.9)] if 0 < age <= 120 else []


_HEDGES = re.compile(
    r"^(?:(?:hmm+|um+|uh+|well|like|probably|prob|prolly|defo|def|definitely|honestly|easily|hands\s+down|"
    r"i\s+(?:prefer|guess|think|reckon|suppose)|(?:a|an|the)(?=\s))[\s,]+)+",
    re.IGNORECASE,
)


def _favourite_value(raw: str) -> str:
    """ "is, hmm, I'd eat anything honestly, but ramen" -> "ramen"; "Radiohead, always" -> "Radiohead"."""
    raw = re.split(r"(?:,\s*|\s+)but\s+", raw)[-1]
    return _HEDGES.sub("", raw.split(",")[0].strip()).strip()


def _favourite(m: re.Match[str]) -> list[Fact]:
    values = things(_favourite_value(m.group("v")), split=False)
    thing = m.groupdict().get("thing")
    if not values or re.match(r"(?:too\s+|so\s+)?(?:difficult|hard|tough|impossible|tricky)\b", values[0],
                              re.IGNORECASE):
        return []  # "favourite movie is difficult to pick": none named
    if not thing:  # "sushi is my favourite"
        return [Fact("likes", values[0], Op.ASSERT, 0.85)]
    attribute = favourite_attribute(thing)
    return [Fact(attribute, values[0], Op.ASSERT, 0.9)] if attribute else []


# "a junior at Lincoln High", "a second-year at Leeds Uni": a pupil, not an employee.
_SCHOOL = re.compile(r"\b(?:High|School|University|Uni|College|Academy|Institute)\b")
_SCHOOL_YEARS = words("junior senior freshman sophomore fresher undergrad undergraduate postgrad "
                      "first-year second-year third-year final-year pupil", None)


def _job(conf: float, op: Op = Op.ASSERT) -> Build:
    """job_title and/or employer from ``title`` / ``org`` groups; a student studies_at."""

    def build(m: re.Match[str]) -> list[Fact]:
        groups = m.groupdict()
        # "a sound designer at a game studio": the place of work named by its kind is no part of it
        raw_title = re.split(r",|\s+(?:in|on|to)\s+|\s+(?:at|for|with)\s+(?:a|an|the|my|our|some|this)\s",
                             groups["title"])[0] if groups.get("title") else ""
        title = clean_title(raw_title) if raw_title else None
        org = clean_org(groups["org"]) if groups.get("org") else None
        if org and re.fullmatch(r"\d+", org):  # "a plumber for 20 years": a duration, no employer
            return []
        if groups.get("title") and not title:
            return []
        # "a student", "a first year", "a broke PhD student": one who studies there
        year = re.sub(r"\s+(?:med\s+|law\s+|phd\s+)?student$", "", (title or "").lower()).replace(" ", "-")
        pupil = title and (title.lower().split()[-1] == "student" or year in _SCHOOL_YEARS)
        # "a staff nurse at Aga Khan University Hospital", "a lecturer at UCL": a job there
        if title and (pupil or (org and _SCHOOL.search(org) and not is_job(title))):
            return [Fact("studies_at" if org else "job_title", org or title, op, conf),
                    *(_field_of_student(groups["title"] or "", conf) if pupil else [])]
        facts = [Fact("job_title", title, op, conf)] if title else []
        city = _JOB_CITY.match(m.string, m.end("org")) if org and op is Op.ASSERT else None
        if city and city.group("v").lower() in PLACES:  # "an audit associate at Deloitte in Lagos"
            facts.append(Fact("lives_in", city.group("v").title(), op, 0.6))
        return facts + ([Fact("employer", org, op, conf)] if org else [])

    return build


# The town told right after a workplace, where one nearly always lives too: "at Spotify
# (stockholm)", "at Deloitte in Lagos". Only a known town: "at Dishoom in Shoreditch" is
# a branch, not a home.
_JOB_CITY = re.compile(r"\s*(?:\(|,\s*|\s+in\s+)(?P<v>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?)"
                       r"(?=\)|\s*$|\s*[,.;!]|\s+(?:and|but|so|for|since|as|now)\b)")


def _turning_on(m: re.Match[str]) -> list[Fact]:
    """The birthday of "turning 17 on aug 9 so…" (a date typed inside the clause: the age is not
    told), "my 30th is on 3 June"; "turning 31 tomorrow" (the day is the clause's own phrase, which
    the candidate resolves) tells the age too."""
    day = dates_en.birthday(m.group("v")) if m.group("v") else "turning"
    age = [] if m.group("v") or not m.group("age") else [Fact("age", m.group("age"), Op.ASSERT, 0.75)]
    return [Fact("birthday", day, Op.ASSERT, 0.8), *age] if day else []


def _birthday_value(text: str) -> str | None:
    """A birthday as a date when it reads as one, else the thing said ("the 3rd of May")."""
    if dates_en.birthday(text):
        return dates_en.birthday(text)
    if "," in text or len(text.split()) > 4 or not re.search(r"\d", text):
        return None  # "coming up", "on saturday and i want a party": no day of the year said
    return next(iter(things(text, split=False)), None)


def _moved_from(m: re.Match[str]) -> list[Fact]:
    """"moved from Leeds (to Manchester)": Leeds ends; the new town, if told, starts."""
    old, new = clean_place(m.group("old")), clean_place(m.group("v") or "")
    if not old or old.lower() in ("home", "abroad", "overseas"):
        return []
    started = [Fact("lives_in", new, Op.ASSERT, 0.9)] if new else []
    return [*started, Fact("lives_in", old, Op.RETRACT, 0.85)]


_TEACHER = {"teach": "teacher", "lecture": "lecturer", "tutor": "tutor"}
# Whom or when one teaches, no subject: "I teach kids at a primary school"
_NOT_SUBJECTS = frozenset({"kids", "children", "students", "adults", "there", "here", "part", "full",
                           "mostly", "nights", "mornings", "evenings", "weekends", "full-time", "part-time",
                           "also", "still"})


def _taught(m: re.Match[str]) -> list[Fact]:
    """ "I teach year 4 at a primary school in Norwich": a teacher, and the town; "i teach
    biology at Colegio Americano": a biology teacher, and the school that employs them."""
    subject, teacher = (m.group("subject") or "").lower(), _TEACHER[m.group("verb")]  # "Maths and Physics"
    taught = (m.group("taught") or "").strip()  # "chemistry at a secondary school": its subject
    if not subject and re.fullmatch(r"[a-z]{4,}", taught) and taught not in _NOT_SUBJECTS:
        subject = taught
    title = f"{subject} {teacher}" if subject else teacher
    facts = [Fact("job_title", title, Op.ASSERT, 0.8)]
    facts += [Fact("employer", o, Op.ASSERT, 0.8) for o in [clean_org(m.group("org") or "")] if o]
    return facts + [Fact("lives_in", p, Op.ASSERT, 0.7) for p in [clean_place(m.group("v") or "")] if p]


def _titled_in(m: re.Match[str]) -> list[Fact]:
    """ "I'm a nurse in Bergen": the job, and where one lives; "in the ICU" is no place."""
    facts = _titled(m)
    place = clean_place(m.group("v"))
    if facts and place and not place.lower().startswith("the "):
        facts.append(Fact("lives_in", place, Op.ASSERT, 0.7))
    return facts


# Words a title said without its article does not hold, beyond those ``is_job`` turns
# away in any title: adverbs and joining words ("i'm just nurse and mum")
_NOT_IN_TITLE = re.compile(r"\b(?:his|her|our|their|so|too|very|just|really|going|gonna|and|or|but|like|"
                           r"still|also|always|never|ever)\b")


def _titled_bare(m: re.Match[str]) -> list[Fact]:
    """ "I'm freelance illustrator?", "i'm nurse in Lima": a title said without its article."""
    if not is_job(m.group("title")) or _NOT_IN_TITLE.search(m.group("title")):
        return []
    return _titled_in(m) if m.group("v") else _titled(m)


def _titled_quoted(m: re.Match[str]) -> list[Fact]:
    """ "officially my title's 'delivery lead'": a title named as one needs no job word."""
    title = clean_title(m.group("title"))
    return [Fact("job_title", title, Op.ASSERT, 0.85)] if title else []


def _titled(m: re.Match[str]) -> list[Fact]:
    # "a nurse in Leeds", "a firefighter down in phoenix", "a CSR at a bank": where, not what
    said = m.group("title").split(",")[0]
    title = clean_title(re.sub(r"\s+(?:(?:down|up|out|over)\s+)?(?:in|on|for|since)\s+.*$|"
                               r"\s+(?:at|with)\s+(?:a|an|the|my|our)\s+.*$", "", said))
    if not title or not is_job(title):
        return []
    field = _field_of_student(said, 0.85) if title.lower().endswith("student") else []
    return [Fact("job_title", title, Op.ASSERT, 0.85), *field]


def _field_of_student(said: str, conf: float) -> list[Fact]:
    """ "a PhD student in epidemiology (at ...)": the field a student's title names, if any."""
    field = re.search(r"\bstudent\s+(?:in|of)\s+(?P<f>[a-z][a-z ]{1,40}?)(?=\s+(?:at|for|with)\s|\s*$)",
                      said, re.IGNORECASE)
    studied = field_en(field.group("f"), False) if field else None
    return [Fact("studies", studied, Op.ASSERT, conf)] if studied else []


def _left(m: re.Match[str]) -> list[Fact]:
    """"I left X": a known place ends where one lives, anything else an employer."""
    org = clean_org(m.group("org"))
    if not org:
        return []
    if org.lower().removeprefix("the ") in PLACES:
        return [Fact("lives_in", org, Op.RETRACT, 0.75)]
    facts = [Fact("employer", org, Op.RETRACT, 0.85)]
    new = clean_org(m.group("org2")) if m.group("org2") else None
    return facts + ([Fact("employer", new, Op.ASSERT, 0.85)] if new else [])


# Losing one's job ends the title too: a shift supervisor who quit is no longer one.
_JOB_ENDED = [Fact("employer", "", Op.RETRACT, 0.8), Fact("job_title", "", Op.RETRACT, 0.75)]


def _laid_off(m: re.Match[str]) -> list[Fact]:
    org = clean_org(m.group("org")) if m.group("org") else None
    return [Fact("employer", org or "", Op.RETRACT, 0.85 if org else 0.8), _JOB_ENDED[1]]


def _and_list(raw: str) -> list[str]:
    # "peanuts and shellfish" are two allergies (two hobbies) even without a comma.
    return [v for part in re.split(r"\s+(?:and|or|&)\s+", raw) for v in things(part)]


def _learned(raw: str) -> list[str]:
    # "Portuguese for the trip", "spanish because of my in-laws": the thing, not why
    raw = re.split(r",|\s+(?:on|with|at|from|using|via|through|for|because|cos|since|before)\s+", raw)[0]
    raw = re.sub(r"^the\s+(?=\w)", "", raw)  # "the ukulele"
    if raw.startswith("to "):
        verb, _, rest = raw[3:].partition(" ")
        return things(gerund(verb) + (" " + rest if rest else ""), split=False)
    return languages(raw) or things(raw, split=False)


def habit_of(m: re.Match[str]) -> list[Fact]:
    """"I swim every day": the habit of the verb (group ``verb``) and its object (``obj``)."""
    verb, obj = m.group("verb"), (m.group("obj") or "").strip()
    if verb in _NOT_HABITS or re.search(r"ed$", verb) or verb in _PAST_VERBS:
        return []
    if verb == "smoke":
        obj = ""  # "I smoke ten a day" is the habit "smokes"
    habit = habit_phrase(f"{verb} {obj}".strip(), from_gerund=False)
    return [Fact("habit", habit, Op.ASSERT, 0.8)] if habit else []


_NOT_HABITS = words(
    "love like hate enjoy adore prefer feel think want need wish hope miss know am be get "
    "see talk chat tell say mean work study live am guess believe try forget remember"
)
_PAST_VERBS = words(
    "ran went did had was were swam ate drank took got made came saw rode wrote spent left "
    "quit began sang brought bought thought felt kept slept met"
)


def _bare_habit(m: re.Match[str]) -> list[Fact]:
    habit = habit_phrase(m.group("v"), from_gerund=False)
    return [Fact("habit", habit, Op.ASSERT, 0.85)] if habit else []


def _pet(conf: float, op: Op = Op.ASSERT) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        groups = m.groupdict()
        told = (groups.get(g) for g in ("name", "name2", "name3", "name4"))
        names = [n[:1].upper() + n[1:] for n in told if n]
        values = pet_values(groups.get("n") or "a", groups["species"], names)
        return [Fact("pet", value, op, we_conf(m, conf)) for value in values]

    return build


_RELATION_WORD = {"mum": "mother", "mom": "mother", "mama": "mother", "dad": "father", "papa": "father",
                  "sis": "sister", "bro": "brother", "kid": "child", "fiancee": "fiance",
                  "fiancée": "fiance", "fiancé": "fiance"}


def _relative(conf: float, op: Op = Op.ASSERT) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        groups = m.groupdict()
        names = [n for n in (groups.get(g) for g in ("name", "name2", "name3", "name4")) if n]
        rel = re.sub(r"^(?:(?:little|big|older|younger|baby|twin|elder|half[- ]|step)\s*)", "",
                     groups["rel"].lower())
        if len(names) == 1 and not groups.get("n") and clean_name(names[0]):
            # "my sister Anna": the relation word names the fact (sister=Anna).
            return [Fact(_RELATION_WORD.get(rel, rel), clean_name(names[0]) or "", op, we_conf(m, conf))]
        found = relative_value(groups.get("n"), groups["rel"], names)
        if not found:
            return []
        return [Fact(found[0], found[1], op, we_conf(m, conf))]

    return build


def _hobbies(m: re.Match[str]) -> list[Fact]:
    raw = m.group("v")
    verb, _, rest = raw.partition(" ")
    if re.fullmatch(r"[a-z]+", verb) and not verb.endswith("ing") and verb not in ("the", "a"):
        raw = gerund(verb) + (" " + rest if rest else "")
    return [Fact("hobby", v, Op.ASSERT, 0.75) for v in things(raw)]


def _took_up(m: re.Match[str]) -> list[Fact]:
    values = [v for v in things(m.group("v")) if re.fullmatch(r"[a-z][a-z -]*", v)]
    bad = ("the ", "a ", "an ", "my ", "some ")
    return [Fact("hobby", v, Op.ASSERT, 0.85) for v in values if not v.startswith(bad)]


def _named(attribute: str, conf: float, op: Op = Op.ASSERT) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        name = clean_name(m.group("name")) if m.group("name") else None
        return [Fact(attribute, name, op, conf)] if name else []

    return build


def wed(conf: float) -> Build:
    """"I got married to Layla": the spouse, who is no more a girl- or boyfriend or fiancé(e)."""
    def build(m: re.Match[str]) -> list[Fact]:
        name = clean_name(m.group("name"))
        courting = ("girlfriend", "boyfriend", "fiance", "fiancee", "partner")
        ended = [Fact(a, name, Op.RETRACT, conf - 0.1) for a in courting] if name else []
        return [Fact("spouse", name, Op.ASSERT, conf), *ended] if name else []
    return build


# ``Fact.starts`` of a move told ahead ("we move from Lisbon to Porto on 14 March"): the day
# the clause tells (a plan weeks ahead stays a plan, ``rules._planned``), or no fact at all
# when it tells none ("I'm moving to Leeds"); the town left is never read as a home. Either
# way the home held may soon be outdated: it is put in doubt.
AHEAD = "ahead"
_PARTICLE = r"(?:(?:back|down|up|over|away)\s+)?"


def _moving_ahead(m: re.Match[str]) -> list[Fact]:
    new = clean_place(m.group("v"))
    old = clean_place(m.group("old")) if m.group("old") else None
    if not new:
        return []
    ended = [Fact("lives_in", old, Op.RETRACT, 0.8, starts=AHEAD)] if old and old != new else []
    return [Fact("lives_in", new, Op.ASSERT, 0.85, starts=AHEAD), *ended, Fact("lives_in", "", Op.DOUBT, 0.6)]


# "moved into a unit in Surry Hills", "moved in with my friend Leah in Burnaby": a home moved
# into, in its town; "we're moving out of Brisbane down to Melbourne next month": ahead
HOMES_MOVED_INTO: tuple[Rule, ...] = (
    rule(_WE + r"(?:(?:'m|'re|\s+am|\s+are)\s+" + ADV + r"(?:moving|relocating|shifting)|\s+" + ADV
         + r"(?:move|relocate))\s+" + _PARTICLE + r"(?:(?:from|out\s+of)\s+"
         + _PLACE.replace("(?P<v>", "(?P<old>") + r"\s+" + _PARTICLE + r")?to\s+" + _PLACE, _moving_ahead),
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:moved|relocated)\s+(?:in)?to\s+(?:a|an|my|our|the)\s+"
         r"(?:[\w-]+\s+){0,2}?(?:apartment|apt|flat|house|place|home|studio|unit|condo|townhouse|bedsit)\s+in\s+"
         + _PLACE, one("lives_in", clean_place, 0.85)),
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"moved\s+in\s+with\s+(?:my|our|a|an)\s+"
         r"(?:[\w'-]+\s+){1,3}?in\s+" + _PLACE, one("lives_in", clean_place, 0.8)),
    # "settled into the Leeds flat", "moved into our Tema place": a home named by its town
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:settled|moved)\s+in(?:to)?\s+(?:the|our|my|a)\s+"
         r"(?:new\s+)?" + _PLACE + r"\s+(?:flat|apartment|apt|house|place|home)\b",
         one("lives_in", clean_place, 0.8)),
    # "(dad) moved into Oak Hollow on the 21st": a home by its name (never "into management")
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"moved\s+into\s+(?=[A-Z])" + _PLACE,
         one("lives_in", clean_place, 0.8)),
)

# "i commute from osaka", "my apartment in Incheon is too small": where one lives, said in passing
HOMES_IN_PASSING: tuple[Rule, ...] = (
    rule(_WE + r"\s+" + ADV + r"(?:commute|drive|come)\s+in\s+from\s+" + _PLACE,
         one("lives_in", clean_place, 0.75)),
    rule(_WE + r"\s+" + ADV + r"commute\s+from\s+" + _PLACE, one("lives_in", clean_place, 0.75)),
    # "I'm renting in Khalifa City now", "we're subletting in Kreuzberg till june"
    rule(_WE + r"(?:'m|'re|\s+am|\s+are)\s+" + ADV + r"(?:renting|subletting|sub-letting)\s+in\s+" + _PLACE,
         one("lives_in", clean_place, 0.75)),
    # "i'm back at my parents' in dos hermanas", "staying at my mum's place in Leeds for now",
    # "I am living with my daughter Priti in Milton Keynes"
    rule(_WE + r"(?:(?:'m|'re|\s+am|\s+are)\s+" + ADV + r"(?:back\s+|staying\s+|living\s+)|\s+" + ADV
         + r"(?:stay|live)\s+)(?:at|with)\s+"
         r"(?:my|our)\s+(?:parents|mum|mom|dad|folks|gran|grandparents|nan|daughter|son|sister|brother|aunt|uncle|"
         r"cousin)(?:'s?)?(?:\s+[A-Z][\w'-]+)?(?:\s+(?:place|house|home|flat))?\s+in\s+"
         + _PLACE, one("lives_in", clean_place, 0.75)),
    # "(my sister noor is) visiting from dubai next month", "(she's) coming down from Barnsley"
    rule(_WE + r"(?:'m|'re|\s+am|\s+are)\s+" + ADV
         + r"(?:visiting|coming(?:\s+(?:down|up|over|in|(?:to\s+)?visit))?|flying\s+in|"
         r"driving\s+(?:over|up|down|in))\s+from\s+" + _PLACE, one("lives_in", clean_place, 0.6)),
    rule(r"(?:but\s+|and\s+|so\s+)?(?:(?:[A-Za-z]+\s+){0,3}?(?:from|to|near|by)\s+)?(?<!until\s)(?<!till\s)(?<!once\s)(?:my|(?P<we>our))\s+(?:own\s+|tiny\s+|little\s+|small\s+|rented\s+)*"
         r"(?:apartment|flat|house|place|studio|condo)\s+in\s+" + _PLACE
         + r"(?=$|\s*,|\s+(?:is|has|'s|was)\b)", one("lives_in", clean_place, 0.75)),
)

# "norwegian is my language", "my english is not perfect": a language one calls one's own, or
# rates; "i usually drive my mazda up to hakone": a make typed in lower case, after "my"
LANGUAGES_AND_CARS_IN_PASSING: tuple[Rule, ...] = (
    rule(r"(?P<v>[A-Za-z]+)\s+is\s+my\s+(?:first\s+|native\s+|mother\s+|home\s+)?(?:language|tongue)\b|"
         r"my\s+(?P<v2>[A-Za-z]+)\s+is\s+(?:not\s+)?(?:so\s+|very\s+|pretty\s+)?(?:fine|good|ok|okay|bad|perfect|"
         r"rusty|poor|terrible|decent|fluent)\b",
         lambda m: [Fact("speaks", v, Op.ASSERT, 0.8) for v in languages(m.group("v") or m.group("v2"))]),
    rule(_I + r"drive\s+(?:my|our)\s+(?:old\s+|trusty\s+|little\s+)?(?P<v>(?i:" + CAR_MAKE + r"))\b",
         one("car", clean_org, 0.75)),
    # "had Fly at the vet yesterday", "took Biscuit to the vets": an animal of the speaker's, by name
    rule(r"(?:(?:I|we)\s+" + ADV + r")?(?:had|took|brought|taking|bringing|take|bring)\s+(?P<v>" + _PET_NAME
         + r")\s+(?:to|at|into)\s+the\s+vets?\b", one("pet", clean_org, 0.7)),
)
