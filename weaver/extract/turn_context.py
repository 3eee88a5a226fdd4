"""Short answers read in the light of the assistant's question before them.

"Where do you work?" -> "Deloitte, audit" states nothing on its own; restated as "I work
at Deloitte, audit" it does. The question is classified by what it asks: a frame is the
first-person statement its answer completes and the attributes such an answer may give.
Only facts of those attributes are taken from the restated answer, and only when the
answer is short, is no question itself and does not already state one of them.

A yes to a yes/no question of a known frame ("Are you still at Kaiser?" -> "yep") is the
question said back in the first person ("I'm still at Kaiser"); a no states nothing.
Pure: text in, text out; the extractor reads the restatement like any other turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from vaultweave.weaver.extract.places_en import known_place


@dataclass(frozen=True)
class Frame:
    """The statement an answer completes ("I work at {}") and the attributes it may give."""

    template: str
    attributes: frozenset[str]
    # The same statement about someone else ("{who} lives in {}"); "" when it has none.
    third: str = ""
    # The answer is a proper name (a place, a company): "manchester" is Manchester.
    proper: bool = False

    def allows(self, attribute: str) -> bool:
        any_favourite = "favourite_*" in self.attributes and attribute.startswith("favourite_")
        return attribute in self.attributes or any_favourite


def _frame(template: str, *attributes: str, third: str = "", proper: bool = False) -> Frame:
    return Frame(template, frozenset(attributes), third, proper)


_I = re.IGNORECASE
# Order matters: the first matching question wins ("what do you do for fun" is a hobby
# question before it is a job question).
_EN_FRAMES: tuple[tuple[re.Pattern[str], Frame | None], ...] = (
    # "Anything you can't stand?", "Any foods you don't eat?"
    (re.compile(r"\b(?:anything|any\s+\w+|what|things?)\s+(?:(?:that\s+)?you\s+)?(?:really\s+)?(?:can't\s+stand|"
                r"don't\s+(?:eat|like)|hate|dislike|avoid|won't\s+eat)\b", _I),
     _frame("I can't stand {}", "dislikes", third="{who} can't stand {}")),
    # "Any cuisines you especially like?", "What music do you like?"
    (re.compile(r"\b(?:any|what|which)\s+(?:kinds?\s+of\s+)?(?:cuisines?|foods?|music|genres?|bands?|artists?|"
                r"snacks?|drinks?|dishes|books?|films?|movies?|shows?|sports?)\s+(?:(?:do|does)\s+)?(?:you|he|she)\s+"
                r"(?:especially\s+|really\s+|usually\s+)?(?:like|love|enjoy|fancy)\b", _I),
     _frame("I like {}", "likes", third="{who} likes {}")),
    (re.compile(r"\b(?:for\s+fun|free\s+time|spare\s+time|hobbies|hobby|into)\b", _I),
     _frame("I like {}", "likes", "hobby", third="{who} likes {}")),
    (re.compile(r"\bwhere\s+(?:do|did)\s+you\s+(?:work|intern)\b|\bwho\s+do\s+you\s+work\s+for\b|"
                r"\bwhere\s+are\s+you\s+working\b|\bwhich\s+(?:company|firm|employer)\b|"
                r"\bare\s+you\s+still\s+(?:at|with)\b|\byou\s+(?:still\s+)?work\s+(?:at|for)\b|"
                r"\bwhat\s+(?:company|firm)\b", _I),
     _frame("I work at {}", "employer", "job_title", third="{who} works at {}", proper=True)),
    (re.compile(r"\bwhat\s+do\s+you\s+do\b|\bwhat(?:'s|\s+is)\s+(?:your|the)\s+(?:new\s+)?(?:job|role|position|"
                r"title|line\s+of\s+work)\b|\bwhat\s+(?:kind\s+of\s+)?(?:work|job)\s+(?:do|are)\s+you\b|"
                r"\bwhat\s+are\s+you\s+working\s+as\b", _I),
     _frame("I'm a {}", "job_title", "employer", third="{who} is a {}")),
    (re.compile(r"\bare\s+you\s+(?:still\s+)?(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:lead|manager|supervisor|head|"
                r"director|engineer|developer|nurse|teacher|analyst|assistant|intern)\b", _I),
     _frame("I'm a {}", "job_title")),
    (re.compile(r"\bwhere\s+did\s+you\s+(?:move|relocate)\b", _I),
     _frame("I moved to {}", "lives_in", third="{who} moved to {}", proper=True)),
    # "Where are you headed?" asks about a plan, which states nothing yet.
    (re.compile(r"\bwhere\s+are\s+you\s+(?:headed|moving|relocating|going)\b", _I), None),
    (re.compile(r"\bwhere\s+are\s+you\s+(?:from|originally)\b|\bwhere\s+did\s+you\s+grow\s+up\b|"
                r"\bhometown\b|\bwhere(?:'s|\s+is)\s+home\s+originally\b", _I),
     _frame("I'm from {}", "hometown", third="{who} is from {}", proper=True)),
    (re.compile(r"\bwhere\s+(?:do|did)\s+you\s+live\b|\bwhere\s+are\s+you\s+(?:based|living|located|now)\b|"
                r"\b(?:which|what|your|home|address)\s+(?:\w+\s+)?(?:city|town)\b|\b(?:city|town)\s+(?:are|do)\s+you\b|"
                r"\bwhich\s+(?:country|area)\b|\bwhat\s+country\b|"
                r"\bare\s+you\s+(?:based|living|located)\s+in\b|\bare\s+you\s+(?:still\s+|also\s+)?in\s+[A-Z]|\byou(?:'re|\s+are)\s+(?:still\s+)?(?:in|based\s+in|"
                r"living\s+in)\s+[A-Z]|\bdo\s+you\s+(?:still\s+)?live\s+in\b|"
                # a guess at the town: "So you live out in Redmond then?"
                r"\byou\s+(?:still\s+|also\s+)?live\s+(?:out\s+|over\s+|up\s+|down\s+)?in\s+[A-Z]|"
                r"\bwhere(?:'s|\s+is)\s+home\b", _I),
     _frame("I live in {}", "lives_in", "hometown", third="{who} lives in {}", proper=True)),
    (re.compile(r"\bhow\s+old\s+are\s+you\b|\byour\s+age\b", _I),
     _frame("I'm {}", "age", third="{who} is {}")),
    (re.compile(r"\bwhat(?:'s|\s+is)\s+your\s+name\b|\bwhat\s+should\s+I\s+call\s+you\b", _I),
     _frame("my name is {}", "name")),
    (re.compile(r"\ballerg", _I), _frame("I'm allergic to {}", "allergy")),
    (re.compile(r"\blanguages?\b.*\b(?:learning|studying)\b|\b(?:learning|studying)\b.*\blanguages?\b", _I),
     _frame("I'm learning {}", "learning", "speaks")),
    (re.compile(r"\blanguages?\b|\bspeak\b", _I), _frame("I speak {}", "speaks", "learning")),
    (re.compile(r"\bwhere\s+(?:do|did)\s+you\s+study\b|\bwhich\s+(?:uni|university|school|college)\b", _I),
     _frame("I study at {}", "studies_at")),
    (re.compile(r"\bany\s+pets\b|\bdo\s+you\s+have\s+(?:a\s+|any\s+)?pets?\b", _I),
     _frame("I have {}", "pet")),
)
_HOW_OLD = re.compile(r"\bhow\s+old\b", _I)
_BARE_AGE = re.compile(r"\d{1,3}(?:\s*(?:yo|years?\s+old))?(?:$|[\s,.!;])", _I)
_AGE_FRAME = _frame("I'm {}", "age", third="{who} is {}")
_EN_FAVOURITE = re.compile(r"\bfavou?rite\s+([a-z]+)\b", _I)

_ZH_FRAMES: tuple[tuple[re.Pattern[str], Frame | None], ...] = (
    (re.compile(r"爱好|喜欢(?:做|干|玩)什么|平时(?:都)?(?:做|干|玩)(?:些)?什么|业余"),
     _frame("我喜欢{}", "likes", "hobby", third="{who}喜欢{}")),
    (re.compile(r"(?:在)?哪(?:里|儿)?(?:工作|上班|高就)|(?:哪|什么)(?:家|个)?公司"),
     _frame("我在{}上班", "employer", "job_title", third="{who}在{}上班")),
    (re.compile(r"(?:做|干)(?:什么|啥)(?:工作|的|岗位|职位|行业)?|(?:什么|啥)(?:岗位|职位|工作)|从事"),
     _frame("我是{}", "job_title", "employer", third="{who}是{}")),
    (re.compile(r"哪(?:里|儿)?人|老家"), _frame("我老家是{}", "hometown")),
    (re.compile(r"(?:在|住|base)(?:在)?哪(?:里|儿|个城市)?|哪个城市|坐标|你(?:现在|还)?住"),
     _frame("我住在{}", "lives_in", "hometown", third="{who}住在{}")),
    (re.compile(r"多大|几岁|年纪|年龄"), _frame("我今年{}", "age", third="{who}今年{}")),
    (re.compile(r"叫什么|怎么称呼"), _frame("我叫{}", "name")),
    (re.compile(r"过敏"), _frame("我对{}过敏", "allergy")),
    (re.compile(r"语言|(?:会|能)(?:说|讲)"), _frame("我会说{}", "speaks")),
    (re.compile(r"(?:哪|什么)(?:个|所)?(?:学校|大学)|在哪(?:里|儿)?(?:上学|读书|念书)"),
     _frame("我在{}读书", "studies_at")),
    (re.compile(r"(?:什么|啥)宠物|养(?:了)?(?:什么|啥)"), _frame("我养了{}", "pet")),
)

_EN_QUESTION_END = re.compile(r"[^.!?]*\?\s*$")
_ZH_QUESTION_END = re.compile(r"[^。！？!?]*[？?]\s*$")
_EN_YES = re.compile(r"^(?:yes|yeah|yep|yup|ya|yea|yess+|sure|correct|right|indeed|still)\b[\s,.!]*", _I)
_EN_NO = re.compile(r"^(?:no|nope|nah|not\s+really|not\s+anymore)\b", _I)
_EN_LEAD = re.compile(
    r"^(?:(?:oh|um+|uh+|erm|er|well|so|haha+|lol|hmm+|ok|okay|probably|like|I\s+guess|honestly|"
    r"at|in|for|with|it's|its|currently|now)\b[\s,.!…-]*)+", _I
)
_ZH_YES = re.compile(r"^(?:对|是的|是啊|是呀|嗯+|没错|对的|对啊|yes|yep|yeah)[\s，,。!！~～]*", _I)
_ZH_NO = re.compile(r"^(?:不是|没有|不|no)")
_ZH_LEAD = re.compile(r"^(?:(?:哈+|嘿+|额|呃|嗯+|emm+|就是|就|在|现在)[\s，,。!！~～]*)+")
# A reply that asks back ("why?", "what do you mean?", "要说吗？") answers nothing; a rising
# tone on a value ("Kyoto? yeah. Kyoto") still does.
_ASKS_BACK = re.compile(
    r"^(?:what|why|how|who|where|when|which|do|does|did|is|are|can|could|should|would|will|"
    r"啥|什么|为什么|怎么|哪)|[吗呢][？?]?$", _I
)
_CHOICE = re.compile(r"\bor\b|\bvs\.?\s", _I)
# Replies that name no value: "both", "neither", "idk", "都行", "不知道".
_NO_VALUE = re.compile(
    r"^(?:both|neither|either|none|nothing|all\s+of\s+(?:them|the\s+above)|everything|anything|same|"
    r"dunno|idk|not\s+sure|depends|no\s+idea|whatever|n/?a|"
    r"都(?:行|可以|有|不)|不(?:知道|清楚|一定)|随便|看情况)\b", _I
)
_FIRST_PERSON_EN = re.compile(r"^(?:I|I'm|I've|my|we|we're|our|me)\b", _I)
_SENTENCE_END_EN = re.compile(r"[.!?;]\s|[.!?;]$|\s[-–—]\s")
_SENTENCE_END_ZH = re.compile(r"[。！!；;？?]")
MAX_ANSWER_WORDS = 8
MAX_ANSWER_CHARS_ZH = 20


def _cjk(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


def last_question(text: str) -> str:
    """The question an answer replies to: the last sentence of the turn, if it asks."""
    stripped = text.strip()
    pattern = _ZH_QUESTION_END if _cjk(stripped) else _EN_QUESTION_END
    found = pattern.search(stripped)
    return found.group().strip() if found else ""


def _guess(text: str) -> str:
    """The assistant's guess about the speaker anywhere in its turn ("You work at Google,
    right? Their perf process..."), which a "no, X" reply puts right; "" when none."""
    asked = [q.strip() for q in re.findall(r"[^.!?]*\?", text)
             if re.search(r"\byou(?:'re|\s+are|\s+work|\s+live)\b|"
                          r"\bare\s+you\s+(?:still\s+)?(?:(?:based|living|located)\s+)?(?:in|at|from)\b|"
                          r",\s*right\s*\?$", q, _I)]
    return asked[-1] if asked else ""


def frame_of(question: str) -> Frame | None:
    """What a question asks, or None when it asks nothing the rules can restate. A choice
    ("Bored of the job or the city?", "Tonkotsu or shoyu?") is no frame: its answer picks."""
    if not question or _CHOICE.search(question):
        return None
    frames = _ZH_FRAMES if _cjk(question) else _EN_FRAMES
    favourite = None if frames is _ZH_FRAMES else _EN_FAVOURITE.search(question)
    if favourite:
        return _frame(f"my favourite {favourite.group(1).lower()} is {{}}", "favourite_*")
    return next((frame for pattern, frame in frames if pattern.search(question)), None)


def _first_sentence(answer: str, chinese: bool) -> str:
    cut = (_SENTENCE_END_ZH if chinese else _SENTENCE_END_EN).search(answer)
    return (answer[: cut.start()] if cut else answer).strip(" ,，.。")


@dataclass(frozen=True)
class Restated:
    """An answer said as the statement its question asks for."""

    frame: Frame
    statement: str
    about_other: bool  # the question asked about someone else ("What's he into?")
    part: str = ""  # the part of the answer restated ("" for a bare yes)
    who: str = ""  # whom a question about someone else asks about ("my son Jalen", "Jalen")


def restated(question_turn: str, answer: str, who: str = "") -> Restated | None:
    """The answer restated as a statement, or None when it is not a short reply to a
    question the rules can restate. "Where do you work?" + "at, uh, Oracle. for my sins"
    -> "I work at Oracle"; "What's he into?" + "bubble tea", ``who`` "my brother Jun" ->
    "my brother Jun likes bubble tea". ``who``: the person last named, as the speaker
    would say it; a question about someone else is restated only when it is given."""
    question = last_question(question_turn)
    frame = frame_of(question)
    if _HOW_OLD.search(question) and _BARE_AGE.match(_EN_LEAD.sub("", answer.strip())):
        frame = _AGE_FRAME  # "How old is Jalen, and what's he into?" -> "8, obsessed with ...": his age
    if frame is None and _EN_NO.match(_EN_LEAD.sub("", answer.strip())):
        question = _guess(question_turn)
        frame = frame_of(question)
    if frame is None:
        return None
    chinese = _cjk(question)
    other = _asks_about_other(question, chinese)
    named = "" if chinese else named_in(question)
    if named:  # "How old is Jalen?": about Jalen; about whoever was named last only if that is Jalen
        other, who = True, who if named in who.split() else ""
    if other:
        if not (who and frame.third):
            return None
        said_who = who.replace("{", "{{").replace("}", "}}")  # a name is text, not a format field
        frame = replace(frame, template=frame.third.replace("{who}", said_who))
    text = " ".join(answer.split())
    if not text or _ASKS_BACK.match(text):
        return None
    lead = _ZH_LEAD if chinese else _EN_LEAD
    text = lead.sub("", text)
    yes = (_ZH_YES if chinese else _EN_YES).match(text)
    no = (_ZH_NO if chinese else _EN_NO).match(text)
    if no and not yes:
        # "You work at Google, right?" -> "no, Microsoft lol": a guess put right by a name
        return None if chinese else _put_right(frame, lead.sub("", text[no.end():].lstrip(" ,.!")), other)
    rest = lead.sub("", text[yes.end():] if yes else text)
    first = _first_sentence(rest, chinese)
    if first and _NO_VALUE.match(first):
        return None
    if not first:
        said = _said_back(question, chinese) if yes and not other else ""
        return Restated(frame, said, other, who=who if other else "") if said else None
    head = re.split(r"[,，、]", first)[0] if not chinese else first  # "producer on X, can't say which"
    too_long = len(head) > MAX_ANSWER_CHARS_ZH if chinese else len(head.split()) > MAX_ANSWER_WORDS
    if too_long or (not chinese and _FIRST_PERSON_EN.match(first)) or (chinese and first.startswith("我")):
        return None
    if frame.proper and first.islower():
        head, sep, tail = first.partition(",")
        first = head.title() + sep + tail
    return Restated(frame, frame.template.format(first), other, first, who if other else "")


# Words of address or emphasis between "no" and the value: "lol no o, Ikeja", "nah man, Kingston"
_PARTICLES = re.compile(r"^(?:(?:o|oh|man|mate|bro|bruv|fam|lah|la|leh|yaar|dude|sis|boss|lol|haha+|lmao)\b"
                        r"[\s,.!]*)+", _I)
# A part of town typed in lower case: two or three plain words ("capitol hill"), none of them
# a word of chat or of a kind of place alone
_PART_OF_TOWN = re.compile(r"(?!(?:the|my|our|not|just|still|never|home|here|there|work|close|near|far|"
                           r"nowhere|somewhere|downtown|uptown|abroad|outside|inside)\b)[a-z]{3,}"
                           r"(?:\s+(?!(?:the|it|that|lol|haha|tho|though|now|yet|anymore)\b)[a-z]{3,}){1,2}")
_NOT_A_VALUE = re.compile(r"\b(?:you|your|what|idea|clue|way|thanks|problem|worries|sure|know|mean|worry)\b",
                          _I)
_EN_VERBISH = re.compile(r"\b(?:is|are|was|were|has|have|had|did|do|does|not|never|still|[a-z]+ed)\b", _I)


def _put_right(frame: Frame, rest: str, other: bool) -> Restated | None:
    """The value after a "no" that corrects the question's guess: a short name or phrase,
    no verb ("nah Bristol!", "no, Microsoft lol", "lol no just a picker")."""
    said = _first_sentence(_PARTICLES.sub("", rest), False)
    first = re.sub(r"^(?:(?:just|only|actually|a|an)\s+)+", "", said, flags=_I)
    head = re.split(r",", first)[0].strip()
    if (other or not head or len(head.split()) > 4 or _EN_VERBISH.search(head) or _ASKS_BACK.match(head)
            or _FIRST_PERSON_EN.match(head) or _NO_VALUE.match(head) or _NOT_A_VALUE.search(head)):
        return None
    if frame.proper and not head[:1].isupper():
        # a place or a company is named with its capital ("nah Bristol"), or is a known place,
        # or, where a town was guessed, is a part of town told alone ("no. capitol hill. 545 bus")
        town = "lives_in" in frame.attributes
        place = known_place(head) if town else None
        if place is None and town and head == first and _PART_OF_TOWN.fullmatch(head):
            place = " ".join(w[:1].upper() + w[1:] for w in head.split())
        if place is None:
            return None
        head = place
    return Restated(frame, frame.template.format(head), other, head)


_EN_NAMED = re.compile(r"\b(?:is|does|did|was|has|are)\s+(?P<n>[A-Z][a-z]+)\b(?!\s+(?:and|or)\s+(?:you|I)\b)")
_NOT_NAMED = frozenset(
    ["I", "It", "It's", "That", "This", "There", "What", "He", "She", "They", "You", "Your", "My"]
)


def named_in(question: str) -> str:
    """The person a question asks about by name ("How old is Jalen, and what's he into?")."""
    found = _EN_NAMED.search(question)
    name = found.group("n") if found else ""
    return "" if name in _NOT_NAMED or known_place(name) else name


_EN_THIRD = re.compile(r"\b(?:he|she|him|her|his|they|them)\b", _I)
_EN_SECOND = re.compile(r"\b(?:you|your|you're)\b", _I)


def _asks_about_other(question: str, chinese: bool) -> bool:
    if chinese:
        return bool(re.search(r"[他她]", question)) and "你" not in question.replace("你们", "")
    return bool(_EN_THIRD.search(question)) and not _EN_SECOND.search(question)


_EN_BACK = (
    (re.compile(r"^(?:and\s+)?(?:are|were)\s+you\b", _I), "I'm"),
    (re.compile(r"^(?:and\s+)?(?:do|did)\s+you\b", _I), "I"),
    (re.compile(r"^(?:and\s+)?have\s+you\b", _I), "I've"),
    (re.compile(r"^you(?:'re|\s+are)\b", _I), "I'm"),
    (re.compile(r"^you\b", _I), "I"),
)


def _said_back(question: str, chinese: bool) -> str:
    """A yes/no question said back by the one who answers yes; "" when it is no such question."""
    body = re.split(r"(?<=[.!,])\s+|(?<=[。！，])", question)[-1].strip().rstrip("?？ ")
    if chinese:
        body = re.sub(r"(?:吗|吧|呀|呢|嘛)$", "", body)
        return body.replace("你们", "我们").replace("你", "我") if "你" in body else ""
    for pattern, replacement in _EN_BACK:
        if pattern.search(body):
            said = pattern.sub(replacement, body, count=1)
            return re.sub(r"\byour\b", "my", re.sub(r"\byou\b", "me", said, flags=_I), flags=_I)
    return ""


# -- "it" for a thing named just before -----------------------------------------------------

# "remember the korean thing?", "the gym?", "you know my pottery class?": a sentence that only
# names a thing, as a question, makes it the topic of the next sentence.
_TOPIC = re.compile(
    r"^(?:(?:lol|oh|haha+|so|and|ok|okay|also)[\s,]+)*(?:(?:remember|you\s+know|re|about)\s+)?"
    r"(?:the|my|that|your)\s+(?P<thing>[\w'-]+(?:\s+[\w'-]+){0,2}?)"
    r"(?:\s+(?:thing|stuff|business|plan|idea))?\s*\?+$",
    _I,
)
_IT = re.compile(r"\b(?:it|that)\b(?!')", _I)


def topic_of(sentence: str) -> str:
    """The thing a sentence names as the topic of the next one, or ""."""
    found = _TOPIC.match(sentence.strip())
    return found.group("thing") if found else ""


def with_topic(sentence: str, topic: str) -> str:
    """``sentence`` with its first "it"/"that" standing for ``topic``: "yeah I dropped it"
    after "the korean thing?" -> "yeah I dropped korean"."""
    return _IT.sub(topic, sentence, count=1) if topic else sentence
