"""Several processes appending to one resource file lose and interleave no line (short form)."""

from __future__ import annotations

from pathlib import Path

from vaultweave.store.atomic import append_line
from vaultweave.weaver.vault import Vault

from bench.append import TARGET, check, hammer
from bench.live_support import PhraseExtractor


def test_concurrent_direct_and_api_appenders_keep_every_line_whole(tmp_path: Path) -> None:
    result = hammer(tmp_path / "vault", writers=4, lines=300)
    assert result.problems == ()
    vault = Vault.open(tmp_path / "vault")
    reports = vault.weave_all(PhraseExtractor())
    assert sum(r.consumed for r in reports) == 1200
    assert not any(r.problems for r in reports)
    assert vault.repo.dirty_paths(TARGET) == []


def test_check_notices_a_torn_or_missing_line(tmp_path: Path) -> None:
    hammer(tmp_path / "vault", writers=2, lines=20)
    path = tmp_path / "vault" / TARGET
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(lines[:5] + [lines[6][:40]] + lines[7:]))
    problems = check(path, writers=2, lines=20)
    assert any("not one whole line" in p for p in problems)
    assert any(p.startswith("38 lines found, 40 written") for p in problems)


def test_append_line_numbers_stay_exact_beside_direct_writers(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    assert [append_line(path, f'{{"text": "{n}"}}') for n in range(3)] == [1, 2, 3]
    with open(path, "a", encoding="utf-8") as handle:
        handle.write('{"text": "direct"}\n')
    assert append_line(path, '{"text": "api"}') == 5
    with open(path, "a", encoding="utf-8") as handle:
        handle.write('{"text": "torn')  # a writer that died mid-line
    assert append_line(path, '{"text": "after"}') == 7
    assert path.read_text(encoding="utf-8").splitlines()[-1] == '{"text": "after"}'
