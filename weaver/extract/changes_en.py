"""English words of change: what ends a fact, what starts one, and talk that only puts
one in doubt.

These are lexicons, not phrasings: a verb of ending ("dropped", "done with", "no more")
ends whatever the thing names among the speaker's multi-attribute facts (a job, a liking,
a course, a routine), and the resolver keeps only the retractions that meet a current
value. Doubt rules name the attribute a turn talks about when it gives no new value.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract.allergens import ALLERGY_TAKEN_BACK
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.car_names_en import CAR, CAR_MODEL, CAR_PARTED_WITH
from vaultweave.weaver.extract.doubts_hedged_en import HEDGED_DOUBTS
from vaultweave.weaver.extract.rules_text import (
    ADV,
    NAME,
    Build,
    Fact,
    Rule,
    is_job,
    rule,
    words,
)
from vaultweave.weaver.extract.word_forms_en import third_person

# Languages, so that "I stopped Italian" ends learning it and "no more Gary" does not.
LANGUAGES = words(
    "english german french italian spanish portuguese chinese mandarin cantonese japanese "
    "korean dutch swedish norwegian danish finnish polish russian ukrainian greek turkish "
    "hindi urdu arabic hebrew latin welsh irish gaelic czech hungarian romanian thai "
    "vietnamese indonesian swahili tagalog persian farsi bengali punjabi tamil marathi "
    "gujarati icelandic catalan basque croatian serbian "
)

def _not_at(raw: str) -> list[Fact]:
    """A workplace or school the speaker is no longer at ("not at crux anymore")."""
    if re.match(r"(?:my|a|an|this|that|home|work|school|uni|college)\b", raw, re.IGNORECASE):
        return []  # "not at my desk", "not at home anymore": no name
    name = re.sub(r"^the\s+", "", raw, flags=re.IGNORECASE)  # "not at the americano anymore": a name
    if name != raw and (_GENERIC_PLACE.fullmatch(name) or len(name.split()) > 3):
        return []  # "not at the gym anymore", "not at the office"
    return [Fact(attribute, name, Op.RETRACT, 0.75) for attribute in ("employer", "studies_at")]


_GENERIC_PLACE = re.compile(
    r"(?:gym|office|hospital|school|uni|university|college|moment|desk|house|flat|apartment|shop|store|"
    r"restaurant|cafe|bar|pub|club|station|airport|library|church|mosque|temple|park|beach|front|back|"
    r"top|bottom|same\s+\w+|old\s+\w+|company|firm|agency|clinic|lab|studio|site|plant|factory)",
    re.IGNORECASE,
)


def _fixed(attribute: str, value: str, conf: float, op: Op) -> Build:
    return lambda m: [Fact(attribute, value, op, conf)]


def _all(*facts: tuple[str, Op]) -> Build:
    return lambda m: [Fact(attribute, "", op, 0.6 if op is Op.DOUBT else 0.8) for attribute, op in facts]


def _retired_as(m: re.Match[str]) -> list[Fact]:
    """ "I'm 71, retired primary teacher": the title one holds in retirement, said as one (the
    employer has ended all the same)."""
    said = re.match(r"\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s*(?:$|[,.;!]|\s+(?:and|but|from|at|with)\b)",
                    m.string[m.end():])
    if not m.group().endswith("retired") or not said or not is_job(said.group(1)):
        return []
    title = f"retired {said.group(1)}"
    return [Fact("employer", "", Op.RETRACT, 0.8), Fact("job_title", title, Op.ASSERT, 0.8)]


# ``Fact.starts`` of an employer left by notice: the last day the turn tells, else no ending yet
NOTICE = "notice"


def _notice_at(m: re.Match[str]) -> list[Fact]:
    org = m.group("org")
    return [Fact("employer", org, Op.RETRACT, 0.75, starts=NOTICE)] if org else []


def _retired_from(m: re.Match[str]) -> list[Fact]:
    """ "I retired from the Sobeys last friday": the employer named ends (and is kept as once
    held when it was never told), and the title with it."""
    org = m.groupdict().get("org") or ""
    return [Fact("employer", org, Op.RETRACT, 0.8), Fact("job_title", "", Op.RETRACT, 0.8)]


def _named_pet(op: Op, conf: float) -> Build:
    return lambda m: [Fact("pet", m.group("name"), op, conf)]


_PAST = r"I(?:'ve|\s+have)?\s+" + ADV
# A car parted with after a clause of its own, the "I" dropped as chat drops it: "no need, sold
# the octavia on saturday"
_PARTED = (r"(?:(?![^,;]*\b(?:said|says|told|asked)\b)[^,;]*[,;]\s*)?(?:(?:so|and|also|but|btw)\s+)?"
           r"(?:I(?:'ve|\s+have)?\s+)?" + ADV)
_PARTNERS = ("partner", "boyfriend", "girlfriend", "spouse", "wife", "husband", "fiance")
_PET_WORD = r"(?:dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|horse|pup)"

# A verb of ending followed by the thing ended. Gerunds and "my job" go through the
# caller's own reading first (``rules_en._ended``).
ENDING_VERBS = (
    _PAST + r"(?:quit|stopped|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|kicked|ditched|cut\s+out|dropped|"
    r"packed\s+in|binned|"
    r"abandoned|walked\s+away\s+from|let\s+go\s+of|got\s+rid\s+of|parted\s+ways\s+with)\s+(?P<v>.+)$",
    # "giving up arabic for good", "I'm packing in the choir": a decision told as it is made
    r"(?:I(?:'m|\s+am)\s+)?(?:finally\s+)?(?:giving\s+up(?:\s+on)?|packing\s+in)\s+(?P<v>.+?)(?:\s+for\s+good)?$",
    # said without "I": "finally let go of the old jazz"
    r"(?:[a-z]+[\s,!]+)?(?:finally|just)\s+(?:let\s+go\s+of|got\s+rid\s+of|ditched|quit|dropped)\s+(?P<v>.+)$",
    r"I(?:'m|\s+am)\s+" + ADV + r"(?:so\s+|totally\s+|completely\s+|officially\s+)?(?:done\s+with|over|"
    r"finished\s+with|through\s+with)\s+(?P<v>.+)$",
    r"(?:finally\s+)?(?:so\s+|totally\s+|completely\s+|officially\s+)?(?:done\s+with|finished\s+with|"
    r"through\s+with)\s+(?P<v>.+)$",
    # "ok keto is OVER", "the guitar thing is done lol": the thing has ended
    r"(?:[^,]*?\b(?=so\s|and\s|but\s))?(?:(?:ok|okay|so|well|yeah|and|but)[\s,]+)?(?:the\s+|my\s+)?"
    r"(?P<v>(?!(?:it|that|this|the|my|a|day|week|weekend|today|"
    r"lunch|dinner|class|exam|meeting|shift|party|game|match|season|term|semester|year|month|holidays?)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:\s+is|'s|\s+are)\s+"
    r"(?:so\s+|officially\s+|totally\s+|well\s+and\s+truly\s+|also\s+|now\s+)?"
    # "spanish is paused too obviously", "the Vivo is gone", "Hana's officially gone": ended or put aside
    r"(?i:over|done|finished|gone|dead|paused|on\s+hold|on\s+pause|on\s+ice|shelved)"
    # (what follows the punctuation is read on: "the van's gone, ... talked me into a Kia Sportage")
    r"(?:\s+(?:now|lol|haha|too|obviously|for\s+now|for\s+good|for\s+me|anyway))*(?=\s*[^\w\s]|\s*$)",
    # "the Vivo is gone", "Hana's officially gone": a thing or a person by name, gone
    r"(?:(?:ok|okay|so|well|yeah|and)[\s,]+)?(?:the\s+|my\s+)?(?:old\s+)?"
    r"(?P<v>[A-Z][\w-]*(?:\s+[A-Za-z0-9][\w-]*){0,2}?)(?:\s+is|'s|\s+are)\s+(?:officially\s+|finally\s+|now\s+|also\s+)?"
    r"(?:gone|paused|on\s+hold|on\s+pause|on\s+ice|shelved)(?:\s+(?:now|lol|too|obviously|for\s+now|for\s+good))*"
    r"(?=\s*[^\w\s]|\s*$)",
    # "put spanish on hold", "pausing the guitar lessons for now", "taking a break from piano"
    r"(?:I(?:'ve|\s+have|'m|\s+am)?\s+)?" + ADV + r"(?:put|putting)\s+"
    r"(?P<v>(?!it\b|that\b|this\b|everything\b)[^,]+?)\s+on\s+(?:hold|pause|ice)(?:\s+for\s+now)?(?:,.*)?$",
    r"(?:I(?:'ve|\s+have|'m|\s+am)?\s+)?" + ADV + r"(?:paused|pausing|shelved|shelving)\s+"
    r"(?P<v>(?!it\b|that\b|this\b|everything\b)[^,]+?)(?:\s+for\s+now)?(?:,.*)?$",
    r"(?:I(?:'m|\s+am)\s+)?" + ADV + r"taking\s+a\s+break\s+from\s+(?P<v>(?!work\b|it\b|everything\b)[^,]+?)"
    r"(?:\s+for\s+(?:now|a\s+while|a\s+bit))?(?:,.*)?$",
    # "no more dan eating my leftovers": a scene with someone's own things in it is no thing ended
    # ("twisted my knee so no more tennis": the thing after "so", "and" or "but" in the clause)
    r"(?:[^,]*?\b(?:so|and|but)\s+)?no\s+more\s+(?![^,]*\b(?:my|your|his|her|their|our)\b)(?P<v>[^,]+?)"
    r"(?:\s+for\s+(?:me|us))?(?:,.*)?$",
    # "so bye bye morning runs", "goodbye my beloved flat whites", "rip goat light soup": a farewell
    r"(?:[a-z]+[\s,!]+)?(?:bye\s*bye|goodbye|good\s+bye|farewell|rip|r\.i\.p\.?)\s+(?:to\s+)?"
    r"(?:my\s+(?:beloved\s+|precious\s+|dear\s+|old\s+)?)?(?P<v>[^,]+?)"
    r"(?:\s+(?:i\s+guess|lol|haha|and\s+(?:good\s*bye|bye\s*bye|rip))\b.*)?(?:,.*)?$",
)

_ANY_CAR = (rf"(?:{CAR}|{CAR_MODEL}(?:\s+(?:hybrid|ev|estate|wagon|[A-Z0-9][\w-]*))?\b"
            # the model ends its noun phrase: "sold my golf clubs" sold no car
            r"(?=\s*$|\s*[,.!;:)(]|\s+(?:to|for|in|on|last|this|yesterday|today|and|at|after|because|cos|since|"
            r"finally|died|got|was|is|has|just|\d)\b))")


def _car(op: Op) -> Build:
    return lambda m: [Fact("car", " ".join(m.group("car").split()), op, 0.8)]


def _swapped_car(m: re.Match[str]) -> list[Fact]:
    return [Fact("car", " ".join(m.group("car").split()), Op.RETRACT, 0.8),
            Fact("car", " ".join(m.group("new").split()), Op.ASSERT, 0.8)]


_SMOKES = r"(?:cigarettes?|cigs?|smokes?|smoking|fags?)"
_DRINKS = r"(?:drinks?|drinking|alcohol|booze|beers?)"
# "sober" ends the drinking habit and every liked drink of the alcohol family
# (value_match.FAMILIES), as "vegan" ends liked cheese.
SOBER = [Fact("habit", "drinks", Op.RETRACT, 0.8), Fact("likes", "alcohol", Op.RETRACT, 0.75)]


def _abstained(what: str, when: str = "") -> list[Fact]:
    """What a spell without something ends: smoking, vaping, or drinking (and liked drinks)."""
    if re.fullmatch(_SMOKES, what):
        return [Fact("habit", "smokes", Op.RETRACT, 0.8, when=when)]
    if what.startswith("vap"):
        return [Fact("habit", "vapes", Op.RETRACT, 0.8, when=when)]
    return [replace(f, when=when) for f in SOBER]


def _quit_since(m: re.Match[str]) -> list[Fact]:
    """ "it's been two weeks since my last cigarette", "3 weeks without a cigarette", "90
    days sober", "3 weeks smoke free": the habit ended that long ago."""
    free_of = "smoke" if re.search(r"smoke[- ]free", m.group(0), re.IGNORECASE) else "drink"
    return _abstained(m.group("what") or free_of, f"{m.group('n')} ago")


def _partners(op: Op) -> Build:
    """A relationship told to end: every partner word, by the name when one is given."""
    return lambda m: [Fact(p, m.groupdict().get("name") or "", op, 0.8 if op is Op.RETRACT else 0.6)
                      for p in _PARTNERS]


# "Alex and I", "me and Alex", "we": the couple, in the words of either; "me n Kirsty", "me and
# my boyfriend Minho" (the partner word told is the one that ends).
# "also marco and i", "fraser and me", "me n callum": typed in lower case, after a filler, a
# "but" or an emoji or colon ending what came before.
_COUPLE = (r"(?:.*?(?:\b(?:but|so)\s+|[^\w\s,'-]\s*))?(?:(?:also|and|but|so|well|oh|ok|okay|btw|anyway|"
           r"update:?|news:?|lol|yeah|welp)\s+)*(?:(?P<name>" + NAME + r"|[a-z][a-z'-]{2,14})\s+"
           r"(?:and|n|&)\s+(?:I|me)|me\s+(?:and|n|&)\s+(?:my\s+"
           r"(?P<word>boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?|bf|gf)\s+)?"
           r"(?P<name2>" + NAME + r"|[a-z][a-z'-]{2,14})|we)")
_PARTNER_WORDS = {"bf": "boyfriend", "gf": "girlfriend", "fiancee": "fiance", "fiancé": "fiance",
                  "fiancée": "fiance"}
# Words before "and I" that are no partner's name ("mum and I broke up" is no couple's end).
_NO_PARTNER = frozenset(("my", "he", "she", "they", "mum", "mom", "dad", "sister", "brother", "band", "team",
                         "him", "her", "then", "now", "so", "but", "friend", "cousin", "boss", "you", "me",
                         "work", "life", "things", "it", "this", "that", "and", "lol", "yeah", "well", "also",
                         "update", "news", "week", "today", "yesterday", "finally", "officially", "the",
                         "mine", "them", "us", "everyone", "everybody", "lads", "mates", "guys", "girls",
                         "kids", "family", "parents", "roommate", "flatmate", "housemate", "colleague",
                         "partner"))
_BREAKUP = (r"(?:broke\s+up|split\s+up|split|separated|called\s+it\s+(?:quits|off)|got\s+divorced|divorced|"
            r"ended\s+things|ended\s+it|are\s+done|'re\s+done|are\s+over|'re\s+over)")


def _couple(op: Op) -> Build:
    def build(m: re.Match[str]) -> list[Fact]:
        name = m.group("name") or m.group("name2") or ""
        if name.lower() in _NO_PARTNER:
            return []
        name = name[:1].upper() + name[1:]  # "javi and i broke up": a name typed in lower case
        word = (m.groupdict().get("word") or "").lower()
        told = (_PARTNER_WORDS.get(word, word),) if word else _PARTNERS
        return [Fact(p, name, op, 0.8 if op is Op.RETRACT else 0.6) for p in told]
    return build


# A line of work told by its field: "I left teaching", "got out of nursing".
PROFESSIONS = {
    "teaching": "teacher", "nursing": "nurse", "law": "lawyer", "accounting": "accountant",
    "accountancy": "accountant", "medicine": "doctor", "journalism": "journalist",
    "engineering": "engineer", "consulting": "consultant", "banking": "banker",
    "academia": "academic", "social work": "social worker", "policing": "police officer",
    "the police": "police officer", "the army": "soldier", "the military": "soldier",
    "hairdressing": "hairdresser", "plumbing": "plumber", "pharmacy": "pharmacist",
    "dentistry": "dentist", "physio": "physiotherapist", "physiotherapy": "physiotherapist",
    "architecture": "architect", "midwifery": "midwife", "copywriting": "copywriter",
}
_FIELD = r"(?P<field>" + "|".join(re.escape(k).replace(r"\ ", r"\s+") for k in PROFESSIONS) + r")"


def _left_field(m: re.Match[str]) -> list[Fact]:
    """ "I left teaching in april": the title of that line of work ends."""
    return [Fact("job_title", PROFESSIONS[" ".join(m.group("field").lower().split())], Op.RETRACT, 0.8)]


ENDINGS: tuple[Rule, ...] = (
    # "since my husband Walt passed in April last year": the marriage ended with his death
    rule(r"(?:.*?\b)?(?:my|our)\s+(?P<rel>husband|wife|partner)\s+(?:(?P<name>" + NAME + r")\s+)?(?:has\s+)?"
         r"(?:died|passed\s+away|passed(?=\s*$|\s+(?:in|on|last|recently|suddenly|two|three|four|five|a)\b))",
         lambda m: [Fact(m.group("rel"), m.group("name") or "", Op.RETRACT, 0.8)]),
    # "the season's done at Whistler": a season's job there ended
    rule(r"(?:the\s+)?season(?:'s|\s+is)\s+(?:done|over|finished)\s+at\s+(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)",
         lambda m: [Fact("employer", m.group("org"), Op.RETRACT, 0.75)]),
    # "yesterday was my last day at Boots", "last shift was friday", "worked my last shift at the
    # bakery": the job ended then.
    rule(r"(?:(?:today|yesterday|friday|monday|it)\s+was\s+|(?:I\s+)?(?:just\s+)?(?:worked|did|finished)\s+)?my\s+last\s+"
         r"(?:day|shift)(?:\s+(?:at|with)\s+(?:the\s+[a-zé]+|(?:the\s+)?"
         r"(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)(?:\s+(?:head\s+office|branch|store|site|depot|plant))?))?"
         r"(?:\s+was\b.*|\s*,.*)?$|last\s+(?:day|shift)\s+was\b.*$",  # "…at Woolworths head office, 9 years"
         lambda m: [Fact("employer", (m.groupdict().get("org") or ""), Op.RETRACT, 0.75)]),
    rule(_PAST + r"(?:just\s+|finally\s+)?(?:left|quit|gave\s+up|got\s+out\s+of|walked\s+away\s+from|"
         r"retired\s+from|stopped)\s+" + _FIELD
         + r"(?=$|\s*,|\s+(?:in|on|last|this|after|for|and|to|because)\b)", _left_field),
    # A relationship ended: "Alex and I broke up last weekend", "we split", "the divorce was
    # finalised on 3 June", "I'm single again".
    rule(_COUPLE + r"(?:'ve|\s+have)?\s+" + ADV + r"(?:just\s+|finally\s+|officially\s+)?" + _BREAKUP
         + r"\b(?!\s+(?:the|our|a|an|it|that|this|everything|up\s+the|costs?|bills?|rent)\b)",
         _couple(Op.RETRACT)),
    rule(r"(?:(?:the|my|our)\s+)?divorce\s+(?:is|was|has\s+been|got|came)\s+(?:finally\s+|officially\s+)?"
         r"(?:final|finali[sz]ed|through|done|official)\b", _partners(Op.RETRACT)),
    rule(r"I(?:'m|\s+am)\s+(?:officially\s+|newly\s+)?single(?:\s+again)?\b", _partners(Op.RETRACT)),
    # "finally living alone!!": whoever shared the home no longer does
    rule(r"(?:I(?:'m|\s+am)\s+)?(?:finally\s+|now\s+)?living\s+(?:alone|on\s+my\s+own|by\s+myself)\b",
         lambda m: [Fact(who, "", Op.RETRACT, 0.75) for who in ("roommate", "flatmate")]),
    # "the big boss left on friday": whoever it was
    rule(r"(?:.*?,\s*)?(?:my|the)\s+(?:big\s+|old\s+)?(?:boss|manager)\s+(?:has\s+)?(?:finally\s+)?(?:left|quit|retired|"
         r"resigned|(?:got|was)\s+(?:fired|sacked|let\s+go))\b",
         lambda m: [Fact(who, "", Op.RETRACT, 0.75) for who in ("boss", "manager")]),
    # "we lost Fly on thursday": a pet told of by name has died (an animal's name alone ends nothing else)
    rule(r"(?:.*?[,.!]\s*)?(?:we|I)\s+(?:just\s+|sadly\s+)?lost\s+(?:our\s+|my\s+)?(?:" + _PET_WORD
         + r"\s+)?(?P<v>" + NAME + r")\b(?!\s+(?:game|match|final|job|contract|bet|case))",
         lambda m: [Fact("pet", m.group("v"), Op.RETRACT, 0.65)]),
    # "swapped my old hilux for a RAV4 hybrid": the old car ended, the new one told
    rule(_PAST + r"(?:just\s+|finally\s+)?(?:swapped|traded(?:\s+in)?|exchanged|switched)\s+(?:the|my|our)\s+"
                 r"(?:old\s+)?(?P<car>" + _ANY_CAR + r")\s+(?:in\s+)?for\s+(?:a|an|the)\s+(?:new\s+|used\s+|"
                 r"second[- ]hand\s+|(?:19|20)\d{2}\s+)*(?P<new>" + _ANY_CAR + ")", _swapped_car),
    rule(_PARTED + r"(?:just\s+|finally\s+)?" + CAR_PARTED_WITH + r"\s+"
                 r"(?:the|my|our|mi|ma)\s+(?:old\s+)?(?P<car>" + _ANY_CAR + ")", _car(Op.RETRACT)),
    # "sold my car last week", "finally got rid of the car": whichever car the speaker had
    rule(_PARTED + r"(?:just\s+|finally\s+)?(?:sold|scrapped|got\s+rid\s+of)\s+(?:the|my|our|mi|ma)\s+"
                 r"(?:old\s+)?car\b(?!\s+(?:seat|charger|insurance|stereo|mat|cover|boot))",
         lambda m: [Fact("car", "", Op.RETRACT, 0.7)]),
    # "weird not having a car in Glasgow", "no car anymore": whichever car the speaker had is gone
    rule(r"(?:.*?\b)?(?:(?:strange|weird|odd|nice|hard)\s+)?(?:not\s+having\s+a\s+car(?!\s+(?:for|when|if|until))|"
         r"(?:no|without\s+a)\s+car\s+(?:now|anymore|any\s+more)|car[- ]?free\s+now)\b",
         lambda m: [Fact("car", "", Op.RETRACT, 0.65)]),
    # "my 2011 civic finally died on I-85": the car is gone
    rule(r"(?:.*?,\s*)?(?:rip\s+)?my\s+(?:old\s+|trusty\s+)?(?:(?:19|20)\d{2}\s+)?"
         r"(?P<car>" + _ANY_CAR + r")\s+(?:has\s+|finally\s+|just\s+)*(?:died|is\s+dead|"
         r"(?:got|was)\s+(?:written\s+off|totall?ed|stolen))\b", _car(Op.RETRACT)),
    # Only a car is traded in: "traded in the focus" ends whatever car "focus" names.
    rule(_PAST + r"(?:just\s+)?traded\s+(?:(?P<pre>in)\s+)?(?:the|my|our)\s+(?:old\s+)?"
         r"(?P<car>[\w-]+(?:\s+[\w-]+)?)(?(pre)$|\s+in\b)",
         lambda m: [Fact("car", " ".join(m.group("car").split()), Op.RETRACT, 0.65)]),
    *ALLERGY_TAKEN_BACK,
    rule(r"(?:it(?:'s|\s+has)\s+been\s+|I(?:'m|\s+am)\s+|I(?:'ve|\s+have)\s+(?:been|gone)\s+)?(?:now\s+)?"
         r"(?P<n>(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:full\s+)?(?:days?|weeks?|"
         r"months?|years?))\s+(?:(?:since\s+(?:my\s+)?last\s+|without\s+(?:a\s+|any\s+)?|off\s+(?:the\s+)?|"
         r"free\s+(?:of|from)\s+)(?P<what>" + _SMOKES + "|" + _DRINKS + r"|vapes?|vaping)\b|"
         r"(?:sober|dry|alcohol[- ]free|smoke[- ]free)\b)", _quit_since),
    # "sober since new year's", "I'm sober now", "I don't drink anymore", "quit drinking"
    rule(r"(?:I(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+|been\s+)?(?:completely\s+|fully\s+)?(?:sober|off\s+(?:the\s+)?"
         r"(?:booze|grog|alcohol|drink))(?:\s+now)?"
         r"(?:\s+(?:since|as\s+of|for)\b.*)?$", lambda m: list(SOBER)),
    rule(r"I\s+(?:don't|do\s+not)\s+drink\s+(?:alcohol\s+|booze\s+)?(?:anymore|any\s+more|any\s+longer)$",
         lambda m: list(SOBER)),
    # "I'm done with alcohol for good", "done with booze": not a wish ("I think" is the speaker's own)
    rule(r"(?:I\s+think\s+)?(?:I(?:'m|\s+am)\s+)?(?:so\s+|totally\s+|completely\s+)?(?:done|finished)\s+with\s+"
         r"(?:alcohol|booze|drinking|the\s+drink|the\s+booze)\b", lambda m: list(SOBER)),
    rule(_PAST + r"(?:quit|stopped|gave\s+up|given\s+up|cut\s+out|kicked)\s+(?P<what>" + _SMOKES + "|"
         + _DRINKS + r"|vapes?|vaping)$", lambda m: _abstained(m.group("what"))),
    # "dropped out of uni", "I dropped out of McGill": whatever school it was ends.
    rule(_PAST + r"dropped\s+out(?:\s+of\s+(?:(?:uni|university|college|school|my\s+\w+)\b|(?P<org>[A-Z][\w&"
                 r"'.-]*"
         r"(?:\s+[A-Z][\w&'.-]*)*)))?",
         lambda m: [Fact("studies_at", m.group("org") or "", Op.RETRACT, 0.8)]),
    # "put down my papers at the infy job": notice given, and served when told as done
    # "handed in my badge at ste-justine last friday": the job is left
    rule(_PAST + r"(?:just\s+|finally\s+)?(?:put|handed|gave)\s+(?:down|in)\s+(?:my\s+)?"
         r"(?:papers|badge|lanyard|keys\s+(?:at|to)\s+(?:work|the\s+office))\b",
         _all(("employer", Op.RETRACT))),
    # "they've made me a trainer!!", "I got made team lead": a new title, given
    rule(r"(?:.*?,\s*)?(?:(?:they|(?:the\s+)?(?:boss|bosses|company|management|owners?))(?:'ve|\s+have|\s+has)?\s+"
         r"(?:just\s+|finally\s+|officially\s+)?made\s+me|I(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:got|been)\s+made)"
         r"\s+(?:a\s+|an\s+|the\s+)?(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)(?=\s*$|\s*[,.!]|\s+(?:now|today|at|of|for|"
         r"lol|finally)\b)",
         lambda m: [Fact("job_title", m.group("t"), Op.ASSERT, 0.8)] if is_job(m.group("t")) else []),
    # "they shifted me over to the payments desk as team lead": a new title, given with a new post
    rule(r"(?:.*?,\s*)?(?:they|(?:the\s+)?(?:boss|bosses|company|management|manager|owners?|bank|office|HR))(?:'ve|\s+have|"
         r"\s+has)?\s+(?:just\s+|finally\s+|officially\s+)?(?:moved|put|shifted|switched|transferred|placed|posted|"
         r"assigned|bumped)\s+me\s+(?:over\s+|up\s+|across\s+)?(?:to|in|into|onto|on)\s+(?:[\w&'-]+\s+){1,4}?as\s+"
         r"(?:a\s+|an\s+|the\s+|their\s+)?(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)(?=\s*$|\s*[,.!;]|\s+(?:now|today|"
         r"since|from|last|this|and|but|so|lol)\b)",
         lambda m: [Fact("job_title", m.group("t"), Op.ASSERT, 0.8)] if is_job(m.group("t")) else []),
    # Retirement and unemployment end the job, whatever it was.
    # (never "retired racer called Bolt": an animal told of, by what it was)
    rule(r"I(?:'ve|\s+have|'m|\s+am)?\s+" + ADV
         + r"(?:retired(?!\s+[a-z]+(?:\s+[a-z]+)?\s+(?:called|named)\b)|unemployed|between\s+jobs|"
           r"out\s+of\s+work)\b(?:\s+from\s+(?:the\s+)?(?P<org>[A-Z][\w&'.-]*(?:\s+(?:of\s+)?[A-Z][\w&'.-]*)*))?",
         lambda m: _retired_as(m) or _retired_from(m)),
    # A pet given away (put down: ``pets_en.PETS_GONE``), or "RIP Rex".
    rule(r"(?:I|we)\s+(?:had\s+to\s+|have\s+had\s+to\s+)?(?:rehome|rehomed|re-home|re-homed|give\s+away|gave"
         r"\s+away)\s+"
         r"(?:my\s+|our\s+)?(?:" + _PET_WORD + r"\s+)?(?P<name>" + NAME + r")", _named_pet(Op.RETRACT, 0.8)),
    # Graduating ends studying there: "graduated yesterday", "I graduated from Leeds".
    rule(_PAST + r"(?:just\s+)?graduated(?:\s+from\s+(?P<org>[A-Z][\w&'.-]*(?:\s+(?:of\s+)?[A-Z][\w&'.-]*)*)"
                 r")?",
         lambda m: [Fact("studies_at", m.group("org") or "", Op.RETRACT, 0.8)]),
    rule(r"(?:RIP|rip)\s+(?P<name>" + NAME + r")$", _named_pet(Op.RETRACT, 0.75)),
    # "i'm not at crux anymore", "no longer with Deloitte": whatever the name was to them.
    rule(r"I(?:'m|\s+am)\s+(?:not\s+(?:at|with|working\s+(?:at|for))\s+(?P<v>.+?)\s+(?:anymore|any\s+more|"
         r"any\s+longer)|no\s+longer\s+(?:at|with|working\s+(?:at|for))\s+(?P<v2>.+?))(?=$|\s*,)",
         lambda m: _not_at(m.group("v") or m.group("v2"))),
    # Passing the test ends learning it: "passed my driving test".
    rule(_PAST + r"(?:passed|finished|completed)\s+(?:my\s+|the\s+)?(?P<v>[a-z]+ing|[A-Z][a-z]+)\s+"
         r"(?:test|exam|course)\b", lambda m: [Fact("learning", m.group("v"), Op.RETRACT, 0.75)]),
)

# "new manager is some rahul", "my new flatmate's Ruth": the one before ends. A name typed in
# lower case counts when nothing said of the newcomer follows it ("new boss is nice").
_NEW_ROLE = {"boss": ("boss", "manager"), "manager": ("manager", "boss"), "supervisor": ("boss", "manager"),
             "roommate": ("roommate", "flatmate"), "flatmate": ("flatmate", "roommate"),
             "housemate": ("flatmate", "roommate"), "landlord": ("landlord",), "landlady": ("landlord",)}
_NOT_A_NEWCOMER = words(
    "nice great awful lovely alright ok okay terrible strict cool chill young old new good bad horrible "
    "amazing fine worse better way so super really very actually also still not literally kinda pretty "
    "starting coming arriving here there someone somebody from a an the my our his her their this that "
    "just even quite much more less sound weird strange mean kind sweet funny lazy messy clean quiet loud "
    "rude tbd unknown tba sick off out"
)


def _newcomer(m: re.Match[str]) -> list[Fact]:
    name = m.group("name")
    said_of = re.search(r"(?:ly|ful|ous|ive|ing|ed|ish|able|ible)$", name.lower())  # "new boss is lovely"
    if name.lower() in _NOT_A_NEWCOMER or said_of:
        return []
    name = name[:1].upper() + name[1:]
    kinds = _NEW_ROLE[m.group("role").lower()]
    return [*(Fact(kind, "", Op.RETRACT, 0.7) for kind in kinds), Fact(kinds[0], name, Op.ASSERT, 0.75)]


# Tried after the caller's own endings.
LATE_ENDINGS: tuple[Rule, ...] = (
    rule(r"(?:.*?[,.!]\s*)?(?:(?:my|our|the)\s+)?new\s+(?P<role>" + "|".join(_NEW_ROLE) + r")(?:'s|\s+is)\s+"
         r"(?:some\s+|this\s+|called\s+|named\s+)?(?P<name>" + NAME + r"|[a-z][a-z'-]{2,14})"
         r"(?=\s*$|\s*[,.!;]|\s+(?:from|and|who|she|he|lol|haha)\b)", _newcomer),
    # A pet gone, told by its name: "Buddy passed away on Saturday".
    rule(r"(?!I\b)(?P<name>" + NAME + r")\s+(?:has\s+)?(?:died|passed\s+away|passed|is\s+gone|ran\s+away|"
                                      r"went\s+missing|"
         r"crossed\s+the\s+rainbow\s+bridge)", _named_pet(Op.RETRACT, 0.75)),
    # Someone who shared the home left it: "Tiago moved out at the end of august".
    rule(r"(?:my\s+(?:room|flat|house)mate\s+)?(?!I\b)(?P<name>" + NAME
         + r")\s+(?:has\s+)?(?:finally\s+|just\s+)?moved\s+out\b",
         lambda m: [Fact(who, m.group("name"), Op.RETRACT, 0.75) for who in ("roommate", "flatmate",
                                                                              *_PARTNERS[:3])]),
)

# A change talked about without its new value: the current one may be outdated. Hedged
# talk ("thinking about dropping out") counts: it never ends anything.
# Weighing a change, not yet made: "(been) (lowkey) thinking about", "considering"
_WEIGHING = (r"(?:I(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+|been\s+)?" + ADV
             + r"(?:thinking\s+(?:about|of)|considering)\s+")
DOUBTS: tuple[Rule, ...] = (
    rule(r"(?:the|my|our)\s+(?:big\s+|recent\s+)?move\b(?!\s+to\b)", _fixed("lives_in", "", 0.6, Op.DOUBT)),
    rule(r"(?:I(?:'ve|\s+have)?\s+|we(?:'ve|\s+have)?\s+)?(?:started\s+|been\s+|finished\s+|"
         r"still\s+)?(?:packing"
         r"(?:\s+(?:up|boxes|everything))?|(?:house|flat|apartment)[- ]hunting|looking\s+at\s+(?:flats|"
         r"houses|"
         r"apartments)|viewing\s+(?:flats|houses|apartments))\b", _fixed("lives_in", "", 0.6, Op.DOUBT)),
    rule(r"(?:my|our|the)\s+(?:lease|tenancy|contract\s+on\s+the\s+flat)\s+(?:is\s+up|ends|runs\s+out)",
         _fixed("lives_in", "", 0.6, Op.DOUBT)),
    # ("my new job at Flutterwave": the employer named, read by the rules after these)
    rule(r"(?:the|my)?\s*new\s+(?:job|role|position|company|employer|boss)\b"
         r"(?!(?:'s|\s+is)?\s+(?:at|with)\s+(?!(?:a|an|the|my|this|that|some)\b)\w)",
         _fixed("employer", "", 0.6, Op.DOUBT)),
    # "handed in my notice at Accenture": the job ends on the last day the turn tells (whole_turn)
    rule(r"(?:I(?:'m|\s+am|'ve|\s+have)?\s+)?(?:just\s+)?(?:handing|handed|hand)\s+(?:in\s+)?my\s+(?:notice|"
         r"resignation)(?:\s+in)?(?:\s+(?:at|to)\s+(?:the\s+)?(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*))?",
         lambda m: [Fact("employer", "", Op.DOUBT, 0.6), *_notice_at(m)]),
    rule(r"(?:I\s+)?(?:had|have|got)\s+(?:my|an?)\s+exit\s+interview", _fixed("employer", "", 0.6, Op.DOUBT)),
    # A last day still to come: "my last day at Deloitte is friday" (told as past, it ends).
    rule(r"(?:it's\s+|tomorrow(?:'s|\s+is)\s+|friday(?:'s|\s+is)\s+)?my\s+last\s+(?:day|shift|week)\b(?!.*\bwas\b)",
         _fixed("employer", "", 0.6, Op.DOUBT)),
    rule(r"(?:the|my|our)\s+new\s+(?:place|flat|house|apartment|home|neighbou?rhood|landlord|commute)\b",
         _fixed("lives_in", "", 0.6, Op.DOUBT)),
    # An offer is a change to come, not yet a change: "got an offer from Amazon, I start in
    # two weeks", "accepted an offer at Linklaters".
    rule(r"(?:I(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+)?(?:got|received|accepted|took|have|had|signed)\s+"
         r"(?:an?\s+|the\s+|my\s+)?(?:new\s+|job\s+|verbal\s+|written\s+)*offer\b",
         _fixed("employer", "", 0.6, Op.DOUBT)),
    rule(r"(?:I(?:'m|\s+am)\s+|I(?:'ve|\s+have)\s+been\s+)?(?:job[- ]hunting|applying\s+(?:for|to)\s+(?:jobs"
         r"|other"
         r"\s+jobs|roles)|looking\s+for\s+(?:a\s+)?(?:new\s+|another\s+)?job)",
         _fixed("employer", "", 0.6, Op.DOUBT)),
    # ("lowkey thinking about leaving ups", "been thinking about leaving teaching", "might quit")
    rule(_WEIGHING + r"(?:quitting|leaving|handing\s+in)|(?:I\s+)?" + ADV + r"(?:might|may)\s+(?:resign\b|"
         r"(?:quit|leave)\s+(?:my\s+job|the\s+job|work|the\s+(?:company|firm|practice)|(?-i:[A-Z]\w+)))",
         _fixed("employer", "", 0.6, Op.DOUBT)),
    rule(_WEIGHING + r"dropping\s+out", _fixed("studies_at", "", 0.6, Op.DOUBT)),
    rule(_WEIGHING + r"(?:moving|relocating)\b", _fixed("lives_in", "", 0.6, Op.DOUBT)),
    rule(r"(?:I\s+)?(?:haven't|have\s+not)\s+(?:been\s+to|done|gone\s+to)\s+(?:any\s+)?[a-z]+\s+in\s+"
         r"(?:ages|weeks|months|a\s+while|forever)", _fixed("routine", "", 0.6, Op.DOUBT)),
    rule(r"(?:(?:since|after)\s+I\s+|I\s+)?changed\s+(?:teams|roles|departments)",
         _fixed("job_title", "", 0.6, Op.DOUBT)),
    # A pet at the vet's or ill: "Clover's been at the vet since friday".
    rule(r"(?P<name>" + NAME + r")(?:'s|\s+is|\s+has)\s+(?:been\s+)?(?:at\s+the\s+vets?|"
         r"in\s+(?:the\s+)?(?:animal\s+)?hospital|really\s+(?:sick|ill|poorly)|not\s+(?:eating|well))",
         _named_pet(Op.DOUBT, 0.6)),
    rule(r"(?:my|our|the)\s+" + _PET_WORD + r"(?:'s|\s+is|\s+has)\s+(?:been\s+)?(?:at\s+the\s+vets?|"
                                            r"(?:really\s+)?(?:sick|ill|"
         r"poorly))", _fixed("pet", "", 0.6, Op.DOUBT)),
    rule(r"the\s+vets?\s+(?:said|says|thinks|told\s+us|reckons)", _fixed("pet", "", 0.6, Op.DOUBT)),
    # "after the knee surgery I can't really run": the habit may have stopped.
    rule(r"(?:.*?\b)?I\s+(?:can't|cannot|can\s+no\s+longer)\s+(?:really\s+|even\s+)?(?P<v>run|swim|cycle|"
         r"bike|climb|"
         r"surf|box|dance|train|lift|skate|ski|hike|jog|walk|drive|smoke|drink)\b",
         lambda m: [Fact("habit", third_person(m.group("v")), Op.DOUBT, 0.6)]),
    # A reorganisation leaves the title in question: "ever since the restructuring".
    rule(r".*?\b(?:restructur(?:e|ing)|reorg(?:anisation|anization)?)\b|.*?\bdon't\s+(?:even\s+)?know\s+what"
         r"\s+my\s+"
         r"(?:job\s+)?(?:title|role)\b", _fixed("job_title", "", 0.6, Op.DOUBT)),
    # A relationship in trouble: "not sure we're still together", "we're on a break".
    rule(r"(?:we\s+(?:had|have\s+had|'ve\s+had)\s+(?:a|another)\s+(?:huge\s+|big\s+|massive\s+)?(?:fight|"
         r"row|argument|falling\s+out)|.*?\bnot\s+sure\s+(?:if\s+)?we(?:'re|\s+are)\s+(?:still\s+)?together|"
         r".*?\b(?:we(?:'re|\s+are)|" + NAME + r"\s+and\s+I\s+are)\s+(?:on\s+a\s+break|living\s+apart|"
         r"separated|separating|taking\s+(?:a\s+)?(?:break|space))|"
         r"things\s+(?:with\s+" + NAME + r"|between\s+us|at\s+home)\s+(?:are|have\s+been)\s+"
         r"(?:\w+\s+)?(?:rough|rocky|bad|difficult|hard|strained|tense))",
         _all(*((p, Op.DOUBT) for p in _PARTNERS))),
    *HEDGED_DOUBTS,  # "might leave tcs", "not sure how long i'll last at dusty's" (after the rules above)
)
