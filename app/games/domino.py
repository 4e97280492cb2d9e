"""Kortų domino at the table: the line's two ends, the stock, the cards in each hand."""

from __future__ import annotations

import flet as ft

from app.cards_view import SmallCard
from app.games.common import counts, label, name, stock
from app.i18n import tr
from app.kept import Kept
from rules.domino import DominoView
from rules.match import Reason


def board(view: DominoView, names: tuple[str, ...], lang: str, kept: Kept) -> ft.Control:
    def end(key: str, card) -> ft.Control:
        return ft.Column(
            [label(tr(lang, key)), SmallCard(card, lang)],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=2,
        )

    line = ft.Row(
        [
            end("board.left", view.left),
            ft.Row(
                [
                    ft.Icon(ft.Icons.WEST, size=18),
                    ft.Text("· · ·", size=16),
                    ft.Icon(ft.Icons.EAST, size=18),
                ],
                tight=True,
                spacing=2,
            ),
            end("board.right", view.right),
        ],
        alignment=ft.MainAxisAlignment.CENTER,
        spacing=16,
    )
    return ft.Column([line, counts(names, view.hands, [stock(lang, view.stock)], kept)], spacing=6)


def reason(lang: str, why: Reason, names: tuple[str, ...]) -> str:
    if why.key == "domino_out":
        return tr(lang, "why.domino_out", player=name(names, why.seats))
    if why.key == "revealed":
        shown = ", ".join(f"{names[s]} {p}" for s, p in why.points)
        return tr(lang, "why.revealed", points=shown)
    return tr(lang, "why.blocked")
