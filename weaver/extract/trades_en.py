"""English work told by what one does rather than by its title.

"drivin buses for first glasgow", "i teach grade 4 french immersion", "i do plastering, self
employed", "nursing at st vincent's", "doin doordash full time", "I work behind the bar at the
Crown": the trade is the doer of the verb (a bus driver, a French immersion teacher, a
plasterer, a nurse, a bartender) and the workplace, when named, the employer. Each reading asks
for what makes it work and not a pastime or a course: a vehicle driven in the plural or for
someone, a grade taught, a way of working said beside "I do" (self-employed, freelance,
clients), a verb of nursing that no course word comes before.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.mentioned_in_passing_en import _APP, _APPS, _VEHICLES
from vaultweave.weaver.extract.rules_text import Fact, Rule, clean_org, is_job, rule, words

_ORG_SAID = r"(?P<org>[A-Z][\w&'.-]*(?:\s+(?:of\s+)?[A-Z][\w&'.-]*)*)"


def _driven(m: re.Match[str]) -> list[Fact]:
    kind = " ".join(m.group("kind").lower().split())
    title = {"cab": "taxi", "lorry": "truck", "lorrie": "truck", "ferrie": "ferry"}.get(kind, kind)
    org = clean_org(m.group("org")) if m.group("org") else None
    return [Fact("job_title", f"{title} driver", Op.ASSERT, 0.75),
            *([Fact("employer", org, Op.ASSERT, 0.7)] if org else [])]


def _taken_on(m: re.Match[str]) -> list[Fact]:
    title = m.group("title") if m.group("title") and is_job(m.group("title")) else None
    org = clean_org(m.group("org"))
    return [*([Fact("job_title", title, Op.ASSERT, 0.75)] if title else []),
            *([Fact("employer", org, Op.ASSERT, 0.8)] if org else [])]


def _graded(m: re.Match[str]) -> list[Fact]:
    """ "i teach grade 4 french immersion": a French immersion teacher; "teaching 3rd grade": a
    3rd grade teacher (the grade names the title only when said as the grade taught)."""
    subject = " ".join((m.group("subject") or "").split())
    grade = re.search(r"\b(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth)\s+grade\b",
                      m.group())
    said = subject or (grade.group().lower() if grade else "")
    facts = [Fact("job_title", f"{said} teacher" if said else "teacher", Op.ASSERT, 0.75)]
    org = clean_org(m.group("org")) if m.group("org") else None
    return facts + ([Fact("employer", org, Op.ASSERT, 0.75)] if org else [])


# Words after a grade that are no subject: "i teach grade 4 btw", "teach year 6 so summer's free"
_NOT_SUBJECT = r"(?!(?:btw|so|and|but|at|in|now|this|these|still|lol|which|who|kids|students|children)\b)"


def _trade_done(m: re.Match[str]) -> list[Fact]:
    """ "i do plastering", "i do freelance graphic design": the doer of the trade, if a job."""
    how, field = m.group("how") or "", m.group("field").lower()
    doer = re.sub(r"(?:ing|y)$", "", field) + "er" if field.endswith(("ing", "phy")) else field + "er"
    if not is_job(doer):
        return []
    return [Fact("job_title", f"{how}{doer}", Op.ASSERT, 0.7)]


def _app_done(m: re.Match[str]) -> list[Fact]:
    return [Fact("employer", _APPS[re.sub(r"\s+", "", m.group("app")).lower()], Op.ASSERT, 0.7)]


# Words chat puts before a title that are no part of it: "bc freelance illustrator life"
_NOT_IN_TITLE = words("bc so just because cos the a an my rn is was and but of lol its it's this that such "
                      "typical classic student mom mum dad uni school life")


def _title_life(m: re.Match[str]) -> list[Fact]:
    """ "accountant life", "paralegal money", "my quantity surveyor brain": the speaker's trade,
    said as what comes with it (never a wish: "i wish i had banker money")."""
    if re.search(r"\b(?:wish|want|dream|imagine|like\s+(?:a|an)|if\s+I)\b", m.string[: m.start("title")]):
        return []
    words = m.group("title").split()
    for k in range(len(words)):
        title = words[k:]
        if not set(title) & _NOT_IN_TITLE and is_job(" ".join(title)):
            return [Fact("job_title", " ".join(title), Op.ASSERT, 0.7)]
    return []


# What says that a trade one "does" is one's work: "self employed", "mostly fiverr + some clients"
_AS_WORK = re.compile(r"\b(?:self[- ]employed|freelance|for\s+a\s+living|full[- ]time|part[- ]time|"
                      r"professionally|clients|customers|my\s+own\s+business)\b", re.IGNORECASE)

TRADES_DONE: tuple[Rule, ...] = (
    # "drivin buses for first glasgow", "driving the trams for Edinburgh Trams" (a vehicle in the
    # plural, or one driven for someone; never "driving a bus to town")
    rule(r"(?:.*?\b(?:I'm\s+|I\s+am\s+|I\s+)?)?(?:driving|drivin'?)\s+(?:the\s+)?(?P<kind>(?i:" + _VEHICLES
         + r"))(?:(?<=s)es|(?<!s)s)\s+(?:for\s+" + _ORG_SAID + r"|for\s+a\s+living)?", _driven),
    # "got taken on by SPT to drive the subway": a new employer, and the trade when driving is told
    rule(r"(?:I(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+)?(?:got|been|was)\s+taken\s+on\s+(?:by|at)\s+"
         + _ORG_SAID + r"(?:\s+(?:to|as\s+a)\s+(?:drive\s+(?:the\s+)?(?P<kind>(?i:" + _VEHICLES
         + r"))(?:(?<=s)es|(?<!s)s)?|"
         r"(?P<title>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)))?",
         lambda m: _driven(m) if m.group("kind") else _taken_on(m)),
    # "i teach grade 4 french immersion", "teaching year 6 at Hillcrest Primary", "she teaches 4th grade"
    rule(r"(?:I\s+|I'm\s+|I\s+am\s+)?(?:still\s+|now\s+|also\s+)?(?:teach|teaching)\s+(?:(?:grade|year|standard|std|"
         r"form|class|primary|p)\s*\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+grade|(?:first|second|third|fourth|fifth|"
         r"sixth)\s+grade)(?:\s+" + _NOT_SUBJECT + r"(?P<subject>[A-Za-z][a-z]+(?:\s+[a-z]+)?))?"
         r"(?:\s+at\s+" + _ORG_SAID + r")?(?=$|\s*[,.;!?]|\s+(?:btw|so|and|but|at|in|now|this|lol)\b)",
         _graded),
    # "i do plastering, self employed", "i do freelance graphic design, mostly for clients"
    rule(r"I\s+(?:mostly\s+|mainly\s+|also\s+)?do\s+(?P<how>freelance\s+)?"
         r"(?P<field>(?:graphic\s+|web\s+|interior\s+)?(?:design|[a-z]{4,}ing|photography))\b",
         lambda m: _trade_done(m) if _AS_WORK.search(m.string) else []),
    # "accountant life", "paralegal money", "my quantity surveyor brain says", "3rd grade teacher life"
    rule(r"(?:.*?[\s,(])?(?:my\s+)?(?P<title>[a-z0-9][\w-]*(?:\s+[a-z][\w-]*){0,3})\s+(?:life|money|brain|"
         r"problems|struggles)\b(?!\s+(?:insurance|coach))", _title_life),
    # "I work behind the bar at the Crown on weekends": a bartender, and where
    rule(r"(?:I\s+|I'm\s+|I\s+am\s+)?(?:still\s+|also\s+|now\s+)?(?:work|working)\s+behind\s+the\s+bar\s+(?:at|in)\s+"
         r"(?:the\s+)?" + _ORG_SAID,
         lambda m: [Fact("job_title", "bartender", Op.ASSERT, 0.75),
                    *(Fact("employer", o, Op.ASSERT, 0.75) for o in [clean_org(m.group("org"))] if o)]),
    # "i be doin doordash full time", "doing uber eats on weekends": work for an app
    rule(r"(?:I\s+)?(?:be\s+)?(?:do|doing|doin'?)\s+(?P<app>(?i:" + _APP + r"))(?=\s|$|[,.!;:)])", _app_done),
)
