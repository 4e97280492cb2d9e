"""Bumas at the table: the top card of the pile, the stock, the cards in each hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import flet as ft

from app.cards_view import SmallCard
from app.games.common import SMALL_CARD, counts, label, name, stock
from app.games.plugin import GameUI
from app.i18n import tr
from app.kept import Kept
from rules.bumas import Bumas, BumasView
from rules.cards import Suit
from rules.match import Reason


class BumasUI(GameUI):
    rules = Bumas
    order = 2
    emblem = Suit.CLUBS
    anchors: ClassVar[Mapping[str, str]] = {
        "bad_card": "deal",
        "deal_over": "scoring",
        "match_over": "scoring",
        "wrong_phase": "play",
        "not_your_turn": "play",
        "card_gone": "play",
        "not_playable": "play",
        "must_draw": "stock",
        "stock_empty": "stock",
        "false_draw": "proofs",
        "false_pass": "proofs",
    }

    def board(self, view: BumasView, names: tuple[str, ...], lang: str, kept: Kept) -> ft.Control:
        top = ft.Row(
            [
                label(tr(lang, "board.top")),
                SmallCard(view.top, lang, width=44),
                stock(lang, view.stock),
            ],
            spacing=10,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        return ft.Column([top, counts(names, view.hands, [], kept)], spacing=6)

    def strip(self, view: BumasView, names: tuple[str, ...], lang: str, room: float) -> ft.Control:
        """The pile's top card and the stock, always in view: what the next card must match
        (a phone's width holds them)."""
        return ft.Row(
            [
                label(tr(lang, "board.top")),
                SmallCard(view.top, lang, width=SMALL_CARD),
                stock(lang, view.stock),
            ],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def reason(self, lang: str, why: Reason, names: tuple[str, ...]) -> str:
        if why.key == "bumas_out":
            who = name(names, why.seats)
            return tr(lang, "why.bumas_out", player=who, about=(who,))
        return tr(lang, "why.blocked")
