"""What changed since: digests computed from the vault's real git history."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner
from vaultweave.store.errors import BadClientNameError, UnknownRevisionError, VaultError
from vaultweave.store.item import Item, Status
from vaultweave.weaver.changes import ChangeKind, classify, digest_to_json, digest_to_text, parse_moment
from vaultweave.weaver.cli import cli
from vaultweave.weaver.vault import Vault

from tests.conftest import say


def git(vault: Vault, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault.root), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def two_weaves(vault: Vault) -> tuple[str, str]:
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    say(vault, "I like tea.", "2026-01-05T10:01:00Z")
    first = vault.weave().commit
    say(vault, "I work at OpenAI now.", "2026-02-10T09:30:00Z")
    say(vault, "I like tea.", "2026-02-11T09:30:00Z")
    second = vault.weave().commit
    assert first and second
    return first, second


def test_since_a_commit_lists_added_superseded_reinforced_with_commit_ids(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    first, second = two_weaves(vault)

    digest = vault.changes_since(first[:10])  # an abbreviated id works too

    assert digest.base == first and digest.head == second
    assert [c.sha for c in digest.commits] == [second]
    (added,) = digest.added
    assert (added.item.attribute, added.item.value, added.commit) == ("employer", "OpenAI", second)
    (superseded,) = digest.superseded
    assert superseded.item.value == "Google" and superseded.item.status is Status.HISTORICAL
    assert superseded.successor is not None and superseded.successor.value == "OpenAI"
    assert superseded.before is not None and superseded.before.status is Status.CURRENT
    (reinforced,) = digest.reinforced
    assert reinforced.item.attribute == "likes" and len(reinforced.item.sources) == 2
    employer_page = Path(vault.paths.category_file(added.item.category)).stem
    assert employer_page in digest.categories
    text = digest_to_text(digest)
    assert "employer: Google -> OpenAI" in text and second[:7] in text
    data = digest_to_json(digest)
    assert data["counts"] == {"added": 1, "superseded": 1, "reinforced": 1}
    assert data["changes"][0]["commit"] == second
    json.dumps(data)  # JSON-ready all the way down


def test_last_reads_from_a_per_client_bookmark_and_moves_it(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()

    first = vault.changes_since("last", client="claude")
    assert first.base is None and "first read" in first.note
    assert [c.item.value for c in first.added] == ["Google"]
    assert vault.changes_since("last", client="claude").is_empty  # nothing new since

    say(vault, "I work at OpenAI.", "2026-02-10T09:30:00Z")
    head = vault.weave().commit
    later = vault.changes_since("last", client="claude")
    assert [c.sha for c in later.commits] == [head]
    pairs = [(c.item.value, c.successor.value if c.successor else "") for c in later.superseded]
    assert pairs == [("Google", "OpenAI")]
    # Another client has its own bookmark; the default one is untouched so far.
    other = vault.changes_since("last", client="cursor")
    assert len(other.added) == 2 and other.base is None
    marks = json.loads((vault.paths.state / "bookmarks.json").read_text(encoding="utf-8"))
    assert set(marks["clients"]) == {"claude", "cursor"}
    assert marks["clients"]["claude"]["commit"] == head


def test_a_lost_or_foreign_bookmark_starts_from_the_beginning(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    vault.changes_since("last")
    path = vault.paths.state / "bookmarks.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["clients"]["default"]["commit"] = "0123456789abcdef0123456789abcdef01234567"
    path.write_text(json.dumps(data), encoding="utf-8")

    digest = vault.changes_since("last")
    assert "not in this history" in digest.note and len(digest.added) == 1
    path.unlink()
    assert len(vault.changes_since("last").added) == 1
    assert vault.changes_since("last").is_empty


def test_since_a_date_or_time_takes_the_commits_after_it(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    first = vault.weave().commit
    time.sleep(1.1)  # commit times have one-second resolution
    say(vault, "I work at OpenAI.", "2026-02-10T09:30:00Z")
    second = vault.weave().commit
    assert first and second

    everything = vault.changes_since("2000-01-01")
    assert everything.commits[-1].sha == second and len(everything.commits) == 3  # with init
    tomorrow = (datetime.now(timezone.utc) + timedelta(days=1)).strftime("%Y-%m-%d")
    assert vault.changes_since(tomorrow).is_empty
    first_time = git(vault, "show", "-s", "--format=%cI", first)
    after_first = vault.changes_since(first_time)
    assert [c.sha for c in after_first.commits] == [second]
    assert after_first.base == first


def test_forget_shows_up_as_retracted_with_its_reason(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I like tea.", "2026-01-05T10:00:00Z")
    woven = vault.weave().commit
    (tea,) = vault.items()
    report = vault.forget(tea.id, "said by mistake")

    digest = vault.changes_since(woven or "")
    (retracted,) = digest.retracted
    assert retracted.commit == report.commit and retracted.item.id == tea.id
    assert "said by mistake" in retracted.item.status_reason


@pytest.mark.parametrize(
    "ref",
    [
        "--output=/tmp/x",
        "no-such-ref",
        "0123456789abcdef",
        "2026-13-45",
        "2026-02-30T10:00",
        " ",
        "a b",
    ],
)
def test_a_bad_reference_is_a_clear_error_and_moves_no_bookmark(
    make_vault: Callable[..., Vault], ref: str
) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    with pytest.raises(UnknownRevisionError) as caught:
        vault.changes_since(ref)
    assert "a date (YYYY-MM-DD or RFC 3339) or `last`" in str(caught.value)
    assert not (vault.paths.state / "bookmarks.json").exists()
    assert not Path("/tmp/x").exists() or ref != "--output=/tmp/x"


@pytest.mark.parametrize("client", ["", "../x", "a" * 65, "x y"])
def test_a_bad_client_name_is_refused(make_vault: Callable[..., Vault], client: str) -> None:
    vault = make_vault()
    with pytest.raises(BadClientNameError):
        vault.changes_since("last", client=client)


def test_classify_covers_every_transition() -> None:
    moment = datetime(2026, 1, 1, tzinfo=timezone.utc)
    base = Item("a", "Maya", "likes", "tea", "Maya likes tea.", "preferences", "preference",
                moment, moment, sources=("r#L1",))
    assert classify(None, base) is ChangeKind.ADDED
    assert classify(base, None) is ChangeKind.REMOVED
    assert classify(None, None) is None
    assert classify(base, base) is None
    assert classify(base, base.evolve(sources=("r#L1", "r#L2"))) is ChangeKind.REINFORCED
    ended = base.evolve(status=Status.HISTORICAL, superseded_by="b", valid_to=moment)
    assert classify(base, ended) is ChangeKind.SUPERSEDED
    stopped = base.evolve(status=Status.HISTORICAL, valid_to=moment)  # no successor
    assert classify(base, stopped) is ChangeKind.ENDED
    assert classify(base, base.evolve(status=Status.RETRACTED)) is ChangeKind.RETRACTED
    assert classify(base, base.evolve(status=Status.ARCHIVED)) is ChangeKind.ARCHIVED
    assert classify(ended, base) is ChangeKind.RESTORED
    assert classify(base, base.evolve(importance=0.9)) is None  # bookkeeping, not a fact change
    assert classify(base, base.evolve(text="Maya loves tea.")) is ChangeKind.UPDATED


def test_parse_moment() -> None:
    assert parse_moment("2026-03-01") == datetime(2026, 3, 1, tzinfo=timezone.utc)
    assert parse_moment("2026-03-01T10:00:00+02:00") == datetime(2026, 3, 1, 8, tzinfo=timezone.utc)
    assert parse_moment("2026-03-01T10:00:00Z") == datetime(2026, 3, 1, 10, tzinfo=timezone.utc)
    assert parse_moment("abc123") is None
    with pytest.raises(VaultError):
        parse_moment("2026-02-31")


def test_cli_changes_prints_the_digest_and_json(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    say(vault, "I work at Google.", "2026-01-05T10:00:00Z")
    vault.weave()
    runner = CliRunner()
    text = runner.invoke(cli, ["changes", "--since", "last", "--vault", str(vault.root)])
    assert text.exit_code == 0 and "## Added" in text.stdout and "Google" in text.stdout
    again = runner.invoke(
        cli, ["changes", "--since", "last", "--json", "--vault", str(vault.root)]
    )
    assert again.exit_code == 0 and json.loads(again.stdout)["changes"] == []
    bad = runner.invoke(cli, ["changes", "--since", "nope", "--vault", str(vault.root)])
    assert bad.exit_code == 1
    assert bad.stderr.startswith("error: cannot read changes since 'nope'")
    assert "Traceback" not in bad.stderr


def test_upkeep_bookkeeping_stays_out_of_the_digest(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    # Said the day the clock starts: upkeep's clock runs from when it was said.
    say(vault, "I love jazz.", "2026-03-01T10:00:00Z")
    vault.weave()
    head = vault.repo.head_sha()
    assert head is not None
    vault.clock.advance(days=20)  # type: ignore[attr-defined]
    report = vault.consolidate(similar="off")
    assert report.commit is not None  # importance decayed: a real commit
    digest = vault.changes_since(head)
    assert digest.changes == ()
    decayed = Item(
        id="x", subject="Maya", attribute="likes", value="jazz", text="Maya likes jazz.",
        category="preferences", kind="preference", valid_from=datetime(2026, 1, 5, tzinfo=timezone.utc),
        observed_at=datetime(2026, 1, 5, tzinfo=timezone.utc),
    )
    assert classify(decayed, decayed.evolve(importance=0.2, access_count=3)) is None
    assert classify(decayed, decayed.evolve(text="Maya loves jazz.")) is ChangeKind.UPDATED
