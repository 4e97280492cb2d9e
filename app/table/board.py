"""The public table, drawn by the game's plug-in from the deal's view."""

from __future__ import annotations

import flet as ft

from app.games import game_ui
from app.kept import use_kept
from app.memo import memo


@memo
@ft.component
def Board(game: str, view: object, names: tuple[str, ...], lang: str) -> ft.Control:
    """The public table, drawn by the game's module; what a tap leaves is kept."""
    return ft.Container(
        game_ui(game).board(view, names, lang, use_kept()),
        padding=8,
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    )
