"""An English chat sentence made readable before its clauses are read (``grammar_en``).

Chat types "im", "soooo", "PASSED MY TEST!!!", "blink-182, don't judge, ...", "based in
leeds if that matters", "my brother declan lives in sydney" and emoji between thoughts.
``normalise`` turns them into what the clause grammar reads (I'm, so, an aside dropped, a
comma for the emoji, Leeds and Declan capitalised, "half past two" as 2:30, "a vet down in
Timaru" as "a vet in Timaru"); nothing else of the sentence changes.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.kin_values import PET_KINDS
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import LANGUAGE_NAMES, PLACES, is_job, words

# Who a speaker names by relation ("my older sister", "my best friend").
PERSON = (
    r"(?P<rel>(?:(?:little|big|older|younger|baby|twin|elder|best)\s+)?(?:sister|brother|sis|bro|"
    r"wife|husband|boyfriend|girlfriend|partner|fianc[eé]e?|mom|mum|mother|dad|father|son|"
    r"daughter|friend|mate|boss|manager|coworker|co-worker|colleague|roommate|flatmate|neighbou?r|"
    r"grandma|grandpa|grandmother|grandfather|grandson|granddaughter|daughter-in-law|son-in-law|aunt|uncle|"
    r"sister-in-law|brother-in-law|mother-in-law|father-in-law|stepmom|stepmum|stepdad|stepson|stepdaughter|"
    r"pal|bestie|housemate|landlord|landlady|godmother|godfather|"
    r"cousin|niece|nephew))"
)
# What is said of someone named by relation, right after their name: "my sister Anna lives ...".
SAID_OF_THEM = (
    r"'s|is|has|lives|works|moved|just|recently|finally|officially|also|still|now|actually|already|turned|speaks|studies|loves|"
    r"likes|hates|left|started|got|joined|quit|was|used|retired|retiring|turns|turned|does|plays|goes|"
    r"dropped|graduated|runs|owns|teaches|drives|sells|working|studying|living|teaching|"
    r"stays(?=\s+in\b)"  # "my sister stays in Pune": lives there (someone_named_en.THIRD_VERBS)
)
_EN_FIXES = (
    (re.compile(r"[’‘]"), "'"),
    (re.compile(r"\bi(?=\s|'|$)"), "I"),
    (re.compile(r"\b[Ii]m\b"), "I'm"),
    (re.compile(r"\b[Ii]ve\b"), "I've"),
    (re.compile(r"\bdont\b"), "don't"),
    (re.compile(r"\blil\b"), "little"),  # "my lil sister Noor"
    (re.compile(r"\bI\s+(?=(?:working|studying|staying|teaching|learning|living|training|doing)\b)"), "I'm "),
    (re.compile(r"\b(?:eldest|oldest)(?=\s+(?:son|daughter|sister|brother|kid|child|boy|girl)\b)"), "older"),
    (re.compile(r"\byoungest(?=\s+(?:son|daughter|sister|brother|kid|child|boy|girl)\b)"), "younger"),
    (re.compile(r"\b([Ss]he|[Hh]e)s\b"), r"\1's"),  # "shes a garda": she's
    (re.compile(r"(?:^|(?<=[,.;!]\s))([Ss]he|[Hh]e)\s+(?=an?\s+[a-z])"), r"\1's "),  # "she a midwife"
    (re.compile(r"\bcant\b"), "can't"),
    (re.compile(r"\bfrm\b"), "from"),
    (re.compile(r"\b(?:tmr|tmrw|tmw|tmrrw|2moro|2morrow|2mrw)\b", re.IGNORECASE), "tomorrow"),
    (re.compile(r"\b(?:my\s+own|my)\s+(?:bday|b-day|birthday)\b", re.IGNORECASE), "my birthday"),
    (re.compile(r"(?<='s\s)(?:bday|b-day)\b|(?<=\b(?:his|her)\s)(?:bday|b-day)\b", re.IGNORECASE),
     "birthday"),
    (re.compile(r"\bmy\s+go-?to\b(?=\s+[a-z])|\bmy\s+go\s+to\b(?=\s+(?:drink|food|snack|meal|order|coffee|beer|"
                r"wine|song|album|movie|film|show|book|game|band|artist|dish|restaurant|spot)\b)",
                re.IGNORECASE),
     "my favourite"),
    # "goodbye my beloved flat whites": a thing given up, said as "no more"
    (re.compile(r"\b(?:goodbye|bye\s+bye|farewell)\s+(?:to\s+)?(?:my\s+)?(?:beloved\s+|dear\s+|precious\s+)?"
                r"(?=[a-z])(?!(?:for\s+now|then|everyone|all|guys)\b)", re.IGNORECASE), "no more "),
    (re.compile(r"\bw/(?=\s)"), "with"),
    # "OTR driver w Werner", "a postie wi Royal Mail": a lone w or wi before a name is "with";
    # Scots "wis" is "was" ("wis a postie for 30 year")
    (re.compile(r"(?<=[a-z])\s+wi?\s+(?=[A-Z][a-z])"), " with "),
    (re.compile(r"\bwis\b"), "was"),
    (re.compile(r"\b(\d{1,2})\s+year(?=\s*(?:[,.!?;]|$))"), r"\1 years"),  # "wi Royal Mail 11 year,"
    (re.compile(r"\b((?:with|at)\s+[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)\s+(\d{1,2})\s+years\b"),
     r"\1 for \2 years"),  # "with Royal Mail 11 years"
    # "a stay at home mom": one title, whose "at" opens no workplace
    (re.compile(r"\bstay\s+at\s+home\s+(?=(?:mom|mum|dad|parent|mother|father|wife|husband)\b)",
                re.IGNORECASE), "stay-at-home "),
    (re.compile(r"\b(?:wfh|WFH)(?=\s+(?:for|at)\s)"), "work remotely"),  # "wfh for zoho"
    # "my bf theo", "her hubby": the relation words chat shortens
    (re.compile(r"\b(my|our|her|his|your|ur)\s+(?:bf|boyf)\b", re.IGNORECASE), r"\1 boyfriend"),
    (re.compile(r"\b(my|our|her|his|your|ur)\s+(?:gf|girlf)\b", re.IGNORECASE), r"\1 girlfriend"),
    (re.compile(r"\b(my|our|her|his|your|ur)\s+(?:hubby|hubs)\b", re.IGNORECASE), r"\1 husband"),
    (re.compile(r"\b(?:my|me)\s+fella\b", re.IGNORECASE), "my boyfriend"),  # not "our young fella", a son
    (re.compile(r"\b(?:my|the)\s+(?:missus|missis|wifey)\b", re.IGNORECASE), "my wife"),
    # "gift ideas for the wife, Aisha", "the hubby Marcus": a partner named is one's own
    (re.compile(r"\bthe\s+(wife|husband|hubby)\b,?\s+(?=[A-Z][a-z]+\b(?!\s+(?:and|&)\s+I\b))"),
     lambda m: "my " + {"hubby": "husband"}.get(m.group(1), m.group(1)) + " "),
    (re.compile(r"\b(my|our|his|your|ur)\s+wifey\b", re.IGNORECASE), r"\1 wife"),
    (re.compile(r"\b(my|our|her|his|your|ur)\s+(?:housemate|house-mate|roomie)\b", re.IGNORECASE),
     r"\1 roommate"),
    # the words for family of the Englishes chat is typed in: "my kuya Paolo", "my didi Kavya",
    # "my mam", "my boet"; "ate" (a sister, in Tagalog) only before her name
    (re.compile(r"\b(my|our)\s+(?:kuya|bhai|bhaiya|boet|boeta)\b(?=\s+[A-Za-z])",
                re.IGNORECASE), r"\1 brother"),
    (re.compile(r"\b(my|our)\s+(?:didi|akka|unnie|noona|ate(?=\s+[A-Z]))\b", re.IGNORECASE), r"\1 sister"),
    # Spanish kin in English chat: "mi esposo Luis", "my hija Sofi"
    (re.compile(r"\b(?:my|mi)\s+(esposo|esposa|hijo|hija|novio|novia)\b(?=\s+[A-Z])", re.IGNORECASE),
     lambda m: "my " + {"esposo": "husband", "esposa": "wife", "hijo": "son", "hija": "daughter",
                        "novio": "boyfriend", "novia": "girlfriend"}[m.group(1).lower()]),
    (re.compile(r"\b(my|our)\s+(?:amma|ammi|mam|mammy|maa|mama|mummy|nanay|mami)\b(?!\s+and\s+dad)",
                re.IGNORECASE), r"\1 mum"),
    (re.compile(r"\b(my|our)\s+(?:appa|abba|abbu|papa|tatay|pops|da|baba)\b(?=[\s,.!?']|$)",
                re.IGNORECASE), r"\1 dad"),
    (re.compile(r"\b(my|our)\s+(?:lola|nan|nana|nanna|gran|granny|nani|dadi|halmeoni)\b", re.IGNORECASE),
     r"\1 grandma"),
    (re.compile(r"\b(my|our)\s+(?:lolo|grandad|granda|nanaji)\b(?=[\s,.!?']|$)",
                re.IGNORECASE), r"\1 grandpa"),
    (re.compile(r"\b(my|our)\s+(?:babe|bae|other\s+half|significant\s+other)\b(?=\s+[A-Z])"), r"\1 partner"),
    (re.compile(r"\b(I|I'm)\s+work(ing)?\s+like\s+(?=(?:a|an)\s|[a-z]+\s+(?:at|in|for)\b)"),
     r"\1 work\2 as "),  # "I work like nurse in Erasmus MC": as
    # "i work nights as an ICU nurse at ...": when one works says nothing of where
    (re.compile(r"\b(work|working)\s+(?:nights|days|evenings|mornings|weekends|part[- ]time|full[- ]time|"
                r"remotely|remote|from\s+home)\s+(?=as\s)", re.IGNORECASE), r"\1 "),
)
# "I looove cheese", "soooo": a letter said long is read once (a run past 8 is no word).
# Only in a word typed in lower case: a capitalised one is a name, kept as written
# ("Gooogle", "Caaarl": what was said, for `correct` to put right if it was a typo).
_EN_LONG_LETTER = re.compile(r"(?<![A-Za-z])[a-z']*([a-z])\1{2,}[a-z']*")
_EN_RUN = re.compile(r"([a-z])\1{2,}")
# Chat fillers inside a clause ("I'm Oliver btw, 41") and asides between commas ("my
# favourite drink is, don't judge, a cherry coke") carry no fact: they are dropped.
_EN_INLINE_FILLER = re.compile(
    # and the particles of other Englishes: "i'm 47 oo", "31 liao", "so tired huhu", "ok lah"
    r"\s+(?:btw|tbh|ngl|lol|lmao|lmfao|haha\w*|fyi|imo|oo+|sha|lah|leh|lor|liao|huhu|hehe|jor)\b(?=[\s,.!?]|$)"
    r"|,?\s*\blike,(?=\s)", re.IGNORECASE
)
# "I'm kind of a... freelance translator?": the hedge and the pause before the title go
_EN_HEDGED_ARTICLE = re.compile(r"\b(?:kind|sort)\s+of\s+(?=(?:a|an)\b)|"
                                r"(?<=\b[Aa])(?:\s*\.\.+|…)(?=\s*[a-z])")
_EN_ASIDE = re.compile(
    r",\s*(?:(?:and\s+)?I\s+(?:swear|promise|admit|kid\s+you\s+not|reckon|will\s+die\s+on\s+this\s+hill)|"
    r"don't\s+(?:judge|laugh)(?:\s+(?:me|at\s+me))?|no\s+judg(?:e)?ment(?:\s+pls)?|for\s+my\s+sins|believe\s+it\s+or\s+not|"
    r"no\s+joke|of\s+all\s+things|sadly|thankfully|luckily|unfortunately|weirdly|funnily\s+enough|"
    r"how\s+(?:do\s+)?(?:you|u|to)\s+say(?:\s+(?:it|this|that|in\s+english))?|"
    # "as a, what do they call it now, 'solutions architect'", "as, wetin dem dey call am sef, HSE officer"
    r"what\s+do\s+they\s+call\s+it(?:\s+now)?|what's\s+it\s+called|wetin\s+dem\s+(?:dey\s+)?call\s+am(?:\s+sef)?)\s*,",
    re.IGNORECASE,
)

# "im based in leeds if that matters for the format", "(levenshulme if ur being specific)",
# "we're in Leeds if you know any decent jewellers":
# a word to the listener about what was just said, not a condition on it.
_EN_TOLD_ASIDE = re.compile(
    r"[\s,]*\b(?:(?:if|in\s+case)\s+(?:(?:that|this|it|location|the\s+location|context)(?:'s|\s+is|s)?\s+(?:matters?|relevant|helps?|useful|"
    r"important)|relevant|(?:you|u|ya)(?:'re|\s+are|\s+r|re)?\s+(?:(?:were|was)\s+)?(?:wondering|curious|"
    r"interested|asking|care|need\s+to\s+know|must\s+know|wanna\s+know|want\s+to\s+know)|"
    r"(?:you're|youre|ur|you\s+are|u\s+r)\s+being\s+(?:specific|picky|precise|nosy))|"
    r"before\s+(?:you|u|ya)\s+ask|if\s+(?:you|u)\s+(?:know|have|got)\s+(?:any|a|of)\b[^,.;!?()]*)\b(?:\s+(?:for|to)\s+(?:the|this|that|your|ur|you|u)\b[^,.;!?()]*)?"
    r"(?:\s+(?:lol|haha+|tbh|x+|lmao))*",
    re.IGNORECASE,
)


# Known places typed in lower case ("i live in manchester now") get their capitals back
# after a preposition, so the place patterns (which want a capital) read them.
_EN_LOWER_PLACE = re.compile(
    r"\b(?P<pre>in|to|from|near|outside|of)\s("
    + "|".join(re.escape(p) for p in sorted(PLACES, key=len, reverse=True) if len(p) > 3)
    + r")\b"
)

# The second word of a two-word place: "kalk bay", "surry hills", "bukit timah" is not one.
_PLACE_WORD = (r"(?:bay|beach|hills?|park|heights|springs|falls|harbou?r|village|city|town|point|creek|"
               r"valley|island|lake|bridge|cross|green|square|junction|vale|wood|grove|west|east|north|south)")
# A place the list does not know, typed in lower case after a verb that can only take a
# home ("i live in lewisham so...", "moved to kilimani"), gets its capital too: one word,
# ending the phrase, and no word of a state ("live in fear", "moved to nights").
_EN_LOWER_HOME = re.compile(
    r"\b(?P<pre>(?:(?:live|lives|living|based|moved|moving|relocated|settled|commute|commuting|stay|stays|"
    r"residing)\s+(?:with\s+(?:my|our)\s+(?:parents|folks|family|mum|mom|dad|wife|husband)\s+)?"
    r"(?:(?:back|down|up|over|out)\s+)?|(?:my|our)\s+(?:own\s+|new\s+)*(?:place|flat|apartment|house)\s+)"
    r"(?:in|to|from)\s)(?P<v>(?:(?:east|west|north|south|central|upper|lower|st\.?|saint|port|fort|mount)\s)?"
    r"[a-z][a-z'-]{3,}(?:\s" + _PLACE_WORD + r")?)"
    r"(?=\s*(?:$|[,.;!?)]|\s(?:so|and|but|now|since|for|with|w/?|because|bc|cuz|rn|atm|lol|haha\w*|tbh|"
    r"these|this|last|near|area|too|on|at|in|every|each|daily|is|was|to|lah|la|lor|leh|sia|tho|innit)\b))"
)
# "nah I'm in east vancouver with my mom": after "I'm in" only a part of a town is one ("I'm in
# bed", "I'm in shock" are not), so only a name after a point of the compass is capitalised
_EN_LOWER_PART_OF_TOWN = re.compile(
    r"\b(?P<pre>(?:I'm|I\s+am|we're|we\s+are)\s+(?:still\s+|now\s+)?in\s)(?P<v>(?:east|west|north|south)\s"
    r"[a-z]{4,}(?:\s" + _PLACE_WORD + r")?)(?=\s*(?:$|[,.;!?)]|\s(?:with|now|and|but|so|since|for|lol)\b))"
)
# "we're both in winnipeg", "im up in bologna": a town typed in lower case after being in it, when
# the gazetteer knows it ("I'm in bed" and "I'm in shock" are no towns)
_EN_LOWER_TOWN_IN = re.compile(
    r"\b(?P<pre>(?:I'm|I\s+am|im|we're|we\s+are)\s+(?:(?:both|still|now|currently|also|all|back)\s+)*"
    r"(?:(?:up|down|over|out)\s+)?in\s)(?P<v>[a-z][a-z'-]{2,}(?:\s[a-z][a-z'-]{2,})?)", re.IGNORECASE)


def _town_capitalised(m: re.Match[str]) -> str:
    said = m.group("v")
    for size in (2, 1):
        name = " ".join(said.split()[:size])
        place = known_place(name) if len(said.split()) >= size else None
        if place is not None:
            return m.group("pre") + place + said[len(name):]
    return m.group(0)


# "Derry born and raised, now over in Belfast": the home after where one was raised is one's own
_EN_RAISED_THEN_NOW = re.compile(
    r"\b(?P<raised>born\s+and\s+(?:raised|bred)(?:\s+in\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)?)\s*,\s*"
    r"(?P<now>now\s+(?:(?:over|up|down|out)\s+)?in\s+[A-Z])")


NOT_HOMES = words(
    "fear hope peace sin denial reality style comfort luxury silence harmony poverty debt hiding "
    "sync order general public private person together alone abroad remote nights days evenings "
    "mornings weekends shifts part-time full-time town city country countryside suburbs dorms halls "
    "campus college school work home here there nowhere somewhere everywhere tears overseas upstairs "
    "downstairs marketing sales finance engineering design product operations ops support legal research "
    "admin accounts procurement logistics centre center uni"
)

# "Priya, she's a junior doctor", "Marcus, he's a firefighter": the name and the pronoun
# are one subject, said once. Not a word of talk before the comma ("honestly, she's ...").
_EN_NAME_THEN_PRONOUN = re.compile(r"\b(?P<name>[A-Za-z][a-z]{2,}),\s+(?:he|she)"
                                   r"(?=(?:'s|\s+(?:is|was|works|lives))\b)")


def _name_then_pronoun(m: re.Match[str]) -> str:
    # "my sister Carmen, she lives in madrid" stays: the pronoun's clause reads her by relation;
    # "my sister lives in Oslo, she's a nurse": a place before the comma is no subject
    told_by_relation = re.search(r"\b(?:my|our|his|her|with)\s+[a-z]+\s+$", m.string[: m.start()])
    placed = re.search(r"\b(?:in|to|from|at|near|outside|of|for|with|by|around)\s+(?:[A-Z][\w'-]*\s+){0,2}$",
                       m.string[: m.start()])  # "at Parkview Primary, he's ...": a place
    name = m.group("name")
    if told_by_relation or placed or name.lower() in _EN_NOT_A_NAME:
        return m.group(0)
    if name.islower() and not _opens_a_clause(m):
        return m.group(0)
    return name.capitalize()


def _opens_a_clause(m: re.Match[str]) -> bool:
    """A name typed in lower case stands for the subject only where a clause opens: "seeing
    someone new, lerato, she's a vet" (after a comma, or first)."""
    return re.search(r"(?:^|[,.!?:;]\s*|\s(?:and|but|so)\s+)$", m.string[: m.start()]) is not None


_EN_NOT_A_NAME = words(
    "anyway anyways honestly well yes yeah yep yup no nah nope oh also but and now then basically seriously "
    "actually sadly luckily obviously apparently okay ok right sure plus besides again still today tonight "
    "tomorrow yesterday mate dude bro man girl guys babe hey hi hello wait whatever true cool great nice "
    "fine perfect exactly lol haha omg ugh so because though tho like literally turns update news mum mom "
    "dad anyhow tbh ngl idk btw imo lmao hmm hmmm ahh aww sigh yikes surprisingly"
)


# A workplace typed in lower case after a title or a verb of work ("nurse at salford royal",
# "a pilot for american airlines", "i work at razorpay") gets its capitals back, so the
# workplace patterns (which want one) read it: at most three words, ending the phrase.
_EN_LOWER_WORKPLACE = re.compile(
    r"\b(?P<head>[a-z]+|[A-Z]{2,4})(?P<pre>\s+(?:stuff\s+)?(?:at|for|with)\s+(?:the\s+)?)"
    r"(?P<v>[a-z][a-z&'-]+(?:\s+[a-z][a-z&'-]+){0,2}?)"
    r"(?=\s*(?:$|[,.;!?)]|\s(?:so|and|but|in|near|since|as|now|lol|haha\w*|tbh|hq|office|campus|every|on|"
    r"for|from|there|here|too|btw|rn|atm|which|who|is|was|this|last|next|today|tonight|tomorrow|yesterday|"
    r"mostly|full|part|each|daily|done|yaar|already|over|\d)\b))"
)
_WORK_WORDS = words("work works working worked job do does stuff")
_NOT_WORKPLACES = NOT_HOMES | words(
    "night nights day days least all once first last school uni university college hospital office work "
    "the a an my our his her their your this that it them him me us weekend weekends moment minute time "
    "lunch dinner breakfast nighttime daytime gym church home local small big new old same different "
    "another some any one two three"
)


# "first week at swiggy", "my last day at ste-justine": the first or last days of a job
_FIRST_OR_LAST = re.compile(r"\b(?:first|second|last|final)\s+$")
_SPELLS_OF_WORK = words("day days week weeks month months shift shifts")


def _workplace_capitalised(m: re.Match[str]) -> str:
    said, head = m.group("v"), m.group("head")
    spell = head in _SPELLS_OF_WORK and _FIRST_OR_LAST.search(m.string, 0, m.start())
    if not (is_job(head) or head in _WORK_WORDS or spell) or said.split()[0] in _NOT_WORKPLACES:
        return m.group(0)
    return m.group("head") + m.group("pre") + " ".join(w[:1].upper() + w[1:] for w in said.split())


# An emoji or an emoticon between words ends what came before it, as a comma would:
# "my two cats 🙂 I'm a nurse", "I don't drink tea anymore :( just water".
_EMOJI = r"[\U0001f000-\U0001faff\u2600-\u27bf][\ufe0f\u200d\U0001f3fb-\U0001f3ff]*"
_EN_EMOJI = re.compile(rf"\s*(?:{_EMOJI}|(?<!\w)[:;]-?[()DPp/|](?!\w))+\s*(?=\S)")
_EN_EMOJI_END = re.compile(rf"\s*(?:{_EMOJI})+\s*$")


# "a vet down in Timaru", "lives up in Inverness": where someone is, said with its direction;
# not after a verb the adverb belongs to ("grew up in Leeds", "ended up in Perth").
_EN_DIRECTED_IN = re.compile(r"\b(?P<w>[a-z']+)\s+(?:down|up|over|out)\s+(?=in\s+[A-Z])")
_PLACED_BY = words("is 's are lives living live based now still staying stays working works work")


def _direction_dropped(m: re.Match[str]) -> str:
    word = m.group("w")
    return word + " " if word in _PLACED_BY or is_job(word) else m.group(0)


# "I am chief cook on a bulk carrier", "she is kindergarten teacher at ...": a title said
# without its article (as many Englishes do) gets one, when its last word is a job
_EN_BARE_TITLE = re.compile(r"\b(?P<be>I\s+am|I'm|(?:he|she)(?:\s+is|'s))\s+(?P<t>[a-z]+(?:\s+[a-z]+){0,2}?)"
                            r"(?=\s+(?:at|in|on|for|with)\b|\s*[,.;!]|\s*$)")


def _article_given(m: re.Match[str]) -> str:
    title = m.group("t")
    if not is_job(title) or title.split()[0] in ("a", "an", "the", "not", "no", "now", "still", "just",
                                                   "also"):
        return m.group(0)
    return f"{m.group('be')} {'an' if title[0] in 'aeiou' else 'a'} {title}"


# "speak portuguese, english, and some spanish": the speaker's languages, I dropped
_EN_SPEAK_BARE = re.compile(r"^(?:also\s+|and\s+)?(?=speak\s+(?:(?:a\s+(?:bit|little)\s+(?:of\s+)?|some\s+)?"
                            r"(?:"
                            + "|".join(sorted(LANGUAGE_NAMES)) + r")\b))", re.IGNORECASE)


def normalise(sentence: str) -> str:
    """A chat sentence as the clause grammar reads it: typed contractions, long letters,
    shouting, asides and fillers, emoji as commas, known places and names capitalised."""
    text = dates_en.spoken_time(_EN_EMOJI.sub(", ", " ".join(sentence.split())))
    text = _EN_EMOJI_END.sub("", text)  # "going tuesdays and thursdays after work 💪": nothing after it
    text = _EN_SPEAK_BARE.sub("I ", text)
    if len(re.findall(r"[A-Z]", text)) > 8 and not re.search(r"[a-z]", text):
        text = text.lower()  # "PASSED MY DRIVING TEST!!!": shouting, not names
    for pattern, replacement in _EN_FIXES:
        text = pattern.sub(replacement, text)
    text = _EN_LONG_LETTER.sub(
        lambda w: _EN_RUN.sub(lambda m: m.group(1) if len(m.group()) <= 8 else m.group(), w.group()), text
    )
    # "blink-182, don't judge, I'm a 2000s kid": the aside goes, the comma before a new clause stays
    text = names_capitalised(_EN_TOLD_ASIDE.sub("", text))
    text = _EN_NAME_THEN_PRONOUN.sub(_name_then_pronoun, text)
    text = _EN_LOWER_WORKPLACE.sub(_workplace_capitalised, _EN_BARE_TITLE.sub(_article_given, text))
    text = _EN_ASIDE.sub(lambda m: ", " if re.match(r"\s*(?:I|I'm|my|we)\b", text[m.end():]) else " ", text)
    text = who_they_are_dropped(text)
    text = _EN_LOWER_PLACE.sub(lambda m: m.group("pre") + " " + m.group(2).title(), text)
    text = _EN_LOWER_HOME.sub(lambda m: m.group("pre") + (m.group("v") if m.group("v") in NOT_HOMES
                                                           else m.group("v").title()), text)
    text = _EN_LOWER_PART_OF_TOWN.sub(lambda m: m.group("pre") + m.group("v").title(), text)
    text = _EN_LOWER_TOWN_IN.sub(_town_capitalised, text)
    text = _EN_RAISED_THEN_NOW.sub(r"\g<raised>, I'm \g<now>", text)
    text = _EN_DIRECTED_IN.sub(_direction_dropped, text)
    # "lmao im a nurse": a filler before a new first-person statement ends the one before it
    text = _EN_INLINE_FILLER.sub(
        lambda m: "," if re.match(r"\s+(?:I|I'm|I've|my)\b", text[m.end():]) else "", text)
    text = re.sub(r",(\s*,)+", ",", _EN_HEDGED_ARTICLE.sub("", text))
    return re.sub(r"\s+,", ",", text)


# "my mate Olek (our bassist) moved to Gdynia": who a named person is, said between brackets,
# parts the name from what is said of them
_EN_WHO_THEY_ARE = re.compile(r"(?P<name>\b[A-Z][a-z]{1,14})\s*\((?:our|the|a|an|his|her|their)\s"
                              # ("Tess (our youngest)" says whose she is)
                              r"(?![^()]*\b(?:youngest|eldest|oldest|middle|baby|little|kid|boy|girl|twins?|"
                              + PERSON + r"))[^()]{1,40}\)")


# "my sister Ines (she's a vet up in Porto) says ...": a clause of their own, said between brackets
_EN_THEIR_CLAUSE = re.compile(r"\s*\((?P<inner>(?:he|she|they)(?:'s|'re|\s+(?:is|are|was|works|lives|teaches|"
                              r"studies|has|just|moved|got))\b[^()]{1,80})\)\s*", re.IGNORECASE)


_EN_BARE_AGE = re.compile(r"(?:he|she|they)(?:'s|\s+is|'re|\s+are)\s+\d{1,2}"
                          r"(?:\s*(?:yo|y/o|years?\s+old))?\s*", re.IGNORECASE)


def who_they_are_dropped(text: str) -> str:
    """ "my mate Olek (our bassist) moved" -> "my mate Olek moved"; "my sister Ines (she's a vet)
    says" -> "my sister Ines, she's a vet, says"."""
    text = _EN_THEIR_CLAUSE.sub(lambda m: m.group(0) if _EN_BARE_AGE.fullmatch(m.group("inner"))
                                else ", " + m.group("inner") + ", ", text)  # "(she's 9)" is read as it is
    return _EN_WHO_THEY_ARE.sub(r"\g<name>", text)


# "my brother declan lives in sydney": a name typed in lower case after a relation word,
# before what is said of them, is a name (the words that stand there otherwise are adverbs).
_EN_LOWER_NAME = re.compile(
    r"\b(?:my|our)\s+(?:" + PERSON + r"|(?:old\s+|little\s+)?(?:" + PET_KINDS + r"))"
    r"\s+(?P<lower>[a-z][a-z-]{1,14})(?='s\b|\s*\(|\s+(?:" + SAID_OF_THEM
    + r"|keeps|kept|wants|wanted|says|said|thinks|needs|and\s+I|and\s+me)\b"
    # ("my husband ramon, he drives a tricycle": the name, then a comma or a full stop)
    r"|\s*[,.!?](?=\s*(?:he|she|they)?\b)|\s*$)"
)
# "pickles (my cat) needs the vet": a name in lower case before whose animal it is
_EN_LOWER_PET_BEFORE = re.compile(r"\b(?P<a>[a-z]{3,12})(?=\s*\((?:my|our)\s+(?:[a-z]+\s+)?(?:"
                                  + PET_KINDS + r")\b)")
# "my cats simba and nala have been fighting": two animals named in lower case after their kind
_EN_LOWER_PETS = re.compile(
    r"\b(?:my|our)\s+(?:two\s+|2\s+)?(?:" + PET_KINDS + r")\s+(?P<a>[a-z]{2,14})\s+(?:and|&|n)\s+"
    r"(?P<b>[a-z]{2,14})(?=\s+(?:" + SAID_OF_THEM + r"|have|are|were|keep|both)\b|\s*[,.!(]|\s*$)"
)
_EN_ADVERBS = words(
    "just also still now finally recently actually literally apparently basically always never really "
    "already only even totally officially currently lowkey kinda probably definitely who that which and "
    "but so then here there too lol tho would could should will can might must may did does do is was has "
    "had gets keeps again lol haha omg ugh though yesterday today tonight tonite tomorrow tmrw tmr rn lately "
    "earlier later tbh ngl lmao idk imo btw smh fr jk sometimes usually often mostly everyday anyway "
    "for with at on in of to from by about after before until till since during"  # "my cousin for now"
)


# What follows "my lab" or "my boxer" when it is no animal: "my lab results came back"
_EN_NOT_PET_NAMES = words(
    "meeting meetings report results work session partner partners coat group mates tech class shorts shift"
)

# Past verbs after a relative ("my dad came. he's ..."), and names that end like a past verb
_EN_PAST_VERBS = frozenset(
    ("came", "went", "left", "rang", "fell", "ran", "won", "lost", "sent", "got", "took", "gave", "saw")
)
_EN_NAMES_IN_ED = frozenset(
    ("ed", "ted", "ned", "fred", "jed", "reed", "jared", "alfred", "wilfred", "mildred", "manfred", "ahmed",
     "mohammed", "muhammed", "mohamed", "syed", "saeed", "javed", "naveed", "waleed", "khaled", "zayed",
     "hamed", "majed", "rasheed", "fareed", "obed")
)


def names_capitalised(text: str) -> str:
    def spoken(m: re.Match[str]) -> str:
        lower = m.group("lower")
        if lower in _EN_ADVERBS | _EN_PAST_VERBS | _EN_NOT_PET_NAMES or (lower.endswith("ed")
                                                                          and lower not in _EN_NAMES_IN_ED):
            return m.group(0)  # "my mum called. she's fine": what she did, no name
        return m.group(0)[: m.start("lower") - m.start()] + lower.capitalize()

    def pair(m: re.Match[str]) -> str:
        if m.group("a") in _EN_ADVERBS or m.group("b") in _EN_ADVERBS:
            return m.group(0)
        said, at = m.group(0), m.start()
        between = said[m.end("a") - at: m.start("b") - at]
        return (said[: m.start("a") - at] + m.group("a").capitalize() + between
                + m.group("b").capitalize() + said[m.end("b") - at:])

    text = _EN_LOWER_PET_BEFORE.sub(lambda m: m.group("a").capitalize(), text)
    return _EN_LOWER_PETS.sub(pair, _EN_LOWER_NAME.sub(spoken, text))
