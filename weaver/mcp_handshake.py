"""What the MCP server says about itself: its name, its instructions, its handshake.

Kept apart from weaver/mcp_server.py (which imports the SDK) so the stdio front
(weaver/mcp_stdio.py) can answer ``initialize`` before the SDK is loaded.
"""

from __future__ import annotations

from typing import Any

SERVER_NAME = "vaultweave"
INSTRUCTIONS = """\
This server is a vaultweave knowledge vault: what users said (resources), the atomic
facts woven from it (items, each current or historical with a validity range), and one
Markdown page per category. Start a session with `changes_since` (since="last") to learn
what changed since you last looked; use `context` for a prompt-ready block about a
question, `search` for ranked facts and turns, `fact_history` for how one attribute
changed over time, `about` for everything known of one person or thing. Use `remember`
to store something the user said; `correct` when a fact was wrong (the right value
takes its place from the same date); `forget` to retract a fact the user wants gone
(what it had replaced is current again; git keeps its history). Replies are compact;
ask with `explain` / `verbose` for everything."""

# The instructions of `vaultweave mcp --home DIR` (weaver/mcp_home.py): many vaults.
HOME_INSTRUCTIONS = """\
This server is a home of vaultweave knowledge vaults: one per user, agent or team, and
shared ones. Call `list_vaults` first: it lists the vaults you may use and whether you may
write them. Every other tool takes `vault`, the vault's name. A vault may read through to
shared vaults: its `search` and `context` then include their facts, each marked with the
vault it came from; `remember` and the other writes go only to the vault you name. Start
with `changes_since` (since="last") to learn what changed since you last looked; `context`
for a prompt-ready block, `search` for ranked facts, `remember` to store what the user
said, `correct` or `forget` for a wrong or unwanted fact."""

# Protocol versions negotiated through `initialize` by the SDK we run on (mcp 2.x:
# mcp_types.version.HANDSHAKE_PROTOCOL_VERSIONS); the SDK echoes a version it knows.
# tests/test_mcp_stdio.py fails when the installed SDK disagrees.
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")

# What the server offers: the SDK derives these from the handlers MCPServer registers.
CAPABILITIES: dict[str, Any] = {
    "prompts": {"listChanged": False},
    "resources": {"listChanged": False, "subscribe": False},
    "tools": {"listChanged": False},
}


def handshake_reply(request_id: Any, version: str, instructions: str = INSTRUCTIONS) -> dict[str, Any]:
    """The JSON-RPC reply to an ``initialize`` request asking for ``version``."""
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "result": {
            "capabilities": CAPABILITIES,
            "instructions": instructions,
            "protocolVersion": version,
            "serverInfo": {"name": SERVER_NAME, "version": ""},
        },
    }
