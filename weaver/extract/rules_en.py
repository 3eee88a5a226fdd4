"""English patterns for the rules extractor.

A rule is a regex matched at the start of one prepared clause (a single first-person
statement, discourse markers and trailing filler stripped) and a builder that turns the
match into Facts, or rejects it with ``[]`` so that the next rule may try. Order matters:
the first rule that accepts wins, so specific patterns come before loose ones.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.births_en import born
from vaultweave.weaver.extract.businesses_en import BUSINESSES_RUN
from vaultweave.weaver.extract.cars_en import CARS_BOUGHT
from vaultweave.weaver.extract.changes_en import DOUBTS, ENDING_VERBS, ENDINGS, LANGUAGES, LATE_ENDINGS
from vaultweave.weaver.extract.fields_of_study import (
    STUDIES_EN,
    degree_at,
    given_up,
    learning_or_field,
    switched_to,
)
from vaultweave.weaver.extract.habits_en import HABITS_TOLD
from vaultweave.weaver.extract.jobs_ended_en import JOBS_ENDED
from vaultweave.weaver.extract.likings_en import LIKINGS_SAID
from vaultweave.weaver.extract.mentioned_in_passing_en import MENTIONED_IN_PASSING, RULES_IN_PASSING
from vaultweave.weaver.extract.patterns_en import (
    _AGE,
    _BE,
    _COUNT,
    _DIET,
    _DIET_END,
    _DONT,
    _HAVE,
    _I,
    _JOB_ENDED,
    _NAMED,
    _ORG,
    _PAST,
    _PET_NAME,
    _PLACE,
    _REL,
    _SPECIES,
    _TITLE,
    _WE,
    _WORK_HOW,
    HOME_IN,
    HOMES_IN_PASSING,
    HOMES_MOVED_INTO,
    LANGUAGES_AND_CARS_IN_PASSING,
    _age,
    _and_list,
    _bare_habit,
    _birthday_value,
    _diet,
    _favourite,
    _fixed,
    _hobbies,
    _job,
    _laid_off,
    _learned,
    _left,
    _moved_from,
    _named,
    _org,
    _pet,
    _relative,
    _taught,
    _titled,
    _titled_bare,
    _titled_in,
    _titled_quoted,
    _took_up,
    _turning_on,
    wed,
)
from vaultweave.weaver.extract.pets_en import PETS_GONE, PETS_MENTIONED, PETS_TOLD
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import (
    ADV,
    NAME,
    PLACES,
    Fact,
    Rule,
    clean_name,
    clean_org,
    clean_place,
    each,
    first_match,
    flipped,
    habit_phrase,
    is_job,
    languages,
    one,
    rule,
    things,
    words,
)
from vaultweave.weaver.extract.things_ended_en import DOERS, ending_of_thing
from vaultweave.weaver.extract.trades_en import TRADES_DONE
from vaultweave.weaver.extract.trips import away_en
from vaultweave.weaver.extract.word_forms_en import base_phrase, gerund
from vaultweave.weaver.extract.workplaces_en import employed_by, started_at

# A start told before it happens ("starting at Stripe in July") starts on its date, if told.
UPCOMING = "upcoming"


def _ended(m: re.Match[str]) -> list[Fact]:
    """"I quit/stopped/gave up X". Gerunds end a habit (or whatever "I X" states);
    a capitalised name ends an employer; any other noun ends a liking ("gave up coffee")."""
    value, course = given_up(m.group("v").split(",")[0].strip())  # "I'm over X, it's all Y now": X
    if course:
        return course
    first, _, rest = value.partition(" ")
    if first == "being":
        return flipped(first_match(RULES, f"I'm {rest}")[0])
    if first in ("learning", "studying") and rest:
        return [Fact("learning", v, Op.RETRACT, 0.85) for v in _learned(rest)]
    if value.lower() in LANGUAGES:  # "I stopped Italian"
        return [Fact("learning", v, Op.RETRACT, 0.85) for v in languages(value)]
    if first == "eating" and rest in ("meat", "animal products"):
        return [Fact("diet", "vegetarian" if rest == "meat" else "vegan", Op.ASSERT, 0.75)]
    if first.endswith("ing") and len(first) > 4 and first not in _ING_NOUNS and first not in DOERS:  # "quit teaching"
        inner = first_match(RULES, f"I {base_phrase(value)}")[0]
        if inner:
            return flipped(inner)
        habit = habit_phrase(value, from_gerund=True)
        return [Fact("habit", habit, Op.RETRACT, 0.85)] if habit else []
    if re.match(r"my\s+(?:job|position|role)$", value) or _WORKPLACE_LEFT.fullmatch(value):
        return _JOB_ENDED  # ends whatever employer and title are current ("quit the bar on the 13th")
    job = re.match(r"(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?" + _ORG + "$", value)
    if job:  # "I quit Google", "I'm over Arctic Monkeys": a name ends whatever it names
        org = clean_org(job.group("org"))  # "my job at X" is a job; a bare name may be anything the speaker had
        if not org:
            return []
        return [Fact("employer", org, Op.RETRACT, 0.85)] if value.startswith("my ") else ending_of_thing(org, 0.8)
    value = re.sub(r"^(?:the|my|our)\s+(?=\w)", "", value)  # "ditched the gym membership"
    # "I quit and founded X", "I gave up and went home": a conjunction, not a thing.
    if re.match(r"(?:the|a|an|my|your|this|that|it|him|her|them|and|but|so|then|because)\b", value):
        return []
    return ending_of_thing(value)


# A workplace left, named by its kind: "quit the bar", "left the call centre"
_WORKPLACE_LEFT = re.compile(r"(?:the|my)\s+(?:[a-z]+\s+)?(?:bar|pub|restaurant|cafe|café|shop|store|warehouse|factory|salon|firm|"
                             r"agency|office|call\s+cent(?:re|er)|hotel|bakery|kitchen|site|depot|plant|clinic)")
# "joined the Anytime Fitness near home", "joined the Ridgeway running club": a membership
_MEMBERSHIP = re.compile(r"[\w&' -]{0,40}?\b(?:fitness|gym|club|choir|league|society)\b", re.IGNORECASE)




# Words in -ing that are things, not what one does: "done with evening classes".
_ING_NOUNS = words("evening morning wedding building ceiling thing spring string pudding clothing sibling "
                   "darling earring viking nothing something anything everything")


def _started(m: re.Match[str]) -> list[Fact]:
    """"I started X-ing / to X": what "I X" states, else a habit; "started yoga" a hobby."""
    value = m.group("v")
    if value.startswith("to "):  # "I started to run" reads as "I started running"
        verb, _, tail = value[3:].partition(" ")
        value = gerund(verb) + (" " + tail if tail else "")
    first, _, rest = value.partition(" ")
    if first in ("learning", "studying") and rest:
        return [Fact("learning", v, Op.ASSERT, 0.85) for v in _learned(rest)]
    if first.endswith("ing") and len(first) > 4:
        inner = first_match(RULES, f"I {base_phrase(value)}")[0]
        if inner:
            return inner
        habit = habit_phrase(value, from_gerund=True)
        return [Fact("habit", habit, Op.ASSERT, 0.85)] if habit else []
    if re.fullmatch(r"[a-z][a-z -]{1,30}", value) and len(value.split()) <= 2:
        return [Fact("hobby", value, Op.ASSERT, 0.8)]
    return []


def _off(m: re.Match[str]) -> list[Fact]:
    """"I'm off the keto thing" ends the diet; "off coffee now" a liking."""
    value = m.group("v").strip()
    diet = re.fullmatch(_DIET, value)
    if diet:
        return [Fact("diet", _diet(0.8)(diet)[0].value, Op.RETRACT, 0.8)]
    return [] if len(value.split()) > 3 else flipped(each("likes", things, 0.75)(m))


# Sports and instruments "played": a closed vocabulary, so "I play it safe" is nothing.
_PLAYED = (r"(?i:basketball|football|soccer|rugby|cricket|tennis|badminton|squash|golf|hockey|volleyball|"
           r"netball|baseball|softball|padel|pickleball|table\s+tennis|ping\s+pong|water\s+polo|ultimate|"
           r"frisbee|darts|pool|snooker|chess|bridge|poker|guitar|bass|piano|keys|drums|violin|cello|"
           r"saxophone|sax|trumpet|flute|clarinet|ukulele|harp|banjo|mandolin|viola|trombone|accordion)")


# -- the tables -------------------------------------------------------------------------

_LAID_OFF_SAID_SO = r"(?=(?:just\s+)?(?:laid\s+off|made\s+redundant)(?:$|\s+(?:from|by|at|with|in|on|today|yesterday|last|this)\b))"
RETRACTIONS: tuple[Rule, ...] = (
    *ENDINGS,
    *PETS_GONE,  # "had to put Rip down today"
    *JOBS_ENDED,  # "last day at Hillcrest was today", "quit the firm", "before that I was at Infosys"
    *(rule(pattern, _ended) for pattern in ENDING_VERBS),
    rule(_PAST + r"left\s+(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?" + _ORG
         + r"(?:\s+(?:for|to\s+join)\s+" + _org("org2") + r")?", _left),
    rule(r"I(?:'ve|\s+have)?\s+(?:just\s+)?(?:lost|left)\s+my\s+job$", lambda m: _JOB_ENDED),
    rule(r"I\s+(?:(?:was|got|have\s+been|'ve\s+been)\s+|" + _LAID_OFF_SAID_SO + r")(?:just\s+)?(?:laid\s+off|fired|sacked|let\s+go|"
         r"made\s+redundant|caught\s+(?:up\s+)?in\s+the\s+lay-?offs)"
         r"(?:\s+(?:from|by|at)\s+" + _ORG + ")?", _laid_off),
    rule(_PAST + r"resigned\s+(?:from\s+)?" + _ORG, _job(0.85, Op.RETRACT)),
    rule(r"(?:.*?,\s*)?(?:" + _WE + r"(?:'ve|\s+have)?\s+" + ADV + r")?(?:moved\s+(?:away\s+from|out\s+of)\s+"
         r"(?:" + HOME_IN + r")?|left\s+" + HOME_IN + ")" + _PLACE, one("lives_in", clean_place, 0.85, Op.RETRACT)),
    rule(_PAST + r"(?:broke|split)\s+up\s+with\s+(?:my\s+\w+\s*,?\s*)?(?P<name>" + NAME + ")",
         _named("partner", 0.8, Op.RETRACT)),
    rule(r"I(?:'m|\s+am|\s+got)\s+" + ADV + r"divorced\s+from\s+(?P<name>" + NAME + ")", _named("spouse", 0.85, Op.RETRACT)),
    rule(r"my\s+(?:[a-z]+\s+)?" + _SPECIES + r"\s+(?P<name>" + NAME + r")\s+"
         r"(?:died|passed\s+away|passed|ran\s+away|is\s+gone|went\s+missing)", _pet(0.8, Op.RETRACT)),
    rule(_DONT + r"eat\s+(?:any\s+)?meat(?:\s+(?:anymore|any\s+more|any\s+longer))?$",
         _fixed("diet", "vegetarian", 0.7)),
    rule(_DONT + r"eat\s+(?:any\s+)?(?:animal\s+products|meat\s+or\s+dairy)", _fixed("diet", "vegan", 0.7)),
    # "I don't drink tea anymore", "I'm off the keto thing": what one ate, drank or kept to.
    rule(_DONT + r"(?:drink|eat|have|take)\s+(?P<v>[^,]+?)\s+(?:anymore|any\s+more|any\s+longer)(?:,.*)?$",
         lambda m: [] if re.match(r"(?:it|that|this|them|much|a\s+lot)\b", m.group("v"))
         else flipped(each("likes", things, 0.8)(m))),
    rule(r"(?:" + _BE + r")?(?:so\s+|totally\s+|completely\s+|officially\s+)?off\s+(?!to\b|work\b|sick\b)"
         r"(?:the\s+|my\s+)?(?P<v>[\w -]+?)(?:\s+(?:thing|diet|stuff|train|wagon))?(?:\s+now|\s+for\s+good)?$",
         _off),
    *LATE_ENDINGS,
    # "I left the book club": a thing left, whatever it was (after the job and place rules).
    rule(_PAST + r"left\s+(?:the|my|our)\s+(?P<v>[a-z][\w-]*(?:\s+(?!(?:after|for|because|since|when|to|at|"
                 r"in|on)\b)"
         r"[a-z][\w-]*){0,2})(?:\s+(?:after|for|because|since|when|to|at|in|on)\b.*)?$", _ended),
)

RULES: tuple[Rule, ...] = (
    *DOUBTS,
    # identity
    rule(r"my\s+name(?:'s|\s+is)[\s,]+(?:(?:well|um|uh|so|officially|technically|legally|actually)[\s,]+)*(?P<v>[^\W\d_][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})", one("name", clean_name, 0.95)),
    rule(r"(?:(?:you\s+can|please|just|everyone|people|friends)\s+)*call\s+me\s+(?P<v>" + NAME + ")",
         one("name", clean_name, 0.85)),
    rule(r"I(?:'m|\s+am)\s+(?P<v>\d{1,3})(?:\s*(?:years?|yrs?)(?:\s+old|\s+of\s+age)?|\s*y/?o)?"
         r"(?:\s+(?:actually|now|already|today))?(?:$|"
         r"\s+(?:and|but)\s+(?!\d)|\s*,\s*(?!\d))", _age),
    rule(r"I\s+was\s+born\s+(?!and\b)(?:on\s+)?(?P<v>.+?)(?:\s+in\s+" + _PLACE.replace("(?P<v>", "(?P<place>") + ")?$",
         born),
    # "turned 40 yesterday": the age, and the day as the birthday (dated by the clause)
    rule(_I + r"turned\s+" + _AGE + r"(?:\s+(?:years?\s+old|today|yesterday))?(?=$|\s*,)",
         lambda m: [*_age(m), Fact("birthday", "turned", Op.ASSERT, 0.75)] if _age(m) else []),
    rule(r"my\s+age\s+is\s+(?P<v>\d{1,3})$", _age),
    # "turning 17 on aug 9", "my 30th is on the 3rd": the day said is the birthday (a date at the end is the clause's)
    rule(r"(?:(?:I(?:'m|\s+am)\s+)?turning\s+(?P<age>\d{1,3})|my\s+\d{1,3}(?:st|nd|rd|th)(?:\s+birthday)?(?:\s+is|'s)?)(?:\s+on\s+(?:the\s+)?(?P<v>.+))?$", _turning_on),
    rule(r"(?:I(?:'m|\s+am)\s+)?turning\s+" + _AGE + r"(?:\s+(?:tomorrow|today|soon|(?:next|this|on)\s+\w+))?(?=$|\s*,|"
         r"\s+and\b)", lambda m: [replace(f, confidence=0.75) for f in _age(m)]),
    # "I'm Maya" only when the whole clause is a name ("I'm tired" is not; "I'm Italian" is
    # rejected by clean_name).
    rule(r"I(?:'m|\s+am)\s+(?P<v>" + NAME + r")(?:\s+here|\s*,.*)?(?:$|(?=\s+but\s))", one("name", clean_name, 0.8)),
    # "hey, Raj here": a chat intro
    rule(r"(?P<v>" + NAME + r")\s+here(?=$|\s*,)", lambda m: [] if m.group("v").lower() in PLACES
         or is_job(m.group("v").lower()) else one("name", clean_name, 0.75)(m)),
    rule(r"(?:it's\s+|it\s+is\s+|today\s+is\s+|today's\s+)my\s+birthday(?:\s+today)?$", _fixed("birthday", "today", 0.85)),
    rule(r"my\s+birthday(?:\s+is|'s)\s+(?:on\s+)?(?:the\s+)?(?P<v>.+)$", one("birthday", _birthday_value)),

    # diet and health
    rule(_BE + r"(?:a\s+|an\s+)?(?:strict\s+|full\s+|fully\s+|total\s+|complete\s+)?" + _DIET + _DIET_END, _diet(0.9)),
    rule(_PAST + r"(?:went|gone|turned|become|became|switched\s+to\s+being|started\s+being)\s+"
         r"(?:fully\s+|full\s+)?" + _DIET + _DIET_END, _diet(0.9)),
    # Coeliac disease means a gluten-free diet: "got diagnosed celiac last week".
    rule(r"(?:I(?:'m|\s+am|\s+was|'ve\s+been|\s+got)\s+|got\s+)?(?:just\s+)?(?:diagnosed\s+(?:with\s+|"
         r"as\s+)?)?(?:a\s+)?(?:celiac|coeliac)", _fixed("diet", "gluten-free", 0.85)),
    rule(r"(?:" + _I + r"(?:eat|follow|do|keep)|" + _BE + r"on|" + _PAST + r"(?:started|switched\s+to|went\s"
                                                                           r"+on))"
         r"\s+(?:a\s+|an\s+|the\s+)?(?:strict\s+)?" + _DIET + r"(?:\s+diet)?$", _diet(0.85)),
    rule(r"(?:" + _PAST + r"(?:started|began|went\s+back\s+to)\s+eating|" + _I + r"eat|" + _BE + r"eating)"
         r"\s+meat$", _fixed("diet", "omnivore", 0.75)),
    rule(_BE + r"allergic\s+to\s+(?P<v>.+)$", each("allergy", _and_list, 0.9)),
    # "I'm lactose intolerant", "shellfish allergy" (an answer without a verb)
    rule(_BE + r"(?:(?:a\s+bit|slightly|very|super|mildly|severely)\s+)?(?P<v>lactose|gluten|dairy|wheat|"
         r"fructose|histamine|caffeine|soy|egg|nut)\s+intolerant\b", one("allergy", lambda v: v.lower(), 0.85)),
    rule(r"(?:(?:a|an|my)\s+)?(?:bad\s+|severe\s+|mild\s+)?(?P<v>[a-z]+(?:\s+[a-z]+)?)\s+allergy$",
         one("allergy", lambda v: None if v in ("an", "the", "my", "no", "any", "food") else v, 0.75)),
    rule(r"I\s+have\s+(?:a|an)\s+(?P<v>[\w -]+?)\s+allergy$", one("allergy", lambda v: things(v)[0] if things(v) else None)),
    # favourites
    rule(r"(?:my\s+)?(?:new\s+|all[- ]time\s+|absolute\s+|current\s+)?(?:favou?rite|fav|fave)\s+"
         r"(?P<thing>[A-Za-z][A-Za-z -]{0,30}?)(?:\s+(?:right\s+now|at\s+the\s+moment|these\s+days|"
         r"of\s+all\s+time|ever|lately|now|atm|rn|currently))?(?:\s+is|'s|\s+has\s+to\s+be|\s+are)[\s,]+" + ADV + r"(?P<v>.+)$",
         _favourite),
    rule(r"(?P<v>.+?)\s+(?:is|are)\s+(?:(?:still|now|definitely|probably|honestly|hands\s+down|easily|by\s+far|"
         r"literally|really|totally|absolutely|always|officially)\s+)*my\s+(?:new\s+|all[- ]time\s+|absolute\s+)?"
         r"(?:favou?rite|fav|fave|comfort(?=\s+food))(?:\s+(?P<thing>[A-Za-z][A-Za-z -]{0,30}?))?"
         r"(?:\s+(?:now|these\s+days|lately|haha|lol))*$",
         _favourite),
    # places
    rule(_BE + r"from\s+" + _PLACE, one("hometown", clean_place, 0.9)),
    rule(_I + r"(?:come|came)\s+from\s+" + _PLACE, one("hometown", clean_place, 0.85)),
    rule(r"I\s+was\s+born\s+and\s+raised\s+in\s+" + _PLACE, one("hometown", clean_place, 0.9)),
    rule(_I + r"(?:grew\s+up|was\s+raised)\s+in\s+" + _PLACE, one("hometown", clean_place, 0.85)),
    rule(r"I\s+was\s+born\s+in\s+" + _PLACE, one("hometown", clean_place, 0.75)),
    rule(r"my\s+hometown\s+is\s+" + _PLACE, one("hometown", clean_place, 0.9)),
    # "we live in this tiny flat in Leeds": the place is the town, not the flat.
    rule(_WE + r"\s+" + ADV + r"(?:live|reside)\s+(?:up\s+|down\s+|over\s+|out\s+)?in\s+(?:(?:a|an|this|that|our|my|the)\s+(?:[\w-]+\s+){0,3}?"
         r"(?:flat|house|apartment|place|studio|village|town|suburb|bungalow)\s+(?:in|near|outside)\s+)?" + _PLACE,
         one("lives_in", clean_place, 0.9)),
    rule(_WE + r"(?:'m|'re|\s+am|\s+are)\s+" + ADV + r"(?:living|based|settled)\s+(?:in|"
         r"(?:just\s+)?(?:outside(?:\s+of)?|near|by))\s+" + _PLACE,
         one("lives_in", clean_place, 0.85)),
    # "moved to Singapore for a job at Grab": the town, and the employer
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:moved|relocated)\s+(?:(?:back|down|up|over|out|away)\s+)?to\s+"
         + _PLACE + r"\s+for\s+(?:a|an|the|my|his|her)\s+(?:new\s+)?(?:job|role|position)\s+(?:at|with)\s+" + _ORG,
         lambda m: [*one("lives_in", clean_place, 0.9)(m), *_job(0.8)(m)]),
    # "moved from Sydney to Melbourne last year": the old town ends as the new one starts.
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:moved|relocated)\s+(?:(?:back|down|up|over|out|away)\s+)?(?:from|(?<=out\s)of)\s+"
         + _PLACE.replace("(?P<v>", "(?P<old>") + r"(?:\s+(?:back\s+|down\s+|up\s+|over\s+)?to\s+" + _PLACE + ")?",
         _moved_from),
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:been\s+living\s+in|moved\s+(?:(?:back|down|up|over|out|"
                                              r"away)\s+)?(?:home\s+)?to|"
         r"relocated\s+(?:back\s+)?to|settled\s+(?:down\s+)?in)\s+" + _PLACE, one("lives_in", clean_place, 0.9)),
    *HOMES_MOVED_INTO, *RULES_IN_PASSING, *TRADES_DONE,  # "from rimouski but...", "drivin buses for X"
    *HOMES_IN_PASSING, *BUSINESSES_RUN,  # "i run a small hair salon": a hair salon owner
    # study and work
    rule(_BE + r"(?:doing|studying|taking|finishing|starting|in\s+the\s+\w+\s+year\s+of)\s+(?:a|an|"
               r"my)\s+(?:(?:\w+\s+){0,2}?)(?P<deg>(?i:masters?|"
         r"master's|phd|doctorate|degree|bachelor's|bachelors|ba|bsc|ms|msc|ma|mba|diploma|apprenticeship))"
         r"(?:\s+(?:in|on)\s+(?P<field>[\w\s-]+?))?\s+at\s+" + _ORG, degree_at),
    rule(r"(?:" + _BE + r"(?:studying|a\s+student)|" + _I + r"study)\s+at\s+" + _ORG,
         lambda m: [Fact("studies_at", o, Op.ASSERT, 0.9) for o in [clean_org(m.group("org"))] if o]),
    rule(r"(?:" + _BE + r"|I(?:'ve|\s+have)\s+" + ADV + r"been\s+)(?:a|an|the)\s+" + _TITLE + r"\s+(?:at|for"
                                                                                              r"|with)\s+"
         + _ORG, _job(0.9)),
    # An answer without a verb: "backend dev at Farfetch" (the title must name a job).
    rule(r"(?:a\s+|an\s+)?(?P<title>(?:[a-z]|[A-Z]{2,}\b)[\w/+-]*(?:\s+[a-z][\w/+-]*){0,3})\s+at\s+" + _ORG + r"(?:\s+here)?$",
         lambda m: _job(0.75)(m) if is_job(m.group("title")) else []),
    # "last semester at Georgia Tech": a pupil's year, said without a verb
    rule(r"(?:I(?:'m|\s+am)\s+(?:in\s+)?)?(?:my\s+|it's\s+my\s+)?(?:last|final|first|second|third|fourth)\s+"
         r"(?:semester|year|term)(?:\s+(?:of\s+)?[a-z]+)?\s+at\s+" + _ORG,
         lambda m: [Fact("studies_at", o, Op.ASSERT, 0.75) for o in [clean_org(m.group("org"))] if o]),
    # "still stuck in Hamburg": where one lives, for now
    rule(r"(?:I(?:'m|\s+am)\s+|we(?:'re|\s+are)\s+)?(?:still\s+)?stuck\s+in\s+" + _PLACE,
         one("lives_in", clean_place, 0.7)),
    # "I'm at Kaiser now", "I'm at Klarna right now": where one works, told by a state word.
    rule(r"(?:" + _BE + r"(?:still\s+)?|(?:still|currently)\s+)at\s+" + _ORG + r"(?=\s+(?:now|right\s+now|these\s+days|"
         r"currently|head\s+office|HQ|doing|working|as)\b)(?:\s+as\s+(?:a\s+|an\s+)?(?P<title>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}))?",
         lambda m: [] if m.group("org").lower().removeprefix("the ") in PLACES else _job(0.7)(m)),
    rule(r"(?:" + _I + r"work|" + _BE + r"working)\s+as\s+(?:a\s+|an\s+|the\s+)?" + _TITLE
         + r"\s+(?:at|for|with)\s+" + _ORG, _job(0.9)),
    rule(r"(?:" + _I + r"work|I(?:'ve|\s+have)\s+" + ADV + r"(?:been\s+working|worked)|"
         + _BE + r"(?:working|employed|temping|interning|freelancing|volunteering))\s+"
         + _WORK_HOW + r"(?:at|for|by)\s+" + _ORG
         + r"(?:\s+as\s+(?:a\s+|an\s+|the\s+)?(?P<title>.+))?", lambda m: employed_by(_job(0.9)(m), m.group("title"))),
    # ("resumed at Paystack last week": a start, as Nigerian English says it)
    rule(_PAST + r"(?:started|begun|began|resumed)\s+(?:working\s+|a\s+(?:new\s+)?(?:job|role|position)\s+|"
         r"my\s+new\s+(?:job|role|position)\s+)?(?:at|with|for)\s+" + _ORG
         + r"(?:\s+as\s+(?:a\s+|an\s+)?" + _TITLE + r"(?=$|\s+(?:on|in|from|since|last|this|and|but)\b))?", started_at),
    # "just started as a research assistant at cedars-sinai this week"
    rule(_PAST + r"(?:just\s+)?(?:started|began)\s+(?:work(?:ing)?\s+)?as\s+(?:a\s+|an\s+)?" + _TITLE
         + r"\s+(?:at|with|for)\s+" + _ORG, _job(0.85)),
    # A start still to come is a start all the same: "I'm starting at Stripe next monday".
    rule(r"(?:" + _BE + r"starting|I\s+" + ADV + r"start)\s+(?:work(?:ing)?\s+|(?:a|my)\s+new\s+(?:job|role)\s+)?"
         r"(?:at|with)\s+" + _ORG + r"(?:(?:\s+(?:next|this|on|in|from)\s+[\w ]{1,20}?)?\s+as\s+(?:a\s+|an\s+)?"
         + _TITLE + r"(?=$|\s+(?:on|in|from|since|next|this|and|but)\b))?",
         lambda m: [] if (m.group("org").lower() in PLACES) else [replace(f, starts=UPCOMING) for f in _job(0.8)(m)]),
    rule(_PAST + r"(?:started|got|landed|took)\s+(?:a|an|my)\s+(?:new\s+)?" + _TITLE
         + r"\s+(?:job|gig|position|role)\s+(?:at|with)\s+" + _ORG, _job(0.85)),
    # "I'm joining Safaricom next week as a partnerships manager": a start still to come
    rule(r"(?:" + _BE + r"joining|I\s+" + ADV + r"join)\s+" + _ORG + r"(?:(?:\s+(?:next|this|on|in|from)\s+[\w ]{1,20}?)?"
         r"\s+as\s+(?:a\s+|an\s+)?" + _TITLE + r")?(?:\s+(?:next|this|on|in|from)\s+[\w ]{1,20})?$",
         lambda m: [] if (m.group("org").lower() in PLACES) else [replace(f, starts=UPCOMING) for f in _job(0.8)(m)]),
    rule(_PAST + r"joined\s+" + _ORG + r"(?:\s+as\s+(?:a\s+|an\s+|the\s+)?" + _TITLE
         + r"(?=$|\s+(?:on|in|from|since|last|this|and|but)\b))?",
         lambda m: [] if (m.group("org").lower() in PLACES or _MEMBERSHIP.match(m.string, m.start("org"))) else _job(0.85)(m)),
    rule(_PAST + r"(?:got|landed|took|accepted|started)\s+(?:a|an|the|my)\s+(?:new\s+)?(?:job|position|role)"
                 r"(?!\s+offer)"
         r"(?:\s+as\s+(?:a\s+|an\s+)?" + _TITLE + r")?\s+(?:at|with|from)\s+" + _ORG, _job(0.85)),
    rule(r"I(?:'ve|\s+have)?\s+(?:just\s+)?(?:got|been|was)\s+hired\s+(?:at|by)\s+" + _ORG, _job(0.85)),
    rule(r"(?!(?:They|He|She|We|It|You)\b)" + _ORG + r"\s+(?:just\s+|finally\s+)?(?:hired|took|brought|signed)\s+me"
         r"(?:\s+(?:in|on|back))?\s+as\s+(?:a\s+|an\s+|their\s+)?" + _TITLE + r"(?=\s*$|\s*[,.;!?]|\s+(?:and|but|so|now|"
         r"since|from|last|this)\b)", _job(0.8)),  # "TaskUs took me in as team lead"
    rule(r"my\s+(?:new\s+)?employer\s+is\s+" + _ORG, _job(0.9)),
    # "I do backend stuff at Shopify", "I do marketing for Oatly"
    rule(_I + r"do\s+(?:[a-z]+\s+){1,3}?(?:at|for)\s+" + _ORG, lambda m: [] if m.group("org").lower() in PLACES
         else [Fact("employer", o, Op.ASSERT, 0.8) for o in [clean_org(m.group("org"))] if o]),
    # A start told by its first day, by the new job ("my new job at Flutterwave is great") or by
    # what one now is there; "got bumped up to head chef!!"
    rule(r"(?:(?:today|yesterday)\s+(?:was|is)\s+|it(?:'s|\s+is|\s+was)\s+|was\s+|is\s+)?(?:my\s+)?"
         r"(?:(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:day|week|month|shift)|"
         r"new\s+(?:job|gig|role|position))\s+(?:at|with|for)\s+" + _ORG, _job(0.85)),
    rule(r"(?:" + _BE + r"|(?:officially|now)\s+)(?:an?\s+)?" + _ORG + r"\s+(?:employee|staffer|hire)\b", _job(0.8)),
    rule(r"(?:I(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+)?(?:got|been|was)\s+(?:promoted|bumped\s+up|moved\s+up)\s+to\s+"
         r"(?:a\s+|an\s+)?(?P<title>.+?)(?:\s+at\s+" + _ORG + r")?(?:\s+(?:yesterday|today))?(?=$|\s+(?:so|and|but)\s)",
         _job(0.85)),
    rule(_I + r"work\s+as\s+(?:a\s+|an\s+|the\s+)?(?P<title>.+)$", _job(0.9)),
    # "I animate ads at a small studio called Blue Zoo": a workplace named by "called"
    rule(r"(?:" + _I + r"[a-z]+|" + _BE + r"[a-z]+ing)\b.*?\b(?:at|for)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?"
         r"(?:studio|company|firm|agency|startup|shop|restaurant|cafe|café|bakery|bar|clinic|practice|"
         r"charity|brewery|hotel|salon|gym|store)\s+(?:called|named)\s+" + _ORG, _job(0.8)),
    # "I'm freelance illustrator?", "i'm nurse in Lima": a title said without its article
    rule(_BE + r"(?!(?:a|an|the)\s)(?P<title>[a-z][\w/+-]*(?:\s+[a-z][\w/+-]*){0,3}?)(?=\s*$|\s*[,?!]|"
         r"\s+(?:in|at|for|with)\s)(?:\s+in\s+" + _PLACE + r"\s*$)?", _titled_bare),
    # "went freelance", "I'm self-employed now": no employer but oneself
    rule(r"(?:" + _PAST + r"(?:went|gone|become|became|turned)|" + _BE + r"(?:now\s+)?)\s*(?:fully\s+)?"
         r"(?:freelance|self[- ]employed)\b", _fixed("employer", "freelance", 0.8)),
    # "I teach year 4 at a primary school in Norwich": a teacher, and the town.
    rule(_I + r"(?P<verb>teach|lecture|tutor)\s+(?:(?:(?P<subject>(?:\w+\s+)?[A-Za-z]+(?:\s+(?:and|&)\s+[A-Za-z]+)?)\s+)?at\s+" + _ORG + r"|(?P<taught>(?:[\w'-]+\s+){0,3}?)(?:at|in)"
         r"\s+(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,2}?(?:school|college|academy|university|uni|nursery|polytechnic|(?i:jhs|shs|jss|sss))\b"
         r"(?:\s+in\s+" + _PLACE + r")?)", _taught),
    rule(_BE + r"(?:a|an)\s+" + _TITLE + r"\s+(?:(?:down|up|out|over)\s+)?in\s+" + _PLACE + "$", _titled_in),
    # (a comma ends the title: what follows is read by the mentions, "..., galway born and bred")
    rule(r"(?:" + _BE + r"|I(?:'ve|\s+have)\s+been\s+)(?:a|an)\s+(?P<title>[^,]+)(?=,|$)", _titled),
    rule(_BE + r"(?:now\s+)?(?:the\s+)?(?P<title>(?:head|director|vp|chief)\s+of\s+[a-z]+(?:\s+[a-z]+)?)$", _titled),
    rule(_WE + r"(?:'m|'re|\s+am|\s+are)\s+(?:(?:now|still|back|both|all|also|finally)\s+)*(?:in|(?:over|up|down|out)\s+in|based\s+out\s+of)\s+" + _PLACE
         + r"(?=$|\s*,|\s+(?:and|but|so|now|for|since|rn|atm|right\s+now|at\s+the\s+moment|these\s+days|if)\b)",
         lambda m: [] if m.group("v").lower().removeprefix("the ") in ("middle", "process", "office", "hospital")
         or away_en(m.string) or re.fullmatch(r"[A-Z]{2,5}", m.group("v")) and not known_place(m.group("v"))
         else one("lives_in", clean_place, 0.75)(m)),  # not "for a conference"; "in UBC": a school
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:bought|got\s+the\s+keys\s+(?:to|for)|signed\s+(?:a|the)\s+lease"
         r"\s+(?:on|for)|moved\s+into|rented)\s+(?:a|an|our|my|the)\s+(?:\w+\s+){0,2}?(?:house|flat|"
         r"apartment|condo|home|place)\s+in\s+" + _PLACE, one("lives_in", clean_place, 0.8)),
    rule(r"(?:officially\s+|technically\s+)?(?:my\s+)?(?:(?:new|actual|day|real|main|current|official)\s+)?"
         r"(?:job\s+title|title|job|role)(?:\s+is|'s)\s+['\"](?P<title>[^'\"]{2,40})(?:['\"]|$)", _titled_quoted),
    rule(r"(?:my\s+)?(?:(?:new|actual|day|real|main|current)\s+)?(?:job\s+title|title|job|role)\s+is\s+(?:a"
         r"\s+|an\s+)?(?P<title>.+)$", _titled),
    # "allergies, since you asked: shellfish (bad), cats (mild), and pollen in spring"
    rule(r"(?:my\s+)?allergies\b[^:]{0,30}:\s*(?P<v>.+)$",
         lambda m: [Fact("allergy", v, Op.ASSERT, 0.8) for v in _and_list(re.sub(r"\([^)]*\)", "", m.group("v")))]),
    # languages and learning
    rule(_I + r"(?:can\s+)?speak\s+(?P<v>.+)$", each("speaks", languages)),
    *LANGUAGES_AND_CARS_IN_PASSING,
    rule(_BE + r"(?:fluent|native|bilingual|conversational)\s+in\s+(?P<v>.+)$", each("speaks", languages)),
    rule(r"my\s+(?:native\s+language|mother\s+tongue|first\s+language)\s+is\s+(?P<v>.+)$",
         each("speaks", languages)),
    rule(r"(?:" + _BE + r"|I(?:'ve|\s+have)\s+been\s+)(?:learning|studying|picking\s+up|trying\s+to\s+learn)\s+"
         r"(?!(?:it|this|that|them|the\s+(?:thing|basics))\b)(?P<v>.+)$", learning_or_field),
    # pets and family
    *PETS_TOLD,  # "I have a cat, Dubu, 2 years old"
    rule(_HAVE + r"\s+" + _COUNT + r"\s+(?:[a-z]+\s+){0,2}?" + _SPECIES + _NAMED, _pet(0.9)),
    # "a beagle called Pickle" (the pet just told of, said again with its name)
    rule(r"(?:a|an)\s+(?:[a-z]+\s+){0,2}?" + _SPECIES + r"\s+(?:called|named)\s+(?P<name>" + _PET_NAME + ")",
         _pet(0.8)),
    rule(_WE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:adopted|rescued|got|bought)\s+" + _COUNT + r"\s+"
         r"(?:[a-z]+\s+){0,2}?" + _SPECIES + _NAMED, _pet(0.85)),
    rule(_HAVE + r"\s+" + _COUNT + r"\s+(?:[a-z]+\s+){0,1}?(?P<rel>sisters?|brothers?|siblings?|kids?|"
                                   r"children|sons?|daughters?)"
         + _NAMED + "$", _relative(0.9)),
    rule(_BE + r"married\s+to\s+(?P<name>" + NAME + ")", _named("spouse", 0.9)),
    # "Olivia is officially my wife", "Linda is my boss now": the relation, told name first
    rule(r"(?P<name>" + NAME + r")\s+is\s+(?:now\s+|officially\s+|finally\s+)*my\s+(?:new\s+)?"
         r"(?P<rel>wife|husband|fianc[eé]e?|boyfriend|girlfriend|partner|boss|manager|roommate|flatmate)"
         r"(?:\s+now)?$", lambda m: [] if m.group("name").split()[0].lower() in ("he", "she", "it", "this", "that")
         else [Fact({"fiancé": "fiance", "fiancée": "fiance", "fiancee": "fiance", "manager": "boss",
                     "flatmate": "roommate"}.get(m.group("rel").lower(), m.group("rel").lower()),
                    m.group("name"), Op.ASSERT, 0.85)]),
    rule(_PAST + r"(?:got\s+married\s+to|married)\s+(?P<name>" + NAME + ")", wed(0.9)),
    rule(_BE + r"(?:dating|seeing|engaged\s+to)\s+(?P<name>" + NAME + ")", _named("partner", 0.8)),
    # likes, dislikes, hobbies
    rule(_I + r"(?P<verb>love|adore|enjoy|like|dig|appreciate)s?\s+"
              r"(?!(?:it|that|this|them|being\s+an?)\b)(?P<v>.+)$",  # "being a nurse": a trade (TITLES_BEING)
         lambda m: each("likes", things, 0.9 if m.group("verb") in ("love", "adore") else 0.85)(m)),
    rule(r"I(?:'ve|\s+have)\s+" + ADV + r"(?:loved|liked|enjoyed)\s+(?P<v>.+)$", each("likes", things, 0.85)),
    rule(_BE + r"(?:a\s+)?(?:(?:huge|big|massive|great|total|real)\s+)?fan\s+of\s+(?P<v>.+)$", each("likes", things, 0.85)),
    *LIKINGS_SAID,  # "it's all Fontaines DC now", "I'm Munster mad", "I'm a tea guy"
    rule(_I + r"(?:hate|dislike|detest|loathe|despise)\s+(?P<v>.+)$", each("dislikes", things, 0.9)),
    rule(r"(?:I\s+)?(?:have\s+|'ve\s+)?never\s+(?:liked|enjoyed|been\s+into|cared\s+for)\s+(?P<v>[^,]+)",
         each("dislikes", things, 0.8)),
    *CARS_BOUGHT,  # "picked up a second hand Hilux", "I drive a 2019 Skoda Octavia"
    rule(_I + r"(?:can't|cannot|can\s+not)\s+(?:really\s+|even\s+)?stand\s+(?P<v>.+)$", each("dislikes", things, 0.9)),
    rule(_DONT + r"(?:like|enjoy|love|care\s+for)\s+(?P<v>.+)$", each("dislikes", things, 0.8)),
    rule(r"I(?:'m|\s+am)\s+not\s+(?:a|much\s+of\s+a)\s+(?:(?:big|huge)\s+)?fan\s+of\s+(?P<v>.+)$",
         each("dislikes", things, 0.75)),
    rule(r"my\s+(?:hobb(?:y|ies)|(?:real\s+|true\s+|big\s+)?passion)\s+(?:is|are|include)\s+(?P<v>.+)$", each("hobby", _and_list, 0.85)),
    # "I play jv basketball", "I play the drums": a sport or an instrument is a hobby
    rule(_I + r"play\s+(?:the\s+|a\s+bit\s+of\s+|some\s+|a\s+lot\s+of\s+|jv\s+|varsity\s+|competitive\s+|"
         r"amateur\s+|club\s+|sunday\s+league\s+)*(?P<v>" + _PLAYED + r")\b(?=$|\s*,|\s+(?:and|but|so|for|in|at|"
         r"with|badly|a\s+lot|too)\b)", one("hobby", lambda v: v.lower(), 0.8)),
    rule(r"in\s+my\s+(?:free|spare)\s+time,?\s+I\s+(?:(?:like|love)\s+to\s+|enjoy\s+)?(?P<v>.+)$", _hobbies),
    rule(_PAST + r"(?:took|picked)\s+up\s+(?P<v>.+)$", _took_up),
    # "switched to oat milk", "switched to rooibos": a new thing liked; "switched to computer
    # science", "switched to japanese": a field, a language (a name is an employer or a school,
    # see speaker_memory; a way of working is neither)
    rule(_PAST + r"(?:switched|changed)\s+(?:over\s+)?to\s+(?!(?:part|full)[- ]time\b|nights\b|days\b|remote\b|"
         r"mornings\b|evenings\b|weekends\b|working\b|a\s|an\s|the\s|my\s|being\b)(?P<v>[a-z][a-z -]{1,25}?)$",
         switched_to),
    # habits
    rule(_PAST + r"(?:started|began|begun)\s+(?P<v>.+)$", _started),
    rule(_I + r"(?P<v>smoke|vape|drink|run|jog|swim|cycle|bike|meditate|climb|surf|box|"
         r"(?:do|practi[cs]e)\s+(?:yoga|pilates|crossfit)|work\s+out|exercise|"
         r"go\s+(?:to\s+the\s+gym|running|swimming|climbing|cycling)|(?:bike|cycle|walk)\s+to\s+work)$",
         _bare_habit),
    *HABITS_TOLD,  # "I run every morning", "i'm jogging every morning instead"
)

MENTIONS: tuple[Rule, ...] = (
    *STUDIES_EN, *MENTIONED_IN_PASSING,  # "doing my masters in public health", "a die hard ginebra fan"
    # "everyone calls me Kit", "my friends call me Jay": a nickname, beside the name
    rule(r"\b(?:everyone|everybody|people|(?:my\s+)?friends|they|most\s+people)\s+(?:all\s+|just\s+)?"
         r"(?:calls?|knows?)\s+me\s+(?:as\s+)?(?P<v>" + NAME + ")", one("alias", clean_name, 0.85)),
    *PETS_MENTIONED,  # "my cats Simba and Nala", "our kelpie Rusty"
    rule(r"\b(?:my|our)\s+" + _REL + r"(?:'s\s+name\s+is|\s+is\s+(?:called|named)|\s+is|,)?\s+(?P<name>" + NAME + ")",
         _relative(0.85)),
)
