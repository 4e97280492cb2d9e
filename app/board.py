"""The club's board: every table of the evening at once, live, and the standings.

One page, read-only and outside the operators' PIN (its own unguessable link,
``Club.board_token``), meant for a screen in the room: each table's game, players,
totals, deal number and last entry, and each game's standings. The operators' club
page draws from the same state.

A server process keeps one ``BoardFeed`` per store, running while anyone looks at a
board: twice a second it asks the store for the matches going on with their revisions
and the count of ratings (``Store.live_marks``: two small queries, whatever the number
of tables or of boards), reads again only the matches that moved, and derives what a
board shows once per language. A look at the store finds every change, whichever
server process made it (two processes on one PostgreSQL database), and a match begun
or finished, without anything to subscribe to. Boards coalesce as watchers do: a board
still drawing asks for no second drawing, and a drawing takes the latest state.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from app.i18n import format_number, number, tr, trn
from app.redraw import redraw_soon

log = logging.getLogger("partija")
POLL = 0.5  # seconds between two looks at the store while a board is open
PROVISIONAL = 3  # rated matches below which a player's rating is marked provisional
STANDINGS_SHOWN = 10  # the best of each game


@dataclass(frozen=True)
class BoardTable:
    """One table's line on the board, in one language."""

    match_id: int
    table: str | None  # the club's table's name, None when not given
    round: int | None  # the evening's round (``models.rounds``), None outside one
    game: str
    title: str  # the game's name
    players: tuple[str, ...]
    totals: tuple[int, ...]
    deal: int  # the deal being played or last closed, from 1; 0 before the first
    last_entry: str
    revision: int


@dataclass(frozen=True)
class BoardRating:
    place: int
    name: str
    rating: float  # OpenSkill's ordinal
    matches: int
    provisional: bool  # fewer than PROVISIONAL rated matches of this game
    guest: bool  # not a member of the club
    feminine: bool  # said of a woman ("viešnia", not "svečias")


@dataclass(frozen=True)
class BoardState:
    """What a board is drawn from: the tables (oldest first) and each game's standings."""

    version: int
    lang: str
    tables: tuple[BoardTable, ...]
    standings: tuple[tuple[str, tuple[BoardRating, ...]], ...]  # (game id, best first)


class BoardFeed:
    """The board's one reader in this process: it looks at the store while boards are open."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._watchers: dict[int, Callable[[], None]] = {}
        self._next = 0
        self._tables: dict[int, Any] = {}  # match id -> TableModel, read again when it moves
        self._rounds: dict[int, int | None] = {}  # match id -> its round
        self._marks: tuple[dict[int, int], int] | None = None
        self._standings: dict[str, tuple[BoardRating, ...]] = {}
        self._states: dict[str, BoardState] = {}
        self.version = 0
        self.looks = 0  # looks at the store (the tests count them)
        self._stop: threading.Event | None = None

    def watch(self, call: Callable[[], None]) -> Callable[[], None]:
        """Call ``call`` (from the feed's thread) whenever the board has changed; the first
        watcher starts the looks, the last one's stop ends them."""
        with self._lock:
            key = self._next
            self._next += 1
            self._watchers[key] = call
            if self._stop is None:
                self._stop = threading.Event()
                stop_looking = self._stop
                threading.Thread(
                    target=self._run, args=(stop_looking,), name="board", daemon=True
                ).start()

        def stop() -> None:
            with self._lock:
                self._watchers.pop(key, None)
                if not self._watchers and self._stop is not None:
                    self._stop.set()
                    self._stop = None

        return stop

    def _run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                moved = self.look()
            except Exception:  # a server out of reach: the next look tries again
                log.exception("the club's board: no look at the store")
                moved = False
            if moved:
                with self._lock:
                    calls = list(self._watchers.values())
                for call in calls:
                    try:
                        call()
                    except Exception:  # one board's failure must not silence the others
                        log.exception("a club board failed")
            stop.wait(POLL)

    def look(self) -> bool:
        """Look at the store once; read again what moved. Whether the board changed."""
        from app.table.model import TableModel
        from rules.games import GAMES

        marks = self.store.live_marks()
        self.looks += 1
        if marks == self._marks:
            return False
        going, rated = marks
        tables = {}
        for match_id, revision in going.items():
            tm = self._tables.get(match_id)
            try:
                if tm is None:
                    tm = TableModel(self.store.resume(match_id), "lt")
                    summary = self.store.summary(match_id)
                    if summary is not None:
                        tm.table_name, self._rounds[match_id] = summary.table, summary.round
                elif tm.keeper.revision != revision and tm.keeper.refresh():
                    tm.revision = tm.keeper.revision
            except Exception:  # a match begun and gone between two looks: the next look
                log.exception("the club's board: match %s not read", match_id)
                continue
            tables[match_id] = tm
        standings = self._standings
        if self._marks is None or rated != self._marks[1]:
            members, genders = self.store.members(), self.store.roster_genders()
            standings = {
                game: tuple(
                    BoardRating(
                        place,
                        s.name,
                        s.ordinal,
                        s.matches,
                        s.matches < PROVISIONAL,
                        s.name not in members,
                        genders.get(s.name) == "f",
                    )
                    for place, s in enumerate(self.store.standings(game)[:STANDINGS_SHOWN], 1)
                )
                for game in sorted(GAMES)
            }
        with self._lock:
            self._tables, self._standings, self._marks = tables, standings, marks
            self._states = {}
            self.version += 1
        return True

    def state(self, lang: str) -> BoardState:
        """The latest board in ``lang``: derived once per change and language."""
        with self._lock:
            found = self._states.get(lang)
            if found is None:
                found = self._states[lang] = BoardState(
                    self.version,
                    lang,
                    tuple(
                        derive(tm, lang, self._rounds.get(match_id))
                        for match_id, tm in sorted(self._tables.items())
                    ),
                    tuple((game, rows) for game, rows in self._standings.items() if rows),
                )
            return found


def derive(tm: Any, lang: str, round_number: int | None = None) -> BoardTable:
    """A table's line from its table model (``app.table.model.TableModel``)."""
    if tm.lang != lang:
        tm.lang = lang  # nobody draws this model: setting it redraws nothing
    current = tm.match.current
    return BoardTable(
        match_id=tm.keeper.match_id,
        table=tm.table_name,
        round=round_number,
        game=tm.game_id,
        title=tr(lang, f"game.{tm.game_id}.name"),
        players=tuple(str(name) for name in tm.names),
        totals=tuple(tm.match.totals),
        deal=current.number + 1 if current is not None else 0,
        last_entry=tm.last_entry(),
        revision=tm.revision,
    )


_feeds: dict[int, BoardFeed] = {}
_made = threading.Lock()


def board_feed(store: Any) -> BoardFeed:
    """The process's board feed of this store (a club's server shares one store)."""
    with _made:
        found = _feeds.get(id(store))
        if found is None or found.store is not store:
            found = _feeds[id(store)] = BoardFeed(store)
        return found


def use_board(store: Any, lang: str) -> BoardState | None:
    """The board's latest state in a component, redrawn when it changes (None until the
    first look)."""
    page = ft.context.page
    feed = ft.use_memo(lambda: board_feed(store), [id(store)])
    _, set_version = ft.use_state(-1)
    pending = ft.use_memo(lambda: [False], [])  # a drawing asked for and not yet made
    stops: list[Callable[[], None]] = ft.use_memo(list, [])

    def follow() -> None:
        async def draw() -> None:
            pending[0] = False
            set_version(feed.version)  # the latest, whatever came meanwhile

        def news() -> None:
            if not pending[0]:
                pending[0] = True
                redraw_soon(page, draw)

        stops.append(feed.watch(news))

    def unfollow() -> None:
        while stops:
            stops.pop()()

    ft.use_effect(follow, [id(store)], cleanup=unfollow)
    return feed.state(lang) if feed.version else None


def rating_line(lang: str, row: BoardRating) -> str:
    """A place in the standings: "2. Rūta (viešnia): 3, preliminarus (1 žaidimas)"; a
    guest's mark goes with the name, the provisional one with the rating."""
    guest = "board.guest_f" if row.feminine else "board.guest"
    rating = format_number(lang, round(row.rating, 1))
    return tr(
        lang,
        "club.standing",
        place=row.place,
        player=f"{row.name} {tr(lang, guest)}" if row.guest else row.name,
        rating=f"{rating}, {tr(lang, 'board.provisional')}" if row.provisional else rating,
        matches=trn(lang, "club.rated_matches", row.matches),
    )


@ft.component
def TableCard(table: BoardTable, lang: str, big: bool) -> ft.Control:
    """One table on the board: readable from across the room when ``big``."""
    size = 24 if big else 15
    title = table.title
    if table.table:
        title = f"{tr(lang, 'club.table', table=table.table)} · {title}"
    if table.round:
        title = f"{tr(lang, 'board.round', round=table.round)} · {title}"
    if table.deal:
        title = f"{title} · {tr(lang, 'table.deal_short', number=table.deal)}"
    lang_totals = "  ".join(f"{n} {number(t)}" for n, t in zip(table.players, table.totals))
    return ft.Semantics(
        identifier=f"board-table-{table.match_id}",
        value=str(table.revision),
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(title, size=size + 4, weight=ft.FontWeight.BOLD),
                    ft.Text(lang_totals, size=size, weight=ft.FontWeight.BOLD),
                    ft.Semantics(
                        identifier=f"board-last-{table.match_id}",
                        label=table.last_entry,
                        exclude_semantics=True,
                        content=ft.Text(table.last_entry, size=size - 2, max_lines=2),
                    ),
                ],
                spacing=4,
            ),
            padding=12,
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            width=460 if big else None,
        ),
    )


def standing_rows(state: BoardState, lang: str, size: int) -> list[ft.Control]:
    rows: list[ft.Control] = []
    for game, table in state.standings:
        rows.append(
            ft.Text(
                tr(lang, "club.standings", game=tr(lang, f"game.{game}.name")),
                size=size + 2,
                weight=ft.FontWeight.BOLD,
            )
        )
        rows.extend(
            ft.Semantics(
                identifier=f"board-standing-{game}-{row.place}",
                label=rating_line(lang, row),
                exclude_semantics=True,
                content=ft.Text(rating_line(lang, row), size=size),
            )
            for row in table
        )
    return rows


@ft.component
def BoardScreen(store: Any, club_name: str, lang: str) -> ft.Control:
    """The board itself (``/board/<token>``), landscape and large."""
    state = use_board(store, lang)
    if state is None:
        return ft.ProgressRing()
    tables: list[ft.Control] = [TableCard(t, lang, True) for t in state.tables]
    if not tables:
        tables = [ft.Text(tr(lang, "club.no_live"), size=24)]
    return ft.Semantics(
        identifier="board",
        value=str(state.version),
        content=ft.Column(
            [
                ft.Text(
                    tr(lang, "board.title", club=club_name), size=32, weight=ft.FontWeight.BOLD
                ),
                ft.Row(tables, wrap=True, spacing=16, run_spacing=16),
                *standing_rows(state, lang, 20),
            ],
            spacing=14,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
        ),
    )
