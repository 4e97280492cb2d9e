"""Ramsas at the table: the trump card, the buyer, the trick in seat positions, tricks won."""

from __future__ import annotations

import flet as ft

from app.cards_view import SmallCard
from app.games.common import label, name
from app.i18n import tr, trn
from rules.match import Reason
from rules.ramsas import RamsasView


def board(view: RamsasView, names: tuple[str, ...], lang: str) -> ft.Control:
    head = [label(tr(lang, "board.trump")), SmallCard(view.trump_card, lang, width=34)]
    if view.buyer is not None:
        head.append(ft.Text(tr(lang, "board.buyer", player=names[view.buyer]), size=13))
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
                        size=13,
                        weight=ft.FontWeight.W_600,
                        color=ft.Colors.PRIMARY if seat == view.turn else None,
                    ),
                    SmallCard(in_trick.get(seat), lang, width=34),
                    ft.Text(tr(lang, "board.tricks", count=view.tricks[seat]), size=12),
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


def reason(lang: str, why: Reason, names: tuple[str, ...]) -> str:
    who = name(names, why.seats)
    if why.key == "tricks":
        extra = tr(lang, f"why.{why.extra}") if why.extra else ""
        return trn(lang, "why.tricks", why.count, player=who, extra=extra)
    if why.key in ("ramsas_declared", "lone"):
        return tr(lang, f"why.{why.key}", player=who, about=(who,))
    return tr(lang, f"why.{why.key}")  # all_fold, forgot
