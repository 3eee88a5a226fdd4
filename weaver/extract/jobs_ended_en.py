"""English: a job that ended, told the ways chat tells it.

"last day at Hillcrest was today", "finished up at Harlow's last friday", "quit the firm",
"before that I was at Infosys", "I was with Lloyds for 5 years before I joined Monzo": the
employer ends (or is told as one that already had). Chat drops capitals, so the organisation
after a verb of leaving is named first (``named_where_left``): "left vodafone ghana after 4
years" -> "Vodafone Ghana".
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.patterns_en import _ORG
from vaultweave.weaver.extract.places_en import known_place
from vaultweave.weaver.extract.rules_text import Fact, Rule, clean_org, rule, words

# What follows an organisation that was left: "left vodafone ghana after 4 years", "last day
# at hillcrest was today", "finished up at harlows on friday".
_AFTER_LEFT = (
    r"(?=\s+(?:after|last|yesterday|today|on|in|for|this|was|is|and|but|so|to|because)\b"
    r"|\s*[,.!?;:)]|\s*$)"
)
_LEFT_AT = re.compile(
    r"\b(?P<head>(?:left|resigned\s+from|(?:my\s+)?[Ll]ast\s+(?:day|shift|week)\s+(?:at|in|with)|"
    r"finished\s+up\s+(?:at|with|in)|[Bb]efore\s+that,?\s+(?:I\s+)?(?:was|worked)\s+(?:at|with|for|in))\s+)"
    r"(?P<org>[a-z][\w&'-]*(?:\s+[a-z][\w&'-]*)?)" + _AFTER_LEFT
)
# Words after "left" that are no organisation: "left early", "left home", "left it".
_NOT_LEFT = words(
    "a an the my our his her their your this that these those it him them you me us everything nothing "
    "home work school uni college early late already again too for to at in on with from and but so or "
    "because after before behind alone town there here now today yesterday tonight last next its"
)
# A second word that is chat, not part of the name: "quit heb lol".
_NOT_NAME_TAIL = words(
    "lol haha lmao tbh tho though finally today yesterday now already again too ok okay "
    "last after for and but so because since"
)


def named_where_left(text: str) -> str:
    """``text`` with a lower-case organisation after a verb of leaving a job capitalised:
    "left vodafone ghana after 4 years" -> "left Vodafone Ghana after 4 years". Places,
    pronouns and chat words stay as they are."""

    def named(m: re.Match[str]) -> str:
        tokens = m.group("org").split()
        if tokens[-1] in _NOT_NAME_TAIL:
            tokens = tokens[:-1]
        first = tokens[0] if tokens else ""
        if not tokens or first in _NOT_LEFT or first.endswith("ing") or known_place(" ".join(tokens)):
            return m.group()
        name = " ".join(t[:1].upper() + t[1:] for t in tokens)
        return m.group("head") + name + m.group("org")[len(" ".join(tokens)) :]

    return _LEFT_AT.sub(named, text)


def _employer_ended(m: re.Match[str]) -> list[Fact]:
    org = clean_org(m.group("org"))
    if not org or org.lower().removeprefix("the ") in _NOT_LEFT:
        return []
    return [Fact("employer", org, Op.RETRACT, 0.75)]


# Kinds of workplace a job is left by: "quit the firm", "resigned from the hospital" ("quit my job"
# ends the title too: rules_en).
_WORKPLACE = (
    r"(?:firm|company|agency|practice|startup|hospital|clinic|shop|store|restaurant|cafe|"
    r"bank|school|factory|warehouse|hotel|salon|call\s+cent(?:er|re)|plant|mine|surgery|"
    r"pharmacy|council|ministry|depot|garage|bakery|lab)"
)
# (never "just left the office": a day's work ended, not the job)
_I_PAST = r"(?:I(?:'ve|\s+have)?\s+)?(?:finally\s+|officially\s+|already\s+)*"

JOBS_ENDED: tuple[Rule, ...] = (
    # "last day at Hillcrest was today", "last shift in Boots is friday": the job ends then
    rule(
        r"(?:(?:today|yesterday|friday|monday|it)\s+(?:was|is)\s+)?(?:my\s+)?[Ll]ast\s+(?:day|shift|week)\s+"
        r"(?:at|in|with)\s+" + _ORG + r"(?:\s+(?:was|is)\b.*)?$",
        _employer_ended,
    ),
    # "finished up at Harlow's last friday, old boss gave me a card" ("just finished up at" is a shift)
    rule(
        r"(?:I(?:'ve|\s+have)?\s+)?(?:finally\s+|officially\s+)?"
        + r"finished\s+up\s+(?:at|with|in)\s+"
        + _ORG
        + r"(?=\s+(?:last|on|for\s+good|after|yesterday)\b"
        r"|\s*,|\s*$)",
        _employer_ended,
    ),
    # "quit the firm", "resigned from the hospital as of monday", "walked out of the call centre",
    # "finished up in the clinic last friday"
    rule(
        _I_PAST + r"(?:quit|resigned\s+from|walked\s+out\s+of|handed\s+in\s+my\s+resignation\s+at|"
        r"left|finished\s+up\s+(?:at|in))\s+(?:(?:the|my)\s+"
        + _WORKPLACE
        + r"|the\s+job)"  # ("my job" ends the title too: rules_en)
        + r"(?:\s+(?:on|in|last|this|yesterday|today|as\s+of|after|for\s+good)\b[^,]*)?(?=$|\s*,)",
        lambda m: [Fact("employer", "", Op.RETRACT, 0.75)],
    ),
    # "before that I was at Infosys for 3 years", "was with Lloyds 5 years before I joined": an
    # employer that had already ended when told
    rule(
        r"(?:.*?,\s*)?[Bb]efore\s+(?:that|this|then)\s*,?\s+(?:I\s+)?(?:was|worked)\s+(?:at|with|for|in)\s+"
        + _ORG,
        _employer_ended,
    ),
    rule(
        r"(?:I\s+)?(?:was|worked)\s+(?:at|with|for)\s+" + _ORG + r"(?:\s+for\s+[\w ]{1,20}?)?\s+before\s+"
        r"(?:that|this\s+(?:job|one)|(?:I\s+)?(?:joined|started|moved|came))\b",
        _employer_ended,
    ),
    # "officially done being a student", "not a student anymore": whatever school and field it was end
    rule(r"(?:.*?\b)?(?:I(?:'m|\s+am)\s+)?(?:officially\s+|finally\s+)?(?:done\s+being|no\s+longer|"
         r"not)\s+a\s+student(?:\s+(?:anymore|any\s+more))?(?=\s*$|\s*[,.!]|\s+(?:after|since)\b)",
         lambda m: [] if re.search(r"\bnot\s+a\s+student$", m.group(0))
         else [Fact("studies_at", "", Op.RETRACT, 0.75), Fact("studies", "", Op.RETRACT, 0.75)]),
)
