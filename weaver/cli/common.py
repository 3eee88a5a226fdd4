"""Shared CLI plumbing: the --vault option, JSON output, error handling."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeVar

import click
from vaultweave.schemas.config import vault_dir_from_env
from vaultweave.weaver.vault import Vault

F = TypeVar("F", bound=Callable[..., Any])


def default_vault_path() -> Path:
    """The group's ``vaultweave --vault V``, else $VAULTWEAVE_VAULT, else the current folder."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx is not None else None
    chosen = root.obj.get("vault_path") if root is not None and isinstance(root.obj, dict) else None
    if chosen is not None:
        return Path(chosen)
    return vault_dir_from_env() or Path(os.getcwd())


VAULT_HELP = "Vault directory (default: $VAULTWEAVE_VAULT, else the current directory)."


def vault_option(func: F) -> F:
    """The per-command ``--vault``; it wins over the group's ``vaultweave --vault V cmd``."""
    return click.option(
        "--vault",
        "vault_path",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help=VAULT_HELP,
    )(func)


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(func)


def open_vault(vault_path: Path | None) -> Vault:
    return Vault.open(vault_path or default_vault_path())


def _default(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "value"):
        return value.value
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def echo_json(data: Any, *, lines: bool = False) -> None:
    """One JSON document, or one object per line when ``lines`` (for lists of records)."""
    if lines:
        for row in data:
            click.echo(json.dumps(row, ensure_ascii=False, default=_default))
    else:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=_default))


def table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    """Rows as lines with every column but the last padded to its widest cell.

    Widths count characters, so plain text lines up in a terminal; no colour codes.
    """
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return [
        "  ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[-1]]).rstrip()
        for row in rows
    ]
