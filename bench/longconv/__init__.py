"""A second retrieval benchmark that does not look like LoCoMo, generated from a seed.

Long multi-paragraph user turns, assistant turns that carry the answer, facts that are
later updated or contradicted (the question asks for the present; the stale turn is
recorded so ``bench.retrieval`` can count how often the update ranks above it), and
Chinese conversations. Nothing is written to disk: ``generate(seed)`` returns the same
conversations for the same seed.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from bench.longconv.templates import ASSIST, FACTS, FILLER, NAMES
from bench.retrieval import BTurn, Conversation, Question

START = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)


def _paragraphs(rng: random.Random, lang: str, n: int) -> list[str]:
    pool = FILLER[lang]
    sep = "" if lang == "zh" else " "
    return [sep.join(rng.sample(pool, rng.randint(3, 5))) for _ in range(n)]


def _long(rng: random.Random, lang: str, core: str) -> str:
    paras = _paragraphs(rng, lang, rng.randint(2, 4))
    paras.insert(rng.randrange(len(paras) + 1), core)
    return "\n\n".join(paras)


def conversation(rng: random.Random, name: str, lang: str) -> Conversation:
    user = rng.choice(NAMES[lang])
    facts = rng.sample(FACTS[lang], 4)
    assists = rng.sample(ASSIST[lang], 2)
    n_sessions = 6
    # (session, text core, role, tag) planned events; the rest is filler
    events: list[tuple[int, str, str, str]] = []
    questions: list[tuple[str, str, str, str]] = []  # (question, tag of evidence, tag of stale, category)
    for n, fact in enumerate(facts):
        old, new = rng.sample(fact["values"], 2)
        events.append((rng.randint(0, 1), fact["say"].format(v=old), "user", f"f{n}-old"))
        who = user if rng.random() < 0.5 else fact["someone"]
        question = fact["ask"].format(who=who)
        if n < 2:
            kind = "contradiction" if "fix" in fact and rng.random() < 0.5 else "update"
            template = fact["fix"] if kind == "contradiction" else fact["update"]
            events.append((rng.randint(3, 5), template.format(v=new, old=old), "user", f"f{n}-new"))
            questions.append((question, f"f{n}-new", f"f{n}-old", kind))
        else:
            questions.append((question, f"f{n}-old", "", "fact"))
    for n, helper in enumerate(assists):
        value = rng.choice(helper["values"])
        session = rng.randint(0, 5)
        events.append((session, helper["request"], "user", f"a{n}-q"))
        events.append((session, helper["answer"].format(v=value), "assistant", f"a{n}-a"))
        questions.append((helper["ask"], f"a{n}-a", "", "assistant"))
    turns: list[BTurn] = []
    where: dict[str, str] = {}
    for session in range(n_sessions):
        planned = [e for e in events if e[0] == session]
        slots: list[tuple[str, str, str]] = []
        for _, core, role, tag in planned:
            slots.append((role, core, tag))
        while len(slots) < rng.randint(6, 9):
            slots.insert(rng.randrange(len(slots) + 1), ("user", "", ""))
        # keep a planned assistant answer right after its request
        ordered: list[tuple[str, str, str]] = []
        for slot in slots:
            if slot[2].endswith("-a"):
                continue
            ordered.append(slot)
            if slot[2].endswith("-q"):
                ordered.append(next(s for s in slots if s[2] == slot[2][:-2] + "-a"))
        day = START + timedelta(days=9 * session + rng.randint(0, 3))
        for role, core, tag in ordered:
            pairs = [(role, core, tag)] if role == "assistant" else [(role, core, tag), ("assistant", "", "")]
            for r, c, t in pairs:
                if r == "assistant" and not c:
                    c = _long(rng, lang, rng.choice(FILLER[lang]))
                    c = "\n\n".join(c.split("\n\n")[:2])
                elif not c:
                    c = _long(rng, lang, rng.choice(FILLER[lang]))
                else:
                    c = _long(rng, lang, c)
                key = f"{name}:{len(turns)}"
                if t:
                    where[t] = key
                turns.append(
                    BTurn(
                        key,
                        f"{name}-S{session}",
                        user if r == "user" else "assistant",
                        r,
                        c,
                        day + timedelta(minutes=2 * len(turns)),
                    )
                )
    qs = tuple(
        Question(
            q,
            frozenset({where[ev]}),
            f"{lang}-{cat}" if lang == "zh" else cat,
            frozenset({where[st]}) if st else frozenset(),
        )
        for q, ev, st, cat in questions
    )
    return Conversation(name, tuple(turns), qs)


def generate(seed: int = 7, english: int = 16, chinese: int = 8) -> list[Conversation]:
    rng = random.Random(seed)
    langs = ["en"] * english + ["zh"] * chinese
    return [conversation(rng, f"lc{n:02d}{lang}", lang) for n, lang in enumerate(langs)]
