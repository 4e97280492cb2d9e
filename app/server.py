"""The web server's doors: the app answers only the host names it was given, and stops when asked.

Flet serves the app over HTTP and a WebSocket. Left as it is, any web page the
user opens could connect to that WebSocket (browsers let a page open sockets to
127.0.0.1) and any host name pointed at this machine would be served (DNS
rebinding: a page of evil.example whose name is made to resolve to this server
is, to the browser, the same site as evil.example). So every request must name a
host the server was started for, and a browser's WebSocket must come from a page
of one of those hosts. On loopback those are 127.0.0.1, localhost and ::1; served
to other machines (``--host``), only the names given: the public URL's and each
``--allow-host``. Without any the server does not start.

A watch link this club did not give is answered 404, with the app's page (which
then says there is no such match). A WebSocket that sends what Flet cannot read
(a text frame, a broken message) is closed and logged in one line, once; and the
server ends on SIGTERM or SIGINT within seconds, whatever its connections do
(``StoppingServer``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import signal
import socket
import threading
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from pathlib import Path
from types import FrameType
from typing import Any

import uvicorn

from app.club_mode import BOARD_PREFIX, WATCH_PREFIX
from app.hosts import DEFAULT_PORTS, Host, split_host
from app.logs import log

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
# s a closed WebSocket's handler has to end before it is cancelled: Flet's ends at once
# when its browser had registered, and would wait for good when it had not
GRACE = 10.0
STOP_GRACE = 0.5  # s the same, once the server is stopping
GRACEFUL = 2  # s the server waits for its connections on a stop, then cancels them
DEADLINE = 4.5  # s after the signal: the process ends now, whatever is left


class SameOriginGuard:
    """ASGI middleware: refuse a request for another host, or a WebSocket from another
    page; answer a watch link this club did not give with 404; watch over WebSockets
    (``Socket``)."""

    def __init__(
        self,
        app: ASGIApp,
        hosts: frozenset[Host],
        watch: Callable[[str], bool] | None = None,
    ) -> None:
        self.app = app
        self.hosts = hosts
        self.watch = watch  # whether a watch token is one this club gave
        self.stopping = asyncio.Event()  # set by the server as it stops (``StoppingServer``)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind in ("http", "websocket") and not self.admits(scope):
            if kind == "websocket":
                await receive()  # the handshake's connect message; closing now refuses it
                await send({"type": "websocket.close", "code": 1008})
            else:
                await send({"type": "http.response.start", "status": 403, "headers": []})
                await send({"type": "http.response.body", "body": b"Forbidden"})
            return
        if kind == "websocket":
            await Socket(scope, receive, send).serve(self.app, self.stopping)
            return
        if kind == "http" and self.unknown_watch(scope):
            await self.app({**scope, "path": "/", "raw_path": b"/"}, receive, not_found(send))
            return
        await self.app(scope, receive, send)

    def admits(self, scope: Scope) -> bool:
        headers = {
            key.decode("latin-1").lower(): value.decode("latin-1")
            for key, value in scope.get("headers", [])
        }
        host = split_host(
            headers.get("host", "").lower(), DEFAULT_PORTS.get(scope.get("scheme", "http"), 80)
        )
        if host not in self.hosts:
            return False
        origin = headers.get("origin")
        # Browsers always send Origin with a WebSocket; a program that sends none is not a
        # page the user happened to open, so it may connect.
        return origin is None or self.admits_origin(origin.lower())

    def admits_origin(self, origin: str) -> bool:
        scheme, _, rest = origin.partition("://")
        if scheme not in ("http", "https"):  # "null", a file, an extension
            return False
        return split_host(rest, DEFAULT_PORTS[scheme]) in self.hosts

    def unknown_watch(self, scope: Scope) -> bool:
        """Whether this is a page load of a watch (or board) link this club did not give."""
        path = str(scope.get("path", ""))
        if self.watch is None or scope.get("method") not in ("GET", "HEAD"):
            return False
        for prefix in (WATCH_PREFIX, BOARD_PREFIX):
            if path.startswith(prefix):
                return not self.watch(path[len(prefix) :])
        return False


def not_found(send: Send) -> Send:
    """``send``, with the response's status made 404: the app's page, telling the browser
    (and a crawler) that there is nothing at this address."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "status": 404}
        await send(message)

    return sending


_SOCKET: contextvars.ContextVar[Socket | None] = contextvars.ContextVar("socket", default=None)


class Socket:
    """One WebSocket, between the server and Flet's handler of it.

    A frame Flet cannot read (a text frame; a binary one its receive loop fails on,
    told by ``FletReceiveErrors``) closes the connection, with one line in the log.
    Flet's handler is then ended too, as it is when the browser goes: it would wait
    forever for a connection that never registered, and hold up every stop.
    """

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.scope = scope
        self._receive = receive
        self._send = send
        self.ended = asyncio.Event()  # the browser went, or the connection was refused
        self.closed = False  # a close was sent, or the browser has gone: nothing more is sent
        self.told = False

    def who(self) -> str:
        client = self.scope.get("client")
        return f"{client[0]}:{client[1]}" if client else "?"

    async def serve(self, app: ASGIApp, stopping: asyncio.Event) -> None:
        """Run Flet's handler of this connection until it ends, or until it has had its
        time after the connection ended (``GRACE``) or the server began to stop
        (``STOP_GRACE``): then it is cancelled, here, so that uvicorn need not."""
        token = _SOCKET.set(self)
        try:  # the handler's task, and all it starts, know their Socket
            handler = asyncio.ensure_future(app(self.scope, self.receive, self.send))
        finally:
            _SOCKET.reset(token)
        ended = asyncio.ensure_future(self.ended.wait())
        stop = asyncio.ensure_future(stopping.wait())
        try:
            await asyncio.wait({handler, ended, stop}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done() and self.told:
                await self.close(1007)  # invalid data
            if not handler.done() and not stop.done():
                await asyncio.wait(
                    {handler, stop}, timeout=GRACE, return_when=asyncio.FIRST_COMPLETED
                )
            if not handler.done():
                await asyncio.wait({handler}, timeout=STOP_GRACE)
        finally:
            for task in (ended, stop, handler):
                task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await handler

    def malformed(self, what: str) -> None:
        """The browser sent what Flet cannot read: told once, and the connection ends."""
        if not self.told:
            self.told = True
            log.warning("WebSocket from %s sent %s: closed", self.who(), what)
        self.ended.set()

    async def receive(self) -> Message:
        if self.told:
            return {"type": "websocket.disconnect", "code": 1007}
        message = await self._receive()
        if message["type"] == "websocket.disconnect":
            self.closed = True
            self.ended.set()
        elif message["type"] == "websocket.receive" and message.get("bytes") is None:
            self.malformed("a text frame")
            await self.close(1003)  # a kind of data not taken
            return {"type": "websocket.disconnect", "code": 1003}
        return message

    async def send(self, message: Message) -> None:
        if self.closed:
            return  # the handler's last words to a connection that is gone
        if message["type"] == "websocket.close":
            self.closed = True
        try:
            await self._send(message)
        except OSError:  # the browser went while this was sent (uvicorn's ClientDisconnected)
            self.closed = True
            self.ended.set()

    async def close(self, code: int) -> None:
        await self.send({"type": "websocket.close", "code": code})


class FletReceiveErrors(logging.Filter):
    """Flet's receive loop logs a frame it failed on with a traceback, then stops reading
    (and, before a session exists, never ends). That record becomes the connection's one
    line (``Socket.malformed``), which also ends the connection."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Receive loop error"):
            return True
        error = record.exc_info[1] if record.exc_info else None
        why = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        what = f"a frame Flet could not read ({why})"
        connection = _SOCKET.get()
        if connection is not None:
            connection.malformed(what)
        else:
            log.warning("a WebSocket sent %s", what)
        return False


class StoppingServer(uvicorn.Server):
    """uvicorn's server, ended by SIGTERM or SIGINT within ``DEADLINE`` seconds.

    uvicorn waits for every connection and task before it stops, without a limit;
    here it waits ``GRACEFUL`` seconds, then cancels what is left. It also raises
    the signal again once stopped, which kills the process before Python's own
    clean-up; here ``run`` returns and the process exits 0. A second signal stops
    at once; and should anything still hold the process at ``DEADLINE``, it ends
    there (with a line in the log).
    """

    def __init__(self, guard: SameOriginGuard, host: str, port: int) -> None:
        config = uvicorn.Config(
            guard,
            host=host,
            port=port,
            log_level="warning",
            ws="websockets-sansio",
            timeout_graceful_shutdown=GRACEFUL,
        )
        super().__init__(config)
        self.guard = guard
        self.deadline: threading.Timer | None = None

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            super().run(sockets)
        finally:
            if self.deadline is not None:
                self.deadline.cancel()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.guard.stopping.set()  # the WebSockets' handlers wrap up (``Socket.serve``)
        await super().shutdown(sockets)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield  # signals reach the main thread only: whoever runs this stops it
            return
        stops = (signal.SIGINT, signal.SIGTERM)
        previous = {sig: signal.signal(sig, self.stop) for sig in stops}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def stop(self, sig: int, _frame: FrameType | None) -> None:
        if self.should_exit:
            self.force_exit = True
        self.should_exit = True
        if self.deadline is None:
            log.info("stopping on %s", signal.Signals(sig).name)
            self.deadline = threading.Timer(DEADLINE, overdue)
            self.deadline.daemon = True
            self.deadline.start()


def overdue() -> None:
    """The stop took longer than ``DEADLINE``: end the process here. Every entry the app
    accepted is already committed, so nothing is lost."""
    log.error("the server did not stop within %.1f s of the signal: ending it now", DEADLINE)
    logging.shutdown()
    os._exit(0)


def short_message_repr() -> None:
    """Flet's web server formats every message it sends into a debug line, an f-string
    built whether debug is on or not; the message's dataclass repr walks the whole
    patch, controls and all (25 ms for one screen here). On a club's server, with fifty
    phones watching, that was most of a watcher's redraw. A message's repr is made
    short (its action): nothing but that line reads it."""
    from flet.messaging.protocol import Message

    def short(message: Any) -> str:
        return f"Message({message.action!r})"

    setattr(Message, "__repr__", short)  # noqa: B010  # a class's method, replaced


def serve(
    main: Callable[[Any], Any],
    *,
    host: str,
    port: int,
    assets_dir: str,
    hosts: frozenset[Host],
    watch: Callable[[str], bool] | None = None,
) -> None:
    """Serve the app to browsers on ``host:port`` for ``hosts`` until stopped (SIGINT,
    SIGTERM); ``watch``: a club's check of its watch tokens."""
    import flet_web  # type: ignore[import-untyped]  # ships no types
    import flet_web.fastapi as flet_fastapi  # type: ignore[import-untyped]

    from app.i18n import DEFAULT_LANGUAGE, tr
    from app.startup_text import StartupText, served_language

    short_message_repr()
    web = flet_fastapi.FastAPI()
    title = tr(DEFAULT_LANGUAGE, "app.title")  # the page's before the app names it
    web.mount("/", flet_fastapi.app(main, app_name=title, assets_dir=assets_dir, no_cdn=True))
    logging.getLogger(flet_fastapi.__name__).addFilter(FletReceiveErrors())
    client = Path(flet_web.get_package_web_dir())
    guarded = SameOriginGuard(StartupText(web, client, served_language), hosts, watch)
    StoppingServer(guarded, host, port).run()
