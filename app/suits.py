"""Suit signs drawn as shapes, so they show on every device.

The web client's bundled font has no ♠♥♦♣ glyphs and this app must work
offline, so each sign is a small SVG of our own, sent inline (no file to
fetch) and tinted with the suit's colour: one control per sign, where a
canvas of circles and paths took five to seven, which a phone's picker of
36 cards paid for at every opening. Shape, not only colour, tells the suits
apart (red ♥♦, black ♠♣).
"""

from __future__ import annotations

import flet as ft

from rules.cards import Suit

RED = "#C62828"
BLACK = "#212121"


def suit_colour(suit: Suit) -> str:
    return RED if suit.red else BLACK


def _svg(*shapes: str) -> str:
    body = "".join(shapes)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>'


def _dot(x: int, y: int, r: int) -> str:
    return f'<circle cx="{x}" cy="{y}" r="{r}"/>'


def _poly(*points: tuple[int, int]) -> str:
    return '<polygon points="' + " ".join(f"{x},{y}" for x, y in points) + '"/>'


# In a 100 × 100 box: the shapes of the signs (their colour comes from the tint).
SHAPES = {
    Suit.DIAMONDS: _poly((50, 4), (86, 50), (50, 96), (14, 50)),
    Suit.HEARTS: _dot(29, 34, 23) + _dot(71, 34, 23) + _poly((8, 42), (92, 42), (50, 93)),
    Suit.SPADES: (
        _dot(29, 58, 21)
        + _dot(71, 58, 21)
        + _poly((9, 52), (91, 52), (50, 5))
        + _poly((50, 60), (30, 96), (70, 96))
    ),
    Suit.CLUBS: (
        _dot(50, 28, 21) + _dot(27, 60, 21) + _dot(73, 60, 21) + _poly((50, 45), (32, 96), (68, 96))
    ),
}
SIGNS = {suit: _svg(shape) for suit, shape in SHAPES.items()}


def on_table_colour(suit: Suit) -> str:
    """A suit sign drawn on the screen's background, not a white card: black follows the theme."""
    return RED if suit.red else ft.Colors.ON_SURFACE


def suit_mark(suit: Suit, size: float = 20, colour: str | None = None) -> ft.Control:
    """A suit sign ``size`` pixels square."""
    return ft.Image(src=SIGNS[suit], width=size, height=size, color=colour or suit_colour(suit))
