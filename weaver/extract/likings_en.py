"""Likings as chat tells them, beside the plain "I love X": "it's all Fontaines DC now", "I'm
into / obsessed with / mad about X", "I'm Munster mad", "a huge coffee guy", "I'm a jazz
person", "I drink way too much beer". Read among ``rules_en.RULES``, in this order."""

from __future__ import annotations

from vaultweave.weaver.extract.patterns_en import _BE, _I
from vaultweave.weaver.extract.rules_text import Rule, each, rule, things

LIKINGS_SAID: tuple[Rule, ...] = (
    # "I'm so over Arctic Monkeys, it's all Fontaines DC now": the new liking
    rule(r"it(?:'s|\s+is)\s+all\s+(?!about\b|good\b|fine\b|ok\b|okay\b|over\b|done\b|the\s+same\b)"
         r"(?P<v>[\w' -]+?)(?:\s+(?:now|these\s+days|rn|atm))?$", each("likes", things, 0.75)),
    rule(_BE + r"(?:into|obsessed\s+with|passionate\s+about|crazy\s+about|mad\s+about|hooked\s+on)\s+"
         r"(?P<v>.+)$",
         each("likes", things, 0.8)),
    # "I'm Munster mad", "football crazy": the thing before the word (Irish and British chat)
    rule(_BE + r"(?:(?:absolutely|totally|completely|so|just)\s+)?"
         r"(?!(?:bloody|really|pretty|proper|fairly|quite|very|kinda|kind|sort|stark|stone|raving|barking|"
         r"fucking|effing|damn|super|real|little|bit|more|less|well|still|also|even|actually)\b)"
         r"(?P<v>[A-Z][\w'-]+|[a-z]{4,}(?<!ing))\s+(?:mad|crazy|daft)"
         r"(?:\s+(?:lol|haha|tbh|honestly))?$", each("likes", things, 0.75)),
    rule(r"(?:" + _BE + r")?(?:a\s+)?(?:huge|big|massive|total|real)\s+(?P<v>[a-z]+(?:\s+[a-z]+)?)\s+(?:guy|"
                        r"girl|person|"
         r"lover|addict|nerd|fiend|snob|fan)(?:\s+(?:honestly|tbh|lol|really))?(?:\s*,.*)?$",
         each("likes", things, 0.8)),
    # "I'm a jazz person", "I'm a tea guy": a liking; "a morning person" is a way of being
    rule(_BE + r"(?:a|an)\s+(?!(?:morning|night|evening|early|late|people|glass|half|good|bad|nice|new|real|"
         r"different|very|lucky|busy|private|shy|social|whole|big|huge)\b)(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
         r"\s+(?:person|guy|girl|fan|lover|nerd|addict)(?:\s+(?:honestly|tbh|lol|really|myself))?$",
         each("likes", things, 0.75)),
    # "I drink way too much beer", "I eat loads of pasta": a liking told by how much
    rule(_I + r"(?:drink|eat)\s+(?:way\s+too\s+much|too\s+much|so\s+much|a\s+lot\s+of|lots\s+of|loads\s+of|"
         r"tons\s+of|a\s+ton\s+of|gallons\s+of)\s+(?P<v>[a-z][\w -]*?)(?:\s+honestly)?(?:,.*)?$",
         each("likes", things, 0.75)),
)
