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

from vaultweave.store.errors import ItemNotFoundError, NotWovenYetError, VaultLockedError
from vaultweave.store.item import Item, Status, to_json_dict
from vaultweave.store.paths import safe_name
from vaultweave.weaver.changes import digest_to_json, digest_to_text
from vaultweave.weaver.cycle import CycleReport
from vaultweave.weaver.page_files import read_page
from vaultweave.weaver.render import title_of
from vaultweave.weaver.resolve import Action
from vaultweave.weaver.vault import Vault

T = TypeVar("T")
DEFAULT_LOCK_TIMEOUT = 30.0


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
            resource = self.vault.ingest(text, **given)
            try:
                report = self.vault.weave(lock_timeout=self.lock_timeout)
            except VaultLockedError as exc:
                raise NotWovenYetError(resource, exc) from exc
            return _report_json(resource, report)

        return self._run(act)

    def forget(self, item_id: str, reason: str) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            report = self.vault.forget(item_id, reason, lock_timeout=self.lock_timeout)
            return {
                "commit": report.commit,
                "message": report.message.splitlines()[0],
                "forgotten": to_json_dict(report.item),
                "was": report.before.status.value,
                "categories": list(report.categories),
                "hand_edited": list(report.hand_edited),
            }

        return self._run(act)

    # -- reading --------------------------------------------------------------------------

    def search(self, query: str, **options: Any) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            hits = self.vault.search(query, **options)
            return {"query": query, "hits": [jsonable(hit) for hit in hits]}

        return self._run(act)

    def context(self, query: str, budget_tokens: int) -> str:
        def act() -> str:
            return self.vault.context(query, budget_tokens=budget_tokens).text

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
            return {
                "subject": subject,
                "attribute": attribute,
                "timeline": [to_json_dict(item) for item in timeline],
            }

        return self._run(act)

    def changes_since(self, since: str, client: str | None) -> dict[str, Any]:
        def act() -> dict[str, Any]:
            digest = self.vault.changes_since(since, client=client or self.client)
            data = digest_to_json(digest)
            data["summary"] = digest_to_text(digest)
            return data

        return self._run(act)


def _report_json(resource: str, report: CycleReport) -> dict[str, Any]:
    def fact(item: Item) -> dict[str, Any]:
        return {"id": item.id, "text": item.text, "category": item.category, "kind": item.kind}

    learned, superseded, ended, retracted, reinforced, doubted = [], [], [], [], [], []
    for change in report.changes:
        if change.action is Action.ADDED:
            learned.append(fact(change.after))
        elif change.action is Action.SUPERSEDED:
            successor = report.resolution.final_items.get(change.after.superseded_by)
            superseded.append(
                {
                    **fact(change.after),
                    "old": change.after.value,
                    "new": successor.value if successor else None,
                    "superseded_by": change.after.superseded_by,
                }
            )
        elif change.action is Action.ENDED:
            # True until this turn: now history, with the day it stopped (valid_to).
            ended.append({**fact(change.after), "reason": change.after.status_reason})
        elif change.action is Action.RETRACTED:
            retracted.append({**fact(change.after), "reason": change.after.status_reason})
        elif change.action is Action.REINFORCED:
            reinforced.append(fact(change.after))
        elif change.action is Action.DOUBTED:
            # Still current, flagged possibly outdated by the turn named in "doubt".
            doubted.append({**fact(change.after), "doubt": change.after.doubt})
    return {
        "resource": resource,
        "commit": report.commit,
        "message": report.message.splitlines()[0] if report.message else "no change",
        "learned": learned,
        "superseded": superseded,
        "ended": ended,
        "retracted": retracted,
        "reinforced": reinforced,
        "doubted": doubted,
        "categories": list(report.categories),
        "skipped_lines": [str(p) for p in report.problems],
    }


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
