"""Spaces: a home of vaults, vault names, client tokens, and read-through to shared vaults.

Real git vaults in tmp dirs, the real embedding model and FAISS for search.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from vaultweave.schemas.config import HomeConfig
from vaultweave.store.client_tokens import ClientTokens, token_digest
from vaultweave.store.errors import ConfigError, NotAVaultError, UnsafeNameError
from vaultweave.store.home import Home, check_pattern, check_vault_name, load_home
from vaultweave.weaver.cli import cli
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock


@pytest.fixture
def home(tmp_path: Path, clock: FakeClock) -> Callable[..., Vault]:
    """``home(name, read_through=[...])`` -> a vault in tmp_path/home-dir."""
    root = tmp_path / "vaults"
    root.mkdir()

    def make(name: str, read_through: tuple[str, ...] = ()) -> Vault:
        folder = root / name
        folder.mkdir()
        shares = ", ".join(json.dumps(n) for n in read_through)
        (folder / "vault.toml").write_text(f"[share]\nread_through = [{shares}]\n", encoding="utf-8")
        return Vault.init(folder, clock=clock)

    return make


def git_head(vault: Vault) -> str:
    return vault.repo.head_sha() or ""


@pytest.mark.parametrize(
    "bad", ["", "..", ".", "a/b", "../team", ".hidden", "Alice", "-x", "a b", "x" * 65, "ä"]
)
def test_a_vault_name_is_plain_and_cannot_leave_the_home(bad: str) -> None:
    with pytest.raises(UnsafeNameError, match="a vault name is"):
        check_vault_name(bad)


def test_valid_names_and_patterns() -> None:
    assert check_vault_name("team-research_2") == "team-research_2"
    assert check_pattern("team-*") == "team-*"
    for bad in ("../*", "a/b", "*/x", "-x"):
        with pytest.raises(UnsafeNameError):
            check_pattern(bad)


def test_the_home_lists_real_vault_folders_only_and_refuses_a_symlinked_one(
    tmp_path: Path, home: Callable[..., Vault]
) -> None:
    home("alice")
    home("team")
    outside = Vault.init(tmp_path / "elsewhere")
    root = tmp_path / "vaults"
    (root / "sneaky").symlink_to(outside.root)
    (root / "notes").mkdir()  # not a vault
    found = Home(root)
    assert found.vault_names() == ["alice", "team"]
    with pytest.raises(UnsafeNameError, match="symlink"):
        found.existing_vault("sneaky")
    with pytest.raises(NotAVaultError):
        found.existing_vault("notes")


def test_home_toml_is_read_and_a_bad_one_is_a_one_line_error(tmp_path: Path) -> None:
    root = tmp_path / "h"
    root.mkdir()
    assert load_home(root)[1] == HomeConfig()  # no home.toml: defaults
    (root / "home.toml").write_text("[home]\ncreate_on_first_use = true\n", encoding="utf-8")
    assert load_home(root)[1].home.create_on_first_use
    (root / "home.toml").write_text("[home]\ncreate_on_first_uze = true\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="home.toml") as caught:
        load_home(root)
    assert "\n" not in str(caught.value)
    with pytest.raises(ConfigError, match="no such folder"):
        load_home(tmp_path / "missing")


def test_tokens_are_stored_as_digests_and_grants_match_names_and_patterns(tmp_path: Path) -> None:
    store = ClientTokens(tmp_path / "tokens.json")
    token = store.add("research-bot", read=("team-*",), write=("alice",))
    assert token.startswith("vwt_") and len(token) > 40
    text = (tmp_path / "tokens.json").read_text(encoding="utf-8")
    assert token not in text and token_digest(token) in text
    assert oct(os.stat(tmp_path / "tokens.json").st_mode & 0o777) == "0o600"
    client = store.find(token)
    assert client is not None and client.name == "research-bot"
    assert client.can_read("team-x") and client.can_read("alice") and client.can_write("alice")
    assert not client.can_write("team-x") and not client.can_read("bob") and not client.can_read("team")
    assert store.find(token + "x") is None and store.find("") is None
    with pytest.raises(UnsafeNameError, match="exists"):
        store.add("research-bot", read=("x",), write=())
    with pytest.raises(UnsafeNameError, match="at least one"):
        store.add("idle", read=(), write=())
    assert store.revoke("research-bot") and not store.revoke("research-bot")
    assert store.find(token) is None


def test_a_damaged_token_file_is_an_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "tokens.json"
    path.write_text('{"clients": [\n  {"name": "a",,}\n]}', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"tokens.json: line 2"):
        ClientTokens(path).clients()
    path.write_text('{"clients": [{"name": "a", "sha256": "x", "read": ["../*"]}]}', encoding="utf-8")
    with pytest.raises(ConfigError, match="not a vaultweave token file"):
        ClientTokens(path).find("anything")


def test_tokens_cli_adds_lists_and_revokes(tmp_path: Path) -> None:
    root = tmp_path / "h"
    root.mkdir()
    runner = CliRunner()
    added = runner.invoke(
        cli, ["tokens", "add", "alice-agent", "--write", "alice", "--read", "team-*", "--home", str(root)]
    )
    assert added.exit_code == 0, added.output
    token = added.stdout.strip().splitlines()[0]
    stored = json.loads((root / ".vaultweave-tokens.json").read_text(encoding="utf-8"))
    assert stored["clients"][0]["sha256"] == token_digest(token) and token not in json.dumps(stored)
    listed = runner.invoke(cli, ["tokens", "list", "--home", str(root)])
    assert "alice-agent" in listed.output and "team-*" in listed.output and token not in listed.output
    bad = runner.invoke(cli, ["tokens", "add", "x", "--read", "../etc", "--home", str(root)])
    assert bad.exit_code == 1 and "a grant is a vault name" in bad.output
    assert runner.invoke(cli, ["tokens", "revoke", "alice-agent", "--home", str(root)]).exit_code == 0
    assert ClientTokens(root / ".vaultweave-tokens.json").clients() == []
    missing = runner.invoke(cli, ["tokens", "list"])
    assert missing.exit_code == 1 and "--home" in missing.output


def test_search_and_context_read_through_shared_vaults_and_write_only_their_own(
    home: Callable[..., Vault],
) -> None:
    team = home("team")
    team.remember("I like green tea.", speaker="Maya", ts="2026-02-01T10:00:00Z")
    alice = home("alice", read_through=("team",))
    alice.remember("I live in Lisbon.", speaker="Alice", ts="2026-02-02T10:00:00Z")
    team_head, team_files = git_head(team), sorted(p.name for p in team.paths.resources.rglob("*.jsonl"))

    hits = alice.search("What tea does Maya like?", k=5)
    shared = [h for h in hits if h.vault == "team"]
    assert shared and any("tea" in h.text for h in shared)
    assert all(h.vault in ("", "team") for h in hits)
    assert hits == sorted(hits, key=lambda h: -h.score)
    assert shared[0].to_json(explain=False)["vault"] == "team"
    own = alice.search("Where does Alice live?", k=5)
    assert any(h.vault == "" and "Lisbon" in h.text for h in own)
    assert all(h.vault == "" for h in alice.search("What tea does Maya like?", k=5, read_through=False))

    block = alice.context("What tea does Maya like?", budget_tokens=400)
    assert "from team: resources/" in block.text
    assert "from team" not in alice.context("tea", 400, read_through=False).text

    # Writes go only to alice: the team vault has no new commit, no new line, no recall log.
    alice.remember("I like coffee.", speaker="Alice", ts="2026-02-03T10:00:00Z")
    assert git_head(Vault.open(team.root)) == team_head
    assert sorted(p.name for p in team.paths.resources.rglob("*.jsonl")) == team_files
    assert not (team.paths.state / "access.jsonl").exists()


def test_read_through_sees_what_the_shared_vault_learned_since(home: Callable[..., Vault]) -> None:
    home("team")
    alice = home("alice", read_through=("team",))
    assert not [h for h in alice.search("tea", k=5) if h.vault]
    team = Vault.open(alice.root.parent / "team")
    team.remember("I like jasmine tea.", speaker="Maya", ts="2026-02-01T10:00:00Z")
    assert any("jasmine" in h.text for h in alice.search("jasmine tea", k=5) if h.vault == "team")


@pytest.mark.parametrize(
    ("names", "reason"),
    [(("../team",), "a vault name is"), (("nobody",), "no vault at"), (("link",), "symlink")],
)
def test_a_read_through_that_would_leave_the_home_or_names_no_vault_is_refused(
    tmp_path: Path, home: Callable[..., Vault], names: tuple[str, ...], reason: str
) -> None:
    (tmp_path / "vaults" / "link").symlink_to(Vault.init(tmp_path / "outside").root)
    alice = home("alice", read_through=names)
    with pytest.raises(ConfigError, match=reason) as caught:
        alice.search("tea")
    assert "[share] read_through" in str(caught.value) and "vault.toml" in str(caught.value)


def test_a_filter_a_shared_vault_cannot_apply_leaves_it_out(home: Callable[..., Vault]) -> None:
    home("team").remember("I like green tea.", speaker="Maya", ts="2026-02-01T10:00:00Z")
    alice = home("alice", read_through=("team", "alice"))  # naming itself is ignored
    alice.remember("I live in Lisbon.", speaker="Alice", ts="2026-02-02T10:00:00Z")
    category = alice.items()[0].category
    hits = alice.search("Lisbon tea", k=10, categories=[category])
    assert hits and all(h.category == category for h in hits)


def test_the_server_keeps_a_bounded_set_of_open_vaults_and_creates_only_when_told(
    tmp_path: Path, home: Callable[..., Vault]
) -> None:
    pytest.importorskip("mcp")
    from vaultweave.store.errors import UnknownVaultError
    from vaultweave.weaver.mcp_home import VaultPool

    home("alice")
    home("team")
    root = tmp_path / "vaults"
    pool = VaultPool(Home(root), HomeConfig.model_validate({"home": {"max_open_vaults": 1}}))
    alice = pool.tools_for("alice", write=False)
    assert pool.tools_for("alice", write=True) is alice  # cached
    pool.tools_for("team", write=False)
    assert list(pool._open) == ["team"]  # alice was dropped past the bound
    assert pool.tools_for("alice", write=False) is not alice
    with pytest.raises(UnknownVaultError, match="no vault named 'carol'"):
        pool.tools_for("carol", write=True)
    assert not (root / "carol").exists()
    creating = VaultPool(Home(root), HomeConfig.model_validate({"home": {"create_on_first_use": True}}))
    with pytest.raises(UnknownVaultError):
        creating.tools_for("carol", write=False)  # a read never creates
    assert creating.tools_for("carol", write=True).vault.root == root / "carol"
    assert Home(root).vault_names() == ["alice", "carol", "team"]
    with pytest.raises(UnsafeNameError):
        creating.tools_for("../escape", write=True)
    assert not (tmp_path / "escape").exists()
