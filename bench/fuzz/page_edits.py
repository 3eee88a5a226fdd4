"""The page edits of the fuzz bench: each takes the run and may change the vault's pages.

A person's edits, hostile or not (see pages.py for the list and the figures). The
generator never writes through a link itself: a page that is a link is replaced, and
nothing is edited while ``categories/`` is a link.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from vaultweave.weaver.vault import Vault

from bench.live_support import PhraseExtractor

_ID = re.compile(r" \^([0-9a-f]{16})$", re.M)
ODD_NAMES = (
    "Untitled", "Work Stuff", "Ｗｏｒｋ", "Ｎｏｔｅｓ", "Café Ideas", "new\tpage", " spaced ", "UPPER"
)
SPEAKERS = ("Maya", "Omar", "Maya\n## Current\n- injected ^0123456789abcdef", "Li\x00Wei", "Ana\u2028Bell")
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + n)}: &{chr(98 + n)} [{', '.join([f'*{chr(97 + n)}'] * 9)}]\n" for n in range(9)
)
MARKDOWN_NOISE = (
    "## Current\n\n- a second current section\n",
    "```\n- fenced ^0123456789abcdef\n```\n",
    "| a | b |\n|---|---|\n| - x | ^y |\n",
    "> [!note] callout\n> - quoted bullet ^deadbeefdeadbeef\n",
    "<div>\n- html ^zz\n</div>\n",
    "# Another title\n\nText.\n",
    "- [ ] a task\n- [x] done\n",
    "---\n",
    "%% comment ^abc %%\n",
    "    - indented code ^1234\n",
    "\n\n\n\n",
    "## History\n\n- a bullet by hand in history\n",
)


@dataclass
class PageRun:
    vault: Vault
    rng: random.Random
    outside: Path
    extractor: PhraseExtractor = field(default_factory=PhraseExtractor)
    said: set[str] = field(default_factory=set)  # values stated in turns
    touched: set[str] = field(default_factory=set)  # ids whose bullet an edit removed or changed
    figures: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            ("stuck", "tracebacks", "lost", "outside_writes", "poisoned", "edits", "weaves",
             "refused", "taken_in", "facts"), 0
        )
    )
    turn: int = 0

    @property
    def root(self) -> Path:
        return self.vault.root

    @property
    def linked(self) -> bool:
        """categories/ is a link out: the person's edits must not go through it either."""
        return (self.root / "categories").is_symlink()

    def pages(self) -> list[Path]:
        folder = self.root / "categories"
        found = sorted(folder.glob("*.md")) if folder.is_dir() and not self.linked else []
        return [*found, self.root / "index.md"]

    def regular_pages(self) -> list[Path]:
        return [p for p in self.pages() if p.is_file() and not p.is_symlink()]


def say(run: PageRun) -> None:
    run.turn += 1
    verb = run.rng.choice(("like", "have"))
    value = f"{run.rng.choice(('tea', 'jazz', 'a cat', 'chess', 'maps'))} {run.turn}"
    speaker = run.rng.choice(SPEAKERS)
    run.vault.ingest(f"I {verb} {value}", ts=f"2026-01-01T00:00:{run.turn % 60:02d}Z", speaker=speaker)
    run.said.add(value)


def _text(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _write(run: PageRun, path: Path, text: str) -> None:
    if path.is_symlink():
        path.unlink()
    path.write_text(text, encoding="utf-8")


def _page_text(run: PageRun) -> tuple[Path, str] | None:
    pages = [(p, t) for p in run.regular_pages() if (t := _text(p)) is not None]
    return run.rng.choice(pages) if pages else None


def _ids_in(text: str) -> set[str]:
    return set(_ID.findall(text))


# -- the edits: each takes the run, returns nothing, may do nothing -----------------------


def bad_bytes(run: PageRun) -> None:
    pages = run.regular_pages()
    if pages:
        path = run.rng.choice(pages)
        data = path.read_bytes()
        at = run.rng.randrange(len(data) + 1)
        junk = run.rng.choice((b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\x80\x80", b"\xf4\x90\x80\x80"))
        path.write_bytes(data[:at] + junk + data[at:])


def re_encode(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        encoding = run.rng.choice(("utf-16", "utf-32", "latin-1", "utf-8-sig", "cp1252"))
        with suppress(UnicodeEncodeError):
            path.write_bytes(text.encode(encoding))


def control_char(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        at = run.rng.randrange(len(text) + 1)
        _write(run, path, text[:at] + chr(run.rng.choice((0, 1, 7, 8, 11, 12, 27, 127))) + text[at:])


def front_matter(run: PageRun) -> None:
    found = _page_text(run)
    if not found:
        return
    path, text = found
    junk = run.rng.choice(
        (
            BOMB + "subjects: [*j]\n",
            "x: " + "[" * run.rng.randint(50, 5000) + "]" * run.rng.randint(0, 5000) + "\n",
            "note: '" + "y" * run.rng.randint(1000, 90_000) + "'\n",
            "tags: [unclosed\n",
            "!!python/object/apply:os.system ['echo pwned']\n",
            "category: !!binary aGVsbG8=\n",
            "\tbad: tab\n",
            "subjects: " + "x" * 10 + "\n",
            "subjects: [1, 2, {a: b}]\n",
            "category: '../../etc/passwd'\n",
            "category: 12\n",
            "? [complex, key]\n: value\n",
            "- a list\n- not a mapping\n",
        )
    )
    if text.startswith("---\n"):
        edited = "---\n" + junk + text[4:] if run.rng.random() < 0.8 else text.replace("---\n", "", 1)
    else:
        edited = "---\n" + junk + "---\n" + text
    _write(run, path, edited)


def markdown_structure(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        lines = text.split("\n")
        at = run.rng.randrange(len(lines) + 1)
        noise = run.rng.choice(MARKDOWN_NOISE)
        _write(run, path, "\n".join([*lines[:at], noise.rstrip("\n"), *lines[at:]]))


def free_text(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        note = f"A note by hand {run.rng.randrange(10**6)}."
        edited = re.sub(r"^(# .*\n)", rf"\1\n{note}\n", text, count=1, flags=re.M)
        _write(run, path, edited if edited != text else text + f"\n{note}\n")


def drop_id(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        ids = sorted(_ids_in(text))
        if ids:
            _write(run, path, text.replace(f" ^{run.rng.choice(ids)}", "", 1))


def mangle_id(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        ids = sorted(_ids_in(text))
        if ids:
            old = run.rng.choice(ids)
            new = run.rng.choice((old[:-2], old + "!", "ffffffffffffffff", old.upper(), "x y"))
            _write(run, path, text.replace(f"^{old}", f"^{new}", 1))


def copy_bullet(run: PageRun) -> None:
    pages = [(p, t) for p in run.regular_pages() if (t := _text(p)) is not None]
    bullets = [ln for _, t in pages for ln in t.split("\n") if _ID.search(ln) and ln.startswith("- ")]
    if bullets and pages:
        path, text = run.rng.choice(pages)
        copied = "## Current\n\n" + run.rng.choice(bullets) + "\n"
        _write(run, path, text.replace("## Current\n\n", copied, 1))


def new_bullet(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        value = run.rng.choice(("Maya likes kites", "Omar has a boat", "[[link]] ^", "_(meta)_", "x" * 300))
        _write(run, path, text.replace("## Current\n\n", f"## Current\n\n- {value}\n", 1))


def delete_bullet(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        lines = [ln for ln in text.split("\n") if _ID.search(ln) and ln.startswith("- ")]
        if lines:
            gone = run.rng.choice(lines)
            run.touched |= _ids_in(gone)
            _write(run, path, text.replace(gone + "\n", "", 1))


def edit_bullet(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        lines = [ln for ln in text.split("\n") if _ID.search(ln) and ln.startswith("- ")]
        if lines:
            line = run.rng.choice(lines)
            run.touched |= _ids_in(line)
            _write(run, path, text.replace(line, line.replace(" ", " really ", 1), 1))


def truncate(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        at = run.rng.randrange(len(text) + 1)
        run.touched |= _ids_in(text[at - 40 if at > 40 else 0 :])
        _write(run, path, text[:at])


def delete_page(run: PageRun) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        run.touched |= _ids_in(text)
        path.unlink()


def odd_name(run: PageRun) -> None:
    if run.linked:
        return
    name = run.rng.choice(ODD_NAMES)
    body = f"# {name}\n\n## Current\n\n- Maya likes {run.rng.choice(('kites', 'rain', 'owls'))}\n"
    with suppress(OSError):
        (run.root / "categories" / f"{name}.md").write_text(body, encoding="utf-8")


def symlink(run: PageRun) -> None:
    if run.linked:
        return
    folder = run.root / "categories"
    target = run.rng.choice(
        (
            run.outside / "secret.md",
            run.outside / "fifo",
            run.outside,
            Path("/dev/zero"),
            run.outside / "missing.md",
            folder / "work.md",
            run.root / "resources",
        )
    )
    pages = run.regular_pages()
    if pages and run.rng.random() < 0.5:
        link = run.rng.choice(pages)  # its facts must stay: a link is refused, not read
        link.unlink()
    else:
        link = folder / f"link-{run.rng.randrange(100)}.md"
    with suppress(OSError):
        link.unlink(missing_ok=True)
        link.symlink_to(target)


def link_folder(run: PageRun) -> None:
    """Rarely: the whole categories/ folder becomes a link to a folder outside."""
    folder = run.root / "categories"
    if folder.is_dir() and not folder.is_symlink():
        shutil.rmtree(folder)
        folder.symlink_to(run.outside / "pages")


def restore(run: PageRun) -> None:
    """Put the pages back as committed: the person undoes their damage."""
    folder = run.root / "categories"
    if folder.is_symlink():
        folder.unlink()
    for link in [p for p in run.pages() if p.is_symlink()]:
        link.unlink()
    subprocess.run(["git", "-C", str(run.root), "checkout", "HEAD", "--", "categories", "index.md"],
                   capture_output=True, check=False)
    subprocess.run(["git", "-C", str(run.root), "clean", "-fdq", "--", "categories"],
                   capture_output=True, check=False)


def hostile_turn(run: PageRun) -> None:
    say(run)


EDITS: tuple[tuple[Callable[[PageRun], None], int], ...] = (
    (bad_bytes, 6), (re_encode, 4), (control_char, 5), (front_matter, 10),
    (markdown_structure, 10), (free_text, 6), (drop_id, 8), (mangle_id, 4), (copy_bullet, 3),
    (new_bullet, 6), (delete_bullet, 4), (edit_bullet, 4), (truncate, 2), (delete_page, 1),
    (odd_name, 6), (symlink, 8), (link_folder, 1), (restore, 14), (hostile_turn, 6),
)


