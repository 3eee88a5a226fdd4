"""Context bench on LoCoMo: does the context block hold each question's evidence?

    python -m bench.context --before-ref 5f4303c [--half A|B|both] [--limit N] [--grid]
    python -m bench.context --weave-cost 2     # weave time with and without digests, one process
    python -m bench.context --half B --no-topics   # this checkout with topic digests off

For each conversation, the code at ``--before-ref`` (unpacked with ``git archive`` and run
in a subprocess) and the code of this checkout each ingest and weave it into a fresh vault
(one after the other, so both see the same machine load; both times are printed) and
answer every question with ``Vault.context`` at budgets of 500, 1,000 and 2,000 tokens.

A question's evidence turn is *in the block* when the block shows that turn, a fact
sourced from it, or a digest line quoting it (not merely a digest that covers it). Older
code has no ``Context.sources``: its facts are read from ``item_ids`` and its turns from
the turn lines. ``all`` is the share of questions with every evidence turn in the block,
``mean`` the mean share of evidence turns per question. Search R@10 (categories 1-4) is
``Vault.search`` with its defaults, a hit counting for the turns it was made from (a
digest for the turns it quotes). Half A = even conversations, half B = odd
(docs/RECALL.md): choose on A, report both. The data is read in place, never copied.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from vaultweave.weaver.recall import api
from vaultweave.weaver.vault import Vault

from bench.locomo import CATEGORIES, DEFAULT_DATA, Turn, load, resource_line

REPO = Path(__file__).resolve().parents[1]
BUDGETS = (500, 1000, 2000)
CORE = (1, 2, 3, 4)
_TURN_LINE = re.compile(r"^- \[\d{4}-\d\d-\d\d \d\d:\d\d\] [^:]*: (.*)$")
Scores = dict[tuple[str, int, int], list[tuple[float, float]]]  # (variant, budget, category) -> per question


def woven(
    root: Path, sample: str, conv: list[Turn], digests: str = ""
) -> tuple[Vault, list[str], float]:
    """``digests``: "off" (no digests), "no-topics" (session and week pages only) or ""."""
    start = time.perf_counter()
    if digests:
        from vaultweave.schemas.config import DEFAULT_VAULT_TOML

        root.mkdir(parents=True)
        old, new = (
            ("[digests]\nenabled = true", "[digests]\nenabled = false")
            if digests == "off"
            else ("\ntopics = true", "\ntopics = false")
        )
        (root / "vault.toml").write_text(DEFAULT_VAULT_TOML.replace(old, new), encoding="utf-8")
    vault = Vault.init(root)
    rids = vault.ingest_many(resource_line(sample, t) for t in conv)
    vault.weave_all()
    api.projection_of(vault).index.view()
    return vault, rids, time.perf_counter() - start


def shown_sources(vault: Vault, block: object, by_text: dict[str, str]) -> set[str]:
    """Resource ids a block shows. Older code has no ``Context.sources``: its facts are
    read from ``item_ids`` and its turns from the turn lines' text."""
    found = getattr(block, "sources", None)
    if found is not None:
        return set(found)
    items = vault.loaded_items()
    out = {s for i in block.item_ids for s in items[i].sources}  # type: ignore[attr-defined]
    for line in block.text.splitlines():  # type: ignore[attr-defined]
        match = _TURN_LINE.match(line)
        if match and match.group(1) in by_text:
            out.add(by_text[match.group(1)])
    return out


def evaluate(
    sample: str,
    conv: list[Turn],
    questions: list[dict[str, object]],
    root: Path,
    grid: dict[str, tuple[int, int]] | None = None,
    digests: str = "",
) -> dict[str, object]:
    """Weave one conversation and score every question at every budget (JSON-ready).
    ``grid``: name -> ([context] recall_k, digest_k) variants scored on the same vault
    (default: the settings as they are, under the name "after")."""
    vault, rids, spent = woven(root, sample, conv, digests)
    dia_of = {rid: t.dia_id for rid, t in zip(rids, conv, strict=True)}
    by_text = {" ".join(t.text.split()): rid for rid, t in zip(rids, conv, strict=True)}
    rows: list[list[object]] = []
    recall10: list[float] = []
    settings = getattr(vault.config, "context", None)
    for q in questions:
        evidence = set(q.get("evidence") or [])  # type: ignore[call-overload]
        if not evidence:
            continue
        cat = int(q["category"])  # type: ignore[call-overload]
        text = str(q["question"])
        if cat in CORE:
            found = {dia_of.get(s) for h in vault.search(text, k=10) for s in h.sources}
            recall10.append(len(evidence & found) / len(evidence))
        for name, (recall_k, digest_k) in (grid or {"after": (-1, -1)}).items():
            if recall_k >= 0:
                settings.recall_k, settings.digest_k = recall_k, digest_k  # type: ignore[union-attr]
            for budget in BUDGETS:
                block = vault.context(text, budget)
                assert block.tokens <= budget
                shown = {dia_of.get(s) for s in shown_sources(vault, block, by_text)}
                share = len(evidence & shown) / len(evidence)
                rows.append([name, cat, budget, float(share == 1.0), share])
    api.projection_of(vault).close()
    return {"weave": spent, "rows": rows, "recall10": recall10}


GRID = {f"k{r}+d{d}": (r, d) for r in (20, 40) for d in (0, 3, 6)}


def before_tree(ref: str, tmp: Path) -> Path:
    """A package folder holding the code at ``ref`` as ``vaultweave`` (for PYTHONPATH)."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", ref], capture_output=True, check=True).stdout
    src = tmp / "before-src"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(src, filter="data")
    package = tmp / "before-pkg" / "vaultweave"
    package.mkdir(parents=True)
    (package / "__init__.py").touch()  # a regular package: found before the editable install
    for part in ("schemas", "store", "weaver", "templates"):
        (package / part).symlink_to(src / part)
    return package.parent


def evaluate_before(shim: Path, sample: str, data: Path, root: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": f"{shim}{os.pathsep}{REPO}"}
    command = [
        sys.executable,
        "-m",
        "bench.context",
        "--worker",
        sample,
        "--data",
        str(data),
        "--root",
        str(root),
    ]
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def weave_cost(data: Path, count: int) -> None:
    """Ingest + weave + index of the first ``count`` conversations with digests off and on,
    in this process (imports and the model loaded first, untimed), in both orders."""
    turns, _ = load(data)
    samples = list(turns)[:count]
    spent = {"off": 0.0, "on": 0.0}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        warm, _, _ = woven(tmp / "warm-up", samples[0], turns[samples[0]][:20])
        api.projection_of(warm).close()
        for round_no, modes in enumerate((("off", "on"), ("on", "off"))):
            for sample in samples:
                for mode in modes:
                    root = tmp / f"{sample}-{mode}-{round_no}"
                    vault, _, seconds = woven(root, sample, turns[sample], "off" if mode == "off" else "")
                    api.projection_of(vault).close()
                    spent[mode] += seconds
                    print(f"  {sample} digests {mode}: {seconds:.1f}s", flush=True)
    off, on = spent["off"], spent["on"]
    print(f"without digests {off:.1f}s  with digests {on:.1f}s  ratio {on / off:.2f}")


def report(title: str, scores: Scores, variant: str, budget: int) -> None:
    def cell(cats: tuple[int, ...], measure: int) -> str:
        rows = [r[measure] for c in cats for r in scores.get((variant, budget, c), [])]
        return f"{statistics.fmean(rows):.3f}" if rows else "  -  "

    per_cat = "  ".join(f"c{c} {cell((c,), 0)}/{cell((c,), 1)}" for c in CATEGORIES)
    print(f"  {title:<8} {budget:>5}  1-4 all {cell(CORE, 0)} mean {cell(CORE, 1)}  |  {per_cat}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--half", choices=["A", "B", "both"], default="both")
    parser.add_argument("--limit", type=int, default=0, help="only the first N conversations of each half")
    parser.add_argument("--before-ref", default="", help="git ref of the code to compare with (before)")
    parser.add_argument("--grid", action="store_true", help="score [context] recall_k / digest_k variants")
    parser.add_argument(
        "--weave-cost", type=int, default=0, metavar="N", help="time weaves of N conversations"
    )
    parser.add_argument("--no-topics", action="store_true", help="this checkout with topic digests off")
    parser.add_argument("--worker", default="", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.weave_cost:
        weave_cost(args.data, args.weave_cost)
        return
    turns, questions = load(args.data)
    if args.worker:  # one conversation, under whatever code PYTHONPATH names
        print(json.dumps(evaluate(args.worker, turns[args.worker], questions[args.worker], args.root)))
        return
    samples = list(turns)
    halves = {"A": samples[0::2], "B": samples[1::2]}
    chosen = ["A", "B"] if args.half == "both" else [args.half]
    spent = {"before": 0.0, "after": 0.0}
    variants = ["before", "after"] if args.before_ref else ["after"]
    columns = [*(["before"] if args.before_ref else []), *(GRID if args.grid else ["after"])]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        shim = before_tree(args.before_ref, tmp) if args.before_ref else None
        for half in chosen:
            scores: Scores = defaultdict(list)
            recall10: dict[str, list[float]] = defaultdict(list)
            picked = halves[half][: args.limit or None]
            for sample in picked:
                for variant in variants:  # the same conversation one after the other: the same load
                    root = tmp / f"{sample}-{variant}"
                    if variant == "before":
                        assert shim is not None
                        result = evaluate_before(shim, sample, args.data, root)
                    else:
                        result = evaluate(
                            sample,
                            turns[sample],
                            questions[sample],
                            root,
                            GRID if args.grid else None,
                            "no-topics" if args.no_topics else "",
                        )
                    spent[variant] += float(result["weave"])  # type: ignore[arg-type]
                    recall10[variant] += result["recall10"]  # type: ignore[arg-type]
                    for name, cat, budget, whole, share in result["rows"]:  # type: ignore[attr-defined]
                        column = "before" if variant == "before" else name
                        scores[(column, int(budget), int(cat))].append((whole, share))
            n = len(recall10["after"])
            print(f"half {half} ({len(picked)} conversations, {n} questions of categories 1-4):")
            print(
                "  share of questions with all evidence in the block / mean share of evidence, per category"
            )
            for budget in BUDGETS:
                for name in columns:
                    report(name, scores, name, budget)
            for variant in variants:
                print(f"  {variant:<7} search R@10 (1-4): {statistics.fmean(recall10[variant]):.3f}")
    times = "  ".join(f"{v} {spent[v]:.1f}s" for v in variants)
    ratio = f", ratio {spent['after'] / spent['before']:.2f}" if args.before_ref else ""
    print(f"ingest + weave + index: {times}{ratio}")


if __name__ == "__main__":
    main()
