"""One writer per vault: an OS-level lock file in .vaultweave/.

The lock is a ``flock`` on .vaultweave/weaver.lock, so the kernel releases it when
the holder dies, however it dies: a lock left by a killed process is never stale.
The file holds the holder's PID only to name it in the error message.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import TracebackType

from vaultweave.store.errors import VaultLockedError, VaultWriteError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class VaultLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def holder_pid(self) -> int | None:
        try:
            text = self.path.read_text(encoding="utf-8").strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def acquire(self, timeout: float = 0.0) -> None:
        """Take the lock, waiting up to ``timeout`` seconds; raise VaultLockedError if held."""
        if self._fd is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise VaultWriteError(self.path, exc.strerror or str(exc)) from exc
        deadline = time.monotonic() + timeout
        while True:
            try:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise VaultLockedError(self.path, self.holder_pid()) from None
                time.sleep(0.05)
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)  # closing drops the flock

    def __enter__(self) -> VaultLock:
        self.acquire()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()
