"""A Chinese job title found after a search for the word.

People who describe their work before they name it type the search: an opener ("干的是",
"做的那个", "我是做，怎么说"), pauses, a try and a correction ("仓库调度 对 调度员",
"嵌入式，对，嵌入式软件工程师"), a euphemism ("说好听点叫新媒体运营", "公司管这叫AI训练师"),
a hedge ("包工头吧，算是"). The title is the last piece after the opener that is a title and
nothing else; it replaces what the clause rules made of the description ("干活的工人" said only
to be denied, "卫浴出口的小公司" read as a title). A piece that denies ("不是那种…") is no title.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_values import JOB_HEADS, title_of
from vaultweave.weaver.extract.span_reader import someone_else

# The speaker starting to describe the work without its name yet.
_OPENER = re.compile(r"(?:干|做)的(?:是|那个|就是)|我(?:是)?(?:做|干)(?=[，,\s…]|怎么说|就是)|我干的")
_PIECES = re.compile(r"[，,\s…。.!！?？~～、；;]+|(?<=[\u4e00-\u9fff])对(?=[\u4e00-\u9fffA-Za-z])")
# What may stand around the title in its piece: "就是", "叫", "说好听点叫", "公司管这叫", "吧", "嘛", "算是"
_LEAD = re.compile(r"^(?:.*?(?:管这|管这个|管它|说好听点|美其名曰|名义上|title|头衔)?叫|对|就是|其实是|"
                   r"应该算|算是|算|是)+")
_TAIL = re.compile(r"(?:吧|嘛|啦|呢|啊|了|的|算是|这样|之类的)+$")
_DENIED = re.compile(r"不是|不算|没有|并非|不像")
# Kinds of work that name no head word but are titles all the same
_TRADES = ("跟单", "调度", "报关", "文员", "主播", "剪辑", "仓管", "网管")


def searched_title(sentence: str) -> str:
    """The title the speaker settles on in ``sentence``, or ""."""
    opener = _OPENER.search(sentence)
    if opener is None or someone_else(re.split(r"[，,。!！?？\s]", sentence[: opener.end()])[-1]):
        return ""  # "我老公干的是 那个 保安": his
    found = ""
    for piece in _PIECES.split(sentence[opener.end():]):
        if not piece or _DENIED.search(piece):
            continue
        said = _TAIL.sub("", _LEAD.sub("", piece.strip()))
        said = said.rsplit("的", 1)[-1] if len(said.rsplit("的", 1)[-1]) >= 2 else said  # 仓库的分拣员
        if not 2 <= len(said) <= 12 or not re.fullmatch(r"[\u4e00-\u9fffA-Za-z]+", said):
            continue
        title = title_of(said)
        if title == said and (title.endswith(JOB_HEADS) or title.endswith(_TRADES)):
            found = title
    return found


def settled(sentence: str, facts: list[Fact]) -> list[Fact]:
    """``facts`` with the speaker's job title the one ``sentence`` settles on, if any."""
    title = searched_title(sentence)
    if not title:
        return facts
    mine = [f for f in facts
            if f.attribute == "job_title" and f.op is Op.ASSERT and not f.about and not f.name]
    if any(f.value == title for f in mine):
        return facts
    kept = [f for f in facts if f not in mine]
    if not mine:
        return [*kept, Fact("job_title", title, Op.ASSERT, 0.75)]
    return [*kept, replace(mine[0], value=title, confidence=0.75)]
