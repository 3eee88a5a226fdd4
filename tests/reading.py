"""What the rules read from a turn, and what a vault holds after a few turns: the helpers the
reading tests of each round share."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.vault import Vault

Woven = list[tuple[str, str, str, str]]


def own(text: str) -> dict[str, str]:
    """The speaker's own facts asserted in ``text``, by attribute."""
    return {f.attribute: f.value for f in facts_in(text)
            if not f.about and not f.name and f.op is Op.ASSERT}


def ended(text: str) -> set[tuple[str, str]]:
    """(attribute, value) of the speaker's facts ``text`` ends."""
    return {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.RETRACT and not f.about}


def woven(tmp_path: Path, speaker: str, *turns: str) -> Woven:
    """(subject, attribute, value, status) of every item after the turns, a week apart."""
    vault = Vault.init(tmp_path / "vault")
    start = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
    for k, text in enumerate(turns):
        vault.ingest(text, ts=(start + timedelta(days=7 * k)).isoformat(), role="user", speaker=speaker,
                     session="s")
    vault.weave_all()
    return [(i.subject, i.attribute, i.value, i.status.value) for i in vault.items(status="all")]


def current(items: Woven, attribute: str) -> list[str]:
    """The current values of ``attribute`` among ``items``."""
    return [v for _, a, v, status in items if a == attribute and status == "current"]
