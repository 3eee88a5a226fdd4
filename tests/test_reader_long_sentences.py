"""The span reader reads chat-sized sentences only: one longer than any chat sentence (a paste,
a hostile turn) is left to the rules, so that its cost stays bounded."""

from __future__ import annotations

from vaultweave.weaver.extract.span_features import tokens
from vaultweave.weaver.extract.span_reader import ATTRIBUTES, MAX_TOKENS, marked

_SAID = "my name is Ollie and I work as a barista at Kaffebrenneriet in Oslo"


def test_a_chat_sentence_is_read() -> None:
    assert ("employer", "Kaffebrenneriet") in [(a, v) for a, _, v, _ in marked(_SAID, ATTRIBUTES)]


def test_a_sentence_longer_than_chat_is_left_to_the_rules() -> None:
    pasted = _SAID + " and then" * MAX_TOKENS
    assert len(tokens(pasted)) > MAX_TOKENS
    assert marked(pasted, ATTRIBUTES) == []
