"""Which current facts a doubt puts in question: a pure helper of the resolver.

A doubt of one attribute ("the move was exhausting") questions that attribute's current
values, or the one its value names ("might leave tcs"). A doubt by name (``BY_NAME``:
"sold the golf last weekend", "RIP the panda") carries only the words around a word of
change; it questions the speaker's current fact those words name (the one they name most
of, ``value_match.naming_share``), in the attributes that change (``DOUBTED_BY_NAME``: not
a name, an age, a language spoken or a person), and only where the same cycle told that
attribute nothing newer. Words beside a word that only ends ("sold", "RIP": ``Op.RETRACT``)
end the fact they name instead: the same choice, another action (``resolve._doubt``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta

from vaultweave.store.item import Item
from vaultweave.weaver.extract.base import BY_NAME, Candidate, Op
from vaultweave.weaver.value_match import names_value, naming_share

# How long after a value was told a doubt about its attribute still refers to that telling.
DOUBT_GRACE = timedelta(days=2)

# Not a person: "me and Jerome moving to Chaguanas" moves the couple, and a couple's end
# has its own words (doubt_cues).
DOUBTED_BY_NAME = frozenset((
    "lives_in", "employer", "job_title", "studies_at", "studies", "car", "pet", "routine", "hobby",
    "learning", "diet", "likes", "habit", "appointment", "favourite_food", "favourite_drink",
    "favourite_band", "favourite_movie",
))


def doubted_items(
    items: Iterable[Item], candidate: Candidate, said: datetime, heard: Callable[[Item], datetime]
) -> list[Item]:
    """The current, undoubted ``items`` that ``candidate`` (a doubt said at ``said``) questions."""
    # Said before the value's last telling, or just after it: "I moved to Oslo. The move
    # was exhausting." speaks of the change it follows, not of a new one. An ending by name
    # said any time after ends it ("2012 ford fiesta" ... the next day "sold it to him
    # today"), and ends a value in doubt too.
    ends = candidate.op is Op.RETRACT
    found = [i for i in items if i.is_current and (not i.doubt or ends)
             and said > heard(i) + (timedelta(0) if ends else DOUBT_GRACE)]
    if candidate.attribute != BY_NAME:
        return [i for i in found if not candidate.value_key or names_value(i.value, candidate.value)]
    # the words point at the value they name most of: "stay in london" at London, not at
    # King's College London
    shares = {i.id: naming_share(i.value, candidate.value) for i in found}
    best = max(shares.values(), default=0.0)
    return [i for i in found if best > 0 and shares[i.id] == best]


def said_at(candidate: Candidate) -> datetime:
    """When the candidate's turn was said (its ``valid_from`` may be earlier: "moved last month")."""
    return candidate.spoken_at or candidate.valid_from


def last_told(candidates: Sequence[Candidate], ops: tuple[Op, ...]) -> dict[tuple[str, str], datetime]:
    """When each (subject, attribute) was last told by a candidate of ``ops``."""
    told: dict[tuple[str, str], datetime] = {}
    for c in candidates:
        if c.op in ops:
            told[c.key] = max(told.get(c.key, said_at(c)), said_at(c))
    return told


def told_since(told: Mapping[tuple[str, str], datetime], key: tuple[str, str], said: datetime) -> bool:
    return key in told and told[key] >= said
