"""A short Chinese reply read in the light of the assistant's question before it.

``turn_context`` restates a plain answer ("在哪工作？" -> "网易"). This module reads the
replies it leaves alone:

- a guess put right: "你是在阿里工作对吧？" -> "不是阿里，是网易" is "我是在网易工作";
- a guess that was true once: "你还在工商银行上班吧？" -> "早不在了" ends "我在工商银行上班";
- a bare yes to a guess: "你还在成都吗？" -> "对，还在" is "我还在成都";
- an answer in pieces without verbs: "你在哪个城市？" -> "郑州 老家周口的" (a place, and a
  hometown told in passing), "你在哪里工作？" -> "广州 唯品会 做数据分析" (a place, a
  company, a line of work); "你老家远吗？" -> "宝鸡的" (the hometown).

A guess the reply does not confirm states nothing: the assistant's guesses are never facts.
Pure: ``read`` is the caller's reader of a statement (the extractor's turn reader).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_values import JOB_HEADS, PLACES_ZH, is_place, org_of, place_of
from vaultweave.weaver.extract.turn_context import frame_of
from vaultweave.weaver.extract.words_zh import tag_of, tags

Reader = Callable[[str], list[Fact]]

# Replies longer than this are statements of their own, not answers.
MAX_REPLY = 40
_QUESTION = re.compile(r"[^。！？!?]*[？?]|[^。！？!?，,]*(?:吗|吧|对吧|是吧|对不对|是不是)(?=[。！，,]|$)")
_TAIL = re.compile(r"(?:对吧|是吧|对不对|是不是|没错吧|吧|吗|呀|呢|嘛|哈)+$")
_LEAD = re.compile(r"^(?:那么?|所以|顺便问一下|顺便问下|请问|话说|我猜|我记得|记得)[，,]?")
_NO = re.compile(
    r"^(?:不是|没有|没在|早不|早就不|早没|已经不|不在|不|没|哪有|才不|no)(?:的|啦|了|呀|哦|哈)*[\s，,。!！~～…]*",
    re.I,
)
_YES = re.compile(
    r"^(?:对|是的|是啊|是呀|嗯+|没错|对的|对啊|对呀|是|yes|yep|yeah)(?:的|啦|呀|哦|哈)*[\s，,。!！~～…]*",
    re.I,
)
# The guess ended: "早不在了", "不干了", "已经离职了".
_ENDED = re.compile(r"早(?:就)?不|不在了|不干了|没干了|不做了|离职|辞职|走了|换了|搬走|搬了|不住")
_STILL = re.compile(r"还|仍然|依然|一直")
_PIECES = re.compile(r"[\s，,、。!！~～…]+")
# The attributes a guess may state, and what a guess that ended ends.
_GUESSED = frozenset({"employer", "lives_in", "studies_at", "job_title", "hometown", "partner"})


_ASKS = re.compile(r"什么|啥|哪|几|多少|怎么|要不要")
_VALUE = re.compile(r"(?:而|其实|现在|已经)?(?:是|在)?(?P<v>[A-Za-z0-9\u4e00-\u9fff]{2,10}?)(?:了|啦|呀|的)?")


def guess_in(asked: str) -> str:
    """The assistant's last guess about the speaker, said back in the first person
    ("你是在阿里工作对吧？" -> "我是在阿里工作"); "" when it guesses nothing."""
    for question in reversed(_QUESTION.findall(asked)):
        body = re.split(r"[，,]", question.strip().rstrip("?？ "))[-1]
        body = _LEAD.sub("", _TAIL.sub("", body.strip()))
        if body.startswith("你") and "你们" not in body and not _ASKS.search(body):
            # 你是在阿里工作: 我在阿里工作
            return "我" + re.sub(r"^(?:还|也|现在|目前)*是(?=在)", "", body[1:])
    return ""


def _put_right(rest: str, guessed: list[Fact], statement: str) -> str:
    """The guess with its value replaced by the one the reply gives after its "no":
    "阿里，是网易" -> "我是在网易工作"; "" when the reply gives none."""
    pieces = [p for p in _PIECES.split(rest) if p]
    values = [f.value for f in guessed if f.value]
    if pieces and any(pieces[0] in (v, v + "啦", v + "呀") for v in values):
        pieces = pieces[1:]  # "不是阿里，是网易": the guessed value said again
    if not pieces:
        return ""
    found = _VALUE.fullmatch(pieces[0])
    if not found:
        return ""
    value = found.group("v")
    if re.search(r"[不没了吗呢在]", value):
        return ""  # "早不在了": no new value
    old = next((v for v in values if v in statement), "")
    return statement.replace(old, value, 1) if old and value != old else ""


def _fragments(reply: str, attributes: frozenset[str], read: Reader) -> list[Fact]:
    """The verbless pieces of an answer: a place, a company, a line of work."""
    facts: list[Fact] = []
    for at, piece in enumerate(_PIECES.split(reply)[:6]):
        if at == 0 and "job_title" in attributes:  # "护士 盛京医院急诊的": the title first, bare
            title = _bare_title(piece, read)
            if title is not None:
                facts.append(title)
                continue
        home = re.fullmatch(r"(?:老家|家乡|老家是)(?P<v>[\u4e00-\u9fff]{2,6}?)(?:的|人)?", piece)
        if home and is_place(home.group("v")):
            facts.append(Fact("hometown", home.group("v"), Op.ASSERT, 0.75))
            continue
        if re.match(r"(?:做|干|当|搞|跑)", piece):  # "做数据分析": the line of work
            said = piece if piece.endswith("的") else piece + "的"
            facts += [f for f in read("我是" + said) if f.attribute == "job_title"]
            continue
        bare = re.fullmatch(r"(?P<v>[A-Za-z0-9\u4e00-\u9fff]{2,8}?)(?:的|人|这边|那边)?", piece)
        if bare is None:
            continue
        value = place_of(bare.group("v")) or ""
        if is_place(value) or (attributes & _PLACES and _named_noun(value)):
            origin = "hometown" in attributes and "lives_in" not in attributes
            attribute = "hometown" if origin else "lives_in"
            facts.append(Fact(attribute, value, Op.ASSERT, 0.75))
        elif "employer" in attributes and at <= 1 and not facts_have(facts, "employer"):  # then talk
            org = org_of(re.sub(r"^在(?=..)", "", bare.group("v")))  # "在中建": the company
            if (org and not org.endswith(JOB_HEADS) and not _NOT_ORG.search(org) and _named(org)
                    and not _NOT_ORG.search(bare.group("v"))):
                facts.append(Fact("employer", org, Op.ASSERT, 0.7))
    return facts


_PLACES = frozenset({"lives_in", "hometown"})
_NOT_ORG = re.compile(r"[了过着年月天岁]$|^(?:一|两|三|几)|为主$|那块$|还行$|^[a-z]+$")
# jieba's tags of the words that make a piece talk, not a name: "天天三班倒", "也是测开", "在这家公司"
_TALK_TAGS = frozenset({"p", "r", "d", "t", "a", "ad", "c", "u", "ul", "uj", "y"})


def _named(org: str) -> bool:
    """A piece that may name a company: no word of talk in it, and not opened by a verb or an idiom
    ("数据分析 SQL还行": the line of work)."""
    words = tags(org)
    return not words or not (any(tag in _TALK_TAGS for _, tag in words) or words[0][1] in ("v", "l", "vn"))


def _bare_title(piece: str, read: Reader) -> Fact | None:
    """The piece as a job title when it is one whole (护士, 产品经理, 游戏测试), not "也是测开"."""
    said = re.sub(r"(?:啦|呀|哦|哈|吧|的)$", "", piece)
    if not 2 <= len(said) <= 10 or re.match(r"[在做干当是也还就]", said):
        return None
    found = [f for f in read("我是" + said) if f.attribute == "job_title" and not f.about]
    return replace(found[0], confidence=0.8) if found and found[0].value == said else None


def _named_noun(word: str) -> bool:
    """A word jieba reads as one noun (宝鸡 is ``n``): a place when the question asks where."""
    return 2 <= len(word) <= 4 and tag_of(word) in ("ns", "n", "nr", "nrt", "nz")


# A question for a part of the city one lives in: its answer is no new home.
_DISTRICT = re.compile(r"(?:住|在)?(?:哪个|哪一个|什么|哪)(?:区|小区|片区|街道|片|块)")


def merged(asked: str, facts: list[Fact], extra: list[Fact]) -> list[Fact]:
    """The turn's own facts with what the reply adds: a value the turn does not give, or the
    guessed value an ending leaves unnamed ("早不在了，去年10月就辞职了": which job ended).
    The answer to "住哪个区？" ("闵行") is a part of the home already known, not a move."""
    if _DISTRICT.search(asked):
        facts, extra = _no_district(facts), _no_district(extra)
    facts = [f for f in facts if not _NO_VALUE.fullmatch(f.value)]
    given = {f.attribute for f in facts if not f.about}
    named = {f.attribute: f for f in extra if f.op is Op.RETRACT and f.value}
    out = [replace(f, value=named[f.attribute].value) if f.op is Op.RETRACT and not f.value and not f.about
           and f.attribute in named else f for f in facts]
    return out + [f for f in extra if f.attribute not in given]


def about_them(asked: str, reply: str, who: str, read: Reader) -> list[Fact] | None:
    """ "她喜欢什么？" -> "喜欢多肉植物 还有各种香薰": a reply without a subject of its own,
    to a question about him or her, is about the person named last (``who``, a Chinese
    name); None when the question is not about them or the reply names its own subject."""
    questions = _QUESTION.findall(asked)
    question = questions[-1] if questions else ""
    text = reply.strip()
    if not who or who.isascii() or not re.search(r"[她他](?!们)", question):
        return None
    if "你" in question.replace("你们", "") or re.search(r"[?？]", text):
        return None
    if not text or len(text) > MAX_REPLY or re.match(r"(?:我|你|他|她|不|没)", text):
        return None
    found = [f for f in read(who + text) if f.name == who]
    return found or None


def _no_district(facts: list[Fact]) -> list[Fact]:
    return [f for f in facts if not (f.attribute == "lives_in" and f.op is Op.ASSERT and not f.about
                                     and f.value not in PLACES_ZH)]


# "对，还在" restated as "我住在还在": a verb said back is no value.
_NO_VALUE = re.compile(r"(?:还|也|都|一直|仍然|依然)?(?:在|是|住|有|干)(?:的|啊|呀|着)?")


def facts_have(facts: list[Fact], attribute: str) -> bool:
    return any(f.attribute == attribute for f in facts)


def reply_facts(asked: str, reply: str, read: Reader) -> list[Fact]:
    """What a short reply states given the assistant's turn before it; [] when the reply is
    long, asks back, or confirms nothing."""
    text = reply.strip()
    if not text or len(text) > MAX_REPLY or re.search(r"[?？]", text):
        return []
    statement = guess_in(asked)
    said = read(statement) if statement else []
    guessed = [f for f in said if f.attribute in _GUESSED and f.op is Op.ASSERT]
    no, yes = _NO.match(text), _YES.match(text)
    if guessed and no:
        corrected = _put_right(text[no.end():], guessed, statement)
        if corrected:
            told = {f.attribute for f in guessed}
            return [replace(f, confidence=min(f.confidence, 0.8))
                    for f in read(corrected) if f.attribute in told]
        if _STILL.search(statement) or _ENDED.search(text):
            # "你还在工商银行上班吧？" -> "早不在了": the value held and ended
            return [replace(f, op=Op.RETRACT, confidence=0.75) for f in guessed if f.value]
        return []
    if guessed and yes and not no and len(text[yes.end():]) <= 6:
        return [replace(f, confidence=min(f.confidence, 0.8)) for f in guessed]
    frames = (frame_of(q.strip()) for q in reversed(_QUESTION.findall(asked)))
    frame = next((f for f in frames if f is not None), None)
    if frame is None or no:
        return []
    return _fragments(text, frame.attributes, read)
