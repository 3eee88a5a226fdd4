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
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from vaultweave.store.errors import VaultError
from vaultweave.store.item import Status
from vaultweave.weaver.doctor import diagnose
from vaultweave.weaver.vault import Vault

from bench.fuzz.page_edits import EDITS, PageRun, restore, say

EDITS_PER_WEAVE = 4
WEAVE_LIMIT_S = 60
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class _Timeout(BaseException):  # not swallowed by a handler of Exception in the weave
    pass


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


def _vault_call(run: PageRun, action: Callable[[], object], *, allowed: type[Exception] = VaultError) -> bool:
    """A call into the vault: guarded, and every file it changes outside the vault counted."""
    before = _tree_digest(run.outside)
    done = _guarded(run, action, allowed=allowed)
    after = _tree_digest(run.outside)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    run.figures["outside_writes"] += len(changed)
    for rel in changed:
        print(f"written outside the vault: {rel}", file=sys.stderr)
    return done


def _guarded(run: PageRun, action: Callable[[], object], *, allowed: type[Exception] = VaultError) -> bool:
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


def _weave(run: PageRun) -> None:
    run.figures["weaves"] += 1

    def cycle() -> None:
        report = run.vault.weave(run.extractor)
        run.figures["refused"] += len({p.path for p in report.page_problems})
        run.figures["taken_in"] += 1 if report.edit.commit else 0

    _vault_call(run, cycle, allowed=())  # type: ignore[arg-type]
    if run.vault.lock.held:  # a weave must always give the lock back
        run.figures["stuck"] += 1
        run.vault.lock.release()


def _check_faces(run: PageRun) -> None:
    _vault_call(run, run.vault.status)
    _vault_call(run, lambda: diagnose(run.vault))
    for page in run.pages()[:3]:
        if page.name != "index.md":
            _vault_call(run, lambda p=page: run.vault.category_text(p.stem))  # type: ignore[misc]


def _lost(run: PageRun) -> int:
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


def _poisoned(run: PageRun) -> int:
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
    run = PageRun(vault, rng, outside)
    for _ in range(12):
        say(run)
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
