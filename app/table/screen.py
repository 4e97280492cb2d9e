"""The table screen: expected-now line, totals, the verdict, the card picker, the public table.

What a tap is answered with never scrolls away: the expected-now line, the
totals, the last entry with its undo, and the verdict (a refusal, or a
violation waiting for the table's ruling) are pinned at the top; the picker
and the rest scroll below them. On a tablet the entry list and the
scoreboard stand beside the table.

Drawn as memoized components fed with plain values (``state``): a tap
draws again only the parts whose values changed – the header, the cards whose
state changed, the board, the entry list – and never the scoreboard, which is
keyed by the closed deals.
"""

from __future__ import annotations

import contextlib

import flet as ft

from app.i18n import tr
from app.kept import use_kept
from app.redraw import redraw_soon
from app.table import state as table_state
from app.table.actions import Actions, TableActions
from app.table.board import Board
from app.table.buttons import kept_buttons
from app.table.entries import EntryList
from app.table.header import Header, LastLine
from app.table.mode import Correcting
from app.table.model import TableModel
from app.table.notices import DealSummary, NoticeBanner, ViolationPanel, no_notice
from app.table.picker import Picker, per_line
from app.table.scoreboard import Scoreboard
from rules import Status

WIDE = 720  # from this width on (a tablet) the entry list and scoreboard stand beside the table


def keyed(control: ft.Control, key: str) -> ft.Control:
    """``control`` with a key, for a list whose parts come and go around it."""
    control.key = key
    return control


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


@ft.component
def TableScreen(tm: TableModel, on_rule, width: float = 360) -> ft.Control:
    _ = tm.revision  # drawn again whenever the match changes; the parts skip what did not
    kept = use_kept()  # the parts called as last time are handed back as they were
    follow_other_screens(tm)
    kept_buttons(tm).done()
    scroller = scroll_to_top_on_new_deal(tm)
    wide = width >= WIDE
    deal = tm.deal
    log = tm.match.current
    pinned = ft.Column(
        [
            kept.call("header", Header, table_state.header(tm)),
            kept.call("last", LastLine, tm.last_entry(), tm.undo_label(), tm.lang, tm.undo),
            NoticeBanner(tm, on_rule) if tm.notice else kept.get("no-notice", no_notice),
            *(
                [ViolationPanel(pending, tm.lang, tm.let_stand, tm.annul_for)]
                if (pending := table_state.pending_violations(tm))
                else []
            ),
        ],
        spacing=6,
    )
    # Every part of the play column has a key: when the deal's summary comes in above
    # them, Flet's diff moves the board and the buttons instead of drawing them anew.
    board = (
        kept.call("board", Board, tm.game_id, deal.view(), tuple(tm.names), tm.lang, key="board")
        if deal is not None
        else ft.Container(key="board")
    )
    closed = log is not None and log.status is not Status.OPEN
    # The room the picker has: the play column less the page's margins and the gap.
    room = (width - 40) * 7 / 12 if wide else width - 24
    picking = tm.expected() is not None or isinstance(tm.mode, Correcting)
    # No card is expected between deals: the picker steps aside for "next deal".
    picker = Picker(tm, room, wide, picking, kept)
    # The board goes first while the picker has one line per suit; a bigger deck on a
    # phone needs the room, and the picker itself shows which cards are down.
    longest = max((len(cards) for _, cards in table_state.deck_rows(tm)), default=0)
    board_first = longest <= per_line(room, wide)
    play = [
        *(
            [DealSummary(tm.deal_summary(), key="summary")]
            if log is not None and closed and log.points is not None
            else []
        ),
        *([board] if board_first else []),
        keyed(Actions(tm), "actions"),
        keyed(picker, "picker"),
        *([] if board_first else [board]),
        kept.get("divider", ft.Divider),
        keyed(TableActions(tm), "table-actions"),
    ]

    def side() -> list[ft.Control]:
        return [
            kept.call(
                "entries", EntryList, table_state.entry_lines(tm), tm.lang, tm.start_correcting
            ),
            kept.call("scores", Scoreboard, table_state.scores(tm)),
        ]

    if not wide:
        # A phone draws the entry list and the scoreboard only when asked: below the fold
        # they would cost every tap a frame of layout that nobody sees.
        lists = kept_buttons(tm).button(
            "lists",
            tr(tm.lang, "table.hide_lists" if tm.show_lists else "table.show_lists"),
            tm.toggle_lists,
        )
        return ft.Column(
            [
                pinned,
                ft.Column(
                    [*play, lists, *(side() if tm.show_lists else [])],
                    spacing=10,
                    scroll=ft.ScrollMode.AUTO,
                    expand=True,
                    ref=scroller,
                ),
            ],
            spacing=8,
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
                expand=7,
            ),
            ft.Column(side(), spacing=14, scroll=ft.ScrollMode.AUTO, expand=5),
        ],
        spacing=16,
        expand=True,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
