"""What the LLM path costs, measured against a scripted OpenAI-compatible server.

    python -m bench.llm_cost [--turns 200] [--chunk 25] [--batch-size 20]

A synthetic conversation (people moving, changing jobs, naming relatives and pets, the
assistant answering) is appended in chunks, with a weave after each chunk, as `watch`
would. The scripted model extracts what the rules miss, judges the pairs it is shown and
writes summaries. Printed: calls and tokens per 100 resource turns (tokens as the
scripted server counts them: about one per four characters sent or received), the
summary cache hit rate on a second weave whose turns restate known facts (and add one),
and the
share of conflict decisions made without a call. Every figure is read back from the
weave commits' trailers, so the bench also checks that they are written.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from vaultweave.weaver.vault import Vault  # noqa: E402

from tests.llm_server import Reply, Request, ScriptedLLM, data_of, ok, stage_of, vault_toml  # noqa: E402

CITIES = ["Berlin", "Lisbon", "Porto", "Madrid", "Oslo", "Tokyo", "Austin", "Quito"]
COMPANIES = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark"]
JOBS = ["nurse", "teacher", "pilot", "chef", "architect", "data analyst"]
THINGS = ["tea", "jazz", "chess", "sailing", "ramen", "hiking", "poetry"]
RELATIVES = ["sister", "brother", "cousin"]
NAMES = ["Ana", "Ben", "Chen", "Dara", "Eli"]
_RELATIVE = re.compile(r"[Mm]y (sister|brother|cousin) (\w+) is an? ([\w ]+?)\.")
_NOW_JOB = re.compile(r"I (?:now )?work as an? ([\w ]+?)\.")
_PET = re.compile(r"[Oo]ur (dog|cat) is called (\w+)")


def conversation(turns: int, start: datetime, seed: int) -> list[dict[str, Any]]:
    """Turns of one user (Maya), every third one the assistant's."""
    rng = random.Random(seed)
    lines: list[dict[str, Any]] = []
    for n in range(turns):
        ts = _ts(start, n)
        if n % 3 == 2:
            text = rng.choice(["Noted!", "How was your week?", "Tell me more.", "I can help."])
            lines.append({"text": text, "ts": ts, "role": "assistant", "speaker": "assistant"})
            continue
        text = rng.choice(
            [
                f"I live in {rng.choice(CITIES)}.",
                f"I work at {rng.choice(COMPANIES)}.",
                f"I like {rng.choice(THINGS)}.",
                f"My {rng.choice(RELATIVES)} {rng.choice(NAMES)} is a {rng.choice(JOBS)}.",
                f"I now work as a {rng.choice(JOBS)}.",
                f"Our {rng.choice(['dog', 'cat'])} is called {rng.choice(NAMES)}.",
                "Lovely weather today, isn't it?",
            ]
        )
        lines.append({"text": text, "ts": ts, "role": "user", "speaker": "Maya"})
    return lines


def restatements(vault: Vault, turns: int, start: datetime, seed: int) -> list[dict[str, Any]]:
    """A second conversation that mostly repeats what the vault holds, plus one new like."""
    phrases = {"lives_in": "I live in {}.", "employer": "I work at {}.", "likes": "I like {}."}
    known = [
        phrases[i.attribute].format(i.value)
        for i in vault.items()
        if i.subject == "Maya" and i.attribute in phrases
    ]
    rng = random.Random(seed)
    texts = [rng.choice(known) for _ in range(turns - 1)] + ["I like origami."]
    return [
        {"text": text, "ts": _ts(start, n), "role": "user", "speaker": "Maya"} for n, text in enumerate(texts)
    ]


def _ts(start: datetime, n: int) -> str:
    return (start + timedelta(hours=6 * n)).isoformat().replace("+00:00", "Z")


def scripted_model(request: Request) -> Reply:
    """A deterministic stand-in model: finds what the rules phrasebook does not cover."""
    stage = stage_of(request)
    if stage == "extract":
        facts = []
        for turn in data_of(request)["turns"]:
            if turn["role"] != "user":
                continue
            text = turn["text"]
            for relation, name, job in _RELATIVE.findall(text):
                facts.append({"turn": turn["id"], "subject": name, "attribute": "job_title", "value": job})
                facts.append(
                    {
                        "turn": turn["id"],
                        "subject": "I",
                        "attribute": "sibling" if relation != "cousin" else "family",
                        "value": f"a {relation} named {name}",
                    }
                )
            for job in _NOW_JOB.findall(text):
                facts.append({"turn": turn["id"], "subject": "I", "attribute": "job_title", "value": job})
            for kind, name in _PET.findall(text):
                facts.append(
                    {
                        "turn": turn["id"],
                        "subject": "I",
                        "attribute": "pet",
                        "value": f"a {kind} called {name}",
                    }
                )
        return ok({"facts": facts})
    if stage == "judge":
        decisions = []
        for pair in data_of(request)["pairs"]:
            related_job = {pair["new"]["attribute"], pair["existing"]["attribute"]} == {
                "job_title",
                "employer",
            }
            decisions.append(
                {
                    "pair": pair["pair"],
                    "verdict": "conflict" if related_job else "unrelated",
                    "reason": "scripted",
                }
            )
        return ok({"decisions": decisions})
    if stage == "summarize":
        facts = data_of(request)["facts"]
        return ok({"summary": f"{len(facts)} things are known here; the latest is {facts[-1]['text']}"})
    return Reply(status=500, body=b'{"error": {"message": "unknown prompt"}}')


def trailers(root: Path, since: str | None) -> list[dict[str, str]]:
    span = f"{since}..HEAD" if since else "HEAD"
    out = subprocess.run(
        ["git", "-C", str(root), "log", "--format=%B%x00", span],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = []
    for message in out.split("\x00"):
        rows = dict(line.split(": ", 1) for line in message.splitlines() if line.startswith("LLM-"))
        if rows:
            found.append(rows)
    return found


def tally(rows: list[dict[str, str]]) -> Counter[str]:
    total: Counter[str] = Counter()
    for row in rows:
        total["calls"] += int(row["LLM-Calls"].split()[0])
        tokens = re.findall(r"\d+", row["LLM-Tokens"])
        total["prompt_tokens"] += int(tokens[0])
        total["completion_tokens"] += int(tokens[1])
        for stage, count in re.findall(r"(\w+) (\d+)", row["LLM-Calls"].partition("(")[2]):
            total[f"calls_{stage}"] += int(count)
        if "LLM-Judge" in row:
            by_model, by_rules = re.findall(r"\d+", row["LLM-Judge"])
            total["judged_by_model"] += int(by_model)
            total["decided_by_rules"] += int(by_rules)
        if "LLM-Summaries" in row:
            written, cached, failed = re.findall(r"\d+", row["LLM-Summaries"])
            total["summaries_written"] += int(written)
            total["summaries_cached"] += int(cached)
            total["summaries_failed"] += int(failed)
    return total


def weave_in_chunks(vault: Vault, lines: list[dict[str, Any]], chunk: int) -> None:
    for start in range(0, len(lines), chunk):
        vault.ingest_many(lines[start : start + chunk])
        vault.weave_all()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--chunk", type=int, default=25, help="turns appended between weaves")
    parser.add_argument("--batch-size", type=int, default=20, help="[llm] batch_size")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    with ScriptedLLM(responder=scripted_model) as server, tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "vault"
        root.mkdir()
        (root / "vault.toml").write_text(vault_toml(server.base_url, batch_size=args.batch_size))
        vault = Vault.init(root)
        start = datetime(2026, 1, 1, tzinfo=timezone.utc)
        started = time.perf_counter()
        weave_in_chunks(vault, conversation(args.turns, start, args.seed), args.chunk)
        first_seconds = time.perf_counter() - started
        first = tally(trailers(root, None))
        mark = vault.repo.head_sha()

        second_turns = max(args.chunk, args.turns // 4)
        later = start + timedelta(hours=6 * args.turns + 24)
        again = restatements(vault, second_turns, later, args.seed + 1)
        weave_in_chunks(vault, again, second_turns)
        second = tally(trailers(root, mark))
        items = vault.items(status="all")

    per100 = 100 / args.turns
    decisions = first["judged_by_model"] + first["decided_by_rules"]
    summaries = second["summaries_written"] + second["summaries_cached"]
    print(
        f"scripted endpoint, batch_size={args.batch_size}, {args.turns} turns woven "
        f"{args.chunk} at a time ({first_seconds:.1f}s), {len(items)} items"
    )
    print(
        f"calls per 100 turns:          {first['calls'] * per100:.1f} "
        f"(extract {first['calls_extract'] * per100:.1f}, "
        f"judge {first['calls_judge'] * per100:.1f}, "
        f"summarize {first['calls_summarize'] * per100:.1f})"
    )
    print(
        f"tokens per 100 turns:         {first['prompt_tokens'] * per100:.0f} prompt + "
        f"{first['completion_tokens'] * per100:.0f} completion"
    )
    print(
        f"conflict decisions w/o call:  {first['decided_by_rules']}/{decisions} "
        f"= {first['decided_by_rules'] / decisions:.0%} "
        f"({first['judged_by_model']} pairs judged by the model)"
        if decisions
        else "conflict decisions w/o call:  none arose"
    )
    print(
        f"second weave ({second_turns} turns, restating known facts, one new): summary cache hits "
        f"{second['summaries_cached']}/{summaries}"
        + (f" = {second['summaries_cached'] / summaries:.0%}" if summaries else "")
        + f", {second['calls']} calls"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
