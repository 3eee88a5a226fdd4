"""Agent faces: how long "what changed since" and MCP tool calls take. Prints figures.

    python -m bench.faces [--cycles 200]

Builds a vault of CYCLES weave commits (three lines each: a job change, a move, a new
like) with the rules extractor, then times changes_since over the whole history and
over one commit, MCP tool round trips over stdio (the real client and server
processes), and the server's cold start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from vaultweave.weaver.vault import Vault

REPO = Path(__file__).resolve().parent.parent
CITIES = ["Berlin", "Lisbon", "Paris", "Madrid", "Oslo", "Rome", "Vienna", "Prague"]
FIRMS = ["Google", "OpenAI", "Anthropic", "Mistral", "DeepMind", "Cohere", "Meta"]


def build(root: Path, cycles: int) -> Vault:
    vault = Vault.init(root)
    for n in range(cycles):
        day = f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}"
        vault.ingest(f"I work at {FIRMS[n % len(FIRMS)]}.", speaker="Maya", ts=f"{day}T09:00:00Z")
        vault.ingest(f"I live in {CITIES[n % len(CITIES)]}.", speaker="Maya", ts=f"{day}T09:01:00Z")
        vault.ingest(f"I like hobby number {n}.", speaker="Maya", ts=f"{day}T09:02:00Z")
        vault.weave()
    return vault


def timed(action: object, repeat: int = 5) -> list[float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        runs.append((time.perf_counter() - start) * 1000)
    return runs


def ms(runs: list[float]) -> str:
    ordered = sorted(runs)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {statistics.median(runs):8.1f} ms  p95 {p95:8.1f} ms  (n={len(runs)})"


def mcp_figures(root: Path, calls: int) -> None:
    env = {k: os.environ[k] for k in ("HOME", "PATH") if k in os.environ}
    env["PYTHONPATH"] = str(REPO)
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "vaultweave.weaver.cli", "mcp", "--vault", str(root)], env=env
    )

    async def main() -> None:
        start = time.perf_counter()
        async with Client(params) as client:
            await client.list_tools()
            print(f"mcp stdio cold start to list_tools: {(time.perf_counter() - start) * 1000:.0f} ms")
            for name, args in (
                ("list_categories", {}),
                ("fact_history", {"subject": "Maya", "attribute": "employer"}),
                ("changes_since", {"since": "HEAD~1"}),
                ("search", {"query": "Where does Maya live?", "k": 10}),
                ("context", {"query": "Where does Maya live?", "budget_tokens": 800}),
            ):
                runs = []
                for _ in range(calls):
                    begin = time.perf_counter()
                    result = await client.call_tool(name, args)
                    runs.append((time.perf_counter() - begin) * 1000)
                    assert not result.is_error, result.content
                print(f"mcp {name:<16} {ms(runs)}")
            runs = []
            for n in range(calls):
                begin = time.perf_counter()
                await client.call_tool(
                    "remember", {"text": f"I like bench topic {n}.", "speaker": "Maya"}
                )
                runs.append((time.perf_counter() - begin) * 1000)
            print(f"mcp {'remember':<16} {ms(runs)}  (append + weave + commit + index)")

    anyio.run(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "vault"
        start = time.perf_counter()
        vault = build(root, args.cycles)
        built = time.perf_counter() - start
        commits = len(vault.repo.log(10**6))
        items = len(vault.items(status="all"))
        print(f"vault: {commits} commits, {items} items, built in {built:.1f} s")
        first = vault.repo.log(10**6)[-1].sha
        digest = vault.changes_since(first)
        print(
            f"changes_since(first commit): {len(digest.commits)} commits, "
            f"{len(digest.changes)} fact changes"
        )
        print(f"changes_since whole history  {ms(timed(lambda: vault.changes_since(first)))}")
        print(f"changes_since HEAD~1         {ms(timed(lambda: vault.changes_since('HEAD~1'), 20))}")
        print(f"changes_since 2000-01-01     {ms(timed(lambda: vault.changes_since('2000-01-01')))}")
        vault.changes_since("last")
        print(f"changes_since last (no news) {ms(timed(lambda: vault.changes_since('last'), 20))}")
        mcp_figures(root, args.calls)


if __name__ == "__main__":
    main()
