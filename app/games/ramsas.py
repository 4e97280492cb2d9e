"""Ramsas at the table: the trump card, the buyer, the trick in seat positions, tricks won."""

from __future__ import annotations

import flet as ft

from app.cards_view import SmallCard
from app.games.common import TEXT, label, name
from app.i18n import tr
from rules.match import Reason
from rules.ramsas import RamsasView

SEAT_CARD = 34  # its rank is 15 px
# Four seats side by side fill the 320 px a 360 px phone leaves the board; five or six wrap.
SEAT_W = 76


def board(view: RamsasView, names: tuple[str, ...], lang: str) -> ft.Control:
    head = [label(tr(lang, "board.trump")), SmallCard(view.trump_card, lang, width=SEAT_CARD)]
    if view.buyer is not None:
        head.append(ft.Text(tr(lang, "board.buyer", player=names[view.buyer]), size=TEXT))
    seats = []
    in_trick = dict(view.trick)
    for seat, player in enumerate(names):
        status = []
        if seat in view.folded:
            status.append(tr(lang, "board.folded"))
        if view.jacks[seat]:
            status.append(tr(lang, "board.jacks"))
        seats.append(
            ft.Column(
                [
                    ft.Text(
                        player,
                        size=TEXT,
                        weight=ft.FontWeight.W_600,
                        color=ft.Colors.PRIMARY if seat == view.turn else None,
                    ),
                    SmallCard(in_trick.get(seat), lang, width=SEAT_CARD),
                    ft.Text(tr(lang, "board.tricks", count=view.tricks[seat]), size=TEXT),
                    *(
                        [ft.Text(", ".join(status), size=TEXT, color=ft.Colors.ON_SURFACE_VARIANT)]
                        if status
                        else []
                    ),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=2,
                width=SEAT_W,
            )
        )
    return ft.Column(
        [
            ft.Row(head, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row(seats, wrap=True, spacing=4, run_spacing=6),
        ],
        spacing=6,
    )


def reason(lang: str, why: Reason, names: tuple[str, ...]) -> str:
    who = name(names, why.seats)
    if why.key == "tricks":
        extra = tr(lang, f"why.{why.extra}") if why.extra else ""
        return tr(lang, "why.tricks", player=who, count=why.count, extra=extra)
    if why.key in ("ramsas_declared", "lone"):
        return tr(lang, f"why.{why.key}", player=who)
    return tr(lang, f"why.{why.key}")  # all_fold, forgot
