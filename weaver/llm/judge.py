"""Conflict judgement: narrow first, then ask only about the ambiguous pairs.

A new candidate is compared only with current items of the same subject, and only when
the attributes are related (same family, or an invented attribute in the same category)
or an optional embedding similarity is high. Related single-valued attributes (employer
and job_title) are always paired; collections (likes, pets) only where the values share
a word or are similar, never each new value against every old one. Each candidate keeps
its few closest items and the cycle at most ``judge_max_pairs``. The rules decide
without a call whatever has the same key on a single-valued attribute or the same
value. The model answers each remaining pair: duplicate (the candidate reinforces the
item), supersedes (the item becomes historical, with the model's reason in
``status_reason``), conflict (both stay; the new item links the old and says why) or
unrelated.

The model's answer is bounded twice: it names pair numbers, and a pair only ever holds
one of this cycle's candidates and an item offered with it; and a verdict is applied only
where the candidate could change the item (``could_change``: the same subject, and an
attribute of the same family or one the candidate's reaches; a "conflict", which only
annotates the new fact, needs the same subject). Any other verdict is refused and
reported at the candidate's turn.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from vaultweave.store.item import Item, Status, item_id
from vaultweave.store.resources import LineProblem
from vaultweave.weaver.attributes import is_single_valued, known_attributes, reaches, spec_for
from vaultweave.weaver.extract.base import Candidate, Op, normalise
from vaultweave.weaver.llm.prompts import FactView, PairView
from vaultweave.weaver.llm.replies import JudgeReply
from vaultweave.weaver.llm.scope import refusal
from vaultweave.weaver.resolve import Action, Change, Resolution

Similarity = Callable[[str, str], float]
_WORD = re.compile(r"\w+")
_STOP = frozenset({"the", "and", "for", "with", "from", "called", "named", "only", "very"})
_KNOWN = frozenset(known_attributes())
RELATED_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset({"likes", "dislikes", "hobby"}),
    frozenset({"lives_in", "hometown"}),
    frozenset({"employer", "job_title", "studies_at"}),
    frozenset({"spouse", "partner"}),
    frozenset({"diet", "allergy"}),
    frozenset({"sibling", "child", "family", "mother", "father"}),
)


@dataclass(frozen=True)
class Pair:
    index: int
    candidate: Candidate
    existing: Item
    score: float


@dataclass(frozen=True)
class Narrowed:
    pairs: tuple[Pair, ...]
    rule_decisions: int  # same-key comparisons the rules settle with no call
    dropped_pairs: int  # related pairs beyond the bounds, not judged


@dataclass(frozen=True)
class Judgement:
    pair: Pair
    verdict: str
    reason: str


def related(a: str, b: str) -> bool:
    """Whether facts with attributes ``a`` and ``b`` can bear on each other."""
    if a == b:
        return True
    left, right = (_family_member(x) for x in (a, b))
    if any(left in family and right in family for family in RELATED_FAMILIES):
        return True
    invented = a not in _KNOWN or b not in _KNOWN
    return invented and spec_for(a).category == spec_for(b).category


def could_change(candidate: Candidate, item: Item) -> bool:
    """Whether a turn stating ``candidate`` can bear on ``item``'s (subject, attribute) key."""
    if normalise(candidate.subject) != normalise(item.subject):
        return False
    a, b = candidate.attribute, item.attribute
    return related(a, b) or reaches(a, b) or reaches(b, a)


def _family_member(attribute: str) -> str:
    return "likes" if attribute.startswith("favourite_") else attribute


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if len(w) > 2 and w not in _STOP}


def word_overlap(a: str, b: str) -> float:
    """Jaccard overlap of the content words of ``a`` and ``b``."""
    left, right = _words(a), _words(b)
    return len(left & right) / len(left | right) if left and right else 0.0


def narrow(
    candidates: Sequence[Candidate],
    existing: Mapping[str, Item],
    *,
    per_candidate: int,
    max_pairs: int,
    similarity: Similarity | None = None,
    threshold: float = 0.8,
) -> Narrowed:
    """Pairs worth a model's judgement; pure and bounded."""
    by_subject: dict[str, list[Item]] = defaultdict(list)
    for item in existing.values():
        if item.status is Status.CURRENT:
            by_subject[normalise(item.subject)].append(item)
    rule_decisions = 0
    proposed: list[Pair] = []
    for candidate in candidates:
        if candidate.op is not Op.ASSERT:
            continue
        mine: list[Pair] = []
        same_subject = by_subject.get(normalise(candidate.subject), [])
        if any(
            i.attribute == candidate.attribute and normalise(i.value) == candidate.value_key
            for i in same_subject
        ):
            rule_decisions += 1  # a restatement only reinforces: nothing new to judge
            continue
        for item in same_subject:
            same_key = item.attribute == candidate.attribute
            if same_key and (
                is_single_valued(item.attribute) or normalise(item.value) == candidate.value_key
            ):
                rule_decisions += 1
                continue
            overlap = word_overlap(candidate.value, item.value)
            similar = similarity(candidate.text, item.text) if similarity is not None else 0.0
            score = max(overlap, similar)
            if not related(candidate.attribute, item.attribute):
                wanted = similarity is not None and similar >= threshold
            elif is_single_valued(candidate.attribute) and is_single_valued(item.attribute):
                wanted = True  # e.g. employer vs job_title: one may end the other
            else:
                # Collections (likes, pets, ...) are compared only where they speak of the
                # same thing, never each new value against every old one.
                wanted = overlap > 0 or (similarity is not None and similar >= threshold)
            if wanted:
                mine.append(Pair(0, candidate, item, score))
        mine.sort(key=lambda p: (-p.score, p.existing.id))
        proposed.extend(mine[:per_candidate])
    proposed.sort(key=lambda p: (-p.score, p.candidate.source, p.existing.id))
    kept = [replace(p, index=i) for i, p in enumerate(proposed[:max_pairs])]
    return Narrowed(tuple(kept), rule_decisions, max(0, len(proposed) - max_pairs))


def embedding_similarity(embed: Callable[[list[str]], Any]) -> Similarity:
    """Cosine similarity from an embedder returning L2-normalised rows, one text at a time.

    ``embed`` is loaded lazily by the caller; if it ever raises, similarity is 0 from then
    on (the lexical narrowing still applies), so a missing model never stops a weave.
    """
    vectors: dict[str, Any] = {}
    broken = False

    def similarity(a: str, b: str) -> float:
        nonlocal broken
        if broken:
            return 0.0
        try:
            for text in (a, b):
                if text not in vectors:
                    vectors[text] = embed([text])[0]
            return float(vectors[a] @ vectors[b])
        except Exception:  # noqa: BLE001 - any embedder failure: fall back to lexical only
            broken = True
            return 0.0

    return similarity


def pair_views(pairs: Sequence[Pair]) -> list[PairView]:
    return [
        PairView(
            p.index,
            FactView(
                p.candidate.subject,
                p.candidate.attribute,
                p.candidate.value,
                p.candidate.text,
                p.candidate.valid_from,
            ),
            FactView(
                p.existing.subject,
                p.existing.attribute,
                p.existing.value,
                p.existing.text,
                p.existing.valid_from,
            ),
        )
        for p in pairs
    ]


def read_judgements(
    reply: JudgeReply, pairs: Sequence[Pair]
) -> tuple[list[Judgement], list[LineProblem]]:
    """Decisions for offered pairs only (unknown numbers and repeats are ignored), and the
    verdicts refused because the candidate could not change that item."""
    offered = {p.index: p for p in pairs}
    decided: dict[int, Judgement] = {}
    refused: list[LineProblem] = []
    for decision in reply.decisions:
        pair = offered.get(decision.pair)
        if pair is None or decision.pair in decided or decision.verdict == "unrelated":
            continue
        # A conflict only annotates the new fact; the other verdicts change the item.
        if decision.verdict == "conflict":
            allowed = normalise(pair.candidate.subject) == normalise(pair.existing.subject)
        else:
            allowed = could_change(pair.candidate, pair.existing)
        if not allowed:
            refused.append(
                refusal(
                    pair.candidate.source,
                    f"model verdict refused: {decision.verdict} of {pair.existing.id} "
                    f"({pair.existing.subject} {pair.existing.attribute}) by a fact of "
                    f"{pair.candidate.attribute}",
                )
            )
            continue
        reason = " ".join(decision.reason.split())[:200]
        decided[decision.pair] = Judgement(pair, decision.verdict, reason)
    return [decided[i] for i in sorted(decided)], refused


def as_duplicates(candidates: Sequence[Candidate], judgements: Sequence[Judgement]) -> list[Candidate]:
    """Candidates judged duplicates take their item's key and value, so resolution reinforces it."""
    target: dict[Candidate, Item] = {}
    for judgement in judgements:
        if judgement.verdict == "duplicate":
            target.setdefault(judgement.pair.candidate, judgement.pair.existing)
    rewritten = []
    for candidate in candidates:
        item = target.get(candidate)
        if item is None:
            rewritten.append(candidate)
        else:
            rewritten.append(
                replace(
                    candidate,
                    subject=item.subject,
                    attribute=item.attribute,
                    value=item.value,
                    category=item.category,
                    kind=item.kind,
                    text=item.text,
                )
            )
    return rewritten


def apply_judgements(
    resolution: Resolution, judgements: Sequence[Judgement], existing: Mapping[str, Item]
) -> Resolution:
    """Add the model's supersede and conflict decisions to a planned resolution (pure)."""
    changes = list(resolution.changes)
    final = resolution.final_items
    for judgement in judgements:
        if judgement.verdict not in ("supersedes", "conflict"):
            continue
        candidate, old = judgement.pair.candidate, judgement.pair.existing
        new_id = item_id(candidate.source, candidate.subject, candidate.attribute, candidate.value)
        at = _added_at(changes, new_id)
        old_now = final.get(old.id, existing.get(old.id))
        if at is None or old_now is None or not old_now.is_current or old.id == new_id:
            continue
        if not final[new_id].is_current:
            continue  # the rules already ended the new fact within this cycle
        new = changes[at].after
        why = judgement.reason or "judged by the model"
        if judgement.verdict == "supersedes":
            if new.valid_from < old_now.valid_from:
                continue  # heard late: an older statement cannot retire a newer fact
            ended = old_now.evolve(
                status=Status.HISTORICAL,
                valid_to=new.valid_from,
                superseded_by=new.id,
                ended_by=candidate.source,
                status_reason=f"superseded by {new.value!r}: {why} (model)",
            )
            changes[at] = replace(changes[at], after=new.evolve(supersedes=(*new.supersedes, old.id)))
            changes.append(Change(Action.SUPERSEDED, ended, old_now, f"{old.value} -> {new.value} (model)"))
            final[old.id] = ended
        else:
            linked = new.evolve(
                links=(*new.links, old.id),
                status_reason=_join(
                    new.status_reason, f"conflicts with {old.id} ({old.value!r}): {why} (model)"
                ),
            )
            changes[at] = replace(changes[at], after=linked)
        final[new_id] = changes[at].after
    return replace(resolution, changes=tuple(changes))


def _added_at(changes: Sequence[Change], item_id_: str) -> int | None:
    for index, change in enumerate(changes):
        if change.action is Action.ADDED and change.after.id == item_id_:
            return index
    return None


def _join(first: str, second: str) -> str:
    return f"{first}; {second}" if first else second
