"""What the rules read of a Chinese turn, as the Chinese tests compare it: the speaker's own
facts, everyone else's, and the speaker's homes."""

from __future__ import annotations

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def own(text: str) -> set[tuple[str, str, Op]]:
    """The speaker's own facts in ``text``: (attribute, value, op)."""
    return {(f.attribute, f.value, f.op) for f in facts_in(text) if not f.about and not f.name}


def theirs(text: str) -> set[tuple[str, str, str, str]]:
    """Everyone else's facts in ``text``: (relation, name, attribute, value)."""
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.about or f.name}


def homes(text: str) -> set[str]:
    """The homes ``text`` tells of the speaker."""
    return {value for attribute, value, op in own(text) if attribute == "lives_in" and op is Op.ASSERT}
