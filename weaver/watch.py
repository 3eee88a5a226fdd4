"""The live weaver: watchdog events -> filter -> debounce -> ``handle_changes(batch)`` -> cycles.

Four parts, each testable alone:
- the observer (watchdog) only queues paths;
- ``ChangeFilter`` keeps what matters: appended or new resource files, hand edits of
  ``categories/*.md``, ``entities/*.md`` and ``index.md``, and ``vault.toml``. It drops ``.git/``,
  ``.vaultweave/``, editor temp and swap files, and the weaver's own writes (a page
  whose content hash is the one the weaver last rendered);
- ``Watcher.handle_changes(batch)`` runs cycles for one batch; tests call it directly;
- failure isolation: a batch that raises is reported and the watcher goes on.
Stopping (SIGINT / SIGTERM) lets the current cycle finish; nothing is cut in half.

Locks: the writer lock (``weaver.lock``) is taken per cycle, so other writers (MCP
``remember``/``forget``, ``consolidate``, a one-shot ``weave``) interleave with the
watcher; each waits at most its lock timeout for a running cycle. ``watch.lock`` is held
for the watcher's life only so that a second watcher on the same vault is refused.
"""

from __future__ import annotations

import queue
import signal
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import vaultweave.store.needs_watch  # noqa: F401  (MissingExtraError if watch is missing)
from vaultweave.store.errors import VaultError, VaultLockedError, WatcherRunningError
from vaultweave.store.lock import VaultLock
from vaultweave.weaver.cycle import CycleReport
from vaultweave.weaver.extract.base import Extractor
from vaultweave.weaver.page_files import page_digest
from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

if TYPE_CHECKING:
    from vaultweave.weaver.vault import Vault

MAX_WAIT_FACTOR = 10  # a batch closes at the latest this many debounces after it opened
RETRY_FIRST, RETRY_MAX = 2.0, 60.0  # seconds before a failed batch is retried, doubling
IGNORED_TOP = frozenset({".git", ".vaultweave", ".obsidian", ".trash", "items"})
PAGE_FOLDERS = ("categories", "entities")  # pages read back, one level deep
TEMP_SUFFIXES = (".swp", ".swo", ".swx", ".swpx", "~", ".tmp", ".temp", ".part", ".crdownload")


class Kind(str, Enum):
    RESOURCE = "resource"
    PAGE = "page"
    CONFIG = "config"


def is_temp_name(name: str) -> bool:
    """Editor swap, backup and temp files (vim, emacs, JetBrains, our own atomic writes)."""
    return (
        name.endswith(TEMP_SUFFIXES)
        or name.startswith((".#", "#", "."))
        or name == "4913"  # vim probes whether it may create files with this name
    )


class ChangeFilter:
    """Which changed paths call for a cycle, and of what kind."""

    def __init__(self, vault: Vault) -> None:
        self.vault = vault

    def kind_of(self, path: str | Path) -> Kind | None:
        root = self.vault.paths.root
        try:
            rel = Path(path).absolute().relative_to(root.absolute())
        except ValueError:
            return None
        parts = rel.parts
        if not parts or parts[0] in IGNORED_TOP or any(is_temp_name(p) for p in parts):
            return None
        if parts == ("vault.toml",):
            return Kind.CONFIG
        if parts[0] == "resources" and rel.suffix == ".jsonl":
            return Kind.RESOURCE
        if (parts == ("index.md",) or (parts[0] in PAGE_FOLDERS and len(parts) == 2)) and rel.suffix == ".md":
            return None if self._ours(rel.as_posix()) else Kind.PAGE
        return None

    def _ours(self, rel: str) -> bool:
        """A page whose content is what the weaver last rendered is its own write."""
        # Read as a page (never through a link: one to /dev/zero would never end); a
        # deleted or refused page is a person's.
        digest = page_digest(self.vault.paths.root, rel)
        return digest is not None and self.vault.state.load_rendered().get(rel) == digest

    def select(self, paths: Iterable[str | Path]) -> dict[str, Kind]:
        chosen: dict[str, Kind] = {}
        for path in paths:
            kind = self.kind_of(path)
            if kind is not None:
                chosen[str(path)] = kind
        return chosen


@dataclass(frozen=True)
class BatchResult:
    paths: tuple[str, ...] = ()  # the relevant paths of the batch
    reports: tuple[CycleReport, ...] = ()
    error: str | None = None

    @property
    def ran(self) -> bool:
        return bool(self.reports)


Reporter = Callable[[BatchResult], None]


WATCH_LOCK = "watch.lock"


class Watcher:
    """Runs cycles from batches of changed paths, taking the writer lock per cycle."""

    def __init__(
        self,
        vault: Vault,
        extractor: Extractor | None = None,
        *,
        debounce: float = 0.3,
        on_batch: Reporter | None = None,
        extractor_factory: Callable[[Vault], Extractor | None] | None = None,
        llm: bool = True,
    ) -> None:
        self.vault = vault
        self.debounce = debounce
        self.filter = ChangeFilter(vault)
        self.on_batch = on_batch or (lambda result: None)
        # No extractor given: the vault chooses (the LLM session's when one is configured).
        self._factory = extractor_factory or (lambda v: extractor)
        self.extractor = self._factory(vault)
        self.llm = llm
        # One session for the daemon's life: an endpoint found down is not retried per cycle.
        self.session = vault.llm_session() if llm else None
        self._queue: queue.Queue[str] = queue.Queue()
        self.watch_lock = VaultLock(vault.paths.state / WATCH_LOCK)
        self.stopping = threading.Event()
        self.batches = 0
        self.failures = 0

    # -- one batch ------------------------------------------------------------------------

    def handle_changes(self, batch: Iterable[str | Path]) -> BatchResult:
        """Run the cycles one batch of changed paths calls for. Never raises."""
        relevant = self.filter.select(batch)
        if not relevant:
            return BatchResult()
        return self._cycles(relevant)

    def catch_up(self) -> BatchResult:
        """Cycle once without an event: what arrived while no watcher ran."""
        return self._cycles({"(start)": Kind.RESOURCE})

    def _cycles(self, relevant: dict[str, Kind]) -> BatchResult:
        self.batches += 1
        try:
            if Kind.CONFIG in relevant.values():
                self.vault.reload_config()
                self.extractor = self._factory(self.vault)
                self.session = self.vault.llm_session() if self.llm else None
            reports = []
            while True:
                report = self.vault.weave(self.extractor, llm=self.session or False)
                reports.append(report)
                # Lines that arrive meanwhile raise their own events; go on only while
                # a cycle stopped at its line budget.
                full = report.consumed >= self.vault.config.weaver.max_lines_per_cycle
                if not full or self.stopping.is_set():
                    break
            result = BatchResult(tuple(sorted(relevant)), tuple(reports))
        except Exception as exc:  # noqa: BLE001 - isolate the batch, keep the daemon alive
            self.failures += 1
            reason = str(exc) if isinstance(exc, VaultError) else f"{type(exc).__name__}: {exc}"
            self.vault.known_clean = False
            result = BatchResult(tuple(sorted(relevant)), error=reason)
        self.on_batch(result)
        return result

    # -- the daemon -----------------------------------------------------------------------

    def notify(self, path: str | Path) -> None:
        """Queue one changed path (the observer calls this from its thread)."""
        self._queue.put(str(path))

    def next_batch(self, timeout: float | None = None) -> list[str]:
        """Wait for a first path, then gather until ``debounce`` seconds pass quietly.

        A stream of changes that never pauses is still cut into batches: none waits
        longer than ``MAX_WAIT_FACTOR`` debounces (at least a second) after its first path.
        """
        try:
            first = self._queue.get(timeout=timeout)
        except queue.Empty:
            return []
        batch = [first]
        started = time.monotonic()
        deadline = started + max(1.0, MAX_WAIT_FACTOR * self.debounce)
        quiet_until = started + self.debounce
        while not self.stopping.is_set():
            left = min(quiet_until, deadline) - time.monotonic()
            if left <= 0:
                break
            try:
                batch.append(self._queue.get(timeout=left))
                quiet_until = time.monotonic() + self.debounce
            except queue.Empty:
                break
        return batch

    def claim(self) -> None:
        """Become the vault's one watcher; WatcherRunningError if another one runs."""
        try:
            self.watch_lock.acquire()
        except VaultLockedError as exc:
            raise WatcherRunningError(exc.lock_path, exc.holder_pid) from None

    def run(self, *, install_signals: bool = True, until: Callable[[], bool] | None = None) -> int:
        """Watch until stopped; returns the number of failed batches."""
        self.claim()
        previous = self._install_signals() if install_signals else {}
        observer = Observer()
        observer.schedule(_Forward(self), str(self.vault.paths.root), recursive=True)
        observer.start()
        try:
            retry_in, retry_at = RETRY_FIRST, None
            result = self.catch_up()
            while not self.stopping.is_set() and not (until and until()):
                if result.error and retry_at is None:
                    retry_at = time.monotonic() + retry_in  # try again even without events
                    retry_in = min(RETRY_MAX, retry_in * 2)
                elif result.ran and not result.error:
                    retry_in, retry_at = RETRY_FIRST, None
                batch = self.next_batch(timeout=0.2)
                if batch:
                    result = self.handle_changes(batch)
                elif retry_at is not None and time.monotonic() >= retry_at:
                    retry_at = None
                    result = self.catch_up()
        finally:
            observer.stop()
            observer.join(timeout=5)
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            self.watch_lock.release()
        return self.failures

    def stop(self) -> None:
        self.stopping.set()

    def _install_signals(self) -> dict[int, Any]:
        def handler(signum: int, frame: FrameType | None) -> None:
            self.stop()  # the loop ends after the cycle that is running

        previous: dict[int, Any] = {}
        for signum in (signal.SIGINT, signal.SIGTERM):
            previous[signum] = signal.signal(signum, handler)
        return previous


# Events that say a file's content or name changed. Opening or reading a file (as every
# cycle does with the resources) raises "opened" / "closed_no_write": those must not
# start a cycle, or each cycle would start the next.
CHANGE_EVENTS = frozenset({"created", "modified", "moved", "deleted", "closed"})


class _Forward(FileSystemEventHandler):
    """A watchdog event handler that only forwards paths to the watcher's queue."""

    def __init__(self, watcher: Watcher) -> None:
        super().__init__()
        self.watcher = watcher

    def dispatch(self, event: Any) -> None:
        if event.is_directory or event.event_type not in CHANGE_EVENTS:
            return
        for attr in ("src_path", "dest_path"):
            path = getattr(event, attr, None)
            if path:
                self.watcher.notify(path if isinstance(path, str) else path.decode())
