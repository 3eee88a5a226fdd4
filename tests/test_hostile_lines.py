"""Hostile resource lines: each costs one `file:line: reason`, never a stuck vault.

Real vaults, real git, the rules extractor. Every line is either woven once or reported
once; nothing is read or written through a symlink; a far-future ts never pins a fact.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vaultweave.store.errors import InvalidResourceError, SymlinkRefusedError
from vaultweave.store.line_checks import LineLimits
from vaultweave.store.resources import INTERNAL_ERROR, LineProblem, Resource, parse_line, read_resource
from vaultweave.weaver.doctor import check_resources, diagnose
from vaultweave.weaver.vault import Vault

from tests.conftest import FakeClock

DAY = "resources/2026/02/20.jsonl"


def _append(vault: Vault, rel: str, *lines: bytes) -> None:
    path = vault.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("ab") as handle:
        handle.write(b"".join(line + b"\n" for line in lines))


def _turn(text: str, ts: str = "2026-02-20T10:00:00Z", speaker: str = "Maya", **extra: object) -> bytes:
    return json.dumps({"text": text, "ts": ts, "speaker": speaker, "role": "user", **extra}).encode()


def _weave(vault: Vault) -> Counter[str]:
    """Weave until drained; how many times each line id was consumed (woven or reported)."""
    seen: Counter[str] = Counter()
    for report in vault.weave_all(llm=False):
        seen.update(r.id for r in report.resources)
        seen.update(f"{p.path}#L{p.line}" for p in report.problems)
    return seen


OVERFLOW = "bad ts (in UTC it falls outside years 1-9999)"
HOSTILE = [
    (_turn("I live in Lima.", ts="0001-01-01T00:00:00+05:00"), OVERFLOW),
    (_turn("I live in Lima.", ts="9999-12-31T23:59:59-05:00"), OVERFLOW),
    (b'{"text": "x", "meta": ' + b"[" * 5000 + b"]" * 5000 + b"}", "JSON nested too deep to read"),
    (b'{"text": "x", "m": ' + b'{"a":' * 50 + b"1" + b"}" * 50 + b"}", "JSON nested deeper than 32 levels"),
    (b'{"text": "x", "n": ' + b"9" * 5000 + b"}", "bad JSON (Exceeds the limit (4300 digits)"),
    (_turn("I like " + "x" * 1_100_000 + "."), "line too long (1100"),
    (_turn("I live in caf\ud800."), "unpaired surrogate"),
    (b'{"text": "I live in Rome", "\\udc00": 1}', "unpaired surrogate (\\ud800-\\udfff) in a key"),
    (_turn("I live in Lima.", ts="3000-01-01T00:00:00Z"), "ts 3000-01-01T00:00:00Z is more than 24 h ahead"),
    (_turn("I live in Lima.", ts="1850-01-01T00:00:00Z"), "ts 1850-01-01T00:00:00Z is before 1900-01-01"),
    (b"\xff\xfe{", "not UTF-8"),
]


def test_each_hostile_line_is_reported_once_and_weaving_goes_on(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    lines = [_turn("I work at Google.")]
    for raw, _ in HOSTILE:
        lines += [raw, _turn("I like tea.", speaker=f"P{len(lines)}")]
    _append(vault, DAY, *lines)

    seen = _weave(vault)
    assert set(seen.values()) == {1} and len(seen) == len(lines)  # every line, once
    reported = {p.line: p.reason for p in vault.status().line_problems}
    for n, (_, reason) in enumerate(HOSTILE):
        line = 2 + 2 * n
        assert reason in reported[line], (line, reported[line])
    assert all(not r.startswith(INTERNAL_ERROR) for r in reported.values())
    woven = {(i.subject, i.value) for i in vault.items()}
    assert ("Maya", "Google") in woven
    assert {f"P{2 * n + 1}" for n in range(len(HOSTILE))} <= {s for s, v in woven if v == "tea"}

    # Later cycles, status and doctor go on; nothing is consumed again.
    _append(vault, DAY, _turn("I live in Oslo.", speaker="Ravi"))
    assert _weave(vault) == Counter({f"{DAY}#L{len(lines) + 1}": 1})
    notes = [p for p in diagnose(vault, [check_resources]) if p.note]
    assert len(notes) == len(HOSTILE)
    assert str(notes[0]).startswith(f"resources: {DAY}:2: skipped: bad ts")


def test_a_far_future_ts_never_pins_a_fact(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    _append(vault, DAY, _turn("I live in Paris.", ts="9000-01-01T00:00:00Z"))
    _append(vault, DAY, _turn("I live in Paris.", ts="2026-03-03T12:00:00Z"))  # 2 days ahead of the clock
    _append(vault, DAY, _turn("I live in Berlin."))
    _weave(vault)
    current = [i.value for i in vault.items() if i.subject == "Maya"]
    assert current == ["Berlin"]
    reasons = [p.reason for p in vault.status().line_problems]
    assert len(reasons) == 2 and all("ahead of now" in r for r in reasons)


def test_a_line_without_ts_in_a_far_future_day_file_is_skipped(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    line = json.dumps({"text": "I live in Paris.", "speaker": "Maya"}).encode()
    _append(vault, "resources/9999/12/31.jsonl", line)
    _weave(vault)
    assert vault.items() == []
    [problem] = vault.status().line_problems
    assert str(problem).startswith("resources/9999/12/31.jsonl:1: no ts, and the file's day 9999-12-31")


def test_the_window_comes_from_vault_toml(make_vault: Callable[..., Vault], clock: FakeClock) -> None:
    config = "[resources]\nmax_ahead_hours = 240\nearliest = 1800-01-01\n"
    vault = make_vault(config=config)
    _append(vault, DAY, _turn("I live in Paris.", ts="2026-03-05T12:00:00Z"))  # 4 days ahead
    _append(vault, DAY, _turn("I work at Acme.", ts="1850-01-01T00:00:00Z"))
    _append(vault, DAY, _turn("I like tea.", ts="2026-03-20T12:00:00Z"))  # 19 days ahead
    _weave(vault)
    assert sorted(i.value for i in vault.items()) == ["Acme", "Paris"]
    [problem] = vault.status().line_problems
    assert "more than 240 h ahead" in problem.reason
    with pytest.raises(InvalidResourceError, match="more than 240 h ahead"):
        vault.ingest("I like jazz.", ts="2026-03-20T12:00:00Z")


@pytest.mark.parametrize(
    ("ts", "reason"),
    [
        ("0001-01-01T00:00:00+05:00", "outside years 1-9999"),
        ("9999-12-31T23:59:59-05:00", "outside years 1-9999"),
        ("2999-01-01T00:00:00Z", "more than 24 h ahead of now"),
        ("1850-01-01T00:00:00Z", "before 1900-01-01"),
    ],
)
def test_ingest_refuses_a_ts_the_weaver_would_skip(
    make_vault: Callable[..., Vault], ts: str, reason: str
) -> None:
    vault = make_vault()
    with pytest.raises(InvalidResourceError, match=reason):
        vault.ingest("I live in Lima.", ts=ts)
    with pytest.raises(InvalidResourceError, match=f"line 2: .*{reason}"):
        vault.ingest_many([{"text": "fine", "ts": "2026-02-01T00:00:00Z"}, {"text": "x", "ts": ts}])
    assert list(vault.paths.resources.rglob("*.jsonl")) == []


def test_ingest_refuses_deep_nesting_and_lone_surrogates(make_vault: Callable[..., Vault]) -> None:
    vault = make_vault()
    with pytest.raises(InvalidResourceError, match="nested deeper than 32"):
        vault.ingest("hello", meta={"a": json.loads("[" * 40 + "]" * 40)})
    with pytest.raises(InvalidResourceError, match="unpaired surrogate"):
        vault.ingest("caf\udce9")
    assert list(vault.paths.resources.rglob("*.jsonl")) == []


def test_mcp_remember_refuses_an_out_of_range_ts(make_vault: Callable[..., Vault]) -> None:
    from vaultweave.weaver.mcp_tools import VaultTools

    vault = make_vault()
    with pytest.raises(InvalidResourceError, match="outside years 1-9999"):
        VaultTools(vault).remember("I live in Lima.", ts="0001-01-01T00:00:00+05:00")


# -- symlinks -----------------------------------------------------------------------------


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.jsonl").write_bytes(_turn("I live in Secretville.", speaker="Outsider") + b"\n")
    return folder


def test_symlinked_resource_files_are_reported_never_read(
    make_vault: Callable[..., Vault], outside: Path
) -> None:
    vault = make_vault()
    _append(vault, DAY, _turn("I live in Berlin."))
    folder = vault.paths.resources / "2026" / "02"
    os.symlink(outside / "secret.jsonl", folder / "21.jsonl")  # leads outside
    os.symlink(folder / "20.jsonl", folder / "22.jsonl")  # a second name for a resource file
    os.symlink(outside, vault.paths.resources / "2025")  # a folder leading outside

    seen = _weave(vault)
    assert seen == Counter({f"{DAY}#L1": 1})  # the twin's line is read once, under its own name
    assert [i.value for i in vault.items()] == ["Berlin"]
    assert "Secretville" not in vault.repo._git("log", "-p", "--all")
    listed = [str(p) for p in vault.status().line_problems]
    assert listed == [
        "resources/2025: symlinked folder pointing to outside the vault: not read; "
        "resources must be regular files",
        "resources/2026/02/21.jsonl: symlinked file pointing to outside the vault: not read; "
        "resources must be regular files",
        "resources/2026/02/22.jsonl: symlinked file pointing to resources/2026/02/20.jsonl "
        "(read under its own name): not read; resources must be regular files",
    ]
    doctor = [str(p) for p in diagnose(vault, [check_resources])]
    assert len(doctor) == 3 and all(line.startswith("resources: resources/") for line in doctor)
    assert read_resource(vault.paths, "resources/2026/02/21.jsonl#L1") is None
    assert read_resource(vault.paths, "resources/../outside/secret.jsonl#L1") is None


def test_ingest_never_appends_through_a_symlink(make_vault: Callable[..., Vault], outside: Path) -> None:
    vault = make_vault()
    before = (outside / "secret.jsonl").read_bytes()
    folder = vault.paths.resources / "2026" / "02"
    folder.mkdir(parents=True)
    os.symlink(outside / "secret.jsonl", folder / "21.jsonl")
    os.symlink(outside, vault.paths.resources / "2025")
    with pytest.raises(SymlinkRefusedError, match="resources/2026/02/21.jsonl is a symlink"):
        vault.ingest("I live in Leakville.", ts="2026-02-21T10:00:00Z")
    with pytest.raises(SymlinkRefusedError, match="resources/2025 is a symlink"):
        vault.ingest_many([{"text": "I live in Leakville.", "ts": "2025-06-01T10:00:00Z"}])
    assert (outside / "secret.jsonl").read_bytes() == before
    assert sorted(p.name for p in outside.iterdir()) == ["secret.jsonl"]


# -- a damaged cursor ---------------------------------------------------------------------


def _two_cycles(vault: Vault) -> None:
    _append(vault, DAY, _turn("I work at Google."), _turn("I like tea."))
    _weave(vault)
    _append(vault, DAY, _turn("I live in Oslo.", speaker="Ravi"), _turn("I like jazz.", speaker="Ravi"))


@pytest.mark.parametrize(
    "damage",
    ["garbage", "truncated", "strings", "mid-line edited", "mid-line legacy", "past the end", "deleted"],
)
def test_a_damaged_cursor_neither_doubles_nor_misreports_a_line(
    make_vault: Callable[..., Vault], damage: str
) -> None:
    vault = make_vault()
    _two_cycles(vault)
    path = vault.state.cursor_path
    data = json.loads(path.read_text("utf-8"))
    offset, line = data["files"][DAY]
    if damage == "garbage":
        path.write_bytes(b"\x00\xff not json")
    elif damage == "truncated":
        path.write_text(path.read_text("utf-8")[:25], "utf-8")
    elif damage == "strings":
        data["files"][DAY] = ["abc", None]
        path.write_text(json.dumps(data), "utf-8")
    elif damage.startswith("mid-line"):
        data["files"][DAY] = [offset - 7, line]
        if damage == "mid-line legacy":
            del data["sha256"]  # a cursor written before checksums: checked by position
        path.write_text(json.dumps(data), "utf-8")
    elif damage == "past the end":
        data["files"][DAY] = [offset + 10_000, line + 3]
        del data["sha256"]
        path.write_text(json.dumps(data), "utf-8")
    else:
        path.unlink()

    seen = _weave(vault)
    assert seen == Counter({f"{DAY}#L3": 1, f"{DAY}#L4": 1})
    assert vault.status().line_problems == ()
    assert sorted(i.value for i in vault.items()) == ["Google", "Oslo", "jazz", "tea"]
    assert _weave(vault) == Counter()


def test_doctor_reports_and_rebuilds_a_damaged_cursor(make_vault: Callable[..., Vault]) -> None:
    from vaultweave.weaver.doctor import check_cursor, repair

    vault = make_vault()
    _two_cycles(vault)
    saved = vault.state.load_cursor()
    vault.state.cursor_path.write_text('{"version": 1, "files": {}, "commit": null, "sha256": "0"}', "utf-8")
    [problem] = check_cursor(vault)
    assert str(problem) == (
        "cursor: .vaultweave/cursor.json: damaged (unreadable or fails its checksum); "
        "weave rebuilds it from git [--fix repairs this]"
    )
    repair(vault, [problem])
    assert vault.state.load_cursor().positions == saved.positions
    assert check_cursor(vault) == []


# -- the reader, property-based -----------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=300))
def test_any_bytes_parse_to_a_resource_or_a_reason(raw: bytes) -> None:
    _assert_parsed(parse_line(DAY, 1, raw.replace(b"\n", b""), LineLimits.default()))


@settings(max_examples=400, deadline=None)
@given(
    fields=st.dictionaries(
        st.sampled_from(["text", "ts", "speaker", "role", "session", "meta", "source", "x"]),
        json_values | st.datetimes().map(lambda d: d.isoformat()),
    ),
    depth=st.integers(0, 3000),
)
def test_any_json_object_parses_to_a_resource_or_a_reason(fields: dict[str, object], depth: int) -> None:
    raw = json.dumps(fields, allow_nan=True).encode("utf-8", "surrogatepass")
    if depth:
        raw = raw[:-1] + (b", " if fields else b"") + b'"deep": ' + b"[" * depth + b"]" * depth + b"}"
    _assert_parsed(parse_line(DAY, 1, raw, LineLimits.default()))


def _assert_parsed(result: Resource | LineProblem) -> None:
    if isinstance(result, LineProblem):
        assert result.reason and not result.reason.startswith(INTERNAL_ERROR)
        assert "\n" not in result.reason
    else:
        assert isinstance(result, Resource)
        result.text.encode("utf-8")  # writable as UTF-8 wherever it goes


def test_resource_files_with_unusable_names_are_reported_never_read(
    make_vault: Callable[..., Vault],
) -> None:
    vault = make_vault()
    _append(vault, DAY, _turn("I live in Berlin."))
    folder = os.fsencode(vault.paths.resources / "2026" / "02")
    for name in (b"\xff.jsonl", b"a\nConsumed: x.jsonl#L1.jsonl"):
        with open(folder + b"/" + name, "wb") as handle:
            handle.write(_turn("I live in Rome.", speaker="Ravi") + b"\n")

    assert _weave(vault) == Counter({f"{DAY}#L1": 1})  # weaving goes on; those are never read
    listed = sorted(str(p) for p in vault.status().line_problems)
    reason = "file name is not valid UTF-8 or holds control characters: not read; rename it"
    assert listed == [
        f"resources/2026/02/\\udcff.jsonl: {reason}",
        f"resources/2026/02/a\\x0aConsumed: x.jsonl#L1.jsonl: {reason}",
    ]
    assert "\n" not in vault.log(1)[0].message.split("\n\n", 1)[0]
