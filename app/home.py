"""Home screen: the four games by their Lithuanian names, each with one line about it."""
from __future__ import annotations

import flet as ft

from app.i18n import tr
from app.model import GAME_ORDER, AppModel
from app.suits import suit_mark
from rules import GAMES
from rules.cards import Suit


def players_line(lang: str, game_id: str) -> str:
    game = GAMES.get(game_id)
    if game is None:
        return ""
    return tr(lang, "game.players", low=game.MIN_SEATS, high=game.MAX_SEATS)


@ft.component
def GameTile(model: AppModel, game_id: str) -> ft.Control:
    lang = model.lang
    return ft.Semantics(
        identifier=f"game-{game_id}",
        button=True,
        label=tr(lang, f"game.{game_id}.name"),
        content=ft.Card(
            content=ft.Container(
                padding=ft.Padding.symmetric(horizontal=16, vertical=14),
                content=ft.Row([
                    ft.Container(
                        width=48, height=48, border_radius=24,
                        bgcolor=ft.Colors.PRIMARY_CONTAINER,
                        alignment=ft.Alignment.CENTER,
                        content=suit_mark(GAME_SUITS[game_id], 24),
                    ),
                    ft.Column([
                        ft.Text(tr(lang, f"game.{game_id}.name"), size=20,
                                weight=ft.FontWeight.W_600),
                        ft.Text(tr(lang, f"game.{game_id}.about"), size=14),
                        ft.Text(players_line(lang, game_id), size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT),
                    ], spacing=2, expand=True),
                ], spacing=16, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ),
        ),
    )


# A suit sign per game, so the tiles differ at a glance.
GAME_SUITS = {"ramsas": Suit.SPADES, "bumas": Suit.CLUBS, "devynake": Suit.HEARTS,
              "domino": Suit.DIAMONDS}


@ft.component
def Home(model: AppModel) -> ft.Control:
    lang = model.lang
    return ft.Column(
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        controls=[
            ft.Text(tr(lang, "app.tagline"), size=16, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(tr(lang, "home.games"), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(tr(lang, "home.choose"), size=14),
            *[GameTile(model, game_id) for game_id in GAME_ORDER],
        ],
        spacing=10,
    )
