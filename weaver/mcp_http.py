"""Serving MCP over streamable HTTP: who may connect, and with what.

- On a loopback address (127.0.0.0/8, ::1, localhost) the server may run without a token.
- On any other address (0.0.0.0, a LAN address, a host name) it refuses to start unless a
  bearer token is configured (``VAULTWEAVE_MCP_TOKEN``): a remote client could otherwise
  call ``forget``. With a token, every HTTP request must carry
  ``Authorization: Bearer <token>`` (compared in constant time); others get 401.
- The SDK's Host/Origin checks (DNS-rebinding protection) stay on everywhere: loopback
  names, the bound address, this machine's host names and any ``--allow-host``.
"""

from __future__ import annotations

import hmac
import ipaddress
import socket
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from mcp.server.transport_security import TransportSecuritySettings
from vaultweave.schemas.config import ENV_MCP_TOKEN
from vaultweave.store.errors import UnauthenticatedBindError

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "")


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


class BearerAuth:
    """ASGI middleware: HTTP requests without the right bearer token get 401."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            sent = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(sent, self._expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [(b"content-type", b"text/plain"), (b"www-authenticate", b"Bearer")],
                    }
                )
                await send({"type": "http.response.body", "body": b"missing or wrong bearer token\n"})
                return
        await self.app(scope, receive, send)


def serve_http(server: Any, host: str, port: int, token: str | None, allow_hosts: Sequence[str] = ()) -> None:
    """Run ``server`` (an MCPServer) over streamable HTTP until the process is stopped."""
    check_can_serve(host, token)
    import uvicorn

    app: ASGIApp = server.streamable_http_app(
        transport_security=transport_security(host, allow_hosts), host=host
    )
    if token is not None:
        app = BearerAuth(app, token)
    uvicorn.run(app, host=host, port=port, log_level="warning")
