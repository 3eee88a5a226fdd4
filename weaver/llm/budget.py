"""One weave's allowance of time lost to an endpoint that does not answer.

Every request that fails (a timeout, a refused connection, a 429 or 5xx) spends the
seconds it took from one budget shared by every stage of the weave; a request never
waits longer than what is left. When the budget is spent, or any stage has found the
endpoint unavailable, the rest of the weave makes no call at all: extraction, judgement
and summaries fall back together, so timeouts never stack across stages.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class TimeoutBudget:
    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.spent = 0.0
        self._clock = clock

    @property
    def remaining(self) -> float:
        return max(0.0, self.seconds - self.spent)

    @property
    def exhausted(self) -> bool:
        return self.remaining <= 0.0

    def started(self) -> float:
        return self._clock()

    def charge_since(self, started: float) -> None:
        """A request begun at ``started`` failed: its time comes off the budget."""
        self.spent += max(0.0, self._clock() - started)

    def describe(self) -> str:
        return f"LLM timeout budget of {self.seconds:g}s for this weave spent"
