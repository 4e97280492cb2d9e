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
import importlib
import pathlib
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.utils import is_linux_server

from app.club import WATCH_PREFIX, ClubScreen, LoginScreen, WatchScreen, club_mode
from app.collector import collect_when_quiet, keep_out_of_collections
from app.home import Home
from app.i18n import tr
from app.logs import log
from app.model import UNFINISHED_SHOWN, AppModel
from app.new_match import NewMatchScreen
from models.peek import home as peek_home

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"
# What the other screens draw with, loaded after the store (``StoreOpening``), so that
# the first tap on them does not wait for an import, and then kept out of collections.
SCREENS = ("app.table", "app.history", "app.players", "app.rules_view", "app.settings_view")


def open_store(lang: str) -> tuple[object | None, str | None]:
    """The store, and a sentence for the user if its file was damaged or cannot be used."""
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


@ft.component
def TopBar(model: AppModel) -> ft.Control:
    lang = model.lang
    leading = None
    if model.screen not in ("home", "login", "watch"):
        leading = ft.Semantics(
            identifier="action-home",
            content=ft.IconButton(
                ft.Icons.HOME,
                tooltip=tr(lang, "nav.home"),
                on_click=lambda _: model.go_home(),
                width=48,
                height=48,
            ),
        )
    actions = []
    if model.screen == "table" and model.table is not None:
        table = model.table
        actions.append(
            ft.Semantics(
                identifier="action-rules",
                content=ft.IconButton(
                    ft.Icons.MENU_BOOK,
                    tooltip=tr(lang, "home.rules"),
                    on_click=lambda _: model.open_rules(
                        table.game_id, None, table.match.game.options
                    ),
                    width=48,
                    height=48,
                ),
            )
        )
    actions += [
        ft.Semantics(
            identifier="action-language",
            content=ft.TextButton(
                "EN" if lang == "lt" else "LT",
                tooltip=tr(lang, "lang.switch.hint"),
                on_click=lambda _: model.toggle_language(),
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=12)),
                height=48,
            ),
        ),
    ]
    if model.screen != "table":  # at the table the game's name needs the room; Settings has it
        actions.append(
            ft.Semantics(
                identifier="action-theme",
                content=ft.IconButton(
                    ft.Icons.DARK_MODE if model.theme != "dark" else ft.Icons.LIGHT_MODE,
                    tooltip=tr(lang, "theme.toggle"),
                    on_click=lambda _: model.toggle_theme(
                        ft.context.page.platform_brightness == ft.Brightness.DARK
                    ),
                    width=48,
                    height=48,
                ),
            )
        )
    title, size = tr(lang, "app.title"), None
    if model.screen == "table" and model.table is not None:
        # A game's name ("Pradeda devynakė") beside two buttons: smaller, and two lines
        # rather than cut on a 360 px phone.
        title, size = tr(lang, f"game.{model.table.game_id}.name"), 18
    return ft.AppBar(
        leading=leading,
        title=ft.Text(title, weight=ft.FontWeight.BOLD, size=size, max_lines=2),
        actions=actions,
    )


@ft.component
def Body(model: AppModel, width: float) -> ft.Control:
    if model.screen == "watch":
        page = ft.context.page
        return WatchScreen(model.store, page.route[len(WATCH_PREFIX) :], model.lang)
    if model.screen == "login":
        return LoginScreen(model.club.name, model.lang, model.login)
    if model.screen == "club" and model.club is not None:
        return ClubScreen(model.store, model.club.name, model.lang)
    if model.screen == "new":
        return NewMatchScreen(
            model.new_match,
            model.lang,
            model.roster(),
            model.start_match,
            model.go_home,
            model.open_new,
            model.save_defaults,
            model.message,
        )
    if model.screen == "table" and model.table is not None:
        from app.table import TableScreen  # each screen's module where it is drawn: see SCREENS

        table = model.table
        # The table scrolls itself, below its pinned header.
        return TableScreen(
            table,
            lambda anchor: model.open_rules(table.game_id, anchor, table.match.game.options),
            width,
        )
    if model.screen == "rules":
        from app.rules_view import RulesScreen

        return RulesScreen(
            model.rules_game, model.lang, model.rules_anchor, model.rules_options, model.close_rules
        )
    if model.screen in ("history", "match"):
        from app.history import HistoryScreen, MatchScreen

        return (HistoryScreen if model.screen == "history" else MatchScreen)(model)
    if model.screen == "players":
        from app.players import PlayersScreen

        return PlayersScreen(model)
    if model.screen == "settings":
        from app.settings_view import SettingsScreen

        return SettingsScreen(model)
    return Home(model)


@ft.component
def App(first: Any = None, opening: StoreOpening | None = None) -> ft.Control:
    """The app; ``first`` (``models.peek.Home``): the first screen as read from the file,
    with the store being opened by ``opening``; without it the store is opened first."""
    page = ft.context.page

    def make() -> AppModel:
        if first is None or opening is None:
            store, problem = open_store(first_language({}, web=page.web))
            return AppModel.start(store, problem, local=not page.web)
        model = AppModel.peeked(first, opening, local=not page.web)
        tell_when_open(model, opening)
        return model

    model, _ = ft.use_state(make)
    # On a club's server: a watch link shows its match read-only, nothing else; anything
    # else waits for the operators' PIN. (Set only when it changes: a set re-renders.)
    gate = None
    if model.club is not None and page.route.startswith(WATCH_PREFIX):
        gate = "watch"
    elif not model.operator:
        gate = "login"
    if gate is not None and model.screen != gate:
        model.screen = gate
    elif gate is None and model.screen in ("watch", "login"):
        model.screen = "home"
    # The table lays itself out by the width it has (a phone's column, a tablet's two panes).
    width, set_width = ft.use_state(float(page.width or 360))
    page.on_resize = lambda e: set_width(e.width)
    page.on_locale_change = lambda e: model.device_locale(
        [f"{loc.language_code}_{loc.country_code or ''}" for loc in e.locales]
    )
    page.theme_mode = {"dark": ft.ThemeMode.DARK, "light": ft.ThemeMode.LIGHT}.get(
        model.theme, ft.ThemeMode.SYSTEM
    )
    page.title = tr(model.lang, "app.title")
    return ft.SafeArea(
        expand=True,
        content=ft.Column(
            [
                TopBar(model),
                ft.Container(
                    Body(model, width), padding=ft.Padding.symmetric(horizontal=12), expand=True
                ),
            ],
            expand=True,
        ),
    )


def main(page: ft.Page) -> StoreOpening | None:
    """One session's app. Returns the store being opened in the background, when the first
    screen was drawn without it (None: it was opened first), so a caller can wait for it."""
    collect_when_quiet(page)  # full collections between taps, not in them
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.padding = 0
    # A club's server opens its store first: the club and its PIN gate are in it.
    first = None if club_mode() else peek_home(UNFINISHED_SHOWN)
    if first is None:
        page.render(App)
        return None
    opening = StoreOpening(first_language(first.settings, web=page.web))
    page.render(App, first, opening)  # the first screen is sent to the client here
    opening.start()
    return opening


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


def announce_when_listening(host: str, port: int, *, timeout: float = 120.0) -> threading.Thread:
    """Print the address to open once the server accepts connections (Flet says nothing)."""

    def wait() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((host, port), 0.5):
                shown = f"[{host}]" if ":" in host else host
                print(f"Partija: http://{shown}:{port}", flush=True)
                return
            time.sleep(0.05)

    thread = threading.Thread(target=wait, name="announce", daemon=True)
    thread.start()
    return thread


def run(*, web: bool, port: int, host: str = "127.0.0.1") -> None:
    """The desktop window, or with ``web`` the app served on ``host`` (loopback by default).

    Without a display Flet would serve the web client for the desktop mode on every
    interface; it is served here instead, on ``host``, as for ``web``, behind the
    same-origin guard (``app.server``).
    """
    if web or is_linux_server():
        from app.server import serve

        announce_when_listening(host, port)
        serve(main, host=host, port=port, assets_dir=str(ASSETS))
    else:
        ft.run(main, assets_dir=str(ASSETS), no_cdn=True)
