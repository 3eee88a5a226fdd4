"""What a bare English ending ends: "quit choir", "no more Karen", "dropped the máster",
"quit the Ponsonby job obviously", "stopped the teller job".

The thing ended is a name or a noun with no attribute of its own, so it is retracted over
every attribute it may name (``ENDABLE``; a person's name, the people one may be done with
too); the resolver keeps only the retractions that meet a current value. A job named by its
title or its place ends that title or that employer; a degree ends whatever school it was at.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import dates_en
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import NAME, Fact, clean_org, is_job, things

# Attributes a bare "I quit X" / "I'm done with X" may end: the resolver ends only the
# ones whose current value X names, so the others cost nothing.
ENDABLE = ("likes", "learning", "routine", "hobby", "habit", "employer", "studies_at", "studies", "car",
           "diet")
# A name may also be a person the speaker is done with: "no more Karen" (a boss).
ENDABLE_PEOPLE = ("boss", "manager", "partner", "boyfriend", "girlfriend", "roommate", "flatmate",
                  "therapist")


def ending_of_thing(raw: str, confidence: float = 0.7) -> list[Fact]:
    """Retractions of a thing over every attribute it may name ("quit choir", "quit currys")."""
    # "quit choir last friday, they closed the hall": the thing, without the day it ended;
    # "the guitar thing": the guitar
    values = [re.sub(r"\s+(?:thing|stuff)(?:\s+(?:about|around|like|roughly))?$", "",
                     dates_en.strip_trailing(re.sub(r"^(?:old|former|previous)\s+(?=\w)", "", v)))
              for v in things(_AS_AN_ASIDE.sub("", raw), split=False)]
    if values and _A_DEGREE.fullmatch(values[0]):
        return [Fact("studies_at", "", Op.RETRACT, 0.8)]  # "dropped the máster": whatever school it was at
    if not values or re.match(r"(?:out|of|to|at|on|in|with|off|up|by|for|from)\b", values[0]):
        return []  # "dropped out of uni": a particle, not a thing
    job = _NAMED_JOB.fullmatch(values[0])
    if job:  # "stopped the teller job", "quit my barista job at Blue Bottle": that job and its employer
        title, org = job.group("t"), job.group("org")
        if not org and _BY_NAME.fullmatch(title) and not is_job(title):
            # "quit the Ponsonby job": the job at Ponsonby, whatever its title
            org, title = re.sub(r"^the\s+", "", title), ""
        at = [Fact("employer", clean_org(org) or org, Op.RETRACT, 0.75)] if org else []
        return [Fact("job_title", title, Op.RETRACT, 0.8 if is_job(title) or not title else 0.65), *at]
    people = ENDABLE_PEOPLE if re.fullmatch(NAME, values[0]) else ()
    doer = DOERS.get(values[0].lower(), "")  # "quit teaching": the teacher's job, whatever teacher
    return [*([Fact("job_title", doer, Op.RETRACT, 0.75)] if doer else []),
            *(Fact(attribute, values[0], Op.RETRACT, confidence) for attribute in (*ENDABLE, *people))]


# A trade said by its work, and who does it
DOERS = {"teaching": "teacher", "nursing": "nurse", "tutoring": "tutor", "bartending": "bartender",
          "lecturing": "lecturer", "coaching": "coach", "modelling": "model", "modeling": "model",
          "freelancing": "freelancer", "consulting": "consultant", "waitressing": "waitress",
          "bar work": "bartender", "cleaning": "cleaner", "driving": "driver", "delivering": "driver",
          "babysitting": "babysitter", "nannying": "nanny", "dog walking": "dog walker"}


# "quit the Ponsonby job obviously", "no more beer either": words of the telling, not of the thing
_AS_AN_ASIDE = re.compile(r"(?:\s+(?:obviously|either|too|anyway|anymore|any\s+more|already|finally|honestly|"
                          r"altogether|completely|entirely|for\s+good|for\s+now|for|lol|haha|tho|though))+\s*$",
                          re.IGNORECASE)
_A_DEGREE = re.compile(r"(?:the\s+|my\s+)?(?:masters?|master's|m[aá]ster|phd|doctorate|degree|mba|"
                       r"bachelor'?s|undergrad|course|programme|program|diploma)", re.IGNORECASE)
_BY_NAME = re.compile(r"(?:the\s+)?[A-Z][a-z]\S*(?:\s+[A-Z][a-z]\S*)?")  # "Ponsonby", not "FIFO"
_NAMED_JOB = re.compile(
    r"(?P<t>[a-z][\w -]{1,40}?)\s+(?:job|gig|role|position)(?:\s+(?:at|with)\s+(?P<org>.+))?", re.IGNORECASE)
