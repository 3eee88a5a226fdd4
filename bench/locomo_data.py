"""LoCoMo as ``bench.retrieval`` conversations (read in place from ../shared/bench/locomo)."""

from __future__ import annotations

from pathlib import Path

from bench.locomo import DEFAULT_DATA, load
from bench.retrieval import BTurn, Conversation, Question


def conversations(data: Path = DEFAULT_DATA) -> list[Conversation]:
    turns, questions = load(data)
    out = []
    for sample, conv in turns.items():
        bturns = tuple(
            BTurn(t.dia_id, f"{sample}-S{t.session}", t.speaker, "user", t.text, t.ts) for t in conv
        )
        qs = tuple(
            Question(str(q["question"]), frozenset(q.get("evidence") or []), str(q["category"]))  # type: ignore[arg-type]
            for q in questions[sample]
            if q.get("evidence")
        )
        out.append(Conversation(sample, bturns, qs))
    return out
