"""Doubts from cues: the last net under a missed update, in English and Chinese.

The rules read a change only in the forms they know; a change told any other way ("been
interviewing like crazy", "boxes everywhere, lease is up friday", "最近在偷偷面试",
"房东不续租了") would leave the old value current and served as the truth. So a user turn
that speaks of a change to one of the speaker's attributes, in a sentence from which no
rule read anything about that attribute, puts its current value in doubt (``Op.DOUBT``):
flagged as possibly outdated with the turn that raised it, never ended. The resolver
ignores a doubt raised right after the value was told, or in the same cycle as a new value.

A cue is a word of change that belongs to one attribute family ("laid off", "lease",
"搬家", "分手"), not a phrase of one conversation; what it cannot tell apart (someone
else's move, a move ruled out) is screened by sentence: another person as the only
subject, a hypothetical, or a negated cue raises nothing. A word of change or weighing
of no family ("sold", "RIP", "idk if", "要不要") hands on the words around it instead
(a doubt by name, ``BY_NAME``): the resolver doubts the current fact they name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract.base import BY_NAME, Op
from vaultweave.weaver.extract.events_en import IT
from vaultweave.weaver.extract.rules_text import Fact, words
from vaultweave.weaver.value_match import mentioned

CUE_CONFIDENCE = 0.5  # below the lexicons' 0.6: a cue says less than a known phrase

_PET_EN = (r"(?:dog|doggo|pup|puppy|cat|kitty|kitten|pet|rabbit|bunny|hamster|parrot|budgie|tortoise|"
           r"guinea\s+pig)")
_PET_ZH = r"(?:狗|猫|宠物|兔子|仓鼠|鹦鹉|乌龟|金鱼)"

# A couple's end puts every word for the partner in doubt: the vault holds the one told.
_PARTNERS = ("partner", "spouse", "boyfriend", "girlfriend", "fiance", "wife", "husband")

# (cue, the attributes it puts in doubt), English then Chinese. Each cue is a change in
# the family's own words; a topic word alone ("work was busy") is no cue.
_EN_CUES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"job[\s-]*(?:hunt|search|offer|interview)|interview(?:s|ed|ing)?\s+(?:at|with|for)\b|"
     r"(?:hand(?:ed|ing)?|gave|giving|put)\s+(?:in\s+)?(?:my\s+)?(?:two\s+weeks'?\s+)?notice|"
     r"accept(?:ed|ing)?\s+(?:the|an|their|a\s+job)\s+offer|going\s+freelance|self[\s-]employed|"
     r"(?:got|been|was|were|getting|being)\s+(?:laid\s+off|let\s+go|fired|sacked|made\s+redundant)|"
     r"\blay-?offs?\b|redundanc|resign(?:ed|ing|ation)?\b|(?:my|the)\s+last\s+day\s+(?:at|of)\b|"
     r"(?:new|different|another)\s+(?:job|role|position|gig|employer)|"
     r"(?:chang|switch|leav)(?:e|ed|es|ing)\s+(?:jobs|careers|companies|employers|my\s+job|the\s+company)|"
     r"career\s+change|(?:company|office|firm|startup|shop|store)\s+(?:is\s+|was\s+)?(?:closing|"
     r"shutting|folding|going\s+under|went\s+(?:bust|under)|bankrupt)|"
     r"\bretir(?:e|ed|ing|ement)\b(?!\s+[a-z]+(?:\s+[a-z]+)?\s+(?:called|named)\b)|"
     r"contract\s+(?:ends|ended|ending|is\s+up|runs\s+out|wasn'?t\s+renewed)|"
     # "handed in my badge at ste-justine", "started yesterday at a family clinic"
     r"hand(?:ed|ing)?\s+in\s+(?:my\s+)?(?:badge|keys|laptop|uniform|lanyard)|"
     r"\bstart(?:ed|ing)\s+(?:yesterday|today|on\s+monday|last\s+week|this\s+week|monday)\s+at\b",
     ("employer", "job_title")),
    # hedged, and of the place only: "contract maybe not renewed", "final rounds next week"
    (r"contract\s+(?:\w+\s+){0,2}not\s+(?:be\s+)?renewed|restructur(?:e|ed|ing)\b|final\s+rounds?\b|"
     # "contracts might not get renewed", "will not renew some of us": the work may end
     r"contracts?\s+(?:might|may|won't|will|would)\s+not\s+(?:get\s+|be\s+)?renew|"
     r"not\s+renew\s+(?:some\s+of\s+)?(?:us|me|my\s+contract|our\s+contracts?)\b|\bretrenchments?\b|"
     r"(?:still|even)\s+have\s+(?:this|my|a)\s+job\b|"
     r"leave\s+(?:my|your|the)\s+current\s+(?:company|job|role|employer)|"
     # "we've all been told we're 'at risk'", "the new owners are cutting jobs", "out on my ear"
     r"\bat\s+risk\b|cutting\s+(?:jobs|staff)|job\s+cuts|out\s+on\s+my\s+ear|voluntary\s+(?:exit|redundancy)|"
     # "been eyeing the exit", "still polishing the cv on the side"
     r"eyeing\s+(?:up\s+)?the\s+(?:exit|door)|polishing\s+(?:my|the)\s+(?:cv|resume|linkedin)",
     ("employer",)),
    (r"\bpromot(?:ed|ion)\b|new\s+title|step(?:ped|ping)?\s+(?:down|up)\s+(?:as|to)\b", ("job_title",)),
    (r"\b(?:resched|postpon|push(?:ed)?\s+(?:it\s+)?(?:back|to)|mov(?:ed|ing)\s+(?:it|the\s+\w+)\s+to|"
     r"cancell?(?:ed|ing)\s+(?:the|my|our)\s+(?:appointment|booking|flight|reservation|meeting))",
     ("appointment",)),
    (r"(?:cancell?(?:ed|ing)|quit|quitting|stopp(?:ed|ing)|dropp(?:ed|ing))\s+(?:my\s+|the\s+)?(?:\w+\s+)?"
     r"(?:class|classes|membership|lessons|sessions|course)\b|"
     r"switch(?:ed|ing)?\s+\w+(?:\s+\w+)?\s+to\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?",
     ("routine",)),
    (r"\bmov(?:e|ed|es|ing)\s+(?:out|house|away|back|abroad|cities|countries|in\s+with|in(?=\s+(?:on|last|today|"
     r"yesterday|this|at\s+last|finally))|in[!.]|in$)\b|\bthe\s+move\b|"
     r"\brelocat|packing\s+(?:up|boxes)|moving\s+(?:boxes|truck|van|day|company)|"
     r"\bleases?\s+(?:is\s+|was\s+)?(?:up|ends|ending|ended|ran\s+out|runs\s+out|expir|not\s+(?:being\s+)?renewed)|"
     r"(?:end|break|terminat|sign)\w*\s+(?:of\s+)?(?:the|my|our|a\s+new)\s+lease|\bevict|"
     r"landlord\s+(?:is\s+)?(?:selling|sold|kick|won'?t\s+renew|not\s+renewing)|"
     r"(?:wants?|going)\s+to\s+sell\s+the\s+(?:flat|house|place|apartment)|have\s+to\s+vacate|"
     r"new\s+(?:place(?!,\s+[A-Z])|flat|apartment|house|city|neighbou?rhood)\b|(?:house|flat|apartment)[\s-]*hunting|"
     r"viewing\s+(?:flats|houses|apartments)|\bemigrat|(?:sold|selling|sell)\s+(?:the|our|my)\s+(?:house|flat|place)|"
     # "we're 100% moving this summer", "not sure i'll even stay in london"
     r"\bmoving\s+(?:this|next|in\s+the)\s+(?:summer|winter|spring|autumn|fall|year|month)|"
     r"(?:not\s+sure|don'?t\s+know\s+(?:if|whether))\s+(?:i'?ll|i\s+will|we'?ll)\s+(?:even\s+)?stay\s+in\b|"
     # "thinking of moving to the Eastside", "might just pack out of this place", "may be shifting by
     # August", "might not be able to keep this place" (not "might move the meeting", "moving Noah")
     r"\b(?:thinking\s+(?:of|about)|might|may|could|gonna|going\s+to|have\s+to|want\s+to)\s+(?:just\s+|be\s+|have\s+to\s+)?"
     r"(?:mov(?:e|ing)(?=\s+(?:to|out|away|back|abroad|house|home|cities|countries|closer|somewhere|there|"
     r"here|again|by|next|this\s+(?:year|summer|month))\b|\s*[,.!?]|\s*$)|"
     r"pack(?:ing)?\s+out|relocat(?:e|ing)|shift(?:ing)?\s+(?:by|to|out|in|next|this|house|cities)\b)|"
     r"\bkeep\s+(?:this|the|my|our)\s+(?:place|flat|apartment|house)\b",
     ("lives_in",)),
    (r"(?:not\s+sure|don'?t\s+know\s+(?:if|whether))\s+(?:i'?ll|i\s+will)\s+(?:continue|keep\s+(?:going|up))\s+"
     r"with\b", ("learning", "hobby")),
    (r"not\s+allergic\s+any\s*more|maybe\s+i'?m\s+not\s+(?:even\s+)?allergic", ("allergy",)),
    (r"\bbroke(?:n)?\s+up\b|break[\s-]*up|split(?:ting)?\s+up|divorc|\bseparat(?:ed|ing|ion)\b|single\s+again|"
     r"(?:on|taking)\s+a\s+break\b(?!\s+from)|"  # "taking a break from piano": no couple's
     # "don't even know if I can still call him my boyfriend", "we've been drifting apart"
     r"(?:still|even)\s+call\s+(?:him|her|them)\s+my\b|(?:drift(?:ed|ing)?|grow(?:n|ing)?|grew)\s+apart\b|"
     r"\bon\s+the\s+rocks\b",
     _PARTNERS),
    (r"drop(?:ped|ping)?\s+out|transferr?(?:ed|ing)?\s+(?:to|schools|universities|unis|colleges)|"
     r"\bi\s+(?:don\s+|have\s+|just\s+|'ve\s+)?transferr?(?:ed)?\b|"
     r"\bgraduat(?:e|ed|es|ing)\b|\bdefer(?:red|ring)?\b|gap\s+year|\bwithdr[ae]w\s+from",
     ("studies_at",)),
    # "weighing whether to continue the MA": the course and its school, weighed
    (r"(?:whether|if)\s+(?:to\s+|I\s+(?:should|want\s+to)\s+)?(?:continue|finish|stick\s+with|keep\s+doing)\s+"
     r"(?:with\s+)?(?:the\s+|my\s+)?(?:msc|ma|masters?|degree|course|phd|mba|programme|program|studies)\b",
     ("studies_at", "studies")),
    (r"(?:ate|eating|had|have|tried)\s+(?:some\s+|a\s+)?(?:meat|chicken|fish|bacon|steak|burger|pork|beef)\b|"
     r"fell\s+off\s+the\s+wagon|cheat\s+(?:day|meal)|gave\s+up\s+on\s+(?:being\s+)?(?:vegan|vegetarian|keto)",
     ("diet",)),
    # "moved out of my flat in Wuse to our new place": whoever one shared with may be no more
    (r"\bmoved\s+out(?:\s+of\s+(?:my|our|the|that)\s+(?:\w+\s+)?(?:flat|place|apartment|house|room|"
     r"flatshare|houseshare)\b|\s*(?:$|[,.!;]))|\bour\s+new\s+(?:place|flat|apartment|house|home)\b|"
     r"got\s+(?:my|our)\s+own\s+(?:place|flat|apartment)", ("roommate", "flatmate", "housemate")),
    (rf"\b{_PET_EN}s?\b.{{0,40}}?(?:\bvet\b|put\s+(?:down|to\s+sleep)|rehom|passed|died|missing|ran\s+away|"
     r"(?:is|was|got)\s+(?:sick|ill|poorly))|(?:\bvet\b|rehom).{0,40}?\b" + _PET_EN + r"s?\b|"
     r"\b(?:have|need|going)\s+to\s+rehome\b",  # "might have to rehome Pip": only an animal is rehomed
     ("pet",)),
)
_ZH_CUES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"找工作|面试|offer|辞职|离职|裸辞|被裁|裁员|被辞|被开除|被炒|跳槽|换工作|换(?:了|个|份)?(?:新)?工作|新工作|"
     r"被(?:公司)?[“\"']?毕业|"
     r"新公司|报到|交接|最后一天(?:上班)?|退休|公司(?:要)?(?:倒闭|黄了|解散|关门|破产)|合同(?:快)?到期|"
     r"不干了|不做了",
     ("employer", "job_title")),
    (r"(?:工作|饭碗)(?:还)?保不保得住|(?:公司|单位|幼儿园|学校|店)?(?:可能)?要关(?:门|了)", ("employer",)),
    (r"转行", ("job_title",)),
    # "海尔这边说我们部门可能要整体搬去烟台": the work moves, and the home may follow
    (r"(?:部门|公司|团队|中心|总部)(?:可能)?要?(?:整体)?搬(?:去|到)", ("employer", "lives_in")),
    (r"(?:素|吃素|素食).{0,8}(?:吃不吃得下去|坚持得了|坚持不下去|还吃不吃)|馋肉", ("diet",)),
    (r"(?:不知道)?还能不能走下去|走不下去了", _PARTNERS),
    (r"是不是(?:压根)?(?:就)?不过敏", ("allergy",)),
    (r"搬家|搬走|搬去|搬到|搬回|找房|看房|租房|退租|[不没]续租|房东.{0,6}(?:卖房|收房|涨租|不续|不租|赶人|要卖)|打包|新家|新房子|落户|移民|房子(?:卖|租)",
     ("lives_in",)),
    (r"分手|离婚|分居|分开了|单身|冷静期|掰了|"
     r"(?:我们|我俩|咱俩|咱们)[^，。！？,.!?\s]{0,4}分了(?=$|[，。！？,.!?\s~～]|[啊吧呀哈])", _PARTNERS),
    (r"车(?:子)?.{0,6}(?:卖了|卖掉|出手了|转手了)", ("car",)),
    (r"搬出(?:来|去)了?|搬走了|新家|(?:自己|一个人)(?:租|住)了", ("roommate", "flatmate")),
    (r"升职|升了|升啦|任命|调岗|转岗", ("job_title",)),
    (r"改签|改(?:成|到)(?:了)?(?:下)?(?:周|星期|礼拜|明天|后天|\d|[一二三四五六七八九十])|推迟|延期|提前到|取消了",
     ("appointment",)),
    (r"改成每(?:周|星期|礼拜)|课.{0,4}(?:退|停)|(?:退|停)(?:了)?课|不去上(?:课)?了", ("routine",)),
    (r"退学|休学|转学|(?<![被“\"'])毕业|肄业", ("studies_at",)),
    (r"开荤|吃(?:了)?(?:点|一点|些)?肉|破戒", ("diet",)),
    (rf"{_PET_ZH}.{{0,8}}?(?:走了|去世|死了|没了|丢了|送人|送走|生病|病了|住院|安乐|不行了)", ("pet",)),
)
_CUES = tuple((re.compile(cue, re.IGNORECASE), attrs) for cue, attrs in (*_EN_CUES, *_ZH_CUES))

# A sentence that only talks about someone else, supposes, or rules the change out.
_HYPOTHETICAL = re.compile(
    # "要不要从美团离职" weighs a change: a doubt, as "thinking about leaving" is, and so does
    # the "if" of "idk if i'll keep up the pottery"
    r"\b(?:(?<!idk\s)(?<!know\s)(?<!sure\s)(?<!dunno\s)if|unless|imagine|suppose|what\s+if|in\s+case)\b|"
    r"如果|要是|假如|万一|假设",
    re.IGNORECASE,
)
_JOKING = re.compile(r"开玩笑|说说而已|\bjk\b|just\s+kidding|\bkidding\b|not\s+really,?\s+lol", re.IGNORECASE)


def is_joking(text: str) -> bool:
    """Whether the turn takes back what it said as a joke ("恨不得明天就辞职。开玩笑的")."""
    return _JOKING.search(text) is not None


# A question asks and tells no change, but only in its own clause: "I have a job
# interview Wednesday, can you quiz me?" tells one.
_QUESTION = re.compile(r"(?:[?？]|吗)\s*$")
_CLAUSE_BREAK = re.compile(r"[,，;；、]")
_REFUSED = re.compile(r"[^。！？.!?]{0,12}?(?:我不想|我才不|我不打算|我没打算|我不干)[啊呀啦哦]?"
                      r"(?=[\s，。！？,.!?~]|$)")  # "我不想丢" is no refusal of the change
_NEGATED = re.compile(
    r"(?:\b(?:not|never|no\s+plans?\s+to|won'?t|don'?t|didn'?t|isn'?t|aren'?t|wasn'?t|nothing\s+about)\b"
    r"(?:\s+\w+){0,2}\s*$)|(?:[没不别]|没有|不会|不想|不打算|没打算)$",
    re.IGNORECASE,
)
# 我个/我嘅 are Cantonese for "my": "我个friend阿Ken话…"; kin and partners are said bare too
# ("女朋友在纠结要不要留武汉")
_PEOPLE_ZH = (r"我(?:们|个|嘅)?的?(?:妈|爸|姐|妹|哥|弟|老公|老婆|女朋友|男朋友|对象|朋友|friend|闺蜜|"
              r"同事|同学|同门|老板|领导|上司|经理|儿子|女儿|爷|奶|外公|外婆|室友|邻居|细妹|细佬|阿妹|家姐)|"
              r"闺女|媳妇|女婿|老伴|闺蜜|女朋友|男朋友|老公|老婆|对象")
_FIRST_PERSON = re.compile(
    rf"\b(?:I|I'm|I've|I'll|I'd|im|ive|me|we|we're|we've|us|our)\b|(?!{_PEOPLE_ZH})我|咱|俺", re.IGNORECASE
)
_OTHER_SUBJECT = re.compile(
    r"\b(?:he|she|they|his|her|their|my\s+(?:\w+\s+)?(?:mum|mom|dad|sister|brother|wife|husband|partner|"
    r"boyfriend|girlfriend|friend|colleague|coworker|boss|manager|son|daughter|roommate|flatmate|neighbou?r|"
    rf"cousin|aunt|uncle|grandma|grandpa))\b|(?<![跟和同与])[他她]|{_PEOPLE_ZH}|"  # 跟他吵架: with him
    r"^\s*(?:小|老|阿)[\u4e00-\u9fff]|"  # 小李, 老王, 阿强: a person called by name
    r"(?:老师|师傅|教练|房东|医生|大夫|校长|班主任)(?:也|都|已经|要)?$|"  # "舞蹈班老师退休了": the teacher
    r"^\s*(?:同门|同学|同事|室友|朋友|师兄|师姐|学长|学姐)(?:们)?(?:说|话)|"  # 同门说…: what they plan
    r"^\s*[A-Z][a-z]+(?=[\u4e00-\u9fff])",  # "Kevin前天被裁了": someone named in Latin letters
    re.IGNORECASE,
)


# The clause's subject is someone of the speaker's: "our conductor", "my mum's partner".
_SOMEONE_OF_OURS = re.compile(
    r"^\s*(?:(?:and|but|so|because|cos|plus)\s+)?(?:my|our)\s+(?:\w+(?:'s)?\s+)?(?:mum|mom|dad|sister|brother|wife|"
    r"husband|partner|boyfriend|girlfriend|friend|colleague|coworker|boss|manager|son|daughter|roommate|flatmate|"
    r"neighbou?r|cousin|aunt|uncle|conductor|coach|teacher|trainer|instructor|tutor|landlord|landlady|doctor|"
    r"therapist|captain|director|teammate|mate)s?\b(?!\s+and\s+I\b)",
    re.IGNORECASE,
)


# What a reading of the turn silences besides the family itself: a moved class is a
# routine the rules read, not an appointment in doubt.
_SILENCED_BY = {"appointment": ("routine",), "routine": ("appointment",)}


def cue_doubts(sentences: Sequence[str], read: Sequence[Fact]) -> list[Fact]:
    """Doubts for the speaker's attributes whose change a sentence speaks of, when the
    rules read nothing about that family from the turn (``read``: what they did read;
    "promoted to lead, new role" told the job title, so the employer is not doubted).
    When the rules read a fact about someone else in the turn, a sentence without a
    first person is theirs ("小李换工作了，去了百度")."""
    if is_joking(" ".join(sentences)):
        return []  # "恨不得明天就辞职。开玩笑的": said, then taken back
    # an appointment moved as "it" names none: whether it is known is speaker_memory's
    # (a doubt read by the words it names, "not sure I'll stay in the flat", tells nothing)
    # (an ending of a thing over every attribute it may name, a liking and an employer alike, tells
    # none of them, so it silences no cue: "the season's over. no more training")
    spread = _ended_as_a_thing(read)
    told = {f.attribute for f in read if not f.about and f.value != IT
            and (f.op is not Op.DOUBT or not f.value) and f.value not in spread}
    doubted: list[str] = []
    for sentence in speakers_sentences(sentences, read):
        for family in _families_in(sentence):
            silenced = {a for member in family for a in (member, *_SILENCED_BY.get(member, ()))}
            if not told & silenced:
                doubted += [a for a in family if a not in doubted]
    return [Fact(attribute, "", Op.DOUBT, CUE_CONFIDENCE) for attribute in doubted]


def by_name_doubts(sentences: Sequence[str], read: Sequence[Fact]) -> list[Fact]:
    """Doubts by name (``BY_NAME``): the words around each word of change or weighing of no
    family, for the resolver to look up; none beside a value the turn told ("arabic moved to
    thursdays, teacher changed") and none in a turn taken back as a joke. Beside a word that
    can only end ("sold", "RIP", "不干了") in a sentence that weighs and plans nothing, the
    words are an ending by name (``Op.RETRACT``): what they name has ended."""
    if is_joking(" ".join(sentences)):
        return []
    told_values = [f.value for f in read if f.value not in ("", IT) and not f.about and f.op is Op.ASSERT]
    found: dict[str, Op] = {}
    for sentence in speakers_sentences(sentences, read):
        for around, op in _named_beside_change(sentence):
            if around not in found and not any(mentioned(v, around) for v in told_values):
                found[around] = op
    return [Fact(BY_NAME, around, op, CUE_CONFIDENCE) for around, op in found.items()]


def ended_by_name(clause: str, value: str) -> bool:
    """Whether ``clause`` tells ``value`` ended by a word that can only end, beside it and
    as done ("日语班我退了", "sold the golf"): what a reader finds there is the old value,
    not a new one. A value that says the ending itself ("retired bank manager") is one."""
    return bool(value) and not _ENDS.search(value) and any(
        op is Op.RETRACT and mentioned(value, around) for around, op in _named_beside_change(clause)
    )


def _ended_as_a_thing(read: Sequence[Fact]) -> set[str]:
    """The values ended over every attribute a thing may name (``things_ended_en``): a liking and
    an employer at once, as no one value is."""
    ended = {(f.attribute, f.value) for f in read if f.op is Op.RETRACT and f.value}
    return {v for a, v in ended if a == "likes" and ("employer", v) in ended}


def speakers_sentences(sentences: Sequence[str], read: Sequence[Fact]) -> list[str]:
    """When the rules read a fact about someone else in the turn, only the sentences with a
    first person can be the speaker's."""
    if not any(f.about or f.name for f in read):
        return list(sentences)
    return [s for s in sentences if _FIRST_PERSON.search(s) or _I_DROPPED.match(s)]


# "sold my drum kit, not drumming anymore": chat drops the speaker before the verb
_I_DROPPED = re.compile(r"\W*(?:(?:just|finally|also|and|so|then)\s+)*(?:sold|quit|left|dropped|stopped|"
                        r"gave\s+up|ditched|moved|started|joined)\s", re.IGNORECASE)


def _named_beside_change(sentence: str) -> list[tuple[str, Op]]:
    """The words around each word of change the speaker says of their own life ("sold the
    golf last weekend", "哈啰那边不干了"): whichever current fact they name is in doubt, or
    ended beside a word that only ends (the resolver knows the facts: ``weaver/doubting.py``)."""
    if len(sentence) > 2000 or _HYPOTHETICAL.search(sentence):
        return []
    settled = not _NOT_YET.search(sentence)
    found: list[tuple[str, Op]] = []
    for hit in _CHANGE.finditer(sentence):
        if not _speakers_cue(sentence, hit):
            continue
        if _CJK.search(hit.group()):
            start, end = max(0, hit.start() - _ZH_AROUND), hit.end() + _ZH_AROUND
            around = sentence[start : hit.start()] + " " + sentence[hit.end() : end]
        else:
            before = sentence[: hit.start()].split()[-_EN_AROUND:]
            after = sentence[hit.end() :].split()[:_EN_AROUND]
            around = " ".join([*before, *after])
        if around.strip() and not _STILL.search(around):
            ends = settled and _ENDS.fullmatch(hit.group()) is not None
            found.append((around.strip(), Op.RETRACT if ends else Op.DOUBT))
    return found


# "the sunday long runs and tuesday intervals are off": called off (never "off to", "off work")
_OFF = r"(?:is|are|'s|'re)\s+off(?!\s+(?:to|work|sick|school|duty|the|on|for\s+the\s+day)\b)"
# "keto is dead lol", "the band thing is over": what is named has ended
_OVER = (r"(?:is|'s|are|'re)\s+(?:(?:dead|over)(?!\s+(?:to(?!\s+(?:me|us)\b)|for(?!\s+(?:me|us|good)\b)|"
         r"the|my|our|a|an|"
         r"at|in|on|there|here|by|set|budget|time|capacity|\d)\b)|history(?=\s*(?:$|[,.!?;]|now\b|lol\b|tbh\b)))")
# Words of change that can only end what they name ("sold the golf", "RIP the panda",
# "飞度卖掉了"), told as done: no plan, no weighing in the sentence. Each is a word of change
# (``_CHANGE``) too: an ending is a change found, then told apart by these.
_ENDS_EN = (
    r"sold|scrapped|quit|resigned|retired|gave\s+up|given\s+up|stopped|done\s+with|finished\s+with|finished\s+at|"
    r"wrapped\s+up\s+(?:at|with)|no\s+more|any\s*more|no\s+longer|rip|passed\s+away|died|put\s+down|rehomed|"
    r"hung\s+up|packed\s+out|packed\s+in|jacked\s+in|called\s+it\s+quits|ditched|dumped|split\s+up|broke\s+up|"
    r"stepped\s+down\s+from|"
    rf"(?:is|'s)\s+(?:\w+ly\s+)?gone|goodbye|bye\s+bye|{_OFF}|{_OVER}"
)
_ENDS_ZH = (
    r"卖了|卖掉|不干了|不做了|辞了|辞职|离职|搬走|搬离|退了|退掉|停了|分手|不再|去世|送人|送走|不上了|不学了|不练了|"
    r"[没沒]再去|[转轉]出去|戒了|放弃|[没沒]续|放下了|走人|画上(?:了)?句号|告一段落|不[跑考开]了|掰了|出手了|"
    r"不用再[上去做干跑练]了|不去了"  # "瑜伽班我不去了": the class named, ended
)
_ENDS = re.compile(f"{_ENDS_EN}|{_ENDS_ZH}", re.IGNORECASE)
_NOT_YET = re.compile(
    r"\b(?:gonna|going\s+to|will|'ll|planning|plan\s+to|about\s+to|might|may|could|should|want\s+to|wanna|"
    r"hope|hoping|thinking|considering|debating|not\s+sure|idk|dunno|maybe|probably|soon|next)\b|"
    r"准备|打算|想|快要|将要|可能|也许|或许|要不要|犹豫|纠结|下个?月|下周|明年|[没沒]有?(?:卖|辞|离|搬|分)",
    re.IGNORECASE,
)


# Words that end, change or weigh whatever they are said beside, in any family: the value
# they name is the speaker's to look up ("RIP the panda", "idk if i'll keep up the pottery",
# "瑜伽不练了", "自媒体还要不要继续搞", "明年民宿还开不开").
_CHANGE = re.compile(
    rf"\b(?:{_ENDS_EN}|selling|quitting|dropped|dropping|left|leaving|moved|moving|switched|switching|"
    r"changed|changing|swapped|replaced|traded\s+in|transferred|shifted|breaking\s+up|resigning|retiring|"
    r"giving\s+up|stopping|cancell?ed|postponed|rescheduled|used\s+to|ended|axed|not\s+sure|"
    r"(?:idk|dunno|don'?t\s+know)\s+(?:if|whether)|thinking\s+(?:about|of)|considering|debating|on\s+the\s+fence)\b|"
    rf"{_ENDS_ZH}|离开|搬出|换了|换成|改成|改到|没了|结束|取消|推迟|延期|不去了|[转轉][让讓]|"
    r"要不要|犹豫|纠结|动摇|说不好|两说|(?P<either>[\u4e00-\u9fff])不(?P=either)",
    re.IGNORECASE,
)
# "still at concentrix, just a new desk", "还在招行 就是换了个位子": the value stands
_STILL = re.compile(r"\bstill\b|还在|還在|还是|還是|仍然|依然|照常|不变|不變", re.IGNORECASE)
_EN_AROUND = 5  # words each side
_ZH_AROUND = 8  # characters each side
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _families_in(sentence: str) -> list[tuple[str, ...]]:
    if len(sentence) > 2000:
        return []
    found: list[tuple[str, ...]] = []
    for cue, family in _CUES:
        # "our conductor quit and I'm thinking of changing jobs": the first hit is his, the second mine;
        # "if I moved to melbourne ...": supposed; "thinking of moving, maybe Bellevue, if the numbers
        # work": a change weighed, whatever it hangs on
        if any(_speakers_cue(sentence, hit) and not _HYPOTHETICAL.search(sentence[: hit.start()])
               for hit in cue.finditer(sentence)):
            found.append(family)
    return found


def _speakers_cue(sentence: str, hit: re.Match[str]) -> bool:
    """Whether the cue at ``hit`` speaks of the speaker's own attribute."""
    if _NEGATED.search(sentence[max(0, hit.start() - 30) : hit.start()]):
        return False
    if _REFUSED.match(sentence, hit.end()):  # "她想让我辞职去保定 我不想": asked, and refused
        return False
    if _QUESTION.search(sentence) and not _CLAUSE_BREAK.search(sentence, hit.end()):
        return False  # the cue is in the question's own clause
    before = sentence[: hit.start()]
    own = _CLAUSE_BREAK.split(before)[-1]  # "王老师那边我不去了，她搬去上海了": the move is hers
    if any(_OTHER_SUBJECT.search(part) and not _FIRST_PERSON.search(part) for part in (own, before)):
        return False  # "my sister is moving": hers, not the speaker's
    named = _ONE_WORD_SUBJECT.match(own)
    word = named.group("w") if named else ""
    if word and word.lower() not in _NO_SUBJECT and (word[0].isupper() or hit.group().startswith("mov")):
        return False  # "Grace moved out last month", "grace moved out": the flatmate's move
    # "(band practice moved,) our conductor changed jobs": his change
    return not (_SOMEONE_OF_OURS.match(own) and not _WE_DO.search(own))


# One word before the cue, as its subject: someone called by name (typed in lower case only
# before a move: "been interviewing" is no one)
_ONE_WORD_SUBJECT = re.compile(r"^\s*(?:(?:and|but|so|then)\s+)?(?P<w>[A-Za-z][a-z'-]{1,14})\s+"
                               r"(?:(?:just|finally|also|already|officially)\s+)?$")
_NO_SUBJECT = words(
    "i im i'm ive i've we we're we've just finally officially recently also so then yeah well actually "
    "already literally lol ok okay haha update news btw and but ugh omg wow my our the a an this that these "
    "those his her their your its it not no maybe honestly really still even only to with of for in on at "
    "about if will would might may can could should"
)
# the speaker as a subject, as typed: "so i sold it to him today"
_WE_DO = re.compile(r"\b(?:I|I'm|I've|I'd|im|ive|we|we're|we've|we'd)\b", re.IGNORECASE)
