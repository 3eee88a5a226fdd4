"""Serving MCP over streamable HTTP: who may connect, and with what.

- On a loopback address (127.0.0.0/8, ::1, localhost) the server may run without a token.
- On any other address (0.0.0.0, a LAN address, a host name) it refuses to start unless a
  bearer token is configured (``VAULTWEAVE_MCP_TOKEN``): a remote client could otherwise
  call ``forget``. With a token, every HTTP request must carry
  ``Authorization: Bearer <token>`` (compared in constant time); others get 401.
- The SDK's Host/Origin checks (DNS-rebinding protection) stay on everywhere: loopback
  names, the bound address, this machine's host names and any ``--allow-host``.
- Serving a home (``--home``): client tokens (store/client_tokens.py) instead of the one
  token. Once any client is added, every request needs a client's token, on loopback too;
  a home without clients serves loopback only. ``ClientTokenAuth`` puts the client in the
  ASGI scope the SDK's way (``scope["user"]``), so the SDK binds each MCP session to the
  client that opened it, and tool calls read it with ``current_client()``.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import socket
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from mcp.server.auth.middleware.auth_context import AuthContextMiddleware, get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from mcp.server.transport_security import TransportSecuritySettings
from vaultweave.schemas.config import ENV_MCP_TOKEN
from vaultweave.store.client_tokens import Client, ClientTokens
from vaultweave.store.errors import UnauthenticatedBindError, VaultError

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "")
log = logging.getLogger(__name__)


def is_loopback(host: str) -> bool:
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name other than localhost: it may resolve anywhere


def check_can_serve(host: str, token: str | None) -> None:
    """UnauthenticatedBindError for a non-loopback address without a token."""
    if token is None and not is_loopback(host):
        raise UnauthenticatedBindError(host, ENV_MCP_TOKEN)


def transport_security(host: str, allow_hosts: Sequence[str] = ()) -> TransportSecuritySettings:
    """Host and Origin headers a request may carry; anything else is refused (421/403)."""
    names = list(LOOPBACK_HOSTS)
    bound = host.strip("[]")
    if bound not in WILDCARDS and not is_loopback(bound):
        names.append(f"[{bound}]" if ":" in bound else bound)
    if not is_loopback(host):
        names += [socket.gethostname(), socket.getfqdn()]
    names += list(allow_hosts)
    unique = list(dict.fromkeys(n for n in names if n))
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[f"{n}:*" for n in unique] + unique,
        allowed_origins=[f"{scheme}://{n}:*" for n in unique for scheme in ("http", "https")],
    )


async def _refuse(send: Any, reason: bytes, status: int = 401) -> None:
    """401 (with its Bearer challenge) for the client's fault, 503 for the server's."""
    headers = [(b"content-type", b"text/plain")]
    if status == 401:
        headers.append((b"www-authenticate", b"Bearer"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": reason})


class BearerAuth:
    """ASGI middleware: HTTP requests without the right bearer token get 401."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            sent = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(sent, self._expected):
                await _refuse(send, b"missing or wrong bearer token\n")
                return
        await self.app(scope, receive, send)


class ClientTokenAuth:
    """ASGI middleware: a request must carry a client's token; the client rides in the scope.

    The token file is read on every request, so a revoked token stops working at once and
    the first client added closes an open loopback server. ``open_when_empty``: while the
    home has no client, requests pass without a token (loopback only).
    """

    def __init__(self, app: ASGIApp, tokens: ClientTokens, open_when_empty: bool) -> None:
        self.app: ASGIApp = AuthContextMiddleware(app)
        self.tokens = tokens
        self.open_when_empty = open_when_empty

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            try:
                client = self._client(scope)
            except VaultError as exc:  # a damaged token file: fail closed, say why
                # 503, not 401: the client's token is not at fault, so it must not be
                # told to change it; the operator sees the file and line in the log.
                log.error("%s", exc)
                await _refuse(send, b"the server cannot read its client tokens; try again later\n", 503)
                return
            if client is False:
                await _refuse(send, b"missing or unknown client token\n")
                return
            if client is not True:
                scope["user"] = AuthenticatedUser(as_access_token(client))
        await self.app(scope, receive, send)

    def _client(self, scope: Scope) -> Client | bool:
        """The request's client; True: no token needed (open home); False: refused."""
        clients = self.tokens.clients()
        if not clients and self.open_when_empty:
            return True
        sent = dict(scope.get("headers") or []).get(b"authorization", b"")
        scheme, _, token = sent.decode("latin-1").partition(" ")
        client = self.tokens.find(token.strip()) if scheme.lower() == "bearer" and token else None
        return False if client is None else client


def as_access_token(client: Client) -> AccessToken:
    """The client as the SDK's AccessToken: its grants are scopes ``read:<pattern>``, ..."""
    scopes = [f"read:{p}" for p in client.read] + [f"write:{p}" for p in client.write]
    return AccessToken(token=client.digest, client_id=client.name, scopes=scopes)


def current_client() -> Client | None:
    """The client whose token this tool call came with; None when no token was asked
    (stdio, or a loopback home without clients): the local user, trusted."""
    token = get_access_token()
    if token is None:
        return None
    read = tuple(s.removeprefix("read:") for s in token.scopes if s.startswith("read:"))
    write = tuple(s.removeprefix("write:") for s in token.scopes if s.startswith("write:"))
    return Client(token.client_id, token.token, read, write)


def check_home_can_serve(host: str, tokens: ClientTokens) -> None:
    """UnauthenticatedBindError for a non-loopback address when the home has no clients."""
    if not is_loopback(host) and not tokens.clients():
        raise UnauthenticatedBindError(
            host, ENV_MCP_TOKEN, "add a client token first (`vaultweave tokens add NAME --home DIR`)"
        )


def http_app(
    server: Any,
    host: str,
    token: str | None = None,
    allow_hosts: Sequence[str] = (),
    tokens: ClientTokens | None = None,
) -> ASGIApp:
    """The ASGI app: the SDK's streamable HTTP app behind the token check that applies."""
    app: ASGIApp = server.streamable_http_app(
        transport_security=transport_security(host, allow_hosts), host=host
    )
    if tokens is not None:
        return ClientTokenAuth(app, tokens, open_when_empty=is_loopback(host))
    if token is not None:
        return BearerAuth(app, token)
    return app


def serve_http(
    server: Any,
    host: str,
    port: int,
    token: str | None,
    allow_hosts: Sequence[str] = (),
    tokens: ClientTokens | None = None,
) -> None:
    """Run ``server`` (an MCPServer) over streamable HTTP until the process is stopped."""
    if tokens is None:
        check_can_serve(host, token)
    else:
        check_home_can_serve(host, tokens)
    import uvicorn

    uvicorn.run(http_app(server, host, token, allow_hosts, tokens), host=host, port=port, log_level="warning")
