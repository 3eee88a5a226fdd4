"""The learned change reader: does a turn tell that one of the speaker's facts changed?

The rules read a change in the forms they know, and the cue lists (``doubt_cues``) catch
the words of change their authors met; chat tells changes every other way too ("got the
assistant lecturer post at KNUST, I resume on 2nd March", "done with alcohol for good").
A missed change leaves the old value current and served as the truth. This reader is a
small trained classifier over the whole turn (CRFsuite, one item per turn: a maximum
entropy model over its words and word pairs, or for Chinese its characters and their
pairs and triples) whose labels are the families of attributes a turn changes ("work",
"home", "partner"...) or ``O``. Where it is sure enough that the turn tells a change of a
family, and the rules read nothing of that family from the turn, the speaker's current
values of the family are put in doubt (``Op.DOUBT``): flagged, with the turn, never ended.

The models are trained by ``python -m bench.facts.train_changes`` from the gold
conversations of spent batches and the conversations written to learn from: a turn is
labelled with the family of every fact of the speaker's the gold ends there (the first
user turn said on or after the window's start). They ship in the package
(``weaver/data/changes_*.crfsuite.xz``), pinned by sha256 like the span reader's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pycrfsuite
from vaultweave.weaver.extract import packaged_crf
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.doubt_cues import CUE_CONFIDENCE, is_joking, speakers_sentences
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.sentences import split_sentences
from vaultweave.weaver.extract.typed_zh import simplified

LANGS = ("en", "zh")
NO_CHANGE = "O"
# Which family an attribute's change belongs to (the gold's attributes), and which of the
# speaker's attributes a change of the family puts in doubt.
FAMILY_OF = {
    "employer": "work", "job_title": "work", "workplace": "work",
    "lives_in": "home",
    "studies_at": "study", "studies": "study",
    "partner": "partner", "spouse": "partner", "boyfriend": "partner", "girlfriend": "partner",
    "fiance": "partner", "fiancee": "partner", "wife": "partner", "husband": "partner",
    "diet": "food", "favourite_food": "food",
    "favourite_drink": "drink",
    "habit": "habit",
    "pet": "pet",
    "car": "car",
    "appointment": "appointment",
    "routine": "routine",
    "hobby": "pastime", "learning": "pastime",
}
DOUBTED = {
    "work": ("employer", "job_title"),
    "home": ("lives_in",),
    "study": ("studies_at", "studies"),
    "partner": ("partner", "spouse", "boyfriend", "girlfriend", "fiance", "wife", "husband"),
    "food": ("diet", "favourite_food"),
    "drink": ("favourite_drink",),
    "habit": ("habit",),
    "pet": ("pet",),
    "car": ("car",),
    "appointment": ("appointment",),
    "routine": ("routine",),
    "pastime": ("hobby", "learning"),
}
# The model's sureness that the turn tells some change (1 - P(O)), and the share of it
# that must go to a family for that family to be doubted.
MIN_CHANGE = 0.3
MIN_SHARE = 0.35
# Only the first characters of a turn are read: a change is told near where it is said,
# and a pasted document must not cost seconds.
MAX_CHARS = 4000

_CJK = re.compile(r"[\u3400-\u9fff]")
_EN_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_LATIN = re.compile(r"[a-z]+")
_SPACE = re.compile(r"\s+")


def model_file(lang: str) -> str:
    return f"changes_{lang}.crfsuite.xz"


def language(text: str) -> str:
    """"zh" when the turn has at least as many hanzi as Latin words, else "en"."""
    hanzi = len(_CJK.findall(text))
    return "zh" if hanzi and hanzi >= len(_LATIN.findall(text.lower())) else "en"


def features(text: str, lang: str) -> dict[str, float]:
    """The turn's features: English words and word pairs in lower case; Chinese (as
    simplified characters) its hanzi, pairs and triples of characters, and Latin words."""
    lowered = text[:MAX_CHARS].lower().replace("’", "'")
    found = {"bias": 1.0}
    if lang == "en":
        said = _EN_WORD.findall(lowered)
        found.update((f"w={word}", 1.0) for word in said)
        found.update((f"b={first}_{second}", 1.0) for first, second in zip(said, said[1:], strict=False))
        return found
    packed = _SPACE.sub("", simplified(lowered))
    for size in (1, 2, 3):
        for start in range(len(packed) - size + 1):
            gram = packed[start:start + size]
            if size > 1 or _CJK.match(gram):
                found[f"c{size}={gram}"] = 1.0
    found.update((f"w={word}", 1.0) for word in _LATIN.findall(lowered))
    return found


def changed_families(text: str) -> list[str]:
    """The families whose change the turn tells, by the packaged model, most sure first."""
    if not text.strip():
        return []
    lang = language(text)
    return reading(packaged_crf.tagger(model_file(lang)), text, lang)[1]


def reading(tagger: pycrfsuite.Tagger, text: str, lang: str) -> tuple[float, list[str]]:
    """How sure ``tagger`` is that the turn tells some change (1 - P(O)), and the families
    holding ``MIN_SHARE`` of it, most sure first (none below ``MIN_CHANGE``). The trainer
    scores a model with the same rule."""
    tagger.set([features(text, lang)])
    change = 1.0 - tagger.marginal(NO_CHANGE, 0)
    if change < MIN_CHANGE:
        return change, []
    shares = {label: tagger.marginal(label, 0) / change for label in tagger.labels() if label != NO_CHANGE}
    return change, sorted((f for f, share in shares.items() if share >= MIN_SHARE), key=lambda f: -shares[f])


def learned_doubts(text: str, read: Sequence[Fact]) -> list[Fact]:
    """Doubts of the speaker's attributes whose family the turn tells a change of, where
    the rules (``read``) read nothing of that family about the speaker from the turn and
    raised no doubt of the attribute already. A turn the rules read as someone else's, with
    no sentence of the speaker's own ("我妹上个月搬到深圳了"), raises none."""
    if is_joking(text) or not speakers_sentences(split_sentences(text), read):
        return []
    own = {f.attribute for f in read if not f.about and not f.name}
    silenced = {family for attribute in own if (family := FAMILY_OF.get(attribute))}
    doubts: list[Fact] = []
    for family in changed_families(text):
        if family in silenced:
            continue
        doubts += [Fact(attribute, "", Op.DOUBT, CUE_CONFIDENCE) for attribute in DOUBTED[family]
                   if attribute not in own]
    return doubts
