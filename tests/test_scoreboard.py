"""The scoreboard: players with the same totals each keep a visible line in its chart, and
its columns fit the width they are given."""

from __future__ import annotations

from itertools import pairwise

import flet as ft

from app.kept import Kept
from app.table.scoreboard import (
    EDGES,
    NARROWEST,
    TIGHT_GAP,
    chart,
    drawn_width,
    heading,
    heading_width,
)
from app.table.state import ScoreState


def test_lines_of_equal_totals_each_show_an_edge_of_their_colour() -> None:
    # Five players, no points in two deals: the five lines lie on one another.
    state = ScoreState(
        lang="lt",
        names=("Ona", "Jonas", "Rūta", "Petras", "Eglė"),
        rows=((1, (0,) * 5), (2, (0,) * 5)),
        totals=(0,) * 5,
        series=(((0, 0), (1, 0), (2, 0)),) * 5,
    )
    series = chart(state, Kept()).content.data_series
    colours = [line.color for line in series]
    widths = [line.stroke_width for line in series]
    assert len(set(colours)) == 5
    # Each line is drawn over the ones before it: each earlier one is wider by ¾ px or
    # more either side, so its colour shows as an edge around the later ones.
    assert all(a - b >= 1.5 for a, b in pairwise(widths))
    assert widths[-1] >= 2  # the one on top is a line, not a hairline


LONG = ("Konstantinas", "Aleksandra", "Gediminas", "Kristupas", "Vytautas", "Dovilė")
SHORT = ("Ona", "Jonas", "Rūta", "Eglė", "Tomas", "Aistė")
FIRST = drawn_width("Partija")  # the first column: its heading, wider than its bold "Suma"


def used(names: tuple[str, ...], width: float) -> float:
    """The table's width as ``heading_width`` counts it, the names cut to ``width``."""
    columns = sum(min(drawn_width(name), width) for name in names)
    return EDGES + FIRST + columns + TIGHT_GAP * len(names)


def test_long_names_are_cut_to_fit_and_short_ones_left_whole() -> None:
    assert heading_width(LONG, FIRST, None) is None  # no width known: names whole
    assert heading_width(LONG[:2], FIRST, 336) is None  # room enough
    assert heading_width(SHORT, FIRST, 336) is None  # six short names fit a side pane
    for room in (336, 348, 410):  # a tablet's side pane, a phone, a wider pane
        width = heading_width(LONG, FIRST, room)
        assert width is not None and width >= NARROWEST
        assert used(LONG, width) <= room + 0.01, (room, width)
    # Short names beside long ones stay whole; the long ones share what they leave.
    mixed = ("Ona", "Konstantinas", "Jonas", "Aleksandra", "Eglė", "Gediminas")
    width = heading_width(mixed, FIRST, 336)
    assert width is not None and width >= drawn_width("Jonas")
    assert used(mixed, width) <= 336 + 0.01
    # Ten players on a phone: no column narrower than two letters; the table scrolls then.
    assert heading_width(LONG + LONG[:4], FIRST, 348) == NARROWEST
    # A wider first column leaves the names less.
    assert heading_width(LONG, FIRST + 20, 336) < heading_width(LONG, FIRST, 336)


def test_a_wide_letter_counts_twice_and_a_cut_heading_keeps_the_whole_name() -> None:
    assert drawn_width("王小明") == drawn_width("Jonas") + drawn_width("A")  # 6 letters' room
    whole, cut = heading("Ona", 40), heading("Konstantinas", 40)
    assert whole.label.value == "Ona" and whole.label.width is None
    assert cut.label.value == "Konstantinas" and cut.label.width == 40  # "…" drawn, name whole
    assert cut.label.overflow == ft.TextOverflow.ELLIPSIS
