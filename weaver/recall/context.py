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
from vaultweave.weaver.recall.hits import Hit

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
    where = f"{hit.vault}: " if hit.vault else ""  # a shared vault's fact (read-through)
    return f"- {hit.text}{status} [{validity}; from {where}{sources or 'hand edit'}{doubt}]"


def turn_line(hit: Hit, words: str = "") -> str:
    """A turn under its day's line: ``- 14:04 speaker: words``; ``words`` is what to show
    of it (an excerpt), by default all of it."""
    who = hit.speaker or "?"
    where = f" (in {hit.vault})" if hit.vault else ""
    clock = "?" if hit.ts is None else f"{hit.ts.astimezone(timezone.utc):%H:%M}"
    return f"- {clock} {who}{where}: {words or ' '.join(hit.text.split())}"


def digest_lines(hit: Hit) -> list[tuple[str, str]]:
    """(line, source) per summary line of a digest hit (shown under its page's line)."""
    lines = hit.text.split("\n")
    # The last lines quote one turn each; a model's paragraph before them quotes none.
    extra = len(lines) - len(hit.sources)
    sources = [""] * extra + list(hit.sources) if extra >= 0 else [""] * len(lines)
    return [(f"- {line}", source) for line, source in zip(lines, sources, strict=True)]


def window_line(turn: Resource) -> str:
    who = turn.speaker or turn.role or "?"
    return f"- [{_stamp(turn.ts)}] {who}: {' '.join(turn.text.split())}"


class _Block:
    """Lines within a token budget; a section's heading is paid for with its first line."""

    def __init__(self, budget: int, count: Counter) -> None:
        self.budget = budget
        self.count = count
        self.used = 0

    def cost(self, line: str) -> int:
        return self.count(line) + 1  # +1 for the newline

    def take(self, *lines: str) -> bool:
        cost = sum(self.cost(line) for line in lines)
        if self.used + cost > self.budget:
            return False
        self.used += cost
        return True


SECTIONS = ("### Facts", "### Digests", "### Turns")


def assemble(
    query: str,
    hits: Sequence[Hit],
    profile: Sequence[Item],
    budget: int,
    count: Counter,
    window: Sequence[Resource] = (),
    window_budget: int = 0,
    excerpts: Mapping[str, str] | None = None,
) -> Context:
    """The block: the session's window, then the profile, then what the search recalled,
    within ``budget``.

    Sections appear in this order: window, profile, facts, digests, turns. The window and
    the profile are filled first; the budget left goes to recalled facts and turns in the
    search's rank order, then to digest lines (a digest's lines in its own order): a digest
    line only adds a turn the others did not bring, so it never crowds one out. Nothing is
    shown twice: a profile fact is not repeated under Facts, and a turn is shown once, in
    the window, as a turn, or quoted by a digest line. Facts and digests keep rank order;
    turns are shown oldest first under a line per day, digest lines under a line naming
    their page (each heading paid for with its first line). The window keeps its newest
    turns when it must be cut, within ``window_budget``. ``excerpts`` (turn id -> words,
    weaver/recall/excerpts.py) says which turn hits to show in part.
    """
    shorter = excerpts or {}
    block = _Block(budget, count)
    lines: list[str] = []
    if budget > 0:
        title = f"## Memory for: {' '.join(query.split())[:200]}"
        if block.take(title):
            lines.append(title)
    sources: list[str] = []
    in_window = _fit_window(window, min(window_budget, budget - block.used), count)
    if in_window and block.take("### This session"):
        lines.append("### This session")
        for turn in in_window:
            if block.take(window_line(turn)):
                lines.append(window_line(turn))
                sources.append(turn.id)
    window_shown = len(sources)
    shown_turns = {t.id for t in in_window}
    chosen_profile: list[Item] = []
    for item in profile:
        heading = () if chosen_profile else ("### Profile",)
        if block.take(*heading, f"- {item.text}"):
            chosen_profile.append(item)
            sources.extend(item.sources)
    if chosen_profile:
        lines += ["### Profile", *(f"- {i.text}" for i in chosen_profile)]
    in_profile = {i.id for i in chosen_profile}

    picked: dict[str, list[tuple[str, Hit | None, str]]] = {name: [] for name in SECTIONS}
    groups: dict[str, set[str]] = {name: set() for name in SECTIONS}

    def pick(section: str, line: str, hit: Hit | None, from_turns: Sequence[str], group: str = "") -> bool:
        heading = () if picked[section] else (section,)
        header = (group_line(group),) if group and group not in groups[section] else ()
        if not block.take(*heading, *header, line):
            return False
        picked[section].append((line, hit, group))
        groups[section].add(group)
        sources.extend(from_turns)
        return True

    pages: set[str] = set()
    # Facts and turns first, in rank order; digest lines take what budget is left.
    for hit in [*(h for h in hits if h.kind != "digest"), *(h for h in hits if h.kind == "digest")]:
        if hit.kind == "item" and hit.id not in in_profile:
            pick("### Facts", fact_line(hit), hit, hit.sources)
        elif hit.kind == "digest":
            for line, source in digest_lines(hit):
                if source in shown_turns:
                    continue
                if pick("### Digests", line, None, (source,) if source else (), hit.id):
                    pages.add(hit.id)
                    shown_turns.add(source)
        elif hit.kind == "turn" and hit.id not in shown_turns:
            line = turn_line(hit, shorter.get(hit.id, ""))
            shown = pick("### Turns", line, hit, (hit.id,), _day(hit.ts))
            shown_turns.update([hit.id] if shown else [])
    picked["### Turns"].sort(key=lambda entry: _when(entry[1]))
    for section in SECTIONS:
        if picked[section]:
            lines.append(section)
            previous = None
            for line, _, group in picked[section]:
                if group and group != previous:
                    lines.append(group_line(group))
                previous = group
                lines.append(line)
    text = "\n".join(lines)
    facts = [h.id for _, h, _ in picked["### Facts"] if h is not None]
    return Context(
        text,
        count(text) if text else 0,
        budget,
        len(facts),
        len(picked["### Turns"]),
        len(chosen_profile),
        tuple(dict.fromkeys([*in_profile, *facts])),
        window_shown,
        len(pages),
        tuple(dict.fromkeys(s for s in sources if s)),
    )


def group_line(group: str) -> str:
    """The line above a run of lines from one day (turns) or one digest page."""
    return f"#### {group}"


def _when(hit: Hit | None) -> datetime:
    low = datetime.min.replace(tzinfo=timezone.utc)
    return low if hit is None or hit.ts is None else hit.ts


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
