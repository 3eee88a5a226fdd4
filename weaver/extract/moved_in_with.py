"""A move into someone's home: "I moved in with my boyfriend", "搬去男朋友那了".

The speaker tells that they moved, and to whom, but not where: the home they had has ended
(an ending with no value, which ends whatever home is held), unless the same turn tells where
that person lives ("I moved in with my boyfriend, he lives in Leeds", "搬去男朋友那了…
他住余杭"): then that is the speaker's home now, and it takes the old one's place. A move
weighed or supposed ("thinking of moving in with him", "要不要搬去男朋友那") is no move: the
doubt cues read it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_people import RELATIONS

# Below a home said outright: the town is the other person's, told beside the move
SHARED_HOME_CONFIDENCE = 0.6
MOVE_CONFIDENCE = 0.7

_KIN_EN = {"boyfriend": "boyfriend", "girlfriend": "girlfriend", "partner": "partner", "fiance": "fiance",
           "fiancé": "fiance", "fiancee": "fiance", "fiancée": "fiance", "husband": "husband", "wife": "wife",
           "parents": "parents", "folks": "parents", "mum": "mother", "mom": "mother", "dad": "father"}
# A partner or a parent moved in with, by the Chinese words for them (``rules_zh_people.RELATIONS``)
_SHARED_WITH = frozenset(("boyfriend", "girlfriend", "partner", "husband", "wife", "fiance", "parents",
                          "mother", "father"))
_KIN_ZH = {word: relation for word, relation in RELATIONS.items() if relation in _SHARED_WITH}
_MOVED_IN_EN = re.compile(
    r"\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|officially\s+|already\s+)?moved\s+in\s+with\s+(?:my\s+)?"
    r"(?P<kin>" + "|".join(_KIN_EN) + r")\b(?!\s*,?\s*\w*\s*in\s+[A-Z])",
    re.IGNORECASE,
)
_MOVED_IN_ZH = re.compile(
    r"(?<![要想准备打算考虑])搬(?:去|到|回|进|过去)了?(?:我)?(?P<kin>"
    + "|".join(sorted(_KIN_ZH, key=len, reverse=True))
    + r")(?:那|那儿|那里|那边|家)(?:住)?了"
)
_SUPPOSED = re.compile(r"\b(?:if|would|might|maybe|thinking|considering|planning|should|could)\b|"
                       r"如果|要是|要不要|打算|考虑", re.IGNORECASE)


def moved_in_with(sentences: Sequence[str], facts: Sequence[Fact]) -> list[Fact]:
    """The ending of the speaker's home, and their home told as the other person's, for each
    move into someone's home the turn tells as done; [] when it tells none."""
    if any(f.attribute == "lives_in" and not f.about and not f.name and f.op is Op.ASSERT for f in facts):
        return []  # "moved in with Sam in Leith": the home is told
    for sentence in sentences:
        found = _MOVED_IN_EN.search(sentence) or _MOVED_IN_ZH.search(sentence)
        if found is None or _SUPPOSED.search(sentence[: found.end()]):
            continue
        said = found.group("kin")
        whose = _KIN_EN.get(said.lower()) or _KIN_ZH.get(said, "")
        theirs = [f.value for f in facts if f.attribute == "lives_in" and f.about == whose and f.value
                  and f.op is Op.ASSERT]
        if theirs:
            return [Fact("lives_in", theirs[-1], Op.ASSERT, SHARED_HOME_CONFIDENCE)]
        return [Fact("lives_in", "", Op.RETRACT, MOVE_CONFIDENCE)]
    return []
