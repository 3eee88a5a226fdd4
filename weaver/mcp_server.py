"""The vault as an MCP server (official `mcp` SDK, 2.x): tools, plus read-only resources.

Thin wiring over `weaver.mcp_tools.VaultTools`. Every VaultError (and a bad argument)
comes back to the model as a tool error with the error's one-line message; the server
keeps running. Run with `vaultweave mcp --vault PATH` (stdio) or `--http`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, TypeVar

import anyio
import anyio.to_thread
import vaultweave.store.needs_mcp  # noqa: F401  (MissingExtraError if mcp is missing)
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.types import Resource as MCPResource
from mcp.types import ToolAnnotations
from pydantic import Field
from vaultweave.store.errors import ItemNotFoundError, VaultError
from vaultweave.weaver.mcp_http import check_can_serve, serve_http
from vaultweave.weaver.mcp_tools import VaultTools, as_list
from vaultweave.weaver.render import title_of
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT
from vaultweave.weaver.vault import Vault

SERVER_NAME = "vaultweave"
INDEX_URI = "vault://index.md"
CATEGORY_URI = "vault://categories/{name}"
INSTRUCTIONS = """\
This server is a vaultweave knowledge vault: what users said (resources), the atomic
facts woven from it (items, each current or historical with a validity range), and one
Markdown page per category. Start a session with `changes_since` (since="last") to learn
what changed since you last looked; use `context` for a prompt-ready block about a
question, `search` for ranked facts and turns, `fact_history` for how one attribute
changed over time. Use `remember` to store something the user said; `forget` to retract
a fact that is wrong or that the user wants gone (git keeps its history)."""

Text = Annotated[str, Field(min_length=1, max_length=100_000)]
Name = Annotated[str, Field(min_length=1, max_length=200)]
OptionalText = Annotated[str | None, Field(max_length=200)]
Names = Annotated[list[Annotated[str, Field(max_length=200)]] | None, Field(max_length=100)]

READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
FORGETS = ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False)
F = TypeVar("F", bound=Callable[..., Any])


def tool(server: MCPServer[Any], annotations: ToolAnnotations) -> Callable[[F], F]:
    """Register ``fn`` as a tool whose description is its docstring, dedented."""

    def register(fn: F) -> F:
        description = inspect.cleandoc(fn.__doc__ or "")
        server.add_tool(fn, description=description, annotations=annotations)
        return fn

    return register


@contextmanager
def tool_errors() -> Iterator[None]:
    """A vault error or a rejected argument becomes a tool error the model can read."""
    try:
        yield
    except VaultError as exc:
        raise ToolError(str(exc)) from exc
    except ValueError as exc:
        raise ToolError(f"invalid argument: {exc}") from exc
    except ImportError as exc:  # an optional extra (recall) is not installed
        raise ToolError(
            f"this tool needs an optional part that is not installed ({exc}); "
            "install it with `pip install 'vaultweave[recall]'`"
        ) from exc


class VaultMCPServer(MCPServer[Any]):
    """MCPServer whose resource list follows the vault's categories as they come and go."""

    def __init__(self, tools: VaultTools, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.vault_tools = tools

    async def list_resources(self) -> list[MCPResource]:
        fixed = await super().list_resources()
        names = await anyio.to_thread.run_sync(self.vault_tools.vault.categories)
        pages = [
            MCPResource(
                uri=f"vault://categories/{name}",
                name=name,
                title=title_of(name),
                description=f"Category page categories/{name}.md (read-only)",
                mime_type="text/markdown",
            )
            for name in names
        ]
        return [*fixed, *pages]


def build_server(
    vault: Vault, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT, client: str = "default"
) -> VaultMCPServer:
    tools = VaultTools(vault, lock_timeout=lock_timeout, client=client)
    server = VaultMCPServer(
        tools, name=SERVER_NAME, instructions=INSTRUCTIONS, log_level="WARNING"
    )

    @tool(server, WRITES)
    def remember(
        text: Annotated[str, Field(min_length=1, max_length=100_000, description="What was said.")],
        speaker: Annotated[str | None, Field(max_length=200, description="Who said it.")] = None,
        role: Annotated[
            str | None, Field(max_length=50, description="user, assistant, ... (default user)")
        ] = "user",
        ts: Annotated[
            str | None, Field(max_length=64, description="When, RFC 3339; default now.")
        ] = None,
        session: OptionalText = None,
        source: OptionalText = None,
    ) -> dict[str, Any]:
        """Store one thing the user said and weave it into facts now.

        Returns the resource id, the commit, and the facts learned, superseded (old ->
        new), retracted or reinforced.
        """
        with tool_errors():
            return tools.remember(
                text, speaker=speaker, role=role, ts=ts, session=session, source=source
            )

    @tool(server, READ_ONLY)
    def search(
        query: Text,
        k: Annotated[int, Field(ge=1, le=200, description="How many hits.")] = 10,
        categories: Names = None,
        tags: Names = None,
        kinds: Names = None,
        include_history: Annotated[
            bool, Field(description="Also return superseded / retracted facts, marked.")
        ] = False,
        as_of: Annotated[
            str | None,
            Field(max_length=64, description="What was true then (RFC 3339 or YYYY-MM-DD)."),
        ] = None,
        min_score: Annotated[float | None, Field(ge=0.0, description="Drop weaker hits.")] = None,
    ) -> dict[str, Any]:
        """Hybrid (dense + keyword) search over facts and raw turns, current facts by default.

        Every hit carries its score parts, status, validity range and sources.
        """
        with tool_errors():
            return tools.search(
                query,
                k=k,
                categories=as_list(categories),
                tags=as_list(tags),
                kinds=as_list(kinds),
                include_history=include_history,
                as_of=as_of,
                min_score=min_score,
            )

    @tool(server, READ_ONLY)
    def context(
        query: Text,
        budget_tokens: Annotated[int, Field(ge=50, le=32_000, description="Token budget.")] = 1500,
    ) -> str:
        """A prompt-ready Markdown block for a question: profile, recalled facts with dates
        and sources, relevant turns; never over the budget."""
        with tool_errors():
            return tools.context(query, budget_tokens)

    @tool(server, READ_ONLY)
    def read_category(
        name: Annotated[str, Field(min_length=1, max_length=200, description="Category name.")],
    ) -> str:
        """The Markdown page of one category (front matter, current facts, history)."""
        with tool_errors():
            return tools.read_category(name)

    @tool(server, READ_ONLY)
    def list_categories() -> dict[str, Any]:
        """Every category with its page path and fact counts."""
        with tool_errors():
            return tools.list_categories()

    @tool(server, READ_ONLY)
    def fact_history(
        subject: Annotated[str, Field(min_length=1, max_length=200, description="e.g. Maya")],
        attribute: Annotated[
            str, Field(min_length=1, max_length=200, description="e.g. employer, lives_in")
        ],
    ) -> dict[str, Any]:
        """Every value a subject's attribute has had, oldest first, with validity ranges."""
        with tool_errors():
            return tools.fact_history(subject, attribute)

    @tool(server, WRITES)
    def changes_since(
        since: Annotated[
            str,
            Field(
                min_length=1,
                max_length=200,
                description='A commit id, a date (YYYY-MM-DD or RFC 3339), or "last".',
            ),
        ] = "last",
        client: Annotated[
            str | None,
            Field(max_length=64, description='Bookmark name for "last" (default: the server\'s).'),
        ] = None,
    ) -> dict[str, Any]:
        """Facts added, superseded (old -> new), retracted; categories touched; commit ids.

        With since="last", reads from this client's bookmark and moves it to now.
        """
        with tool_errors():
            return tools.changes_since(since, client)

    @tool(server, FORGETS)
    def forget(
        item_id: Annotated[str, Field(min_length=1, max_length=64, description="The fact's id.")],
        reason: Annotated[str, Field(min_length=1, max_length=500, description="Why.")],
    ) -> dict[str, Any]:
        """Retract one fact with a reason. It leaves the current facts; git keeps its history."""
        with tool_errors():
            return tools.forget(item_id, reason)

    @server.resource(
        INDEX_URI, name="index", title="Vault index", mime_type="text/markdown"
    )
    def index_page() -> str:
        """index.md: a link to every category (read-only)."""
        try:
            return tools.index_markdown()
        except VaultError as exc:
            raise ResourceError(str(exc)) from exc

    @server.resource(CATEGORY_URI, name="category", mime_type="text/markdown")
    def category_page(name: str) -> str:
        """One category page (read-only)."""
        try:
            return tools.category_markdown(name)
        except ItemNotFoundError as exc:
            raise ResourceNotFoundError(str(exc)) from exc
        except VaultError as exc:
            raise ResourceError(str(exc)) from exc

    return server


def tool_schemas(server: MCPServer[Any]) -> list[dict[str, Any]]:
    """Name, description and input JSON schema of every tool, as a client sees them."""

    async def listed() -> list[dict[str, Any]]:
        return [
            {"name": t.name, "description": t.description, "inputSchema": t.input_schema}
            for t in await server.list_tools()
        ]

    return anyio.run(listed)


def serve(
    vault: Vault,
    *,
    http: bool = False,
    host: str = "127.0.0.1",
    port: int = 8765,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    client: str = "default",
    token: str | None = None,
    allow_hosts: Sequence[str] = (),
) -> None:
    """Serve until the client goes away (stdio) or the process is stopped (HTTP).

    HTTP off loopback needs ``token`` (weaver/mcp_http.py); UnauthenticatedBindError
    before anything binds otherwise.
    """
    if http:
        check_can_serve(host, token)
    server = build_server(vault, lock_timeout=lock_timeout, client=client)
    if http:
        serve_http(server, host, port, token, allow_hosts)
    else:
        server.run("stdio")
