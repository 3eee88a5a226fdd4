"""One writer per vault: an OS-level lock on .vaultweave/weaver.lock.

``filelock`` takes the lock with the platform's own primitive (``flock`` on POSIX,
``msvcrt.locking`` on Windows), so the OS releases it when the holder dies, however it
dies: a lock left by a killed process is never stale. The holder writes its PID beside
it (``weaver.lock.pid``) only to name it in the error message: the lock file itself is
truncated by every process that tries to take it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from types import TracebackType

import filelock
from vaultweave.store.errors import VaultLockedError, VaultWriteError

POLL_SECONDS = 0.05


class VaultLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.pid_path = path.with_name(path.name + ".pid")
        # Not thread-local: a daemon may take the lock in one thread and drop it in another.
        self._lock = filelock.FileLock(str(path), thread_local=False)

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def holder_pid(self) -> int | None:
        try:
            text = self.pid_path.read_text(encoding="utf-8").strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def acquire(self, timeout: float = 0.0) -> None:
        """Take the lock, waiting up to ``timeout`` seconds; raise VaultLockedError if held."""
        if self.held:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock.acquire(timeout=max(timeout, 0.0), poll_interval=POLL_SECONDS)
        except filelock.Timeout:
            raise VaultLockedError(self.path, self.holder_pid()) from None
        except OSError as exc:
            raise VaultWriteError(self.path, exc.strerror or str(exc)) from exc
        try:
            self.pid_path.write_text(str(os.getpid()), encoding="utf-8")
        except OSError as exc:
            self._lock.release(force=True)
            raise VaultWriteError(self.pid_path, exc.strerror or str(exc)) from exc

    def release(self) -> None:
        if not self.held:
            return
        with contextlib.suppress(OSError):
            self.pid_path.unlink()
        self._lock.release(force=True)

    def __enter__(self) -> VaultLock:
        self.acquire()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()
