"""Ramsas at the table: the trump card, the buyer, the trick in seat positions, tricks won.

A finished trick stays on the seats, with the line saying who won it, until the next lead;
from then on a compact line below the seats keeps it in view while the new trick grows.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import ClassVar

import flet as ft

from app.cards_view import SmallCard
from app.games.common import SMALL_CARD, TEXT, label, name
from app.games.plugin import GameUI, Pick, Table
from app.i18n import tr, trn
from app.kept import Kept
from rules.cards import Suit
from rules.match import Reason
from rules.ramsas import Ramsas, RamsasView

SEAT_CARD = 34  # its rank is 15 px
# Four seats side by side fill the 320 px a 360 px phone leaves the board; five or six wrap.
SEAT_W = 76
# The trick above the cards: the trump card and six seats fit in a phone's 348 px at the
# narrowest; where the room allows, a seat is as wide as on the board, for longer names.
STRIP_SEAT = 46
STRIP_TRUMP = 48  # the trump card under its word ("Koziris" is some 40 px)
STRIP_GAP = 4


class RamsasUI(GameUI):
    rules = Ramsas
    order = 1
    emblem = Suit.SPADES
    anchors: ClassVar[Mapping[str, str]] = {
        "bad_card": "deal",
        "deal_over": "scoring",
        "match_over": "scoring",
        "not_in_play": "fold",
        "cannot_buy": "buy",
        "cannot_fold": "fold",
        "redeal_not_allowed": "redeal",
        "wrong_phase": "tricks",
        "not_your_turn": "tricks",
        "card_gone": "proofs",
        "not_held": "proofs",
        "must_lead_trump_ace": "trump-ace",
        "must_follow": "obligations",
        "must_trump": "obligations",
        "must_head": "obligations",
        "must_overtrump": "obligations",
        "not_playable": "tricks",
        "not_jacks": "jacks",
        "revoke": "proofs",
        "failed_to_trump": "proofs",
        "failed_to_head": "proofs",
        "failed_to_overtrump": "proofs",
        "trump_ace_not_led": "trump-ace",
    }
    picks: ClassVar[Mapping[str, Pick]] = {
        "jacks": Pick("jacks"),
        "ramsas": Pick("ramsas", cards=False),
    }

    def strip(self, view: RamsasView, names: tuple[str, ...], lang: str, room: float) -> ft.Control:
        """The trump card and the trick on the seats, always in view: who played what (the
        trick just won stays until the next lead), the player to act named in colour."""
        playing = [seat for seat in range(len(names)) if seat not in view.folded]
        share = (room - STRIP_TRUMP) / max(len(playing), 1) - STRIP_GAP
        width = min(max(share, STRIP_SEAT), SEAT_W)
        trump = ft.Column(
            [label(tr(lang, "board.trump")), SmallCard(view.trump_card, lang, width=SMALL_CARD)],
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        on_seats = dict(view.trick or view.last_trick)
        seats: list[ft.Control] = [
            ft.Column(
                [
                    ft.Text(
                        names[seat],
                        size=TEXT,
                        weight=ft.FontWeight.W_600,
                        color=ft.Colors.PRIMARY if seat == view.turn else None,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    SmallCard(on_seats.get(seat), lang, width=SMALL_CARD),
                ],
                spacing=2,
                width=width,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for seat in playing
        ]
        return ft.Semantics(
            identifier="trick",
            content=ft.Row(
                [trump, *seats], spacing=STRIP_GAP, vertical_alignment=ft.CrossAxisAlignment.END
            ),
        )

    def strip_head(self, view: RamsasView, lang: str) -> ft.Control | None:
        """The trump card beside its word, while the players buy and stay: no trick yet."""
        if view.trump_card is None or view.trick or view.last_trick:
            return None
        return ft.Semantics(
            identifier="trump",
            content=ft.Row(
                [
                    label(tr(lang, "board.trump")),
                    SmallCard(view.trump_card, lang, width=SMALL_CARD),
                ],
                spacing=6,
                tight=True,  # its own width, so that the buttons stand beside it
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        )

    def board(self, view: RamsasView, names: tuple[str, ...], lang: str, kept: Kept) -> ft.Control:
        head = [label(tr(lang, "board.trump")), SmallCard(view.trump_card, lang, width=SEAT_CARD)]
        if view.buyer is not None:
            head.append(ft.Text(tr(lang, "board.buyer", player=names[view.buyer]), size=TEXT))
        # No card of a new trick down yet: the seats still show the one just finished.
        on_seats = dict(view.trick or view.last_trick)
        seats: list[ft.Control] = []
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
                            # A long name is cut short rather than wrapped, so the seats' cards
                            # stay in one line (the header's totals strip names everyone in full).
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        SmallCard(on_seats.get(seat), lang, width=SEAT_CARD),
                        ft.Text(tr(lang, "board.tricks", count=view.tricks[seat]), size=TEXT),
                        *(
                            [
                                ft.Text(
                                    ", ".join(status),
                                    size=TEXT,
                                    color=ft.Colors.ON_SURFACE_VARIANT,
                                    text_align=ft.TextAlign.CENTER,
                                )
                            ]
                            if status
                            else []
                        ),
                    ],
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    spacing=2,
                    width=SEAT_W,
                )
            )
        rows: list[ft.Control] = [
            ft.Row(head, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            # Tops in line: a seat that folded or showed jacks has a line more below its card.
            ft.Row(
                seats,
                wrap=True,
                spacing=4,
                run_spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ]
        if view.last_winner is not None:
            winner = names[view.last_winner]
            rows.append(
                last_trick_line(view, winner, lang)
                if view.trick
                else ft.Text(
                    tr(lang, "board.trick_won", player=winner),
                    size=TEXT + 1,
                    weight=ft.FontWeight.W_600,
                )
            )
        return ft.Column(rows, spacing=6)

    def reason(self, lang: str, why: Reason, names: tuple[str, ...]) -> str:
        who = name(names, why.seats)
        if why.key == "tricks":
            extra = tr(lang, f"why.{why.extra}") if why.extra else ""
            return trn(lang, "why.tricks", why.count, player=who, extra=extra)
        if why.key in ("ramsas_declared", "lone"):
            return tr(lang, f"why.{why.key}", player=who, about=(who,))
        return tr(lang, f"why.{why.key}")  # all_fold, forgot

    def entry_groups(self, view: RamsasView, indices: Sequence[int]) -> dict[int, int]:
        """For each entry index, the trick (1, 2, ...) it belongs to, for the entry list's
        "Kirtis 2" headers: the last trick led at or before it. Entries before the first
        lead (the trump card, buying, folding, jacks) belong to no trick and are left out."""
        return {i: n for i in indices if (n := bisect_right(view.trick_leads, i))}

    def pick_seats(self, table: Table, kind: str) -> list[int]:
        """Jacks are shown by the players in the deal: not by one who folded."""
        view: RamsasView = table.match.current.deal.view()
        return [seat for seat in range(len(table.names)) if seat not in view.folded]


def last_trick_line(view: RamsasView, winner: str, lang: str) -> ft.Control:
    """The previous trick on one line: who won it, then its cards in the order played.

    The cards are drawn (the web client has no suit glyphs) at the narrowest size whose
    rank is still readable; with many players the cards wrap under the words as one group.
    """
    cards = [SmallCard(card, lang, width=SMALL_CARD) for _, card in view.last_trick]
    return ft.Row(
        [
            label(tr(lang, "board.last_trick", player=winner)),
            ft.Row(cards, spacing=2, tight=True),
        ],
        wrap=True,
        spacing=6,
        run_spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
