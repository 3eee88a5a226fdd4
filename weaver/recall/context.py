"""Context for agents: a Markdown block of the session's window, profile facts, recalled
facts, digest lines and raw turns that never exceeds the token budget.

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

from vaultweave.store.index.terms import keyword_tokens
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
    digests: int = 0  # digest pages the block quotes from
    # Resource ids the block shows, directly or through a fact or a digest line from them.
    sources: tuple[str, ...] = ()


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


def needed_profile(profile: Sequence[Item], query: str, hits: Sequence[Hit]) -> list[Item]:
    """The profile facts the query needs: those it recalled, and those whose attribute or
    value shares a word with it; all of them when the query asks about nothing but names
    ("Tell me about Maya")."""
    names = {w for i in profile for w in keyword_tokens(i.subject)}
    words = set(keyword_tokens(query)) - names
    if not words:
        return list(profile)
    recalled = {h.id for h in hits if h.kind == "item"}
    return [
        i
        for i in profile
        if i.id in recalled or words & set(keyword_tokens(f"{i.attribute.replace('_', ' ')} {i.value}"))
    ]


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
    return f"- {hit.text}{status} [{validity}; from {sources or 'hand edit'}{doubt}]"


def turn_line(hit: Hit) -> str:
    who = hit.speaker or "?"
    return f"- [{_stamp(hit.ts)}] {who}: {' '.join(hit.text.split())}"


def digest_lines(hit: Hit) -> list[tuple[str, str]]:
    """(line, source) per summary line of a digest hit; the first line names the page."""
    lines = hit.text.split("\n")
    sources = list(hit.sources) + [""] * (len(lines) - len(hit.sources))
    if len(hit.sources) != len(lines):  # a model's prose: the page's turns, not one a line
        sources = [""] * len(lines)
    return [(f"- {line} ({hit.id})", source) for line, source in zip(lines, sources, strict=True)]


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
    """Fill sections in order (the session's window, profile, facts, digests, turns) while
    the whole stays within ``budget``. Nothing is shown twice: a fact in the profile is not
    repeated under Facts, and a turn in the window or quoted by a digest line shown is not
    repeated under Turns.

    The window keeps its newest turns when it must be cut, within ``window_budget``.
    """
    lines: list[str] = []
    used = 0
    counts = {"profile": 0, "facts": 0, "digests": 0, "turns": 0, "window": 0}
    shown: list[str] = []
    pages: set[str] = set()
    sources: list[str] = []

    def add(line: str, limit: int = budget) -> bool:
        nonlocal used
        cost = count(line) + 1  # +1 for the newline
        if used + cost > limit:
            return False
        lines.append(line)
        used += cost
        return True

    def section(title: str, name: str, entries: Iterable[tuple[str, str, Sequence[str]]]) -> None:
        pending = list(entries)
        if not pending:
            return
        mark = (len(lines), used, len(sources))
        if not add(title):
            return
        for unit_id, entry, from_turns in pending:
            if add(entry):
                counts[name] += 1
                sources.extend(from_turns)
                if name in ("profile", "facts"):
                    shown.append(unit_id)
                elif name == "digests":
                    pages.add(unit_id)
        if counts[name] == 0:  # a heading with nothing under it is dropped
            del lines[mark[0] :]
            del sources[mark[2] :]
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
                sources.append(turn.id)
    section("### Profile", "profile", ((i.id, f"- {i.text}", i.sources) for i in profile))
    in_profile = set(shown)
    facts = (h for h in hits if h.kind == "item" and h.id not in in_profile)
    section("### Facts", "facts", ((h.id, fact_line(h), h.sources) for h in facts))
    digest_hits = [h for h in hits if h.kind == "digest"]
    before = len(sources)
    section(
        "### Digests",
        "digests",
        ((h.id, line, (source,) if source else ()) for h in digest_hits for line, source in digest_lines(h)),
    )
    quoted = set(sources[before:])
    skip = {t.id for t in in_window} | quoted
    turns = sorted(
        (h for h in hits if h.kind == "turn" and h.id not in skip),
        key=lambda h: h.ts or datetime.min.replace(tzinfo=timezone.utc),
    )
    section("### Turns", "turns", ((h.id, turn_line(h), (h.id,)) for h in turns))
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
        len(pages),
        tuple(dict.fromkeys(sources)),
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
