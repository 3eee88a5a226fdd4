"""A town one was born and raised in is home too, until a home is told ("croydon born and
bred"), read through the real extractor and a real vault. "born" alone says where one is from
only ("cork born, dublin now")."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from vaultweave.weaver.vault import Vault

_START = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)


def _current(tmp_path: Path, *turns: str) -> set[tuple[str, str]]:
    vault = Vault.init(tmp_path / "v")
    for day, text in enumerate(turns):
        vault.ingest(text, ts=(_START + timedelta(days=day)).isoformat(), role="user", speaker="Ana",
                     session="s1")
    vault.weave_all()
    return {(i.attribute, i.value) for i in vault.items() if i.subject == "Ana"}


def test_a_town_one_was_raised_in_is_home_when_no_other_is_told(tmp_path: Path) -> None:
    current = _current(tmp_path, "hiya, ana here, 31, swansea born and bred, need a cake recipe")
    assert {("hometown", "Swansea"), ("lives_in", "Swansea")} <= current


def test_a_home_told_keeps_its_place(tmp_path: Path) -> None:
    current = _current(tmp_path, "I live in Cardiff with my partner", "swansea born and raised though")
    assert ("lives_in", "Cardiff") in current and ("lives_in", "Swansea") not in current
    current = _current(tmp_path / "2", "ana, swansea born n bred but living in cardiff since 2019")
    assert ("lives_in", "Cardiff") in current and ("lives_in", "Swansea") not in current


def test_born_alone_says_where_one_is_from_only(tmp_path: Path) -> None:
    current = _current(tmp_path, "ya cork born", "accountant at a bank")
    assert ("hometown", "Cork") in current
    assert not [v for a, v in current if a == "lives_in"]
