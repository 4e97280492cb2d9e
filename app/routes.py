"""The app's screens as routes, each a view on a stack (Flet's ``Router``).

    /                     Home
    /new                  a new match
    /match/<id>           the table of a match          /match/<id>/rules   its rules
    /rules/<game>         a game's rules
    /history              the stored matches            /history/<id>       one of them
    /players, /settings, /club
    /club/evening         the organiser's rounds      /club/results       the evening's results

A screen deeper in the tree stands on the one above it, so the phone's back gesture, the
browser's back button and the bar's back arrow walk back through them, and a URL opens
its screen directly. A rules page opened at a paragraph says which in its query
(``?at=obligations``). On a club's server ``/watch/<token>`` shows one match to its
watchers, and every other route waits for the operators' PIN (``app.run``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from app.games import GAMES
from app.home import Home
from app.i18n import tr
from app.model import AppModel
from app.new_match import NewMatchScreen

# The model every screen reads, handed down from the app (``app.run.App``).
Model: ft.ContextProvider[AppModel | None] = ft.create_context(None)


def model() -> AppModel:
    found: AppModel | None = ft.use_context(Model)
    assert found is not None, "a screen drawn outside the app"
    return found


def icon_action(
    identifier: str, icon: ft.IconData, tooltip: str, on_click: Callable[[], None]
) -> ft.Control:
    """A labelled icon button of the bar, 48 × 48."""
    return ft.Semantics(
        identifier=identifier,
        label=tooltip,
        content=ft.IconButton(
            icon, tooltip=tooltip, on_click=lambda _: on_click(), width=48, height=48
        ),
    )


def top_bar(
    m: AppModel,
    *,
    back: str | None = None,
    title: str | None = None,
    size: int | None = None,
    actions: tuple[ft.Control, ...] = (),
    theme: bool = True,
    height: float | None = None,
) -> ft.AppBar:
    """The bar: back (to ``back``'s route) or home, the title, the screen's own actions, the
    language and – where there is room – the theme; ``height`` px high (Flutter's 56 if
    None)."""
    lang = m.lang
    leading = None
    if back == "/":
        leading = icon_action("action-home", ft.Icons.HOME, tr(lang, "nav.home"), m.go_home)
    elif back is not None:
        leading = icon_action(
            "action-back", ft.Icons.ARROW_BACK, tr(lang, "nav.back"), lambda: m.go(back)
        )
    shown = [
        *actions,
        ft.Semantics(
            identifier="action-language",
            content=ft.TextButton(
                "EN" if lang == "lt" else "LT",
                tooltip=tr(lang, "lang.switch.hint"),
                on_click=lambda _: m.toggle_language(),
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=12)),
                height=48,
            ),
        ),
    ]
    if theme:
        shown.append(
            icon_action(
                "action-theme",
                ft.Icons.DARK_MODE if m.theme != "dark" else ft.Icons.LIGHT_MODE,
                tr(lang, "theme.toggle"),
                lambda: m.toggle_theme(ft.context.page.platform_brightness == ft.Brightness.DARK),
            )
        )
    return ft.AppBar(
        leading=leading,
        automatically_imply_leading=False,
        title=ft.Text(
            title or tr(lang, "app.title"), weight=ft.FontWeight.BOLD, size=size, max_lines=2
        ),
        actions=shown,
        toolbar_height=height,
    )


def view(route: str, bar: ft.AppBar, body: ft.Control, margin: float = 12) -> ft.View:
    """A screen on the stack: its bar over its body, ``margin`` px from the sides.

    Its body is named ``view:<route>`` for tools that drive the app (the browser tests):
    a screen changed by a route animates in over the old one, both on screen for a moment,
    and only once the old one's name has gone is a tap sure to land on the new one.
    """
    return ft.View(
        route=route,
        appbar=bar,
        padding=0,
        controls=[
            ft.Semantics(
                identifier=f"view:{route}",
                expand=True,
                content=ft.SafeArea(
                    expand=True,
                    content=ft.Container(
                        body, padding=ft.Padding.symmetric(horizontal=margin), expand=True
                    ),
                ),
            )
        ],
    )


def anchor_asked() -> str | None:
    """The rules paragraph the route's query names (``?at=…``)."""
    found = parse_qs(urlparse(ft.context.page.route or "").query).get("at")
    return found[0] if found else None


def match_id() -> int | None:
    raw = ft.use_route_params().get("id", "")
    return int(raw) if raw.isascii() and raw.isdigit() else None


def not_found(m: AppModel, route: str) -> ft.View:
    return view(
        route,
        top_bar(m, back="/"),
        ft.Semantics(identifier="not-found", content=ft.Text(tr(m.lang, "nav.not_found"))),
    )


# -- the screens ---------------------------------------------------------------------
@ft.component
def HomeView() -> ft.View:
    m = model()
    return view("/", top_bar(m), Home(m))


@ft.component
def NewView() -> ft.View:
    m = model()
    body = NewMatchScreen(
        m.new_match,
        m.lang,
        m.roster(),
        m.start_match,
        m.go_home,
        m.open_new,
        m.save_defaults,
        m.message,
        m.width,
    )
    return view("/new", top_bar(m, back="/"), body)


@ft.component
def TableView() -> ft.View:
    from app.table.screen import PHONE_MARGIN, TABLET_MARGIN, TableScreen  # here only
    from app.widths import WIDE

    m, number = model(), match_id()
    route = f"/match/{number}"
    table = m.table_for(number) if number is not None else None
    if table is None or number is None:
        return not_found(m, route)
    rules = icon_action(
        "action-rules",
        ft.Icons.MENU_BOOK,
        tr(m.lang, "home.rules"),
        lambda: m.open_match_rules(number),
    )
    # A game's name ("Pradeda devynakė") beside the bar's buttons: smaller, in two lines
    # rather than cut on a 360 px phone; the theme is in Settings.
    # On a phone the bar is as high as its buttons (48 px, not Flutter's 56): the rows of
    # cards below need every line of the screen.
    bar = top_bar(
        m,
        back="/",
        title=table.game.title(m.lang),
        size=18,
        actions=(rules,),
        theme=False,
        height=48 if m.width < WIDE else None,
    )
    # Keyed by the match: a URL opened in the same tab (Flet keeps the tab's session) puts
    # another match where this one was, and its parts must be drawn anew, not patched
    # from the old ones (a three-player scoreboard cannot become a two-player one in place).
    body = TableScreen(  # type: ignore[call-arg]  # Flet's components take a key; untyped
        table, lambda anchor: m.open_match_rules(number, anchor), m.width, key=f"match-{number}"
    )
    # A phone's table keeps its width for the cards: seven a line.
    return view(route, bar, body, margin=PHONE_MARGIN if m.width < WIDE else TABLET_MARGIN)


@ft.component
def MatchRulesView() -> ft.View:
    from app.rules_view import RulesScreen

    m, number = model(), match_id()
    table = m.table_for(number) if number is not None else None
    if table is None:
        return not_found(m, f"/match/{number}/rules")
    back = f"/match/{number}"
    body = RulesScreen(table.game_id, m.lang, anchor_asked(), table.match.game.options)
    return view(f"{back}/rules", top_bar(m, back=back), body)


@ft.component
def RulesView() -> ft.View:
    from app.rules_view import RulesScreen

    m = model()
    game = ft.use_route_params().get("game", "")
    route = f"/rules/{game}"
    if game not in GAMES:
        return not_found(m, route)
    return view(route, top_bar(m, back="/"), RulesScreen(game, m.lang, anchor_asked(), None))


@ft.component
def HistoryView() -> ft.View:
    from app.history import HistoryScreen

    m = model()
    return view("/history", top_bar(m, back="/"), HistoryScreen(m))


@ft.component
def PastMatchView() -> ft.View:
    from app.history import MatchScreen

    m, number = model(), match_id()
    route = f"/history/{number}"
    viewing = m.viewed(number) if number is not None else None
    if viewing is None:
        return not_found(m, route)
    # Keyed by the match, as the table is (``TableView``).
    body = MatchScreen(m, viewing, key=f"past-{number}")  # type: ignore[call-arg]  # as above
    return view(route, top_bar(m, back="/history"), body)


@ft.component
def PlayersView() -> ft.View:
    from app.players import PlayersScreen

    m = model()
    return view("/players", top_bar(m, back="/"), PlayersScreen(m))


@ft.component
def SettingsView() -> ft.View:
    from app.settings_view import SettingsScreen

    m = model()
    return view("/settings", top_bar(m, back="/"), SettingsScreen(m))


@ft.component
def ClubView() -> ft.View:
    from app.club import ClubScreen

    m = model()
    if m.club is None:
        return not_found(m, "/club")
    body = ClubScreen(m.store, m.club, m.lang, m.organiser, m.go)
    return view("/club", top_bar(m, back="/"), body)


@ft.component
def EveningView() -> ft.View:
    """The organiser's screen; an operator's device is told it is the organiser's."""
    from app.evening_view import EveningScreen, OrganiserOnly

    m = model()
    if m.club is None:
        return not_found(m, "/club/evening")
    if m.organiser:
        evening = m.evening_form()
        body = EveningScreen(m, evening, evening.setup)
    else:
        body = OrganiserOnly(m.lang)
    return view("/club/evening", top_bar(m, back="/club"), body)


@ft.component
def ResultsView() -> ft.View:
    from app.results_view import ResultsScreen

    m = model()
    if m.club is None:
        return not_found(m, "/club/results")
    return view("/club/results", top_bar(m, back="/club"), ResultsScreen(m.store, m.lang))


ROUTES = [
    ft.Route(
        path="/",
        component=HomeView,
        children=[
            ft.Route(path="new", component=NewView),
            ft.Route(
                path="match/:id",
                component=TableView,
                children=[ft.Route(path="rules", component=MatchRulesView)],
            ),
            ft.Route(path="rules/:game", component=RulesView),
            ft.Route(
                path="history",
                component=HistoryView,
                children=[ft.Route(path=":id", component=PastMatchView)],
            ),
            ft.Route(path="players", component=PlayersView),
            ft.Route(path="settings", component=SettingsView),
            ft.Route(
                path="club",
                component=ClubView,
                children=[
                    ft.Route(path="evening", component=EveningView),
                    ft.Route(path="results", component=ResultsView),
                ],
            ),
        ],
    )
]


@ft.component
def NotFound() -> ft.Control:
    m = model()
    return ft.Column(
        [
            ft.Semantics(identifier="not-found", content=ft.Text(tr(m.lang, "nav.not_found"))),
            ft.Semantics(
                identifier="action-home",
                content=ft.FilledButton(
                    tr(m.lang, "nav.home"), icon=ft.Icons.HOME, on_click=lambda _: m.go_home()
                ),
            ),
        ]
    )


def Screens(m: AppModel) -> Any:
    """The stack of screens the page's route asks for: Flet's ``Router``, which gives the
    page its views, under the model every screen reads."""
    return Model(m, lambda: ft.Router(ROUTES, not_found=NotFound, manage_views=True))
