"""Pradeda devynakė at the table: four suit rows growing from the nines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import flet as ft

from app.cards_view import SmallCard
from app.games.common import SMALL_CARD, counts, label, name
from app.games.plugin import GameUI
from app.i18n import format_number, tr, trn
from app.kept import Kept, use_kept
from app.memo import memo
from app.suits import on_table_colour, suit_mark
from rules.cards import SUITS, Card, Suit
from rules.devynake import Devynake, DevynakeView
from rules.match import Reason


@memo
@ft.component
def SuitRow(suit: Suit, placed: tuple[int, int] | None, lang: str) -> ft.Control:
    """One suit's row, drawn again only when a card joins it: a tap changes one row, and
    the cards it had are kept (``use_kept``): the card that joined is the one drawn."""
    kept = use_kept()
    if placed is None:
        cards: list[ft.Control] = [label(tr(lang, "board.row_empty"))]
    else:
        low, high = placed
        cards = [kept.get((r, lang), small, Card(r, suit), lang) for r in range(low, high + 1)]
    return ft.Row(
        [kept.get("sign", suit_mark, suit, 20, on_table_colour(suit)), *cards],
        # A full row (six to ace) is 317 px wide: it fits a 360 px phone unscrolled.
        spacing=1,
        scroll=ft.ScrollMode.AUTO,
        height=44,
    )


def small(card: Card, lang: str) -> ft.Control:
    return SmallCard(card, lang, width=SMALL_CARD, key=str(card))


class DevynakeUI(GameUI):
    rules = Devynake
    order = 3
    emblem = Suit.HEARTS
    anchors: ClassVar[Mapping[str, str]] = {
        "bad_card": "deal",
        "deal_over": "cards",
        "match_over": "match",
        "not_in_play": "turn",
        "not_your_turn": "turn",
        "card_gone": "rows",
        "not_playable": "rows",
        "false_pass": "false-pass",
    }

    def board(
        self, view: DevynakeView, names: tuple[str, ...], lang: str, kept: Kept
    ) -> ft.Control:
        rows = [
            kept.call(("row", suit), SuitRow, suit, placed, lang, key=suit.value)
            for suit, placed in zip(SUITS, view.rows)
        ]
        left = kept.get(lang, lambda: label(tr(lang, "board.cards_left")))
        return ft.Column([*rows, counts(names, view.hands, [left], kept)], spacing=4)

    def reason(self, lang: str, why: Reason, names: tuple[str, ...]) -> str:
        if why.key == "bank" and len(why.seats) == 2:
            first, second = name(names, why.seats), name(names, why.seats, 1)
            return tr(lang, "why.bank", first=first, second=second, about=(first, second))
        if why.key == "bank":  # other bank shares: who took how much, in the order out
            shares = ", ".join(f"{names[s]} {format_number(lang, won)}" for s, won in why.points)
            return tr(lang, "why.bank_shares", shares=shares)
        return trn(lang, "why.out", why.count, player=name(names, why.seats))
