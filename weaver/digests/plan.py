"""Digests, planned: which groups of turns a batch touches, and each group's extractive summary.

Pure functions over frozen values; reading turns and writing pages is done elsewhere
(weaver/digests/pages.py). A group is one session, one ISO week (every session in it), or
one topic across sessions (weaver/digests/topics.py).
Without a model the summary is extractive: the group's most central turns, chosen with
the turn vectors the search index already holds (cosine to the group's mean, with a
redundancy penalty), each cut to its leading sentences, shown in time order. So keeping
digests current embeds nothing but the digests themselves.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import numpy as np
import numpy.typing as npt
from vaultweave.store.sanitize import fact_text, one_line, safe_name
from vaultweave.weaver.digests import FOLDER

SESSION = "session"
WEEK = "week"
TOPIC = "topic"  # turns of one topic across sessions (weaver/digests/topics.py)
TURNS_PER_LINE = 6  # one summary line per this many turns ...
MAX_LINES = {SESSION: 6, WEEK: 8, TOPIC: 6}  # ... up to this many
_FOLDERS = {SESSION: "sessions", WEEK: "weeks", TOPIC: "topics"}
MAX_LINE_WORDS = 40
MODEL_TURNS = 40  # the most central turns a model reads to write a digest's paragraph
REDUNDANCY = 0.5  # how much likeness to a line already chosen counts against a turn
TIE = 1e-6  # scores closer than this are equal (float32 vectors carry ~1e-7 of rounding)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


@dataclass(frozen=True)
class Turn:
    """A turn as a digest sees it (from the search index's catalog)."""

    id: str  # resource id
    ts: float
    speaker: str
    session: str
    text: str


@dataclass(frozen=True)
class Group:
    kind: str  # SESSION | WEEK | TOPIC
    name: str  # the session, "2023-W19", or a topic's name ("adoption-agency-kid")
    start: float = 0.0  # a week's span, POSIX seconds (sessions: unused)
    end: float = 0.0

    @property
    def path(self) -> str:
        return f"{FOLDER}/{_FOLDERS[self.kind]}/{safe_name(self.name)}.md"

    @property
    def title(self) -> str:
        if self.kind == TOPIC:
            return f"Topic: {self.name.replace('-', ' ')}"
        return f"Session {one_line(self.name)}" if self.kind == SESSION else f"Week {self.name}"


@dataclass(frozen=True)
class SummaryLine:
    source: str  # the resource id the words come from
    ts: float
    speaker: str
    text: str


@dataclass(frozen=True)
class Digest:
    group: Group
    turns: tuple[str, ...]  # every turn it covers, in time order
    speakers: tuple[str, ...]
    sessions: tuple[str, ...]
    start: float
    end: float
    summary: tuple[SummaryLine, ...]
    facts: tuple[tuple[str, str, str], ...]  # (item id, category, sentence) of facts its turns produced
    written_by: str = "extractive"  # "model" when a model wrote ``prose``
    prose: str = ""  # a model's paragraph, shown above the quoted lines

    @property
    def quoted(self) -> tuple[str, ...]:
        """The turns the summary's lines quote, in their order."""
        return tuple(dict.fromkeys(s.source for s in self.summary))


def week_of(ts: float) -> Group:
    moment = datetime.fromtimestamp(ts, tz=timezone.utc)
    year, week, weekday = moment.isocalendar()
    monday = datetime(moment.year, moment.month, moment.day, tzinfo=timezone.utc) - timedelta(
        days=weekday - 1
    )
    return Group(WEEK, f"{year}-W{week:02d}", monday.timestamp(), (monday + timedelta(days=7)).timestamp())


def groups_touched(turns: Iterable[Turn]) -> list[Group]:
    """The session and week groups new turns fall in: the only digests they change."""
    found: dict[str, Group] = {}
    for turn in turns:
        if turn.session:
            group = Group(SESSION, turn.session)
            found.setdefault(group.path, group)
        week = week_of(turn.ts)
        found.setdefault(week.path, week)
    return sorted(found.values(), key=lambda g: g.path)


def leading_words(text: str, limit: int = MAX_LINE_WORDS) -> str:
    """The turn's first sentences, up to ``limit`` words (a longer first sentence is cut)."""
    flat = " ".join(text.split())
    kept: list[str] = []
    words = 0
    for sentence in _SENTENCE_END.split(flat):
        size = len(sentence.split())
        if kept and words + size > limit:
            break
        kept.append(sentence)
        words += size
    out = " ".join(kept)
    if words > limit:
        out = " ".join(out.split()[:limit]) + " …"
    if len(out) > 600:  # scripts without spaces (Chinese) count as one word a sentence
        out = out[:600] + " …"
    return out


def central(vectors: npt.NDArray[np.float32], count: int) -> list[int]:
    """Indices of ``count`` rows, each the most like the mean of all rows less
    ``REDUNDANCY`` times its likeness to a row already chosen (maximal marginal relevance);
    of rows within ``TIE`` of the best, the earliest."""
    if count <= 0 or len(vectors) == 0:
        return []
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit = vectors / np.where(norms > 0, norms, 1.0)
    mean = unit.mean(axis=0)
    centrality = unit @ (mean / (np.linalg.norm(mean) or 1.0))
    chosen: list[int] = []
    closest = np.zeros(len(unit))
    for _ in range(min(count, len(unit))):
        score = centrality - REDUNDANCY * closest
        if chosen:
            score[chosen] = -np.inf
        # Rows within float rounding of the best are a tie, and a tie goes to the earliest
        # row: two turns are always equally central, and which one float32 rounding favours
        # must not decide the summary (a re-made model graph moves vectors by ~1e-7).
        best = int(np.flatnonzero(score >= score.max() - TIE)[0])
        chosen.append(best)
        closest = np.maximum(closest, unit @ unit[best])
    return chosen


def plan_digest(
    group: Group,
    turns: Sequence[Turn],
    vectors: npt.NDArray[np.float32],
    facts: Iterable[tuple[str, str, str]] = (),
) -> Digest | None:
    """The digest of ``group`` from all its turns (time order) and their vectors (same order)."""
    if not turns:
        return None
    lines = min(MAX_LINES[group.kind], max(1, math.ceil(len(turns) / TURNS_PER_LINE)))
    if group.kind == TOPIC:  # at least two lines: a topic spans sessions
        lines = max(lines, 2)
    picked = sorted(central(vectors, lines))
    summary = tuple(
        SummaryLine(
            turns[i].id, turns[i].ts, one_line(turns[i].speaker), fact_text(leading_words(turns[i].text))
        )
        for i in picked
    )
    return Digest(
        group=group,
        turns=tuple(t.id for t in turns),
        speakers=tuple(sorted({one_line(t.speaker) for t in turns if t.speaker})),
        sessions=tuple(sorted({t.session for t in turns if t.session})),
        start=turns[0].ts,
        end=turns[-1].ts,
        summary=summary,
        facts=tuple(sorted(set(facts), key=lambda f: (f[1], f[2], f[0]))),
    )


def model_input(turns: Sequence[Turn], vectors: npt.NDArray[np.float32]) -> list[str]:
    """What a model summarises: the group's most central turns, oldest first, one line each."""
    picked = sorted(central(vectors, MODEL_TURNS))
    return [
        f"[{datetime.fromtimestamp(turns[i].ts, tz=timezone.utc):%Y-%m-%d %H:%M}] "
        f"{one_line(turns[i].speaker) or '?'}: {leading_words(turns[i].text, 2 * MAX_LINE_WORDS)}"
        for i in picked
    ]

