"""What the boards share: small labels, the stock line, the cards left in each hand."""

from __future__ import annotations

import flet as ft

from app.i18n import tr


def label(text: str, *, size: int = 13) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def stock(lang: str, count: int) -> ft.Text:
    return ft.Text(tr(lang, "board.stock", count=count), size=13, weight=ft.FontWeight.W_600)


def counts(names: tuple[str, ...], hands: tuple[int, ...], extra: list[ft.Control]) -> ft.Control:
    chips = [ft.Text(f"{name}: {count}", size=13) for name, count in zip(names, hands)]
    return ft.Row([*extra, *chips], wrap=True, spacing=12, run_spacing=4)


def name(names: tuple[str, ...], seats: tuple[int, ...], index: int = 0) -> str:
    return names[seats[index]] if len(seats) > index else ""
