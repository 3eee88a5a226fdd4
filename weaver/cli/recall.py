"""Recall commands: search, context, reindex (`doctor` checks the projections too)."""

from __future__ import annotations

from pathlib import Path

import click
from vaultweave.weaver.cli.common import echo_json, json_option, open_vault, table, vault_option

_EXPAND_HELP = "Add the facts one hop from the top facts (relations, time order, similarity)."


@click.command()
@click.argument("query")
@click.option("-k", "--limit", "k", default=10, show_default=True, type=int, help="How many hits.")
@click.option("--category", "categories", multiple=True, help="Only items of this category (repeatable).")
@click.option("--tag", "tags", multiple=True, help="Only items with this tag (repeatable).")
@click.option("--kind", "kinds", multiple=True, help="Item kind (fact, preference, ...), 'turn' or 'digest'.")
@click.option("--history", "include_history", is_flag=True, help="Add superseded facts, marked.")
@click.option("--as-of", "as_of", help="What was true at this date (YYYY-MM-DD or RFC 3339).")
@click.option("--min-score", type=float, help="Drop hits scoring below this.")
@click.option("--expand/--no-expand", default=None, help=_EXPAND_HELP)
@vault_option
@json_option
def search(
    query: str,
    k: int,
    categories: tuple[str, ...],
    tags: tuple[str, ...],
    kinds: tuple[str, ...],
    include_history: bool,
    as_of: str | None,
    min_score: float | None,
    expand: bool | None,
    vault_path: Path | None,
    as_json: bool,
) -> None:
    """Hybrid (dense + keyword) search over facts and turns.

    \b
    Example:
      vaultweave search "where does Maya work" -k 5 --history
      vaultweave search "what does Maya's sister do" --expand
    """
    vault = open_vault(vault_path)
    hits = vault.search(
        query,
        k=k,
        categories=categories or None,
        tags=tags or None,
        kinds=kinds or None,
        include_history=include_history,
        as_of=as_of,
        min_score=min_score,
        expand=expand,
    )
    if as_json:
        echo_json([h.to_json() for h in hits])
        return
    if not hits:
        click.echo("no hits")
    rows = []
    for hit in hits:
        when = hit.ts if hit.kind == "turn" else hit.valid_from
        stamp = f"{when:%Y-%m-%d}" if when else "?"
        who = f"{hit.speaker}: " if hit.kind == "turn" and hit.speaker else ""
        status = "" if hit.kind == "turn" else hit.status
        via = f"  [{hit.via}]" if hit.via else ""
        rows.append((f"{hit.score:.3f}", hit.kind, status, stamp, hit.id, f"{who}{hit.text}{via}"))
    for line in table(rows):
        click.echo(line)


@click.command()
@click.argument("query")
@click.option("--budget", "budget", default=1500, show_default=True, type=int, help="Token budget.")
@click.option("--session", help="The live session: its last turns come first.")
@click.option("--expand/--no-expand", default=None, help=_EXPAND_HELP)
@vault_option
@json_option
def context(
    query: str,
    budget: int,
    session: str | None,
    expand: bool | None,
    vault_path: Path | None,
    as_json: bool,
) -> None:
    """Print a prompt-ready Markdown block for QUERY within --budget tokens.

    \b
    Example:
      vaultweave context "plan Maya's birthday" --budget 800
    """
    block = open_vault(vault_path).context(query, budget_tokens=budget, session=session, expand=expand)
    if as_json:
        echo_json(
            {
                "text": block.text,
                "tokens": block.tokens,
                "budget": block.budget,
                "facts": block.facts,
                "turns": block.turns,
                "profile": block.profile,
                "window": block.window,
            }
        )
    else:
        click.echo(block.text)


@click.command()
@click.option("--fresh", is_flag=True, help="Delete the index first and embed everything again.")
@vault_option
def reindex(fresh: bool, vault_path: Path | None) -> None:
    """Rebuild the search index (.vaultweave/recall) from the tiers.

    \b
    Example:
      vaultweave reindex --fresh
    """
    units, embedded = open_vault(vault_path).reindex(fresh=fresh)
    click.echo(f"reindexed {units} units ({embedded} embedded)")


def register(group: click.Group) -> None:
    for command in (search, context, reindex):
        group.add_command(command)
