"""Loading and checking the gold conversations in ``bench/facts/data/*.yaml``.

The language of a conversation is its file's stem (``en.yaml`` -> ``en``) unless the
conversation sets ``lang`` itself; ``timezone`` defaults by language (``LANG_TIMEZONE``).
``check`` returns every problem found (an empty list means the data is well formed);
``python -m bench.facts --check`` prints them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).resolve().parent / "data"
SPLITS = ("dev", "held")
ROLES = ("user", "assistant", "system", "tool")
GOLD_KEYS = ("current", "superseded", "not_current", "doubted")
# The wall-clock zone of a file's `when` values when a conversation names none (zh.yaml's
# header: "appointment `when:` is the wall-clock local time the user said", China).
LANG_TIMEZONE = {"zh": "Asia/Shanghai"}
DAY_NAMES = (
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "daily",
    "weekend",
    "weekday",
)

Conversation = dict[str, Any]
# libyaml's safe loader where PyYAML was built with it: the same documents, three times faster
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(data_dir: Path = DATA_DIR, langs: Iterable[str] | None = None) -> list[Conversation]:
    """Every conversation of every ``*.yaml`` in ``data_dir`` (or only of ``langs``)."""
    wanted = set(langs) if langs is not None else None
    conversations: list[Conversation] = []
    for path in sorted(data_dir.glob("*.yaml")):
        lang = path.stem
        if wanted is not None and lang not in wanted:
            continue
        loaded = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER) or []
        if not isinstance(loaded, list):
            raise ValueError(f"{path}: expected a YAML list of conversations")
        for conv in loaded:
            if isinstance(conv, dict):
                conv.setdefault("lang", lang)
                if lang in LANG_TIMEZONE:
                    conv.setdefault("timezone", LANG_TIMEZONE[lang])
                conv["_file"] = path.name
            conversations.append(conv)
    return conversations


def batch_of(conv: Conversation) -> int:
    """The batch a conversation was written in: its ``batch`` key, or 1 when it has none
    (the first two batches are told apart by id ranges only, see docs/FACTS.md)."""
    return int(conv.get("batch") or 1)


def select(
    conversations: Iterable[Conversation],
    split: str = "all",
    lang: str = "all",
    batch: int | Iterable[int] | None = None,
) -> list[Conversation]:
    """The conversations of a split, a language and a batch (or any of several batches)."""
    batches = None if batch is None else {batch} if isinstance(batch, int) else set(batch)
    return [
        c
        for c in conversations
        if (split == "all" or c.get("split") == split)
        and (lang == "all" or c.get("lang") == lang)
        and (batches is None or batch_of(c) in batches)
    ]


def _moment(text: Any) -> datetime | None:
    if isinstance(text, datetime):
        return text
    try:
        return datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return None


def _check_fact(where: str, kind: str, fact: Any) -> list[str]:
    if not isinstance(fact, Mapping):
        return [f"{where}: {kind} entry is not a mapping: {fact!r}"]
    problems = []
    for key in ("subject", "attribute", "value"):
        if fact.get(key) in (None, ""):
            problems.append(f"{where}: {kind} fact without {key}: {dict(fact)}")
    if kind == "superseded":
        try:
            after = date.fromisoformat(str(fact.get("ended_after")))
            before = date.fromisoformat(str(fact.get("ended_before")))
            if after > before:
                problems.append(f"{where}: ended_after {after} is after ended_before {before}")
        except ValueError:
            problems.append(f"{where}: superseded fact needs ended_after/ended_before dates: {dict(fact)}")
    if fact.get("when") is not None and _moment(fact["when"]) is None:
        problems.append(f"{where}: unreadable when {fact['when']!r}")
    days = fact.get("days")
    if days is not None and (not isinstance(days, list) or any(str(d) not in DAY_NAMES for d in days)):
        problems.append(f"{where}: days must be a list of {DAY_NAMES}: {days!r}")
    return problems


def check(conversations: Iterable[Conversation]) -> list[str]:
    """Every problem in the data: ids, turns, timestamps, gold facts."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    for n, conv in enumerate(conversations, start=1):
        if not isinstance(conv, Mapping):
            problems.append(f"entry {n}: not a mapping")
            continue
        cid = str(conv.get("id") or f"entry {n}")
        where = f"{conv.get('_file', '?')}:{cid}"
        if cid in seen:
            problems.append(f"{where}: id already used in {seen[cid]}")
        seen[cid] = str(conv.get("_file", "?"))
        if conv.get("split") not in SPLITS:
            problems.append(f"{where}: split must be one of {SPLITS}")
        if conv.get("batch") is not None and not isinstance(conv.get("batch"), int):
            problems.append(f"{where}: batch must be a whole number")
        if not conv.get("classes"):
            problems.append(f"{where}: no classes")
        if not conv.get("speaker"):
            problems.append(f"{where}: no speaker")
        turns = conv.get("turns") or []
        if len(turns) < 3:
            problems.append(f"{where}: {len(turns)} turns (at least 3)")
        previous = None
        for k, turn in enumerate(turns, start=1):
            if not isinstance(turn, Mapping) or not str(turn.get("text") or "").strip():
                problems.append(f"{where}: turn {k} has no text")
                continue
            if turn.get("role") not in ROLES:
                problems.append(f"{where}: turn {k} role {turn.get('role')!r}")
            moment = _moment(turn.get("ts"))
            if moment is None or moment.tzinfo is None:
                problems.append(f"{where}: turn {k} ts {turn.get('ts')!r} is not an ISO UTC time")
                continue
            if previous is not None and moment <= previous:
                problems.append(f"{where}: turn {k} ts does not increase")
            previous = moment
        for kind in GOLD_KEYS:
            facts = conv.get(kind)
            if facts is None:
                continue
            if not isinstance(facts, list):
                problems.append(f"{where}: {kind} must be a list")
                continue
            for fact in facts:
                problems.extend(_check_fact(where, kind, fact))
    return problems
