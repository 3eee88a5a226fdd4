"""The short-term window: a session's last turns first in ``context``, from the resources."""

from __future__ import annotations

from collections.abc import Callable

from vaultweave.store.session_window import recent_turns
from vaultweave.weaver.vault import Vault


def test_the_sessions_last_turns_come_first_and_are_not_repeated(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    vault.ingest("I work at Google.", ts="2026-01-05T10:00:00Z", speaker="Maya", session="old")
    for minute, text in enumerate(["Let's plan the trip.", "Lisbon in May?", "Book the flights."]):
        vault.ingest(text, ts=f"2026-02-01T10:0{minute}:00Z", speaker="Maya", session="live")
    vault.ingest("Unrelated.", ts="2026-02-01T10:05:00Z", speaker="Bob", session="other")
    vault.weave()
    # Not woven yet, still part of the live conversation.
    vault.ingest("And a hotel near the river.", ts="2026-02-01T10:06:00Z", speaker="Maya",
                 session="live")

    block = vault.context("trip to Lisbon flights", budget_tokens=600, session="live")
    window = block.text.split("### This session\n")[1].split("\n###")[0].splitlines()
    assert [line.split(": ", 1)[1] for line in window] == [
        "Let's plan the trip.", "Lisbon in May?", "Book the flights.", "And a hotel near the river."
    ]
    assert block.window == 4 and block.tokens <= 600
    assert block.text.index("### This session") < block.text.index("### Facts")
    assert block.text.count("Book the flights.") == 1  # not again under ### Turns
    assert "### This session" not in vault.context("trip", budget_tokens=600).text


def test_the_window_keeps_its_newest_turns_within_its_limits(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault(config='[context]\nwindow_turns = 3\nwindow_tokens = 60\n')
    for n in range(6):
        vault.ingest(f"Turn number {n} of the talk.", ts=f"2026-02-0{n + 1}T10:00:00Z",
                     speaker="Maya", session="s")
    assert [t.text for t in recent_turns(vault.paths, "s", 3)] == [
        "Turn number 3 of the talk.", "Turn number 4 of the talk.", "Turn number 5 of the talk."
    ]
    block = vault.context("talk", budget_tokens=400, session="s")
    assert 1 <= block.window <= 3 and "Turn number 5" in block.text
    assert "Turn number 2 of the talk." not in block.text.split("### Turns")[0]
    tiny = vault.context("talk", budget_tokens=20, session="s")
    assert tiny.tokens <= 20
    assert recent_turns(vault.paths, "nobody", 3) == [] and recent_turns(vault.paths, "s", 0) == []
