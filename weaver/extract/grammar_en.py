"""The English clause grammar: gates, negations, notes, other people, events, dates."""

from __future__ import annotations

import re

from vaultweave.weaver.extract import changes_en, corrected_day_en, dates_en, events_en, pronouns_en, rules_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.clauses import MAX_NOTE
from vaultweave.weaver.extract.fragments_en import ends_on_relative
from vaultweave.weaver.extract.jobs_ended_en import named_where_left
from vaultweave.weaver.extract.normalise_en import PERSON, SAID_OF_THEM, normalise
from vaultweave.weaver.extract.rules_text import ADV, EDGES, NAME, Fact, Grammar, is_job
from vaultweave.weaver.extract.someone_named_en import THIRD_VERBS, WHO_ENDS, named_other, their_verbs
from vaultweave.weaver.extract.trips import TRIP_EN

# -- English clauses ----------------------------------------------------------------------

_EN_DISCOURSE = re.compile(
    r"^(?:(?:oh|ah|eh+|well|yeah|yes|yep|yup|ja|ya|ag|no(?!\s+more\b)|nope|nah|so|and|but|also|actually|anyway|anyways|"
    r"by\s+the\s+way|btw|fyi|honestly|haha+|hah|lol|hey|hi|hello|hiya|ok|okay|um+|uh+|hmm+|"
    r"right|sure|true|oh\s+well|fun\s+fact|guess\s+what|news|(?:big|good|great|bad|sad)\s+news|update|"
    r"big\s+change|life\s+update|plot\s+twist|"
    r"quick\s+update|plus|speaking\s+of\s+which|as\s+you\s+know|as\s+I\s+(?:said|mentioned)|"
    r"now|then|today|yesterday|recently|lately|currently|these\s+days|this\s+week|"
    r"last\s+(?:week|month|year)|this\s+month|since\s+(?:last\s+)?\w+|as\s+of\s+\w+|"
    r"in\s+fact|to\s+be\s+honest|tbh|ngl|turns\s+out(?:\s+that)?|apparently|(?:the\s+|my\s+)?(?:doc|doctor|gp)\s+(?:says|said)|yess+|omg|wow|ugh+|welp|"
    r"anyhow|real\s+talk|lowkey|low\s+key|highkey|side\s+note|for\s+context|for\s+the\s+record|technically|plot\s+twist|confession|day\s+job|"
    r"(?:life|job|work|small|big|quick)\s+update|spoiler(?:\s+alert)?|long\s+story\s+short|"
    r"so+|well\s+then|wait|no\s+wait|oh\s+wait|sorry|correction|for\s+now|right\s+now|"
    # the listener called by a name of friendship: "big news bro, resigned from tata"
    r"bro|bruh|dude|fam|guys|yo|mate(?=\s*,)|"
    # the interjections of other Englishes: "aiyo VFS rescheduled", "eish, big news"
    r"aiyo+h?|aiya+|haiya+|alamak|eish|abeg|wah+|yaar|machan|oof|oops|phew|"
    # a letter's own words: "add that I'm a ward clerk at St Olav's"
    r"(?:pls\s+|please\s+|and\s+)?(?:add|mention|include|put\s+in)\s+that)\b[\s,:;!.—–-]*)+",
    re.IGNORECASE,
)
_EN_TRAIL = re.compile(
    r"(?:[\s,]+(?:today|yesterday|tonight|last\s+(?:week|month|year|night|weekend)|"
    r"this\s+(?:week|month|year|morning|weekend)|on\s+(?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)|(?:a\s+(?:few|couple\s+of)|\w+)\s+(?:days|weeks|months|years)\s+ago|"
    r"a\s+(?:week|month|year)\s+ago|recently|lately|finally|officially|now|right\s+now|again|"
    r"too|as\s+well|these\s+days|nowadays|at\s+last|haha+|lol|though|tho|for\s+good|honestly|tbh|ngl|"
    r"obviously|seriously|literally|actually|"
    r"at\s+the\s+moment|atm|rn|permanently|by\s+the\s+way|btw|:\)|:D|:P|(?:come\s+)?rain\s+or\s+shine|"
    r"without\s+fail|no\s+matter\s+what))+$",
    re.IGNORECASE,
)
# "I'm vegetarian, so no meat please": the fact ends where a non-first-person tail begins.
_EN_AFTERTHOUGHT = re.compile(
    r"\s*,\s*(?:so|but|because|since|though|although|which|unless|except|in\s+case|if|like|while|"
    r"it's|it\s+is|its|that's|they're|usually|mostly|normally|not\s+always|one\s+of\s+them|"
    # (what they did to the speaker is the speaker's: "..., they've made me a supervisor")
    r"(?:he|she|they)(?!(?:'ve|\s+have|'s|\s+has)?\s+(?:just\s+|finally\s+|officially\s+)?\w+\s+me\b))\b.*$"
    # "I live in Tromsø so a ferry pass would pay off": the tail's own subject, and its hedge
    r"|\s+(?:so|but|because|cos|coz)\s+(?=(?:a|an|the|this|that|it|it's|there|he|she|they|you|u|if)\s"
    r"|[a-z]+s\s+(?:are|were|would|will|could|might|can)\b)"  # "... so experiences are an option"
    r"(?!(?:\w+\s+){1,2}call(?:s|ed)?\s+me\b).*$"  # "... but they call me Magda" is the speaker's
    r"|\s+and\s+(?=(?:the|it|he|she|they)\s[^,]*\b(?:might|would|could|may|reckons?|thinks?|says?)\b).*$"
    # "...the 14th of August if you wanna remember it": said to the listener, no condition
    r"|\s+if\s+(?:you|it)\s+(?:wanna|want|need|care|matters?|ever|were\s+wondering|must\s+know)\b.*$",
    re.IGNORECASE,
)
_EN_LOWER_FIRST = {"my", "we", "you", "our", "call", "please", "in", "everyone", "people", "friends"}
_EN_CLAUSE_BREAK = re.compile(
    r"\s*(?:(?:[,;]|(?<!\d):)|\s[-–—]+)\s*(?:(?:and|but|so|because|since|though|although|while|whereas|"
    r"plus|yet|or|then)\s+)?(?:(?:now|then|also|still|today|actually|yeah|yes|honestly|like|ok|for\s+now|yesterday|"
    r"right\s+now|at\s+the\s+moment|last\s+(?:week|weekend|month|[MTWFSmtwfs][a-z]{2,5}day))\s+)?"
    r"(?=(?:I|my|we|our)\b|they(?:'ve|\s+have)?\s+(?:just\s+)?(?:moved|put|"
    r"shifted|switched|transferred|placed|posted|assigned)\s+me\b)"  # "..., they moved me to X as Y"
    # "seeing someone new, Marcus's a firefighter", "Zara is 9", ", Tobi just moved": a named person's clause
    r"|(?:,\s*|\s+and\s+)(?=[A-Z][a-z]+(?:'s|\s+is)\s+(?:(?:a|an)\s|\d{1,2}(?:\s*[,.!]|\s+(?:and|now|yrs?|years?)\b|$)"
    r"|(?:looking|moving|working|living|studying|starting|leaving|going|doing|thinking|applying)\b)"
    r"|[A-Z][a-z]+\s+(?:(?:just|finally|recently|also)\s+)?(?:moved|lives|works|joined|left|quit)\b)"
    # "done my hamstring so no more football", "and today was my first day at X"
    r"|(?:,|\s+(?:and|but|so))\s+(?=no\s+more\b|(?:today|yesterday)\s+(?:was|is)\s+my\b|it(?:'s|\s+is)\s+all\s"
    r"|the\s+\w+(?:\s+\w+)?(?:'s|\s+is|\s+are)\s+(?:over|done|dead|finished)\b)"  # "and the team is over"
    # "i'm an engineer at emirates so not broke", "a sysadmin, not exactly glamorous": a comment
    r"|(?:,\s*(?:but\s+|so\s+)?|\s+(?:so|but)\s+)(?=not\s+(?:exactly|really|very|that|too|so|the|much|broke|rich|bad|"
    r"great|glamorous|fun|easy|ideal|cheap)\b)"
    # "handed my notice in and as of last week I'm a data analyst": a date, then a new clause
    r"|(?:,|\s+(?:and|but|so))\s+(?=(?:as\s+of|since|starting|from|back\s+in)\s+(?:[\w']+\s+){1,3}?(?:I|we)\b)"
    # "i'm 31, born 17 september 1994", "facts: born 17 march 1990": the birth is its own clause
    r"|\s*(?:[,;]|(?<!\d):)\s*(?=born\s)"
    # "been a while but Ben and I broke up": the couple opens a clause of its own
    r"|\s+(?:and|but|so)\s+(?=[A-Z][\w'-]*\s+and\s+I\b)"
    # "i'm an accountant in brisbane, what would i even put in a ute": the question is a clause of its own
    r"|(?:[,;]|(?<!\d):)\s*(?=(?:what|how|where|which|who|why|any|anything|can|could|should|would|pls|please|help|"
    r"need(?:ing)?\s+(?:some\s+|a\s+hand\s+with\s+|your\s+|ur\s+)?(?:help|advice|tips|ideas))\s)"
    # "im a junior analyst at a broker, so this would be a step up": the guess is its own clause
    r"|(?:[,;]|(?<!\d):)\s*(?:(?:so|and|but|because|though)\s+)?(?=(?:this|that|it|there)(?:\s+\w+)?\s+(?:would|could|might|"
    r"will|may)\b|(?:it|that|this|there)'(?:d|ll)\b)"
    r"|(?<!\bme)\s+(?:and|but|so|because|since|though|although|while|whereas|plus|yet|or|then)\s+"
    r"(?:(?:now|then|also|still|recently|today|actually|yeah|yes|honestly)\s+)?(?=(?:I|my|we|our)\b)(?!my\s+last"
    r"\b)"
)
# "I live in Leeds and work at the BBC": the subject carries over a coordinated verb.
_EN_SHARED_SUBJECT = re.compile(
    r"(?:,\s*|\s+)(?:and|but|plus)\s+(?=(?:live|work|study|speak|teach|play|moved|started|joined|left|quit|"
    r"learning|working|living|studying|doing|thinking|considering|planning|hoping|might|want|wanna|"
    r"into|allergic\s+to|obsessed\s+with|(?:mad|crazy)\s+about|in\s+(?:year|grade|form)\s+\d{1,2}\s+at)\s)"
)
_EN_CHATTER_START = re.compile(
    r"(?:if|when|once|unless|whenever|while|before(?!\s+that\b)|after|as\s+soon\s+as|maybe|perhaps|"
    r"hopefully|someday|one\s+day|do|does|did|are|is|was|were|can|could|would|should|will|"
    r"what|who|where|why|how|which|have\s+you|has|thanks?|thank\s+you|let's|let\s+me)\b",
    re.IGNORECASE,
)
_EN_HYPOTHETICAL = re.compile(
    r"\b(?:I'd|would|I\s+wish|wish\s+I|I\s+hope|I\s+might|I\s+may|I\s+could|I\s+should|"
    # "going to the gym" is where one goes ("is going to tuesdays": new days), "going to move" a plan
    r"I'll|I\s+will|(?:going\s+to|gonna)(?!\s+(?:the|a|an|my|our|church|school|work|uni|college|class|bed|(?:be\s+)?(?:on\s+)?(?:mon|tues?|wed|wednes|thu|thurs?|fri|sat|satur|sun)(?:day)?s?)\b)|I\s+plan|I'm\s+planning|I\s+want\s+to|I\s+wanna|"
    r"I\s+think(?!\s+I(?:'m|\s+am)\s+(?:done|finished)\s+with\b)|I\s+feel\s+like|I\s+guess|I\s+suppose|I\s+wonder|I\s+believe|"
    r"I'm\s+not\s+sure|imagine|pretend|supposed\s+to|thinking\s+(?:about|of)|considering(?!\s+(?:I'm|that)\b)|"
    r"if|unless|"
    # someone else's advice: "Pieter says maybe I must come live with them in Perth"
    r"(?:says?|said|wants?|thinks?)\s+(?:that\s+)?(?:maybe\s+)?I\s+(?:must|should|have\s+to|need\s+to|ought\s+to))\b",
    re.IGNORECASE,
)
_EN_NEGATIONS = (
    (re.compile(r"I\s+" + ADV + r"no\s+longer\s+(?P<rest>.+)$"), "I ", 1.0),
    (re.compile(r"I(?:'m|\s+am)\s+" + ADV + r"no\s+longer\s+(?P<rest>.+)$"), "I'm ", 1.0),
    (re.compile(r"I\s+(?:don't|do\s+not)\s+(?P<rest>.+?)\s+(?:anymore|any\s+more|any\s+longer)$"), "I ", 1.0),
    (re.compile(r"I(?:'m|\s+am)\s+not\s+(?P<rest>.+?)\s+(?:anymore|any\s+more|any\s+longer)$"), "I'm ", 1.0),
    (re.compile(r"I\s+" + ADV + r"used\s+to\s+be\s+(?P<rest>.+)$"), "I'm ", 0.85),
    (re.compile(r"I\s+" + ADV + r"used\s+to\s+(?P<rest>.+)$"), "I ", 0.85),
)
_EN_NOTE = re.compile(
    r"(?:(?:please|pls|plz|can\s+you|could\s+you|would\s+you|will\s+you|I\s+need\s+you\s+to|"
    r"I\s+want\s+you\s+to|just)\s+)*(?:remember|make\s+a\s+note|take\s+(?:a\s+)?note|"
    r"note\s+to\s+self|note|keep\s+in\s+mind|don't\s+forget|do\s+not\s+forget|never\s+forget)"
    r"(?:\s+(?:that|this))?\s*[:,-]?\s+(?P<v>.+)$",
    re.IGNORECASE,
)


# "I'm Maya, 29, living in Portland": fragments after a comma that continue "I'm".
_EN_FRAGMENT = re.compile(
    r",\s+(?=(?:\d{1,3}(?:\s*(?:years?\s+old|y/?o))?\s*(?:,|$)|(?:living|based|working|studying)\s+"
    r"(?:in|at|for|as|just|near|outside)\s|(?:originally\s+)?from\s+[A-Z]|(?:live|work|study)\s+(?:in|at|"
    r"for)\s|(?:now\s+)?(?:into|obsessed\s+with|hooked\s+on)\s+[A-Z]|(?:first|second|third|fourth|final|last)\s+year\s+at\s|in\s+(?:year|grade|form)\s+\d{1,2}\s+at\s|thinking\s+(?:about|of)\s+[a-z]+ing\b|(?:love|adore|enjoy|hate|can't\s+stand)\s+(?!it\b|that\b|this\b)|(?:a\s+)?(?:huge|big|massive|"
    r"total)\s+[a-z]+\s+(?:lover|fan|guy|girl|person|nerd)\b|(?:moved|relocated)\s+(?:back\s+|down\s+|up\s+|over\s+)?(?:from|to)\s))",
    re.IGNORECASE,
)
_EN_BARE_VERB = re.compile(r"(?:live|work|study|speak|teach|play|moved|started|joined|left|quit|love|adore|"
                           r"enjoy|hate|can't)\s", re.IGNORECASE)


_EN_QUESTION_TAIL = re.compile(
    r"[,;:]\s+(?:so\s+|and\s+|but\s+)?(?:what|whats|how|hows|where|wheres|who|which|why|any|anything|can|could|should|"
    r"would|will|do|does|is|are|ideas|tips|thoughts)\b[^,;:]*[?？][\W]*$"
    r"|[,;:]\s+[^,;:?]*\bor\b[^,;:]*[?？][\W]*$"  # "..., midlife crisis or genius?"
    r"|[,;:]\s+(?:or\s+)?(?:maybe|perhaps|possibly)\b[^,;:]*[?？][\W]*$",  # "..., maybe a pop-up there?"
    re.IGNORECASE,
)
_EN_STATEMENT = re.compile(r"^\W*(?:(?:also|and|so|oh|btw|but|plus|ok|okay|lol|well)\W+)*"
                           r"(?:I|I'm|I've|my|we|we're|our)\b"
                           r"|,\s*(?:I|my)\b|\b(?:and|but|so)\s+(?:I'm|im|I\s+am|I\s+live|I\s+work)\b",
                           re.IGNORECASE)


def _en_statement_before_question(sentence: str) -> str | None:
    """ "my brother lives in Oslo, what's a good gift?" -> "my brother lives in Oslo"."""
    if not (match := _EN_QUESTION_TAIL.search(sentence)):
        return None
    head = sentence[: match.start()]
    while more := _EN_QUESTION_TAIL.search(head + "?"):  # "..., whats cheaper, train or flight?"
        head = head[: more.start()]
    return head if _EN_STATEMENT.search(head) and not head.rstrip().endswith("?") else None


# The first half of "Alex and I", "woo 🎉 also marco and i": a subject shared with the speaker.
_EN_COUPLE_HEAD = re.compile(r"\W*" + NAME)
_EN_LOWER_COUPLE = re.compile(r"(?:.*[^\w\s,'-]\s*)?\W*(?:(?:so|and|but|well|ja|yeah|anyway|ok|okay|also|btw|"
                              r"lol|welp|oh)\s+)*[A-Za-z][a-z'-]{2,14}")
_EN_BROKE_UP = re.compile(r"I\s+(?:just\s+|finally\s+|officially\s+)?"
                          r"(?:broke\s+up|split|separated|called\s+it|got\s+divorced|are\s+(?:done|over))\b")
_EN_WH_END = re.compile(r"\b(?:where|what|who|how|wherever)\s+\w+\s+(?:is|are)\s*$")  # "where he is, ..."
_EN_OPEN_END = re.compile(r"\b(?:is|are|'s)(?:[\s,]+(?:hmm+|um+|uh+|well|like|probably|honestly))*[\s,]*$")


def _en_split_clauses(sentence: str) -> list[str]:
    """One first-person statement per clause: "I'm Maya, I live in Berlin and I love tea"."""
    clauses: list[str] = []
    text = normalise(sentence)
    text = _en_statement_before_question(text) or text
    text = pronouns_en.named_for_pronoun(text)
    for clause in _EN_CLAUSE_BREAK.split(text.strip(EDGES)):
        if not clause.strip():
            continue
        # "javi and i broke up": a name in lower case, before the couple's verb
        couple = clauses and (_EN_COUPLE_HEAD.fullmatch(clauses[-1])
                              or (_EN_LOWER_COUPLE.fullmatch(clauses[-1]) and _EN_BROKE_UP.match(clause)))
        if couple and f"{clauses[-1]} and {clause}" in text:
            clauses[-1] += " and " + clause  # "Alex and I broke up": one subject, not two clauses
            continue
        if clauses and _EN_OPEN_END.search(clauses[-1]) and not _EN_WH_END.search(clauses[-1]):
            clauses[-1] += ", " + clause  # "my favourite food is, hmm, I'd eat anything, but ramen"
            continue
        head, *fragments = _EN_FRAGMENT.split(clause)
        first_person = re.match(r"\W*I(?:'m|\s+am|\s)", _EN_DISCOURSE.sub("", head.strip(EDGES)))
        if first_person:
            head, *shared = _EN_SHARED_SUBJECT.split(head)
            fragments = shared + fragments
        head, *answered = _en_title_after(head)
        clauses.append(head)
        clauses.extend(answered)
        if first_person and not ends_on_relative(head):  # "with my sister Ana, 29": hers
            clauses.extend(("I " if _EN_BARE_VERB.match(f) else "I'm ") + f for f in fragments
                           if not (_EN_AGE_PIECE.match(f) and _EN_CREATURE.search(head)))
        elif fragments:
            clauses[-1] = clause
    return [part for clause in clauses for part in _en_chained(clause)]


_EN_AGE_PIECE = re.compile(r"\d{1,2}\s*(?:years?|yrs?|y/?o|months?)\b", re.IGNORECASE)
_EN_CREATURE = re.compile(r"\b(?:a|an|my|our)\s+(?:[\w-]+\s+)?(?:cat|dog|kitten|puppy|pup|baby|son|daughter|"
                          r"kid|boy|girl|horse|rabbit|hamster|parrot|bird|tortoise|turtle|fish)\b",
                          re.IGNORECASE)


# "new job started on 1 april, network engineer at Turkcell": the title and workplace after
# the comma answer what the words before only announced.
_EN_TITLE_AT = re.compile(r",\s*(?P<piece>(?:a\s+|an\s+)?(?P<title>[a-z][\w/+-]*(?:\s+[a-z][\w/+-]*){0,3})"
                          r"\s+at\s+[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)\W*$")
_EN_SOMEONE_ELSE = re.compile(r"\W*(?:my|his|her|their|our|he|she|they)\b|\W*[A-Z][a-z]+\s")


def _en_title_after(clause: str) -> list[str]:
    """The clause, and the title-at-workplace piece at its end as a clause of its own, when the
    clause before it names nobody else ("my sister started, nurse at Mercy" stays whole)."""
    m = _EN_TITLE_AT.search(clause)
    if not m or not is_job(m.group("title")):
        return [clause]
    if _EN_SOMEONE_ELSE.match(clause[: m.start()]) and not re.match(r"\W*I\b", clause):
        return [clause]
    return [clause[: m.start()], m.group("piece")]


def _en_chained(clause: str) -> list[str]:
    """ "traded in the focus, picked up a Kia Niro": the speaker's verbs of change one after
    another, each its own clause (said of the speaker only: "Jo moved, started a job" stays)."""
    speaker = re.match(r"\W*(?:I\b|I'|(?:btw\s+)?(?:not|no\s+longer)\s+at\s|(?:just\s+|finally\s+|so\s+)*"
                       + _EN_SUBJECTLESS.pattern + ")", clause,
                       re.IGNORECASE)
    if not speaker:
        return [clause]
    verb = r",\s+(?=(?:and\s+|then\s+)?(?:just\s+|finally\s+|also\s+)?" + _EN_SUBJECTLESS.pattern + ")"
    parts = re.split(verb, clause)
    return [p for p in parts if p.strip()]


# Chat drops the subject: "got laid off yesterday", "moved the dentist to Monday".
_EN_SUBJECTLESS = re.compile(
    r"(?:just\s+|finally\s+|recently\s+|officially\s+)*(?:got|moved|started|resumed|switched|transferred|"
    r"dropped|quit|left|joined|went|turned|retired|graduated|stopped|sold|adopted|rescued|"
    r"relocated|resigned|changed|became|picked|took|gave|signed|landed|bought|broke|split|"
    r"cancell?ed|rescheduled|booked|passed|finished|completed|ditched|accepted|traded|handed|"
    r"swapped|scrapped|packed|lost|laid\s+off|made\s+redundant)\s",
    re.IGNORECASE,
)
_EN_GERUND_START = re.compile(r"(?:working|living|studying|learning|picking\s+up|trying\s+to\s+learn|based|"
                              r"temping|interning|volunteering|freelancing|joining)\s", re.IGNORECASE)
_EN_BEEN = re.compile(r"(?:I've\s+|I\s+have\s+)?been\s+(?:living\s+)?in\s+(?=[A-Z])")
_EN_GUESS_WHO = re.compile(r"^guess\s+who(?:'s|\s+is)?\s+", re.IGNORECASE)


# "plot twist: went vegetarian", "confession: I stopped Italian": a label, then the news.
_EN_LABEL = re.compile(r"^(?!(?:note|notes|reminder|remember|ps|p\.s)\b)[A-Za-z]+(?:\s+[A-Za-z]+)?:\s+(?=\S)",
                       re.IGNORECASE)


# "after watching dominion with my gf I went vegan": what led to it, then the news
_EN_LEAD_CLAUSE = re.compile(r"^(?:after|since|because|once|now\s+that)\s+(?![^,]{0,60}?\bI\b[^,]*\bI\b)"
                             r"[^,]{3,60}?[\s,]+(?=I\s+(?!think|guess|feel|mean|know)\w)")


def _en_prepare(clause: str) -> str:
    text = dates_en.strip_leading(_EN_LABEL.sub("", clause.strip(EDGES)))
    text = _EN_LEAD_CLAUSE.sub("", text)
    text = _EN_DISCOURSE.sub("", text).strip(EDGES)
    text = named_where_left(_EN_GUESS_WHO.sub("I ", dates_en.strip_leading(text)))  # "left aviva": Aviva
    # "favourite food is, hmm, ..., but ramen" and "allergies, since you asked: a, b": the value is last
    if not (_EN_FAVOURITE_HEAD.match(text) or _EN_LABELLED_LIST.match(text)):
        text = _EN_AFTERTHOUGHT.sub("", text)
    if re.match(r"(?:was|is)\s+my\s", text):  # "today was my first day at X": "today" was stripped
        text = "it " + text
    if re.match(r"born\s+(?:on\s+|in\s+|and\s+raised\s+|\d)", text, re.IGNORECASE):
        text = "I was " + text  # "born 17 march 1990, chicago south side kid"
    elif _EN_BEEN.match(text) and not TRIP_EN.search(text):  # "been in Seattle since January": lives there
        text = _EN_BEEN.sub("I live in ", text, count=1)
    elif re.match(r"(?:not|no\s+longer)\s+at\s", text, re.IGNORECASE):  # "not at Rema anymore"
        text = "I'm " + text
    elif re.match(r"been\s+(?:[a-z]+\s+)?[a-z]+ing\b", text):  # "been job hunting all week"
        text = "I've " + text
    elif _EN_SUBJECTLESS.match(text):
        text = "I " + text[0].lower() + text[1:]
    elif _EN_GERUND_START.match(text):
        text = "I'm " + text[0].lower() + text[1:]
    first, _, rest = text.partition(" ")
    if first.lower() in _EN_LOWER_FIRST:
        text = first.lower() + (" " + rest if rest else "")
    while True:
        shorter = text  # the whole date first: "end of last month", not "last month" alone
        if not re.search(r"\b(?:born|birthday)\b", shorter):  # "I was born on 3 May 1991" keeps its date
            shorter = dates_en.strip_trailing(shorter)
        if not re.search(r"\bborn\s+(?:on\s+)?\S+$", shorter):  # "was born on saturday" keeps its day
            shorter = _EN_TRAIL.sub("", shorter)
        shorter = shorter.strip(EDGES)
        if shorter == text:
            return text
        text = shorter


# Parents are named without "my" in chat: "mum finally retired last friday".
_EN_BARE_PARENT = re.compile(r"(?=(?:mum|mom|dad|grandma|grandpa|nan|nana)(?:\s|'s\s))", re.IGNORECASE)
_EN_OTHER = re.compile(
    r"(?:(?:my|our)\s+|" + _EN_BARE_PARENT.pattern + r")" + PERSON
    + r"(?:,?\s+(?P<name>" + NAME + r"))?(?:,?\s+|(?='s))(?P<who>who\s+)?"
    r"(?P<verb>" + SAID_OF_THEM + r")\b\s*(?P<rest>.*)$"
)
_EN_RELATION_WORD = {"mum": "mother", "mom": "mother", "dad": "father", "sis": "sister", "bro": "brother",
                     "fiancee": "fiance", "fiancée": "fiance", "fiancé": "fiance", "neighbor": "neighbour",
                     "co-worker": "coworker", "mate": "friend", "pal": "friend", "bestie": "friend",
                     "housemate": "roommate", "landlady": "landlord", "stepmum": "stepmom"}


_EN_UNSURE_TAIL = re.compile(r"\s+(?:and|but|so)\s+(?:idk|dunno|i\s+don'?t\s+know|not\s+sure|no\s+idea)\b.*$",
                             re.IGNORECASE)


def _en_events(clause: str) -> list[Fact]:
    """Appointments and routines ("dentist on Friday at 3pm", "yoga every Tuesday")."""
    corrected = corrected_day_en.corrected_day(normalise(clause))  # "no wait, friday": before "no" goes
    if corrected:
        return corrected
    # ("now it's next tuesday 8am": the moved slot, whose "now" is no word of talk)
    said = re.sub(r"^(?i:now)\s+(it's|its|it\s+is)\b", r"\1 now", normalise(clause).strip(EDGES))
    text = _EN_DISCOURSE.sub("", said).strip(EDGES)
    # "thursday is pub quiz and idk if that survives": a doubt after it supposes nothing of it
    told = _EN_UNSURE_TAIL.sub("", text)
    # "yoga moved to thursdays so the physio reckons I should rest": the advice after it is its own
    told = re.split(r",?\s+(?:so|because|cos|coz)\s+(?=the\b|my\b|our\b|(?!I\s)[A-Z]\w*\s)"
                    r"|\s+and\s+(?=the\s[^,]*\b(?:reckons?|thinks?|says?)\b)",  # "... and the vet reckons"
                    told)[0]
    # "can u remind me i've got ...": a request to be reminded, not a question
    asked = r"^(?:(?:(?:can|could|would)\s+(?:you|u)|pls|plz)\s+)?(?:please\s+)?remind\s+me\s+(?:that\s+)?"
    if not text or _en_is_chatter(re.sub(asked, "", told, flags=re.IGNORECASE)):
        return []
    return events_en.events(text)


# "(my daughter Isabella's) ballet moved to mondays": their lesson or practice on its days.
_EN_NOT_THING = r"(?!(?:at|in|on|a|an|the|going|been|got|gone|not|so|just|still|off|back|home)\b)"
_EN_MOVED = r"(?:'s|\s+(?:is|are|has|have|got|was|moved|changed|switched|shifted|starts|started))\b"
_EN_THEIR_LESSON = re.compile(
    _EN_NOT_THING + r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?(?:" + _EN_MOVED
    + r".*\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
    r"\s+(?:appointment|appt|check-?up|lessons?|class(?:es)?|practice|training|session|"
    r"recital|match|game)" + _EN_MOVED + ")", re.IGNORECASE)


def _en_other(clause: str) -> tuple[str, str, str, list[Fact]] | None:
    """ "my sister Anna lives in Oslo" -> ("sister", "Anna", "I live in Oslo", [sister=Anna])."""
    match = _EN_OTHER.match(re.sub(r"^(?:Mum|Mom|Dad|Nan)(?=\s|'s\s)", lambda m: m.group().lower(), clause))
    if not match:
        return named_other(clause)
    rel = re.sub(r"^(?:little|big|older|younger|baby|twin|elder|best)\s+", "", match.group("rel").lower())
    about = _EN_RELATION_WORD.get(rel, rel)
    name = re.sub(r"^(?i:he|she)$", "", (match.group("name") or "").strip())  # "my brother he is a medic"
    if name and name.split()[0].lower() in ("is", "has", "just"):
        return None
    verb = match.group("verb")
    if verb == "moved" and re.match(r"out\b", match.group("rest")) and about in ("roommate", "flatmate"):
        return None  # "my roommate Tiago moved out": the home is no longer shared (changes_en)
    rest = their_verbs(match.group("rest"))
    if match.group("who"):  # "my cousin Tendai who is a nurse says ..."
        rest = WHO_ENDS.split(rest, 1)[0]
    if re.fullmatch(NAME, rest.strip(EDGES)):
        return None  # "my wife is Li": the relation, read by the mentions
    if verb == "'s" and (re.match(r"(?:birthday|name|favou?rite|fave|fav|job|hometown|age|allergy)\b", rest)
                         or _EN_THEIR_LESSON.match(rest)):
        inner = "my " + rest  # "my mum's birthday is on the 22nd", "my son's swim moved to fridays": hers
    elif verb in ("'s", "is"):
        if re.match(r"(?:worked|been|got|lived|moved|had|started|left|done)\b", rest):
            inner = "I've " + rest
        else:
            inner = "I'm " + rest
    elif verb in THIRD_VERBS:
        inner = "I " + THIRD_VERBS[verb] + " " + rest
    elif verb == "was":
        inner = "I was " + rest
    elif verb.endswith("ing"):
        inner = "I'm " + verb + " " + rest
    else:  # "my mum still lives in Cork": an adverb, then their verb said as mine
        inner = "I " + verb + " " + re.sub(r"^\w+", lambda m: THIRD_VERBS.get(m.group(), m.group()), rest)
    relation = [Fact(about, name, Op.ASSERT, 0.85)] if name else []
    return about, name, inner.strip(), relation


# "fave food is probably dumplings?", "I'm allergic to like, shellfish?": a statement said
# with a rising tone. A first-person statement shape with no question word, no "or" and
# no modal is read as a statement.
_EN_UPTALK = re.compile(r"^\W*(?:I'm|I\s+am|I've|I\s+(?!should|could|would|can|will|might)[a-z]+|"
                        r"(?:we|" + NAME + r"\s+and\s+I)(?:'re|\s+are)\s+(?!you\b)|"
                        r"(?:my\s+)?(?:fav(?:e|ou?rite)?|fav)\s+\w+(?:\s+\w+)?\s+(?:is|are|'s))\b")
_EN_ASKING = re.compile(r"\b(?:or|right|what|how|why|where|when|which|who|should|could|would|can|will|"
                        r"do|does|did|ok|okay|weird|normal|bad|wrong)\b", re.IGNORECASE)


def _en_is_question(sentence: str) -> bool:
    text = normalise(sentence).strip()
    if not re.search(r"[?？][\W]*$", text) or _en_statement_before_question(text) is not None:
        return False
    # "hmm is complicated, i'm kind of a... freelance translator?": the statement may come last
    last = re.split(r"[,;:]\s*", text)[-1]
    said = _EN_UPTALK.match(_EN_DISCOURSE.sub("", text)) or _EN_UPTALK.match(last)
    uptalk = said and not _EN_ASKING.search(text)
    return not uptalk


_EN_LABELLED_LIST = re.compile(r"(?:my\s+)?(?:allergies|hobbies)\b[^:]{0,30}:\s")
_EN_FAVOURITE_HEAD = re.compile(r"(?:my\s+)?(?:\w+\s+)?(?:favou?rite|fave|fav)\s+[\w -]{1,30}?\s+"
                                r"(?:is|are)\b[\s,]*", re.IGNORECASE)


def _en_is_chatter(clause: str) -> bool:
    """Hypotheticals, opinions and questions without a question mark state no fact. A
    hedge about a change ("thinking about dropping out") still raises its doubt: a doubt
    ends nothing."""
    if any(doubt.pattern.match(clause) for doubt in changes_en.DOUBTS) or _EN_LABELLED_LIST.match(clause):
        return False
    head = _EN_FAVOURITE_HEAD.match(clause)  # "is, hmm, I'd eat anything, but ramen" states the head
    return bool(_EN_CHATTER_START.match(clause) or _EN_HYPOTHETICAL.search(head.group(0) if head else clause))


def _en_negated(clause: str) -> tuple[str, float] | None:
    """ "I no longer live in X" / "I don't X anymore" / "I used to X" -> ("I ...", factor)."""
    for pattern, prefix, factor in _EN_NEGATIONS:
        if match := pattern.match(clause):
            return prefix + match.group("rest"), factor
    return None


def _en_note(sentence: str) -> str | None:
    """The content of "remember that ...", "please note: ...", "don't forget ..."."""
    match = _EN_NOTE.match(_en_prepare(normalise(sentence)))
    if not match:
        return None
    value = match.group("v").strip(EDGES)
    # The date a note ends with is part of what to remember: "my passport expires in March".
    spoken = normalise(sentence).rstrip(EDGES)
    at = spoken.find(value) if value else -1
    tail = spoken[at + len(value):] if at >= 0 else ""
    if tail.strip() and not dates_en.strip_trailing(tail).strip(EDGES):
        value += tail
    asked_back = sentence.rstrip().endswith("?") and re.match(r"\W*(?:\w+\W+)?remember\b", sentence, re.I)
    if not value or len(value) > MAX_NOTE or asked_back:  # "remember the korean thing?"
        return None
    if re.match(r"(?:when|how|what|me|us|him|her|them|it|this|that)\b", value, re.IGNORECASE):
        return None  # "remember when ...", "remember me?"
    return value


ENGLISH = Grammar(
    split_clauses=_en_split_clauses,
    prepare=_en_prepare,
    is_question=_en_is_question,
    is_chatter=_en_is_chatter,
    note=_en_note,
    negated=_en_negated,
    retractions=rules_en.RETRACTIONS,
    rules=rules_en.RULES,
    mentions=rules_en.MENTIONS,
    other=_en_other,
    dated=dates_en.find,
    events=_en_events,
)
