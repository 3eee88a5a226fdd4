"""The CLI under hostile input: one actionable line and exit 1, never a traceback.

Also: files follow the umask, and a read-only vault is reported, not crashed on.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from vaultweave.weaver.cli import cli
from vaultweave.weaver.vault import Vault


def run(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def vault_dir(tmp_path: Path) -> Path:
    path = tmp_path / "vault"
    assert run("init", str(path))[0] == 0
    return path


def _one_error_line(code: int, err: str, *fragments: str) -> None:
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, err


@pytest.mark.parametrize(
    ("ts", "fragment"),
    [
        ("0001-01-01T00:00:00+05:00", "ts: in UTC it falls outside years 1-9999"),
        ("9999-12-31T23:59:59-05:00", "ts: in UTC it falls outside years 1-9999"),
        ("3000-01-01T00:00:00Z", "is more than 24 h ahead of now ([resources] max_ahead_hours)"),
        ("1850-01-01T00:00:00Z", "is before 1900-01-01 ([resources] earliest)"),
        ("yesterday", "ts: Input should be a valid datetime"),
        ("99999999999999999999999", "ts: Input should be a valid datetime"),
    ],
)
def test_a_bad_ts_is_one_line(vault_dir: Path, ts: str, fragment: str) -> None:
    code, _, err = run("ingest", "--vault", str(vault_dir), "--text", "I live in Lima.", "--ts", ts)
    _one_error_line(code, err, fragment)
    assert list((vault_dir / "resources").rglob("*.jsonl")) == []


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b'{"text": "fine"}\n{"text": "caf\xe9"}\n', ":2: not UTF-8 (invalid continuation byte at byte 13)"),
        (b'{"text": "x", "meta": ' + b"[" * 5000 + b"]" * 5000 + b"}\n", ":1: JSON nested too deep to read"),
        (b'{"text": "x", "n": ' + b"9" * 5000 + b"}\n", ":1: bad JSON (Exceeds the limit (4300 digits)"),
        (b'{"text": "x", "meta": ' + b"[" * 40 + b"]" * 40 + b"}\n", "nested deeper than 32 levels"),
        (b'{"text": "caf\\ud800"}\n', "unpaired surrogate"),
        (b'{"text": "x", "ts": "0001-01-01T00:00:00+05:00"}\n', "outside years 1-9999"),
    ],
)
def test_a_hostile_ingest_file_is_one_line_and_writes_nothing(
    vault_dir: Path, tmp_path: Path, content: bytes, fragment: str
) -> None:
    source = tmp_path / "chat.jsonl"
    source.write_bytes(content)
    code, _, err = run("ingest", "--vault", str(vault_dir), str(source))
    _one_error_line(code, err, fragment)
    assert list((vault_dir / "resources").rglob("*.jsonl")) == []
    code, _, err = run("ingest", "--vault", str(vault_dir), "-", input=content)  # stdin too
    _one_error_line(code, err, fragment)


def test_weave_status_and_doctor_go_on_past_hostile_lines(vault_dir: Path) -> None:
    day = vault_dir / "resources" / "2026" / "01" / "05.jsonl"
    day.parent.mkdir(parents=True)
    good = json.dumps({"text": "I live in Berlin.", "ts": "2026-01-05T10:00:00Z", "speaker": "Maya"})
    day.write_bytes(
        b'{"text": "x", "ts": "9999-12-31T23:59:59-05:00"}\n'
        + b'{"text": "x", "meta": ' + b"{" * 3000 + b"}\n"
        + good.encode() + b"\n"
    )
    code, out, err = run("weave", "--vault", str(vault_dir), "--verbose")
    assert code == 0 and "Traceback" not in out + err
    code, out, _ = run("status", "--vault", str(vault_dir))
    assert code == 0
    assert "resources/2026/01/05.jsonl:1: bad ts (in UTC it falls outside years 1-9999)" in out
    assert "resources/2026/01/05.jsonl:2: bad JSON" in out
    code, out, _ = run("doctor", "--vault", str(vault_dir))
    assert "resources: resources/2026/01/05.jsonl:1: skipped: bad ts" in out
    assert code == 0 and "vault is consistent" in out  # skipped lines are handled, not failures
    assert [i.value for i in Vault.open(vault_dir).items()] == ["Berlin"]


# -- the umask ----------------------------------------------------------------------------


@pytest.fixture
def umask() -> Iterator[None]:
    previous = os.umask(0o022)
    os.umask(previous)
    yield
    os.umask(previous)


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o027, 0o640), (0o002, 0o664)])
def test_files_follow_the_umask(tmp_path: Path, umask: None, mask: int, mode: int) -> None:
    os.umask(mask)
    vault = Vault.init(tmp_path / "vault")
    vault.ingest("I live in Berlin.", ts="2026-01-05T10:00:00Z", speaker="Maya")
    vault.weave(llm=False)
    written = [
        vault.paths.config,
        vault.paths.index_md,
        *vault.paths.items.rglob("*.pb"),
        *vault.paths.categories.glob("*.md"),
        *vault.paths.resources.rglob("*.jsonl"),
        vault.state.cursor_path,
    ]
    assert len(written) >= 6
    modes = {p.relative_to(vault.root).as_posix(): oct(stat.S_IMODE(p.stat().st_mode)) for p in written}
    assert set(modes.values()) == {oct(mode)}, modes


# -- a read-only vault --------------------------------------------------------------------


@pytest.fixture
def read_only(vault_dir: Path) -> Iterator[Path]:
    """A woven vault with one more line pending, then made read-only: by permissions, or
    for root (which ignores them) by a read-only bind mount; skipped where neither works."""
    day = vault_dir / "resources" / "2026" / "01" / "05.jsonl"
    day.parent.mkdir(parents=True)
    day.write_text(json.dumps({"text": "I live in Berlin.", "speaker": "Maya"}) + "\n", "utf-8")
    assert run("weave", "--vault", str(vault_dir))[0] == 0
    with open(day, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"text": "I live in Rome.", "speaker": "Maya"}) + "\n")
    if os.geteuid() != 0:
        folders = [Path(f) for f, _, _ in os.walk(vault_dir)]
        for folder in folders:
            folder.chmod(0o555)
        yield vault_dir
        for folder in folders:
            folder.chmod(0o755)
        return
    mounted = subprocess.run(["mount", "--bind", str(vault_dir), str(vault_dir)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot make a read-only mount here: {mounted.stderr.decode().strip()}")
    try:
        ro = subprocess.run(["mount", "-o", "remount,bind,ro", str(vault_dir)], capture_output=True)
        if ro.returncode != 0:
            pytest.skip(f"cannot remount read-only: {ro.stderr.decode().strip()}")
        yield vault_dir
    finally:  # lazy: the CLI ran in this process and may still hold the index open
        subprocess.run(["umount", "-l", str(vault_dir)], check=False)


def test_a_read_only_vault_gets_one_line_errors_not_tracebacks(read_only: Path) -> None:
    where = ("--vault", str(read_only))
    code, _, err = run("ingest", *where, "--text", "hello")
    _one_error_line(code, err, "could not write", "resources/")
    for command in (["weave"], ["consolidate"], ["forget", "x", "--reason", "y"]):
        code, _, err = run(*command, *where)
        _one_error_line(code, err, "could not write", "weaver.lock")
    code, _, err = run("search", *where, "Berlin")
    _one_error_line(code, err, "could not write", ".vaultweave/recall/")
    code, out, err = run("status", *where)
    assert code == 0 and "pending     1 resource lines" in out and "locked by" not in out, out + err
    code, out, _ = run("items", *where)
    assert code == 0 and "Maya lives in Berlin." in out
