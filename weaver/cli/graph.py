"""Pictures of the vault: the entity graph (`vaultweave graph`, `--canvas` for Obsidian)."""

from __future__ import annotations

import json
from pathlib import Path

import click
from vaultweave.store.atomic import atomic_write_text
from vaultweave.weaver.cli.common import open_vault, vault_option
from vaultweave.weaver.entities import entities
from vaultweave.weaver.entity_canvas import CANVAS_FILE, entity_canvas, relation_edges


@click.command()
@click.option("--canvas", is_flag=True, help=f"Write an Obsidian canvas of the graph ({CANVAS_FILE}).")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help=f"Where --canvas writes (default: {CANVAS_FILE} in the vault).",
)
@vault_option
def graph(canvas: bool, out: Path | None, vault_path: Path | None) -> None:
    """The entity graph: who and what the current facts connect, one relation a line.

    With --canvas, write it as a JSON Canvas that Obsidian opens: a node for each
    entities/ page, an edge labelled with the relation. The file is not committed.

    \b
    Example:
      vaultweave graph
      vaultweave graph --canvas --out ~/vault/people.canvas
    """
    vault = open_vault(vault_path)
    items = vault.loaded_items().values()
    if canvas:
        document = entity_canvas(items)
        target = out or vault.root / CANVAS_FILE
        atomic_write_text(target, json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        click.echo(f"wrote {target} ({len(document['nodes'])} entities, {len(document['edges'])} relations)")
        return
    found = entities(items)
    edges = relation_edges(found)
    if not edges:
        click.echo("no relations between entities yet")
    for source, target_stem, label in edges:
        click.echo(f"{found[source].name} —{label}→ {found[target_stem].name}")


def register(group: click.Group) -> None:
    group.add_command(graph)
