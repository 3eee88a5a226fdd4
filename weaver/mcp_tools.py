"""What each MCP tool does, over a Vault, returning JSON-ready values. No MCP imports here.

`weaver/mcp_server.py` wires these to the SDK. Calls are serialised (one at a time per
server); writes take the vault's single-writer lock, waiting at most ``lock_timeout``
seconds for a running cycle, and every tool sees the vault as it is at HEAD (another
process may have woven since the last call).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Sequence
from datetime import date, datetime, timezone
from enum import Enum
from typing import Any, TypeVar

from vaultweave.store.errors import (
    IndexModelMismatchError,
    ItemNotFoundError,
    UnknownRevisionError,
    VaultError,
)
from vaultweave.store.item import Item, Status, to_json_dict
from vaultweave.store.paths import safe_name
from vaultweave.weaver.agent_views import about, compact_digest, fact_brief, history_hint, subjects
from vaultweave.weaver.changes import digest_to_json, digest_to_text
from vaultweave.weaver.page_files import read_page
from vaultweave.weaver.render import title_of
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT
from vaultweave.weaver.vault import Vault

T = TypeVar("T")


class VaultTools:
    def __init__(
        self, vault: Vault, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT, client: str = "default"
    ) -> None:
        self.vault = vault
        self.lock_timeout = lock_timeout
        self.client = client
        self._mutex = threading.Lock()

    def _run(self, action: Callable[[], T]) -> T:
        with self._mutex:
            self.vault.sync_with_head()  # another process wrote: reread items and indexes
            return action()

    # -- writing --------------------------------------------------------------------------

    def remember(self, text: str, **fields: Any) -> dict[str, Any]:
        """Append one resource line and weave it now."""
        given = {k: v for k, v in fields.items() if v is not None}

        def act() -> dict[str, Any]:
            return self.vault.remember(text, lock_timeout=self.lock_timeout, **given).to_json()

        return self._run(act)

    def forget(self, item_id: str, reason: str) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            report = self.vault.forget(item_id, reason, lock_timeout=self.lock_timeout)
            return {
                "commit": report.commit,
                "message": report.message.splitlines()[0],
                "forgotten": to_json_dict(report.item),
                "was": report.before.status.value,
                "restored": [fact_brief(i) for i in report.restored],
                "categories": list(report.categories),
                "hand_edited": list(report.hand_edited),
            }

        return self._run(act)

    def erase(self, text: str | None, resource_ids: list[str], reason: str) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            receipt = self.vault.erase(
                text, resource_ids=resource_ids, reason=reason, lock_timeout=self.lock_timeout
            )
            return dataclasses.asdict(receipt)

        return self._run(act)

    def open_task(self, goal: str, session: str | None, speaker: str | None) -> dict[str, Any]:
        return self._run(lambda: {"task": self.vault.open_task(goal, session=session, speaker=speaker)})

    def task_note(self, task_id: str, text: str, kind: str) -> dict[str, Any]:
        return self._run(lambda: {"resource": self.vault.add_to_task(task_id, text, kind=kind)})

    def close_task(self, task_id: str, outcome: str, status: str) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            task = self.vault.close_task(task_id, outcome, status=status, lock_timeout=self.lock_timeout)
            return {"task": jsonable(task)}

        return self._run(act)

    def list_tasks(self, status: str | None) -> dict[str, Any]:
        return self._run(lambda: {"tasks": jsonable(self.vault.tasks(status))})

    def correct(self, item_id: str, value: str | None, text: str | None, reason: str) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            report = self.vault.correct(
                item_id, value=value, text=text, reason=reason, lock_timeout=self.lock_timeout
            )
            return {
                "commit": report.commit,
                "message": report.message.splitlines()[0],
                "wrong": fact_brief(report.wrong),
                "corrected": fact_brief(report.corrected),
                "categories": list(report.categories),
            }

        return self._run(act)

    # -- reading --------------------------------------------------------------------------

    def search(
        self,
        query: str,
        explain: bool = False,
        expand: bool = False,
        categories: Sequence[str] | None = None,
        tags: Sequence[str] | None = None,
        kinds: Sequence[str] | None = None,
        **options: Any,
    ) -> dict[str, Any]:
        """The `search` tool, its arguments as the tool takes them (expand false: the
        vault's default; an empty filter: none)."""

        def act() -> dict[str, Any]:
            hits = self.vault.search(
                query,
                expand=expand or None,
                categories=as_list(categories),
                tags=as_list(tags),
                kinds=as_list(kinds),
                **options,
            )
            return {"query": query, "hits": [hit.to_json(explain=explain) for hit in hits]}

        return self._run(act)

    def context(
        self, query: str, budget_tokens: int = 1500, session: str | None = None, expand: bool = False
    ) -> str:
        def act() -> str:
            block = self.vault.context(
                query, budget_tokens=budget_tokens, session=session, expand=expand or None
            )
            return block.text

        return self._run(act)

    def list_categories(self) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            counts: dict[str, list[int]] = {}
            for item in self.vault.loaded_items().values():
                row = counts.setdefault(safe_name(item.category), [0, 0])
                row[0 if item.status is Status.CURRENT else 1] += 1
            rows = []
            for name in self.vault.categories():
                current, other = counts.get(name, [0, 0])
                rows.append(
                    {
                        "name": name,
                        "title": title_of(name),
                        "path": f"categories/{name}.md",
                        "current": current,
                        "not_current": other,
                    }
                )
            return {"categories": rows}

        return self._run(act)

    def read_category(self, name: str) -> str:
        return self._run(lambda: self.category_markdown(name))

    def category_markdown(self, name: str) -> str:
        """A category page's Markdown; the name cannot reach outside categories/."""
        # safe_name keeps the name inside categories/; the page is never read via a link.
        return self.vault.category_text(name.removesuffix(".md"))

    def index_markdown(self) -> str:
        text = read_page(self.vault.root, "index.md")
        if text is None:
            raise ItemNotFoundError("index.md")
        return text

    def fact_history(self, subject: str, attribute: str) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            timeline = self.vault.history(subject, attribute)
            data: dict[str, Any] = {
                "subject": subject,
                "attribute": attribute,
                "timeline": [to_json_dict(item) for item in timeline],
            }
            if not timeline:
                data.update(history_hint(self.vault.loaded_items(), subject, attribute))
            return data

        return self._run(act)

    def changes_since(self, since: str, client: str | None, verbose: bool = False) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            digest = self.vault.changes_since(since, client=client or self.client)
            if not verbose:
                return compact_digest(digest)
            data = digest_to_json(digest)
            data["summary"] = digest_to_text(digest)
            return data

        return self._run(act)

    def about(self, subject: str) -> dict[str, Any]:
        return self._run(lambda: about(self.vault.loaded_items(), subject))

    def list_subjects(self) -> dict[str, Any]:
        return self._run(lambda: {"subjects": subjects(self.vault.loaded_items().values())})

    def status(self) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            state = self.vault.status()
            problems = [str(p) for p in state.line_problems]
            return {
                "head": state.head,
                "items": {k: v for k, v in state.items.items() if v},
                "categories": state.categories,
                "pending_lines": state.pending_lines,
                "line_problems": problems[:20],
                "line_problems_total": len(problems),
                "item_problems": [str(p) for p in state.item_problems][:20],
                "hand_edited": list(state.hand_edited),
                "writer_running": state.locked_by is not None,
                "llm_retry": list(state.llm_retry)[:20],
            }

        return self._run(act)


def tool_error_text(exc: Exception) -> str | None:
    """What a failed tool call tells the model, or None for a crash (the model is told
    only which tool failed; the server logs the rest)."""
    if isinstance(exc, VaultError):
        return for_agents(exc)
    if isinstance(exc, ValueError):
        return f"invalid argument: {exc}"
    if isinstance(exc, ImportError):  # an optional extra (recall) is not installed
        return (
            f"this tool needs an optional part that is not installed ({exc}); "
            "install it with `pip install 'vaultweave[recall]'`"
        )
    return None


def for_agents(exc: VaultError) -> str:
    """An error's text as an agent can act on it: MCP tools, not CLI commands."""
    if isinstance(exc, ItemNotFoundError):
        return f"no fact or category named {exc.key!r}; find ids with search, about or list_categories"
    if isinstance(exc, UnknownRevisionError):
        return (
            f"cannot read changes since {exc.revision!r}: {exc.reason}; give a commit id from "
            "changes_since, a date (YYYY-MM-DD or RFC 3339) or last"
        )
    if isinstance(exc, IndexModelMismatchError):
        return str(exc).replace(
            "rebuild it with `vaultweave reindex`", "the vault's operator must rebuild it (reindex)"
        )
    return str(exc)


def jsonable(value: Any) -> Any:
    """Search hits and the like as JSON values: dataclasses, items, times, enums."""
    if isinstance(value, Item):
        return to_json_dict(value)
    for method in ("to_json_dict", "to_json"):
        convert = getattr(value, method, None)
        if callable(convert):
            return jsonable(convert())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def as_list(values: Sequence[str] | None) -> list[str] | None:
    return list(values) if values else None
