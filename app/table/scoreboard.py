"""The scoreboard: one row per deal, the totals, a chart of the totals."""

from __future__ import annotations

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


def score_row(number: int, points: tuple[int, ...] | None, seats: int) -> ft.DataRow:
    cells = [ft.DataCell(ft.Text(str(number)))]
    cells += [
        ft.DataCell(ft.Text("…" if p is None else signed(p))) for p in (points or [None] * seats)
    ]
    return ft.DataRow(cells=cells, key=f"deal-{number}")


@memo
@ft.component
def Scoreboard(state: ScoreState) -> ft.Control:
    """One row per deal (the latest ones until all are asked for), the totals, the chart.

    Its value is the same object until a deal opens or closes: a tap never draws it again.
    """
    lang, names = state.lang, state.names
    show_all, set_show_all = ft.use_state(False)
    kept = use_kept()
    columns = [ft.DataColumn(label=ft.Text(tr(lang, "score.deal")))] + [
        ft.DataColumn(label=ft.Text(name), numeric=True) for name in names
    ]
    shown = state.rows if show_all else state.rows[-RECENT_DEALS:]
    rows = [
        kept.get(("row", number, points), score_row, number, points, len(names))
        for number, points in shown
    ]
    rows.append(
        ft.DataRow(
            cells=[ft.DataCell(ft.Text(tr(lang, "score.total"), weight=ft.FontWeight.BOLD))]
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
            number_table("score-table", columns, rows, gap=14),
            chart(state, kept),
            legend,
        ],
        spacing=6,
    )
    return board
