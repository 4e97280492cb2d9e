"""Suit signs drawn as shapes, so they show on every device.

The web client's bundled font has no ♠♥♦♣ glyphs and this app must work
offline, so the signs are drawn on a canvas. Shape, not only colour, tells
the suits apart (red ♥♦, black ♠♣).
"""

from __future__ import annotations

import flet as ft
import flet.canvas as cv

from rules.cards import Suit

RED = "#C62828"
BLACK = "#212121"


def suit_colour(suit: Suit) -> str:
    return RED if suit.red else BLACK


def _shapes(suit: Suit, s: float, paint: ft.Paint) -> list[cv.Shape]:
    def poly(*points: tuple[float, float]) -> cv.Path:
        (x0, y0), *rest = points
        return cv.Path(
            [
                cv.Path.MoveTo(x0 * s, y0 * s),
                *[cv.Path.LineTo(x * s, y * s) for x, y in rest],
                cv.Path.Close(),
            ],
            paint=paint,
        )

    def dot(x: float, y: float, r: float) -> cv.Circle:
        return cv.Circle(x * s, y * s, r * s, paint=paint)

    if suit is Suit.DIAMONDS:
        return [poly((0.5, 0.04), (0.86, 0.5), (0.5, 0.96), (0.14, 0.5))]
    if suit is Suit.HEARTS:
        return [
            dot(0.29, 0.34, 0.23),
            dot(0.71, 0.34, 0.23),
            poly((0.08, 0.42), (0.92, 0.42), (0.5, 0.93)),
        ]
    if suit is Suit.SPADES:
        return [
            dot(0.29, 0.58, 0.21),
            dot(0.71, 0.58, 0.21),
            poly((0.09, 0.52), (0.91, 0.52), (0.5, 0.05)),
            poly((0.5, 0.6), (0.3, 0.96), (0.7, 0.96)),
        ]
    return [
        dot(0.5, 0.28, 0.21),
        dot(0.27, 0.6, 0.21),
        dot(0.73, 0.6, 0.21),
        poly((0.5, 0.45), (0.32, 0.96), (0.68, 0.96)),
    ]


def on_table_colour(suit: Suit) -> str:
    """A suit sign drawn on the screen's background, not a white card: black follows the theme."""
    return RED if suit.red else ft.Colors.ON_SURFACE


def suit_mark(suit: Suit, size: float = 20, colour: str | None = None) -> ft.Control:
    """A suit sign ``size`` pixels square."""
    paint = ft.Paint(color=colour or suit_colour(suit), style=ft.PaintingStyle.FILL)
    return cv.Canvas(shapes=_shapes(suit, size, paint), width=size, height=size)
