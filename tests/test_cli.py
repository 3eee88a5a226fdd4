"""The CLI through click's CliRunner, checking the files it writes, not just exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from vaultweave.weaver.cli import cli
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT, SAMPLE_VAULT


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input, env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def vault_dir(tmp_path: Path) -> Path:
    path = tmp_path / "vault"
    code, out, _ = run("init", str(path))
    assert code == 0 and "vault ready" in out
    return path


def test_init_creates_a_git_backed_vault(vault_dir: Path) -> None:
    for name in ("vault.toml", "index.md", ".gitignore", ".gitattributes", ".git", "resources", "items"):
        assert (vault_dir / name).exists(), name
    log = subprocess.run(["git", "-C", str(vault_dir), "log", "--format=%s"], capture_output=True, text=True)
    assert log.stdout.strip() == "init: vault vault"


def test_ingest_weave_items_show_history(vault_dir: Path) -> None:
    v = ("--vault", str(vault_dir))
    code, out, _ = run(
        "ingest", *v, "--text", "I work at Google.", "--speaker", "Maya", "--ts", "2026-01-05T10:00:00Z"
    )
    assert (code, out.strip()) == (0, "resources/2026/01/05.jsonl#L1")
    lines = "\n".join(
        json.dumps({"text": t, "ts": ts, "speaker": "Maya", "role": "user"})
        for t, ts in [
            ("I work at OpenAI now.", "2026-02-10T09:30:00Z"),
            ("I love jazz.", "2026-02-11T09:30:00Z"),
        ]
    )
    code, out, _ = run("ingest", *v, "-", "--json", input=lines + "\n")
    assert code == 0 and json.loads(out)["ingested"] == [
        "resources/2026/02/10.jsonl#L1", "resources/2026/02/11.jsonl#L1"
    ]
    code, out, _ = run("weave", *v)
    assert code == 0 and "superseded (employer: Google -> OpenAI)" in out
    assert "+ Maya works at OpenAI." in out

    code, out, _ = run("items", *v, "--json", "--status", "all")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 3
    google = next(r for r in rows if r["value"] == "Google")
    assert google["status"] == "historical" and google["valid_to"] == "2026-02-10T09:30:00Z"
    assert google["sources"] == ["resources/2026/01/05.jsonl#L1"]
    assert set(google) >= {"id", "subject", "attribute", "text", "category", "kind", "tags", "confidence",
                           "importance", "observed_at", "valid_from", "superseded_by"}

    code, out, _ = run("items", *v, "--category", "work")
    assert code == 0 and "OpenAI" in out and "Google" not in out

    code, out, _ = run("show", *v, google["id"])
    assert code == 0 and "status: historical" in out
    code, out, _ = run("show", *v, "work")
    assert code == 0 and out.startswith("---\ncategory: work")

    code, out, _ = run("history", *v, "Maya", "employer")
    assert code == 0
    assert [line.split()[-1] for line in out.splitlines()] == ["Google", "OpenAI"]

    code, out, _ = run("log", *v, "--json")
    assert code == 0 and json.loads(out.splitlines()[0])["message"].startswith("weave:")


def test_status_reports_malformed_lines_as_file_line_reason(vault_dir: Path) -> None:
    target = vault_dir / "resources/2026/01/05.jsonl"
    target.parent.mkdir(parents=True)
    target.write_text('{"text": "I live in Berlin."}\n{oops\n{"ts": "2026-01-05T10:00:00Z"}\n')
    run("weave", "--vault", str(vault_dir))
    code, out, _ = run("status", "--vault", str(vault_dir))
    assert code == 0
    assert "resources/2026/01/05.jsonl:2: bad JSON" in out
    assert "resources/2026/01/05.jsonl:3: no text" in out
    code, out, _ = run("status", "--vault", str(vault_dir), "--json")
    assert json.loads(out)["items"]["current"] == 1


def test_vault_comes_from_env_then_cwd(vault_dir: Path, tmp_path: Path) -> None:
    code, out, _ = run("status", env={"VAULTWEAVE_VAULT": str(vault_dir)})
    assert code == 0 and str(vault_dir) in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("items", "--vault", "/definitely/not/here"), "no vault at /definitely/not/here"),
        (("items", "--status", "bogus"), "Invalid value for '--status'"),
        (("show", "nope"), "no item or category named 'nope'"),
        (("ingest", "--text", ""), "invalid resource: text"),
        (("ingest", "--text", "x", "--ts", "soon"), "invalid resource: ts"),
        (("frobnicate",), "No such command"),
    ],
)
def test_errors_are_one_line_and_exit_1(vault_dir: Path, args: tuple[str, ...], message: str) -> None:
    env = {"VAULTWEAVE_VAULT": str(vault_dir)}
    code, out, err = run(*args, env=env)
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err
    assert "Traceback" not in err + out


def test_ingest_file_with_a_bad_line_writes_nothing(vault_dir: Path, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text('{"text": "ok"}\n{"text": ""}\n')
    code, _, err = run("ingest", "--vault", str(vault_dir), str(source))
    assert code == 1 and "line 2" in err
    assert list((vault_dir / "resources").rglob("*.jsonl")) == []


def test_locked_vault_is_an_error_naming_the_holder(vault_dir: Path) -> None:
    holder = Vault.open(vault_dir)
    holder.lock.acquire()
    try:
        code, _, err = run("weave", "--wait", "0.2", "--vault", str(vault_dir))
    finally:
        holder.lock.release()
    assert code == 1 and f"locked by process {os.getpid()}" in err


def test_console_script_runs_in_a_real_process(vault_dir: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "vaultweave.weaver.cli", "status", "--vault", str(vault_dir / "missing")],
        capture_output=True, text=True, cwd=REPO_ROOT,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("error: no vault at")


def test_demo_weaves_a_copy_and_leaves_the_sample_pristine(tmp_path: Path) -> None:
    before = {p: p.read_bytes() for p in SAMPLE_VAULT.rglob("*") if p.is_file()}
    target = tmp_path / "demo"
    code, out, _ = run("demo", "--from", str(SAMPLE_VAULT), "--to", str(target))
    assert code == 0
    assert "no longer true:" in out and "work:" in out
    assert {p: p.read_bytes() for p in SAMPLE_VAULT.rglob("*") if p.is_file()} == before
    assert not (SAMPLE_VAULT / ".git").exists()
    vault = Vault.open(target)
    assert vault.status().pending_lines == 0
    assert len(vault.items()) >= 10
    assert len([i for i in vault.items(status="all") if i.status.value != "current"]) >= 6


def test_an_explicit_exit_code_survives(tmp_path: Path) -> None:
    import click

    @cli.command("exit-test", hidden=True)
    def exit_test() -> None:
        raise click.exceptions.Exit(3)

    try:
        code, _, _ = run("exit-test")
    finally:
        cli.commands.pop("exit-test")
    assert code == 3
    assert run("--help")[0] == 0


def test_demo_never_deletes_a_folder_that_is_not_a_demo_vault(tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    code, _, err = run("demo", "--from", str(SAMPLE_VAULT), "--to", str(precious))
    assert code == 1 and "is not a vault" in err
    assert (precious / "notes.txt").read_text() == "keep me"
    code, _, err = run("demo", "--from", str(SAMPLE_VAULT), "--to", str(REPO_ROOT))
    assert code == 1 and "sample stays pristine" in err


def test_extra_keys_in_ingested_lines_are_kept_whatever_their_name(vault_dir: Path) -> None:
    line = json.dumps({"text": "I love jazz.", "self": "x", "text_id": 3})
    code, out, err = run("ingest", "--vault", str(vault_dir), "-", "--verbose", input=line + "\n")
    assert code == 0, err
    stored = json.loads((vault_dir / out.strip().split("#")[0]).read_text().splitlines()[0])
    assert stored["self"] == "x" and stored["text_id"] == 3
