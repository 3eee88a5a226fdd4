"""Appending resource lines for the facade: checked as the weaver would read them, never
written through a link, one lock and one fsync per file for a batch."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError
from vaultweave.schemas.resource import ResourceLine
from vaultweave.schemas.validation import first_error
from vaultweave.store.atomic import append_line, append_lines
from vaultweave.store.errors import InvalidResourceError, SymlinkRefusedError
from vaultweave.store.line_checks import structure_problem
from vaultweave.store.paths import first_link
from vaultweave.store.resources import resource_id
from vaultweave.weaver.workspace import line_limits

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace


def checked_line(vault: Workspace, fields: dict[str, Any], where_prefix: str = "") -> ResourceLine:
    """A valid line the weaver would take in as it is: refused here, not skipped later."""
    limits = line_limits(vault)
    problem = structure_problem(fields, limits.max_depth)
    if problem:
        raise InvalidResourceError(f"{where_prefix}{problem}")
    line = _validated(fields, where_prefix)
    problem = limits.ts_problem(line.ts) if line.ts is not None else None
    try:
        problem = problem or limits.size_problem(len(line.to_json_line().encode("utf-8")))
    except (ValueError, PydanticSerializationError) as exc:
        problem = f"cannot be written as JSON ({str(exc).splitlines()[0]})"
    if problem:
        raise InvalidResourceError(f"{where_prefix}{problem}")
    return line


def append_one(vault: Workspace, line: ResourceLine) -> str:
    """Append one checked line (``ts`` defaults to now); returns its resource id."""
    line = _stamped(vault, line)
    assert line.ts is not None
    target = vault.paths.resource_file(line.ts)
    _refuse_links(vault, target)
    number = append_line(target, line.to_json_line())
    return resource_id(vault.paths.relative(target), number)


def append_many(
    vault: Workspace,
    lines: Iterable[dict[str, Any]],
    progress: Callable[[int, int], None] | None = None,
) -> list[str]:
    """Check every line first (nothing is written if one is bad), then append them grouped
    by the file their ``ts`` falls in; ids in input order; ``progress(done, total)``."""
    batch = [checked_line(vault, fields, f"line {n}: ") for n, fields in enumerate(lines, start=1)]
    groups: dict[Path, list[int]] = {}
    stamped: list[ResourceLine] = []
    for line in batch:
        line = _stamped(vault, line)
        assert line.ts is not None
        groups.setdefault(vault.paths.resource_file(line.ts), []).append(len(stamped))
        stamped.append(line)
    for target in groups:
        _refuse_links(vault, target)
    ids = [""] * len(stamped)
    done = 0
    for target, positions in groups.items():
        numbers = append_lines(target, [stamped[i].to_json_line() for i in positions])
        relative = vault.paths.relative(target)
        for position, number in zip(positions, numbers, strict=True):
            ids[position] = resource_id(relative, number)
        done += len(positions)
        if progress is not None:
            progress(done, len(stamped))
    return ids


def _stamped(vault: Workspace, line: ResourceLine) -> ResourceLine:
    return line if line.ts is not None else line.model_copy(update={"ts": vault.clock()})


def _refuse_links(vault: Workspace, target: Path) -> None:
    """Never append through a symlink: it could lead outside the vault, or to a file
    whose lines the weaver already reads under another name."""
    link = first_link(vault.paths.root, target)
    if link is not None:
        raise SymlinkRefusedError(target, vault.paths.relative_lexical(link))


def _validated(fields: dict[str, Any], where_prefix: str = "") -> ResourceLine:
    try:
        return ResourceLine.model_validate(fields)
    except ValidationError as exc:
        error = first_error(exc, "resource")
        raise InvalidResourceError(f"{where_prefix}{error.where}: {error.message}") from exc
