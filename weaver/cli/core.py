"""The spine's commands: init, ingest, weave, items, show, history, status, log, demo."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import click
from vaultweave.store.errors import InvalidResourceError, ItemNotFoundError
from vaultweave.store.item import Status, to_json_dict, to_text
from vaultweave.store.line_checks import load_json
from vaultweave.weaver.cli.common import (
    default_vault_path,
    echo_json,
    json_option,
    open_vault,
    table,
    vault_option,
)
from vaultweave.weaver.cli.progress import counter, quiet_option, stages
from vaultweave.weaver.cli.summary import ingest_summary, print_weave, report_json
from vaultweave.weaver.cycle import CycleHooks, CycleReport
from vaultweave.weaver.entities import timeline_mermaid
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT
from vaultweave.weaver.vault import Vault

STATUS_CHOICES = click.Choice([*(s.value for s in Status), "all"])


@click.command()
@click.argument("path", required=False, type=click.Path(file_okay=False, path_type=Path))
@vault_option
def init(path: Path | None, vault_path: Path | None) -> None:
    """Make PATH (or --vault) a vault: folders, vault.toml, git repository.

    \b
    Example:
      vaultweave init ~/notes-vault
    """
    vault = Vault.init(path or vault_path or default_vault_path())
    click.echo(f"vault ready at {vault.root}")


@click.command()
@click.argument("file", required=False, type=click.File("rb"))
@click.option("--text", help="Append one resource with this text instead of reading FILE.")
@click.option("--role", help="Role of the speaker (user, assistant, ...).")
@click.option("--speaker", help="Who said it.")
@click.option("--ts", help="When it was said (RFC 3339); default now.")
@click.option("--session", help="Conversation or session id.")
@click.option("--source", help="Where it came from (app, channel, ...).")
@click.option("-v", "--verbose", is_flag=True, help="Print every new resource id.")
@quiet_option
@vault_option
@json_option
def ingest(
    file: Any,
    text: str | None,
    role: str | None,
    speaker: str | None,
    ts: str | None,
    session: str | None,
    source: str | None,
    verbose: bool,
    quiet: bool,
    vault_path: Path | None,
    as_json: bool,
) -> None:
    """Append resources: --text "...", or JSON Lines from FILE ("-" for stdin).

    Every line of FILE is validated before anything is written; the lines of one
    resource file are appended with one lock and one fsync. Prints the new id for
    --text, a one-line summary for FILE (every id with --verbose or --json).

    \b
    Example:
      vaultweave ingest chat.jsonl --vault ~/notes-vault
      vaultweave ingest --text "I moved to Berlin." --speaker Maya
    """
    vault = open_vault(vault_path)
    if text is not None:
        if file is not None:
            raise click.UsageError("give either --text or FILE, not both")
        fields = {"role": role, "speaker": speaker, "ts": ts, "session": session, "source": source}
        ids = [vault.ingest(text, **{k: v for k, v in fields.items() if v is not None})]
    else:
        if file is None:
            if sys.stdin.isatty():
                raise click.UsageError('give --text "..." or a JSON Lines FILE ("-" for stdin)')
            file = sys.stdin.buffer
        with counter("ingest", "line", quiet or as_json) as progress:
            ids = vault.ingest_many(_json_lines(file), progress=progress)
    if as_json:
        echo_json({"ingested": ids})
    elif verbose or text is not None:
        for rid in ids:
            click.echo(rid)
    else:
        click.echo(ingest_summary(ids))


def _json_lines(stream: Any) -> list[dict[str, Any]]:
    """Every JSON object of a JSON Lines byte stream; the first bad line stops the ingest."""
    name = getattr(stream, "name", "-")
    where = "<stdin>" if name in ("-", "<stdin>") or not isinstance(name, str) else name
    rows: list[dict[str, Any]] = []
    for number, raw in enumerate(stream, start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            reason = f"not UTF-8 ({exc.reason} at byte {exc.start}); re-encode the file as UTF-8"
            raise InvalidResourceError(f"{where}:{number}: {reason}") from exc
        row, bad_json = load_json(text)
        if bad_json:
            raise InvalidResourceError(f"{where}:{number}: {bad_json}")
        if not isinstance(row, dict):
            raise InvalidResourceError(f"{where}:{number}: expected a JSON object")
        rows.append(row)
    return rows


@click.command()
@click.option("--no-llm", is_flag=True, help="Use the rules path even if vault.toml sets a model.")
@click.option("-v", "--verbose", is_flag=True, help="List every fact change and skipped line.")
@quiet_option
@click.option(
    "--wait",
    "lock_timeout",
    type=click.FloatRange(min=0),
    default=DEFAULT_LOCK_TIMEOUT,
    show_default=True,
    help="Seconds to wait for a running cycle (a watcher's, an MCP write) to finish.",
)
@vault_option
@json_option
def weave(
    no_llm: bool, verbose: bool, quiet: bool, lock_timeout: float, vault_path: Path | None, as_json: bool
) -> None:
    """Run weave cycles until every complete resource line is consumed.

    Prints each commit and a summary (lines, facts added/superseded/retracted, pages,
    commits); the change list too when it is short, always with --verbose or --json.

    \b
    Example:
      vaultweave --vault ~/notes-vault weave --verbose
    """
    vault = open_vault(vault_path)
    reports = weave_with_progress(vault, llm=not no_llm, quiet=quiet or as_json, lock_timeout=lock_timeout)
    if as_json:
        shown = [r for r in reports if r.consumed or r.commit or r.edit.commit or r.page_problems]
        echo_json([report_json(r) for r in shown])
        return
    print_weave(reports, verbose)


def weave_with_progress(
    vault: Vault, *, llm: bool, quiet: bool, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> list[CycleReport]:
    """``Vault.weave_all`` cycle by cycle, with a stage bar per cycle on a terminal."""
    session = vault.llm_session() if llm else None
    reports: list[CycleReport] = []
    while True:
        with stages(f"weave cycle {len(reports) + 1}", STAGES, quiet) as step:
            hooks = CycleHooks(
                after_items=lambda: step("items written"),
                after_markdown=lambda: step("pages rendered"),
                before_commit=lambda: step("committing"),
            )
            chosen = session if session is not None else False
            report = vault.weave(hooks=hooks, llm=chosen, lock_timeout=lock_timeout)
        reports.append(report)
        if report.consumed == 0:
            return reports


STAGES = ("items written", "pages rendered", "committing")


@click.command("items")
@click.option("--status", "status", type=STATUS_CHOICES, default="current", show_default=True)
@click.option("--category", help="Only this category.")
@vault_option
@json_option
def items_command(status: str, category: str | None, vault_path: Path | None, as_json: bool) -> None:
    """List facts.

    \b
    Example:
      vaultweave items --category work --status all
    """
    vault = open_vault(vault_path)
    chosen = vault.items(status=status, category=category)
    if as_json:
        echo_json([to_json_dict(i) for i in chosen], lines=True)
        return
    rows = [(item.id, f"[{item.category}]", item.status.value, item.text) for item in chosen]
    for line in table(rows):
        click.echo(line)


@click.command()
@click.argument("key")
@vault_option
@json_option
def show(key: str, vault_path: Path | None, as_json: bool) -> None:
    """Show one item (by id) or one category page (by name).

    \b
    Example:
      vaultweave show work
    """
    vault = open_vault(vault_path)
    try:
        item = vault.item(key)
    except ItemNotFoundError:
        text = vault.category_text(key)
        if as_json:
            echo_json({"category": key, "markdown": text})
        else:
            click.echo(text, nl=False)
        return
    if as_json:
        echo_json(to_json_dict(item))
    else:
        click.echo(to_text(item), nl=False)


@click.command()
@click.argument("subject")
@click.argument("attribute")
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "json", "mermaid"]),
    default=None,
    help="text (default), json (as --json), or a Mermaid timeline diagram.",
)
@vault_option
@json_option
def history(subject: str, attribute: str, form: str | None, vault_path: Path | None, as_json: bool) -> None:
    """The timeline of SUBJECT's ATTRIBUTE, oldest first.

    \b
    Example:
      vaultweave history Maya employer
      vaultweave history Maya employer --format mermaid > employer.mmd
    """
    vault = open_vault(vault_path)
    timeline = vault.history(subject, attribute)
    if as_json or form == "json":
        echo_json([to_json_dict(i) for i in timeline], lines=True)
        return
    if form == "mermaid":
        click.echo(timeline_mermaid(timeline[0].subject if timeline else subject, attribute, timeline))
        return
    if not timeline:
        click.echo(f"no facts about {subject} / {attribute}")
    for item in timeline:
        until = f"{item.valid_to:%Y-%m-%d}" if item.valid_to else "now"
        click.echo(f"{item.valid_from:%Y-%m-%d} → {until:<10} {item.status.value:<10} {item.value}")


@click.command()
@vault_option
@json_option
def status(vault_path: Path | None, as_json: bool) -> None:
    """What the vault holds, what is pending, and every line that could not be read.

    \b
    Example:
      vaultweave status --vault ~/notes-vault
    """
    vault = open_vault(vault_path)
    report = vault.status()
    if as_json:
        data = {
            "root": report.root,
            "head": report.head,
            "items": report.items,
            "categories": report.categories,
            "pending_lines": report.pending_lines,
            "line_problems": [str(p) for p in report.line_problems],
            "item_problems": [str(p) for p in report.item_problems],
            "hand_edited": list(report.hand_edited),
            "page_problems": [str(p) for p in report.page_problems],
            "locked_by": report.locked_by,
            "llm_retry": list(report.llm_retry),
        }
        echo_json(data)
        return
    counts = ", ".join(f"{n} {s}" for s, n in report.items.items()) or "none"
    rows = [
        ("vault", str(report.root)),
        ("head", (report.head or "no commits")[:12]),
        ("items", counts),
        ("categories", str(report.categories)),
        ("pending", f"{report.pending_lines} resource lines"),
    ]
    for line in table(rows):
        click.echo(line)
    if report.locked_by:
        click.echo(f"locked by process {report.locked_by}")
    for problem in report.line_problems:
        click.echo(str(problem))
    for item_problem in report.item_problems:
        click.echo(f"unreadable item {item_problem}")
    for page in report.hand_edited:
        click.echo(f"hand-edited: {page}")
    for page_problem in report.page_problems:
        click.echo(f"page problem {page_problem}")
    if report.llm_retry:
        count = len(report.llm_retry)
        plural = "s" if count != 1 else ""
        click.echo(f"awaiting LLM retry: {count} resource{plural} (woven by rules so far)")
        for entry in report.llm_retry:
            click.echo(f"  {entry}")


@click.command()
@click.option("-n", "--limit", default=20, show_default=True, type=click.IntRange(min=1))
@vault_option
@json_option
def log(limit: int, vault_path: Path | None, as_json: bool) -> None:
    """The vault's git history, newest first.

    \b
    Example:
      vaultweave log -n 5
    """
    vault = open_vault(vault_path)
    commits = vault.log(limit)
    if as_json:
        echo_json([c.__dict__ for c in commits], lines=True)
        return
    for commit in commits:
        click.echo(f"{commit.sha[:7]} {commit.authored[:19]} {commit.message.splitlines()[0]}")


@click.command()
@click.option(
    "--from",
    "source",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=Path("sample_vault"),
    show_default=True,
    help="A vault folder to copy (left untouched).",
)
@click.option(
    "--to",
    "target",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("build/demo-vault"),
    show_default=True,
    help="Where the copy goes; replaced if it exists.",
)
@quiet_option
def demo(source: Path, target: Path, quiet: bool) -> None:
    """Weave a copy of a sample vault with the rules path and print what it learned.

    \b
    Example:
      vaultweave demo --to build/demo-vault
    """
    src, dst = source.resolve(), target.resolve()
    if dst == src or dst in src.parents:
        raise click.UsageError("--to must not be --from or a folder holding it: the sample stays pristine")
    if dst.exists():
        # Only an earlier demo vault is replaced; never an arbitrary folder.
        if not (dst / "vault.toml").is_file() or not (dst / ".git").exists():
            raise click.UsageError(f"{target} exists and is not a vault; pick a new --to folder")
        shutil.rmtree(dst)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".git", ".vaultweave"))
    vault = Vault.init(target)
    reports = weave_with_progress(vault, llm=True, quiet=quiet)
    lines = sum(r.consumed for r in reports)
    click.echo(f"wove {lines} resource lines from {source} into {target}\n")
    for category in vault.categories():
        current = vault.items(category=category)
        if not current:
            continue
        click.echo(f"{category}:")
        for item in current:
            click.echo(f"  - {item.text}  (since {item.valid_from:%Y-%m-%d})")
    superseded = [i for i in vault.items(status="all") if i.status is not Status.CURRENT]
    if superseded:
        click.echo("\nno longer true:")
        for item in sorted(superseded, key=lambda i: i.valid_to or i.valid_from):
            until = f"{item.valid_to:%Y-%m-%d}" if item.valid_to else "?"
            click.echo(f"  - {item.text}  ({item.valid_from:%Y-%m-%d} → {until}, {item.status.value})")
    click.echo(f"\nbrowse {target}/index.md, or audit with: git -C {target} log --stat")


def register(group: click.Group) -> None:
    for command in (init, ingest, weave, items_command, show, history, status, log, demo):
        group.add_command(command)
