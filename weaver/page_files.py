"""Reading a Markdown page of the vault from disk, refusing what is not a page.

Every read of ``categories/*.md`` and ``index.md`` comes through ``read_page``. A page
is read only as a regular file reached without a symbolic link (a link in ``categories/``
is never followed, wherever it points: its target is not read, not shown, not
committed), of at most ``MAX_PAGE_BYTES``, in UTF-8, with no control characters (which
would make git take it for binary). Anything else raises ``UnreadablePage`` carrying a
``file:line: reason`` problem: the page is reported and left as it is, its facts stay as
they are, and weaving goes on.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from pathlib import Path

from vaultweave.store.errors import VaultError
from vaultweave.store.sanitize import control_character
from vaultweave.weaver.markdown_parse import PageProblem

MAX_PAGE_BYTES = 4 * 1024 * 1024  # far above any page a person edits; a bound on memory


class UnreadablePage(VaultError):  # noqa: N818 - reads as what it is: an unreadable page
    def __init__(self, problem: PageProblem) -> None:
        self.problem = problem
        super().__init__(f"{problem}; the page is left as it is: fix or remove it")


def read_page(root: Path, rel: str) -> str | None:
    """The text of the page at vault-relative ``rel``; None when there is none."""
    data = read_page_bytes(root, rel)
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UnreadablePage(
            PageProblem(rel, line, f"not UTF-8 (byte 0x{data[exc.start]:02x}); save the page as UTF-8")
        ) from None
    found = control_character(text)
    if found is not None:
        line, code = found
        raise UnreadablePage(PageProblem(rel, line, f"control character {code}; remove it"))
    return text.removeprefix("\ufeff")


def read_page_bytes(root: Path, rel: str) -> bytes | None:
    """The raw bytes of a page, read without following any symbolic link."""
    try:
        return _read_bytes(root, rel)
    except OSError as exc:  # a failing disk, a permission: reported like any bad page
        raise UnreadablePage(PageProblem(rel, 1, f"cannot be read: {exc.strerror or exc}")) from None


def _read_bytes(root: Path, rel: str) -> bytes | None:
    path = root / rel
    _check_folders(root, rel)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP or path.is_symlink():
            raise _link(rel) from None
        raise UnreadablePage(PageProblem(rel, 1, f"cannot be read: {exc.strerror or exc}")) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadablePage(PageProblem(rel, 1, "not a regular file"))
        if info.st_size > MAX_PAGE_BYTES:
            raise UnreadablePage(
                PageProblem(rel, 1, f"larger than {MAX_PAGE_BYTES // (1024 * 1024)} MiB; split it")
            )
        chunks = []
        size = 0
        while chunk := os.read(fd, 1 << 16):
            size += len(chunk)
            if size > MAX_PAGE_BYTES:  # grew while being read
                raise UnreadablePage(PageProblem(rel, 1, "grew past the page size limit while read"))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def page_digest(root: Path, rel: str) -> str | None:
    """sha256 of a page's text as the weaver would hash it; a refused page gets a digest
    that matches no render (so it always counts as changed by hand)."""
    try:
        text = read_page(root, rel)
    except UnreadablePage as exc:
        return "unreadable:" + hashlib.sha256(str(exc.problem).encode("utf-8")).hexdigest()
    return None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_folders(root: Path, rel: str) -> None:
    """No folder between the vault root and the page may be a link (``categories`` -> /etc)."""
    folder = root
    for part in rel.split("/")[:-1]:
        folder = folder / part
        try:
            info = folder.lstat()
        except FileNotFoundError:
            return
        if stat.S_ISLNK(info.st_mode):
            raise _link(rel, folder.relative_to(root).as_posix())


def _link(rel: str, where: str | None = None) -> UnreadablePage:
    what = f"{where}/ is a symbolic link" if where else "a symbolic link"
    return UnreadablePage(
        PageProblem(rel, 1, f"{what}; pages are never read through links: replace it with the file")
    )
