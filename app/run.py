"""Start the Flet app: on the desktop, or served to a browser on 127.0.0.1 without any CDN."""

from __future__ import annotations

import contextlib
import pathlib
import socket
import threading
import time

import flet as ft
from flet.utils import is_linux_server

from app.club import WATCH_PREFIX, ClubScreen, LoginScreen, WatchScreen
from app.collector import collect_when_quiet
from app.history import HistoryScreen, MatchScreen
from app.home import Home
from app.i18n import tr
from app.logs import log
from app.model import AppModel
from app.new_match import NewMatchScreen
from app.players import PlayersScreen
from app.rules_view import RulesScreen
from app.settings_view import SettingsScreen
from app.table import TableScreen

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"


def open_store(lang: str) -> tuple[object | None, str | None]:
    """The store, and a sentence for the user if its file was damaged or cannot be used."""
    from models import DatabaseUnavailable, ForeignDatabase, NewerDatabase, Store, StoreFault

    try:
        store = Store()
    except (DatabaseUnavailable, NewerDatabase, ForeignDatabase, StoreFault) as exc:
        log.error("the store cannot be opened: %s", exc)
        problem = exc.message(lang) if isinstance(exc, StoreFault) else str(exc)
        return None, tr(lang, "store.unavailable", problem=problem)
    moved = store.moved_aside
    if moved is not None:
        log.error("%s", moved.message())
    return store, moved.message(lang) if moved else None


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
        table = model.table
        # The table scrolls itself, below its pinned header.
        return TableScreen(
            table,
            lambda anchor: model.open_rules(table.game_id, anchor, table.match.game.options),
            width,
        )
    if model.screen == "rules":
        return RulesScreen(
            model.rules_game, model.lang, model.rules_anchor, model.rules_options, model.close_rules
        )
    screens = {
        "history": HistoryScreen,
        "match": MatchScreen,
        "players": PlayersScreen,
        "settings": SettingsScreen,
    }
    if model.screen in screens:
        return screens[model.screen](model)
    return Home(model)


@ft.component
def App() -> ft.Control:
    page = ft.context.page

    def make() -> AppModel:
        store, problem = open_store("lt")
        return AppModel.start(store, problem, local=not page.web)

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


def main(page: ft.Page) -> None:
    collect_when_quiet(page)  # full collections between taps, not in them
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.padding = 0
    page.render(App)


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
