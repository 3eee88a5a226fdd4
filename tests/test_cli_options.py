"""`--vault` before or after the command, for every command that takes it."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from vaultweave.weaver.cli import cli

# Arguments each command needs besides --vault to get as far as opening the vault.
NEEDS: dict[str, tuple[str, ...]] = {
    "show": ("x",),
    "history": ("maya", "employer"),
    "search": ("jazz",),
    "context": ("jazz",),
    "forget": ("item-1", "--reason", "wrong"),
    "correct": ("item-1", "--value", "right"),
    "revert": ("HEAD",),
    "task-open": ("a goal",),
    "task-note": ("t-1", "a note"),
    "task-close": ("t-1",),
    "erase": ("some text", "--reason", "privacy"),
    "changes": ("--since", "last"),
    "mcp": ("--schemas",),
}


def takes_vault(command: click.Command) -> bool:
    return any(p.name == "vault_path" for p in command.params)


VAULT_COMMANDS = sorted(n for n, c in cli.commands.items() if takes_vault(c) and n != "init")


def invoke(args: list[str], cwd: Path) -> tuple[int, str]:
    runner = CliRunner()
    with contextlib.chdir(cwd):  # the current folder is no vault either
        result = runner.invoke(cli, args, env={"VAULTWEAVE_VAULT": ""}, catch_exceptions=False)
    return result.exit_code, result.stdout + result.stderr


@pytest.mark.parametrize("name", VAULT_COMMANDS)
def test_vault_before_and_after_the_command_name_the_same_folder(name: str, tmp_path: Path) -> None:
    missing = tmp_path / f"no-vault-{name}"
    extra = list(NEEDS.get(name, ()))
    for args in (["--vault", str(missing), name, *extra], [name, *extra, "--vault", str(missing)]):
        code, out = invoke(args, tmp_path)
        assert code == 1, (args, out)
        assert f"no vault at {missing}" in out, (args, out)
        assert "Traceback" not in out


def test_every_command_but_demo_takes_vault() -> None:
    # `tokens` manages a home (a folder of vaults, --home), not one vault.
    assert set(VAULT_COMMANDS) | {"init", "demo", "tokens"} == set(cli.commands)
    assert "status" in VAULT_COMMANDS and "ingest" in VAULT_COMMANDS


def test_status_works_with_vault_in_either_place(tmp_path: Path) -> None:
    root = tmp_path / "v"
    code, out = invoke(["--vault", str(root), "init"], tmp_path)
    assert code == 0 and (root / "vault.toml").is_file()
    for args in (["--vault", str(root), "status"], ["status", "--vault", str(root)]):
        code, out = invoke(args, tmp_path)
        assert code == 0 and out.splitlines()[0].split() == ["vault", str(root)], out


def test_the_command_option_wins_over_the_group_option(tmp_path: Path) -> None:
    root = tmp_path / "v"
    assert invoke(["init", str(root)], tmp_path)[0] == 0
    code, out = invoke(["--vault", str(tmp_path / "elsewhere"), "status", "--vault", str(root)], tmp_path)
    assert code == 0 and out.splitlines()[0].split() == ["vault", str(root)], out


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_help_has_an_example(name: str, tmp_path: Path) -> None:
    code, out = invoke([name, "--help"], tmp_path)
    assert code == 0
    example = out.split("Example:", 1)
    assert len(example) == 2, f"{name} --help has no Example"
    assert example[1].lstrip().startswith("vaultweave "), out


def test_the_group_help_has_an_example(tmp_path: Path) -> None:
    code, out = invoke(["--help"], tmp_path)
    assert code == 0 and "Example:" in out and "vaultweave --vault" in out


def test_items_and_status_line_up_in_columns(tmp_path: Path) -> None:
    root = tmp_path / "v"
    assert invoke(["init", str(root)], tmp_path)[0] == 0
    for text in ("I work at Google.", "I love jazz.", "I live in Berlin."):
        assert invoke(["ingest", "--text", text, "--vault", str(root)], tmp_path)[0] == 0
    assert invoke(["weave", "--vault", str(root)], tmp_path)[0] == 0
    code, out = invoke(["items", "--vault", str(root)], tmp_path)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    categories = {line.split()[1] for line in lines}
    assert len({len(c) for c in categories}) > 1  # widths differ, so padding is tested
    assert len({line.index(" current ") for line in lines}) == 1, out
    assert len({line.index("User ") for line in lines}) == 1, out
    code, out = invoke(["status", "--vault", str(root)], tmp_path)
    values = [line[12:] for line in out.splitlines()[:5]]
    assert code == 0 and values[0] == str(root) and all(not v.startswith(" ") for v in values), out
