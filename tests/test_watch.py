"""The watcher: filter, handle_changes on synthetic batches, failure isolation, real events."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from vaultweave.weaver.vault import Vault
from vaultweave.weaver.watch import ChangeFilter, Kind, Watcher, is_temp_name

from bench.live_support import PhraseExtractor
from tests.conftest import REPO_ROOT, plain, say

WORKER = REPO_ROOT / "bench" / "live_worker.py"


def _seeded(make_vault: Callable[..., Vault]) -> Vault:
    vault = make_vault()
    say(vault, "I work at Google", "2026-01-01T10:00:00Z")
    vault.weave(PhraseExtractor())
    return vault


@pytest.mark.parametrize(
    "name",
    ["work.md.swp", ".work.md.swx", "work.md~", ".#work.md", "4913", "x.tmp", ".work.md.abc.tmp"],
)
def test_editor_temp_files_are_recognised(name: str) -> None:
    assert is_temp_name(name)


def test_filter_keeps_what_matters_and_drops_the_rest(make_vault) -> None:
    vault = _seeded(make_vault)
    root = vault.root
    keep = ChangeFilter(vault)
    assert keep.kind_of(root / "resources/2026/01/01.jsonl") is Kind.RESOURCE
    assert keep.kind_of(root / "vault.toml") is Kind.CONFIG
    for ignored in (
        ".git/index",
        ".git/objects/ab/cdef",
        ".vaultweave/cursor.json",
        "items/work/x.pb",
        "categories/.work.md.swp",
        "categories/work.md~",
        "categories/4913",
        "notes.txt",
        "resources/2026/01/.01.jsonl.tmp",
        "../elsewhere.md",
    ):
        assert keep.kind_of(root / ignored) is None, ignored
    # The page as the weaver rendered it is its own write; a person's change is not.
    page = root / "categories/work.md"
    assert keep.kind_of(page) is None
    page.write_text(page.read_text(encoding="utf-8") + "\nA note.\n", encoding="utf-8")
    assert keep.kind_of(page) is Kind.PAGE


def test_handle_changes_weaves_a_synthetic_batch(make_vault) -> None:
    vault = _seeded(make_vault)
    seen = []
    watcher = Watcher(vault, PhraseExtractor(), on_batch=seen.append)
    rid = say(vault, "I work at OpenAI", "2026-02-01T10:00:00Z")
    path = vault.root / rid.split("#")[0]
    result = watcher.handle_changes([path, vault.root / ".git/index", path])
    assert result.error is None and result.ran
    assert result.reports[0].commit and "employer: Google -> OpenAI" in result.reports[0].message
    assert seen == [result]
    # The weaver's own writes from that cycle call for no cycle.
    own = [
        vault.root / "categories/work.md",
        vault.root / "index.md",
        *vault.paths.items.rglob("*.pb"),
    ]
    assert not watcher.handle_changes(own).ran


def test_a_failing_batch_is_reported_and_the_next_one_runs(make_vault) -> None:
    vault = _seeded(make_vault)
    watcher = Watcher(vault, PhraseExtractor())
    config = vault.paths.config
    good = config.read_text(encoding="utf-8")
    config.write_text(good + "\n[weaver]\nmax_lines_per_cycle = 'many'\n", encoding="utf-8")
    bad = watcher.handle_changes([config])
    assert bad.error and "vault.toml" in bad.error and watcher.failures == 1
    config.write_text(good, encoding="utf-8")
    rid = say(vault, "I live in Lisbon", "2026-02-01T10:00:00Z")
    ok = watcher.handle_changes([config, vault.root / rid.split("#")[0]])
    assert ok.error is None and any(r.commit for r in ok.reports)
    assert vault.items(category="places")[0].value == "Lisbon"


def _wait_for(predicate: Callable[[], bool], timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_real_filesystem_events_drive_cycles(make_vault) -> None:
    vault = _seeded(make_vault)
    head = vault.repo.head_sha()
    other = Vault.open(vault.root)  # the watcher's own handle, as a separate process would have
    watcher = Watcher(other, PhraseExtractor(), debounce=0.05)
    thread = threading.Thread(target=watcher.run, kwargs={"install_signals": False}, daemon=True)
    thread.start()
    try:
        # A line appended straight to the file, as an agent without our API would.
        target = vault.root / "resources/2026/01/01.jsonl"
        line = json.dumps({"text": "I work at OpenAI", "ts": "2026-02-01T10:00:00Z", "speaker": "Maya"})
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        assert _wait_for(lambda: vault.repo.head_sha() != head), "no commit after an append"
        assert _wait_for(lambda: "OpenAI" in (vault.root / "categories/work.md").read_text("utf-8"))
        # A hand edit of the page becomes an edit commit.
        page = vault.root / "categories/work.md"
        edited = plain(page.read_text("utf-8")).replace("works at OpenAI.", "works at DeepMind.")
        page.write_text(edited, "utf-8")
        assert _wait_for(lambda: vault.repo.head_subject().startswith("render: categories/work.md"))
        time.sleep(0.3)
        commits, batches = len(vault.log(100)), watcher.batches
        target.read_bytes()  # reading a file is no change
        time.sleep(0.5)  # and the weaver's own writes start no cycle either
        assert (len(vault.log(100)), watcher.batches) == (commits, batches)
        assert watcher.failures == 0
    finally:
        watcher.stop()
        thread.join(timeout=10)
    assert not thread.is_alive()
    subjects = [c.message.splitlines()[0] for c in vault.log(5)]
    assert subjects[1] == "edit: categories/work.md — 1 superseded"


def _start_worker(mode: str, root: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), mode, str(root), "0.05"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("ready"), proc.stderr.read() if proc.stderr else line
    return proc


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from vaultweave.weaver.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )


def test_second_watcher_exits_1_naming_the_holder_and_weave_interleaves(make_vault) -> None:
    vault = _seeded(make_vault)
    holder = _start_worker("watch", vault.root)
    try:
        done = _cli("watch", "--vault", str(vault.root))
        assert done.returncode == 1, done
        assert f"vault is already watched by process {holder.pid}" in done.stderr
        assert "Traceback" not in done.stderr
        # The watcher holds the writer lock per cycle only: a one-shot weave goes through.
        say(vault, "I have a cat", "2026-02-01T10:00:00Z")
        done = _cli("weave", "--vault", str(vault.root))
        assert done.returncode == 0, done.stderr
    finally:
        holder.send_signal(signal.SIGTERM)
        out, _ = holder.communicate(timeout=20)
    assert holder.returncode == 0 and "stopped" in out
    # Once the holder is gone the lock is free again; a SIGKILLed holder frees it too.
    killed = _start_worker("loop", vault.root)
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait(timeout=10)
    again = Vault.open(vault.root)
    again.lock.acquire()  # the kernel dropped the dead holder's flock: nothing stale remains
    again.lock.release()


def test_sigterm_lets_the_running_cycle_finish(make_vault) -> None:
    vault = _seeded(make_vault)
    proc = _start_worker("watch", vault.root)
    for n in range(30):
        say(vault, f"I have pet number {n}", "2026-02-01T10:00:00Z")
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "stopped" in out
    assert vault.repo.dirty_paths("items", "categories", "index.md") == []


def test_vaultweave_watch_cli_weaves_and_stops_on_ctrl_c(make_vault) -> None:
    vault = make_vault()
    code = "import sys; from vaultweave.weaver.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "watch", "--debounce", "0.05", "--vault", str(vault.root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO_ROOT,
    )
    try:
        assert proc.stderr is not None
        assert proc.stderr.readline().startswith(f"watching {vault.root}")
        head = vault.repo.head_sha()
        say(vault, "I live in Lisbon.", "2026-02-01T10:00:00Z")
        assert _wait_for(lambda: vault.repo.head_sha() != head), "no weave after an ingest"
        assert _wait_for(lambda: "Lisbon" in (vault.paths.categories / "places.md").read_text("utf-8"))
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "weave: +1 fact" in out and "stopped after" in err
    # Now a one-shot weave runs fine: the watcher let go of the lock.
    done = _cli("weave", "--vault", str(vault.root))
    assert done.returncode == 0, done.stderr


def test_a_never_pausing_stream_is_still_cut_into_batches(make_vault) -> None:
    vault = make_vault()
    watcher = Watcher(vault, PhraseExtractor(), debounce=0.05)
    stop = threading.Event()

    def keep_writing() -> None:
        while not stop.is_set():
            watcher.notify(vault.root / "resources/2026/01/01.jsonl")
            time.sleep(0.01)

    writer = threading.Thread(target=keep_writing, daemon=True)
    writer.start()
    try:
        started = time.monotonic()
        batch = watcher.next_batch(timeout=1)
        waited = time.monotonic() - started
    finally:
        stop.set()
        writer.join()
    assert len(batch) > 10
    assert waited < 2.0  # closed at the cap (1 s here), not when the writer stops
