"""The public table of each game, drawn the way the table looks (UI.md).

Each board is drawn only while the match has a deal (the table screen checks).
"""

from __future__ import annotations

import flet as ft

from app.cards_view import small_card
from app.i18n import tr
from app.suits import on_table_colour, suit_mark
from app.table_model import TableModel
from rules.cards import SUITS, Card
from rules.entries import End


def _label(text: str, *, size: int = 13) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def _stock(lang: str, count: int) -> ft.Text:
    return ft.Text(tr(lang, "board.stock", count=count), size=13, weight=ft.FontWeight.W_600)


def _counts(tm: TableModel, hands: list[int], extra: list[ft.Control]) -> ft.Control:
    chips = [ft.Text(f"{name}: {count}", size=13) for name, count in zip(tm.names, hands)]
    return ft.Row([*extra, *chips], wrap=True, spacing=12, run_spacing=4)


def devynake_board(tm: TableModel) -> ft.Control:
    deal = tm.deal
    rows = []
    for suit in SUITS:
        placed = deal.rows.get(suit)
        if placed is None:
            cards: list[ft.Control] = [_label(tr(tm.lang, "board.row_empty"))]
        else:
            low, high = placed
            cards = [small_card(Card(r, suit), tm.lang, width=26) for r in range(low, high + 1)]
        rows.append(
            ft.Row(
                [suit_mark(suit, 22, on_table_colour(suit)), *cards],
                spacing=3,
                scroll=ft.ScrollMode.AUTO,
                height=38,
            )
        )
    return ft.Column(
        [*rows, _counts(tm, deal.hands, [_label(tr(tm.lang, "board.cards_left"))])], spacing=4
    )


def ramsas_board(tm: TableModel) -> ft.Control:
    deal = tm.deal
    lang = tm.lang
    head = [_label(tr(lang, "board.trump")), small_card(deal.trump_card, lang, width=34)]
    if deal.buyer is not None:
        head.append(ft.Text(tr(lang, "board.buyer", player=tm.names[deal.buyer]), size=13))
    seats = []
    in_trick = dict(deal.trick)
    for seat, name in enumerate(tm.names):
        status = []
        if seat in deal.folded:
            status.append(tr(lang, "board.folded"))
        if deal.jacks[seat]:
            status.append(tr(lang, "board.jacks"))
        seats.append(
            ft.Column(
                [
                    ft.Text(
                        name,
                        size=13,
                        weight=ft.FontWeight.W_600,
                        color=ft.Colors.PRIMARY if seat == deal.turn else None,
                    ),
                    small_card(in_trick.get(seat), lang, width=34),
                    ft.Text(tr(lang, "board.tricks", count=deal.tricks[seat]), size=12),
                    *(
                        [ft.Text(", ".join(status), size=11, color=ft.Colors.ON_SURFACE_VARIANT)]
                        if status
                        else []
                    ),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=2,
                width=78,
            )
        )
    return ft.Column(
        [
            ft.Row(head, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row(seats, wrap=True, spacing=4, run_spacing=6),
        ],
        spacing=6,
    )


def domino_board(tm: TableModel) -> ft.Control:
    deal = tm.deal
    lang = tm.lang
    ends = deal.ends or {}
    line = ft.Row(
        [
            ft.Column(
                [_label(tr(lang, "board.left")), small_card(ends.get(End.LEFT), lang)],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=2,
            ),
            ft.Row(
                [
                    ft.Icon(ft.Icons.WEST, size=18),
                    ft.Text("· · ·", size=16),
                    ft.Icon(ft.Icons.EAST, size=18),
                ],
                tight=True,
                spacing=2,
            ),
            ft.Column(
                [_label(tr(lang, "board.right")), small_card(ends.get(End.RIGHT), lang)],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=2,
            ),
        ],
        alignment=ft.MainAxisAlignment.CENTER,
        spacing=16,
    )
    return ft.Column([line, _counts(tm, deal.hands, [_stock(lang, deal.stock)])], spacing=6)


def bumas_board(tm: TableModel) -> ft.Control:
    deal = tm.deal
    lang = tm.lang
    top = ft.Row(
        [
            _label(tr(lang, "board.top")),
            small_card(deal.top, lang, width=44),
            _stock(lang, deal.stock),
        ],
        spacing=10,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return ft.Column([top, _counts(tm, deal.hands, [])], spacing=6)


BOARDS = {
    "devynake": devynake_board,
    "ramsas": ramsas_board,
    "domino": domino_board,
    "bumas": bumas_board,
}
