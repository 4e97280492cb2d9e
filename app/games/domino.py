"""Kortų domino at the table: the line's two ends, the stock, the cards in each hand.

A tapped card is put where it can only go. Where it could go to either end and the line
would differ, the table is asked – two buttons, each showing the end card it would join
– and a wild ace asks for the suit it stands for; a choice is never taken from an earlier
tap. Several cards of one rank are picked and put down together (``multi``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import flet as ft

from app.cards_view import SmallCard
from app.describe import card_words
from app.games.common import SMALL_CARD, TEXT, counts, label, name, stock
from app.games.plugin import GameUI, Option, Pick, Question, Table
from app.i18n import tr
from app.kept import Kept
from rules.cards import ACE, SUITS, Card, Suit
from rules.domino import Domino, DominoView
from rules.entries import End, Entry, Placement, Played
from rules.match import Reason

ENDS = (End.LEFT, End.RIGHT)


class DominoUI(GameUI):
    rules = Domino
    order = 4
    emblem = Suit.DIAMONDS
    anchors: ClassVar[Mapping[str, str]] = {
        "bad_card": "deal",
        "deal_over": "end",
        "match_over": "scoring",
        "not_in_play": "end",
        "wrong_phase": "end",
        "not_your_turn": "line",
        "card_gone": "line",
        "not_held": "multi",
        "not_playable": "line",
        "must_draw": "draw",
        "stock_empty": "draw",
        "hand_mismatch": "end",
        "false_draw": "proofs",
        "false_pass": "proofs",
    }
    picks: ClassVar[Mapping[str, Pick]] = {
        "reveal": Pick("reveal"),
        "multi": Pick("multi", choose_seat=False),
    }

    def board(self, view: DominoView, names: tuple[str, ...], lang: str, kept: Kept) -> ft.Control:
        line = ft.Row(
            [
                end_card(lang, "board.left", view.left),
                ft.Row(
                    [
                        ft.Icon(ft.Icons.WEST, size=18),
                        ft.Text("· · ·", size=16),
                        ft.Icon(ft.Icons.EAST, size=18),
                    ],
                    tight=True,
                    spacing=2,
                ),
                end_card(lang, "board.right", view.right),
            ],
            alignment=ft.MainAxisAlignment.CENTER,
            spacing=16,
        )
        return ft.Column(
            [line, counts(names, view.hands, [stock(lang, view.stock)], kept)], spacing=6
        )

    def strip(self, view: DominoView, names: tuple[str, ...], lang: str, room: float) -> ft.Control:
        """The line's two ends and the stock, always in view: where the next card goes (a
        phone's width holds them)."""
        return ft.Semantics(
            identifier="line-ends",
            label=tr(
                lang, "board.ends", left=words(view.left, lang), right=words(view.right, lang)
            ),
            content=ft.Row(
                [
                    label(tr(lang, "board.left")),
                    SmallCard(view.left, lang, width=SMALL_CARD),
                    ft.Text("· · ·", size=TEXT),
                    SmallCard(view.right, lang, width=SMALL_CARD),
                    label(tr(lang, "board.right")),
                    stock(lang, view.stock),
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        )

    def reason(self, lang: str, why: Reason, names: tuple[str, ...]) -> str:
        if why.key == "domino_out":
            return tr(lang, "why.domino_out", player=name(names, why.seats))
        if why.key == "revealed":
            shown = ", ".join(f"{names[s]} {p}" for s, p in why.points)
            return tr(lang, "why.revealed", points=shown)
        return tr(lang, "why.blocked")

    # -- entering -------------------------------------------------------------
    def card_entry(self, table: Table, entry: Played) -> Entry | Question:
        """A wild ace asks for its suit; a card for both ends asks which (see the module)."""
        card = entry.card
        if card.rank == ACE and table.match.game.options["ace_wild"]:
            return self._ask_end(table, entry.player, (card,), suit_question=True)
        return self._ask_end(table, entry.player, (card,))

    def play_actions(self, table: Table) -> list[str]:
        return ["multi"] if table.match.game.options["multi_play"] else []

    def pick_seats(self, table: Table, kind: str) -> list[int]:
        """A hand is shown by each player still holding cards once play is over."""
        if kind != "reveal":
            return super().pick_seats(table, kind)
        view: DominoView = table.match.current.deal.view()
        return list(view.to_reveal)

    def picked_entry(
        self, table: Table, kind: str, seat: int, cards: Sequence[Card]
    ) -> Entry | Question:
        if kind != "multi":
            return super().picked_entry(table, kind, seat, cards)
        expected = table.expected()
        player = expected.player if expected and expected.player is not None else seat
        return self._ask_end(table, player, tuple(cards))

    def _ask_end(
        self,
        table: Table,
        player: int | None,
        cards: tuple[Card, ...],
        suit_question: bool = False,
    ) -> Entry | Question:
        """The play of ``cards`` (one, or several of a rank put one after another) at the
        end it fits; the question when both ends take it and give different lines."""
        assert player is not None
        at = {end: play(player, cards, end) for end in ENDS}
        # A wild ace fits either end whatever it names (and may have to name one).
        tried = {end: at[end].at(suit=SUITS[0]) if suit_question else at[end] for end in ENDS}
        fitting = [end for end in ENDS if table.match.is_legal(tried[end])]
        view: DominoView = table.match.current.deal.view()
        faces = {End.LEFT: view.left, End.RIGHT: view.right}
        if len(fitting) == 2 and faces[End.LEFT] == faces[End.RIGHT]:
            fitting = [End.RIGHT]  # one card on the line: either end makes the same line
        if len(fitting) != 2:
            end = fitting[0] if fitting else End.RIGHT
            return suits(table, at[end]) if suit_question else at[end]
        lang = table.lang
        # One card is named (the question is read out, and shown to the whole table);
        # several of a rank, put down one after another, are "the cards".
        asked = (
            tr(lang, "expect.which_end_card", card=card_words(cards[0], lang, "acc"))
            if len(cards) == 1
            else tr(lang, "expect.which_end")
        )
        return Question(
            asked,
            tuple(
                Option(
                    end.value,
                    tr(lang, f"choice.end.{end.value}"),
                    suits(table, at[end]) if suit_question else at[end],
                    card=faces[end],
                )
                for end in ENDS
            ),
        )


def play(player: int, cards: tuple[Card, ...], end: End) -> Played:
    if len(cards) == 1:
        return Played(player, (Placement(cards[0], end),))
    return Played.several(player, *(Placement(card, end) for card in cards))


def suits(table: Table, entry: Played) -> Question:
    """A wild ace's suit, asked with one button per suit."""
    lang = table.lang
    return Question(
        tr(lang, "expect.ace_suit"),
        tuple(
            Option(suit.value, tr(lang, f"suit.{suit.value}"), entry.at(suit=suit), suit=suit)
            for suit in SUITS
        ),
    )


def words(card: Card | None, lang: str) -> str:
    return card_words(card, lang) if card is not None else "—"


def end_card(lang: str, key: str, card: Card | None) -> ft.Control:
    return ft.Column(
        [label(tr(lang, key)), SmallCard(card, lang)],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=2,
    )
