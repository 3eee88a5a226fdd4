"""What a turn may change: the subjects a model's reply about that turn may touch.

A turn may speak of its speaker and of the people it names: a name found in its text
("Ana", "周子琪"), a relation it mentions ("my sister", "我姐姐", named as the rules name
an unnamed relative: "Maya's sister"), and any subject the rules read from that same
turn. A name or relation in an earlier turn of the same speaker and session, in the same
batch, counts too ("She moved to Oslo." after "My sister Ana..."). Anything else in a
reply (a third party's turn that makes the model retract or rewrite facts about other
people: an injection the model obeyed) is refused, logged and reported as
``file:line: reason``. Judgement has its own bound (``judge.could_change``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence

from vaultweave.store.resources import LineProblem, Resource
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.extract.rules_zh_people import RELATIONS as ZH_RELATIONS

log = logging.getLogger("vaultweave.llm")

_CJK = re.compile(r"[\u3400-\u9fff]")
# English words that name a relation the prompt spells otherwise.
_SPELLINGS: dict[str, tuple[str, ...]] = {
    "mother": ("mom", "mum", "mama", "mommy", "mummy"),
    "father": ("dad", "papa", "daddy"),
    "sister": ("sis",),
    "brother": ("bro",),
    "spouse": ("wife", "husband"),
    "partner": ("boyfriend", "girlfriend", "fiance", "fiancee", "fiancé", "fiancée"),
    "child": ("kid", "son", "daughter", "baby"),
    "grandmother": ("grandma", "granny", "nan"),
    "grandfather": ("grandpa", "granddad"),
    "neighbour": ("neighbor",),
    "coworker": ("co-worker", "colleague"),
    "colleague": ("coworker", "co-worker"),
}


def refusal(resource_id: str, reason: str) -> LineProblem:
    """A refused part of a reply, reported at the line of the turn it cited."""
    path, _, line = resource_id.rpartition("#L")
    problem = LineProblem(path or resource_id, int(line) if line.isdigit() else 0, reason)
    log.warning("%s", problem)
    return problem


def spoken_before(batch: Sequence[Resource], default_subject: str) -> dict[str, str]:
    """Each turn's text with the earlier turns of the same speaker and session in its batch.

    "My sister Ana is a nurse." then "She moved to Oslo.": the second turn speaks of Ana.
    Only the speaker's own earlier turns count, so a turn can never borrow a name from
    someone else's; what it borrows, its speaker could have said about that person anyway.
    """
    said: dict[tuple[str, str], list[str]] = {}
    texts: dict[str, str] = {}
    for turn in batch:
        thread = ((turn.speaker or "").strip() or default_subject, turn.session or "")
        said.setdefault(thread, []).append(turn.text)
        texts[turn.id] = "\n".join(said[thread])
    return texts


def may_speak_of(subject: str, text: str, speaker: str, read_by_rules: Iterable[str] = ()) -> bool:
    """Whether a turn of ``speaker`` with ``text`` can change facts about ``subject``."""
    wanted = normalise(subject)
    if not wanted:
        return False
    if wanted == normalise(speaker) or wanted in {normalise(s) for s in read_by_rules}:
        return True
    text = text.casefold()
    own = normalise(speaker) + "'s "
    if wanted.startswith(own):
        return relation_in_text(wanted[len(own) :], text)
    return name_in_text(wanted, text)


def name_in_text(name: str, text: str) -> bool:
    """``name`` (case-folded) appears in ``text`` (case-folded) as a whole word or, in Chinese, as is."""
    if _CJK.search(name):
        return len(name) >= 2 and name in text
    return len(name) >= 2 and re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", text) is not None


def relation_in_text(relation: str, text: str) -> bool:
    """Whether ``text`` mentions the relation ("sister", "best friend") in English or Chinese."""
    head = relation.split()[-1] if relation.split() else ""
    if not head:
        return False
    english = {head, *_SPELLINGS.get(head, ())}
    if any(re.search(rf"\b{re.escape(w)}s?\b", text) for w in english):
        return True
    chinese = [word for word, meaning in ZH_RELATIONS.items() if meaning in english]
    return any(word in text for word in chinese)
