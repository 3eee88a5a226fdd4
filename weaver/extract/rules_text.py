"""The rules extractor's shared pieces: Fact and Rule, word forms, value clean-up, small vocabularies."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.word_forms_en import base_of, gerund, singular, third_person


@dataclass(frozen=True)
class Fact:
    """One statement read from a clause, before it becomes a Candidate."""

    attribute: str
    value: str
    op: Op = Op.ASSERT
    confidence: float = 0.9
    # About someone else: their relation to the speaker ("sister") and name if given.
    about: str = ""
    name: str = ""
    # Date phrases as spoken, resolved against the turn's time by ``dates``: when the
    # stated change happened ("last month", "上周") and, for an appointment, when it is.
    when: str = ""
    scheduled: str = ""
    # A day still to come on which a stated change starts ("下周一去网易报到"): the
    # fact's valid_from when ``when`` names no past day.
    starts: str = ""
    # Read in passing, not said ("rent in cork is 1100"): fills an empty slot, never
    # replaces a value the vault holds (``Candidate.assumed``).
    assumed: bool = False


Build = Callable[[re.Match[str]], list[Fact]]


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    build: Build


@dataclass(frozen=True)
class Grammar:
    """How one language cuts a sentence into clauses and reads facts from them."""

    split_clauses: Callable[[str], list[str]]
    prepare: Callable[[str], str]
    is_question: Callable[[str], bool]
    is_chatter: Callable[[str], bool]
    note: Callable[[str], str | None]  # the content of "remember that ...", if any
    negated: Callable[[str], tuple[str, float] | None]  # "I no longer X" -> ("I X", factor)
    retractions: tuple[Rule, ...]
    rules: tuple[Rule, ...]
    mentions: tuple[Rule, ...]  # searched anywhere after the matched part ("my cat Luna")
    # Optional: a clause about someone else ("my sister Anna lives in Oslo") as
    # (about, name, the clause in the first person, the relation fact), and the date
    # phrase of a raw clause ("last month") for ``Fact.when``.
    other: Callable[[str], tuple[str, str, str, list[Fact]] | None] | None = None
    dated: Callable[[str], str] | None = None
    # Optional: appointments and routines of a raw clause; when any, they replace its facts.
    events: Callable[[str], list[Fact]] | None = None


def first_match(rules: Iterable[Rule], clause: str) -> tuple[list[Fact], int]:
    """Facts of the first rule that matches and accepts, and where its match ended."""
    for rule in rules:
        match = rule.pattern.match(clause)
        if match:
            facts = rule.build(match)
            if facts:
                return facts, match.end()
    return [], 0


def flipped(facts: Sequence[Fact], factor: float = 1.0) -> list[Fact]:
    """The retractions of asserted facts ("I no longer X" ends "I X")."""
    return [Fact(f.attribute, f.value, Op.RETRACT, round(f.confidence * factor, 2)) for f in facts if f.op is Op.ASSERT]


def rule(pattern: str, build: Build) -> Rule:
    return Rule(re.compile(pattern), build)


def one(
    attribute: str, clean: Callable[[str], str | None], conf: float = 0.9, op: Op = Op.ASSERT
) -> Build:
    """Builder for one value in group ``v``; a ``we`` group lowers confidence."""

    def build(m: re.Match[str]) -> list[Fact]:
        value = clean(m.group("v"))
        if not value:
            return []
        return [Fact(attribute, value, op, we_conf(m, conf))]

    return build


def each(attribute: str, split: Callable[[str], list[str]], conf: float = 0.9) -> Build:
    """Builder for a list in group ``v`` ("I love hiking, jazz and tea")."""

    def build(m: re.Match[str]) -> list[Fact]:
        return [Fact(attribute, v, Op.ASSERT, conf) for v in split(m.group("v"))]

    return build


def we_conf(m: re.Match[str], conf: float) -> float:
    # "we moved to Lisbon" is about the speaker too, but less surely.
    return round(conf - 0.1, 2) if m.groupdict().get("we") else conf


def words(text: str, sep: str | None = None) -> frozenset[str]:
    """A word list written as one string: tables read better that way."""
    return frozenset(w.strip() for w in text.split(sep) if w.strip())


MAX_VALUE = 80  # a longer value means a pattern swallowed more than the fact

# Adverbs allowed between "I" and the verb: "I really like", "I just moved", "I do like".
ADV = (
    r"(?:(?:really|also|actually|still|now|currently|just|truly|absolutely|totally|kinda|"
    r"kind\s+of|sort\s+of|definitely|honestly|recently|finally|officially|literally|genuinely|"
    r"seriously|do|even|mostly|usually|always|basically|already|very|so|originally|both|"
    r"happily|gradually|only|technically|super|lowkey|highkey|properly|massively|quite)\s+)*"
)
_DAY = r"(?:day|morning|evening|night|week|weekend|weekday|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_ONE_FREQ = (
    rf"(?:every\s+(?:single\s+|other\s+)?{_DAY}|each\s+{_DAY}|daily|nightly|weekly|"
    rf"on\s+(?:the\s+)?{_DAY}s|(?:once|twice|three\s+times|four\s+times|five\s+times|\d+\s+times|"
    r"a\s+few\s+times|several\s+times|a\s+couple\s+(?:of\s+)?times|\d\s*x|\d\s+days)\s*(?:a|per|each|every|/)\s*"
    r"(?:day|week|month)|most\s+(?:days|mornings|evenings|nights|weekends)|regularly|religiously|"
    r"before\s+work|after\s+work|before\s+bed|in\s+the\s+(?:morning|evening)s?)"
)
FREQ = rf"(?P<freq>(?i:{_ONE_FREQ}(?:\s+(?:and\s+)?{_ONE_FREQ})*))"
# A person's name: one or two capitalised words ("Maya", "Maya Chen", "O'Brien").
_WORD = r"[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:['-][^\W\d_]{2,})*"
NAME = rf"{_WORD}(?:\s+{_WORD})?"

_MONTHS_DAYS = words("january february march april may june july august september october november december "
                     "monday tuesday wednesday thursday friday saturday sunday")
_NOT_NAMES = _MONTHS_DAYS | words(
    "american british english canadian australian german french italian spanish portuguese "
    "brazilian mexican chinese japanese korean indian irish scottish welsh dutch swiss "
    "swedish norwegian danish finnish polish russian ukrainian greek turkish israeli "
    "egyptian nigerian kenyan european asian african latina latino hispanic jewish muslim "
    "christian catholic buddhist hindu atheist vegan vegetarian sorry fine good great ok "
    "okay back home here there done ready sure new glad happy tired single married i you not he she hes shes "
    "so just still also really is was and but the a an has had very too well busy thanks "
    "thank hi hello hey yesterday today tonight tomorrow tmrw tmr tonite rn now again lately "
    "tbh lol lmao haha ngl idk imo btw smh omg jk fr")  # chat too: "call him my boyfriend tbh"
# ("a test lead in QA", "a nurse in ICU": the team or the ward one works in is no town)
_NOT_PLACES = _MONTHS_DAYS | {"i", "home", "town", "the city", "the area", "whole life", "my whole life"} | words(
    "qa hr it pr icu nicu picu a&e er r&d ops devops sales marketing finance admin accounts logistics "
    # a kind of home is no town: "i live in apartment in Calgary"
    "apartment apartments flat flats condo dorm dorms hostel bedsit basement townhouse bungalow caravan")
_PRONOUNS = words(
    "it its it's that that's this these those them they you your yours you're him her his us "
    "our how what when where why who which whether if so there here something anything "
    "nothing someone anyone everyone everything such myself yourself"
)
_VAGUE = {"the idea", "the plan", "the thought", "the fact", "the way", "the sound", "a lot", "the look", "the feeling",
          "the most", "it all", "a bit", "a little"}
_COGNITION = words("think know say see hear believe imagine help chat talk")
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]+")
EDGES = " \t\"'“”‘’`.,;:!?…*_~()[]{}-–—。，！？；：、"
_FILLER = re.compile(
    r"(?:[\s,]+(?:now|right\s+now|for\s+now|nowadays|these\s+days|lately|recently|again|too|"
    r"as\s+well|also|a\s+lot|a\s+ton|so\s+much|very\s+much|really|anymore|any\s+more|"
    r"any\s+longer|honestly|tbh|haha+|lol|though|tho|anyway|anyways|actually|already|still|so\s+far|"
    r"at\s+the\s+moment|atm|rn|currently|of\s+course|by\s+the\s+way|btw|more\s+than\s+anything|"
    r"completely|entirely|for\s+good|cold\s+turkey|altogether|forever|(?:that\s+|very\s+)?much|"
    r"the\s+most|here|there|for\s+(?:years|ages|a\s+while|a\s+long\s+time|decades|months)|"
    r"all\s+day(?:\s+long|\s+every\s+day)?|all\s+the\s+time|every\s+single\s+day|la|lah|leh|lor|"
    # "started learning piano three months ago": when, not what
    r"(?:a|an|one|two|three|four|five|six|few|couple\s+of|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
    r"(?:last|this)\s+(?:week|month|year)))+$",
    re.IGNORECASE,
)
_CUT = re.compile(
    r"(?:\s*,\s*|\s+)(?:because|bc|cuz|cause|since|but|though|so|although|when|whenever|if|unless|so\s+that|"
    r"which|especially|particularly|except|while|whereas|as\s+long\s+as|compared\s+to|"
    r"more\s+than|instead\s+of|rather\s+than|(?:just\s+|right\s+)?before)\b.*$|\s+[-–—(].*$",
    re.IGNORECASE,
)


def tidy(raw: str) -> str:
    """Trim emoji, edge punctuation and trailing filler ("now", "a lot", "these days")."""
    value = " ".join(_EMOJI.sub("", raw).split())
    while True:
        # The leading space lets a value that is nothing but filler vanish.
        shorter = _FILLER.sub("", " " + value).strip(EDGES)
        if shorter == value:
            return value
        value = shorter


def things(raw: str, split: bool = True) -> list[str]:
    """Liked/disliked things: cut at "because ..." etc., split "a, b and c" lists."""
    cut = _CUT.sub("", _EMOJI.sub("", raw))
    out: list[str] = []
    for part in _split_list(cut) if split else [cut]:
        value = _thing(part)
        if value and value not in out:
            out.append(value)
    return out


def _split_list(value: str) -> list[str]:
    if "," in value:
        head, _, last = value.rpartition(",")
        return head.split(",") + re.split(r"\s+(?:and|or|&)\s+|^\s*(?:and|or)\s+", last)
    parts = re.split(r"\s+(?:and|&)\s+", value)
    if len(parts) != 2 or value.lower() in _ONE_THING:
        return parts if len(parts) > 2 else [value]
    # "hiking and swimming", "history and true crime", "bubble tea and complaining about
    # rent" are two things; "mac and cheese" is one (two single words stay together).
    words = [p.split() for p in parts]
    if any(w and re.fullmatch(r"[a-z]+ing", w[0]) for w in words) or max(map(len, words)) >= 2:
        return parts
    return [value]


# Pairs said as one thing, though each half has its own words.
_ONE_THING = words(
    "salt and vinegar crisps,salt and vinegar,peanut butter and jelly,gin and tonic,rum and coke,"
    "bread and butter,strawberries and cream,sweet and sour,cheese and onion,bacon and eggs,"
    "fish and chips,mac and cheese,rock and roll,drum and bass,rhythm and blues,r and b,pb and j,"
    "law and order,dungeons and dragons,pen and paper,arts and crafts,hide and seek",
    sep=",",
)


_INTENSIFIERS = words(
    "pretty badly really very so quite mildly severely actually honestly seriously super bad "
    "mild severe kinda extremely deathly"
)


# A pause, a hedge, an apology or a denial opens no thing: "ehh", "probably...", "sorry
# germany", "not going back"
_HEDGES = words("eh ehh ehhh uh uhh um umm erm hmm hmmm probably maybe perhaps sorry not")


def _thing(part: str) -> str | None:
    value = tidy(part)
    if not value or len(value) > MAX_VALUE:
        return None
    if all(w.lower() in _INTENSIFIERS for w in value.split()):
        return None  # "allergic to peanuts, pretty badly"
    value = re.sub(r"\s+(?:and|or|&)$", "", value)  # "board games and, don't laugh, ..."
    tokens = value.split()
    if tokens[0].lower() in _PRONOUNS or " ".join(tokens[:2]).lower() in _VAGUE or tokens[0].lower() in _HEDGES:
        return None  # "climbing and sailing, and ehh, a bit of chess": "ehh" is no hobby
    if re.fullmatch(r"the\s+\w+er\s+the\s+\w+(?:er)?", value, re.IGNORECASE):
        return None  # "spicy stuff, the hotter the better": a comment, not a thing
    if tokens[0].lower() == "to":  # "I love to cook" -> cooking
        if len(tokens) < 2 or tokens[1].lower() in _COGNITION:
            return None
        value = " ".join([gerund(tokens[1].lower()), *tokens[2:]])
    return value


def clean_place(raw: str) -> str | None:
    value = tidy(raw)
    if not value or len(value) > MAX_VALUE or value.split()[0].lower() in _NOT_PLACES:
        return None
    return None if value.lower() in _NOT_PLACES else value


_CLOCK = re.compile(r"\d{1,2}(?:[:.h]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|h|hrs)?", re.IGNORECASE)
# Words after "at" or "in" that name no workplace: "the chef in the family", "office in the cbd"
_NOT_ORGS = words("family home house cbd town city night nights weekends weekend work")


def clean_org(raw: str) -> str | None:
    # "the Boots on the high street"; "concentrix dito sa QC": Taglish "here in" is no part of the name
    value = re.sub(r"\s+(?i:dito|diyan|doon)\b.*$", "", re.sub(r"^the\s+(?=[A-Z0-9])", "", tidy(raw)))
    value = re.sub(r"^((?:\S+\s+){2,}\S+)\s+\d{1,2}$", r"\1", re.sub(r"(?<=\w)\s+(?i:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat)$", "", value))  # "maccas thurs", "Tesco Small Heath 4 (yrs)"
    if not value or len(value) > MAX_VALUE or value.lower() in _NOT_PLACES or value.lower() in _NOT_ORGS:
        return None
    if _CLOCK.fullmatch(value):
        return None  # "at 2pm", "at 2.15": a time, not a workplace
    return value


def clean_name(raw: str) -> str | None:
    value = tidy(raw)
    if not value or len(value) > 40 or any(w.lower() in _NOT_NAMES for w in value.split()):
        return None
    return value


_NOT_TITLE = words(
    "fan bit little lot big huge regular customer guest member part lover person kind sort "
    "bunch couple pretty vegetarian vegan pescatarian morning night good bad total"
)
_JOB_HEADS = words(
    "engineer developer programmer designer manager teacher professor lecturer nurse doctor "
    "physician surgeon dentist lawyer attorney accountant architect scientist researcher "
    "analyst consultant writer journalist editor artist musician chef cook baker "
    "photographer student intern founder co-founder ceo cto cfo coo vp director lead csr rn lpn cna emt ca "
    "pharmacist therapist psychologist economist entrepreneur freelancer translator pilot "
    "electrician plumber mechanic carpenter librarian recruiter marketer officer "
    "administrator specialist technician coordinator strategist producer actor actress "
    "dancer secretary assistant cashier waiter waitress barista driver farmer veterinarian "
    "vet paramedic firefighter banker trader investor tester tutor coach trainer instructor "
    "advisor adviser counselor counsellor mathematician physicist chemist biologist "
    "statistician swe pm sre fisherman fisher machinist welder electrician hygienist radiographer "
    "paralegal clerk receptionist cleaner janitor carer caregiver midwife optician sonographer "
    "supervisor operator labourer laborer builder gardener florist butcher hairdresser barber "
    "stylist bartender server chemist planner auditor underwriter broker agent realtor "
    "animator illustrator copywriter ux ui dev devops admin apprentice physio physiotherapist "
    "surveyor postman postwoman courier gp picker packer porter lifeguard salesperson rep "
    "inspector solicitor barrister nanny childminder housekeeper roofer decorator joiner "
    "bricklayer dietitian nutritionist psychiatrist optometrist podiatrist estimator "
    "controller dj worker owner cop policeman policewoman detective soldier sergeant lieutenant captain "
    "guard sysadmin steward stewardess attendant conductor sparky tradie plasterer tiler glazier locksmith "
    "tailor seamstress jeweller jeweler potter sculptor singer songwriter composer drummer guitarist "
    "pianist violinist influencer youtuber streamer blogger podcaster comedian presenter reporter "
    "correspondent curator archivist historian linguist interpreter geologist trainee salesman saleswoman "
    "shopkeeper hawker trucker cabbie handyman caretaker warden ranger zookeeper groomer doula "
    "orthodontist anaesthetist anesthesiologist cardiologist dermatologist oncologist paediatrician "
    "pediatrician neurologist radiologist gynaecologist obstetrician pathologist medic emt phlebotomist "
    "technologist audiologist chiropractor osteopath beautician manicurist tattooist bookkeeper teller "
    "actuary treasurer notary coder dba qa sdet proprietor pastor priest imam vicar judge magistrate "
    "diplomat executive exec guide minister tech foreman forewoman superintendent "
    "dispatcher hairstylist principal headteacher headmaster headmistress landscaper painter miner sailor "
    "seaman deckhand chaplain missionary registrar clinician merchandiser buyer stocker storeman valet "
    "chauffeur usher bouncer doorman concierge butler maid housemaid sommelier fishmonger grocer vendor "
    "esthetician masseuse masseur invigilator examiner assessor adjuster investigator advocate bailiff "
    "constable garda fireman warden mason stonemason blacksmith farrier shepherd rancher farmhand "
    "tradesman contractor draftsman draughtsman cartographer navigator fitter boilermaker millwright "
    "lineman installer repairman homemaker housewife househusband postdoc academic scaffolder postie "
    "binman dustman milkman barman barmaid croupier busker fabricator rigger driller slater upholsterer "
    "cobbler thatcher cartoonist columnist novelist cellist bassist saxophonist percussionist harpist "
    "organist typist lobbyist brickie winemaker cheesemaker dressmaker shoemaker filmmaker watchmaker "
    "cabinetmaker brewer distiller beekeeper groundskeeper gamekeeper innkeeper"
)
# Whole families of trades by their ending: "hypnotherapist", "archaeologist", "dietician",
# "videographer", "podiatrist", "goldsmith", "shipwright", "schoolteacher", "shopkeeper".
_JOB_ENDINGS = ("therapist", "ologist", "ician", "grapher", "iatrist", "smith", "wright", "teacher", "keeper",
                "maker", "worker", "fighter", "writer")

# What trails a title in chat: "a backend dev not a scrum master", "a DJ actually", "field
# monitoring officer kind of thing", "a midwife up there".
_TITLE_TAIL = re.compile(
    r"\s+(?:not\s+(?:a|an|the)\b|(?:actually|honestly|lol|lmao|haha\w*|tho|kind\s+of\s+thing|sort\s+of\s+thing|"
    r"type\s+of\s+thing|or\s+something|or\s+whatever|or\s+smth|(?:up|down|over|out)(?:\s+there)?$)\b).*$",
    re.IGNORECASE,
)


def clean_title(raw: str) -> str | None:
    """Job titles are lower-cased (acronyms kept) so "Software Engineer" == "software engineer"."""
    value = re.sub(r"^been\s+(?:an?\s+)?", "", _TITLE_TAIL.sub("", _CUT.sub("", tidy(raw))))  # "been a postie"
    value = re.sub(r"\s+with\s+[A-Z].*$", "", value)  # "technician with SIA Engineering": the title alone
    value = re.sub(r"^(?:night|day|late|early|graveyard|weekend)[- ]shift\s+(?=\w)", "", value)  # "night shift nurse"
    if re.search(r"\s(?:changed|moved|cancell?ed|finished|ended|closed|left|quit|started|is|was|are)$|^(?:was|were)\s",
                 value):
        return None  # "teacher changed": news of someone; "the interview is": a clause; "was a postie": past
    if value.lower() in _NO_JOB_BY_ITSELF:
        return None  # "a stay at home mom" cut at "at"; "got a new job at X": how the job is, no title
    tokens = value.split()
    if not tokens or len(tokens) > 6 or len(value) > MAX_VALUE:
        return None
    kept = _CUSTOMER_WORK.sub("", value.lower())  # "a regular customer" is no title, "customer service officer" is
    if tokens[0].lower() in _PRONOUNS and tokens[0] != "IT" or _NOT_TITLE & set(kept.split()) or tokens[0].lower() in (
            "no", "not", "never") or value.lower() in ("a", "an", "the"):
        return None  # "I'm no chef": what one is not; "as a, what do they call it, ...": no title yet
    said = [_TRADE_NAMES.get(t.lower(), t if t.isupper() and len(t) > 1 else t.lower()) for t in tokens]
    if len(said) > 1 and said[-1] in _CLIPPED_HEADS:  # "junior dev": the whole word ("vet tech" is a name)
        said[-1] = _CLIPPED_HEADS[said[-1]]
    return " ".join(said)


_WHEN_WORD = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?s?|at|on|and|&|\d{1,2}(?:[:.]\d\d)?(?:am|pm)?"
_NO_JOB_BY_ITSELF = words("stay new old first second better dream proper real full-time part-time temp")
_CUSTOMER_WORK = re.compile(r"\bcustomer\s+(?=(?:service|success|care|support|experience|relations)\b)")
_CLIPPED_HEADS = {"dev": "developer", "exec": "executive"}
# What a trade is called in chat, said as its name: "a sparky" is an electrician
_TRADE_NAMES = {"sparky": "electrician", "sparkie": "electrician", "postie": "postman", "cabbie": "taxi driver",
                "brickie": "bricklayer", "chippy": "carpenter", "chippie": "carpenter", "csr": "customer service rep", "ca": "chartered accountant"}


def is_job(title: str) -> bool:
    tokens = title.lower().split()
    if re.fullmatch(r"stay-at-home\s+(?:mom|mum|dad|parent|mother|father|wife|husband)", title.lower()):
        return True  # its "at" is no place
    if not tokens or re.search(r"\b(?:with|the|to|my|your|done|not|from|about|over|at|as|she|he|they|we|is|am|"
                               r"are|was|were|work|works|worked)\b", title.lower()):
        return False  # "done with the engineer": a state, not a title
    # "IT support", "tech support": support named by its kind is a job
    last = tokens[-1]
    by_ending = last.endswith(_JOB_ENDINGS) and len(last) > 7
    return last in _JOB_HEADS or by_ending or bool(re.match(r"(?:head|director|vp)\s+of\b|"
                                                           r"(?:it|tech|technical|desktop)\s+support$", title.lower()))


_FAV_SYNONYMS = {"color": "colour", "flavor": "flavour", "film": "movie", "tv_show": "show"}


def favourite_attribute(thing: str) -> str | None:
    """"favourite foods" -> favourite_food, "favorite kind of music" -> favourite_music."""
    text = re.sub(r"\b(?:kind|type|sort|genre|style)\s+of\s+", "", thing.lower()).strip()
    text = re.sub(r"^(?:thing|something)\s+to\s+(eat|drink)(?:\s+ever)?$",
                  lambda m: {"eat": "food", "drink": "drink"}[m.group(1)], text)  # "favourite thing to eat"
    text = re.sub(r"\s+(?:ever|of\s+all\s+time)$", "", text)
    # "fave food tho is ...", "favourite band atm": chat's words after the thing name no thing
    text = re.sub(r"(?:\s+(?:tho|though|honestly|tbh|lol|atm|rn|now|these\s+days|lately|right\s+now|btw))+$", "", text)
    tokens = text.replace("-", " ").split()
    if not tokens or len(tokens) > 3:
        return None
    tokens[-1] = singular(tokens[-1])
    slug = re.sub(r"[^a-z0-9_]", "", "_".join(tokens))
    slug = _FAV_SYNONYMS.get(slug, slug)
    return f"favourite_{slug}" if slug else None


_LANG_LEAD = re.compile(
    r"^(?:(?:a\s+)?(?:little|bit\s+of|bit|some|basic|conversational|fluent|native|decent|"
    r"good|ok|okay|broken|passable|rusty|intermediate|beginner|school|elementary|pretty\s+good|"
    r"very\s+good|bad|poor|terrible|awful|shaky)\s+)+",
    re.IGNORECASE,
)
_LANG_TRAIL = re.compile(
    r"\s+(?:fluently|natively|well|a\s+bit|a\s+little|badly|poorly|okay|ok|pretty\s+well|"
    r"at\s+home|at\s+work|from\s+school|from\s+uni)$",
    re.IGNORECASE,
)


LANGUAGE_NAMES = words(
    "english german french italian spanish portuguese chinese japanese korean dutch swedish "
    "norwegian danish finnish polish russian ukrainian greek turkish mandarin cantonese hindi "
    "urdu arabic hebrew welsh irish czech hungarian romanian thai vietnamese indonesian "
    "tagalog persian farsi bengali punjabi tamil marathi gujarati catalan croatian serbian "
    "yoruba igbo hausa pidgin swahili zulu xhosa afrikaans amharic somali twi malay filipino cebuano "
    "nepali sinhala khmer burmese mongolian kazakh uzbek georgian armenian albanian bulgarian slovak "
    "slovenian lithuanian latvian estonian icelandic maltese kurdish pashto telugu kannada malayalam "
    "hokkien hakka shanghainese taiwanese basque galician luxembourgish"
)
_NOT_LANGUAGES = _NOT_NAMES - LANGUAGE_NAMES


def languages(raw: str) -> list[str]:
    """"English, German and a bit of Spanish" -> [English, German, Spanish]."""
    out: list[str] = []
    for part in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&|plus)\s+|/", _CUT.sub("", raw)):
        value = _LANG_TRAIL.sub("", _LANG_LEAD.sub("", tidy(part))).strip()
        if value.lower() in LANGUAGE_NAMES:  # typed in lower case in a chat: "english"
            value = value.capitalize()
        capitalised = re.fullmatch(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?", value)
        if capitalised and value.lower() not in _NOT_LANGUAGES and value not in out:
            out.append(value)
    return out


# -- English word forms (word_forms_en.py) and habits ---------------------------------


def habit_phrase(phrase: str, from_gerund: bool) -> str | None:
    """A habit reads "<subject> <value>.": "smoking" / "smoke" -> "smokes"."""
    tokens = tidy(phrase).split()
    if not tokens or (len(tokens) > 1 and tokens[1].lower() in _PRONOUNS | {"me", "her", "him"}):
        return None
    when_only = len(tokens) > 1 and all(re.fullmatch(_WHEN_WORD, t, re.I) for t in tokens[1:])  # "go mon wed fri"
    if "," in phrase or len(tokens) > 7 or {t.lower() for t in tokens} & {"yesterday", "today", "tomorrow"} or when_only:
        return None  # "labouring yesterday for my uncle's crowd, Walsh Construction": news, not a habit
    first = base_of(tokens[0].lower()) if from_gerund else tokens[0].lower()
    value = " ".join([third_person(first), *tokens[1:]])
    return value if len(value) <= MAX_VALUE else None


PLACES = words(
    "berlin,lisbon,london,paris,new york,new york city,nyc,san francisco,sf,los angeles,la,"
    "tokyo,beijing,shanghai,hong kong,singapore,madrid,barcelona,rome,milan,amsterdam,munich,"
    "hamburg,vienna,zurich,geneva,dublin,edinburgh,manchester,porto,lyon,toronto,vancouver,"
    "montreal,sydney,melbourne,seattle,boston,chicago,austin,denver,portland,mexico city,"
    "sao paulo,são paulo,buenos aires,cape town,dubai,istanbul,athens,prague,budapest,warsaw,"
    "copenhagen,stockholm,oslo,helsinki,brussels,seoul,taipei,bangkok,mumbai,delhi,bangalore,"
    "shenzhen,hangzhou,chengdu,guangzhou,kyoto,osaka,us,usa,uk,germany,portugal,france,spain,"
    "italy,china,japan,canada,australia,india,brazil,mexico,netherlands,ireland,switzerland,"
    "austria,sweden,norway,denmark,finland,poland,greece,korea,south korea,taiwan,"
    "new zealand,california,texas,europe,asia,america,the states,"
    # more large cities, often typed in lower case ("moved frm leeds", "manchester, from cork")
    "leeds,birmingham,glasgow,bristol,liverpool,cardiff,belfast,cork,galway,newcastle,sheffield,"
    "nottingham,leicester,brighton,oxford,cambridge,norwich,coventry,swansea,aberdeen,inverness,"
    "philadelphia,philly,brooklyn,atlanta,miami,dallas,houston,nashville,detroit,minneapolis,"
    "san diego,new orleans,pittsburgh,baltimore,ottawa,calgary,montréal,brisbane,perth,adelaide,"
    "auckland,wellington,marseille,frankfurt,cologne,stuttgart,rotterdam,gothenburg,krakow,"
    "valencia,seville,naples,turin,bologna,lagos,nairobi,cairo,karachi,lahore,dhaka,"
    "pune,chennai,hyderabad,kolkata,jakarta,manila,hanoi,kuala lumpur,medellín,medellin,bogotá,"
    "bogota,lima,ankara",
    sep=",",
)
