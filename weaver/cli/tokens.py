"""`vaultweave tokens`: the client tokens of a home (who may read or write which vaults)."""

from __future__ import annotations

from pathlib import Path

import click
from vaultweave.schemas.config import ENV_HOME, home_dir_from_env
from vaultweave.store.client_tokens import ClientTokens
from vaultweave.store.home import load_home
from vaultweave.weaver.cli.common import echo_json, json_option, table

home_option = click.option(
    "--home",
    "home_path",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help=f"The home: a folder of vaults (default: ${ENV_HOME}).",
)


def home_root(home_path: Path | None) -> Path:
    """--home, else $VAULTWEAVE_HOME; a usage error when neither names one."""
    chosen = home_path or home_dir_from_env()
    if chosen is None:
        raise click.UsageError(f"name the home with --home DIR (or set {ENV_HOME})")
    return chosen.expanduser().absolute()


def token_store(home_path: Path | None) -> ClientTokens:
    home, config = load_home(home_root(home_path))
    return ClientTokens(home.root / config.home.tokens_file)


@click.group()
def tokens() -> None:
    """Client tokens for serving a home over HTTP MCP (`vaultweave mcp --home DIR --http`).

    \b
    Example:
      vaultweave tokens add research-bot --read 'team-*' --write alice --home ~/vaults
    """


@tokens.command("add")
@click.argument("name")
@click.option(
    "--read", "read", multiple=True, help="A vault name or pattern (team-*) it may read; repeatable."
)
@click.option("--write", "write", multiple=True, help="One it may write (and read); repeatable.")
@home_option
def add(name: str, read: tuple[str, ...], write: tuple[str, ...], home_path: Path | None) -> None:
    """Add client NAME and print its token, once: only its hash is kept.

    \b
    Example:
      vaultweave tokens add alice-agent --write alice --read team --home ~/vaults
    """
    token = token_store(home_path).add(name, read, write)
    click.echo(token)
    click.echo(f"client {name}: keep this token now; it is not shown again", err=True)


@tokens.command("list")
@home_option
@json_option
def list_tokens(home_path: Path | None, as_json: bool) -> None:
    """The clients of the home with their grants (never a token).

    \b
    Example:
      vaultweave tokens list --home ~/vaults
    """
    clients = token_store(home_path).clients()
    if as_json:
        echo_json([{k: v for k, v in c.to_json().items() if k != "sha256"} for c in clients])
        return
    rows = [("client", "read", "write", "created")]
    rows += [(c.name, ",".join(c.read) or "-", ",".join(c.write) or "-", c.created) for c in clients]
    for line in table(rows):
        click.echo(line)


@tokens.command("revoke")
@click.argument("name")
@home_option
def revoke(name: str, home_path: Path | None) -> None:
    """Remove client NAME: its token stops working at the next request.

    \b
    Example:
      vaultweave tokens revoke research-bot --home ~/vaults
    """
    if not token_store(home_path).revoke(name):
        raise click.ClickException(f"no client named {name!r}; `vaultweave tokens list` lists them")
    click.echo(f"revoked {name}")


def register(group: click.Group) -> None:
    group.add_command(tokens)
