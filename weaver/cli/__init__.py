"""The `vaultweave` command. Thin: every command opens a Vault and calls one method."""

from __future__ import annotations

import sys

import click

from store.errors import VaultError
from weaver.cli.core import register as register_core
from weaver.cli.recall import register as register_recall


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="vaultweave")
def cli() -> None:
    """A file-based, self-organizing knowledge store for AI agents."""


register_core(cli)
register_recall(cli)


def main(argv: list[str] | None = None) -> int:
    """Entry point: errors become one line on stderr and exit code 1, never a traceback."""
    try:
        cli.main(args=argv, prog_name="vaultweave", standalone_mode=False)
    except VaultError as exc:
        click.echo(f"error: {exc}", err=True)
        return 1
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except click.ClickException as exc:
        click.echo(f"error: {exc.format_message()}", err=True)
        return 1
    except click.Abort:
        click.echo("error: aborted", err=True)
        return 1
    except KeyboardInterrupt:
        click.echo("error: interrupted", err=True)
        return 130
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
