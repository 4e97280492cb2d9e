"""The scoreboard's chart: players with the same totals each keep a visible line."""

from __future__ import annotations

from itertools import pairwise

from app.kept import Kept
from app.table.scoreboard import chart
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
