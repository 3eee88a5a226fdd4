"""Context for agents: a Markdown block of profile facts, recalled facts and raw turns
that never exceeds the token budget.

Tokens are counted with all-MiniLM-L6-v2's uncased WordPiece tokenizer, built from the
vocab.txt this package ships (store/data/vocab.txt), so counting needs no download. It is
not any chat model's tokenizer; for English prose it counts within about 10% of OpenAI's
cl100k, and for scripts it does not know it counts high (each unknown character is one
[UNK]), which errs on the side of staying under budget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from vaultweave.store.item import Item, Status
from vaultweave.store.resources import Resource
from vaultweave.weaver.extract.base import normalise
from vaultweave.weaver.recall.search import Hit

PROFILE_KINDS = ("identity", "preference")
Counter = Callable[[str], int]


@dataclass(frozen=True)
class Context:
    text: str
    tokens: int
    budget: int
    facts: int
    turns: int
    profile: int
    item_ids: tuple[str, ...] = ()  # the items the block shows (profile and facts)
    window: int = 0  # turns of the session's short-term window shown


def _day(moment: datetime | None) -> str:
    return "?" if moment is None else f"{moment.astimezone(timezone.utc):%Y-%m-%d}"


def _stamp(moment: datetime | None) -> str:
    return "?" if moment is None else f"{moment.astimezone(timezone.utc):%Y-%m-%d %H:%M}"


def profile_items(items: Mapping[str, Item], subjects: Iterable[str]) -> list[Item]:
    wanted = {normalise(s) for s in subjects}
    chosen = [
        i
        for i in items.values()
        if i.status is Status.CURRENT and i.kind in PROFILE_KINDS and normalise(i.subject) in wanted
    ]
    return sorted(chosen, key=lambda i: (-i.importance, i.subject.casefold(), i.attribute, i.id))


def subjects_for(query: str, items: Mapping[str, Item], default_subject: str) -> list[str]:
    words = f" {normalise(query)} "
    named = sorted({i.subject for i in items.values() if f" {normalise(i.subject)} " in words})
    return named or [default_subject]


def fact_line(hit: Hit) -> str:
    validity = f"since {_day(hit.valid_from)}"
    if hit.valid_to is not None:
        validity = f"{_day(hit.valid_from)} to {_day(hit.valid_to)}"
    status = "" if hit.status == "current" else f" ({hit.status})"
    sources = ", ".join(hit.sources[:2]) + (" ..." if len(hit.sources) > 2 else "")
    doubt = f"; possibly outdated (doubted in {hit.doubt})" if hit.doubt else ""
    where = f"{hit.vault}: " if hit.vault else ""  # a shared vault's fact (read-through)
    return f"- {hit.text}{status} [{validity}; from {where}{sources or 'hand edit'}{doubt}]"


def turn_line(hit: Hit) -> str:
    who = hit.speaker or "?"
    where = f" (in {hit.vault})" if hit.vault else ""
    return f"- [{_stamp(hit.ts)}] {who}{where}: {' '.join(hit.text.split())}"


def window_line(turn: Resource) -> str:
    who = turn.speaker or turn.role or "?"
    return f"- [{_stamp(turn.ts)}] {who}: {' '.join(turn.text.split())}"


def assemble(
    query: str,
    hits: Sequence[Hit],
    profile: Sequence[Item],
    budget: int,
    count: Counter,
    window: Sequence[Resource] = (),
    window_budget: int = 0,
) -> Context:
    """Fill sections in order (the session's window, profile, facts, turns) while the whole
    stays within ``budget``; nothing is shown twice.

    The window keeps its newest turns when it must be cut, within ``window_budget``.
    """
    lines: list[str] = []
    used = 0
    counts = {"profile": 0, "facts": 0, "turns": 0, "window": 0}
    shown: list[str] = []

    def add(line: str, limit: int = budget) -> bool:
        nonlocal used
        cost = count(line) + 1  # +1 for the newline
        if used + cost > limit:
            return False
        lines.append(line)
        used += cost
        return True

    def section(title: str, name: str, entries: Iterable[tuple[str, str]]) -> None:
        pending = list(entries)
        if not pending:
            return
        mark = (len(lines), used)
        if not add(title):
            return
        for unit_id, entry in pending:
            if add(entry):
                counts[name] += 1
                if name != "turns":
                    shown.append(unit_id)
        if counts[name] == 0:  # a heading with nothing under it is dropped
            del lines[mark[0] :]
            _reset(mark[1])

    def _reset(value: int) -> None:
        nonlocal used
        used = value

    if budget > 0:
        add(f"## Memory for: {' '.join(query.split())[:200]}")
    in_window = _fit_window(window, min(window_budget, budget - used), count)
    if in_window and add("### This session"):
        for turn in in_window:
            if add(window_line(turn)):
                counts["window"] += 1
    window_ids = {t.id for t in in_window}
    section("### Profile", "profile", ((i.id, f"- {i.text}") for i in profile))
    section("### Facts", "facts", ((h.id, fact_line(h)) for h in hits if h.kind == "item"))
    turns = sorted(
        (h for h in hits if h.kind == "turn" and h.id not in window_ids),
        key=lambda h: h.ts or datetime.min.replace(tzinfo=timezone.utc),
    )
    section("### Turns", "turns", ((h.id, turn_line(h)) for h in turns))
    text = "\n".join(lines)
    return Context(
        text,
        count(text) if text else 0,
        budget,
        counts["facts"],
        counts["turns"],
        counts["profile"],
        tuple(dict.fromkeys(shown)),
        counts["window"],
    )


def _fit_window(window: Sequence[Resource], limit: int, count: Counter) -> list[Resource]:
    """The newest turns of the window whose lines (and heading) fit in ``limit`` tokens."""
    kept: list[Resource] = []
    used = count("### This session") + 1
    for turn in reversed(window):
        cost = count(window_line(turn)) + 1
        if used + cost > limit:
            break
        kept.append(turn)
        used += cost
    return kept[::-1]
