"""Commands for agents: `changes` (what changed since), `forget`, and `mcp` (the MCP server)."""

from __future__ import annotations

from pathlib import Path

import click
from vaultweave.schemas.config import mcp_token_from_env
from vaultweave.store.bookmarks import DEFAULT_CLIENT
from vaultweave.store.item import to_json_dict
from vaultweave.weaver.changes import digest_to_json, digest_to_text
from vaultweave.weaver.cli.common import echo_json, json_option, open_vault, vault_option

DEFAULT_PORT = 8765


@click.command()
@click.option(
    "--since",
    "since",
    required=True,
    help='A commit id (or git revision), a date (YYYY-MM-DD or RFC 3339), or "last".',
)
@click.option(
    "--client",
    default=DEFAULT_CLIENT,
    show_default=True,
    help='Whose bookmark --since last reads and moves.',
)
@vault_option
@json_option
def changes(since: str, client: str, vault_path: Path | None, as_json: bool) -> None:
    """Facts added, superseded, retracted since REF, with the commits that did it.

    --since last starts where CLIENT last read and moves its bookmark to HEAD.

    \b
    Example:
      vaultweave changes --since last --client my-agent
    """
    vault = open_vault(vault_path)
    digest = vault.changes_since(since, client=client)
    if as_json:
        echo_json(digest_to_json(digest))
    else:
        click.echo(digest_to_text(digest), nl=False)


@click.command()
@click.argument("item_id")
@click.option("--reason", required=True, help="Why it is forgotten; kept with the fact and in git.")
@click.option(
    "--wait",
    "lock_timeout",
    type=click.FloatRange(min=0),
    default=10.0,
    show_default=True,
    help="Seconds to wait for a running cycle to finish.",
)
@vault_option
@json_option
def forget(
    item_id: str, reason: str, lock_timeout: float, vault_path: Path | None, as_json: bool
) -> None:
    """Retract the fact ITEM_ID with a reason (it stays in git history).

    \b
    Example:
      vaultweave forget 1c38c06fcebecaf8 --reason "said in jest"
    """
    vault = open_vault(vault_path)
    report = vault.forget(item_id, reason, lock_timeout=lock_timeout)
    if as_json:
        echo_json({"commit": report.commit, "item": to_json_dict(report.item)})
        return
    click.echo(f"{(report.commit or '-------')[:7]} {report.message.splitlines()[0]}")
    for page in report.hand_edited:
        click.echo(f"  ! {page} has hand edits; left as written")


@click.command()
@click.option("--http", is_flag=True, help="Serve streamable HTTP instead of stdio.")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="HTTP bind address. Off loopback, set VAULTWEAVE_MCP_TOKEN (a bearer token clients must send).",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    help="Another Host header clients may use (a name or address; repeatable).",
)
@click.option(
    "--port", type=click.IntRange(1, 65535), default=DEFAULT_PORT, show_default=True
)
@click.option(
    "--client",
    default=DEFAULT_CLIENT,
    show_default=True,
    help='Bookmark name for changes_since("last") when the model names none.',
)
@click.option(
    "--lock-timeout",
    type=click.FloatRange(min=0),
    default=30.0,
    show_default=True,
    help="Seconds a writing tool waits for a running cycle before it reports an error.",
)
@click.option("--schemas", is_flag=True, help="Print the tools' JSON schemas and exit.")
@vault_option
def mcp(
    schemas: bool,
    http: bool,
    host: str,
    allow_hosts: tuple[str, ...],
    port: int,
    client: str,
    lock_timeout: float,
    vault_path: Path | None,
) -> None:
    """Serve the vault to an agent over MCP (stdio by default).

    \b
    Example:
      vaultweave mcp --vault ~/notes-vault
    """
    from vaultweave.store.bookmarks import check_client
    from vaultweave.weaver.mcp_server import serve  # MissingExtraError without the extra
    vault = open_vault(vault_path)
    check_client(client)
    if schemas:
        from vaultweave.weaver.mcp_server import build_server, tool_schemas

        echo_json(tool_schemas(build_server(vault)))
        return
    serve(
        vault,
        http=http,
        host=host,
        port=port,
        lock_timeout=lock_timeout,
        client=client,
        token=mcp_token_from_env(),
        allow_hosts=allow_hosts,
    )


def register(group: click.Group) -> None:
    for command in (changes, forget, mcp):
        group.add_command(command)
