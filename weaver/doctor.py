"""`vaultweave doctor`: do items, categories, the read cursor and git agree?

Each check is a function ``(vault) -> list[Problem]``; ``CHECKS`` lists them in order and
other modules add theirs (e.g. search projections) with ``register_check``. A problem is
one line a person can act on. ``repair`` fixes only what is derived (pages re-rendered
from items with their free text kept, the cursor, stale git locks, the search index
rebuilt, items left uncommitted by an interrupted cycle put back as committed); it never edits
resources, never rewrites an item's content, and never touches a page it cannot read.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vaultweave.store.errors import GitError
from vaultweave.store.history import VaultHistory
from vaultweave.store.item import Status
from vaultweave.store.paths import safe_name
from vaultweave.store.resources import resource_files, walk_resources
from vaultweave.store.state import Cursor
from vaultweave.weaver.attributes import is_single_valued
from vaultweave.weaver.conversations import consumed_offsets, write_conversation_pages
from vaultweave.weaver.cursor_sync import checked_cursor, consumed_per_git
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.markdown_parse import parse_page
from vaultweave.weaver.page_check import page_problems
from vaultweave.weaver.page_files import UnreadablePage, read_page
from vaultweave.weaver.page_names import odd_stem
from vaultweave.weaver.pages import hand_edited, write_pages
from vaultweave.weaver.transaction import write_transaction
from vaultweave.weaver.turn_links import FOLDER as CONVERSATION_FOLDER
from vaultweave.weaver.turn_links import conversation_page

if TYPE_CHECKING:
    from vaultweave.weaver.workspace import Workspace


@dataclass(frozen=True)
class Problem:
    check: str  # items / pages / cursor / git / ... (the check that found it)
    subject: str  # a path, an item id or a category
    message: str  # what is wrong and what to do, one line
    fixable: bool = False  # derived: `doctor --fix` repairs it
    fix: str = ""  # which repair: render / cursor / locks / restore-items
    note: bool = False  # known and handled (a skipped line): listed, not a failure

    def __str__(self) -> str:
        hint = " [--fix repairs this]" if self.fixable else ""
        return f"{self.check}: {self.subject}: {self.message}{hint}"


Check = Callable[["Workspace"], list[Problem]]


def check_items(vault: Workspace) -> list[Problem]:
    vault.forget_loaded_items()
    items = vault.loaded_items()
    unreadable = vault.item_problems  # read by the same load
    found = [
        Problem("items", p.path, f"unreadable ({p.reason}); restore it: `git checkout -- {p.path}`")
        for p in unreadable
    ]
    current: dict[tuple[str, str], list[str]] = defaultdict(list)
    for item in items.values():
        path = vault.paths.relative(vault.files.path_of(item))
        if not (vault.paths.root / path).exists():
            found.append(Problem("items", item.id, f"stored outside items/{safe_name(item.category)}/"))
        if item.superseded_by and item.superseded_by not in items:
            found.append(Problem("items", item.id, f"superseded by missing item {item.superseded_by}"))
        if item.is_current and is_single_valued(item.attribute):
            current[(normalise(item.subject), item.attribute)].append(item.id)
    for (subject, attribute), ids in sorted(current.items()):
        if len(ids) > 1:
            found.append(
                Problem(
                    "items",
                    ", ".join(sorted(ids)),
                    f"{len(ids)} current values for single-valued {subject}/{attribute}",
                )
            )
    if vault.repo.dirty_paths("items"):
        found.append(
            Problem(
                "items",
                "items/",
                "uncommitted item files left by an interrupted cycle",
                fixable=True,
                fix="restore-items",
            )
        )
    return found


def check_pages(vault: Workspace) -> list[Problem]:
    items = vault.loaded_items()
    by_stem: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for item in items.values():
        section = {Status.CURRENT: "current", Status.ARCHIVED: "archive"}.get(item.status, "history")
        by_stem[safe_name(item.category)][section].add(item.id)
    edited = set(hand_edited(vault))
    found: list[Problem] = []
    pages = {p.stem for p in vault.paths.categories.glob("*.md")}
    for stem in sorted(by_stem.keys() | pages):
        rel = f"categories/{stem}.md"
        if odd_stem(rel) is not None:
            continue  # reported with the page problems below
        if stem not in pages:
            found.append(Problem("pages", rel, "missing; its facts are not shown", True, "render"))
            continue
        try:
            text = read_page(vault.paths.root, rel) or ""
        except UnreadablePage as exc:
            found.append(Problem("pages", str(exc.problem), "cannot be read back; fix it by hand"))
            continue
        parsed = parse_page(text, rel)
        if parsed.problems:
            found.extend(
                Problem("pages", str(p), "cannot be read back; fix it by hand") for p in parsed.problems
            )
            continue
        if rel in edited:
            found.append(Problem("pages", rel, "hand edit not taken in yet; run `vaultweave weave`"))
            continue
        if stem not in by_stem:
            if parsed.bullets:
                found.append(Problem("pages", rel, "lists facts but no item has this category"))
            continue
        shown: dict[str, set[str]] = defaultdict(set)
        for bullet in parsed.bullets:
            if bullet.item_id:
                shown[bullet.section].add(bullet.item_id)
        for section in ("current", "history", "archive"):
            want, have = by_stem[stem][section], shown[section]
            if want != have:
                found.append(
                    Problem(
                        "pages",
                        rel,
                        f"## {section.title()} out of date ({len(want - have)} missing, "
                        f"{len(have - want)} extra)",
                        True,
                        "render",
                    )
                )
                break
    # With file and line: ids a weave would refuse, index.md, links, odd file names.
    said = {p.subject for p in found}
    found.extend(
        Problem("pages", str(p), "cannot be read back; fix it by hand")
        for p in page_problems(vault)
        if str(p) not in said
    )
    return found


def check_conversations(vault: Workspace) -> list[Problem]:
    """Each consumed resource file has its conversation page, as the weaver wrote it: fact
    bullets link their turns there (a vault woven before those pages has none yet)."""
    found: list[Problem] = []
    changed = set(vault.repo.dirty_paths(CONVERSATION_FOLDER)) if vault.paths.root.joinpath(
        CONVERSATION_FOLDER
    ).is_dir() else set()
    for rel in sorted(vault.state.load_cursor().positions):
        page = conversation_page(rel)
        if page is None:
            continue
        if not (vault.paths.root / page).is_file():
            found.append(Problem("conversations", page, "missing; links to its turns lead nowhere",
                                 True, "conversations"))
        elif page in changed:
            found.append(Problem("conversations", page, "differs from what the weaver wrote "
                                 "(edited by hand?); it is an output", True, "conversations"))
    return found


def check_cursor(vault: Workspace) -> list[Problem]:
    cursor = vault.state.load_cursor()
    files = {vault.paths.relative_lexical(f): f for f in resource_files(vault.paths)}
    found: list[Problem] = []
    if cursor.damaged:
        message = "damaged (unreadable or fails its checksum); weave rebuilds it from git"
        return [Problem("cursor", ".vaultweave/cursor.json", message, True, "cursor")]
    for rel, pos in sorted(cursor.positions.items()):
        file = files.get(rel)
        if file is None:
            found.append(Problem("cursor", rel, "cursor names a missing resource file", True, "cursor"))
            continue
        size = file.stat().st_size
        if pos.offset > size:
            found.append(
                Problem(
                    "cursor",
                    rel,
                    f"cursor at byte {pos.offset} past the end ({size}); resources are append-only",
                    True,
                    "cursor",
                )
            )
            continue
        if pos.offset:
            with file.open("rb") as handle:
                handle.seek(pos.offset - 1)
                if handle.read(1) != b"\n":
                    found.append(Problem("cursor", rel, "cursor is not at a line boundary", True, "cursor"))
                    continue
                handle.seek(0)
                lines = handle.read(pos.offset).count(b"\n")
            if lines != pos.line:
                found.append(
                    Problem(
                        "cursor",
                        rel,
                        f"cursor says line {pos.line} but byte {pos.offset} ends line {lines}",
                        True,
                        "cursor",
                    )
                )
    head = vault.repo.head_sha()
    if (
        cursor.commit
        and head
        and cursor.commit != head
        and not VaultHistory(vault.repo).is_ancestor(cursor.commit, head)
    ):
        found.append(
            Problem("cursor", cursor.commit[:12], "cursor was saved on a commit not in HEAD's history")
        )
    return found


def check_resources(vault: Workspace) -> list[Problem]:
    """Resource files never read (symlinks, unusable names: fix them), and skipped lines."""
    unread = walk_resources(vault.paths)[1]
    found = [Problem("resources", p.path, p.reason) for p in unread]
    found += [
        Problem("resources", f"{p.path}:{p.line}", f"skipped: {p.reason}", note=True)
        for p in vault.state.load_problems()
    ]
    return found


def check_git(vault: Workspace) -> list[Problem]:
    found: list[Problem] = []
    git_dir = vault.paths.root / ".git"
    for lock in (git_dir / "index.lock", git_dir / "HEAD.lock"):
        if lock.exists():
            found.append(
                Problem(
                    "git",
                    f".git/{lock.name}",
                    "lock file left by a git that stopped",
                    True,
                    "locks",
                )
            )
    try:
        vault.repo._git("fsck", "--no-progress", "--no-dangling", "--connectivity-only")
    except GitError as exc:
        found.append(Problem("git", ".git", f"history damaged: {exc.reason.splitlines()[0]}"))
    return found


def check_search(vault: Workspace) -> list[Problem]:
    """The search projections (``Vault.check_projections``) against the tiers."""
    found = []
    from vaultweave.weaver.recall.api import check_projections

    for check in check_projections(vault):
        if check.error:
            found.append(Problem("search", check.name, f"cannot be read ({check.error})", True, "reindex"))
        elif not check.drift.clean:
            found.append(
                Problem("search", check.name, f"out of step: {check.drift.summary()}", True, "reindex")
            )
    return found


CHECKS: list[Check] = [
    check_items, check_pages, check_conversations, check_cursor, check_resources, check_git, check_search
]


def register_check(check: Check) -> Check:
    """Add a check (e.g. search projections); usable as a decorator."""
    if check not in CHECKS:
        CHECKS.append(check)
    return check


def diagnose(vault: Workspace, checks: list[Check] | None = None) -> list[Problem]:
    problems: list[Problem] = []
    for check in checks if checks is not None else CHECKS:
        problems.extend(check(vault))
    return problems


def repair(vault: Workspace, problems: list[Problem]) -> list[str]:
    """Fix the derived problems, under the vault lock. Returns what was done, one line each."""
    done: list[str] = []
    fixes = {p.fix for p in problems if p.fixable}
    with write_transaction(vault):
        if "locks" in fixes:
            for lock in vault.repo.clear_stale_locks():
                done.append(f"removed stale {lock}")
        if "restore-items" in fixes:
            vault.repo.restore("items")
            vault.forget_loaded_items()
            done.append("put items/ back as committed")
        if "cursor" in fixes:
            _repair_cursor(vault, {p.subject for p in problems if p.fix == "cursor"})
            done.append("rebuilt the damaged cursor entries from git (no line is read twice)")
        if "reindex" in fixes:
            from vaultweave.weaver.recall.api import reindex

            units, embedded = reindex(vault, False)
            done.append(f"rebuilt the search index ({units} units, {embedded} embedded)")
        if "conversations" in fixes:
            wanted = {p.subject for p in problems if p.fix == "conversations"}
            files = [rel for rel in vault.state.load_cursor().positions if conversation_page(rel) in wanted]
            written = write_conversation_pages(vault, consumed_offsets(vault, files))
            if written:
                vault.repo.commit_exact("render: conversation pages (doctor --fix)\n", written)
            done.append(f"re-rendered {', '.join(written) or 'nothing'}")
        if "render" in fixes:
            stems = {
                p.subject.removeprefix("categories/").removesuffix(".md")
                for p in problems
                if p.fix == "render"
            }
            pages = write_pages(vault, stems, vault.clock())
            if pages.written:
                vault.repo.commit_exact("render: doctor --fix\n", list(pages.written))
            done.append(f"re-rendered {', '.join(pages.written) or 'nothing'}")
    return done


def _repair_cursor(vault: Workspace, rels: set[str]) -> None:
    """Rebuild damaged entries from git (what weave commits consumed), drop missing files."""
    cursor = vault.state.load_cursor()
    if cursor.damaged:
        vault.state.save_cursor(checked_cursor(vault))
        return
    positions = {rel: pos for rel, pos in cursor.positions.items() if rel not in rels}
    for rel in rels:
        file = vault.paths.root / rel
        if rel in cursor.positions and file.is_file() and not file.is_symlink():
            positions[rel] = consumed_per_git(vault, rel, file)
    vault.state.save_cursor(Cursor(positions, cursor.commit))


