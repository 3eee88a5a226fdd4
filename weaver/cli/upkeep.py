"""`vaultweave consolidate`: print the upkeep plan and apply it as one commit."""

from __future__ import annotations

from pathlib import Path

import click
from vaultweave.store.item import to_json_dict
from vaultweave.weaver.cli.common import echo_json, json_option, open_vault, vault_option
from vaultweave.weaver.upkeep.plan import Rule
from vaultweave.weaver.upkeep.report import ConsolidationReport

SHOWN = (
    Rule.ARCHIVED, Rule.MERGED, Rule.FOLDED, Rule.DEDUPED, Rule.KEPT, Rule.DECAYED, Rule.RECALLED
)


@click.command()
@click.option("--dry-run", is_flag=True, help="Print the plan; change nothing.")
@click.option(
    "--no-similarity", is_flag=True, help="Skip dedupe and merge (no embedding model is loaded)."
)
@vault_option
@json_option
def consolidate(dry_run: bool, no_similarity: bool, vault_path: Path | None, as_json: bool) -> None:
    """Decay, fold recalls, dedupe and merge, archive: what changes and why, in one commit.

    \b
    Example:
      vaultweave consolidate --dry-run
    """
    vault = open_vault(vault_path)
    report = vault.consolidate(dry_run=dry_run, similar="off" if no_similarity else "auto")
    if as_json:
        echo_json(_as_json(report))
        return
    plan = report.plan
    head = "consolidate (dry run)" if dry_run else "consolidate"
    click.echo(f"{head}: {plan.summary()}")
    compared = "" if plan.compared is None else f" over {plan.compared} current items"
    click.echo(f"similarity: {report.similarity}{compared}")
    if plan.recalls or plan.unknown_recalls:
        click.echo(f"recalls folded: {plan.recalls} (unknown ids ignored: {plan.unknown_recalls})")
    for rule in SHOWN:
        for step in plan.of(rule):
            click.echo(f"  {rule.value:<9} {step.after.id}  {step.reason}")
    for page in report.hand_edited:
        click.echo(f"left as edited by hand: {page}")
    if dry_run:
        click.echo("dry run: nothing written")
    elif report.commit:
        click.echo(f"committed {report.commit[:12]}")
    else:
        click.echo("nothing to commit")


def _as_json(report: ConsolidationReport) -> dict[str, object]:
    plan = report.plan
    return {
        "dry_run": report.dry_run,
        "commit": report.commit,
        "summary": plan.summary(),
        "similarity": report.similarity,
        "compared": plan.compared,
        "recalls": plan.recalls,
        "unknown_recalls": plan.unknown_recalls,
        "steps": [
            {"rule": s.rule.value, "reason": s.reason, "item": to_json_dict(s.after)}
            for s in plan.steps
        ],
        "categories": list(report.categories),
        "hand_edited": list(report.hand_edited),
    }


def register(group: click.Group) -> None:
    group.add_command(consolidate)
