"""Club mode in the app: the operators' PIN, the watch link at a table, the watch screen.

A club runs one server (``main.py --web --club``) for many tables. Operators
log in with the club's PIN and run their tables as at home. Every match has a
watch link, shown at its table as a QR code: the players open it on their own
phones and see the table live, read-only. A watcher's screen has no card, no
button that enters anything, and is redrawn on every entry the table stores
(Flet's PubSub, within the server's process).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from app.charts import line_chart
from app.club_mode import BOARD_PREFIX, WATCH_PREFIX, public_url
from app.i18n import number, tr
from app.redraw import redraw_soon
from models.club import SETTING, Club, Role
from models.pin_gate import Client, PinGate

GATE = PinGate()  # the club's: a server process serves one club


def club_of(store: Any) -> Club | None:
    if store is None:
        return None
    return Club.from_setting(store.settings().get(SETTING))


def watch_url(club: Club, match_id: int) -> str:
    return f"{public_url()}{WATCH_PREFIX}{club.watch_token(match_id)}"


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as SVG markup: segno (in the ``club`` dependency group) makes
    the code; it is drawn here as filled squares, one rectangle per run of dark modules
    in a row, since Flutter's SVG renderer draws segno's own stroked paths as thin lines."""
    import segno

    matrix = segno.make(text, error="m").matrix
    rects = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                rects.append(f'<rect x="{start}" y="{y}" width="{x - start}" height="1"/>')
            else:
                x += 1
    size = len(matrix)
    quiet = 4  # the white margin a reader needs around the code
    box = f"{-quiet} {-quiet} {size + 2 * quiet} {size + 2 * quiet}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" shape-rendering="crispEdges">'
        f'<rect x="{-quiet}" y="{-quiet}" width="{size + 2 * quiet}" height="{size + 2 * quiet}" '
        f'fill="#FFFFFF"/><g fill="#000000">{"".join(rects)}</g></svg>'
    )


def client_of(page: ft.Page) -> Client:
    """Who is trying a PIN, for the gate: the browser's address and its connection."""
    return (page.client_ip or "", page.session.id)


async def check_pin(club: Club, pin: str, client: Client | None = None) -> bool:
    """The PIN's verdict, in the client's turn and after the wait its wrong PINs have
    earned (``models.pin_gate``); ``client``: by default the page whose handler runs."""
    return await check_role(club, pin, client) is not None


async def check_role(club: Club, pin: str, client: Client | None = None) -> Role | None:
    """Whom the PIN lets in (an operator, the organiser), through the same gate as
    ``check_pin``: a wrong PIN is one wrong PIN, whichever role it was meant for."""
    who = client if client is not None else client_of(ft.context.page)
    found: list[Role | None] = [None]

    async def check() -> bool:
        # scrypt runs on a thread: the event loop stays free for everyone else
        found[0] = await asyncio.to_thread(club.role, pin)
        return found[0] is not None

    return found[0] if await GATE.attempt(who, check) else None


TABLE_NAME = 40  # characters of a table's name kept


def table_label(raw: str) -> str | None:
    """A table's name as given at log-in, spaces tidied and cut to ``TABLE_NAME``; None
    for none."""
    tidy = " ".join(raw.split())[:TABLE_NAME]
    return tidy or None


@ft.component
def LoginScreen(
    club_name: str, lang: str, on_login: Callable[[str, str], Awaitable[bool]]
) -> ft.Control:
    pin, set_pin = ft.use_state("")
    table, set_table = ft.use_state("")
    refused, set_refused = ft.use_state(False)
    busy, set_busy = ft.use_state(False)

    async def login(_: Any = None) -> None:
        set_busy(True)
        ok = await on_login(pin, table)
        set_busy(False)
        set_refused(not ok)
        if not ok:
            set_pin("")

    notice = (
        [
            ft.Semantics(
                identifier="notice-refused",
                live_region=True,
                content=ft.Container(
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                    border_radius=10,
                    padding=10,
                    content=ft.Text(
                        tr(lang, "club.wrong_pin"), color=ft.Colors.ON_ERROR_CONTAINER, size=15
                    ),
                ),
            )
        ]
        if refused
        else []
    )
    return ft.Column(
        [
            ft.Text(club_name, size=22, weight=ft.FontWeight.BOLD),
            ft.Text(tr(lang, "club.login_hint"), size=15),
            ft.Semantics(
                identifier="pin",
                content=ft.TextField(
                    value=pin,
                    label=tr(lang, "club.pin"),
                    password=True,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=lambda e: set_pin(e.control.value),
                    on_submit=login,
                    autofocus=True,
                ),
            ),
            ft.Semantics(
                identifier="table-name",
                content=ft.TextField(
                    value=table,
                    label=tr(lang, "club.table_field"),
                    hint_text=tr(lang, "club.table_hint"),
                    max_length=TABLE_NAME,
                    on_change=lambda e: set_table(e.control.value),
                    on_submit=login,
                ),
            ),
            *notice,
            ft.Semantics(
                identifier="action-login",
                content=ft.FilledButton(
                    tr(lang, "club.login"), on_click=login, height=48, disabled=busy
                ),
            ),
        ],
        spacing=12,
    )


@ft.component
def WatchLink(url: str, lang: str) -> ft.Control:
    """The match's watch link at its table: a QR code for the players' phones, and the
    address written out for those who type it."""
    return ft.Column(
        [
            ft.Text(tr(lang, "club.watch_hint"), size=14),
            # The link is this node's whole label: a screen reader (and a test) reads it.
            ft.Semantics(
                identifier="watch-link",
                label=url,
                exclude_semantics=True,
                content=ft.Column(
                    [
                        ft.Container(
                            ft.Image(src=qr_svg(url), width=180, height=180),
                            bgcolor="#FFFFFF",
                            padding=6,
                            border_radius=6,
                        ),
                        ft.Text(url, size=14),
                    ],
                    spacing=6,
                ),
            ),
        ],
        spacing=6,
    )


@ft.component
def WatchScreen(store: Any, token: str, lang: str, width: float | None = None) -> ft.Control:
    """One match, live and read-only, for the players' own phones, ``width`` px wide
    inside the page's margins (None: not known, nothing fitted to it).

    The match is read by the process's one reader of it (``app.feed``), which hands
    this screen the latest state; a burst of entries while this screen is still being
    drawn is one drawing more, of the latest.
    """
    # The table's views, here only: ``app.run`` imports this module for the first screen.
    from app.feed import FEEDS
    from app.table.board import Board
    from app.table.entries import EntryList
    from app.table.header import Header
    from app.table.notices import DealSummary
    from app.table.scoreboard import Scoreboard

    page = ft.context.page

    def find() -> int | None:
        club = club_of(store)
        return club.watched_match(token) if club is not None else None

    # Read once a screen: a read of the store on every drawing would make each of a busy
    # club's redraws wait on the database, on the loop that draws every other screen.
    match_id = ft.use_memo(find, [token])
    hub = page.session.connection.pubsubhub if page.session.connection is not None else None

    def join() -> Any:
        if match_id is None or hub is None:
            return None
        return FEEDS.join(store, match_id, hub)

    feed = ft.use_memo(join, [match_id])
    _, set_shown = ft.use_state(-1)  # the revision drawn: set anew, the screen is redrawn
    pending = ft.use_memo(lambda: [False], [])  # a drawing asked for and not yet made

    def follow() -> None:
        if feed is None:
            return

        async def draw() -> None:
            pending[0] = False
            set_shown(feed.watched(lang).revision)  # the latest, whatever came meanwhile

        def news() -> None:
            if not pending[0]:
                pending[0] = True
                redraw_soon(page, draw)

        stops.append(feed.watch(news))
        stops.append(lambda: FEEDS.leave(feed.match_id))

    def unfollow() -> None:
        while stops:
            stops.pop()()

    stops: list[Callable[[], None]] = ft.use_memo(list, [])
    ft.use_effect(follow, [match_id], cleanup=unfollow)
    if feed is None:
        return ft.Semantics(
            identifier="watch-unknown",
            content=ft.Text(tr(lang, "club.watch_unknown"), size=16),
        )
    shown = feed.watched(lang)
    return ft.Column(
        [
            ft.Semantics(
                identifier="watching",
                value=str(shown.revision),  # how far the match is (the tests and bench read it)
                content=ft.Text(tr(lang, "club.watching"), size=14, italic=True),
            ),
            Header(shown.header, key="header"),
            ft.Semantics(
                key="last-entry",
                identifier="last-entry",
                label=shown.last_entry,
                exclude_semantics=True,
                content=ft.Text(shown.last_entry, size=14),
            ),
            # Keyed, as the table's parts are: when the deal's summary comes in above the
            # board, Flet's diff moves what follows instead of drawing it all anew
            # (unkeyed, every watcher's deal end redrew its board, list and scores).
            *([DealSummary(shown.summary, key="summary")] if shown.summary is not None else []),
            *(
                [Board(shown.game, shown.view, shown.names, lang, key="board")]
                if shown.view is not None
                else []
            ),
            EntryList(shown.lines, lang, ignore, key="entries"),
            Scoreboard(shown.scores, width, key="scores"),
        ],
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


def ignore(_index: int) -> None:
    """A watcher's entry list: a tap on a line changes nothing (one function, so the
    list's memo sees the same handler at every drawing)."""


@ft.component
def ClubScreen(
    store: Any, club: Club, lang: str, organiser: bool, go: Callable[[str], None]
) -> ft.Control:
    """The club's evening for its operators, live: the matches going on with their
    totals, each game's standings (OpenSkill; tap a name for his rating history as a
    chart), and the board's link for a screen in the room (``app.board``). The evening's
    results are a tap away; the organiser's rounds too, on his device only."""
    from app.board import TableCard, rating_line, use_board

    chosen, set_chosen = ft.use_state("")  # "game<TAB>player" whose history is drawn
    state = use_board(store, lang)
    pages = [("results", ft.Icons.EMOJI_EVENTS)]
    if organiser:
        pages.insert(0, ("evening", ft.Icons.TABLE_RESTAURANT))
    rows: list[ft.Control] = [
        ft.Text(club.name, size=22, weight=ft.FontWeight.BOLD),
        ft.Row(
            [
                ft.Semantics(
                    identifier=f"nav-{page}",
                    content=ft.OutlinedButton(
                        tr(lang, f"nav.{page}"),
                        icon=icon,
                        height=48,
                        on_click=lambda _, p=page: go(f"/club/{p}"),
                    ),
                )
                for page, icon in pages
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
        ft.Text(tr(lang, "club.live"), size=18, weight=ft.FontWeight.BOLD),
    ]
    if state is None:
        return ft.Column([*rows, ft.ProgressRing()], spacing=8)
    if not state.tables:
        rows.append(ft.Text(tr(lang, "club.no_live"), size=14))
    for table in state.tables:
        totals = ", ".join(f"{n} {number(t)}" for n, t in zip(table.players, table.totals))
        rows.append(
            ft.Semantics(
                identifier=f"live-{table.match_id}",
                label=f"{table.title}: {totals}",
                content=TableCard(table, lang, False),
            )
        )
    for game, table_rows in state.standings:
        rows.append(
            ft.Text(
                tr(lang, "club.standings", game=tr(lang, f"game.{game}.name")),
                size=18,
                weight=ft.FontWeight.BOLD,
            )
        )
        for row in table_rows:
            rows.append(
                ft.Semantics(
                    identifier=f"standing-{game}-{row.place}",
                    content=ft.TextButton(
                        rating_line(lang, row),
                        on_click=lambda _, n=row.name, g=game: set_chosen(f"{g}\t{n}"),
                        height=48,
                    ),
                )
            )
        if chosen.startswith(f"{game}\t"):
            rows.append(RatingChart(store, chosen.split("\t", 1)[1], game, lang))
    rows.append(BoardLink(board_url(club), lang))
    return ft.Column(rows, spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)


def board_url(club: Club) -> str:
    return f"{public_url()}{BOARD_PREFIX}{club.board_token()}"


@ft.component
def BoardLink(url: str, lang: str) -> ft.Control:
    """The board's link on the club page: opened on the room's screen, or scanned."""
    return ft.Column(
        [
            ft.Text(tr(lang, "board.link_hint"), size=14),
            ft.Semantics(
                identifier="board-link",
                label=url,
                exclude_semantics=True,
                content=ft.Column(
                    [
                        ft.Container(
                            ft.Image(src=qr_svg(url), width=140, height=140),
                            bgcolor="#FFFFFF",
                            padding=6,
                            border_radius=6,
                        ),
                        ft.Text(url, size=13, selectable=True),
                    ],
                    spacing=6,
                ),
            ),
        ],
        spacing=6,
    )


@ft.component
def RatingChart(store: Any, player: str, game: str, lang: str) -> ft.Control:
    """A player's rating (OpenSkill's ordinal) after each rated match of the game."""
    import flet_charts as fch  # type: ignore[import-untyped]  # no type information shipped

    history = store.rating_history(player, game)
    values = [round(p.ordinal, 2) for p in history]
    title = tr(lang, "club.history", player=player, count=len(history))
    series = fch.LineChartData(
        points=[fch.LineChartDataPoint(x, y) for x, y in enumerate(values, 1)],
        stroke_width=3,
        color=ft.Colors.PRIMARY,
        point=True,
    )
    matches = max(len(values), 1)
    return ft.Semantics(
        identifier="rating-chart",
        label=title,
        content=ft.Column(
            [
                ft.Text(title, size=15),
                line_chart([series], values, (1, matches), lang),
            ],
            spacing=4,
        ),
    )
