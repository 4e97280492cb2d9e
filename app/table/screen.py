"""The table screen: expected-now line, totals, the verdict, the card picker, the public table.

What a tap is answered with never scrolls away: the expected-now line, the
totals, the last entry with its undo, and the verdict (a refusal, or a
violation waiting for the table's ruling) are pinned at the top; the picker
and the rest scroll below them. On a tablet the entry list and the
scoreboard stand beside the table.

Drawn as one component whose parts are memoized components fed with plain
values (``state``), handed back through ``app.kept`` while their values stay:
Flet's diff passes over those without a look inside, so a tap builds and
diffs only the parts whose values changed – the expected-now line, the seats
whose turn moved, the last entry, the picker row of the tapped card, the
board – and the few columns holding them. The verdict, the buttons of the
moment and the table's decisions are parts too, kept while they show the
same; the scoreboard is keyed by the closed deals.

One component, not one per part observing its own slice: each part drawn
on its own is a patch of its own, a WebSocket frame each, and the client
has the answer to a tap only with the last of them (``bench/browser.py``:
five frames made a card tap's server round trip 3× the bare counter's
instead of 2×, for a diff a tenth smaller).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import flet as ft

from app.games import game_ui
from app.i18n import format_number, tr
from app.kept import Same, use_kept
from app.memo import memo
from app.redraw import redraw_soon
from app.table import state as table_state
from app.table.actions import ButtonRow, TableActions, action_buttons, table_actions
from app.table.board import Board
from app.table.buttons import kept_buttons
from app.table.entries import EntryList
from app.table.header import Headline, LastLine, Seats
from app.table.mode import AskingWho, Correcting, Playing
from app.table.model import TableModel
from app.table.notices import DealSummary, Verdict, ViolationText, verdict
from app.table.picker import line_width, picker_rows
from app.table.scoreboard import Scoreboard
from app.widths import WIDE
from rules import Status

PHONE_MARGIN = 6  # a phone's table keeps its width for seven cards a line
TABLET_MARGIN = 12  # a tablet's page margin either side
PANE_GAP = 16  # between a tablet's two panes
PANES = 2 * TABLET_MARGIN + PANE_GAP  # what of a tablet's width neither pane has
SIDE_MIN = 336  # the entry list and scoreboard keep at least a phone page's width


def play_room(width: float, longest: int) -> tuple[float, bool]:
    """The width of the table's play column and whether its picker has a tablet's big cards
    (each suit's sign at the head of its line) – for a screen ``width`` px wide and a deck
    whose longest suit has ``longest`` cards.

    A tablet gives the table seven twelfths of its width. Where a suit's line of big cards,
    or else of a phone's cards, does not fit there, the table takes the room one line needs
    as long as the entry list and scoreboard keep ``SIDE_MIN``: a 52-card deck is then
    four lines, all in view on a 1024 × 768 tablet, where two lines a suit made eight and
    put the clubs below the screen's edge.
    """
    if width < WIDE:
        return width - 2 * PHONE_MARGIN, False
    split = (width - PANES) * 7 / 12
    for big in (True, False):
        need = line_width(longest, big)
        if need <= split:
            return split, big
        if width - PANES - need >= SIDE_MIN:
            return need, big
    return split, True


def follow_other_screens(tm: TableModel) -> None:
    """Other screens of this match (another tab, another phone on the same server) are
    told of every change this one stores, and this one redraws on theirs."""
    page = ft.context.page
    topic = f"match-{tm.keeper.match_id}"

    def subscribe() -> None:
        async def refresh() -> None:
            tm.refresh_from_store()

        page.pubsub.subscribe_topic(topic, lambda _topic, _message: redraw_soon(page, refresh))
        tm.on_stored = lambda: page.pubsub.send_others_on_topic(topic, "stored")

    # Flet's cleanup is its own argument (what the setup returns is not called).
    ft.use_effect(subscribe, [topic], cleanup=lambda: page.pubsub.unsubscribe_topic(topic))


def confirm_shown(tm: TableModel) -> None:
    """Tell the table model which revision the player's screen shows, once it does.

    A drawing sent is not yet a picture seen: a tap made on the old picture (in the same
    frame as another tab's tap, say) may already be on its way. So after the drawing of
    a new revision has gone out, the page is asked something – a round trip behind the
    drawing on the same connection – and only its answer moves the model's revision on:
    the client has the drawing then, and any tap it sent before it arrived first.
    A revision this screen's own write made is taken at once (``TableModel._stored``).
    """
    page = ft.context.page
    revision = tm.keeper.revision

    async def confirm() -> None:
        if tm.shows(revision):  # this screen's own write: its player made it
            return
        # Any answer will do, even an error (a closed session, a platform without device
        # information): it came back after the drawing. Were none to come, the screen
        # would refuse every tap as made on the older picture rather than credit it.
        with contextlib.suppress(Exception):
            await page.get_device_info()
        tm.shown(revision)

    ft.use_effect(confirm, [revision])


def scroll_to_top_on_new_deal(tm: TableModel) -> ft.Ref[ft.Column]:
    """The table's scrolling part, brought back to its top when a new deal starts.

    "Next deal" often sits below the fold, so the player has scrolled down to it; the new
    deal's cards would then open half scrolled away.
    """
    page = ft.context.page
    # Kept beside the table's observable fields, as the buttons are: changing them draws
    # nothing.
    scroller: ft.Ref[ft.Column] = tm.__dict__.setdefault("_scroller", ft.Ref())
    log = tm.match.current
    number = log.number if log is not None else -1

    async def scroll(column: ft.Column) -> None:
        # A nicety, never an error: a screen closed meanwhile has nothing left to scroll.
        with contextlib.suppress(RuntimeError):
            await column.scroll_to(offset=0)

    def to_top() -> None:
        column = scroller.current
        if tm.__dict__.get("_scrolled_for", number) != number and column is not None:
            page.run_task(scroll, column)
        tm.__dict__["_scrolled_for"] = number

    ft.use_effect(to_top, [number])
    return scroller


@memo
@ft.component
def Strip(game: str, view: object, names: tuple[str, ...], lang: str, room: float) -> ft.Control:
    """What of the public table stays in view above the cards (the game says), in ``room``
    px of width."""
    return game_ui(game).strip(view, names, lang, room)


@memo
@ft.component
def Finished(text: str, totals: str) -> ft.Control:
    """The match is over: who won, and the totals; no card or entry is taken any more."""
    return ft.Semantics(
        identifier="match-finished",
        label=f"{text} {totals}",
        content=ft.Container(
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
            border_radius=10,
            padding=12,
            content=ft.Column(
                [
                    ft.Text(text, size=18, weight=ft.FontWeight.BOLD),
                    ft.Text(totals, size=15),
                ],
                spacing=4,
            ),
        ),
    )


@ft.component
def TableScreen(tm: TableModel, on_rule: Callable[[str], None], width: float = 360) -> ft.Control:
    """The table: on top, pinned, what a tap is answered with (the expected-now line, the
    totals, the last entry and its undo, the verdict's place, what of the table must stay
    in view, the buttons of the moment); below, scrolling, the cards, the board and the
    table's own decisions. A tablet puts the entry list and the scoreboard beside it.

    On a 360 × 740 phone every card of a 52-card deck stays in view below the pinned part
    with a refusal or a waiting violation showing: seven cards a line, two lines a suit,
    with the players' totals in two lines (more than six as equal cells: ``Seats``) and the
    draw buttons pinned too (bumas, domino), which leaves 1 px: the pinned lines, the suits
    and a suit's lines stand close. Six seats of Ramsas's 36 cards fit while the players
    buy and stay because the trump card then stands beside the buttons (``strip_head``).
    """
    _ = tm.revision  # drawn again whenever the match changes; the parts skip what did not
    kept = use_kept()  # the parts called as last time are handed back as they were
    follow_other_screens(tm)
    confirm_shown(tm)
    buttons = kept_buttons(tm)
    buttons.done()
    scroller = scroll_to_top_on_new_deal(tm)
    wide = width >= WIDE
    deal = tm.deal
    log = tm.match.current
    names = tuple(tm.names)
    view = deal.view() if deal is not None else None
    expected = tm.expected()
    who = ""
    if expected is not None and "play" in expected.kinds and expected.player is not None:
        who = "cancel" if isinstance(tm.mode, Playing) and tm.mode.seat is not None else "ask"
    if isinstance(tm.mode, AskingWho):
        who = ""  # the seats are offered below
    # The room the pinned part and the picker have: the play column's width.
    room, big = play_room(width, max(len(cards) for _, cards in table_state.deck_rows(tm)))
    # A phone's board is below the cards, so what of it must stay in view is pinned above
    # them; a tablet's board stands right above the cards, where the strip would repeat it.
    stripped = view is not None and tm.game.has_strip and not tm.match.finished and not wide
    actions = action_buttons(tm)
    # While no card can be played, a game may put what its strip still tells at the head
    # of the buttons' line: a 36-card deck stays whole on a phone with six seats. Made
    # anew each drawing (the buttons' row with it): those rounds are a few taps a deal.
    head = (
        tm.game.strip_head(view, tm.lang)
        if stripped and actions and expected is not None and "play" not in expected.kinds
        else None
    )
    if head is not None:
        actions = [head, *actions]
    strip = (
        kept.call("strip", Strip, tm.game_id, view, names, tm.lang, room)
        if stripped and head is None
        else None
    )
    header = table_state.header(tm)
    pinned = ft.Column(
        [
            # The expected-now line changes on every tap, the seats when the turn moves:
            # two parts, so that one is not drawn again for the other.
            kept.call("headline", Headline, header.headline),
            kept.call(
                "seats",
                Seats,
                header.info,
                header.seats,
                header.dealer_word,
                None if wide else room,
            ),
            kept.call(
                "last",
                LastLine,
                header.last_entry,
                tm.undo_label(),
                tm.lang,
                tm.undo,
                who,
                tm.ask_who if who == "ask" else tm.cancel,
            ),
            kept.call("verdict", Verdict, *verdict(tm, on_rule, fixed=not wide)),
            *([strip] if strip is not None else []),
            *([kept.call("actions", ButtonRow, Same(actions))] if actions else []),
        ],
        spacing=4 if wide else 2,  # a phone's pixels go to the cards (the docstring above)
    )
    # Every part of the play column has a key: when the deal's summary comes in above
    # them, Flet's diff moves the board and the buttons instead of drawing them anew.
    board = (
        kept.call("board", Board, tm.game_id, view, names, tm.lang, key="board")
        if view is not None
        else kept.get("no-board", lambda: ft.Container(key="board"))
    )
    closed = log is not None and log.status is not Status.OPEN
    # No card is expected between deals: the picker steps aside for "next deal".
    shown = expected is not None or isinstance(tm.mode, Correcting)
    picker = ft.Column(
        picker_rows(tm, kept, room, big, shown),
        spacing=5 if wide else 2,  # between suits; a phone's suit has its lines 1 px apart
        visible=shown,
        key="picker",
    )
    pending = table_state.pending_violations(tm) if tm.showing_violation else ()
    play = [
        *(
            [
                kept.call(
                    "finished",
                    Finished,
                    tm.headline(),
                    tr(
                        tm.lang,
                        "table.final_totals",
                        totals=", ".join(
                            f"{n} {format_number(tm.lang, t)}"
                            for n, t in zip(names, tm.match.totals)
                        ),
                    ),
                    key="finished",
                )
            ]
            if tm.match.finished
            else []
        ),
        *(
            [kept.call("summary", DealSummary, tm.deal_summary(), key="summary")]
            if log is not None and closed and log.points is not None
            else []
        ),
        *(
            [
                kept.call(
                    "violation",
                    ViolationText,
                    pending[0].text,
                    tm.lang,
                    pending[0].anchor,
                    on_rule,
                    key="violation",
                )
            ]
            if pending
            else []
        ),
        # A tablet has the room for the board above the cards; a phone keeps the trick or
        # the line's ends in view above them, and the rest of the board below.
        *([board] if wide else []),
        picker,
        *([] if wide else [board]),
        kept.get("divider", ft.Divider),
        kept.call("decisions", TableActions, *table_actions(tm), key="table-actions"),
    ]

    side = width - PANES - room if wide else room  # the entry list's and scoreboard's width

    def side_parts() -> list[ft.Control]:
        return [
            kept.call(
                "entries", EntryList, table_state.entry_lines(tm), tm.lang, tm.start_correcting
            ),
            kept.call("scores", Scoreboard, table_state.scores(tm), side),
        ]

    if not wide:
        # A phone draws the entry list and the scoreboard only when asked: below the fold
        # they would cost every tap a frame of layout that nobody sees.
        lists = buttons.button(
            "lists",
            tr(tm.lang, "table.hide_lists" if tm.show_lists else "table.show_lists"),
            tm.toggle_lists,
        )
        return ft.Column(
            [
                pinned,
                ft.Column(
                    [*play, lists, *(side_parts() if tm.show_lists else [])],
                    spacing=8,
                    scroll=ft.ScrollMode.AUTO,
                    expand=True,
                    ref=scroller,
                ),
            ],
            spacing=2,
            expand=True,
        )
    return ft.Row(
        [
            ft.Column(
                [
                    pinned,
                    ft.Column(
                        play, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True, ref=scroller
                    ),
                ],
                spacing=8,
                width=room,
            ),
            ft.Column(side_parts(), spacing=14, scroll=ft.ScrollMode.AUTO, expand=True),
        ],
        spacing=PANE_GAP,
        expand=True,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
