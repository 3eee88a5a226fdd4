"""Progress bars only on a terminal (a real pty here), summaries instead of floods."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

from click.testing import CliRunner
from vaultweave.weaver.cli import cli
from vaultweave.weaver.vault import Vault

from tests.conftest import REPO_ROOT


def lines_file(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "turns.jsonl"
    rows = (
        json.dumps({"text": f"I love genre{n}.", "ts": f"2026-04-0{1 + n % 2}T09:00:00Z",
                    "speaker": "Maya", "role": "user"})
        for n in range(count)
    )
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def with_tty_stderr(args: list[str]) -> tuple[int, str, str]:
    """Run the CLI with stderr on a pseudo-terminal; returns code, stdout, terminal text."""
    leader, follower = pty.openpty()
    # A terminal 100 columns wide (a fresh pty has none, and tqdm draws to the width).
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "vaultweave.weaver.cli", *args],
        stdout=subprocess.PIPE, stderr=follower, cwd=REPO_ROOT, text=True,
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    out, _ = proc.communicate(timeout=120)
    os.close(leader)
    return proc.returncode, out, seen.decode("utf-8", "replace")


def test_bars_on_a_terminal_and_off_with_quiet(tmp_path: Path) -> None:
    root = Vault.init(tmp_path / "v").root
    source = lines_file(tmp_path, 300)
    code, out, term = with_tty_stderr(["ingest", str(source), "--vault", str(root)])
    assert code == 0 and out.startswith("ingested 300 lines into 2 files")
    assert "ingest" in term and "300/300" in term
    code, out, term = with_tty_stderr(["weave", "--vault", str(root)])
    assert code == 0 and "wove 300 lines" in out
    assert "weave cycle 1" in term and "3/3" in term
    code, out, term = with_tty_stderr(["ingest", str(source), "-q", "--vault", str(root)])
    assert code == 0 and term == ""


def test_no_bar_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    root = Vault.init(tmp_path / "v").root
    source = lines_file(tmp_path, 50)
    result = CliRunner().invoke(cli, ["ingest", str(source), "--vault", str(root)])
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        "ingested 50 lines into 2 files "
        "(resources/2026/04/01.jsonl#L1 .. resources/2026/04/02.jsonl#L25)"
    ]


def test_a_big_weave_prints_a_summary_and_lists_changes_only_when_asked(tmp_path: Path) -> None:
    root = Vault.init(tmp_path / "v").root
    source = lines_file(tmp_path, 60)
    runner = CliRunner()
    result = runner.invoke(cli, ["ingest", str(source), "--verbose", "--vault", str(root)])
    assert len(result.stdout.splitlines()) == 60
    result = runner.invoke(cli, ["weave", "--vault", str(root)])
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert len(out) <= 4, out
    assert any(line.startswith("wove 60 lines: 60 added; ") for line in out), out
    assert "--verbose lists them" in out[-1]
    assert not any(line.startswith("  + ") for line in out)
    # The change list is in git's log and, on request, here.
    shown = runner.invoke(cli, ["log", "-n", "1", "--vault", str(root)]).stdout
    assert "weave" in shown


def test_verbose_lists_every_change(tmp_path: Path) -> None:
    root = Vault.init(tmp_path / "v").root
    source = lines_file(tmp_path, 30)
    runner = CliRunner()
    runner.invoke(cli, ["ingest", str(source), "--vault", str(root)])
    out = runner.invoke(cli, ["weave", "-v", "--vault", str(root)]).stdout.splitlines()
    assert sum(1 for line in out if line.startswith("  + ")) == 30
    assert out[-1].startswith("wove 30 lines: 30 added; ")
