"""Line charts with their scale written on them: the club's ratings, the table's totals.

A line alone says which way things went but not how far: the range's whole numbers (and
zero when it lies inside) are written on the left in the language's way, the first and
the last match or deal below, and each point is a dot, so one point is seen too.
Numbers are written here, not by the chart: its own labels and tooltips write them the
English way ("1.5", "-2").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import flet as ft

from app.i18n import format_number


def value_marks(values: Iterable[float]) -> tuple[int, int, list[int]]:
    """The whole numbers around ``values`` (one either side when they are all one whole
    number, so the range is never empty), and the values the left axis writes: the
    range's ends and zero when it lies inside."""
    seen = list(values)
    low = math.floor(min(seen, default=0.0))
    high = math.ceil(max(seen, default=0.0))
    if low == high:
        low, high = low - 1, high + 1
    return low, high, [low, *([0] if low < 0 < high else []), high]


def line_chart(
    data_series: list[Any],
    values: Iterable[float],
    x_range: tuple[int, int],
    lang: str,
    *,
    height: float = 180,
) -> ft.Control:
    """A chart of ``data_series`` (flet_charts' ``LineChartData``) whose points take
    ``values``, over ``x_range``, whose ends are written below; a range of one point is
    widened half a step each way."""
    import flet_charts as fch  # type: ignore[import-untyped]  # ships no types

    def mark(value: int) -> Any:
        return fch.ChartAxisLabel(value=value, label=ft.Text(format_number(lang, value), size=12))

    low, high, y_marks = value_marks(values)
    first, last = x_range
    lone = first >= last
    return ft.Container(
        # room on the right and above for the last dot and the top number
        padding=ft.Padding.only(top=8, right=16),
        content=fch.LineChart(
            height=height,
            expand=False,
            min_x=first - 0.5 if lone else first,
            max_x=first + 0.5 if lone else last,
            # a little room beyond the range, so the dots at its ends clear the numbers
            min_y=low - (high - low) * 0.06,
            max_y=high + (high - low) * 0.06,
            interactive=False,  # its tooltips would write the numbers the English way
            # the chart asks for a label at each step from its lowest value: a step of one
            # reaches every whole number written
            left_axis=fch.ChartAxis(
                labels=[mark(y) for y in y_marks], label_size=36, label_spacing=1
            ),
            bottom_axis=fch.ChartAxis(
                labels=[mark(x) for x in sorted({first, last})], label_size=30, label_spacing=1
            ),
            data_series=data_series,
        ),
    )
