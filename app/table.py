"""The table screen: expected-now line, totals, the public table, the card picker, entry buttons.

Drawn as memoized components fed with plain values (``table_state``): a tap
draws again only the parts whose values changed – the header, the cards whose
state changed, the board, the entry list – and never the scoreboard, which is
keyed by the closed deals.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import flet as ft

from app import table_state
from app.cards_view import tappable_card
from app.games import GAME_VIEWS
from app.i18n import tr
from app.suits import on_table_colour, suit_mark
from app.table_model import TableModel
from app.table_state import EntryLine, HeaderState, ScoreState
from rules.cards import SUITS, Card, Suit

ACTION_ICONS = {
    "pass": ft.Icons.SKIP_NEXT,
    "draw": ft.Icons.DOWNLOAD,
    "buy": ft.Icons.SHOPPING_BASKET,
    "no_buy": ft.Icons.BLOCK,
    "stay": ft.Icons.CHECK,
    "fold": ft.Icons.CLOSE,
    "redeal": ft.Icons.REPLAY,
    "jacks": ft.Icons.STYLE,
    "ramsas": ft.Icons.EMOJI_EVENTS,
    "reveal": ft.Icons.VISIBILITY,
    "multi": ft.Icons.LAYERS,
    "annul": ft.Icons.DELETE_SWEEP,
    "undo": ft.Icons.UNDO,
    "next_deal": ft.Icons.ARROW_FORWARD,
    "stop": ft.Icons.FLAG,
    "confirm-stop": ft.Icons.FLAG,
    "keep-playing": ft.Icons.PLAY_ARROW,
    "reopen": ft.Icons.REPLAY,
}
NOTICE_COLOURS = {
    "refused": (ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
    "violation": (ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER),
    "info": (ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER),
}


def action_button(kind: str, text: str, on_click, *, primary: bool = False) -> ft.Control:
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=14, vertical=12))
    button_type = ft.FilledButton if primary else ft.OutlinedButton
    return ft.Semantics(
        identifier=f"action-{kind}",
        content=button_type(
            text, icon=ACTION_ICONS.get(kind), on_click=lambda _: on_click(), style=style, height=48
        ),
    )


@ft.memo
@ft.component
def Header(state: HeaderState) -> ft.Control:
    # The seat to act is marked twice: filled, and with an arrow (never colour alone).
    totals = [
        ft.Semantics(
            identifier=f"total-{seat}",
            label=f"{name} {total}",
            content=ft.Container(
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=16,
                bgcolor=ft.Colors.PRIMARY_CONTAINER
                if turn
                else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                content=ft.Row(
                    [
                        *([ft.Icon(ft.Icons.PLAY_ARROW, size=16)] if turn else []),
                        ft.Text(f"{name} {total}", size=14, weight=ft.FontWeight.W_600),
                    ],
                    tight=True,
                    spacing=2,
                ),
            ),
        )
        for seat, (name, total, turn) in enumerate(state.seats)
    ]
    return ft.Column(
        [
            ft.Semantics(
                identifier="expected-now",
                content=ft.Text(
                    state.headline, size=20, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY
                ),
            ),
            ft.Text(state.info, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Semantics(
                identifier="last-entry",
                content=ft.Text(
                    state.last_entry,
                    size=14,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
            ft.Row(totals, wrap=True, spacing=6, run_spacing=6),
        ],
        spacing=4,
    )


def NoticeBanner(tm: TableModel, on_rule) -> ft.Control:
    notice = tm.notice
    if notice is None:
        return ft.Container(height=0)
    bg, fg = NOTICE_COLOURS[notice.kind]
    icon = {"refused": ft.Icons.BLOCK, "violation": ft.Icons.GAVEL, "info": ft.Icons.INFO}[
        notice.kind
    ]
    extra: list[ft.Control] = []
    if notice.anchor:
        extra.append(
            ft.Semantics(
                identifier="action-rule",
                content=ft.TextButton(
                    tr(tm.lang, "notice.rule"), on_click=lambda _: on_rule(notice.anchor)
                ),
            )
        )
    extra.append(
        ft.IconButton(
            ft.Icons.CLOSE,
            icon_color=fg,
            tooltip=tr(tm.lang, "notice.close"),
            on_click=lambda _: tm.dismiss(),
        )
    )
    return ft.Semantics(
        identifier=f"notice-{notice.kind}",
        live_region=True,
        content=ft.Container(
            bgcolor=bg,
            border_radius=10,
            padding=ft.Padding.only(left=12, top=6, bottom=6, right=4),
            content=ft.Row(
                [
                    ft.Icon(icon, color=fg),
                    ft.Text(
                        notice.text, color=fg, size=15, expand=True, weight=ft.FontWeight.W_500
                    ),
                    *extra,
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


@ft.memo
@ft.component
def PickerCard(code: str, state: str, lang: str, on_tap: Callable[[str], None]) -> ft.Control:
    return tappable_card(Card.parse(code), state, lang, on_tap)


@ft.memo
@ft.component
def PickerRow(
    suit: Suit, cards: tuple[tuple[str, str], ...], lang: str, on_tap: Callable[[str], None]
) -> ft.Control:
    # 22 + 4 + 6 × 48 + 5 × 3 = 329: a 24-card deck's suit fits one line on a 360 px phone.
    return ft.Row(
        [
            ft.Container(
                suit_mark(suit, 20, on_table_colour(suit)),
                width=22,
                alignment=ft.Alignment.CENTER,
            ),
            ft.Row(
                [PickerCard(code, state, lang, on_tap, key=code) for code, state in cards],
                wrap=True,
                spacing=3,
                run_spacing=4,
                expand=True,
            ),
        ],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def Picker(tm: TableModel) -> ft.Control:
    rows = table_state.picker(tm)
    return ft.Column(
        [PickerRow(suit, cards, tm.lang, tm.tap_card, key=suit.value) for suit, cards in rows],
        spacing=6,
    )


@ft.memo
@ft.component
def Board(game: str, view: object, names: tuple[str, ...], lang: str) -> ft.Control:
    return ft.Container(
        GAME_VIEWS[game].board(view, names, lang),
        padding=8,
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    )


def Actions(tm: TableModel) -> ft.Control:
    lang = tm.lang
    buttons: list[ft.Control] = []
    if tm.pending_ace:
        for suit in SUITS:
            buttons.append(
                ft.Semantics(
                    identifier=f"suit-{suit.value}",
                    content=ft.OutlinedButton(
                        content=ft.Row(
                            [
                                suit_mark(suit, 20, on_table_colour(suit)),
                                ft.Text(tr(lang, f"suit.{suit.value}")),
                            ],
                            tight=True,
                        ),
                        on_click=lambda _, s=suit.value: tm.name_suit(s),
                        height=48,
                    ),
                )
            )
        buttons.append(action_button("cancel", tr(lang, "action.cancel"), tm.cancel_picking))
        return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
    if tm.editing is not None:
        buttons = [action_button("cancel", tr(lang, "action.cancel"), tm.cancel_correcting)]
        if tm.can_correct_to_pass():
            buttons.insert(
                0, action_button("correct-pass", tr(lang, "action.pass"), tm.correct_to_pass)
            )
        return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
    if tm.picking:
        choices = tm.must_reveal() if tm.picking == "reveal" else list(range(len(tm.names)))
        if tm.picking != "multi":
            for seat in choices:
                buttons.append(
                    ft.Semantics(
                        identifier=f"seat-{seat}",
                        content=ft.Chip(
                            label=ft.Text(tm.names[seat]),
                            selected=seat == tm.picker_player,
                            on_select=lambda _, s=seat: tm.choose_player(s),
                        ),
                    )
                )
        confirm = (
            tr(lang, "action.ramsas")
            if tm.picking == "ramsas"
            else tr(lang, "action.confirm", count=len(tm.picked))
        )
        buttons.append(action_button("confirm", confirm, tm.confirm_picking, primary=True))
        buttons.append(action_button("cancel", tr(lang, "action.cancel"), tm.cancel_picking))
        return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
    for kind in tm.actions():
        if kind == "draw":
            buttons.append(
                ft.Row(
                    [
                        ft.IconButton(
                            ft.Icons.REMOVE,
                            on_click=lambda _: tm.set_draw_count(tm.draw_count - 1),
                            tooltip="-1",
                        ),
                        ft.Text(str(tm.draw_count), size=18, weight=ft.FontWeight.BOLD),
                        ft.IconButton(
                            ft.Icons.ADD,
                            on_click=lambda _: tm.set_draw_count(tm.draw_count + 1),
                            tooltip="+1",
                        ),
                        action_button("draw", tr(lang, "action.draw"), lambda: tm.act("draw")),
                    ],
                    tight=True,
                    spacing=0,
                )
            )
        else:
            buttons.append(
                action_button(kind, tr(lang, f"action.{kind}"), lambda k=kind: tm.act(k))
            )
    if tm.game_id == "domino" and tm.expected() and "play" in tm.expected().kinds:
        buttons.append(
            ft.Semantics(
                identifier="action-end",
                content=ft.SegmentedButton(
                    selected=[tm.end],
                    on_change=lambda e: tm.set_end(e.control.selected[0]),
                    segments=[
                        ft.Segment(value="left", label=ft.Text(tr(lang, "board.left"))),
                        ft.Segment(value="right", label=ft.Text(tr(lang, "board.right"))),
                    ],
                ),
            )
        )
        if tm.match.game.options.get("multi_play"):
            buttons.append(
                action_button("multi", tr(lang, "action.multi"), lambda: tm.act("multi"))
            )
    log = tm.match.current
    if log is not None and log.status.value != "open" and not tm.match.finished:
        buttons.append(
            action_button("next_deal", tr(lang, "action.next_deal"), tm.next_deal, primary=True)
        )
    buttons.append(action_button("undo", tm.undo_label(), tm.undo))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)


def TableActions(tm: TableModel) -> ft.Control:
    """What the table decides now and then – annul the deal, end the match – kept apart
    below the cards, so that a tap meant for a card never lands on them."""
    lang = tm.lang
    buttons = []
    if tm.expected() is not None:
        buttons.append(action_button("annul", tr(lang, "action.annul"), lambda: tm.act("annul")))
    if tm.match.stopped:
        buttons.append(action_button("reopen", tr(lang, "action.reopen"), tm.reopen, primary=True))
    elif tm.confirming_stop:
        return ft.Column(
            [
                ft.Text(tr(lang, "stop.ask"), size=16, weight=ft.FontWeight.W_600),
                ft.Row(
                    [
                        action_button("confirm-stop", tr(lang, "stop.yes"), tm.stop, primary=True),
                        action_button("keep-playing", tr(lang, "stop.no"), tm.keep_playing),
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
            ],
            spacing=6,
        )
    elif not tm.match.finished:
        buttons.append(action_button("stop", tr(lang, "action.stop"), tm.ask_stop))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)


@ft.memo
@ft.component
def EntryRow(line: EntryLine, lang: str, on_correct: Callable[[int], None]) -> ft.Control:
    edit = (
        ft.Semantics(
            identifier=f"correct-{line.number}",
            content=ft.IconButton(
                ft.Icons.EDIT,
                icon_size=18,
                tooltip=tr(lang, "correct.tooltip"),
                on_click=lambda _: on_correct(line.number - 1),
            ),
        )
        if line.editable
        else None
    )
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER if line.marked else None,
        padding=ft.Padding.only(left=6),
        border_radius=4,
        content=ft.Row(
            [
                ft.Text(f"{line.number}. {line.text}", size=13, expand=True),
                *([edit] if edit else []),
            ],
            spacing=0,
            height=36,
        ),
    )


@ft.memo
@ft.component
def EntryList(
    lines: tuple[EntryLine, ...], lang: str, on_correct: Callable[[int], None]
) -> ft.Control:
    """The open deal's entries, newest first."""
    items = [EntryRow(line, lang, on_correct, key=line.number) for line in lines]
    return ft.Column(
        [
            ft.Text(tr(lang, "table.entries"), size=15, weight=ft.FontWeight.BOLD),
            *(items or [ft.Text(tr(lang, "table.no_entries"), size=13)]),
        ],
        spacing=2,
    )


PALETTE = [
    ft.Colors.GREEN_700,
    ft.Colors.BLUE_700,
    ft.Colors.ORANGE_800,
    ft.Colors.PURPLE_600,
    ft.Colors.RED_700,
    ft.Colors.TEAL_700,
    ft.Colors.BROWN_600,
    ft.Colors.PINK_600,
    ft.Colors.INDIGO_600,
    ft.Colors.LIME_800,
]


KeptT = TypeVar("KeptT", bound=ft.BaseControl)


class Kept:
    """Controls of the last drawing kept by their values, handed out again while these stay.

    The same object in the same place is skipped by Flet's diff without a look inside; a
    fresh one, even if equal, is compared field by field (a chart point is three
    dataclasses, a deal's row eleven).
    """

    def __init__(self) -> None:
        self.last: dict[object, ft.BaseControl] = {}
        self.now: dict[object, ft.BaseControl] = {}

    def get(self, key: object, make: Callable[..., KeptT], *args: object) -> KeptT:
        """The control kept under ``key``, else ``make(*args)``."""
        control = self.now.get(key) or self.last.get(key) or make(*args)
        self.now[key] = control
        return control  # type: ignore[return-value]  # kept under the key it was made for

    def done(self) -> None:
        self.last, self.now = self.now, {}


def chart(state: ScoreState, kept: Kept) -> ft.Control:
    """The totals as lines; flet_charts is imported here, where a chart is drawn."""
    if max((len(line) for line in state.series), default=0) <= 1:
        return ft.Container()
    import flet_charts as fch

    return fch.LineChart(
        height=180,
        expand=False,
        data_series=[
            fch.LineChartData(
                points=[
                    kept.get(("point", seat, x, y), fch.LineChartDataPoint, x, y) for x, y in line
                ],
                color=PALETTE[seat % len(PALETTE)],
                stroke_width=3,
                curved=False,
            )
            for seat, line in enumerate(state.series)
        ],
    )


def score_row(number: int, points: tuple[int, ...] | None, seats: int) -> ft.DataRow:
    cells = [ft.DataCell(ft.Text(str(number)))]
    cells += [
        ft.DataCell(ft.Text("…" if p is None else f"{p:+d}")) for p in (points or [None] * seats)
    ]
    return ft.DataRow(cells=cells, key=f"deal-{number}")


@ft.memo
@ft.component
def Scoreboard(state: ScoreState) -> ft.Control:
    """One row per deal (the latest ones until all are asked for), the totals, the chart.

    Its value is the same object until a deal opens or closes: a tap never draws it again.
    """
    lang, names = state.lang, state.names
    show_all, set_show_all = ft.use_state(False)
    kept = ft.use_memo(Kept, [])
    columns = [ft.DataColumn(ft.Text(tr(lang, "score.deal")))] + [
        ft.DataColumn(ft.Text(name), numeric=True) for name in names
    ]
    shown = state.rows if show_all else state.rows[-table_state.RECENT_DEALS :]
    rows = [
        kept.get(("row", number, points), score_row, number, points, len(names))
        for number, points in shown
    ]
    rows.append(
        ft.DataRow(
            cells=[ft.DataCell(ft.Text(tr(lang, "score.total"), weight=ft.FontWeight.BOLD))]
            + [ft.DataCell(ft.Text(str(t), weight=ft.FontWeight.BOLD)) for t in state.totals],
            key="total",
        )
    )
    more = (
        [
            ft.Semantics(
                identifier="action-all-deals",
                content=ft.TextButton(
                    tr(lang, "score.all_deals", count=len(state.rows)),
                    on_click=lambda _: set_show_all(True),
                ),
            )
        ]
        if len(shown) < len(state.rows)
        else []
    )
    legend = ft.Row(
        [
            ft.Row(
                [
                    ft.Container(
                        width=12, height=12, bgcolor=PALETTE[i % len(PALETTE)], border_radius=6
                    ),
                    ft.Text(name, size=12),
                ],
                tight=True,
            )
            for i, name in enumerate(names)
        ],
        wrap=True,
        spacing=10,
    )
    board = ft.Column(
        [
            ft.Text(tr(lang, "table.scoreboard"), size=15, weight=ft.FontWeight.BOLD),
            *more,
            ft.Row(
                [
                    ft.DataTable(
                        columns=columns,
                        rows=rows,
                        column_spacing=16,
                        data_row_min_height=32,
                        data_row_max_height=36,
                        heading_row_height=36,
                    )
                ],
                scroll=ft.ScrollMode.AUTO,
            ),
            chart(state, kept),
            legend,
        ],
        spacing=6,
    )
    kept.done()
    return board


def follow_other_screens(tm: TableModel) -> None:
    """Other screens of this match (another tab, another phone on the same server) are
    told of every change this one stores, and this one redraws on theirs."""
    page = ft.context.page
    topic = f"match-{tm.keeper.match_id}"

    def subscribe() -> Callable[[], None]:
        async def refresh() -> None:
            tm.refresh_from_store()

        page.pubsub.subscribe_topic(topic, lambda _topic, _message: page.run_task(refresh))
        tm.on_stored = lambda: page.pubsub.send_others_on_topic(topic, "stored")
        return lambda: page.pubsub.unsubscribe_topic(topic)

    ft.use_effect(subscribe, [topic])


@ft.component
def TableScreen(tm: TableModel, on_rule) -> ft.Control:
    _ = tm.rev  # re-render whenever the match changes; the parts below skip what did not
    follow_other_screens(tm)
    deal = tm.deal
    board = (
        Board(tm.game_id, deal.view(), tuple(tm.names), tm.lang)
        if deal is not None
        else ft.Container()
    )
    play = ft.Column(
        [
            Header(table_state.header(tm)),
            NoticeBanner(tm, on_rule),
            board,
            Actions(tm),
            # No card is expected between deals: the picker steps aside for "next deal".
            Picker(tm) if tm.expected() is not None or tm.editing is not None else ft.Container(),
            ft.Divider(),
            TableActions(tm),
        ],
        spacing=10,
    )
    side = ft.Column(
        [
            EntryList(table_state.entry_lines(tm), tm.lang, tm.start_correcting),
            Scoreboard(table_state.scores(tm)),
        ],
        spacing=14,
    )
    return ft.ResponsiveRow(
        [
            ft.Container(play, col={"xs": 12, "md": 7}),
            ft.Container(side, col={"xs": 12, "md": 5}),
        ],
        spacing=16,
        run_spacing=16,
    )
