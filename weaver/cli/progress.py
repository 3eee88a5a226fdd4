"""Progress bars on stderr (tqdm), only on a terminal and never with --quiet.

tqdm: small, well kept, no dependencies of its own, and it handles terminal width,
rate and ETA. The library never prints: it takes a ``progress(done, total)`` callback
or stage hooks, and this module turns those into bars for the CLI.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def quiet_option(func: F) -> F:
    return click.option(
        "-q", "--quiet", is_flag=True, help="No progress bar (it is shown only on a terminal)."
    )(func)


def bars_wanted(quiet: bool) -> bool:
    return not quiet and sys.stderr.isatty()


@contextmanager
def counter(desc: str, unit: str, quiet: bool) -> Iterator[Callable[[int, int], None]]:
    """A ``progress(done, total)`` callback drawing a bar, or a no-op when bars are off."""
    if not bars_wanted(quiet):
        yield lambda done, total: None
        return
    from tqdm import tqdm

    bar = tqdm(desc=desc, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True)
    try:

        def update(done: int, total: int) -> None:
            if bar.total != total:
                bar.total = total
            bar.update(done - bar.n)
            if done >= total:
                bar.refresh()  # the last step may come within tqdm's redraw interval

        yield update
    finally:
        bar.close()


@contextmanager
def stages(desc: str, names: tuple[str, ...], quiet: bool) -> Iterator[Callable[[str], None]]:
    """A bar over named stages; the callback marks one stage done."""
    if not bars_wanted(quiet):
        yield lambda name: None
        return
    from tqdm import tqdm

    bar = tqdm(total=len(names), desc=desc, file=sys.stderr, leave=False, dynamic_ncols=True)
    try:

        def step(name: str) -> None:
            bar.set_postfix_str(name, refresh=False)
            bar.update(1)
            bar.refresh()

        yield step
    finally:
        bar.close()
