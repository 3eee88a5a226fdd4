"""Topics across sessions, planned: turns clustered by their embedding vectors.

Pure functions over frozen values (the state is kept and the pages written by
weaver/digests/refresh.py). The clustering is online and greedy, in time order: each turn
joins the topic whose centroid (the mean of its members' unit vectors) is nearest, when
the cosine is at least the threshold, and otherwise starts a topic of its own. Because
turns are taken in time order (then by id), clustering a vault from its first turn and
clustering only the turns newer than the last one clustered give the same topics: the
same vault makes the same pages, and a new turn changes only the topic it joins.

A topic gets a page once it holds ``MIN_TURNS`` turns from at least two sessions (a turn
without a session counts by its day); it is named then, by its most characteristic words
(found in the most of its turns, weighted by how rare they are among all turns clustered
so far), and keeps that name. Short turns ("Thanks!", fewer than ``MIN_WORDS``
keyword tokens) say nothing about a topic and are not clustered.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone

import numpy as np
import numpy.typing as npt
from vaultweave.store.index.terms import STOPWORDS, keyword_tokens
from vaultweave.weaver.digests.plan import Turn

VERSION = 1  # bump when the clustering changes: a stored state of another version is redone
MIN_WORDS = 4  # keyword tokens a turn needs to be clustered
MIN_TURNS = 3  # turns a topic needs for a page ...
MIN_SESSIONS = 2  # ... from this many sessions
NAME_WORDS = 3
# A topic without a page that no turn has joined among the last this many clustered turns
# is let go (its turns stay out of any topic): the state stays bounded.
FORGET_AFTER = 2000
_WORD = re.compile(r"[^\W\d_]{3,}")  # a name's words: letters, three or more
Vectors = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Topics:
    """The topics of every turn clustered so far (topic i: ``members[i]``, ``sums[i]``)."""

    threshold: float
    model: str = ""  # the embedder whose vectors were clustered
    last: tuple[float, str] = (float("-inf"), "")  # the newest (ts, id) clustered
    members: tuple[tuple[str, ...], ...] = ()  # turn ids, time order
    places: tuple[tuple[str, ...], ...] = ()  # sessions (or days) the members come from
    sums: Vectors = field(default_factory=lambda: np.zeros((0, 0)))  # read, never changed in place
    names: tuple[str, ...] = ()  # the page name, "" until the topic has a page
    # For naming: how many clustered turns hold each word, and per topic without a page
    # yet, how many of its turns hold each word (a named topic's is dropped: {}).
    seen: int = 0
    latest: tuple[int, ...] = ()  # per topic: ``seen`` when its last turn joined
    df: Mapping[str, int] = field(default_factory=dict)
    words: tuple[Mapping[str, int], ...] = ()

    def follows(self, turns: Iterable[Turn]) -> bool:
        """Whether every turn is newer than the last one clustered (else: cluster again)."""
        return all((t.ts, t.id) > self.last for t in turns)


@dataclass(frozen=True)
class Assignment:
    topics: Topics
    touched: tuple[int, ...]  # topics with a page that gained a turn (or got their page)


def place_of(turn: Turn) -> str:
    day = datetime.fromtimestamp(turn.ts, tz=timezone.utc).strftime("%Y-%m-%d")
    return turn.session or f"day {day}"


def clusters(turn: Turn) -> bool:
    return len(keyword_tokens(turn.text)) >= MIN_WORDS


def name_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in STOPWORDS}


def assign(topics: Topics, turns: Sequence[Turn], vectors: npt.NDArray[np.float32]) -> Assignment:
    """Cluster ``turns`` (with their vectors, same order; all newer than ``topics.last``)
    into ``topics``: the new state and which topics' pages change. Inputs are not changed."""
    order = sorted(range(len(turns)), key=lambda i: (turns[i].ts, turns[i].id))
    dim = vectors.shape[1] if len(vectors) else topics.sums.shape[1] if topics.sums.size else 0
    rows = len(topics.members)
    buffer = np.zeros((max(16, 2 * rows), dim))
    if rows:
        buffer[:rows] = topics.sums
    norms = np.linalg.norm(buffer, axis=1)
    members = [list(m) for m in topics.members]
    places = [list(p) for p in topics.places]
    names = list(topics.names)
    words = [Counter(w) for w in topics.words]
    df = Counter(topics.df)
    seen = topics.seen
    latest = np.zeros(len(buffer), dtype=np.int64)
    latest[:rows] = topics.latest
    paged = np.zeros(len(buffer), dtype=bool)
    paged[:rows] = [bool(n) for n in names]
    touched: set[int] = set()
    last = topics.last
    for i in order:
        turn = turns[i]
        last = max(last, (turn.ts, turn.id))
        norm = float(np.linalg.norm(vectors[i]))
        if norm == 0.0 or not clusters(turn):
            continue
        unit = vectors[i].astype(np.float64) / norm
        held = name_words(turn.text)
        df.update(held)
        seen += 1
        best = -1
        if rows:
            scores = (buffer[:rows] @ unit) / np.maximum(norms[:rows], 1e-12)
            scores[~paged[:rows] & (seen - latest[:rows] > FORGET_AFTER)] = -np.inf
            best = int(np.argmax(scores))
            if scores[best] < topics.threshold:
                best = -1
        if best < 0:
            if rows == len(buffer):
                buffer = np.vstack([buffer, np.zeros_like(buffer)])
                norms = np.concatenate([norms, np.zeros_like(norms)])
                latest = np.concatenate([latest, np.zeros_like(latest)])
                paged = np.concatenate([paged, np.zeros_like(paged)])
            best = rows
            rows += 1
            members.append([])
            places.append([])
            names.append("")
            words.append(Counter())
        buffer[best] += unit
        norms[best] = np.linalg.norm(buffer[best])
        latest[best] = seen
        members[best].append(turn.id)
        place = place_of(turn)
        if place not in places[best]:
            places[best].append(place)
        if names[best]:
            touched.add(best)
            continue
        words[best].update(held)
        if len(members[best]) >= MIN_TURNS and len(places[best]) >= MIN_SESSIONS:
            names[best] = topic_name(words[best], df, seen, names)
            paged[best] = True
            words[best] = Counter()
            touched.add(best)
    # Let go of what can no longer be joined: no later turn would have matched it anyway.
    kept = [i for i in range(rows) if paged[i] or seen - latest[i] <= FORGET_AFTER]
    moved = {old: new for new, old in enumerate(kept)}
    state = replace(
        topics,
        last=last,
        members=tuple(tuple(members[i]) for i in kept),
        places=tuple(tuple(places[i]) for i in kept),
        sums=buffer[kept].copy(),
        names=tuple(names[i] for i in kept),
        seen=seen,
        latest=tuple(int(latest[i]) for i in kept),
        df=dict(df),
        words=tuple(dict(words[i]) for i in kept),
    )
    return Assignment(state, tuple(sorted(moved[i] for i in touched)))


def topic_name(words: Mapping[str, int], df: Mapping[str, int], seen: int, taken: Iterable[str]) -> str:
    """A page name: the ``NAME_WORDS`` words that best mark the topic (how many of its
    turns hold the word times log(1 + turns clustered / turns holding it); ties:
    alphabetical),
    joined by dashes; ``-2``, ``-3`` ... when that name is taken."""

    def weight(word: str) -> float:
        return words[word] * math.log(1 + seen / max(df.get(word, 0), 1))

    ranked = sorted(words, key=lambda w: (-weight(w), w))
    base = "-".join(ranked[:NAME_WORDS]) or "topic"
    used = set(taken)
    name, n = base, 1
    while name in used:
        n += 1
        name = f"{base}-{n}"
    return name


def to_bytes(topics: Topics) -> bytes:
    """The state as an .npz file's bytes (sums kept exactly, so a resumed clustering equals
    a fresh one)."""
    import io

    meta = {
        "version": VERSION,
        "threshold": topics.threshold,
        "model": topics.model,
        "last": [topics.last[0] if math.isfinite(topics.last[0]) else None, topics.last[1]],
        "members": topics.members,
        "places": topics.places,
        "names": topics.names,
        "seen": topics.seen,
        "latest": topics.latest,
        "df": topics.df,
        "words": topics.words,
    }
    out = io.BytesIO()
    np.savez(out, sums=topics.sums, meta=np.array(json.dumps(meta, sort_keys=True)))
    return out.getvalue()


def from_bytes(data: bytes, threshold: float, model: str) -> Topics | None:
    """The stored state, or None when it is unreadable or made another way."""
    import io

    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as stored:
            meta = json.loads(str(stored["meta"]))
            sums = np.asarray(stored["sums"], dtype=np.float64)
        if (meta.get("version"), meta.get("threshold"), meta.get("model")) != (VERSION, threshold, model):
            return None
        moment, key = meta["last"]
        state = Topics(
            threshold=threshold,
            model=model,
            last=(float("-inf") if moment is None else float(moment), str(key)),
            members=tuple(tuple(str(k) for k in m) for m in meta["members"]),
            places=tuple(tuple(str(p) for p in ps) for ps in meta["places"]),
            sums=sums,
            names=tuple(str(n) for n in meta["names"]),
            seen=int(meta["seen"]),
            latest=tuple(int(n) for n in meta["latest"]),
            df={str(w): int(n) for w, n in meta["df"].items()},
            words=tuple({str(w): int(n) for w, n in ws.items()} for ws in meta["words"]),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError, json.JSONDecodeError):
        return None
    sizes = {len(state.members), len(state.places), len(state.names), len(state.words), len(state.latest)}
    if sizes != {len(sums)} or (len(sums) and sums.ndim != 2):
        return None
    return state
