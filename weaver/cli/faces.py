"""Commands for agents and operators: changes, forget, correct, revert, erase, mcp."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import click
from vaultweave.schemas.config import mcp_token_from_env
from vaultweave.store.bookmarks import DEFAULT_CLIENT
from vaultweave.store.item import to_json_dict
from vaultweave.weaver.changes import digest_to_json, digest_to_text
from vaultweave.weaver.cli.common import echo_json, json_option, open_vault, vault_option

DEFAULT_PORT = 8765

wait_option = click.option(
    "--wait",
    "lock_timeout",
    type=click.FloatRange(min=0),
    default=10.0,
    show_default=True,
    help="Seconds to wait for a running cycle to finish.",
)


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
@wait_option
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
        echo_json({
            "commit": report.commit,
            "item": to_json_dict(report.item),
            "restored": [to_json_dict(i) for i in report.restored],
        })
        return
    click.echo(f"{(report.commit or '-------')[:7]} {report.message.splitlines()[0]}")
    for item in report.restored:
        click.echo(f"  ^ current again: {item.text} [{item.id}]")
    _warn_hand_edited(report.hand_edited)


def _warn_hand_edited(pages: tuple[str, ...]) -> None:
    for page in pages:
        click.echo(f"  ! {page} has hand edits; left as written")


@click.command()
@click.argument("item_id")
@click.option("--value", help="The right value (the sentence is rewritten around it).")
@click.option("--text", help="Or the whole right sentence.")
@click.option("--reason", default="it was wrong", show_default=True, help="Kept with the fact and in git.")
@wait_option
@vault_option
@json_option
def correct(
    item_id: str, value: str | None, text: str | None, reason: str, lock_timeout: float,
    vault_path: Path | None, as_json: bool,
) -> None:
    """The fact ITEM_ID was wrong: void it and put the right one in its place.

    Unlike a change in the world (which supersedes), a correction says the old value
    never held: it is retracted with no validity, and the new fact starts when the old
    one did.

    \b
    Example:
      vaultweave correct 1c38c06fcebecaf8 --value "OpenAI" --reason "misheard"
    """
    vault = open_vault(vault_path)
    report = vault.correct(item_id, value=value, text=text, reason=reason, lock_timeout=lock_timeout)
    if as_json:
        echo_json({
            "commit": report.commit,
            "wrong": to_json_dict(report.wrong),
            "corrected": to_json_dict(report.corrected),
        })
        return
    click.echo(f"{(report.commit or '-------')[:7]} {report.message.splitlines()[0]}")
    click.echo(f"  + {report.corrected.text} [{report.corrected.id}]")
    _warn_hand_edited(report.hand_edited)


@click.command()
@click.argument("commit")
@wait_option
@vault_option
@json_option
def revert(commit: str, lock_timeout: float, vault_path: Path | None, as_json: bool) -> None:
    """Undo what COMMIT (a weave, hand edit, upkeep, forget or correct) did to the facts.

    Facts it changed go back to their earlier version; facts it added are voided. One new
    commit says so; pages and indexes follow. The lines it consumed are not woven again.
    Facts changed again after COMMIT stop the revert: revert the later commits first.

    \b
    Example:
      vaultweave revert 1336cc2
    """
    vault = open_vault(vault_path)
    report = vault.revert(commit, lock_timeout=lock_timeout)
    if as_json:
        echo_json({
            "commit": report.commit,
            "reverted": report.reverted,
            "restored": [to_json_dict(i) for i in report.restored],
            "voided": [to_json_dict(i) for i in report.voided],
        })
        return
    click.echo(f"{(report.commit or '-------')[:7]} {report.message.splitlines()[0]}")
    for item in report.restored:
        click.echo(f"  ^ {item.text} [{item.id}]")
    for item in report.voided:
        click.echo(f"  - {item.text} [{item.id}]")
    _warn_hand_edited(report.hand_edited)


@click.command()
@click.argument("text", required=False)
@click.option("--line", "lines", multiple=True, help="A resource id to erase (repeatable).")
@click.option("--reason", required=True, help="Why; kept in the commit and the receipt.")
@click.option(
    "--rewrite-history",
    is_flag=True,
    help="Also scrub the text from every git commit (commit ids change; clones keep it).",
)
@wait_option
@vault_option
@json_option
def erase(
    text: str | None, lines: tuple[str, ...], reason: str, rewrite_history: bool,
    lock_timeout: float, vault_path: Path | None, as_json: bool,
) -> None:
    """For privacy: remove TEXT (every line holding it) or --line ids from the vault.

    The lines become tombstones keeping their ids; the facts they alone produced are
    deleted, pages and the search index follow, and one commit records the ids (never
    the text). Earlier commits keep the text unless --rewrite-history. A receipt of what
    was removed and checked is printed and kept in .vaultweave/receipts/.

    \b
    Example:
      vaultweave erase "my card number is 4111" --reason "user request" --rewrite-history
    """
    if not text and not lines:
        raise click.UsageError("give the TEXT to erase or at least one --line id")
    vault = open_vault(vault_path)
    receipt = vault.erase(
        text, resource_ids=lines, reason=reason, rewrite_history=rewrite_history,
        lock_timeout=lock_timeout,
    )
    if as_json:
        echo_json(asdict(receipt))
        return
    click.echo(
        f"{(receipt.commit or '-------')[:7]} erased {len(receipt.lines)} line(s), "
        f"deleted {len(receipt.items_deleted)} fact(s), trimmed {len(receipt.items_trimmed)}"
    )
    click.echo(f"  checked: {'; '.join(receipt.checked)}")
    for place in receipt.still_found:
        click.echo(f"  ! still holds it: {place}")


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
@click.option(
    "--home",
    "home_path",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Serve every vault in this folder (a home) instead of one; tools then take `vault`.",
)
@vault_option
def mcp(
    schemas: bool,
    home_path: Path | None,
    http: bool,
    host: str,
    allow_hosts: tuple[str, ...],
    port: int,
    client: str,
    lock_timeout: float,
    vault_path: Path | None,
) -> None:
    """Serve the vault to an agent over MCP (stdio by default), or with --home every vault
    of a home (HTTP clients then need tokens from `vaultweave tokens add`).

    \b
    Example:
      vaultweave mcp --vault ~/notes-vault
      vaultweave mcp --home ~/vaults --http --host 0.0.0.0
    """
    from vaultweave.store.bookmarks import check_client
    from vaultweave.store.extras import require_installed

    require_installed("mcp")  # MissingExtraError before any handshake
    if home_path is not None:
        check_client(client)
        _serve_home(home_path, vault_path, schemas, http, host, port, client, lock_timeout, allow_hosts)
        return
    vault = open_vault(vault_path)
    check_client(client)
    front = None
    from vaultweave.weaver.mcp_tools import VaultTools

    tools = VaultTools(vault, lock_timeout=lock_timeout, client=client)
    if not http and not schemas:
        from vaultweave.weaver.mcp_early import VaultEarlyAnswers
        from vaultweave.weaver.mcp_handshake import INSTRUCTIONS
        from vaultweave.weaver.mcp_stdio import start_front

        # Started already by the console script (weaver/launch.py) in the usual case;
        # it answers `initialize`, then the first tools/list and searches, while the SDK loads.
        front = start_front(INSTRUCTIONS)
        try:
            answers = VaultEarlyAnswers(tools)
        except (OSError, ValueError) as exc:  # a damaged install: the SDK answers everything
            click.echo(f"warning: no early answers ({exc})", err=True)
        else:
            front.serve_early(answers)
            front.wait_while_answering_early()  # a first search comes before the SDK import
    from vaultweave.weaver.mcp_server import serve

    if schemas:
        from vaultweave.weaver.mcp_server import build_server, tool_schemas

        echo_json(tool_schemas(build_server(vault)))
        return
    serve(
        vault,
        tools=tools,
        front=front,
        http=http,
        host=host,
        port=port,
        lock_timeout=lock_timeout,
        client=client,
        token=mcp_token_from_env(),
        allow_hosts=allow_hosts,
    )


def _serve_home(
    home_path: Path, vault_path: Path | None, schemas: bool, http: bool, host: str, port: int,
    client: str, lock_timeout: float, allow_hosts: tuple[str, ...],
) -> None:
    from vaultweave.store.home import load_home
    from vaultweave.weaver.mcp_home import VaultPool, build_home_server, serve_home

    if vault_path is not None:
        raise click.UsageError("give --vault (one vault) or --home (a folder of vaults), not both")
    if http and mcp_token_from_env() is not None:
        raise click.UsageError(
            "VAULTWEAVE_MCP_TOKEN is for one vault; a home's HTTP clients use their own "
            "tokens (`vaultweave tokens add NAME --home DIR`): unset it"
        )
    home, config = load_home(home_path)
    front = None
    if not http and not schemas:
        from vaultweave.weaver.mcp_handshake import HOME_INSTRUCTIONS
        from vaultweave.weaver.mcp_stdio import start_front

        front = start_front(HOME_INSTRUCTIONS)  # started already by weaver/launch.py, usually
    pool = VaultPool(home, config, lock_timeout=lock_timeout, client=client)
    if schemas:
        from vaultweave.weaver.mcp_server import tool_schemas

        echo_json(tool_schemas(build_home_server(pool)))
        return
    serve_home(pool, http=http, host=host, port=port, allow_hosts=allow_hosts, front=front)


def register(group: click.Group) -> None:
    for command in (changes, forget, correct, revert, erase, mcp):
        group.add_command(command)
