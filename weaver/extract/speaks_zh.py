"""The languages a Chinese speaker says they speak, as chat says it without 会说.

"我蒙语汉语都会", "我会广东话和英文", "我识广东话同英文" (Cantonese 识, "know"), "德语都B2了":
languages told together before 都会, after a bare 会 or 识, or by a level reached. A
language is a known one (``LANGUAGES``) or a word ending in 语 / 话 / 文 that names no talk
("说话", "电话", "笑话", "作文"). "我想学日语", "我不会德语" and "日语N2报名了" (an exam
ahead) tell nothing spoken.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule
from vaultweave.weaver.extract.rules_zh_values import LANGUAGES

_CJK = "\u4e00-\u9fff"
_LANGUAGE = rf"(?:[{_CJK}]{{1,3}}?(?:语|话|文)|English|english)"
_AND = r"(?:和|跟|同|、|/|还有|以及|\s)"
_LIST = rf"(?P<v>{_LANGUAGE}(?:{_AND}?{_LANGUAGE})*)"
# Words ending like a language that name talk, a text or a school subject
_NOT_LANGUAGE = re.compile(r"(?:说|讲|对|废|电|笑|实|好|坏|情|神|童|闲|大|空|屁|鬼|白|土|黑)话|"
                           r"(?:作|论|原|正|短|长|散|课|全|本|公|下|上|条|推)文|(?:词|成|术|用|口|标|俗|评)语")


def _spoken(m: re.Match[str]) -> list[Fact]:
    said = [p for p in re.split(_AND, m.group("v")) if p]
    # "蒙语汉语" runs two languages together: part it after each ending
    parts = [w for p in said for w in re.findall(rf"[{_CJK}]{{1,3}}?(?:语|话|文)|[A-Za-z]+", p)]
    if not parts or any(_NOT_LANGUAGE.fullmatch(p) for p in parts):
        return []
    return [Fact("speaks", LANGUAGES.get(p, "English" if p.lower() == "english" else p), Op.ASSERT, 0.75)
            for p in dict.fromkeys(parts)]


RULES: tuple[Rule, ...] = (
    # "我蒙语汉语都会", "粤语普通话都会讲": languages told together, then 都会
    # ("我本身福建话、广东话、华语都ok")
    rule(rf"^我?(?:的|本身|自己)?(?:讲|说)?{_LIST}(?:我)?(?:也)?都(?:会|能|识|ok|OK|行|可以|没问题)(?:说|讲|听)?(?:[，,].*)?$",
         _spoken),
    # "我会广东话和英文", "我识广东话同英文": a bare 会 or Cantonese 识 before the languages
    rule(rf"^我(?:也|还|都)?(?:会|识|識)(?:说|讲)?{_LIST}(?:都|也|还)?(?:会|行|可以|ok|OK)?(?:[，,].*)?$",
         _spoken),
    # "德语都B2了", "我日语过了N1": a level reached in one language (not "N3七月考", an exam ahead)
    rule(rf"^我?(?:的)?(?P<v>{_LANGUAGE})(?:都|已经|也)*(?:(?:考过|过|拿)了?(?:N[1-5]|[ABC][12])|"
         rf"(?:N[1-5]|[ABC][12])了)", _spoken),
)
