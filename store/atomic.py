"""The one way files are written: temp file in the same folder, fsync, os.replace."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import time
from collections.abc import Sequence
from pathlib import Path

from vaultweave.store.errors import VaultWriteError

_HAS_SYNC = hasattr(os, "sync")  # POSIX only
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so readers see the old or the new file, never a mix."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = _create_temp(path)
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    _fsync_directory(path.parent)


def atomic_write_batch(files: Sequence[tuple[Path, bytes]]) -> None:
    """Replace many files, each atomically, with one flush to disk for the whole batch.

    Every temp file is written first, then one ``os.sync`` makes them all durable, then
    each is renamed over its target and every touched folder is fsynced once. Readers
    see each file old or new, as with ``atomic_write_bytes``; a crash part-way leaves
    some files new and some old, which the caller's commit protocol already handles.
    One flush instead of two fsyncs per file is what makes a pass over 100k items fast.
    """
    temps: list[tuple[str, Path]] = []
    current = files[0][0] if files else Path(".")
    try:
        for path, data in files:
            current = path
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = _create_temp(path)
            temps.append((tmp_name, path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                if not _HAS_SYNC:  # Windows: no os.sync, so each file is flushed on its own
                    handle.flush()
                    os.fsync(handle.fileno())
        if _HAS_SYNC:
            os.sync()
        for tmp_name, path in temps:
            current = path
            os.replace(tmp_name, path)
    except OSError as exc:
        for tmp_name, _ in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
        raise VaultWriteError(current, exc.strerror or str(exc)) from exc
    for folder in sorted({path.parent for path, _ in files}):
        _fsync_directory(folder)


def _create_temp(path: Path) -> tuple[int, str]:
    """A new, exclusive temp file beside ``path``, created with mode 0666 less the umask.

    ``tempfile.mkstemp`` would make it 0600 whatever the umask, and ``os.replace`` keeps
    that mode, so every vault file would be private to its writer; the kernel applies
    the umask to ``os.open``'s mode, with no process-wide ``os.umask`` round trip.
    """
    for _ in range(100):
        name = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o666)
        except FileExistsError:
            continue
        return fd, name
    raise FileExistsError(errno.EEXIST, "no free temp file name", str(path.parent))


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def append_line(path: Path, line: str) -> int:
    """Append one complete line; returns its 1-based line number in the file.

    The line goes out in a single write(2) on an O_APPEND descriptor, so the kernel puts
    it at the end of the file in one piece even beside other appenders. An exclusive
    advisory lock serialises our own writers, which lets us count lines exactly. A torn
    tail left by a writer that died mid-line is closed with a newline first, so the new
    line is never glued onto it (the torn line is then reported as malformed).
    """
    if "\n" in line or "\r" in line:
        raise ValueError("a resource line may not contain a raw newline")
    fd = _open_append(path)
    try:
        _lock(fd)
        torn = _ends_torn(fd)
        data = (("\n" if torn else "") + line + "\n").encode("utf-8")
        written = os.write(fd, data)
        if written != len(data):
            raise VaultWriteError(path, f"short write ({written} of {len(data)} bytes)")
        # With O_APPEND the offset now sits right after our line, wherever other
        # writers (ours or not) put theirs: its number is the newlines up to there.
        number = _lines_before(fd, os.lseek(fd, 0, os.SEEK_CUR))
        _unlock(fd)  # the line is in place for every reader; durability needs no lock
        os.fsync(fd)
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)
    return number


def append_lines(path: Path, lines: Sequence[str]) -> list[int]:
    """Append many complete lines with one lock, one write(2) and one fsync.

    Returns each line's 1-based line number, in order. The guarantees are those of
    ``append_line``: the batch goes out in a single write on an O_APPEND descriptor, so
    it lands contiguous and after every other writer's whole lines; a torn tail left by
    a dead writer is closed with a newline first; a crash mid-write can leave at most
    the batch's last line torn, which readers report as malformed and the next append
    closes. Ingesting a 20,000-line file pays one fsync instead of 20,000.
    """
    if not lines:
        return []
    if any("\n" in line or "\r" in line for line in lines):
        raise ValueError("a resource line may not contain a raw newline")
    fd = _open_append(path)
    try:
        _lock(fd)
        torn = _ends_torn(fd)
        data = (("\n" if torn else "") + "\n".join(lines) + "\n").encode("utf-8")
        written = os.write(fd, data)
        if written != len(data):
            raise VaultWriteError(path, f"short write ({written} of {len(data)} bytes)")
        last = _lines_before(fd, os.lseek(fd, 0, os.SEEK_CUR))
        _unlock(fd)
        os.fsync(fd)
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)
    first = last - len(lines) + 1
    return list(range(first, last + 1))


def _ends_torn(fd: int) -> bool:
    """Whether the file ends in a line without its newline, left by a writer that died.

    Another process's append may be in flight: the kernel grows the file page by page
    during one write(2), so a long line can be seen half-written for a moment. A tail
    that stays unterminated over a few milliseconds is torn; one that completes is not.
    """
    for attempt in range(4):
        size = os.fstat(fd).st_size
        if size == 0 or os.pread(fd, 1, size - 1) == b"\n":
            return False
        time.sleep(0.002 * (attempt + 1))
    return True


# Newlines counted so far per file, (device, inode) -> (bytes, newlines, the bytes just
# before that point), so a process appending many lines reads each byte once rather than the
# whole file each time. Sound because resource files are append-only; a file that shrank is
# counted afresh, and so is a new file that took a deleted one's inode (a vault removed and
# another created, in a test run or a server): its bytes before the cached point differ.
_COUNTED: dict[tuple[int, int], tuple[int, int, bytes]] = {}
_TAIL = 64  # bytes kept to tell the same file from one that reuses its inode


def _lines_before(fd: int, end: int) -> int:
    """Newlines in the first ``end`` bytes of the file."""
    info = os.fstat(fd)
    key = (info.st_dev, info.st_ino)
    offset, count, tail = _COUNTED.get(key, (0, 0, b""))
    if offset > end or offset > info.st_size or os.pread(fd, len(tail), offset - len(tail)) != tail:
        offset, count = 0, 0
    while offset < end:
        chunk = os.pread(fd, min(1 << 20, end - offset), offset)
        if not chunk:
            break
        count += chunk.count(b"\n")
        offset += len(chunk)
    kept = min(_TAIL, offset)
    _COUNTED[key] = (offset, count, os.pread(fd, kept, offset - kept))
    return count


def _open_append(path: Path) -> int:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_NOFOLLOW: appending through a symlink could write outside the vault.
        return os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | _NOFOLLOW, 0o666)
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc


def _lock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - non-POSIX: O_APPEND alone
        return
    fcntl.flock(fd, fcntl.LOCK_EX)


def _unlock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover
        return
    fcntl.flock(fd, fcntl.LOCK_UN)


def _fsync_directory(folder: Path) -> None:
    # Makes the rename durable; not supported on every platform, so best effort.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def append_records(path: Path, lines: list[str]) -> None:
    """Append whole lines in one write(2), under the same lock as ``append_line``.

    For high-rate derived logs (recall counts): no line counting and no fsync, so a
    search pays one small write. A torn tail left by a dead writer is closed first.
    """
    if not lines:
        return
    if any("\n" in line or "\r" in line for line in lines):
        raise ValueError("a record may not contain a raw newline")
    fd = _open_append(path)
    try:
        _lock(fd)
        size = os.fstat(fd).st_size
        torn = size > 0 and os.pread(fd, 1, size - 1) != b"\n"
        data = (("\n" if torn else "") + "\n".join(lines) + "\n").encode("utf-8")
        written = os.write(fd, data)
        if written != len(data):
            raise VaultWriteError(path, f"short write ({written} of {len(data)} bytes)")
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)


def drop_leading_bytes(path: Path, count: int) -> None:
    """Remove the first ``count`` bytes of an append-only log, in place.

    Takes the same exclusive lock as ``append_line`` and rewrites the file through the
    same inode, so a writer waiting on the lock appends after the kept tail and no line
    is lost. Used to compact a log once its head has been folded into committed state.
    """
    if count <= 0:
        return
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    try:
        _lock(fd)
        size = os.fstat(fd).st_size
        tail = b""
        offset = min(count, size)
        while offset < size:
            chunk = os.pread(fd, 1 << 20, offset)
            if not chunk:
                break
            tail += chunk
            offset += len(chunk)
        os.ftruncate(fd, 0)
        if tail:
            os.pwrite(fd, tail, 0)
        os.fsync(fd)
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)


def overwrite_lines(path: Path, replacements: dict[int, bytes]) -> None:
    """Overwrite whole lines (1-based numbers) in place with bytes of the same length.

    The one exception to append-only, for erasing: offsets, line numbers and every
    resource id stay as they were, and appenders (which write at the end under the same
    lock) are neither blocked for long nor moved.
    """
    try:
        fd = os.open(path, os.O_RDWR)  # not O_APPEND: pwrite must land where it is told
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    try:
        _lock(fd)
        offset = 0
        data = os.pread(fd, os.fstat(fd).st_size, 0)
        for number, raw in enumerate(data.split(b"\n"), start=1):
            new = replacements.get(number)
            if new is not None:
                if len(new) != len(raw):
                    raise VaultWriteError(path, f"line {number}: replacement of another length")
                os.pwrite(fd, new, offset)
            offset += len(raw) + 1
        os.fsync(fd)
        _unlock(fd)
    except OSError as exc:
        raise VaultWriteError(path, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)
