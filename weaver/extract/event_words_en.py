"""The words English event reading weighs (``events_en``): what is no event or activity
("car", "work", "fine"), what one gets rather than attends ("a cockapoo pup"), what is
owned and serviced ("car service"), and what recurs by nature ("netball", "choir")."""

from __future__ import annotations

import re

NOT_EVENTS = frozenset(
    ["car", "house", "flat", "apartment", "dog", "cat", "kid", "kids", "baby", "feeling", "idea"]
    + ["time", "lot", "day", "week", "month", "it", "that", "this", "everything", "nothing", "he", "she"]
    + ["they", "we", "i", "you", "work", "school", "life", "weather", "born", "aye", "ok", "okay", "so"]
    + ["its", "not", "can't", "cant", "same", "my", "our", "his", "her", "their"]  # "its on march 18"
    # "gave up on saturday": what ended then; "last day at X friday": a job ending; "just tuesday": a day
    + ["also", "gave", "given", "lasted", "quit", "stopped", "made", "last", "just", "only", "still", "even"]
    # "they've moved me to tuesday", "now appointment is monday", "told coach on friday", "remind me to
    # video call in": who moved it, when, what was done, a plan's verb
    + ["they've", "theyve", "now", "told", "to"]
)
GOT = frozenset(["pup", "puppy", "kitten", "dog", "cat", "puppies", "kittens", "hamster", "rabbit", "bunny",
                 "parrot", "budgie", "car", "bike", "phone", "laptop", "tv", "sofa", "couch", "keys"])
# Whole values that name no appointment: "back on monday", "office on the 3rd"
VAGUE_EVENTS = frozenset(["office", "back", "home"])
# "my dad's birthday is 9 june": a birthday is a date of one's own, not an appointment
DATES_OF_ONES_OWN = frozenset(["birthday", "bday", "b-day", "birthday's", "anniversary"])

OWNED = frozenset(["car", "house", "flat", "apartment", "dog", "cat", "boiler", "bike"])
SERVICES = frozenset(["service", "servicing", "wash", "viewing", "inspection", "grooming", "checkup",
                      "check-up", "mot", "repair", "vaccination", "vaccine", "jabs", "jab", "test", "survey",
                      "appointment"])

NOT_ACTIVITIES = frozenset(
    ["my", "the", "a", "an", "it", "they", "we", "he", "she", "yes", "yess", "yeah", "yep", "yup"]
    + ["no", "nope", "still", "and", "but", "so", "also", "it's", "its", "that's", "thats"]
    # "i already do saturday and sunday nights": an adverb where the activity should be
    + ["already", "just", "some", "only", "usually", "always", "never", "really", "mostly", "sometimes"]
    + ["then", "now", "be"]  # "I'm going to be on tuesdays with the kids"
    # "no, friday is fine", "monday is free": how a day suits, not what is done on it
    + ["fine", "good", "ok", "okay", "free", "busy", "better", "best", "perfect", "great", "easier", "bad"]
    # "thursdays are rough", "keep mondays clear": how a day feels, or a request about it
    + ["tough", "sacred", "brutal", "hectic", "crazy", "mad", "insane", "rough", "manic", "packed", "hard"]
    + ["keep", "his", "her", "their"]  # "his rugby is every saturday": someone else's week
)
# "I started work on mondays": the week of a job, no activity of its own
JOB_WEEK = frozenset(["work", "school", "uni", "college", "nights", "days", "shifts", "earlies", "lates"])
# "monday wednesday friday round the park": days where the activity should be ("sunday league" is one)
ONLY_DAY_WORDS = re.compile(r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|"
                            r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays?|weekends?|and|&|/)\b\s*)+$")
SWITCHED_VERBS = frozenset(["run", "swim", "walk", "ride", "jog", "lift", "climb", "row", "spin"])
# "started pottery", "I've started sea swimming": what was started is the activity
# ("been volunteering at the shelter every sunday": the volunteering)
# ("switched to pilates mon and wed": what was switched to)
STARTED_HEAD = re.compile(r"^(?:also\s+)?(?:started|began|(?:switched|swapped)\s+(?:over\s+)?to)\s+(?=[a-z])|"
                          r"^(?:I|we)(?:'ve|\s+have)\s+"
                          r"(?:just\s+|also\s+)?(?:started|begun)\s+(?=(?:[a-z]+\s+){0,2}[a-z]{2,}ing\b)"
                          r"|^(?:(?:I|we)(?:'ve|\s+have)\s+)?been\s+(?=[a-z]{2,}ing\b)")
# A reply ("yes still going every tuesday") or someone seen ("see her most weekends").
NOT_IN_ACTIVITIES = frozenset(("going", "still", "doing", "been", "her", "him", "them", "you",
                               # "one of the guys works fridays": someone else's week
                               "works", "plays", "goes", "guys", "one",
                               # "then throw myself around on sundays": a way of saying, no activity
                               "myself", "ourselves",
                               # "I literally cannot do saturdays": a day refused, no activity
                               "cannot", "can't", "cant", "not", "never", "don't", "dont", "won't"))

RECURS = re.compile(r"\b(?:class(?:es)?|lessons?|practice|training|club|league|quiz|choir|sessions?|yoga|"
                    r"pilates|netball|football|soccer|five-a-side|rugby|hockey|basketball|volleyball|badminton|"
                    r"tennis|swim(?:ming)?|runs?|running|gym|spin|band|rehearsals?|bridge|poker|bingo|padel|squash|cricket|"
                    r"golf|climbing|boxing|karate|judo|taekwondo|dance|ballet|piano|guitar|violin|tuition|"
                    r"tutoring|choir|church|mass|book\s+club|cycling|ride|parkrun)\b",
                    re.IGNORECASE)


# "pls remind me dentist appt on the 30th": the request is no part of the thing
REMIND = re.compile(r"^(?:(?:pls|please|plz|can\s+you|can\s+u|could\s+you)\s+)?remind(?:er)?\s+"
                    r"(?:me|pls|please)(?:\s+(?:that|about|of|say))?[:,]?\s*", re.IGNORECASE)
STUDYING_FOR = re.compile(r"^(?:studying|revising|prepping|preparing|cramming)\s+for\s+"
                          r"(?:my|the|an?|our)\s+", re.IGNORECASE)
# A thing said first in a sentence, and so with a capital: "Surgery is on 3 March" (not "Sarah is
# on 6 June": a name)
_OPENING_CAPITAL = re.compile(r"^(?:My\s+|The\s+|Our\s+)?(?=(?:[A-Za-z]+\s+){0,2}?(?i:wedding|surgery|"
                              r"operation|flight|interview|exam|test|dentist|doctor|appointment|appt|party|meeting|hearing|scan|"
                              r"funeral|graduation|ceremony|christening|concert|checkup|viewing|review|deadline|"
                              r"trip|match|game|gig|class|lesson|session|recital|tasting|fitting)(?:\s+[a-z][\w'-]*)?"
                              r"\s+(?:is|'s)$)[A-Z](?=[a-z])")


def plain_head(head: str) -> str:
    """What is said before an appointment's slot, without a request to be reminded, "studying
    for", or the capital of a sentence's first word."""
    head = STUDYING_FOR.sub("", REMIND.sub("", head.strip(" ,")))
    return _OPENING_CAPITAL.sub(lambda m: m.group().lower(), head)

# What only qualifies the thing before its slot: "eye checkup at lighthouse optica", "knee check
# up with the ortho is on", "driving test finally booked", "physio appt for the knee".
_HEAD_TAIL = re.compile(
    r"(?:\s+(?:is|'s|are)(?:\s+(?:on|at|for|now))?"
    r"|\s+(?:(?:all|finally|now|just)\s+)?(?:booked(?:\s+in)?|confirmed|sorted|scheduled|fixed)"
    r"|\s+(?:at|with|in)\s+(?:the\s+|a\s+|my\s+)?[\w'.&-]+(?:\s+[\w'.&-]+){0,3}"
    r"|\s+for\s+(?:the|my|his|her|a|an)\s+[\w-]+(?:\s+thing)?|\s*[,:!.]+)$",
    re.IGNORECASE,
)
_GOT_ONE = re.compile(r"^(?:(?:finally|just)\s+)?(?:got|have|made|booked)\s+(?:a|an|my|the)\s+(?=\w)",
                      re.IGNORECASE)


# How often or when in the day, after an activity: "i go gym 5 days, monday to friday", "morning
# shift 5am, tuesday to saturday"
HOW_OFTEN = re.compile(r"\s+(?:\d|one|two|three|four|five|six)\s+(?:days?|times?)(?:\s+a\s+week)?$|"
                       r"\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)$")


def trimmed_head(head: str) -> str:
    """The thing before an appointment's slot without what only qualifies it: where, with
    whom, for what, "finally booked"; "got a physio appt for the knee" -> "physio appt"."""
    for _ in range(4):
        shorter = _HEAD_TAIL.sub("", head).strip()
        if not shorter or shorter == head:
            break
        head = shorter
    return _GOT_ONE.sub("", head)


def spoken_case(raw: str) -> str:
    """An event's words in lower case, but acronyms keep theirs ("MRI", "GP") and so do
    names after the first word ("flight to Lisbon")."""
    return " ".join(w if (w.isupper() and len(w) > 1) or (k and w[:1].isupper()) else w.lower()
                    for k, w in enumerate(raw.split()))


# "signed up at that boxing gym", "joined a climbing gym": the place joined names the activity
_JOINED_AT = re.compile(r"^(?:.*\s)?(?:signed\s+up|joined|enrolled)\s+(?:at\s+)?"
                        r"(?:a|an|the|that|this|my|our)\s+(?:new\s+|local\s+)?(?P<what>[a-z]+)\s+(?:gym|club|studio|dojo|academy|school)$",
                        re.IGNORECASE)


def joined_at(head: str) -> str:
    """A routine's head that names the place joined, said as the activity: "signed up at that
    boxing gym" -> "doing boxing"; other heads unchanged."""
    joined = _JOINED_AT.match(head.strip())
    return f"doing {joined.group('what')}" if joined else head

# "court date is changed to 21 March": the thing whose date moved is the court (hearing)
ITS_SLOT = re.compile(r"\b(?P<t>visa|interview|exam|test|court|hearing|surgery|scan|appointment)\s+"
                      r"(?:date|time|slot)$", re.IGNORECASE)
# "quiz tuesday is dead", "taco tuesdays are over": what recurred on the day has ended, no slot of it
ENDED_EVENT = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s+is|'s|\s+are)\s+"
                         r"(?:(?:officially|so|totally)\s+)?(?:dead|over|done|finished|cancell?ed)\b",
                         re.IGNORECASE)
