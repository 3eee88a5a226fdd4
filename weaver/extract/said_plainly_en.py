"""English of many places said in the plain words the rules read, before they read it.

People type the English they speak: "shifted to Lahore" (moved, in South Asia), "i stay
tampines" and "i dey lagos" (live, in Singapore and Nigeria), "she be resident doctor" and
"i dey work for shell" (Nigerian Pidgin). Each is said plainly ("moved to Lahore", "I live
in tampines", "she is resident doctor", "I work for shell"); every other word is left as
typed, so values keep the speaker's spelling. So are a home told by its kind ("staying in a
condo in Relau": "I live in Relau") and a self-introduction ("bit about me, Shane, 38,",
"I am Rev. Ebo Quansah": "I'm Shane, 38,", "I am Ebo Quansah").
"""

from __future__ import annotations

import itertools
import re

from vaultweave.weaver.extract.dates_en import day_put_last
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import PLACES, clean_name, is_job, words
from vaultweave.weaver.extract.workplaces_en import at_work_in, in_said_as_at, named_where_worked

# "shifted to Lahore", "we're shifting into a new flat": moved, in the English of South Asia
_SHIFTED = re.compile(r"\bshift(ed|ing)(?=\s+(?:back\s+)?(?:to|into|from)\s+"
                      r"(?:[A-Za-z]|a\s+new\b|(?:my|our)\s+new\b))")


# "i stay in abuja", "i stay tampines", "i dey stay for lekki", "i dey lagos": where one lives,
# in the Englishes of West Africa, South and Southeast Asia ("I'm staying at a hotel" is a visit)
_STAY = re.compile(r"\b(?P<who>I|i|we)\s+(?P<adv>(?:still|also|now|just|currently)\s+)?(?:(?P<dey>dey)\s+)?"
                   r"(?P<stay>stay\s+)?(?:(?:in|at|for)\s+)?(?P<where>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
                   r"(?P<end>\s*(?:[,.;!?)]|$|\s))")
_NOT_STAYED_IN = words(
    "home house hotel hostel airbnb bed touch up late over out away awake calm quiet healthy fit positive "
    "hydrated single inside indoors the a an my our your his her their with for till until because so and "
    "but work working go going come coming be get got do make"
)

# "staying in a condo in Relau", "living in a PG in Old Rajinder Nagar", "a 2BHK in Baner",
# "flatshare in leyton", "now staying in Mylapore with my wife": the home, said by the kind of
# place first or by a stay that is no visit (never a hotel, a hostel or an airbnb, nor a stay
# "for the week")
_DWELLING = (r"(?:condo|flat|flatshare|flat\s+share|house\s*share|apartment|house|room|box\s+room|studio|"
             r"bedsit|(?i:pg)|unit|townhouse|bungalow|cottage|place|hdb(?:\s+flat)?|HDB(?:\s+flat)?|\d\s?(?i:bhk|rk))")
_HOME_BY_KIND = re.compile(
    r"(?P<lead>\b(?:I|i|we)(?:'m|'re|\s+am|\s+are)?\s+|(?:^|(?<=[.;!?,]))\s*)"
    r"(?P<adv>(?:(?:still|also|now|just|currently)\s+)*)"
    # (or "in" right after "I'm", "I am", "we're", "we are": "I'm in a little bungalow in Knaresborough")
    r"(?:(?:(?:live|living|staying|renting|sharing|share)\s+(?:in\s+)?|(?<=[mMe]\s)in\s+)(?:a|an|my|our|the)\s+"
    r"(?:[\w'-]+\s+){0,2}?" + _DWELLING + r"|staying|(?:a\s+)?(?:flatshare|flat\s+share|house\s*share))"
    r"\s+in\s+(?=[A-Za-z])(?![\w'-]+(?:\s+[\w'-]+)?\s+(?:for|till|until|this|tonight|over|on\s+(?:holiday|vacation))\b)"
)


# How people introduce themselves: "I am Rev. Ebo Quansah", "I am S. Raghavan" (the name,
# without the honorific or the initial), "am Baraka" (I dropped), "tadhg here, 61," and
# "bit about me, Shane, 38," (a name and an age, told as a pair)
_HONORIFIC = re.compile(r"\b(I(?:'m|\s+am)\s+)(?:(?:Rev|Revd|Dr|Mr|Mrs|Ms|Fr|Prof|Engr|Hon)\.?\s+|"
                        r"(?:Pastor|Father|Sister|Brother|Chief|Doctor)\s+|[A-Z]\.\s*)(?=[A-Z][a-z])")
_AM_NAME = re.compile(r"(^|[.!?,]\s*)am\s+(?=[A-Z][a-z]+(?:\s*[,.!]|\s+here\b|$)|(?:a|an)\s+[a-z])")
_INTRO_LEAD = (r"(?:^|(?<=[.!?])\s+|"
               r"(?:about\s+me|hi(?:\s+there)?|hello|hey|hiya|howya|evening|morning)[,.!:]?\s+)")
_NAME_HERE = re.compile(_INTRO_LEAD + r"(?P<n>[a-zà-ÿ][a-zà-ÿ'-]{2,14})\s+here"
                        r"(?=\s*[,.!]|\s*$|\s+[^\x00-\u2000])")  # (or an emoji after it)
# ("callum. 41. joiner", "hey, olu. 28, junior doctor": a full stop between them too)
_NAME_AND_AGE = re.compile(_INTRO_LEAD + r"(?!(?:I|I'm|im|i'm|my|our)\b)"
                           r"(?P<n>[A-Za-z][a-z'-]{2,14}(?:\s+[A-Za-z][a-z'-]{2,14})?)[,.]\s+(?=\d{2}[,.]\s)")
# "I'm Baraka, tour guide in mombasa", "I'm Maya, 34, nurse": the name, then the rest said as
# what the speaker is ("I'm Baraka. I'm tour guide in mombasa")
_NAME_THEN = re.compile(r"\b(?P<lead>I(?:'m|\s+am)\s+[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2}),\s+"
                        r"(?=\d{1,2}\b|a\s|an\s|[a-z])(?!(?:and|but|so|or|because|cos|if|when|i|who|which|that|"
                        r"lol|haha|here|btw|tbh|nice|thanks|thank|hi|hello|hey)\b)")
# Words chat opens with that ``clean_name`` (which every name read passes) does not refuse
_NOT_NAMES = words("anyway anyways yes yeah me everyone someone anyone nobody who this that update news hmm "
                   "lol haha honestly please")


def _no_name(name: str) -> bool:
    """A word where an introduction's name stands that names no one: a word of chat, a title
    ("Lena here. paramedic, 29, ...") or a place and its weather ("Paris. 30 degrees.")."""
    return (name.split()[0].lower() in _NOT_NAMES or clean_name(name) is None or is_job(name.lower())
            or name.lower() in PLACES)


def _name_told(m: re.Match[str]) -> str:
    name = m.group("n")
    if _no_name(name):
        return m.group(0)
    lead = m.group(0)[: m.start("n") - m.start()]
    return f"{lead}I'm {' '.join(w.capitalize() for w in name.split())}, "


def _here_capitalised(m: re.Match[str]) -> str:
    if is_job(m.group("n")):
        return m.group(0)  # "nurse here": a trade, not a name
    return f"{m.group(0)[: m.start('n') - m.start()]}{m.group('n').capitalize()} here"


# "i'm destiny, hairstylist, ...": a name in lower case, known by the age or the title after it
_LOWER_NAME_THEN = re.compile(r"(?:^|(?<=[.!?,]\s)|(?<=\bhey\s)|(?<=\bhi\s)|(?<=\bhiya\s)|(?<=\bhello\s))"
                              r"(?:i'm|im|i\s+am|I'm|I\s+am)\s+(?P<n>[a-z][a-z'-]{2,12})(?:\s+btw)?,\s+"
                              r"(?=\d{2}\b(?!\s*(?:min|hour|hr|day|week|month|year|%|k\b|am\b|pm\b))"
                              r"|(?:a\s+|an\s+)?(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s*[,.])")


def _lower_name(m: re.Match[str]) -> str:
    name, title = m.group("n"), m.group("t")
    if _no_name(name) or (title and not is_job(title)):
        return m.group(0)
    return f"I'm {name.capitalize()}, "


# "29M, 85kg, electrician", "34f here": an age and a sex, the forum way of saying who one is
_AGE_AND_SEX = re.compile(r"(?P<lead>^\W*|[.!?:]\s*|(?<=\w),\s*)(?P<n>1[3-9]|[2-9]\d)\s?[MFmf]"
                          r"(?=\s*[,/.]|\s+here\b|$)")


def introduced(text: str) -> str:
    """``text`` with a self-introduction said the plain way: "I'm Shane, 38, ...", "I'm 29, 85kg"."""
    text = _AGE_AND_SEX.sub(r"\g<lead>I'm \g<n>", text)
    text = _LOWER_NAME_THEN.sub(_lower_name, _AM_NAME.sub(r"\1I am ", _HONORIFIC.sub(r"\1", text)))
    text = _NAME_HERE.sub(_here_capitalised, text)
    return _NAME_THEN.sub(r"\g<lead>. I'm ", _NAME_AND_AGE.sub(_name_told, text))


def _home_by_kind(m: re.Match[str]) -> str:
    who = m.group("lead").strip()
    sentence = re.split(r"[.;!?]", m.string[: m.start()])[-1]
    if not who and "," in m.string[m.start() - 1 : m.start() + 1] and _SOMEONE_ELSE.search(sentence):
        return m.group(0)  # "she moved back, staying in galway for now": hers
    after = re.match(r"[\w'-]+", m.string[m.end():])
    if re.search(r"staying\s+in\s+$", m.group(0)) and after and after.group().islower() and not known_place(
            after.group()):
        return m.group(0)  # "nah I'm staying in history": a subject kept, no town
    subject = "we" if who.lower().startswith("we") else "I"
    return f"{' ' if m.start() else ''}{subject} {m.group('adv')}live in "


_SOMEONE_ELSE = re.compile(r"\b(?:he|she|they|his|her|their|he's|she's)\b", re.IGNORECASE)


# "livin in chaguanas now", "workin at the docks": the g dropped, in speech written as said
_DROPPED_G = re.compile(r"\b(liv|work|stay|mov|studi|study|teach|learn|start|runn|visit|morn|even)in'?"
                        r"(?=\W|$)",
                        re.IGNORECASE)

# Scots as typed: "physio's moved tae next monday", "a wee flat wi ma pal" (a word of its
# own only: "tae" never inside another word)
_SCOTS_WORD = {"tae": "to", "wi": "with", "aboot": "about", "oot": "out", "hame": "home"}
_SCOTS = re.compile(r"\b(tae|wi|aboot|oot|hame)\b(?=\s+[a-z0-9])", re.IGNORECASE)
# "tae see ma gran": "ma" is "my" before kin (and "my ma" stays the speaker's mother)
_MA_KIN = re.compile(r"(?<!\bmy\s)\b([Mm])a\s+(?=(?:gran|granny|grandad|grampa|mum|mam|maw|da|dad|wife|man|"
                     r"husband|brother|sister|wean|weans|boy|girl|lassie|laddie|pal|nephew|niece|cousin|auntie|"
                     r"uncle|son|daughter)\b)")

# Kin as the speaker's family says it, after "my": "my kakak Aina" (Malay), "my akka" (Tamil,
# Sinhala), "my ate" and "my lola" (Tagalog), "my bhaiya" (Hindi), "my abuela" (Spanish), "my nonna"
# (Italian), "my babcia" (Polish), "my avó" (Portuguese).
# Words that mean another relative in another English ("nana") or a given name ("anna") are
# not here.
KIN = {
    "kakak": "sister", "kak": "sister", "abang": "brother", "akka": "sister", "akki": "sister",
    "thangachi": "sister", "thambi": "brother", "aiya": "brother", "bhaiya": "brother",
    "bhai": "brother", "ate": "sister", "lola": "grandmother", "lolo": "grandfather", "nani": "grandmother",
    "dadi": "grandmother", "oma": "grandmother", "opa": "grandfather", "abuela": "grandmother",
    "abuelo": "grandfather", "hermana": "sister", "hermano": "brother", "tita": "aunt", "tito": "uncle",
    "tia": "aunt", "tio": "uncle", "tía": "aunt", "tío": "uncle", "bibi": "grandmother", "ammi": "mother",
    "ammu": "mother", "abbu": "father", "abba": "father", "mama": "mother", "mami": "mother",
    "papa": "father", "baba": "father", "mamá": "mother", "papá": "father", "jiejie": "sister",
    "gege": "brother", "meimei": "sister", "ayah": "father", "ibu": "mother", "mak": "mother",
    "nonna": "grandmother", "nonno": "grandfather", "babcia": "grandmother", "dziadek": "grandfather",
    "vovó": "grandmother", "vovô": "grandfather", "avó": "grandmother", "avô": "grandfather",
}
# The kin word as typed in lower case: "my Lola" is someone called Lola.
_KIN_WORD = re.compile(r"\b((?i:my|our)\s+(?:(?:little|big|older|younger|elder)\s+)?)(" + "|".join(KIN)
                       + r")\b(?!\s+(?:is|was)\s+(?:a|an|the)\b)")
# "wife Lakshmi joined deloitte": the relative named first, "my" left out
_BARE_KIN = re.compile(r"(^|[.!?]\s+)((?i:wife|husband|son|daughter|sister|brother|mum|mom|dad|boyfriend|"
                       r"girlfriend|hubby|fiance|fiancee))\s+(?=[A-Z][a-z]+(?:'s\s|\s+(?:is|was|has|just|joined|works|lives|"
                       r"moved|started|left|quit|got|turned|studies)\b))")

# A title said the way one's own English says it: "i be banker" (Nigerian Pidgin), "nurse ako
# sa st lukes" (Taglish: I am a nurse at), "i'm a nurse myself" (the title, then "myself").
_TITLE_SAID_AS_THEIRS = re.compile(
    r"\b(?:(?P<be>I|i|he|she|He|She)\s+be\s+(?P<t1>[a-z]+(?:\s+[a-z]+){0,2}?)"
    r"(?=\s*(?:[,.;!?]|$|\s+(?:so|and|for|at|in|with)\b))"
    r"|(?P<t2>[A-Za-z]+(?:\s+[a-z]+)?)\s+(?:na\s+)?ako(?:\s+(?P<sa>sa)\b)?"
    r"|(?P<me>I'm|i'm|im|I\s+am|i\s+am)\s+(?P<a>an?)\s+(?P<t3>[a-z]+(?:\s+[a-z]+)?)\s+(?:myself|too)\b)")


# The verb "be" left out, as Caribbean and West African English leave it: "she a nurse up deh",
# "mi a team leader at a call centre", "my sister Ngozi na lawyer", "na civil engineer i be"
_TITLE_WITHOUT_BE = re.compile(
    r"\b(?:(?P<who>[Hh]e|[Ss]he|[Mm]i)\s+(?:an?)|(?P<name>[A-Z][a-z]+|[Hh]e|[Ss]he)\s+na)\s+"
    r"(?P<t>[a-z]+(?:\s+[a-z]+){0,2}?)(?=\s*(?:[,.;!?]|$)|\s+(?:at|in|for|with|up|down|out|inna|so|and)\b)"
    r"|^\W*na\s+(?P<t2>[a-z]+(?:\s+[a-z]+)?)\s+i\s+be\b")


def _title_without_be(m: re.Match[str]) -> str:
    title = m.group("t") or m.group("t2")
    asked = re.search(r"\b(?:is|was|are|were|'s)\s*$", m.string[: m.start()])  # "is she a nurse?"
    if not is_job(title) or asked:
        return m.group(0)
    if m.group("t2") or (m.group("who") or "").lower() == "mi":
        return f"I am a {title}"
    return f"{m.group('who') or m.group('name')} is a {title}"


def _title_said_plainly(m: re.Match[str]) -> str:
    title = m.group("t1") or m.group("t2") or m.group("t3")
    if not is_job(title):
        return m.group(0)
    if m.group("t1"):
        return ("I am " if m.group("be") in ("I", "i") else f"{m.group('be')} is ") + f"a {title}"
    if m.group("t2"):
        return f"I am a {title.lower()}" + (" at" if m.group("sa") else "")
    return f"{m.group('me')} {m.group('a')} {title}"


# "w" alone between lower-case words is "with" as chat types it
_W_FOR_WITH = re.compile(r"(?<=[a-z] )w(?= [a-z])")


def said_plainly(text: str) -> str:
    """``text`` with the words above said plainly: "shifted to Lahore last week" -> "moved to
    Lahore last week", "i stay there with my wife" -> "I live there", "she be resident doctor
    for national hospital" -> "she is resident doctor for national hospital"."""
    text = _SCOTS.sub(lambda m: _SCOTS_WORD[m.group(1).lower()], _DROPPED_G.sub(r"\1ing", text))
    text = _W_FOR_WITH.sub("with", text)  # "started w brightwave", "moved in w my friend"
    # "nurse in the mater", "PM at wayfair", "he is in Infosys, project manager" (workplaces_en)
    text = at_work_in(named_where_worked(in_said_as_at(text)))
    text = _MA_KIN.sub(lambda m: ("M" if m.group(1) == "M" else "m") + "y ", text)
    text = _KIN_WORD.sub(lambda m: m.group(1) + KIN[m.group(2).lower()], text)
    text = _BARE_KIN.sub(lambda m: m.group(1) + "my " + m.group(2).lower() + " ", text)
    text = _TITLE_WITHOUT_BE.sub(_title_without_be, _TITLE_SAID_AS_THEIRS.sub(_title_said_plainly, text))
    text = _PIDGIN_BE.sub(_is, _PIDGIN_DEY.sub(_does, _SHIFTED.sub(r"mov\1", text)))
    text = re.sub(r"\b(live|lives|living)\s+for\s+(?=[A-Z])", r"\1 in ", text)  # "we dey live for Ikeja"
    text = _LIVE_WHERE_IN.sub(r"\1 in ", text)  # "i stay all the way in Kasarani", "uptown inna Kingston"
    text = _LIVING_TOWN.sub(_living_in, text)  # "living dublin 9 years now", "living Diego Martin now"
    text = _HOME_BY_KIND.sub(_home_by_kind, introduced(text))
    text = _STILL_IN.sub(_still_in, _BASED_IN.sub(_based_in, text))
    return day_put_last(_BIRTHDAY_IS.sub(_birthday_is, _STAY.sub(_lives, text)))


# "plan a surprise for my boyfriend Sipho's birthday, it's on the 21st of Feb", "my son Zain's 7th
# birthday is on 14th Feb": whose birthday is when, said plainly in a sentence of its own ("my
# boyfriend Sipho's birthday is on ..."); the age is not told for certain, the day may be ahead
_BIRTHDAY_IS = re.compile(r"(?P<whose>\b(?:(?:[Mm]y|[Oo]ur)\s+(?:[a-z]+\s+)?)?"
                          r"(?!(?i:it|that|what|there|here|he|she|who|let|where)'s)[A-Za-z][\w-]*'s)\s+"
                          r"(?P<nth>\d{1,3}(?:st|nd|rd|th)\s+)?(?P<day>birthday|bday|b-day)"
                          r"(?P<sep>,?\s+(?:it's|it\s+is|which\s+is)\s+|\s+(?:is\s+)?(?=on\s))",
                          re.IGNORECASE)


def _birthday_is(m: re.Match[str]) -> str:
    lead = re.split(r"[.!?]\s", m.string[: m.start()])[-1].strip()
    sep, plain = m.group("sep"), m.group("day").lower() == "birthday"
    if not (lead or m.group("nth") or not sep.strip() or "it" in sep or not plain):
        return m.group(0)  # "my mum's birthday is on 3 May" is read as it is
    whose = m.group("whose")
    return f"{whose} {m.group('day')}. {whose[0].lower()}{whose[1:]} birthday is "


# "I'm London-based", "we're melbourne based now": where one lives, said as where one is based
# (a town the gazetteer knows: "office based" is how one works)
_BASED_IN = re.compile(r"\b(?P<who>I|i|we)(?:'m|'re|\s+am|\s+are|m)\s+(?:(?:now|currently)\s+)?"
                       r"(?P<town>[A-Za-z][\w'.]+(?:\s+[A-Za-z][\w'.]+)?)[- ]based\b")


# "still in Yaba sha, i actually like it here": a sentence without its subject, still home
_STILL_IN = re.compile(r"(?:^|(?<=[.!?]\s))(?:(?:and|but|yeah|ya|yh|so)\s+)?still\s+in\s+"
                       r"(?P<town>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?)(?=\s*(?:[,.!;]|$)|\s+(?:sha|o|lah|la|oh|tho|"
                       r"though|and|but|for\s+now|tbh)\b)")


def _still_in(m: re.Match[str]) -> str:
    town = known_place(m.group("town"))
    theirs = re.search(r"\b(?:he|she|they|he's|she's|his|her)\b", m.string[: m.start()], re.IGNORECASE)
    return f"I'm still in {town}" if town and not theirs else m.group(0)  # "she starts monday. still in X"


def _based_in(m: re.Match[str]) -> str:
    town = known_place(m.group("town"))
    return f"{m.group('who')} live in {town}" if town else m.group(0)


# Where in town one lives, said between the verb and "in": "all the way", "uptown", "out"
_LIVE_WHERE_IN = re.compile(r"\b(live|lives|living|stay|stays|staying)\s+(?:uptown|downtown|out|over|up|down|"
                            r"way\s+out|all\s+the\s+way|right)\s+(?:in|inna)\s+", re.IGNORECASE)
# "living dublin 9 years now": the town right after the verb, "in" left out
_LIVING_TOWN = re.compile(r"\b(?P<verb>living|live)\s+(?P<town>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})")
_NOT_LIVED = words("i in at with on near the a an my our here there it life room proof wage abroad alone off "
                   "together large well")


def _living_in(m: re.Match[str]) -> str:
    tokens = m.group("town").split()
    if tokens[0].lower() in _NOT_LIVED:
        return m.group(0)
    # the longest run of the first words that names a known town, else the words in capitals
    size = next((n for n in range(len(tokens), 0, -1) if known_place(" ".join(tokens[:n]))), 0)
    size = size or len(list(itertools.takewhile(lambda t: t[:1].isupper(), tokens)))
    if not size:
        return m.group(0)
    said = " ".join(tokens[:size])
    return f"{m.group('verb')} in {known_place(said) or said}{m.group('town')[len(said):]}"


def _lives(m: re.Match[str]) -> str:
    where = m.group("where")
    said = m.group("stay") or (m.group("dey") and known_place(where))
    if not said or where.lower() in _NOT_STAYED_IN:
        return m.group(0)
    if where.lower() in ("there", "here"):
        return f"{m.group('who')} {m.group('adv') or ''}live {where}{m.group('end')}"
    if not (where[0].isupper() or known_place(where) or re.match(r"\s*[,.;!?)]|$", m.group("end"))):
        return m.group(0)
    return f"{m.group('who')} {m.group('adv') or ''}live in {where}{m.group('end')}"


# Nigerian Pidgin: "she be resident doctor" (is), "he dey work for MTN" (works), "my sis dey
# come visit from abuja" (is coming)
_PIDGIN_BE = re.compile(r"\b(?P<who>I|i|he|she|He|She)\s+be\s+"
                        r"(?=(?:a|an)\s|(?:[a-zA-Z]+\s+){1,3}(?:for|at|in)\b)")
_PIDGIN_DEY = re.compile(r"\b(?P<who>[A-Za-z]+)\s+dey\s+(?P<verb>work|live|study|teach|come|go)\b")


def _is(m: re.Match[str]) -> str:
    return "I am " if m.group("who") in ("I", "i") else f"{m.group('who')} is "


_THIRD_PERSON = {"work": "works", "live": "lives", "study": "studies", "teach": "teaches"}


def _does(m: re.Match[str]) -> str:
    who, verb = m.group("who"), m.group("verb")
    plural = who.lower() in ("i", "we", "they", "you")
    if verb in ("come", "go"):
        be = "I am" if who in ("I", "i") else f"{who} are" if plural else f"{who} is"
        return f"{be} {'coming' if verb == 'come' else 'going'}"
    return f"{who} {verb if plural else _THIRD_PERSON[verb]}"
