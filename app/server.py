"""The web server's doors: the app answers only its own address and its own pages.

Flet serves the app over HTTP and a WebSocket. Left as it is, any web page the
user opens could connect to that WebSocket (browsers let a page open sockets to
127.0.0.1) and any host name pointed at this machine would be served (DNS
rebinding). So every request must name a host the server was bound for, and a
browser's WebSocket must come from a page of that same address.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARD = ("0.0.0.0", "::", "")


def allowed_hosts(host: str, port: int) -> frozenset[str] | None:
    """The ``Host`` header values to answer; None: any (bound to every interface)."""
    if host in WILDCARD:
        return None
    names = LOOPBACK if host in LOOPBACK else (host,)
    return frozenset(f"[{n}]:{port}" if ":" in n else f"{n}:{port}" for n in names)


class SameOriginGuard:
    """ASGI middleware: refuse a request for another host, or a WebSocket from another page."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not self.admits(scope):
            if scope["type"] == "websocket":
                await receive()  # the handshake's connect message; closing now refuses it
                await send({"type": "websocket.close", "code": 1008})
            else:
                await send({"type": "http.response.start", "status": 403, "headers": []})
                await send({"type": "http.response.body", "body": b"Forbidden"})
            return
        await self.app(scope, receive, send)

    def admits(self, scope: Scope) -> bool:
        headers = {
            key.decode("latin-1").lower(): value.decode("latin-1")
            for key, value in scope.get("headers", [])
        }
        host = headers.get("host", "")
        if self.hosts is not None and host.lower() not in self.hosts:
            return False
        origin = headers.get("origin")
        # Browsers always send Origin with a WebSocket; a program that sends none is not a
        # page the user happened to open, so it may connect.
        return origin is None or origin.lower() == f"http://{host.lower()}"


def serve(main: Callable[[Any], Any], *, host: str, port: int, assets_dir: str) -> None:
    """Serve the app to browsers on ``host:port`` until stopped (SIGINT, SIGTERM)."""
    import flet_web.fastapi as flet_fastapi
    import uvicorn

    web = flet_fastapi.FastAPI()
    web.mount("/", flet_fastapi.app(main, assets_dir=assets_dir, no_cdn=True))
    guarded = SameOriginGuard(web, allowed_hosts(host, port))
    uvicorn.run(guarded, host=host, port=port, log_level="warning", ws="websockets-sansio")
