"""Serving a home over MCP: which vault a call names, whether its client may use it, and
a bounded cache of the open vaults.

Every tool of a home server takes ``vault`` (a name in the home). The client's grants
(weaver/mcp_http.py ``current_client``) are checked before the vault is touched: write
tools need a write grant, the rest a read grant. Read-through needs only the read grant
on the caller's vault: which shared vaults it reads is its operator's choice in its
vault.toml, which no tool can change. A call that needs write on a vault the home lacks
creates it when home.toml says ``create_on_first_use``.
"""

from __future__ import annotations

import inspect
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp.types import ToolAnnotations
from pydantic import Field
from vaultweave.schemas.config import HomeConfig, VaultConfig
from vaultweave.store.client_tokens import Client, ClientTokens
from vaultweave.store.errors import (
    AccessDeniedError,
    ItemNotFoundError,
    UnknownVaultError,
    VaultError,
)
from vaultweave.store.home import Home, is_vault_dir
from vaultweave.store.paths import VaultPaths
from vaultweave.weaver.mcp_handshake import HOME_INSTRUCTIONS, SERVER_NAME
from vaultweave.weaver.mcp_http import current_client, serve_http
from vaultweave.weaver.mcp_server import (
    READ_ONLY,
    F,
    ToolDecorator,
    VaultMCPServer,
    add_tools,
    tool,
    tool_errors,
)
from vaultweave.weaver.mcp_stdio import StdioFront
from vaultweave.weaver.mcp_tools import VaultTools
from vaultweave.weaver.read_through import SharedReaders
from vaultweave.weaver.transaction import DEFAULT_LOCK_TIMEOUT
from vaultweave.weaver.vault import Vault

HOME_CATEGORY_URI = "vault://{vault}/categories/{name}"
VAULT_PARAMETER = inspect.Parameter(
    "vault",
    inspect.Parameter.POSITIONAL_OR_KEYWORD,
    annotation=Annotated[
        str,
        Field(
            min_length=1,
            max_length=64,
            description="The vault's name in this home (list_vaults lists them).",
        ),
    ],
)

# Tools that change a vault's tiers and so need a write grant. changes_since is not one:
# it moves only its reader's bookmark in the derived state.
WRITE_TOOLS = frozenset(
    {"remember", "forget", "erase", "correct", "open_task", "task_note", "close_task"}
)


@dataclass(frozen=True)
class Caller:
    """Who a call comes from: a client, or None for the trusted local user (stdio)."""

    client: Client | None

    @property
    def name(self) -> str | None:
        return None if self.client is None else self.client.name

    def can(self, vault: str, write: bool) -> bool:
        if self.client is None:
            return True
        return self.client.can_write(vault) if write else self.client.can_read(vault)

    def check(self, vault: str, write: bool) -> None:
        if not self.can(vault, write):
            raise AccessDeniedError(self.name or "?", vault, "write" if write else "read")


class VaultPool:
    """The open vaults of a home, by name, least recently used dropped past the bound."""

    def __init__(
        self,
        home: Home,
        config: HomeConfig,
        *,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
        client: str = "default",
    ) -> None:
        self.home = home
        self.config = config
        self.lock_timeout = lock_timeout
        self.client = client  # the bookmark of a caller without a client token (stdio)
        self.readers = SharedReaders(Vault.open)  # shared vaults, opened once for all readers
        self.tokens = ClientTokens(home.root / config.home.tokens_file)
        self._open: OrderedDict[str, VaultTools] = OrderedDict()
        self._guard = threading.Lock()

    def caller(self) -> Caller:
        return Caller(current_client())

    def tools_for(self, name: str, *, write: bool) -> VaultTools:
        """The tools of vault ``name`` for this call's client; AccessDeniedError,
        UnknownVaultError or UnsafeNameError before anything is opened."""
        self.caller().check(name, write)
        path = self.home.vault_dir(name)
        with self._guard:
            tools = self._open.get(name)
            if tools is not None and is_vault_dir(path):
                self._open.move_to_end(name)
                return tools
            vault = self._open_or_create(name, path, write)
            vault.shared_readers = self.readers
            tools = VaultTools(vault, lock_timeout=self.lock_timeout, client=self.client)
            self._open[name] = tools
            while len(self._open) > self.config.home.max_open_vaults:
                self._open.popitem(last=False)  # a call in flight keeps its own reference
            return tools

    def _open_or_create(self, name: str, path: Path, write: bool) -> Vault:
        if is_vault_dir(path):
            return Vault.open(path)
        if write and self.config.home.create_on_first_use and not path.exists():
            return Vault.init(path)
        raise UnknownVaultError(name, self.home.root)

    def listing(self) -> dict[str, Any]:
        """The vaults this call's client may read, with its access and their read-through."""
        caller = self.caller()
        rows = []
        for name in self.home.vault_names():
            if not caller.can(name, write=False):
                continue
            try:
                shares = VaultConfig.load(VaultPaths(self.home.root / name).config).share.read_through
            except (ValueError, OSError):
                shares = []
            access = "write" if caller.can(name, write=True) else "read"
            rows.append({"name": name, "access": access, "read_through": list(shares)})
        return {
            "client": caller.name,
            "vaults": rows,
            "create_on_first_use": self.config.home.create_on_first_use,
        }


def build_home_server(pool: VaultPool) -> VaultMCPServer:
    """The server of a home: every tool takes ``vault``; ``list_vaults`` lists them."""
    server = VaultMCPServer(
        None, name=SERVER_NAME, instructions=HOME_INSTRUCTIONS, log_level="WARNING"
    )
    selected: ContextVar[VaultTools] = ContextVar("selected_vault")
    add_tools(server, selected.get, home_tool(pool, selected))

    @tool(server, READ_ONLY)
    def list_vaults() -> dict[str, Any]:
        """The vaults of this home you may use, each with your access (read or write) and
        the shared vaults it reads through; whether a new vault is made on first write."""
        with tool_errors():
            return pool.listing()

    @server.resource(HOME_CATEGORY_URI, name="category", mime_type="text/markdown")
    def home_category_page(vault: str, name: str) -> str:
        """One category page of one vault (read-only)."""
        try:
            return pool.tools_for(vault, write=False).category_markdown(name)
        except ItemNotFoundError as exc:
            raise ResourceNotFoundError(str(exc)) from exc
        except VaultError as exc:
            raise ResourceError(str(exc)) from exc

    return server


def home_tool(pool: VaultPool, selected: ContextVar[VaultTools]) -> ToolDecorator:
    """Like ``tool``, but the registered tool takes ``vault`` first, checks the caller's
    grant for it and selects that vault's tools for the call."""

    def decorator(server: MCPServer[Any], annotations: ToolAnnotations) -> Callable[[F], F]:
        def register(fn: F) -> F:
            writes = fn.__name__ in WRITE_TOOLS
            signature = inspect.signature(fn, eval_str=True)

            def call(vault: str, **arguments: Any) -> Any:
                with tool_errors():
                    chosen = pool.tools_for(vault, write=writes)
                token = selected.set(chosen)
                try:
                    return fn(**arguments)
                finally:
                    selected.reset(token)

            call.__name__ = fn.__name__
            call.__signature__ = signature.replace(  # type: ignore[attr-defined]
                parameters=[VAULT_PARAMETER, *signature.parameters.values()]
            )
            description = inspect.cleandoc(fn.__doc__ or "")
            server.add_tool(call, description=description, annotations=annotations)
            return fn

        return register

    return decorator


def serve_home(
    pool: VaultPool, *, http: bool = False, host: str = "127.0.0.1", port: int = 8765,
    allow_hosts: Sequence[str] = (), front: StdioFront | None = None,
) -> None:
    """Serve every vault of the home until the client goes away (stdio) or the process is
    stopped (HTTP, with client tokens; weaver/mcp_http.py). ``front``: the stdio front
    started before the SDK loaded (weaver/mcp_stdio.py; it may have answered initialize)."""
    server = build_home_server(pool)
    if http:
        serve_http(server, host, port, None, allow_hosts, tokens=pool.tokens)
    elif front is not None:
        anyio.run(server.run_on_front, front)
    else:
        server.run("stdio")
