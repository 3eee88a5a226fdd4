"""Page edits a person (or an attacker) might make, thrown at a woven vault.

A seeded generator applies ``count`` edits to the Markdown of a real vault (real git,
the weaver's own cycle) and weaves between them: bytes that are not UTF-8, UTF-16 and
BOMs, control characters, YAML alias bombs, deep, huge and broken front matter, Markdown
structure (stray headings, fences, tables, callouts), deleted and mangled block ids,
copied bullets, new and edited bullets, odd file names (``Untitled.md``, full-width
letters, spaces), symbolic links to files and folders outside the vault and inside it,
FIFOs, truncated and deleted pages, hostile speaker names. Some edits put a page back as
committed, so the vault keeps being edited rather than staying broken.

Figures:
- ``stuck``: weaves that did not finish within the time limit, or after which the
  vault could not be woven again (lock left behind, an error on every try).
- ``tracebacks``: exceptions that escaped ``weave``, ``status``, ``doctor`` or ``show``
  (a ``VaultError`` from ``show`` on a refused page is its answer, not a traceback).
- ``lost``: facts said in a turn that are no item, plus current facts that ended
  although no edit removed or changed their bullet.
- ``outside_writes``: files created, changed or removed outside the vault while the
  vault ran (a weave, ``status``, ``doctor``, ``show``): the folder of link targets next
  to it is compared before and after each call, and nothing else may appear beside the
  vault. The generator's own edits never go through a link either.
- ``poisoned``: added lines of committed pages holding a control character, and page
  diffs git shows as binary.
- For scale: ``edits`` applied, ``weaves`` run, ``refused`` page reports (a page
  refused in a weave, counted per weave), ``taken_in`` hand-edit commits, ``facts``.

Run: ``python -m bench.fuzz.pages [--count N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from vaultweave.store.errors import VaultError
from vaultweave.store.item import Status
from vaultweave.weaver.doctor import diagnose
from vaultweave.weaver.vault import Vault

from bench.live_support import PhraseExtractor

EDITS_PER_WEAVE = 4
WEAVE_LIMIT_S = 60
_ID = re.compile(r" \^([0-9a-f]{16})$", re.M)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
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


class _Timeout(BaseException):  # not swallowed by a handler of Exception in the weave
    pass


@dataclass
class _Run:
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


def _say(run: _Run) -> None:
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


def _write(run: _Run, path: Path, text: str) -> None:
    if path.is_symlink():
        path.unlink()
    path.write_text(text, encoding="utf-8")


def _page_text(run: _Run) -> tuple[Path, str] | None:
    pages = [(p, t) for p in run.regular_pages() if (t := _text(p)) is not None]
    return run.rng.choice(pages) if pages else None


def _ids_in(text: str) -> set[str]:
    return set(_ID.findall(text))


# -- the edits: each takes the run, returns nothing, may do nothing -----------------------


def bad_bytes(run: _Run) -> None:
    pages = run.regular_pages()
    if pages:
        path = run.rng.choice(pages)
        data = path.read_bytes()
        at = run.rng.randrange(len(data) + 1)
        junk = run.rng.choice((b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\x80\x80", b"\xf4\x90\x80\x80"))
        path.write_bytes(data[:at] + junk + data[at:])


def re_encode(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        encoding = run.rng.choice(("utf-16", "utf-32", "latin-1", "utf-8-sig", "cp1252"))
        with suppress(UnicodeEncodeError):
            path.write_bytes(text.encode(encoding))


def control_char(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        at = run.rng.randrange(len(text) + 1)
        _write(run, path, text[:at] + chr(run.rng.choice((0, 1, 7, 8, 11, 12, 27, 127))) + text[at:])


def front_matter(run: _Run) -> None:
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


def markdown_structure(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        lines = text.split("\n")
        at = run.rng.randrange(len(lines) + 1)
        noise = run.rng.choice(MARKDOWN_NOISE)
        _write(run, path, "\n".join([*lines[:at], noise.rstrip("\n"), *lines[at:]]))


def free_text(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        note = f"A note by hand {run.rng.randrange(10**6)}."
        edited = re.sub(r"^(# .*\n)", rf"\1\n{note}\n", text, count=1, flags=re.M)
        _write(run, path, edited if edited != text else text + f"\n{note}\n")


def drop_id(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        ids = sorted(_ids_in(text))
        if ids:
            _write(run, path, text.replace(f" ^{run.rng.choice(ids)}", "", 1))


def mangle_id(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        ids = sorted(_ids_in(text))
        if ids:
            old = run.rng.choice(ids)
            new = run.rng.choice((old[:-2], old + "!", "ffffffffffffffff", old.upper(), "x y"))
            _write(run, path, text.replace(f"^{old}", f"^{new}", 1))


def copy_bullet(run: _Run) -> None:
    pages = [(p, t) for p in run.regular_pages() if (t := _text(p)) is not None]
    bullets = [ln for _, t in pages for ln in t.split("\n") if _ID.search(ln) and ln.startswith("- ")]
    if bullets and pages:
        path, text = run.rng.choice(pages)
        copied = "## Current\n\n" + run.rng.choice(bullets) + "\n"
        _write(run, path, text.replace("## Current\n\n", copied, 1))


def new_bullet(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        value = run.rng.choice(("Maya likes kites", "Omar has a boat", "[[link]] ^", "_(meta)_", "x" * 300))
        _write(run, path, text.replace("## Current\n\n", f"## Current\n\n- {value}\n", 1))


def delete_bullet(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        lines = [ln for ln in text.split("\n") if _ID.search(ln) and ln.startswith("- ")]
        if lines:
            gone = run.rng.choice(lines)
            run.touched |= _ids_in(gone)
            _write(run, path, text.replace(gone + "\n", "", 1))


def edit_bullet(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        lines = [ln for ln in text.split("\n") if _ID.search(ln) and ln.startswith("- ")]
        if lines:
            line = run.rng.choice(lines)
            run.touched |= _ids_in(line)
            _write(run, path, text.replace(line, line.replace(" ", " really ", 1), 1))


def truncate(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        at = run.rng.randrange(len(text) + 1)
        run.touched |= _ids_in(text[at - 40 if at > 40 else 0 :])
        _write(run, path, text[:at])


def delete_page(run: _Run) -> None:
    found = _page_text(run)
    if found:
        path, text = found
        run.touched |= _ids_in(text)
        path.unlink()


def odd_name(run: _Run) -> None:
    if run.linked:
        return
    name = run.rng.choice(ODD_NAMES)
    body = f"# {name}\n\n## Current\n\n- Maya likes {run.rng.choice(('kites', 'rain', 'owls'))}\n"
    with suppress(OSError):
        (run.root / "categories" / f"{name}.md").write_text(body, encoding="utf-8")


def symlink(run: _Run) -> None:
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


def link_folder(run: _Run) -> None:
    """Rarely: the whole categories/ folder becomes a link to a folder outside."""
    folder = run.root / "categories"
    if folder.is_dir() and not folder.is_symlink():
        shutil.rmtree(folder)
        folder.symlink_to(run.outside / "pages")


def restore(run: _Run) -> None:
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


def hostile_turn(run: _Run) -> None:
    _say(run)


EDITS: tuple[tuple[Callable[[_Run], None], int], ...] = (
    (bad_bytes, 6), (re_encode, 4), (control_char, 5), (front_matter, 10),
    (markdown_structure, 10), (free_text, 6), (drop_id, 8), (mangle_id, 4), (copy_bullet, 3),
    (new_bullet, 6), (delete_bullet, 4), (edit_bullet, 4), (truncate, 2), (delete_page, 1),
    (odd_name, 6), (symlink, 8), (link_folder, 1), (restore, 14), (hostile_turn, 6),
)


# -- the run -------------------------------------------------------------------------------


def _tree_digest(folder: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        for name in [*filenames, *dirnames]:
            path = Path(dirpath) / name
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink() or path.is_dir() or not path.is_file():
                found[rel] = "special"
            else:
                found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise _Timeout


def _vault_call(run: _Run, action: Callable[[], object], *, allowed: type[Exception] = VaultError) -> bool:
    """A call into the vault: guarded, and every file it changes outside the vault counted."""
    before = _tree_digest(run.outside)
    done = _guarded(run, action, allowed=allowed)
    after = _tree_digest(run.outside)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    run.figures["outside_writes"] += len(changed)
    for rel in changed:
        print(f"written outside the vault: {rel}", file=sys.stderr)
    return done


def _guarded(run: _Run, action: Callable[[], object], *, allowed: type[Exception] = VaultError) -> bool:
    """Run ``action``; count a traceback or a timeout. True when it finished cleanly."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(WEAVE_LIMIT_S)
    try:
        action()
        return True
    except _Timeout:
        run.figures["stuck"] += 1
    except allowed:
        return True
    except Exception:  # noqa: BLE001 - counting what escapes is the point
        run.figures["tracebacks"] += 1
        if run.figures["tracebacks"] <= 5:
            traceback.print_exc()  # the first few, so a failure can be read
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return False


def _weave(run: _Run) -> None:
    run.figures["weaves"] += 1

    def cycle() -> None:
        report = run.vault.weave(run.extractor)
        run.figures["refused"] += len({p.path for p in report.page_problems})
        run.figures["taken_in"] += 1 if report.edit.commit else 0

    _vault_call(run, cycle, allowed=())  # type: ignore[arg-type]
    if run.vault.lock.held:  # a weave must always give the lock back
        run.figures["stuck"] += 1
        run.vault.lock.release()


def _check_faces(run: _Run) -> None:
    _vault_call(run, run.vault.status)
    _vault_call(run, lambda: diagnose(run.vault))
    for page in run.pages()[:3]:
        if page.name != "index.md":
            _vault_call(run, lambda p=page: run.vault.category_text(p.stem))  # type: ignore[misc]


def _lost(run: _Run) -> int:
    items = run.vault.items(status="all")
    values = {i.value for i in items}
    unsaid = sum(1 for v in run.said if v not in values)
    ended = sum(
        1
        for i in items
        if i.status is not Status.CURRENT and i.id not in run.touched and i.origin != "hand"
        and not i.superseded_by
    )
    return unsaid + ended


def _poisoned(run: _Run) -> int:
    out = subprocess.run(
        ["git", "-C", str(run.root), "log", "-p", "--format=%B", "--", "categories", "index.md"],
        capture_output=True, check=False,
    ).stdout.decode("utf-8", errors="replace")
    weaver_lines = [ln for ln in out.split("\n") if ln.startswith("+") and _CONTROL.search(ln)]
    binary = out.count("Binary files")
    return len(weaver_lines) + binary


def fuzz_pages(count: int, seed: int, workdir: Path) -> dict[str, int]:
    """Apply ``count`` generated page edits to a woven vault, weaving between them."""
    rng = random.Random(seed)
    outside = workdir / "outside"
    (outside / "pages").mkdir(parents=True)
    (outside / "secret.md").write_text("# Secret\n\n## Current\n\n- the password is hunter2\n", "utf-8")
    (outside / "pages" / "work.md").write_text("# Work\n\n## Current\n\n- leaked\n", "utf-8")
    os.mkfifo(outside / "fifo")
    vault = Vault.init(workdir / "vault")
    run = _Run(vault, rng, outside)
    for _ in range(12):
        _say(run)
    _weave(run)
    weights = [w for _, w in EDITS]
    for n in range(count):
        edit = rng.choices([e for e, _ in EDITS], weights)[0]
        _guarded(run, lambda e=edit: e(run), allowed=OSError)  # type: ignore[misc]
        run.figures["edits"] += 1
        if n % EDITS_PER_WEAVE == EDITS_PER_WEAVE - 1:
            _weave(run)
        if n % 100 == 99:
            _check_faces(run)
    restore(run)
    _weave(run)
    _weave(run)
    if not _vault_call(run, lambda: run.vault.weave(run.extractor), allowed=()):  # type: ignore[arg-type]
        run.figures["stuck"] += 1
    run.figures["lost"] = _lost(run)
    run.figures["facts"] = len(run.vault.items(status="all"))
    siblings = {p.name for p in workdir.iterdir()} - {"vault", "outside"}
    run.figures["outside_writes"] += len(siblings)
    run.figures["poisoned"] = _poisoned(run)
    vault.lock.release()
    return dict(run.figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="page edits to apply")
    parser.add_argument("--seed", type=int, default=2026, help="generator seed")
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="vaultweave-fuzz-pages-") as tmp:
        figures = fuzz_pages(args.count, args.seed, Path(tmp))
    figures["seconds"] = round(time.monotonic() - started)
    for key, value in figures.items():
        print(f"{key:>15}: {value}")


if __name__ == "__main__":
    main()
