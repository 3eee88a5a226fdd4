"""The `vaultweave` console script: on `vaultweave mcp` (stdio) the MCP front starts first.

An MCP client waits for its ``initialize`` reply before anything else, and importing the
CLI (the vault, its settings, git) and then the MCP SDK costs seconds of CPU on a small
machine. So when the command line is a stdio ``mcp`` command, the front
(weaver/mcp_stdio.py) starts before anything else is imported, on the standard library
alone, and answers ``initialize``; the CLI then runs as usual and ``mcp`` serves through
that front. Every other command goes straight to the CLI.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

# Options of `vaultweave` itself that take a value (so the value is not the command).
GROUP_OPTIONS_WITH_VALUE = ("--vault",)
# `mcp` options after which nothing is served over stdio.
NOT_STDIO = ("--http", "--schemas", "-h", "--help")


def is_stdio_mcp(argv: Sequence[str]) -> bool:
    """Whether ``argv`` (without the program name) asks to serve MCP over stdio."""
    args = list(argv)
    index = 0
    while index < len(args) and args[index].startswith("-"):
        index += 2 if args[index] in GROUP_OPTIONS_WITH_VALUE else 1
    if index >= len(args) or args[index] != "mcp":
        return False
    rest = args[index + 1 :]
    return not any(arg in NOT_STDIO or arg.startswith("--http=") for arg in rest)


def serves_a_home(argv: Sequence[str]) -> bool:
    """Whether the command line serves a home (`mcp --home DIR`): its instructions differ."""
    return any(arg == "--home" or arg.startswith("--home=") for arg in argv)


def main() -> int:
    if not is_stdio_mcp(sys.argv[1:]):
        from vaultweave.weaver.cli import main as cli_main

        return cli_main()
    from vaultweave.weaver.mcp_handshake import HOME_INSTRUCTIONS, INSTRUCTIONS
    from vaultweave.weaver.mcp_stdio import note_start_failure, start_front

    front = start_front(HOME_INSTRUCTIONS if serves_a_home(sys.argv[1:]) else INSTRUCTIONS)
    try:
        from vaultweave.weaver.cli import main as cli_main

        code = cli_main()
    except Exception as exc:
        note_start_failure(f"internal error ({type(exc).__name__}: {exc}); please report it")
        if front.failure is not None and not front.serving:
            front.refuse_until_closed(front.failure)
        raise
    if front.failure is not None and not front.serving:
        front.refuse_until_closed(front.failure)
    return code
