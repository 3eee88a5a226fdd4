"""What `weave` and `ingest` print: a summary by default, every change with --verbose."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import click
from vaultweave.weaver.cycle import CycleReport
from vaultweave.weaver.resolve import Action

# Up to this many changes (and skipped lines) are listed even without --verbose.
SHOWN_BY_DEFAULT = 20

SYMBOLS = {
    Action.ADDED: "+",
    Action.REINFORCED: "=",
    Action.SUPERSEDED: "~",
    Action.RETRACTED: "-",
    Action.ENDED: "x",
    Action.REVIVED: "^",
    Action.DOUBTED: "?",
    Action.MOVED: ">",
    Action.EDITED: "*",
}


def report_json(report: CycleReport) -> dict[str, Any]:
    return {
        "commit": report.commit,
        "message": report.message,
        "consumed": report.consumed,
        "problems": [str(p) for p in report.problems],
        "changes": [
            {"action": c.action.value, "item": c.after.id, "text": c.after.text, "note": c.note}
            for c in report.changes
        ],
        "categories": list(report.categories),
        "hand_edited": list(report.hand_edited),
        "edit_commit": report.edit.commit,
        "page_problems": [str(p) for p in report.page_problems],
        "llm_refused": [str(p) for p in report.llm_refused],
    }


def weave_summary(reports: Sequence[CycleReport]) -> str:
    """One line: lines consumed, facts by action, pages written, commits."""
    counts: Counter[Action] = Counter(c.action for r in reports for c in r.changes)
    lines = sum(r.consumed for r in reports)
    skipped = sum(len(r.problems) for r in reports)
    pages = len({c for r in reports for c in r.categories})
    commits = [r.commit[:7] for r in reports if r.commit]
    facts = ", ".join(
        f"{counts[a]} {a.value}" for a in (Action.ADDED, Action.SUPERSEDED, Action.ENDED, Action.RETRACTED,
                                          Action.REINFORCED, Action.REVIVED, Action.DOUBTED) if counts[a]
    ) or "no fact changes"
    where = f"commit {commits[0]}" if len(commits) == 1 else (
        f"{len(commits)} commits {commits[0]}..{commits[-1]}" if commits else "no commit"
    )
    skip = f", {skipped} skipped" if skipped else ""
    return f"wove {lines} lines{skip}: {facts}; {pages} pages written; {where}"


def print_weave(reports: Sequence[CycleReport], verbose: bool) -> None:
    changes = sum(len(r.changes) + len(r.problems) for r in reports)
    detail = verbose or changes <= SHOWN_BY_DEFAULT
    for report in reports:
        _print_report(report, detail)
    if not any(r.consumed for r in reports):
        click.echo("nothing new to weave")
        return
    click.echo(weave_summary(reports))
    if not detail:
        click.echo(f"({changes} changes and skipped lines not listed; --verbose lists them)")


def _print_report(report: CycleReport, detail: bool) -> None:
    if report.edit.commit:
        click.echo(f"{report.edit.commit[:7]} {report.edit.message.splitlines()[0]}")
    for page_problem in report.page_problems:
        click.echo(f"  ! {page_problem}; page left as written")
    if not report.consumed and not report.commit:
        return
    subject = report.message.splitlines()[0] if report.message else "no change"
    click.echo(f"{(report.commit or '-------')[:7]} {subject}")
    if detail:
        for change in report.changes:
            suffix = f"  ({change.note})" if change.note else ""
            click.echo(f"  {SYMBOLS[change.action]} {change.after.text}{suffix}")
        for problem in report.problems:
            click.echo(f"  ! skipped {problem}")
    for refused in report.llm_refused:  # always shown: a reply tried to reach too far
        click.echo(f"  ! {refused}")
    for page in report.hand_edited:
        if not any(p.path == page for p in report.page_problems):
            click.echo(f"  ! {page} changed while weaving; taken in next time")


def ingest_summary(ids: Sequence[str]) -> str:
    if not ids:
        return "ingested 0 lines"
    files = len({rid.rpartition("#L")[0] for rid in ids})
    plural = "s" if len(ids) != 1 else ""
    return (
        f"ingested {len(ids)} line{plural} into {files} file{'s' if files != 1 else ''} "
        f"({ids[0]} .. {ids[-1]})"
    )
