"""The scoreboard: one row per deal, the totals, a chart of the totals."""

from __future__ import annotations

import unicodedata

import flet as ft

from app.charts import line_chart
from app.i18n import number, signed, tr
from app.kept import Kept, use_kept
from app.memo import memo
from app.number_table import number_table
from app.table.state import RECENT_DEALS, ScoreState

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


THINNEST = 2.5  # px, the last seat's line
WIDER = 1.5  # px, each earlier seat's more: an edge of ¾ px either side


def stroke_widths(seats: int) -> list[float]:
    """Each seat's line a little wider than the next seat's, which is drawn over it: where
    players have the same totals (often 0 for a while) their lines lie on one another, and
    each still shows as an edge of its colour around the next, so no player's line is lost."""
    return [THINNEST + WIDER * (seats - 1 - seat) for seat in range(seats)]


def chart(state: ScoreState, kept: Kept) -> ft.Control:
    """The totals as lines from the start (0) to the last deal; flet_charts is imported
    here, where a chart is drawn."""
    if max((len(line) for line in state.series), default=0) <= 1:
        return ft.Container()
    import flet_charts as fch  # type: ignore[import-untyped]  # ships no types

    widths = stroke_widths(len(state.series))
    series = [
        fch.LineChartData(
            points=[kept.get(("point", seat, x, y), fch.LineChartDataPoint, x, y) for x, y in line],
            color=PALETTE[seat % len(PALETTE)],
            stroke_width=widths[seat],
            curved=False,
            point=True,
        )
        for seat, line in enumerate(state.series)
    ]
    last = max(x for line in state.series for x, _ in line)
    totals = [y for line in state.series for _, y in line]
    return line_chart(series, totals, (0, last), state.lang)


# A column heading's letters, counted a little generously (14 px type: some 7 px a letter):
# a long name is cut a little early rather than left reaching past the screen's edge.
HEADING_LETTER = 7.5  # px
NARROWEST = 36  # px: a player's column no narrower (two letters and "…"); past that it scrolls
GAP = 14  # px between columns
TIGHT_GAP = 8  # px between columns where the names need the room
EDGES = 2 * 2  # the table's own margins (``number_table``)


def drawn_width(text: str, *, bold: bool = False) -> float:
    """About how wide ``text`` is drawn in a heading: a wide (East Asian) letter counts
    twice, a bold text a tenth more."""
    letters = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return letters * HEADING_LETTER * (1.1 if bold else 1)


def heading_width(names: tuple[str, ...], first: float, room: float | None) -> float | None:
    """The width a player's column heading may take for the table to fit ``room`` px
    beside a first column ``first`` px wide, the columns ``TIGHT_GAP`` apart: the shorter
    names whole, the longer ones cut to what the shorter leave them, alike. None where the
    room is not known or every name fits as it is, ``GAP`` apart.

    Six long names (Konstantinas, Aleksandra …) made the table wider than a tablet's side
    pane: the last three players' columns were off the screen until scrolled to."""
    if room is None or not names:
        return None
    widths = sorted(drawn_width(name) for name in names)
    free = room - EDGES - first
    if sum(widths) + GAP * len(names) <= free:
        return None
    free -= TIGHT_GAP * len(names)
    for index, width in enumerate(widths):
        share = free / (len(widths) - index)  # what the shorter names leave the rest
        if width > share:
            return max(share, NARROWEST)
        free -= width
    return max(widths[-1], NARROWEST)  # all whole, closer together


def heading(name: str, width: float | None) -> ft.DataColumn:
    """A player's column: the name whole, or cut to ``width`` with "…" (whole for a screen
    reader, and in the chart's legend below; a tooltip would have it read twice)."""
    if width is None or drawn_width(name) <= width:
        return ft.DataColumn(label=ft.Text(name), numeric=True)
    text = ft.Text(
        name,
        width=width,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        text_align=ft.TextAlign.RIGHT,  # over the numbers, as a numeric column's heading is
    )
    return ft.DataColumn(label=text, numeric=True)


def score_row(number: int, points: tuple[int, ...] | None, seats: int) -> ft.DataRow:
    cells = [ft.DataCell(ft.Text(str(number)))]
    cells += [
        ft.DataCell(ft.Text("…" if p is None else signed(p))) for p in (points or [None] * seats)
    ]
    return ft.DataRow(cells=cells, key=f"deal-{number}")


@memo
@ft.component
def Scoreboard(state: ScoreState, room: float | None = None) -> ft.Control:
    """One row per deal (the latest ones until all are asked for), the totals, the chart;
    in ``room`` px of width where it is known, long names cut to fit (``heading_width``).

    Its value is the same object until a deal opens or closes: a tap never draws it again.
    """
    lang, names = state.lang, state.names
    show_all, set_show_all = ft.use_state(False)
    kept = use_kept()
    deal_word, total_word = tr(lang, "score.deal"), tr(lang, "score.total")
    first = max(drawn_width(deal_word), drawn_width(total_word, bold=True))  # "Deal", "Total"
    width = heading_width(names, first, room)
    columns = [ft.DataColumn(label=ft.Text(deal_word))]
    columns += [heading(name, width) for name in names]
    shown = state.rows if show_all else state.rows[-RECENT_DEALS:]
    rows = [
        kept.get(("row", number, points), score_row, number, points, len(names))
        for number, points in shown
    ]
    rows.append(
        ft.DataRow(
            cells=[ft.DataCell(ft.Text(total_word, weight=ft.FontWeight.BOLD))]
            + [ft.DataCell(ft.Text(number(t), weight=ft.FontWeight.BOLD)) for t in state.totals],
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
                    ft.Text(name, size=14),
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
            number_table("score-table", columns, rows, gap=GAP if width is None else TIGHT_GAP),
            chart(state, kept),
            legend,
        ],
        spacing=6,
    )
    return board
