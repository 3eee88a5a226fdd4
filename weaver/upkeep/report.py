"""What one upkeep pass did (the cycle reports a pass it triggered)."""

from __future__ import annotations

from dataclasses import dataclass

from vaultweave.weaver.upkeep.plan import ConsolidationPlan


@dataclass(frozen=True)
class ConsolidationReport:
    plan: ConsolidationPlan
    dry_run: bool
    commit: str | None = None
    message: str = ""
    categories: tuple[str, ...] = ()
    hand_edited: tuple[str, ...] = ()
    similarity: str = "off"  # which similarity was used, or why none
