"""What read-through costs a search: ``Vault.search`` with and without a shared vault.

    python -m bench.read_through [--turns 400] [--queries 60] [--rounds 3]

A home in a temporary folder holds ``alice`` and ``team``, each woven from ``--turns``
real turns (rules path, real embedding model, real FAISS). ``alice`` reads through
``team``. Each round searches every query on alice with ``read_through=False`` and then
with it on (every query is searched once beforehand, so its vector is cached and both
passes pay for ranking, not for embedding). Prints p50 / p95 wall ms per search over rounds, CPU ms, the
machine's load, and the share of top-10 hits that came from team.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from vaultweave.weaver.vault import Vault

PEOPLE = ["Maya", "Ravi", "Lena", "Tom", "Iris", "Omar", "Sofia", "Ken"]
LIKES = ["green tea", "jazz", "hiking", "chess", "rye bread", "sushi", "climbing", "opera"]
CITIES = ["Lisbon", "Oslo", "Kyoto", "Lima", "Accra", "Quebec", "Tartu", "Perth"]


def turns(rng: random.Random, count: int, day: int) -> list[dict[str, str]]:
    lines = []
    for n in range(count):
        who = rng.choice(PEOPLE)
        text = rng.choice([
            f"I like {rng.choice(LIKES)}.",
            f"I live in {rng.choice(CITIES)}.",
            f"I went to {rng.choice(CITIES)} for {rng.choice(LIKES)}.",
        ])
        stamp = f"2026-01-{day:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00Z"
        lines.append({"text": text, "speaker": who, "ts": stamp})
    return lines


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(13)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, day in (("team", 3), ("alice", 5)):
            (root / name).mkdir()
            if name == "alice":
                shares = '[share]\nread_through = ["team"]\n'
                (root / name / "vault.toml").write_text(shares, encoding="utf-8")
            vault = Vault.init(root / name)
            vault.ingest_many(turns(rng, args.turns, day))
            vault.weave_all()
        alice = Vault.open(root / "alice")
        queries = [f"Where does {rng.choice(PEOPLE)} like {rng.choice(LIKES)}?" for _ in range(args.queries)]
        for query in queries:  # embed every query once, in both vaults' caches
            alice.search(query, read_through=True)
        timings: dict[bool, list[float]] = {False: [], True: []}
        cpu: dict[bool, list[float]] = {False: [], True: []}
        shared_share: list[float] = []
        for _ in range(args.rounds):
            for through in (False, True):
                for query in queries:
                    wall, proc = time.perf_counter(), time.process_time()
                    hits = alice.search(query, k=10, read_through=through)
                    timings[through].append((time.perf_counter() - wall) * 1000)
                    cpu[through].append((time.process_time() - proc) * 1000)
                    if through:
                        shared_share.append(sum(1 for h in hits if h.vault) / max(1, len(hits)))
        load = os.getloadavg()[0]
        print(f"turns per vault: {args.turns}; queries: {args.queries} x {args.rounds} rounds; "
              f"load {load:.1f}")
        for through in (False, True):
            label = "own + team" if through else "own only  "
            t = timings[through]
            print(f"{label}  p50 {percentile(t, 0.5):6.1f} ms  p95 {percentile(t, 0.95):6.1f} ms  "
                  f"cpu p50 {statistics.median(cpu[through]):6.1f} ms")
        print(f"top-10 hits from team (read-through): {statistics.mean(shared_share):.0%}")


if __name__ == "__main__":
    main()
