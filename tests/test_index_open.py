"""Opening the recall index is cheap: digest pages are parsed only when their files changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vaultweave.weaver.digests import pages
from vaultweave.weaver.recall import projection
from vaultweave.weaver.vault import Vault

from tests.test_digests import TALK


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the index's open-time check parsed the digest pages."""
    calls: list[int] = []
    real = pages.digest_units

    def counting(root):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(root)

    monkeypatch.setattr(projection, "digest_units", counting)
    return calls


def test_digest_pages_are_parsed_on_open_only_after_they_changed(
    make_vault: Callable[..., Vault], counted: list[int]
) -> None:
    vault = make_vault()
    for session, ts, text in TALK:
        vault.ingest(text, ts=ts, speaker="Maya", session=session)
    vault.weave()

    def open_and_search(query: str) -> list[str]:
        return [h.id for h in Vault.open(vault.root).search(query, kinds=["digest"], k=3)]

    open_and_search("painting")
    counted.clear()
    assert open_and_search("painting")  # files as last compared: no parse
    assert counted == []
    page = vault.root / "digests/weeks/2026-w03.md"
    page.write_text(page.read_text(encoding="utf-8").replace("sunsets", "seascapes"), encoding="utf-8")
    hits = open_and_search("seascapes")  # a page edited outside the weaver is seen
    assert counted == [1] and "digests/weeks/2026-w03.md" in hits
    counted.clear()
    page.unlink()
    assert "digests/weeks/2026-w03.md" not in open_and_search("seascapes")  # and one removed
    assert counted == [1]
    assert Vault.open(vault.root).check_projections()[0].ok
