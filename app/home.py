"""Home screen: unfinished matches first, a new match, and the four games with one line each."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.games import game_ui, ordered
from app.i18n import number, tr
from app.model import AppModel
from app.suits import suit_mark
from rules import GAMES


def players_line(lang: str, game_id: str) -> str:
    game = GAMES[game_id]
    return tr(lang, "game.players", low=game.MIN_SEATS, high=game.MAX_SEATS)


def GameTile(model: AppModel, game_id: str) -> ft.Control:
    lang = model.lang
    emblem = game_ui(game_id).emblem  # a suit sign per game: the tiles differ at a glance
    return ft.Semantics(
        identifier=f"game-{game_id}",
        button=True,
        label=tr(lang, f"game.{game_id}.name"),
        content=ft.Card(
            content=ft.Container(
                on_click=lambda _: model.open_new(game_id),
                padding=ft.Padding.symmetric(horizontal=16, vertical=14),
                content=ft.Row(
                    [
                        ft.Container(
                            width=48,
                            height=48,
                            border_radius=24,
                            bgcolor=ft.Colors.PRIMARY_CONTAINER,
                            alignment=ft.Alignment.CENTER,
                            content=suit_mark(
                                emblem, 24, None if emblem.red else ft.Colors.ON_PRIMARY_CONTAINER
                            ),
                        ),
                        ft.Column(
                            [
                                ft.Text(
                                    tr(lang, f"game.{game_id}.name"),
                                    size=20,
                                    weight=ft.FontWeight.W_600,
                                ),
                                ft.Text(tr(lang, f"game.{game_id}.about"), size=14),
                                ft.Text(
                                    players_line(lang, game_id),
                                    size=12,
                                    color=ft.Colors.ON_SURFACE_VARIANT,
                                ),
                            ],
                            spacing=2,
                            expand=True,
                        ),
                        ft.Semantics(
                            identifier=f"rules-{game_id}",
                            label=tr(lang, "home.rules"),
                            content=ft.IconButton(
                                ft.Icons.MENU_BOOK,
                                tooltip=tr(lang, "home.rules"),
                                width=48,
                                height=48,
                                on_click=lambda _: model.open_rules(game_id),
                            ),
                        ),
                    ],
                    spacing=16,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ),
        ),
    )


def ResumeTile(model: AppModel, summary: Any) -> ft.Control:
    lang = model.lang
    totals = ", ".join(f"{n} {number(t)}" for n, t in zip(summary.players, summary.totals))
    return ft.Semantics(
        identifier=f"resume-{summary.id}",
        button=True,
        content=ft.Card(
            content=ft.ListTile(
                leading=ft.Icon(ft.Icons.PLAY_CIRCLE, color=ft.Colors.PRIMARY, size=36),
                title=ft.Text(tr(lang, f"game.{summary.game}.name"), weight=ft.FontWeight.W_600),
                subtitle=ft.Text(totals),
                on_click=lambda _: model.resume(summary.id),
            )
        ),
    )


@ft.component
def Home(model: AppModel) -> ft.Control:
    lang = model.lang
    unfinished = model.unfinished()
    problem = (
        [
            ft.Container(
                bgcolor=ft.Colors.ERROR_CONTAINER,
                padding=12,
                border_radius=8,
                content=ft.Text(model.problem, color=ft.Colors.ON_ERROR_CONTAINER),
            )
        ]
        if model.problem
        else []
    )
    resume = (
        [
            ft.Text(tr(lang, "home.unfinished"), size=18, weight=ft.FontWeight.BOLD),
            ft.ResponsiveRow(
                [ft.Container(ResumeTile(model, m), col={"xs": 12, "md": 6}) for m in unfinished],
                spacing=4,
                run_spacing=4,
            ),
        ]
        if unfinished
        else []
    )
    return ft.Column(
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        controls=[
            *problem,
            ft.Text(tr(lang, "app.tagline"), size=16, color=ft.Colors.ON_SURFACE_VARIANT),
            *resume,
            ft.Semantics(
                identifier="action-new-match",
                content=ft.FilledButton(
                    tr(lang, "home.new_match"),
                    icon=ft.Icons.ADD,
                    height=52,
                    on_click=lambda _: model.open_new(),
                ),
            ),
            ft.Row(
                [
                    ft.Semantics(
                        identifier=f"nav-{screen}",
                        content=ft.OutlinedButton(
                            tr(lang, f"nav.{screen}"),
                            icon=icon,
                            height=48,
                            on_click=lambda _, s=screen: model.go(f"/{s}"),
                        ),
                    )
                    for screen, icon in (
                        *((("club", ft.Icons.GROUPS),) if model.club is not None else ()),
                        ("history", ft.Icons.HISTORY),
                        ("players", ft.Icons.PEOPLE),
                        ("settings", ft.Icons.SETTINGS),
                    )
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            ),
            ft.Text(tr(lang, "home.games"), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(tr(lang, "home.choose"), size=14),
            ft.ResponsiveRow(
                [
                    ft.Container(GameTile(model, game_id), col={"xs": 12, "md": 6})
                    for game_id in (game.id for game in ordered())
                ],
                spacing=4,
                run_spacing=4,
            ),
        ],
        spacing=10,
    )
