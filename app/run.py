"""Start the Flet app: on the desktop, or served to a browser on 127.0.0.1 without any CDN.

The first screen is the home screen, drawn from a read-only look at the database file
(``models.peek``) when it can be: this module imports only what that screen draws. The
store itself – SQLAlchemy, SQLModel and pydantic, the file's check, the migrations – is
opened on a thread of its own once the first screen has been sent (``StoreOpening``),
and whatever needs it waits for it (``AppModel.store``). The other screens' modules are
imported where they are drawn, and loaded on that thread after the store.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import functools
import importlib
import pathlib
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.utils import is_linux_server

from app.club_mode import BOARD_PREFIX, WATCH_PREFIX, club_mode
from app.collector import collect_when_quiet, keep_out_of_collections
from app.i18n import tr
from app.logs import log, log_loop_faults
from app.model import UNFINISHED_SHOWN, AppModel
from app.routes import Screens
from models.peek import home as peek_home

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"
# What the other screens draw with, loaded after the store (``StoreOpening``), so that
# the first tap on them does not wait for an import, and then kept out of collections.
SCREENS = (
    "app.table.screen",
    "app.history",
    "app.players",
    "app.rules_view",
    "app.settings_view",
    "app.club",
)


_SHARED: dict[str, Any] = {}  # a club's server: the process's one store
_SHARING = threading.Lock()


def open_store(lang: str) -> tuple[object | None, str | None]:
    """The store, and a sentence for the user if its file was damaged or cannot be used.

    On a club's server every session shares the process's one store, opened by the
    first: fifty phones watching are fifty sessions, not fifty connection pools (a
    ``Store`` is safe to share: each call is a transaction on a connection of its own).
    """
    if not club_mode():
        return opened_store(lang)
    with _SHARING:
        store = _SHARED.get("store")
        if store is not None:
            return store, None
        store, problem = opened_store(lang)
        if store is not None:
            _SHARED["store"] = store
        return store, problem


def opened_store(lang: str) -> tuple[object | None, str | None]:
    """A store opened anew (``open_store``)."""
    from models import DatabaseUnavailable, ForeignDatabase, NewerDatabase, Store, StoreFault

    try:
        store = Store()
    except (DatabaseUnavailable, NewerDatabase, ForeignDatabase, StoreFault) as exc:
        log.error("the store cannot be opened: %s", exc)
        problem = exc.message(lang)
        return None, tr(lang, "store.unavailable", problem=problem)
    moved = store.moved_aside
    if moved is not None:
        log.error("%s", moved.message())
    keep_daily_copy(store)
    return store, moved.message(lang) if moved else None


def keep_daily_copy(store: Any) -> None:
    """Today's copy of the database file (``models.backup.daily_copy``), if not made yet.
    A copy that cannot be made (a full disk) is logged; the app goes on without it."""
    import sqlite3
    from datetime import date

    try:
        made = store.keep_daily_copy(date.today())
    except (OSError, sqlite3.Error) as exc:
        log.error("no daily copy of the database: %s", exc)
    else:
        if made is not None:
            log.info("daily copy of the database: %s", made)


class StoreOpening:
    """The store, opened on a thread of its own (``open_store``); ``result()`` waits for it.

    Then the modules of the other screens are loaded on the same thread, and everything
    alive is moved out of the collector's reach once more (``keep_out_of_collections``:
    the store's modules came after the first freeze).
    """

    def __init__(self, lang: str = "lt") -> None:
        self.lang = lang  # what news of the opening is said in: the player's, as far as known
        self._done: concurrent.futures.Future[tuple[Any, str | None]] = concurrent.futures.Future()

    def start(self) -> None:
        threading.Thread(target=self._open, name="store-open").start()

    def _open(self) -> None:
        try:
            self._done.set_result(open_store(self.lang))
        except BaseException as exc:  # told where the store is needed, as it would have been
            self._done.set_exception(exc)
            return
        for name in SCREENS:
            importlib.import_module(name)
        keep_out_of_collections(again=True)

    def result(self) -> tuple[Any, str | None]:
        return self._done.result()

    def when_done(self, callback: Callable[[], None]) -> None:
        self._done.add_done_callback(lambda _: callback())


def tell_when_open(model: AppModel, opening: StoreOpening) -> None:
    """Once the store is open, hand it to the model on the session's event loop (where the
    handlers run), so news it brings is shown without waiting for a tap."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop to tell: the first use of the store takes it
        return
    context = contextvars.copy_context()  # the page, for the screens redrawn

    def arrived() -> None:
        try:
            opened = opening.result()
        except BaseException:  # raised again, and told, where the store is needed
            return
        model.store_opened(opened)

    def call() -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: the app has ended
            loop.call_soon_threadsafe(arrived, context=context)

    opening.when_done(call)


def gate_view(model: AppModel, route: str) -> ft.View | None:
    """On a club's server: a watch link shows its match read-only and nothing else, the
    board's link the club's board; every other screen waits for the operators' PIN.
    None: the screens are open."""
    if model.club is None and model.operator:
        return None
    from app.club import LoginScreen, WatchScreen  # a club's server only: not the first screen

    if model.club is not None and route.startswith(WATCH_PREFIX):
        # Inside the view's own padding (10 px) and the body's (12 px), either side.
        width = model.width - 2 * (10 + 12)
        body = WatchScreen(model.store, route[len(WATCH_PREFIX) :], model.lang, width)
    elif model.club is not None and route.startswith(BOARD_PREFIX):
        from app.board import BoardScreen

        if model.club.is_board(route[len(BOARD_PREFIX) :]):
            body = BoardScreen(model.store, model.club.name, model.lang)
        else:
            body = ft.Semantics(
                identifier="board-unknown",
                content=ft.Text(tr(model.lang, "board.unknown"), size=16),
            )
    elif not model.operator:
        body = LoginScreen(model.club.name, model.lang, model.login)
    else:
        return None
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(tr(model.lang, "app.title"), weight=ft.FontWeight.BOLD)),
        controls=[ft.Container(body, padding=ft.Padding.symmetric(horizontal=12), expand=True)],
    )


@ft.component
def App(first: Any = None, opening: StoreOpening | None = None) -> Any:
    """The app; ``first`` (``models.peek.Home``): the first screen as read from the file,
    with the store being opened by ``opening``; without it the store is opened first."""
    page = ft.context.page

    def make() -> AppModel:
        if first is None or opening is None:
            store, problem = open_store(first_language({}, web=page.web))
            made = AppModel.start(store, problem, local=not page.web)
        else:
            made = AppModel.peeked(first, opening, local=not page.web)
            tell_when_open(made, opening)
        made.shown_on(page.navigate)
        made.width = float(page.width or 360)
        return made

    # Held as state, so that the app is drawn again when the model changes (a login).
    model: AppModel
    model, _ = ft.use_state(make)  # type: ignore[arg-type]  # Flet types a factory as Never

    def resized(e: ft.PageResizeEvent) -> None:
        model.width = e.width  # the table lays itself out by it (a phone, a tablet)

    page.on_resize = resized
    page.on_locale_change = lambda e: model.device_locale(
        [f"{loc.language_code}_{loc.country_code or ''}" for loc in e.locales]
    )
    page.theme_mode = {"dark": ft.ThemeMode.DARK, "light": ft.ThemeMode.LIGHT}.get(
        model.theme, ft.ThemeMode.SYSTEM
    )
    page.title = tr(model.lang, "app.title")
    gate = gate_view(model, page.route or "/")  # a watch link is opened, not navigated to
    return [gate] if gate is not None else Screens(model)


def main(page: ft.Page) -> StoreOpening | None:
    """One session's app. Returns the store being opened in the background, when the first
    screen was drawn without it (None: it was opened first), so a caller can wait for it."""
    collect_when_quiet(page)  # full collections between taps, not in them
    # The connection's loop (the web server's, or Flet's own); a session without one yet
    # (a test's own connection) has nothing to log.
    with contextlib.suppress(AttributeError, RuntimeError):
        log_loop_faults(page.session.connection.loop)
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.padding = 0
    # A club's server opens its store first: the club and its PIN gate are in it. So does a
    # link to any screen but Home: those screens read the store as they are drawn.
    home = (page.route or "/") == "/"
    first = peek_home(UNFINISHED_SHOWN) if home and not club_mode() else None
    if first is None:
        page.render_views(App)
        log_if_drawing_stops(page)
        return None
    opening = StoreOpening(first_language(first.settings, web=page.web))
    page.render_views(App, first, opening)  # the first screen is sent to the client here
    log_if_drawing_stops(page)
    opening.start()
    return opening


def log_if_drawing_stops(page: ft.Page) -> None:
    """Log the exception that ends the session's drawing, should one ever do so, and draw on.

    Flet draws every change of a session in one task, which an exception in a drawing
    ends without a word: the screen would then stay as it was, taps and all. The failed
    drawing is dropped; the next change is drawn from what the screen last got. That
    task is Flet's own (1.0.5 names it privately); without it there is nothing to watch.
    """
    task = getattr(page.session, "_Session__updates_task", None)
    if isinstance(task, asyncio.Task):
        task.add_done_callback(functools.partial(_drawing_stopped, page))


def _drawing_stopped(page: ft.Page, task: asyncio.Task[Any]) -> None:
    if task.cancelled() or task.exception() is None:  # the session has ended
        return
    if _browser_gone(page):  # a phone closed mid-drawing: nothing failed, nothing to show
        log.info("a screen's browser left while it was drawn: %r", task.exception())
    else:
        log.error("a screen stopped drawing: %r", task.exception(), exc_info=task.exception())
    with contextlib.suppress(Exception):  # a session closing meanwhile: nothing to draw
        page.session.start_updates_scheduler()  # type: ignore[no-untyped-call]  # Flet
        log_if_drawing_stops(page)


def _browser_gone(page: ft.Page) -> bool:
    """Whether the screen's browser has gone: its session has no connection any more, or
    Flet's web connection has stopped sending. That connection drops its queue (privately,
    in Flet 1.0.5) a moment before the session is told, and a drawing in that moment fails
    on the missing queue."""
    try:
        connection = page.session.connection
    except Exception:
        return True
    return connection is None or getattr(connection, "_FletApp__send_queue", True) is None


def first_language(settings: dict[str, Any], *, web: bool) -> str:
    """The language of what opening the store has to say, before the store's settings
    are read: the one the file's settings name (the first screen's look read them),
    else the device's – a browser's is not known yet: the app's first language."""
    from app.i18n import DEFAULT_LANGUAGE, LANGUAGES
    from app.settings_model import device_language

    chosen = settings.get("lang")
    if chosen in LANGUAGES:
        return str(chosen)
    return DEFAULT_LANGUAGE if web else device_language()


def announce_when_listening(
    host: str, port: int, *, url: str | None = None, timeout: float = 120.0
) -> threading.Thread:
    """Print the address to open (``url``, else ``host:port``) once the server accepts
    connections (Flet says nothing)."""

    def wait() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((host, port), 0.5):
                shown = f"[{host}]" if ":" in host else host
                print(f"Partija: {url or f'http://{shown}:{port}'}", flush=True)
                return
            time.sleep(0.05)

    thread = threading.Thread(target=wait, name="announce", daemon=True)
    thread.start()
    return thread


def run(
    *,
    web: bool,
    port: int,
    host: str = "127.0.0.1",
    hosts: frozenset[tuple[str, int]] | None = None,
    url: str | None = None,
    watch: Callable[[str], bool] | None = None,
) -> None:
    """The desktop window, or with ``web`` the app served on ``host`` (loopback by default).

    ``hosts``: the host names to answer (``app.hosts.allowed_hosts``; by default
    loopback's); ``url``: the address to print once ready, when it is not ``host``'s
    (beyond loopback, a name given); ``watch``: a club's check of its watch tokens.
    Without a display Flet would serve the web client for the desktop mode on every
    interface; it is served here instead, on ``host``, as for ``web``, behind the
    same-origin guard (``app.server``).
    """
    if web or is_linux_server():  # type: ignore[no-untyped-call]  # untyped in Flet
        from app.hosts import allowed_hosts
        from app.server import serve

        if hosts is None:
            hosts = allowed_hosts(host, port)
        announce_when_listening(host, port, url=url)
        serve(main, host=host, port=port, assets_dir=str(ASSETS), hosts=hosts, watch=watch)
    else:
        ft.run(main, assets_dir=str(ASSETS), no_cdn=True)
