"""Versioned prompts: pure functions ``context -> list[message]``, each paired with its reply model.

Templates live in ``templates/prompts/<name>.<version>.j2`` with a ``system`` and a
``user`` block. Resource text only ever enters as JSON inside a data block fenced by
``<<DATA nonce>>`` lines; the nonce is a hash of the payload, so text cannot close the
fence it sits in, and every system prompt says the fenced text is data. Changing a
template means a new version: the version goes into commit trailers and summary cache
keys, so old summaries are rewritten with the new prompt.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any

import jinja2
from vaultweave.weaver.attributes import known_attributes
from vaultweave.weaver.extract.base import Candidate
from vaultweave.weaver.llm.client import Message
from vaultweave.weaver.llm.replies import ExtractReply, JudgeReply, SummaryReply

# A version only needs the templates it changes: the others come from the version before.
PROMPT_VERSIONS = ("v1", "v2")
REPLY_MODELS = {
    "extract": ExtractReply,
    "judge": JudgeReply,
    "summarize": SummaryReply,
    "digest": SummaryReply,
}


@dataclass(frozen=True)
class Turn:
    id: str
    ts: datetime
    text: str
    speaker: str | None = None
    role: str | None = None


@dataclass(frozen=True)
class FactView:
    """A fact as shown to the model: no ids beyond what the prompt needs."""

    subject: str
    attribute: str
    value: str
    text: str
    valid_from: datetime
    turn: str = ""
    op: str = "assert"
    relation: str = ""
    when: datetime | None = None

    @classmethod
    def of(cls, candidate: Candidate) -> FactView:
        """A candidate as shown in ``already_found``."""
        return cls(
            candidate.subject,
            candidate.attribute,
            candidate.value,
            candidate.text,
            candidate.valid_from,
            candidate.source,
            candidate.op.value,
            candidate.relation,
            candidate.when,
        )


@dataclass(frozen=True)
class PairView:
    pair: int
    new: FactView
    existing: FactView


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("vaultweave.templates", "prompts"),
        autoescape=False,
        keep_trailing_newline=False,
        undefined=jinja2.StrictUndefined,
    )


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _fact(view: FactView) -> dict[str, str]:
    data = {
        "subject": view.subject,
        "attribute": view.attribute,
        "value": view.value,
        "text": view.text,
        "valid_from": iso(view.valid_from),
    }
    if view.turn:
        data["turn"] = view.turn
    if view.op != "assert":
        data["op"] = view.op
    if view.relation:
        data["relation"] = view.relation
    if view.when is not None:
        data["when"] = iso(view.when)
    return data


def _template(name: str, version: str) -> jinja2.Template:
    """``<name>.<version>.j2``, or the same stage's template of the latest earlier version."""
    known = PROMPT_VERSIONS[: PROMPT_VERSIONS.index(version) + 1]
    for candidate in reversed(known):
        try:
            return _environment().get_template(f"{name}.{candidate}.j2")
        except jinja2.TemplateNotFound:
            continue
    raise jinja2.TemplateNotFound(f"{name}.{version}.j2")


def render_prompt(name: str, version: str, payload: Any, **context: Any) -> list[Message]:
    """Render one template's system and user blocks around ``payload`` (JSON-encoded)."""
    if version not in PROMPT_VERSIONS:
        raise ValueError(f"unknown prompt version {version!r}; known: {', '.join(PROMPT_VERSIONS)}")
    encoded = json.dumps(payload, ensure_ascii=False, indent=1)
    nonce = hashlib.sha256(encoded.encode("utf-8")).hexdigest()[:12]
    template = _template(name, version)
    variables = template.new_context({**context, "payload": encoded, "nonce": nonce})
    system = "".join(template.blocks["system"](variables)).strip()
    user = "".join(template.blocks["user"](variables)).strip()
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def extract_prompt(
    version: str,
    turns: Sequence[Turn],
    already_found: Sequence[FactView],
    default_subject: str,
    ignore_roles: Sequence[str],
) -> list[Message]:
    payload = {
        "turns": [
            {
                "id": turn.id,
                "ts": iso(turn.ts),
                "speaker": turn.speaker or "",
                "role": turn.role or "",
                "text": turn.text,
            }
            for turn in turns
        ],
        "already_found": [_fact(fact) for fact in already_found],
    }
    return render_prompt(
        "extract",
        version,
        payload,
        default_subject=default_subject,
        ignore_roles=", ".join(ignore_roles) or "nobody",
        attributes=", ".join(a for a in known_attributes() if a != "note"),
    )


def judge_prompt(version: str, pairs: Sequence[PairView]) -> list[Message]:
    payload = {"pairs": [{"pair": p.pair, "new": _fact(p.new), "existing": _fact(p.existing)} for p in pairs]}
    return render_prompt("judge", version, payload)


def summary_prompt(version: str, category: str, facts: Sequence[FactView]) -> list[Message]:
    payload = {"category": category, "facts": [_fact(fact) for fact in facts]}
    return render_prompt("summarize", version, payload)


def digest_prompt(version: str, title: str, turns: Sequence[str]) -> list[Message]:
    """A digest's summary from its turns, each "[time] speaker: words", oldest first."""
    return render_prompt("digest", version, {"title": title, "turns": list(turns)})

