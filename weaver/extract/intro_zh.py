"""The verbless pieces of a Chinese self-introduction.

"介绍一下，我叫王芳，杭州，网易，做运营的" and "大家好，我是李雷，28岁，成都人，腾讯产品经理"
name a home, a company and a line of work without a verb. In a sentence that introduces
the speaker (介绍, 我叫, 大家好, or "我是" and a name), each piece the clause reader left
unread is read by its shape and by jieba's tags: a place alone is home, a title head (经理,
工程师...) makes a line of work, a company word before it (腾讯产品经理) the employer, and a
one-word company alone the employer too. Outside an introduction such pieces state nothing.
The speaker's name may come in a later piece of a clause about them ("我是天水的果农，叫马永福").
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_values import JOB_HEADS, is_place, org_of, title_of
from vaultweave.weaver.extract.words_zh import tagged_person, tags

_INTRO = re.compile(r"介绍|我叫|大家好|我是[\u4e00-\u9fff]{2,3}(?:[，,\s]|$)|本人")
_PIECES = re.compile(r"[\s，,、。!！~～…()（）]+")
# jieba's tags of a word that can name a company (华为 nr, 腾讯 nz, 中石化 j, Bosch eng).
_ORG_TAGS = frozenset({"n", "nr", "nrt", "nz", "nt", "j", "eng"})
MAX_PIECES = 12
_BARE = re.compile(r"[A-Za-z0-9\u4e00-\u9fff]{2,10}")


def introduces(sentence: str) -> bool:
    return bool(_INTRO.search(sentence))


def piece_facts(piece: str) -> list[Fact]:
    """One verbless piece of an introduction, read by its shape."""
    text = re.sub(r"(?:这边|那边|的)$", "", piece.strip())
    if not _BARE.fullmatch(text) or re.match(r"[做干当在搞跑]", text) or re.search(r"[是我你他她]", text):
        return []  # "帮我写上我是护士": a clause, the clause reader's
    if is_place(text):
        return [Fact("lives_in", text, Op.ASSERT, 0.7)]
    words = tags(text)
    if text.endswith(JOB_HEADS):
        head, tag = words[0] if words else ("", "")
        if len(words) > 1 and tag in _ORG_TAGS and text[len(head):].endswith(JOB_HEADS):
            org, title = org_of(head), title_of(text[len(head):])  # 腾讯产品经理
            if org and title and not title.startswith(JOB_HEADS):
                return [Fact("employer", org, Op.ASSERT, 0.7), Fact("job_title", title, Op.ASSERT, 0.75)]
        title = title_of(text)
        return [Fact("job_title", title, Op.ASSERT, 0.75)] if title else []
    if len(words) == 1 and words[0][1] in _ORG_TAGS and not tagged_person(text):
        org = org_of(text)
        return [Fact("employer", org, Op.ASSERT, 0.65)] if org else []
    return []


def introduced(sentence: str, facts: list[Fact]) -> list[Fact]:
    """What the verbless pieces of an introduction add to the facts its clauses gave: only
    attributes those facts do not give, each once."""
    if not introduces(sentence):
        return []
    given = {f.attribute for f in facts if not f.about and not f.name}
    added: list[Fact] = []
    for piece in _PIECES.split(sentence)[:MAX_PIECES]:
        for fact in piece_facts(piece):
            if fact.attribute not in given:
                given.add(fact.attribute)
                added.append(fact)
    return added


# The commonest surnames, which begin most full names.
_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡"
             "余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷"
             "侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")


def named_later(pieces: str) -> list[Fact]:
    """The speaker's name told in a later piece of a clause about them ("…，叫马永福，…")."""
    for piece in re.split(r"[，,]", pieces):
        said = re.fullmatch(r"叫(?P<v>[\u4e00-\u9fff]{2,3})", piece.strip())
        name = said.group("v") if said else ""
        # a name as jieba reads one, or a full name by its surname (jieba splits 马永福); not 叫外卖
        if name and (tagged_person(name) or (len(name) == 3 and name[0] in _SURNAMES)):
            return [Fact("name", name, Op.ASSERT, 0.8)]
    return []
