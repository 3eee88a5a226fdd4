"""The `vaultweave` command. Thin: every command opens a Vault and calls one method."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from vaultweave.store.errors import VaultError
from vaultweave.store.extras import missing_extra
from vaultweave.weaver.cli.common import VAULT_HELP
from vaultweave.weaver.cli.core import register as register_core
from vaultweave.weaver.cli.faces import register as register_faces
from vaultweave.weaver.cli.graph import register as register_graph
from vaultweave.weaver.cli.live import register as register_live
from vaultweave.weaver.cli.recall import register as register_recall
from vaultweave.weaver.cli.tasks import register as register_tasks
from vaultweave.weaver.cli.tokens import register as register_tokens
from vaultweave.weaver.cli.upkeep import register as register_upkeep
from vaultweave.weaver.mcp_stdio import note_start_failure


class VaultGroup(click.Group):
    """Turns every error into one line on stderr and exit code 1, never a traceback."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            # Without standalone mode click returns the code of a ctx.exit(N) / Exit(N).
            result = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[call-overload]
            code = result if isinstance(result, int) else 0
        except VaultError as exc:
            code = _fail(str(exc))
        except ImportError as exc:  # an optional package imported outside the guards
            missing = missing_extra(exc)
            if missing is None:
                raise
            code = _fail(str(missing))
        except click.ClickException as exc:
            code = _fail(exc.format_message())
        except OSError as exc:  # a file the vault could not read or write, not wrapped below
            where = f"{exc.filename}: " if exc.filename else ""
            code = _fail(f"{where}{exc.strerror or exc}; check the path, free space and permissions")
        except click.Abort:
            code = _fail("aborted")
        except KeyboardInterrupt:
            click.echo("error: interrupted", err=True)
            code = 130
        if standalone_mode:
            sys.exit(code)
        return code


def _fail(message: str) -> int:
    click.echo(f"error: {message}", err=True)
    note_start_failure(message)  # an MCP stdio front, if one answered already, tells the client
    return 1


@click.group(cls=VaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="vaultweave")
@click.option(
    "--vault",
    "vault_path",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help=VAULT_HELP + " Also accepted after the command.",
)
@click.pass_context
def cli(ctx: click.Context, vault_path: Path | None) -> None:
    """A file-based, self-organizing knowledge store for AI agents.

    \b
    Example:
      vaultweave init ~/notes-vault
      vaultweave --vault ~/notes-vault ingest chat.jsonl
      vaultweave --vault ~/notes-vault weave
    """
    ctx.ensure_object(dict)
    ctx.obj["vault_path"] = vault_path


register_core(cli)
register_faces(cli)
register_upkeep(cli)
register_recall(cli)
register_live(cli)
register_tasks(cli)
register_tokens(cli)
register_graph(cli)


def main(argv: list[str] | None = None) -> int:
    result = cli.main(args=argv, prog_name="vaultweave", standalone_mode=False)
    return result if isinstance(result, int) else 0


