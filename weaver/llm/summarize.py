"""Category summaries in prose, from that category's current facts only, cached.

The cache (.vaultweave/llm_summaries.json) is keyed by a hash of the category's current
facts (id and sentence), the prompt version and the model, so a category whose facts did
not change costs no call, and a new prompt or model rewrites every summary once. The
fact bullets below the summary stay deterministic; only this paragraph is prose.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from vaultweave.store.atomic import atomic_write_text
from vaultweave.store.item import Item
from vaultweave.weaver.llm.client import LLMClient, LLMFailure, Message
from vaultweave.weaver.llm.prompts import FactView, digest_prompt, summary_prompt
from vaultweave.weaver.llm.replies import SummaryReply

FILE_NAME = "llm_summaries.json"
VERSION = 1
MAX_SUMMARY = 1200
MAX_FACTS = 60  # the most recent current facts a summary is written from
_LINE_MARK = re.compile(r"^\s*(?:-{3,}|#+|[-*+>]|\d+[.)])\s*")
_INLINE_MARK = re.compile(r"\^|\[\[|\]\]")


def facts_key(category: str, current: Sequence[Item], prompt_version: str, model: str) -> str:
    lines = [f"{prompt_version}\x1f{model}\x1f{category}"]
    lines += sorted(f"{i.id}\x1f{i.text}" for i in current)
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def clean_summary(text: str) -> str:
    """One paragraph of plain prose: no headings, block ids, links or list markers."""
    lines = (_LINE_MARK.sub("", line) for line in text.splitlines())
    flat = " ".join(_INLINE_MARK.sub(" ", " ".join(lines)).split())
    if len(flat) > MAX_SUMMARY:
        flat = flat[:MAX_SUMMARY].rsplit(" ", 1)[0] + " …"
    return flat


class SummaryCache:
    def __init__(self, state_root: Path) -> None:
        self.path = state_root / FILE_NAME
        self._entries: dict[str, dict[str, str]] | None = None

    def _load(self) -> dict[str, dict[str, str]]:
        if self._entries is None:
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = {}
            ok = isinstance(data, dict) and data.get("version") == VERSION
            entries = data.get("categories", {}) if ok else {}
            self._entries = {
                k: v for k, v in entries.items() if isinstance(v, dict) and isinstance(v.get("summary"), str)
            }
        return self._entries

    def get(self, category: str, key: str) -> str | None:
        entry = self._load().get(category)
        return entry["summary"] if entry and entry.get("key") == key else None

    def put(self, category: str, key: str, summary: str) -> None:
        entries = self._load()
        entries[category] = {"key": key, "summary": summary}
        data = {"version": VERSION, "categories": dict(sorted(entries.items()))}
        atomic_write_text(self.path, json.dumps(data, ensure_ascii=False, indent=1))


class _CachedProse:
    """Prose written by the model once per key, kept in the cache; None on any failure
    (the caller keeps its deterministic text)."""

    def __init__(self, client: LLMClient, cache: SummaryCache, prompt_version: str) -> None:
        self.client = client
        self.cache = cache
        self.prompt_version = prompt_version
        self.hits = 0
        self.written = 0
        self.failures: list[str] = []
        self._unavailable = False

    def _prose(self, stage: str, name: str, key: str, messages: Callable[[], list[Message]]) -> str | None:
        cached = self.cache.get(name, key)
        if cached is not None:
            self.hits += 1
            return cached
        if self._unavailable:
            return None
        try:
            reply = self.client.complete(stage, messages(), SummaryReply)
        except LLMFailure as failure:
            self.failures.append(f"{name}: {failure.reason}")
            self._unavailable = failure.kind == "unavailable"
            return None
        text = clean_summary(reply.summary)
        if not text:
            return None
        self.cache.put(name, key, text)
        self.written += 1
        return text


class Summarizer(_CachedProse):
    """``summary(category, items) -> str | None``; None means "use the deterministic one"."""

    def summary(self, category: str, items: Sequence[Item]) -> str | None:
        current = [i for i in items if i.is_current]
        if not current:
            return None
        key = facts_key(category, current, self.prompt_version, self.client.model)

        def messages() -> list[Message]:
            recent = sorted(current, key=lambda i: (i.valid_from, i.id), reverse=True)[:MAX_FACTS]
            views = [
                FactView(i.subject, i.attribute, i.value, i.text, i.valid_from)
                for i in sorted(recent, key=lambda i: (i.subject.casefold(), i.attribute, i.id))
            ]
            return summary_prompt(self.prompt_version, category, views)

        return self._prose("summarize", category, key, messages)


class DigestSummarizer(_CachedProse):
    """``summary(path, title, turns) -> str | None`` for digest pages, in the same cache
    (entries ``digest:<path>``, keyed by the turns, prompt version and model)."""

    def summary(self, path: str, title: str, turns: Sequence[str]) -> str | None:
        if not turns:
            return None
        parts = [self.prompt_version, self.client.model, path, *turns]
        key = hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()
        return self._prose(
            "digest", f"digest:{path}", key, lambda: digest_prompt(self.prompt_version, title, turns)
        )


def cached_summaries(
    state_root: Path, prompt_version: str, model: str
) -> Callable[[str, Sequence[Item]], str | None]:
    """Summaries from the cache only, never a call: for writers outside a weave (forget,
    upkeep, doctor) so a model-written summary stays on a page whose facts kept their
    text, instead of flipping to the plain one and back."""
    cache = SummaryCache(state_root)

    def summary(category: str, items: Sequence[Item]) -> str | None:
        current = [i for i in items if i.is_current]
        if not current:
            return None
        return cache.get(category, facts_key(category, current, prompt_version, model))

    return summary
