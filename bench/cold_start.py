"""MCP stdio cold start: process start to the first answered `initialize`, and to the
first answered `search`. Prints figures.

    python -m bench.cold_start [--runs 5]

The demo vault (sample_vault) is copied to a temporary folder and woven once. Then, per
run, a fresh server process is started and spoken to in raw JSON-RPC lines (no client
library in the way), as a client starts a session: `initialize`,
`notifications/initialized`, `tools/list`, then `tools/call search`, each sent without
waiting. Two servers are timed in the same run:

- `vaultweave mcp`: the console script (the stdio front answers `initialize`, and once
  the vault is open `tools/list` and the search, before the SDK loads);
- plain SDK stdio: the same tools served by `MCPServer.run("stdio")` after importing
  everything, the way the server started before the front.

CPU is the server's user + system time when the search reply arrived (from /proc): on a
shared machine the wall time is mostly waiting for a core, so the load average is
printed beside.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
PLAIN_SDK = (
    "import sys; from vaultweave.weaver.mcp_server import serve; "
    "from vaultweave.weaver.vault import Vault; serve(Vault.open(sys.argv[1]))"
)


def console_script() -> list[str]:
    script = Path(sys.executable).with_name("vaultweave")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from vaultweave.weaver.launch import main; sys.exit(main())"]


def run_once(command: list[str]) -> tuple[float, float, float]:
    """(seconds to the initialize reply, seconds to the search reply, CPU seconds the
    server had used when the search reply arrived)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None

    def send(message: dict[str, Any]) -> None:
        assert process.stdin is not None
        process.stdin.write(json.dumps(message).encode() + b"\n")
        process.stdin.flush()

    def receive() -> dict[str, Any]:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise SystemExit(
                f"server ended early: {process.stderr.read().decode() if process.stderr else ''}"
            )
        return json.loads(line)

    send(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "0"},
            },
        }
    )
    reply = receive()
    initialized = time.perf_counter() - start
    assert reply.get("id") == 1 and "result" in reply, reply
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})  # what clients ask first
    send(
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "search", "arguments": {"query": "Where does Maya work?"}},
        }
    )
    listed, found = receive(), receive()
    searched = time.perf_counter() - start
    cpu_to_search = process_cpu(process.pid)
    assert listed.get("id") == 2 and "tools" in listed.get("result", {}), listed
    assert found.get("id") == 3 and not found["result"].get("isError"), found
    process.stdin.close()
    process.wait(timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return initialized, searched, cpu_to_search if cpu_to_search is not None else cpu


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) the process has used so far, from /proc; None elsewhere.
    On a shared machine this, not the wall time, says what the start costs."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from vaultweave.weaver.vault import Vault

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "vault"
        shutil.copytree(REPO / "sample_vault", root)
        vault = Vault.init(root)
        vault.weave()
        servers = {
            "vaultweave mcp": [*console_script(), "mcp", "--vault", str(root)],
            "plain SDK stdio": [sys.executable, "-c", PLAIN_SDK, str(root)],
        }
        run_once(servers["vaultweave mcp"])  # warm the OS file cache; not counted
        for name, command in servers.items():
            runs = [run_once(command) for _ in range(args.runs)]
            init = [r[0] * 1000 for r in runs]
            search = [r[1] * 1000 for r in runs]
            cpu = [r[2] for r in runs]
            print(
                f"{name:<16} initialize median {statistics.median(init):6.0f} ms max {max(init):6.0f} ms | "
                f"first search median {statistics.median(search):6.0f} ms max {max(search):6.0f} ms | "
                f"CPU to the search reply {statistics.median(cpu):.2f} s"
            )
    print(f"{args.runs} runs each, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
