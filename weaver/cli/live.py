"""The live vault's commands: `watch` (the daemon) and `doctor [--fix]`."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click
from vaultweave.weaver.cli.common import echo_json, json_option, open_vault, vault_option
from vaultweave.weaver.doctor import diagnose, repair

if TYPE_CHECKING:
    from vaultweave.weaver.watch import BatchResult


def _print_batch(result: BatchResult) -> None:
    if result.error:
        click.echo(f"! batch failed ({', '.join(result.paths)}): {result.error}; still watching", err=True)
        return
    for report in result.reports:
        if report.edit.commit:
            click.echo(f"{report.edit.commit[:7]} {report.edit.message.splitlines()[0]}")
        if report.commit:
            click.echo(f"{report.commit[:7]} {report.message.splitlines()[0]}")
        for page_problem in report.page_problems:
            click.echo(f"! {page_problem}; page left as written", err=True)
        for line_problem in report.problems:
            click.echo(f"! skipped {line_problem}", err=True)


@click.command()
@click.option(
    "--debounce",
    default=0.3,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds of quiet before a batch of changes is woven.",
)
@click.option("--no-llm", is_flag=True, help="Use the rules path even if vault.toml configures a model.")
@vault_option
def watch(debounce: float, no_llm: bool, vault_path: Path | None) -> None:
    """Weave as files change, until Ctrl-C or SIGTERM (the running cycle finishes first).

    \b
    Example:
      vaultweave watch --vault ~/notes-vault --debounce 1
    """
    vault = open_vault(vault_path)
    from vaultweave.weaver.watch import Watcher  # watchdog is the `watch` extra

    watcher = Watcher(vault, debounce=debounce, on_batch=_print_batch, llm=not no_llm)
    watcher.claim()  # fails here, naming the holder, if another watcher runs
    click.echo(f"watching {vault.root} (pid {os.getpid()}); Ctrl-C to stop", err=True)
    failures = watcher.run()
    click.echo(f"stopped after {watcher.batches} batches, {failures} failed", err=True)


@click.command()
@click.option("--fix", is_flag=True, help="Repair what is derived (never resources or item content).")
@vault_option
@json_option
def doctor(fix: bool, vault_path: Path | None, as_json: bool) -> None:
    """Check that items, category pages, the read cursor and git agree.

    \b
    Example:
      vaultweave doctor --fix
    """
    vault = open_vault(vault_path)
    problems = diagnose(vault)
    done = repair(vault, problems) if fix and any(p.fixable for p in problems) else []
    # A note (a line skipped as malformed) is listed but is no failure: it is handled.
    left = [p for p in (diagnose(vault) if done else problems) if not p.note]
    if as_json:
        echo_json(
            {
                "problems": [p.__dict__ for p in problems],
                "fixed": done,
                "remaining": [str(p) for p in left],
            }
        )
    else:
        for problem in problems:
            click.echo(str(problem))
        for line in done:
            click.echo(f"fixed: {line}")
        if not [p for p in problems if not p.note]:
            click.echo("vault is consistent")
    if left:
        fixable = sum(1 for p in left if p.fixable)
        hint = " (run with --fix)" if fixable and not fix else ""
        raise click.ClickException(
            f"{len(left)} problem{'s' if len(left) != 1 else ''} remain{'s' if len(left) == 1 else ''}{hint}"
        )


def register(group: click.Group) -> None:
    for command in (watch, doctor):
        group.add_command(command)
