"""Which tokens the span reader's model marks as a value, from its labels and their odds.

The model's best labelling (Viterbi) is one reading of the sentence; where the model is
torn between "outside" and a value ("i work night shift sa Concentrix": employer or
nothing), the best path says outside though the odds of a value are close. So a value is
read two ways: a span of the best path whose every token carries its own label with at
least ``MIN_MARGINAL``, and a run of tokens the best path left outside whose odds of
being one attribute's value (its B- and I- labels together) reach ``MIN_UNSURE`` on each
token, and that touches no span of the path. Both thresholds were chosen on spent batches
with models that had not learned from them (docs/FACTS.md); which marks become facts (an
unsure one only in a sentence where the speaker speaks of their own) is the reader's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pycrfsuite

OUTSIDE = "O"
# Every token of a span of the best path must carry its label with at least this probability.
MIN_MARGINAL = 0.6
# A run the best path left outside is a value when every token of it is at least this
# likely to be inside one attribute's value.
MIN_UNSURE = 0.3


def spans(labels: Sequence[str]) -> list[tuple[int, int, str]]:
    """(start, end, attribute) of each value in BIO ``labels``; an I- that does not go on
    from its own B- starts nothing."""
    found: list[tuple[int, int, str]] = []
    start, kind = -1, ""
    for i, label in enumerate([*labels, OUTSIDE]):
        if start >= 0 and label != f"I-{kind}":
            found.append((start, i, kind))
            start = -1
        if label.startswith("B-"):
            start, kind = i, label[2:]
    return found


class Marked(NamedTuple):
    start: int
    end: int
    attribute: str
    sure: bool  # a span of the best path, not a run it left outside


def marked_spans(tagger: pycrfsuite.Tagger, labels: Sequence[str]) -> list[Marked]:
    """Each value the model marks, ``labels`` being its best path for the sequence the
    tagger last tagged: the sure spans of the path and the runs it left outside that are
    likely values, in the order they start."""
    sure = [Marked(start, end, attribute, True) for start, end, attribute in spans(labels)
            if min(tagger.marginal(labels[i], i) for i in range(start, end)) >= MIN_MARGINAL]
    return sorted(sure + [Marked(*run, False) for run in _unsure_runs(tagger, labels)])


def _unsure_runs(tagger: pycrfsuite.Tagger, labels: Sequence[str]) -> list[tuple[int, int, str]]:
    known = set(tagger.labels())
    attributes = sorted({label[2:] for label in known if label[:2] in ("B-", "I-")})

    def odds(attribute: str, i: int) -> float:
        both = (f"B-{attribute}", f"I-{attribute}")
        return sum(float(tagger.marginal(label, i)) for label in both if label in known)

    runs: list[tuple[int, int, str]] = []
    start, kind = -1, ""
    for i in range(len(labels) + 1):
        likely = ""
        if i < len(labels) and labels[i] == OUTSIDE:
            best = max(attributes, key=lambda a: odds(a, i), default="")
            likely = best if best and odds(best, i) >= MIN_UNSURE else ""
        if likely != kind:
            if kind:
                runs.append((start, i, kind))
            start, kind = i, likely

    def on_the_path(i: int) -> bool:
        return 0 <= i < len(labels) and labels[i] != OUTSIDE

    # a run beside a span of the path only doubts where that span ends ("my old colleagues at
    # Ocado sent flowers"): it is no value of its own
    return [(start, end, kind) for start, end, kind in runs
            if not (on_the_path(start - 1) or on_the_path(end))]
