"""Commit messages that say what a cycle changed and why, with the consumed ids as trailers."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from vaultweave.store.resources import ScanResult
from vaultweave.store.sanitize import one_line
from vaultweave.weaver.resolve import Action, Resolution

MAX_DETAILS = 3


def weave_message(
    resolution: Resolution,
    scanned: ScanResult,
    extractor: str,
    extra_trailers: Sequence[str] = (),
) -> str:
    """E.g. ``weave: +3 facts, 1 superseded (employer: Google -> OpenAI)`` plus trailers."""
    parts: list[str] = []
    added = resolution.count(Action.ADDED)
    if added:
        parts.append(f"+{added} fact{'s' if added != 1 else ''}")
    superseded = [c for c in resolution.changes if c.action is Action.SUPERSEDED]
    if superseded:
        details = ", ".join(
            f"{c.after.attribute}: {one_line(c.before.value) if c.before else '?'}"
            f" -> {one_line(_successor(resolution, c.after.superseded_by))}"
            for c in superseded[:MAX_DETAILS]
        )
        more = f", +{len(superseded) - MAX_DETAILS} more" if len(superseded) > MAX_DETAILS else ""
        parts.append(f"{len(superseded)} superseded ({details}{more})")
    for action in (Action.ENDED, Action.RETRACTED):
        chosen = [c for c in resolution.changes if c.action is action]
        if chosen:
            details = ", ".join(
                f"{c.after.attribute}: {one_line(c.after.value)}" for c in chosen[:MAX_DETAILS]
            )
            parts.append(f"{len(chosen)} {action.value} ({details})")
    reinforced = resolution.count(Action.REINFORCED)
    if reinforced:
        parts.append(f"{reinforced} reinforced")
    revived = resolution.count(Action.REVIVED)
    if revived:
        parts.append(f"{revived} revived from the archive")
    doubted = resolution.count(Action.DOUBTED)
    if doubted:
        parts.append(f"{doubted} possibly outdated")
    if not parts:
        lines = scanned.consumed_lines
        parts.append(f"read {lines} line{'s' if lines != 1 else ''}, no new facts")
    subject = "weave: " + ", ".join(parts)

    trailers = [f"Consumed: {span}" for span in _spans(r.id for r in scanned.resources)]
    trailers += [f"Skipped: {one_line(str(problem))}" for problem in scanned.problems]
    trailers.append(f"Extractor: {extractor}")
    trailers += [one_line(t) for t in extra_trailers if one_line(t)]
    return subject + "\n\n" + "\n".join(trailers) + "\n"


def _successor(resolution: Resolution, item_id: str) -> str:
    item = resolution.final_items.get(item_id)
    return item.value if item else item_id


def _spans(resource_ids: Iterable[str]) -> list[str]:
    """Collapse consecutive line ids of a file: ``f.jsonl#L1-L40``."""
    lines: dict[str, list[int]] = defaultdict(list)
    for rid in resource_ids:
        path, _, line = rid.rpartition("#L")
        lines[path].append(int(line))
    spans: list[str] = []
    for path in sorted(lines):
        numbers = sorted(lines[path])
        start = prev = numbers[0]
        for number in [*numbers[1:], -1]:  # -1 closes the last run
            if number == prev + 1:
                prev = number
                continue
            spans.append(f"{path}#L{start}" if start == prev else f"{path}#L{start}-L{prev}")
            start = prev = number
    return spans
