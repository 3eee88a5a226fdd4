"""The vault as an MCP server (official `mcp` SDK, 2.x): tools, plus read-only resources.

Thin wiring over `weaver.mcp_tools.VaultTools`. Every VaultError (and a bad argument)
comes back to the model as a tool error with the error's one-line message; the server
keeps running. Run with `vaultweave mcp --vault PATH` (stdio) or `--http`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, Protocol, TypeVar

import anyio
import anyio.to_thread
import vaultweave.store.needs_mcp  # noqa: F401  (MissingExtraError if mcp is missing)
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.types import Resource as MCPResource
from mcp.types import ToolAnnotations
from pydantic import Field
from vaultweave.store.errors import ItemNotFoundError, VaultError
from vaultweave.weaver.mcp_handshake import INSTRUCTIONS, SERVER_NAME
from vaultweave.weaver.mcp_http import check_can_serve, current_client, serve_http
from vaultweave.weaver.mcp_stdio import StdioFront
from vaultweave.weaver.mcp_tools import VaultTools, tool_error_text
from vaultweave.weaver.render import title_of
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT
from vaultweave.weaver.vault import Vault

EXPAND_HELP = "Also the facts one hop from the top facts (relations, time order, similarity)."
INDEX_URI = "vault://index.md"
CATEGORY_URI = "vault://categories/{name}"

Text = Annotated[str, Field(min_length=1, max_length=100_000)]
Name = Annotated[str, Field(min_length=1, max_length=200)]
OptionalText = Annotated[str | None, Field(max_length=200)]
Names = Annotated[list[Annotated[str, Field(max_length=200)]] | None, Field(max_length=100)]

READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
FORGETS = ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False)
F = TypeVar("F", bound=Callable[..., Any])


class ToolDecorator(Protocol):
    """``tool`` or a home's ``home_tool``: (server, annotations) -> a decorator registering a tool."""

    def __call__(self, server: MCPServer[Any], annotations: ToolAnnotations, /) -> Callable[[F], F]: ...


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
    except Exception as exc:
        text = tool_error_text(exc)
        if text is None:
            raise
        raise ToolError(text) from exc


class VaultMCPServer(MCPServer[Any]):
    """MCPServer whose resource list follows the vault's categories as they come and go."""

    def __init__(self, tools: VaultTools | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.vault_tools = tools  # None for a home: its pages are read by template

    async def list_resources(self) -> list[MCPResource]:
        fixed = await super().list_resources()
        if self.vault_tools is None:
            return fixed
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

    async def run_on_front(self, front: StdioFront) -> None:
        """Serve stdio through ``front`` (weaver/mcp_stdio.py), which may have answered
        ``initialize`` already. MCPServer has no public way to run on given streams, so
        this uses its low-level server as ``run_stdio_async`` does (mcp<3 is pinned;
        tests/test_mcp_stdio.py runs it)."""
        from mcp.server.stdio import stdio_server

        low = self._lowlevel_server
        front.serving = True
        streams: Any = (front.lines(), front.writer())  # the async-file shape stdio_server reads
        async with stdio_server(stdin=streams[0], stdout=streams[1]) as (read, write):
            await low.run(read, write, low.create_initialization_options())


def build_server(
    vault: Vault,
    *,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    client: str = "default",
    tools: VaultTools | None = None,
) -> VaultMCPServer:
    """The server of one vault: tools without a ``vault`` argument. ``tools``: the
    VaultTools to serve (one the stdio front answered early with), else new ones."""
    tools = tools or VaultTools(vault, lock_timeout=lock_timeout, client=client)
    server = VaultMCPServer(
        tools, name=SERVER_NAME, instructions=INSTRUCTIONS, log_level="WARNING"
    )
    add_tools(server, lambda: tools, tool)

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


def caller_name() -> str | None:
    """The calling client's name (its changes_since bookmark), when it sent a client token."""
    client = current_client()
    return None if client is None else client.name


def add_tools(
    server: MCPServer[Any],
    pick: Callable[[], VaultTools],
    tool: ToolDecorator,
) -> None:
    """Register every vault tool; ``pick()`` gives the tools of the vault a call is for."""

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
        new), ended, retracted, reinforced or put in doubt.
        """
        with tool_errors():
            return pick().remember(
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
        explain: Annotated[bool, Field(description="Add each hit's score parts.")] = False,
        expand: Annotated[bool, Field(description=EXPAND_HELP)] = False,
    ) -> dict[str, Any]:
        """Hybrid (dense + keyword) search over facts and raw turns, current facts by default.

        Every hit carries its text, status, validity range and sources; score parts with
        explain=true; with expand=true, facts one hop from the top facts join in, each with
        `via` (e.g. the sister's facts for a question about Maya's sister).
        """
        with tool_errors():
            return pick().search(
                query,
                explain=explain,
                expand=expand,
                k=k,
                categories=categories,
                tags=tags,
                kinds=kinds,
                include_history=include_history,
                as_of=as_of,
                min_score=min_score,
            )

    @tool(server, READ_ONLY)
    def context(
        query: Text,
        budget_tokens: Annotated[int, Field(ge=50, le=32_000, description="Token budget.")] = 1500,
        session: Annotated[
            str | None, Field(max_length=200, description="The live session: its last turns first.")
        ] = None,
        expand: Annotated[bool, Field(description=EXPAND_HELP)] = False,
    ) -> str:
        """A prompt-ready Markdown block for a question: the session's last turns (when a
        session is given), the profile the question needs, recalled facts with dates and
        sources, digest lines, relevant turns; never over the budget, nothing twice."""
        with tool_errors():
            return pick().context(query, budget_tokens, session, expand=expand)

    @tool(server, READ_ONLY)
    def read_category(
        name: Annotated[str, Field(min_length=1, max_length=200, description="Category name.")],
    ) -> str:
        """The Markdown page of one category (front matter, current facts, history)."""
        with tool_errors():
            return pick().read_category(name)

    @tool(server, READ_ONLY)
    def list_categories() -> dict[str, Any]:
        """Every category with its page path and fact counts."""
        with tool_errors():
            return pick().list_categories()

    @tool(server, READ_ONLY)
    def fact_history(
        subject: Annotated[str, Field(min_length=1, max_length=200, description="e.g. Maya")],
        attribute: Annotated[
            str, Field(min_length=1, max_length=200, description="e.g. employer, lives_in")
        ],
    ) -> dict[str, Any]:
        """Every value a subject's attribute has had, oldest first, with validity ranges.
        When there is none, the known subjects or attributes are listed."""
        with tool_errors():
            return pick().fact_history(subject, attribute)

    @tool(server, READ_ONLY)
    def about(
        subject: Annotated[str, Field(min_length=1, max_length=200, description="e.g. Maya")],
    ) -> dict[str, Any]:
        """Everything known of one subject: current facts by attribute, relations to other
        known subjects, and how many past values each attribute has."""
        with tool_errors():
            return pick().about(subject)

    @tool(server, READ_ONLY)
    def list_subjects() -> dict[str, Any]:
        """Every subject the vault has facts about, with counts, the most known first."""
        with tool_errors():
            return pick().list_subjects()

    @tool(server, READ_ONLY)
    def status() -> dict[str, Any]:
        """The vault's health: fact counts, lines waiting to be woven, lines that could not
        be read (file:line: reason), pages edited by hand, whether a writer is running."""
        with tool_errors():
            return pick().status()

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
        verbose: Annotated[bool, Field(description="Every change in full.")] = False,
    ) -> dict[str, Any]:
        """Facts superseded (old -> new), ended, retracted, added; counts; categories.

        Compact by default (about 2,000 characters; "omitted" counts what was left out);
        verbose=true gives every change in full. With since="last", reads from this
        client's bookmark and moves it to now.
        """
        with tool_errors():
            return pick().changes_since(since, client or caller_name(), verbose)

    @tool(server, FORGETS)
    def forget(
        item_id: Annotated[str, Field(min_length=1, max_length=64, description="The fact's id.")],
        reason: Annotated[str, Field(min_length=1, max_length=500, description="Why.")],
    ) -> dict[str, Any]:
        """Retract one fact with a reason. It leaves the current facts; a fact it had
        replaced is current again; git keeps its history."""
        with tool_errors():
            return pick().forget(item_id, reason)

    @tool(server, FORGETS)
    def erase(
        reason: Annotated[str, Field(min_length=1, max_length=500, description="Why.")],
        text: Annotated[
            str | None, Field(min_length=4, max_length=10_000, description="The text to erase.")
        ] = None,
        resource_ids: Annotated[
            list[Annotated[str, Field(max_length=300)]] | None,
            Field(max_length=100, description="Or the resource ids of the lines to erase."),
        ] = None,
    ) -> dict[str, Any]:
        """For privacy: remove the text (every line holding it) or the given lines from the
        vault: lines become tombstones, facts they alone produced are deleted, pages and
        the index follow. Returns a receipt. Earlier git commits keep the text until the
        vault's operator rewrites history (`vaultweave erase --rewrite-history`)."""
        with tool_errors():
            if not text and not resource_ids:
                raise ValueError("give the text or at least one resource id")
            return pick().erase(text, list(resource_ids or []), reason)

    @tool(server, WRITES)
    def open_task(
        goal: Annotated[str, Field(min_length=1, max_length=500, description="What the task is for.")],
        session: OptionalText = None,
        speaker: Annotated[str | None, Field(max_length=200, description="The agent.")] = None,
    ) -> dict[str, Any]:
        """Open a task buffer for notes while you work on one task; returns its id. Notes
        are stored at once, so nothing is lost if you stop."""
        with tool_errors():
            return pick().open_task(goal, session, speaker)

    @tool(server, WRITES)
    def task_note(
        task_id: Annotated[str, Field(min_length=1, max_length=64)],
        text: Annotated[str, Field(min_length=1, max_length=100_000)],
        kind: Annotated[str, Field(description="note or result")] = "note",
    ) -> dict[str, Any]:
        """Add a note (or a result) to an open task."""
        with tool_errors():
            return pick().task_note(task_id, text, kind)

    @tool(server, WRITES)
    def close_task(
        task_id: Annotated[str, Field(min_length=1, max_length=64)],
        outcome: Annotated[str, Field(max_length=5_000, description="How it ended.")] = "",
        status: Annotated[str, Field(description="done, failed or abandoned")] = "done",
    ) -> dict[str, Any]:
        """Close a task: its notes are woven into facts and a task page tasks/<id>.md is
        written (goal, what was done, outcome, the facts it produced)."""
        with tool_errors():
            return pick().close_task(task_id, outcome, status)

    @tool(server, READ_ONLY)
    def list_tasks(
        status: Annotated[
            str | None, Field(description="open, done, failed or abandoned; all if unset")
        ] = None,
    ) -> dict[str, Any]:
        """Task buffers, oldest first, with their status and page."""
        with tool_errors():
            return pick().list_tasks(status)

    @tool(server, WRITES)
    def correct(
        item_id: Annotated[str, Field(min_length=1, max_length=64, description="The fact's id.")],
        value: Annotated[
            str | None, Field(max_length=500, description="The right value, e.g. OpenAI.")
        ] = None,
        text: Annotated[
            str | None, Field(max_length=1000, description="Or the right sentence.")
        ] = None,
        reason: Annotated[str, Field(min_length=1, max_length=500, description="Why.")] = "it was wrong",
    ) -> dict[str, Any]:
        """The fact was wrong (not changed by the world): it is voided with the reason, and
        the corrected fact takes its place from the same date."""
        with tool_errors():
            return pick().correct(item_id, value, text, reason)


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
    front: StdioFront | None = None,
    tools: VaultTools | None = None,
) -> None:
    """Serve until the client goes away (stdio) or the process is stopped (HTTP).

    HTTP off loopback needs ``token`` (weaver/mcp_http.py); UnauthenticatedBindError
    before anything binds otherwise. ``front``: the stdio front the CLI started before
    loading the SDK (it may have answered ``initialize`` and the first read-only calls;
    ``tools`` are then the VaultTools it answered them with).
    """
    if http:
        check_can_serve(host, token)
    server = build_server(vault, lock_timeout=lock_timeout, client=client, tools=tools)
    if http:
        serve_http(server, host, port, token, allow_hosts)
    elif front is not None:
        anyio.run(server.run_on_front, front)
    else:
        server.run("stdio")
