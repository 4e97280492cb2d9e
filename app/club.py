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
from dataclasses import replace
from typing import Any

import flet as ft

from app.club_mode import WATCH_PREFIX, public_url
from app.i18n import format_number, number, tr
from app.redraw import redraw_soon
from models.club import SETTING, Club
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
    who = client if client is not None else client_of(ft.context.page)
    # scrypt runs on a thread: the event loop stays free for everyone else
    return await GATE.attempt(who, lambda: asyncio.to_thread(club.pin_ok, pin))


@ft.component
def LoginScreen(
    club_name: str, lang: str, on_login: Callable[[str], Awaitable[bool]]
) -> ft.Control:
    pin, set_pin = ft.use_state("")
    refused, set_refused = ft.use_state(False)
    busy, set_busy = ft.use_state(False)

    async def login(_: Any = None) -> None:
        set_busy(True)
        ok = await on_login(pin)
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
def WatchScreen(store: Any, token: str, lang: str) -> ft.Control:
    """One match, live and read-only, for the players' own phones."""
    # The table's views, here only: ``app.run`` imports this module for the first screen.
    from app.table import state as table_state
    from app.table.board import Board
    from app.table.entries import EntryList
    from app.table.header import Header
    from app.table.model import TableModel
    from app.table.notices import DealSummary
    from app.table.scoreboard import Scoreboard
    from rules import Status

    page = ft.context.page
    club = club_of(store)
    match_id = club.watched_match(token) if club is not None else None

    def load() -> TableModel | None:
        if match_id is None:
            return None
        try:
            return TableModel(store.resume(match_id), lang)
        except Exception:  # any unknown or unreadable match: the watcher is told so
            return None

    tm = ft.use_memo(load, [match_id])
    _, set_shown = ft.use_state(0)  # the revision drawn: set anew, the screen is redrawn

    topic = f"match-{match_id}"

    def follow() -> None:
        if tm is None:
            return

        async def refresh() -> None:
            if tm.keeper.refresh():  # the table stored an entry: show the match as stored
                tm.revision = tm.keeper.revision
                set_shown(tm.revision)

        page.pubsub.subscribe_topic(topic, lambda _topic, _message: redraw_soon(page, refresh))
        url = store.listen_url()
        if url is not None:  # tables served by another process on the same database
            from models.changes import listener

            follower = listener(url).follow(tm.keeper.match_id, lambda: redraw_soon(page, refresh))
            stops.append(follower)

    def unfollow() -> None:
        page.pubsub.unsubscribe_topic(topic)
        while stops:
            stops.pop()()

    stops: list[Callable[[], None]] = ft.use_memo(list, [])
    ft.use_effect(follow, [match_id], cleanup=unfollow)
    if tm is None:
        return ft.Semantics(
            identifier="watch-unknown",
            content=ft.Text(tr(lang, "club.watch_unknown"), size=16),
        )
    if tm.lang != lang:  # set only on a change: a set redraws the screen
        tm.lang = lang
    log = tm.match.current
    deal = tm.deal
    lines = tuple(replace(line, editable=False) for line in table_state.entry_lines(tm))
    closed = log is not None and log.status is not Status.OPEN and log.points is not None
    return ft.Column(
        [
            ft.Semantics(
                identifier="watching",
                content=ft.Text(tr(lang, "club.watching"), size=14, italic=True),
            ),
            Header(table_state.header(tm)),
            ft.Semantics(
                identifier="last-entry",
                label=tm.last_entry(),
                exclude_semantics=True,
                content=ft.Text(tm.last_entry(), size=14),
            ),
            *([DealSummary(tm.deal_summary())] if closed else []),
            *([Board(tm.game_id, deal.view(), tuple(tm.names), lang)] if deal is not None else []),
            EntryList(lines, lang, lambda _index: None),
            Scoreboard(table_state.scores(tm)),
        ],
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


STANDINGS_SHOWN = 10  # the best of each game on the club page


@ft.component
def ClubScreen(store: Any, club_name: str, lang: str) -> ft.Control:
    """The club's evening: the matches going on with their totals, each game's standings
    (OpenSkill), and a player's rating history as a chart (tap a name)."""
    from rules.games import GAMES

    chosen, set_chosen = ft.use_state("")  # "game<TAB>player" whose history is drawn
    live = store.list_matches(unfinished=True, limit=50)
    rows: list[ft.Control] = [
        ft.Text(club_name, size=22, weight=ft.FontWeight.BOLD),
        ft.Text(tr(lang, "club.live"), size=18, weight=ft.FontWeight.BOLD),
    ]
    if not live:
        rows.append(ft.Text(tr(lang, "club.no_live"), size=14))
    for summary in live:
        totals = ", ".join(f"{n} {number(t)}" for n, t in zip(summary.players, summary.totals))
        rows.append(
            ft.Semantics(
                identifier=f"live-{summary.id}",
                content=ft.Text(f"{tr(lang, f'game.{summary.game}.name')}: {totals}", size=15),
            )
        )
    for game in sorted(GAMES):
        table = store.standings(game)[:STANDINGS_SHOWN]
        if not table:
            continue
        rows.append(
            ft.Text(
                tr(lang, "club.standings", game=tr(lang, f"game.{game}.name")),
                size=18,
                weight=ft.FontWeight.BOLD,
            )
        )
        for place, standing in enumerate(table, start=1):
            rows.append(
                ft.Semantics(
                    identifier=f"standing-{game}-{place}",
                    content=ft.TextButton(
                        tr(
                            lang,
                            "club.standing",
                            place=place,
                            player=standing.name,
                            rating=format_number(lang, round(standing.ordinal, 1)),
                            matches=standing.matches,
                        ),
                        on_click=lambda _, n=standing.name, g=game: set_chosen(f"{g}\t{n}"),
                        height=48,
                    ),
                )
            )
        if chosen.startswith(f"{game}\t"):
            rows.append(RatingChart(store, chosen.split("\t", 1)[1], game, lang))
    return ft.Column(rows, spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)


@ft.component
def RatingChart(store: Any, player: str, game: str, lang: str) -> ft.Control:
    """A player's rating (OpenSkill's ordinal) after each rated match of the game."""
    import flet_charts as fch  # type: ignore[import-untyped]  # no type information shipped

    history = store.rating_history(player, game)
    points = [fch.LineChartDataPoint(x, round(p.ordinal, 2)) for x, p in enumerate(history, 1)]
    return ft.Semantics(
        identifier="rating-chart",
        label=tr(lang, "club.history", player=player, count=len(history)),
        content=ft.Column(
            [
                ft.Text(tr(lang, "club.history", player=player, count=len(history)), size=15),
                fch.LineChart(
                    height=180,
                    data_series=[
                        fch.LineChartData(points=points, stroke_width=3, color=ft.Colors.PRIMARY)
                    ],
                ),
            ],
            spacing=4,
        ),
    )
