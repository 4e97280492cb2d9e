"""What the boards share: small labels, the stock line, the cards left in each hand."""

from __future__ import annotations

import flet as ft

from app.i18n import tr
from app.kept import Kept

TEXT = 14  # the smallest text on a board: read at arm's length from a phone beside the cards
# The narrowest card a board draws: card_face writes the rank at 0.34 of a height of 1.3
# widths, so 32 px is the first width whose rank is still TEXT px high.
SMALL_CARD = 32


def label(text: str, *, size: int = TEXT) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def stock(lang: str, count: int) -> ft.Text:
    return ft.Text(tr(lang, "board.stock", count=count), size=TEXT, weight=ft.FontWeight.W_600)


def chip(text: str) -> ft.Text:
    return ft.Text(text, size=TEXT)


def counts(
    names: tuple[str, ...], hands: tuple[int, ...], extra: list[ft.Control], kept: Kept
) -> ft.Control:
    """The cards left in each hand: a tap changes one, and the others' words are kept."""
    chips = [
        kept.get(text, chip, text)
        for text in (f"{name}: {count}" for name, count in zip(names, hands))
    ]
    return ft.Row([*extra, *chips], wrap=True, spacing=12, run_spacing=4)


def name(names: tuple[str, ...], seats: tuple[int, ...], index: int = 0) -> str:
    return names[seats[index]] if len(seats) > index else ""
