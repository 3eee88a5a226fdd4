"""python -m bench.facts: weave every gold conversation into a fresh vault and score it.

    python -m bench.facts [--split dev|held|all] [--lang en|zh|all] [--batch N] [--llm]
                          [--vault-toml PATH] [--misses N] [--json] [--jobs N]
                          [--only ID,ID] [--check]

For each conversation: a fresh vault in a temporary directory (``Vault.init``), one
``ingest`` per turn (speaker = the conversation's speaker for user turns, "assistant"
otherwise; session = the conversation id), ``weave_all(llm=...)`` (the rules path unless
``--llm``), then ``vault.items(status="all")`` is compared with the gold by
``bench.facts.score``.

Figures, for EN, ZH and overall:

* recall: gold current facts held as current.
* precision: of the current items *in scope*, those matching a gold current fact. An
  item is in scope when its subject and attribute family appear in the conversation's
  gold (current, superseded, not_current or doubted), or it matches a not_current fact.
  The gold lists what a conversation is about, not every fact a reader could draw from
  it ("I walk to work now" is a fair habit nobody annotated), so items outside the
  annotated slots are neither right nor wrong and are left out; inside them, a wrong
  value, a distractor taken as fact, or an old value left current counts against.
* supersession: gold superseded facts found historical, with valid_to in the window,
  and no matching item still current.
* not-current violations: not_current facts that are held as current (lower is better).
* doubt flagged: doubted facts whose current item has a non-empty ``doubt``.
* missed updates flagged: of the gold superseded facts still held current (an update
  the weaver missed), those whose current item carries a doubt: stale, but not silently.
* false doubts: of the gold current facts held current, those flagged in doubt although
  the gold doubts nothing about them (lower is better).

``--llm`` passes ``llm=True`` to ``weave_all``; a fresh vault configures no model, so
give the ``[llm]`` section with ``--vault-toml`` (copied into each vault). Conversations
whose weave lost the model's help (an ``LLM-Fallback`` commit trailer) are listed in the
run's ``llm_fallbacks`` and counted in the heading. ``--json`` prints the figures (and
the first N misses) as one JSON document.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench.facts import dataset
from bench.facts.score import ConversationScore, Miss, score_conversation

LANG_LABELS = {"en": "EN", "zh": "ZH"}


def import_vault() -> Any:
    """The Vault class: the ``vaultweave.`` namespace, or the old top-level layout."""
    try:
        module = importlib.import_module("vaultweave.weaver.vault")
    except ImportError:
        module = importlib.import_module("weaver.vault")  # before the namespace move
    return module.Vault


def _with_key(text: str, section: str, key: str, value: str) -> str:
    """``text`` with ``key = value`` under ``[section]``, unless that key is already set
    there (the user's file wins)."""
    lines = text.splitlines()
    header = f"[{section}]"
    if header not in (s.strip() for s in lines):
        return f"{header}\n{key} = {value}\n\n{text}"
    at = next(k for k, s in enumerate(lines) if s.strip() == header)
    end = next((k for k in range(at + 1, len(lines)) if lines[k].lstrip().startswith("[")), len(lines))
    if not any(s.split("=")[0].strip() == key for s in lines[at + 1 : end]):
        lines.insert(at + 1, f"{key} = {value}")
    return "\n".join(lines) + "\n"


def _hours_ahead(conv: dict[str, Any], now: datetime) -> float:
    """How far the conversation's last turn lies beyond ``now``, in hours (0 if not)."""
    latest = max(datetime.fromisoformat(str(t["ts"]).replace("Z", "+00:00")) for t in conv["turns"])
    return max(0.0, (latest - now).total_seconds() / 3600)


def vault_toml(conv: dict[str, Any], base: str | None, now: datetime | None = None) -> str | None:
    """The vault.toml to write before ``Vault.init``: ``base`` plus the conversation's
    timezone under ``[vault]``, and, for a conversation recorded with times later than
    ``now``, a ``[resources] max_ahead_hours`` that admits them (a replay keeps its own
    clock; the check against future times is for live input). None when the default
    file will do."""
    text = base
    tz = conv.get("timezone")
    if tz:
        text = _with_key(text or "", "vault", "timezone", f'"{tz}"')
    ahead = _hours_ahead(conv, now or datetime.now(timezone.utc))
    if ahead > 0:
        text = _with_key(text or "", "resources", "max_ahead_hours", str(math.ceil(ahead) + 24))
    return text


def weave_conversation(conv: dict[str, Any], llm: bool, base_toml: str | None) -> tuple[list[Any], str, str]:
    """The vault's items (every status) after weaving ``conv``; (items, error, the first
    ``LLM-Fallback`` trailer of its commits: the model's help was lost somewhere)."""
    Vault = import_vault()
    speaker = conv.get("speaker") or "user"
    try:
        with tempfile.TemporaryDirectory(prefix="bench-facts-") as tmp:
            toml = vault_toml(conv, base_toml)
            if toml is not None:
                Path(tmp, "vault.toml").write_text(toml, encoding="utf-8")
            vault = Vault.init(tmp)
            for turn in conv["turns"]:
                role = turn.get("role", "user")
                vault.ingest(
                    turn["text"],
                    ts=turn["ts"],
                    role=role,
                    speaker=speaker if role == "user" else "assistant",
                    session=str(conv["id"]),
                )
            reports = vault.weave_all(llm=llm)
            trailers = [
                line.removeprefix("LLM-Fallback: ")
                for report in reports
                for line in report.message.splitlines()
                if line.startswith("LLM-Fallback: ")
            ]
            return list(vault.items(status="all")), "", trailers[0] if trailers else ""
    except Exception as exc:  # noqa: BLE001 - one broken conversation must not stop the run
        return [], f"{type(exc).__name__}: {exc}", ""


Job = tuple[str, list[Any], str, str, float]


def _job(args: tuple[dict[str, Any], bool, str | None]) -> Job:
    conv, llm, base = args
    started = time.perf_counter()
    items, error, fallback = weave_conversation(conv, llm, base)
    return str(conv["id"]), items, error, fallback, time.perf_counter() - started


def run(
    conversations: Sequence[dict[str, Any]], *, llm: bool, base_toml: str | None, jobs: int, progress: bool
) -> tuple[list[ConversationScore], dict[str, str], dict[str, str]]:
    """Scores, weave errors and LLM fallbacks, the last two by conversation id."""
    by_id = {str(c["id"]): c for c in conversations}
    work = [(c, llm, base_toml) for c in conversations]
    scores: dict[str, ConversationScore] = {}
    errors: dict[str, str] = {}
    fallbacks: dict[str, str] = {}

    def done(result: Job) -> None:
        cid, items, error, fallback, _ = result
        if error:
            errors[cid] = error
        if fallback:
            fallbacks[cid] = fallback
        scores[cid] = score_conversation(by_id[cid], items)
        if progress:
            print(f"\r  woven {len(scores):4d}/{len(work)}  {cid:<10}", end="", file=sys.stderr, flush=True)

    if jobs <= 1 or len(work) <= 1:
        for item in work:
            done(_job(item))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(_job, work, chunksize=4):
                done(result)
    if progress:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
    return [scores[str(c["id"])] for c in conversations], errors, fallbacks


# ---------------------------------------------------------------------------- figures


def _ratio(num: int, den: int) -> dict[str, Any]:
    return {"value": round(num / den, 4) if den else None, "n": num, "of": den}


def figures(scores: Iterable[ConversationScore]) -> dict[str, Any]:
    t: dict[str, int] = defaultdict(int)
    count = 0
    for s in scores:
        count += 1
        t["current_found"] += s.current_found
        t["current_total"] += s.current_total
        t["in_scope_correct"] += s.in_scope_correct
        t["in_scope"] += s.in_scope
        t["superseded_ok"] += s.superseded_ok
        t["superseded_total"] += s.superseded_total
        t["violations"] += s.violations
        t["not_current_total"] += s.not_current_total
        t["doubt_flagged"] += s.doubt_flagged
        t["doubted_total"] += s.doubted_total
        t["stale_flagged"] += s.stale_flagged
        t["stale_total"] += s.stale_total
        t["false_doubts"] += s.false_doubts
    return {
        "conversations": count,
        "recall": _ratio(t["current_found"], t["current_total"]),
        "precision": _ratio(t["in_scope_correct"], t["in_scope"]),
        "supersession": _ratio(t["superseded_ok"], t["superseded_total"]),
        "not_current_violations": _ratio(t["violations"], t["not_current_total"]),
        "doubt_flagged": _ratio(t["doubt_flagged"], t["doubted_total"]),
        "stale_flagged": _ratio(t["stale_flagged"], t["stale_total"]),
        "false_doubts": _ratio(t["false_doubts"], t["current_found"]),
    }


METRICS = (
    ("recall", "recall (gold current held current)"),
    ("precision", "precision (in-scope current items)"),
    ("supersession", "supersession (historical, in window)"),
    ("not_current_violations", "not-current violations (lower=better)"),
    ("doubt_flagged", "doubt flagged"),
    ("stale_flagged", "missed updates flagged"),
    ("false_doubts", "false doubts (lower=better)"),
)


def _cell(r: dict[str, Any]) -> str:
    if not r["of"]:
        return "-"
    return f"{r['value']:.3f} ({r['n']}/{r['of']})"


def report_text(result: dict[str, Any], misses: list[Miss], n_misses: int) -> str:
    out = []
    head = result["run"]
    out.append(
        f"bench.facts: {head['conversations']} conversations, split {head['split']}, "
        f"lang {head['lang']}"
        + (f", batch {','.join(map(str, head['batch']))}" if head.get("batch") else "")
        + f", weave_all(llm={head['llm']}), "
        f"{head['jobs']} job(s), {head['seconds']:.1f} s"
        + (f", {len(head['errors'])} failed to weave" if head["errors"] else "")
        + (
            f", {len(head['llm_fallbacks'])} fell back to the rules (first: "
            f"{next(iter(head['llm_fallbacks'].values()))})"
            if head.get("llm_fallbacks")
            else ""
        )
    )
    columns = list(result["by_lang"])
    width = 40
    out.append("")
    out.append(" " * width + "".join(f"{c:>20}" for c in columns))
    out.append(
        " " * width
        + "".join(f"{'(' + str(result['by_lang'][c]['conversations']) + ' conv)':>20}" for c in columns)
    )
    for key, label in METRICS:
        out.append(f"{label:<{width}}" + "".join(f"{_cell(result['by_lang'][c][key]):>20}" for c in columns))
    out.append("")
    out.append("by class (all selected languages; a conversation counts in each of its classes):")
    out.append(
        f"  {'class':<15}{'conv':>5}{'recall':>19}{'precision':>19}{'supersession':>19}"
        f"{'violations':>17}{'doubt':>16}"
    )
    for cls, f in result["by_class"].items():
        out.append(
            f"  {cls:<15}{f['conversations']:>5}{_cell(f['recall']):>19}{_cell(f['precision']):>19}"
            f"{_cell(f['supersession']):>19}{_cell(f['not_current_violations']):>17}"
            f"{_cell(f['doubt_flagged']):>16}"
        )
    if head["errors"]:
        out.append("")
        out.append("failed to weave:")
        for cid, error in list(head["errors"].items())[:20]:
            out.append(f"  {cid}: {error}")
    if n_misses:
        out.append("")
        out.append(f"misses (first {min(n_misses, len(misses))} of {len(misses)}):")
        for m in misses[:n_misses]:
            out.append(f"  {m.conversation} {m.kind}: expected {m.expected}")
            out.append(f"      vault: {m.held}")
    return "\n".join(out)


def _batches(text: str) -> tuple[int, ...]:
    """``5`` -> (5,); ``1-4`` -> (1, 2, 3, 4); ``1,3`` -> (1, 3)."""
    chosen: list[int] = []
    try:
        for part in text.split(","):
            first, _, last = part.partition("-")
            chosen += range(int(first), int(last or first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a batch number, a range (1-4) or a list (1,3)"
        ) from None
    return tuple(chosen)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.facts", description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "held", "all"), default="dev")
    parser.add_argument("--lang", default="all", help="en, zh or all (default all)")
    parser.add_argument(
        "--batch",
        type=_batches,
        help="only the conversations of these batches: 5, 1-4 or 1,3 (later batches are all held out)",
    )
    parser.add_argument("--llm", action="store_true", help="weave with llm=True (needs --vault-toml)")
    parser.add_argument("--vault-toml", type=Path, help="vault.toml copied into every fresh vault")
    parser.add_argument("--misses", type=int, default=20, metavar="N", help="misses to list (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="vaults woven in parallel (default: min(2, cores))",
    )
    parser.add_argument("--only", help="comma-separated conversation ids")
    parser.add_argument("--data", type=Path, default=dataset.DATA_DIR, help=argparse.SUPPRESS)
    parser.add_argument("--check", action="store_true", help="only check the data files")
    args = parser.parse_args(argv)

    langs = None if args.lang == "all" else [args.lang]
    conversations = dataset.load(args.data, langs)
    problems = dataset.check(conversations)
    if args.check:
        for p in problems:
            print(p)
        print(f"{len(conversations)} conversations, {len(problems)} problem(s)")
        return 1 if problems else 0
    if problems:
        for p in problems[:20]:
            print(f"data problem: {p}", file=sys.stderr)
        return 2
    chosen = dataset.select(conversations, args.split, args.lang, args.batch)
    if args.only:
        wanted = {x.strip() for x in args.only.split(",")}
        chosen = [c for c in chosen if str(c["id"]) in wanted]
    if not chosen:
        print("no conversation selected", file=sys.stderr)
        return 2
    base_toml = args.vault_toml.read_text(encoding="utf-8") if args.vault_toml else None
    if args.llm and base_toml is None:
        print(
            "note: --llm without --vault-toml: a fresh vault configures no model, so this is the rules path",
            file=sys.stderr,
        )

    started = time.perf_counter()
    scores, errors, fallbacks = run(
        chosen, llm=args.llm, base_toml=base_toml, jobs=args.jobs, progress=sys.stderr.isatty()
    )
    seconds = time.perf_counter() - started

    by_lang: dict[str, Any] = {}
    for lang in sorted({s.lang for s in scores}, key=lambda x: (x != "en", x)):
        by_lang[LANG_LABELS.get(lang, lang.upper())] = figures(s for s in scores if s.lang == lang)
    by_lang["all"] = figures(scores)
    classes = sorted({c for s in scores for c in s.classes})
    by_class = {c: figures(s for s in scores if c in s.classes) for c in classes}
    misses = [m for s in scores for m in s.misses]
    result: dict[str, Any] = {
        "run": {
            "conversations": len(scores),
            "split": args.split,
            "lang": args.lang,
            "batch": list(args.batch) if args.batch else None,
            "llm": args.llm,
            "jobs": args.jobs,
            "seconds": round(seconds, 2),
            "errors": errors,
            "llm_fallbacks": fallbacks,
        },
        "by_lang": by_lang,
        "by_class": by_class,
    }
    if args.json:
        result["misses"] = [asdict(m) for m in misses[: max(args.misses, 0)]]
        result["misses_total"] = len(misses)
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(report_text(result, misses, max(args.misses, 0)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
