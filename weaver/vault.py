"""Vault: the one entry point. The CLI and the MCP server are thin layers over it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from vaultweave.schemas.config import DEFAULT_VAULT_TOML, VaultConfig
from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.bookmarks import DEFAULT_CLIENT
from vaultweave.store.config_files import load_checked
from vaultweave.store.errors import (
    ItemNotFoundError,
    NotAVaultError,
    NotWovenYetError,
    VaultLockedError,
)
from vaultweave.store.gitrepo import CommitInfo, VaultRepo
from vaultweave.store.item import Item, Status
from vaultweave.store.items import ItemFiles, ItemReadProblem
from vaultweave.store.lock import VaultLock
from vaultweave.store.paths import VaultPaths, safe_name
from vaultweave.store.state import StateDir
from vaultweave.weaver.changes import ChangeDigest, changes_since
from vaultweave.weaver.correct import CorrectReport, apply_correct
from vaultweave.weaver.cycle import CycleHooks, CycleReport, Projection, run_cycle
from vaultweave.weaver.erase import EraseReceipt, apply_erase
from vaultweave.weaver.extract.base import Extractor, normalise
from vaultweave.weaver.forget import ForgetReport, apply_forget
from vaultweave.weaver.page_files import read_page
from vaultweave.weaver.read_through import SharedReaders, context_through, search_through
from vaultweave.weaver.recall.projection import register as register_recall
from vaultweave.weaver.remember import RememberReport
from vaultweave.weaver.render import render_index
from vaultweave.weaver.resource_writer import append_many, append_one, checked_line
from vaultweave.weaver.revert import RevertReport, apply_revert
from vaultweave.weaver.tasks import TaskBuffers, TaskInfo
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT, write_transaction
from vaultweave.weaver.upkeep.plan import PairFinder
from vaultweave.weaver.upkeep.report import ConsolidationReport
from vaultweave.weaver.upkeep.run import access_log, consolidate_with, should_run
from vaultweave.weaver.vault_status import VaultStatus, read_status

if TYPE_CHECKING:
    from vaultweave.weaver.llm.session import LLMSession
    from vaultweave.weaver.recall.api import ProjectionCheck
    from vaultweave.weaver.recall.context import Context
    from vaultweave.weaver.recall.hits import Hit

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


class Vault:
    """A vault directory: resources, items and categories under git."""

    def __init__(self, root: Path, config: VaultConfig, clock: Clock = utc_now) -> None:
        self.paths = VaultPaths(root)
        self.config = config
        self.clock = clock
        self.repo = VaultRepo(root)
        self.files = ItemFiles(self.paths)
        self.state = StateDir(self.paths.state)
        self.lock = VaultLock(self.paths.state / "weaver.lock")
        self.projections: list[Projection] = []
        self._items: dict[str, Item] | None = None
        # Set by a cycle that committed all it wrote; lets the next skip the items/ scan.
        self.known_clean = False
        self._seen_head: str | None = None  # the commit this object's loaded state reflects
        self._item_problems: list[ItemReadProblem] = []
        # The shared vaults ([share] read_through) this one reads; a home server shares one.
        self.shared_readers = SharedReaders(Vault.open)
        register_recall(self)

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def init(cls, path: str | os.PathLike[str], *, clock: Clock = utc_now) -> Vault:
        """Make ``path`` a vault (creating it if needed). Safe to run on an existing vault."""
        root = Path(path).expanduser().absolute()
        root.mkdir(parents=True, exist_ok=True)
        paths = VaultPaths(root)
        if not paths.config.exists():
            atomic_write_text(paths.config, DEFAULT_VAULT_TOML)
        repo = VaultRepo.init(root)
        vault = cls(root, load_checked(VaultConfig.load, paths.config), clock)
        for folder in (paths.resources, paths.items, paths.categories, paths.state):
            folder.mkdir(parents=True, exist_ok=True)
        if not paths.index_md.exists():
            vault._write_index()
        repo.commit(
            f"init: vault {vault.config.vault.name}",
            (".gitignore", ".gitattributes", "vault.toml", "index.md"),
        )
        return vault

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, clock: Clock = utc_now) -> Vault:
        root = Path(path).expanduser().absolute()
        paths = VaultPaths(root)
        if not paths.config.is_file() or not (root / ".git").exists():
            raise NotAVaultError(root)
        return cls(root, load_checked(VaultConfig.load, paths.config), clock)

    @property
    def root(self) -> Path:
        return self.paths.root

    def __enter__(self) -> Vault:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the writer lock if this object holds it (a with-block ends here)."""
        if self.lock.held:
            self.lock.release()

    def warmup(self) -> None:
        """Load items, the search indexes and the embedding model now, so the first
        ``search`` or ``context`` does not pay for them; a no-op part where recall is not
        installed."""
        from vaultweave.weaver.recall.api import warmup

        self.loaded_items()
        warmup(self)

    def reload_config(self) -> None:
        """Re-read vault.toml (the watcher calls this when it changes); raises ConfigError."""
        self.config = load_checked(VaultConfig.load, self.paths.config)

    # -- tier 1 --------------------------------------------------------------------------

    def ingest(self, text: str | None = None, **fields: Any) -> str:
        """Append one resource line; returns its id. ``ts`` defaults to now (UTC)."""
        if text is not None:
            fields["text"] = text
        return append_one(self, checked_line(self, fields))

    def remember(
        self, text: str, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT, **fields: Any
    ) -> RememberReport:
        """Store one line and weave it now: what was learned, superseded, ended, retracted,
        reinforced or doubted. Waits up to ``lock_timeout`` s for a running cycle; if it
        still cannot weave, NotWovenYetError says the line is stored and will be woven."""
        resource = self.ingest(text, **fields)
        try:
            report = self.weave(lock_timeout=lock_timeout)
        except VaultLockedError as exc:
            raise NotWovenYetError(resource, exc) from exc
        if resource not in {r.id for r in report.resources}:
            return RememberReport.woven_elsewhere(resource, self.loaded_items().values())
        return RememberReport.of_cycle(resource, report)

    def ingest_many(
        self,
        lines: Iterable[dict[str, Any]],
        *,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[str]:
        """Validate every line first, then append them; nothing is written if one is invalid.

        Lines are grouped by the resource file their ``ts`` falls in and each group is
        appended with one lock and one fsync (``append_lines``); ids come back in input
        order. ``progress(done, total)`` is called after each file's batch.
        """
        return append_many(self, lines, progress)

    # -- the cycle -----------------------------------------------------------------------

    def default_extractor(self) -> Extractor:
        from vaultweave.weaver.extract.rules import rules_extractor

        return rules_extractor(self.config)

    def llm_session(self) -> LLMSession | None:
        """The LLM stages vault.toml configures, or None for the rules path."""
        from vaultweave.weaver.llm.session import open_session

        return open_session(self)

    def weave(
        self,
        extractor: Extractor | None = None,
        *,
        hooks: CycleHooks | None = None,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
        llm: bool | LLMSession = True,
    ) -> CycleReport:
        """Run one cycle under the single-writer lock. A cycle already running (a watcher's,
        an MCP write) is waited for up to ``lock_timeout`` seconds, then VaultLockedError.

        ``llm=False`` forces the rules path even when vault.toml configures a model; a
        session from ``llm_session()`` is reused (a daemon keeps one across cycles).
        """
        session = llm if not isinstance(llm, bool) else (self.llm_session() if llm else None)
        if session is not None and not isinstance(llm, bool):
            session.start_weave()  # a kept session: a fresh timeout budget for this weave
        return self._weave_once(extractor, session, hooks, lock_timeout)

    def weave_all(
        self,
        extractor: Extractor | None = None,
        *,
        llm: bool = True,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> list[CycleReport]:
        """Cycle until every complete line is consumed (one LLM session for the whole run)."""
        session = self.llm_session() if llm else None
        reports = []
        while True:
            report = self._weave_once(extractor, session, None, lock_timeout)
            reports.append(report)
            if report.consumed == 0:
                return reports

    def _weave_once(
        self,
        extractor: Extractor | None,
        session: LLMSession | None,
        hooks: CycleHooks | None,
        lock_timeout: float,
    ) -> CycleReport:
        with write_transaction(self, lock_timeout):
            chosen = extractor or (session.extractor if session else self.default_extractor())
            report = run_cycle(self, chosen, self.projections, hooks, advisor=session)
            if session is not None:
                session.finish(report)
            if should_run(self, report):
                report = replace(report, consolidation=consolidate_with(self, "auto", dry_run=False))
            return report

    # -- upkeep --------------------------------------------------------------------------

    def record_access(self, item_ids: Iterable[str]) -> int:
        """Count a recall of each id (search and context call this). No lock, no commit:
        the next consolidation pass folds the counts into the items."""
        return access_log(self).record(item_ids, self.clock())

    def consolidate(
        self,
        *,
        dry_run: bool = False,
        similar: PairFinder | Literal["auto", "off"] = "auto",
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> ConsolidationReport:
        """One upkeep pass as one commit; ``dry_run`` only plans (no lock, no write).
        ``similar="auto"`` uses the configured embedder when the recall extra is installed
        (else no dedupe)."""
        if dry_run:
            self.sync_with_head()
            return consolidate_with(self, similar, dry_run=True)
        with write_transaction(self, lock_timeout):
            return consolidate_with(self, similar, dry_run=False)

    # -- tier 2 --------------------------------------------------------------------------

    def loaded_items(self) -> dict[str, Item]:
        """All items by id, read once and then kept in step with the cycle's writes."""
        if self._items is None:
            self._items, self._item_problems = self.files.load_all()
        return self._items

    @property
    def item_problems(self) -> list[ItemReadProblem]:
        """Item files the last load could not read (never dropped silently)."""
        self.loaded_items()
        return list(self._item_problems)

    def remember_items(self, items: Iterable[Item]) -> None:
        from vaultweave.weaver.item_index import note_remembered

        loaded = self.loaded_items()
        taken = list(items)
        for item in taken:
            loaded[item.id] = item
        note_remembered(self, taken)

    def sync_with_head(self) -> None:
        """Reread items and indexes if another process committed since this object looked.

        A Vault kept open (a watcher, the MCP server, a Python program) would otherwise
        plan against facts another writer has since changed.
        """
        head = self.repo.head_sha()
        if head == self._seen_head:
            return
        self._seen_head = head  # taken before rereading: a later commit is noticed next time
        self.known_clean = False
        self.forget_loaded_items()
        for projection in self.projections:
            close = getattr(projection, "close", None)
            if callable(close):
                close()

    def mark_seen(self) -> None:
        """This object's own writes are in HEAD and in its loaded state."""
        self._seen_head = self.repo.head_sha()

    def forget_loaded_items(self) -> None:
        self._items = None

    def items(self, status: str | Status | None = Status.CURRENT, category: str | None = None) -> list[Item]:
        """Items filtered by status (None or "all" for every status) and category."""
        wanted = None if status in (None, "all") else Status(status)
        chosen = [
            item
            for item in self.loaded_items().values()
            if (wanted is None or item.status is wanted)
            and (category is None or safe_name(item.category) == safe_name(category))
        ]
        return sorted(
            chosen, key=lambda i: (i.category, i.subject.casefold(), i.attribute, i.valid_from, i.id)
        )

    def item(self, item_id: str) -> Item:
        found = self.loaded_items().get(item_id)
        if found is None:
            raise ItemNotFoundError(item_id)
        return found

    def history(self, subject: str, attribute: str) -> list[Item]:
        """Every value ``subject``'s ``attribute`` has had, oldest first."""
        key = normalise(subject)
        timeline = [
            item
            for item in self.loaded_items().values()
            if normalise(item.subject) == key and item.attribute == attribute
        ]
        return sorted(timeline, key=lambda i: (i.valid_from, i.observed_at, i.id))

    # -- tier 3 --------------------------------------------------------------------------

    def categories(self) -> list[str]:
        return sorted(p.stem for p in self.paths.categories.glob("*.md"))

    def category_text(self, name: str) -> str:
        """A category page's Markdown, read as a page: never through a link, always UTF-8."""
        text = read_page(self.root, f"categories/{safe_name(name)}.md")
        if text is None:
            raise ItemNotFoundError(name)
        return text

    def _write_index(self) -> None:
        text = render_index(self.config.vault.name, self.loaded_items().values(), self.clock())
        atomic_write_text(self.paths.index_md, text)

    # -- recall (weaver/recall/) ------------------------------------------------------------

    def search(
        self,
        query: str,
        k: int = 10,
        categories: Iterable[str] | str | None = None,
        tags: Iterable[str] | str | None = None,
        kinds: Iterable[str] | str | None = None,
        include_history: bool = False,
        as_of: str | date | datetime | None = None,
        min_score: float | None = None,
        *,
        read_through: bool = True,
        expand: bool | None = None,
    ) -> list[Hit]:
        """Hybrid search over items and turns; current facts only unless asked otherwise.
        With ``[share] read_through``, the shared vaults' hits join in, marked ``Hit.vault``;
        ``expand=True`` adds the facts one hop from the top facts (relations, time order,
        similarity)."""
        hits = search_through(
            self, self.shared_readers, query, k, read_through=read_through, expand=expand,
            categories=categories, tags=tags, kinds=kinds, include_history=include_history,
            as_of=as_of, min_score=min_score,
        )
        self.record_access(h.id for h in hits if h.kind == "item" and not h.vault)
        return hits

    def context(
        self, query: str, budget_tokens: int = 1500, *, session: str | None = None,
        read_through: bool = True, expand: bool | None = None,
    ) -> Context:
        """A prompt-ready Markdown block for ``query`` that never exceeds ``budget_tokens``;
        with ``session``, that session's last turns come first (the short-term window);
        shared vaults' facts ([share] read_through) are marked with their vault."""
        block = context_through(
            self, self.shared_readers, query, budget_tokens, session=session,
            read_through=read_through, expand=expand,
        )
        own = self.loaded_items()
        self.record_access(i for i in block.item_ids if i in own)
        return block

    def reindex(self, fresh: bool = False, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> tuple[int, int]:
        """Rebuild the search projections from the tiers; returns (units, newly embedded)."""
        from vaultweave.weaver.recall.api import reindex

        return reindex(self, fresh, lock_timeout)

    def check_projections(self) -> list[ProjectionCheck]:
        from vaultweave.weaver.recall.api import check_projections

        return check_projections(self)

    # -- audit ---------------------------------------------------------------------------

    def log(self, limit: int = 20) -> list[CommitInfo]:
        return self.repo.log(limit)

    def changes_since(self, since: str, *, client: str = DEFAULT_CLIENT) -> ChangeDigest:
        """Facts added, superseded, retracted... after a commit, a date, or ``"last"``.

        ``"last"`` reads from ``client``'s bookmark and moves it to HEAD.
        """
        return changes_since(self, since, client)

    def forget(
        self, item_id: str, reason: str, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
    ) -> ForgetReport:
        """Retract one fact with a reason and commit; git keeps every earlier version."""
        return apply_forget(self, item_id, reason, lock_timeout)

    def correct(
        self, item_id: str, *, value: str | None = None, text: str | None = None,
        reason: str = "it was wrong", lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> CorrectReport:
        """The fact was wrong (not changed by the world): void it and put the right value in
        its place from the same date; commit. Use ``forget`` when there is nothing to put."""
        return apply_correct(
            self, item_id, value=value, text=text, reason=reason, lock_timeout=lock_timeout
        )

    def revert(self, commit: str, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> RevertReport:
        """Undo what one commit did to the facts, as a new commit (see weaver/revert.py)."""
        return apply_revert(self, commit, lock_timeout)

    def erase(
        self, text: str | None = None, *, resource_ids: Iterable[str] = (), reason: str,
        rewrite_history: bool = False, lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> EraseReceipt:
        """For privacy: remove ``text`` (or the lines ``resource_ids``) from resources, facts,
        pages and indexes; with ``rewrite_history`` from every git commit too. Returns the
        receipt of what was removed and checked (see weaver/erase.py)."""
        return apply_erase(
            self, text, list(resource_ids), reason, rewrite=rewrite_history, lock_timeout=lock_timeout
        )

    # -- task buffers (weaver/tasks.py) ---------------------------------------------------

    def _tasks(self) -> TaskBuffers:
        return TaskBuffers(self, self.ingest, lambda wait: self.weave(lock_timeout=wait))

    def open_task(
        self, goal: str, *, speaker: str | None = None, session: str | None = None,
        task_id: str | None = None,
    ) -> str:
        """Open a task buffer; returns its id. Its notes are resource lines, so nothing is
        lost if the process dies."""
        return self._tasks().open(goal, speaker, session, task_id)

    def add_to_task(
        self, task_id: str, text: str, *, kind: str = "note", speaker: str | None = None
    ) -> str:
        """A note (or a ``kind="result"``) for an open task; returns the resource id."""
        return self._tasks().add(task_id, text, kind, speaker)

    def close_task(
        self, task_id: str, outcome: str = "", *, status: str = "done",
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> TaskInfo:
        """Close a task: weave its lines and write ``tasks/<id>.md`` (goal, notes, outcome,
        the facts it produced); ``status`` is done, failed or abandoned."""
        return self._tasks().close(task_id, outcome, status, lock_timeout)

    def tasks(self, status: str | None = None) -> list[TaskInfo]:
        """Every task (or those with ``status``: open, done, failed, abandoned), oldest first."""
        return self._tasks().listed(status)

    def close_stale_tasks(self) -> list[str]:
        """Close as abandoned the tasks open past ``[tasks] abandon_after_hours``."""
        return self._tasks().close_stale()

    def status(self) -> VaultStatus:
        return read_status(self)


__all__: Sequence[str] = [
    "Vault", "VaultStatus", "CycleReport", "CycleHooks", "ChangeDigest", "ForgetReport",
    "CorrectReport", "RememberReport", "RevertReport", "EraseReceipt", "TaskInfo",
]
