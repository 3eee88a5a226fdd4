"""What an ending reaches beyond its own attribute: a pure helper of the resolver.

"I stopped running" ends "running every day" too, "we had to put Bonnie down" ends "walking
Bonnie every day", "吉他不学了" ends "吉他课 每周六": a routine ends with the habit, pet, hobby
or learning it was kept up for. "I'm off tea now" ends a favourite tea. The resolver decides
which of these the ending is new enough to end.
"""

from __future__ import annotations

from collections.abc import Iterable

from vaultweave.store.item import Item
from vaultweave.weaver.extract.base import Candidate
from vaultweave.weaver.value_match import names_ended, names_value

# What a routine is kept up for.
KEPT_UP_BY = frozenset({"habit", "hobby", "learning", "pet"})


def routines_kept_for(ending: Candidate, routines: Iterable[Item]) -> list[Item]:
    """The subject's current routines (``routines``) kept up for what ``ending`` ends."""
    if ending.attribute not in KEPT_UP_BY:
        return []
    return [i for i in routines if i.is_current and names_ended("routine", i.value, ending.value)]


def favourites_named(ending: Candidate, reached: Iterable[Item]) -> list[Item]:
    """The favourites an ended liking names ("I'm off tea now": a favourite tea), among the
    subject's current facts the liking reaches (``_Working.reached_by``)."""
    if ending.attribute not in ("likes", "dislikes"):
        return []
    return [i for i in reached if i.attribute.startswith("favourite_") and names_value(i.value, ending.value)]
