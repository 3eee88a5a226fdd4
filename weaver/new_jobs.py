"""Which turns tell a new job: a pure helper of the resolver.

Leaving an employer ends the job title told with it ("a nurse at Mercy"), unless the turn
that tells the leaving tells a title or a new employer of its own ("left Google for Meta"):
``new_job`` names those turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from vaultweave.weaver.extract.base import Candidate, Op

# The two halves of a job, each ended with the other when told together.
JOB_PARTS = {"employer": "job_title", "job_title": "employer"}


def new_job(candidates: Sequence[Candidate]) -> set[tuple[str, str]]:
    """(source, subject) of the turns that tell a job title, or an employer other than one
    they end ("从顺丰离职了" names 顺丰 as where one was, not where one goes)."""
    left = {(c.source, c.key[0], c.value_key) for c in candidates
            if c.attribute == "employer" and c.op is Op.RETRACT}
    told = [c for c in candidates if c.op is Op.ASSERT and c.attribute in ("job_title", "employer")]
    return {(c.source, c.key[0]) for c in told
            if c.attribute == "job_title" or (c.source, c.key[0], c.value_key) not in left}
