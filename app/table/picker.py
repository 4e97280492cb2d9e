"""The card picker: one block per suit of the game's deck, each card one tap."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.cards_view import CARD_H, CARD_W, face_content, tappable_card
from app.kept import Kept, use_kept
from app.memo import memo
from app.suits import on_table_colour, suit_mark
from app.table import state
from app.table.model import TableModel
from rules.cards import Card, Suit

BIG_CARD_W, BIG_CARD_H = 52, 52  # a tablet's picker: wider, with room for the suits' signs
CARD_GAP = 3
PHONE_GAP = 2  # seven 48 px cards and their gaps: 348 px
SUIT_COLUMN = 22


class PickerCards(Kept):
    """A suit row's cards kept by what they show (code, state, language, size).

    A tap changes the state of two or three cards; the others are handed to Flet's diff
    as the same objects in the same places, which it passes over without a look inside.
    A card whose state changed gets a new frame around the face it had (a face shows
    the same in every state). A kept card calls the row's latest tap handler
    (``Kept.handler``).
    """

    def __init__(self) -> None:
        super().__init__()
        self.faces: dict[tuple[str, bool], ft.Control] = {}

    def card(
        self, code: str, state: str, lang: str, big: bool, on_tap: Callable[[str], None]
    ) -> ft.Control:
        return self.get((code, state, lang, big), self._make, code, state, lang, big, on_tap)

    def _make(
        self, code: str, state: str, lang: str, big: bool, on_tap: Callable[[str], None]
    ) -> ft.Control:
        width, height = (BIG_CARD_W, BIG_CARD_H) if big else (CARD_W, CARD_H)
        card = Card.parse(code)
        face = self.faces.get((code, big))
        if face is None:
            face = self.faces[code, big] = face_content(card, width, height)
        made = tappable_card(card, state, lang, on_tap, width=width, height=height, content=face)
        made.key = code
        return made


def lines_of(count: int, per_line: int) -> int:
    """Cards per line for a suit of ``count`` cards: as even as the lines allow (9 → 5 + 4,
    not 6 + 3), so the rows of a suit read as one block."""
    lines = -(-count // max(1, per_line))
    return -(-count // lines)


def suit_column(suit: Suit) -> ft.Control:
    """The suit's sign at the head of its picker line."""
    return ft.Container(
        suit_mark(suit, 20, on_table_colour(suit)), width=SUIT_COLUMN, alignment=ft.Alignment.CENTER
    )


@memo
@ft.component
def PickerRow(
    suit: Suit,
    cards: tuple[tuple[str, str], ...],
    lang: str,
    on_tap: Callable[[str], None],
    per_line: int,
    big: bool,
) -> ft.Control:
    width, gap = (BIG_CARD_W, CARD_GAP) if big else (CARD_W, PHONE_GAP)
    chunk = lines_of(len(cards), per_line)
    kept = use_kept(PickerCards)
    tap = kept.handler("tap", on_tap)
    faces = [kept.card(code, state, lang, big, tap) for code, state in cards]
    # A phone's lines of one suit 1 px apart: a 52-card deck is eight lines, each pixel
    # counted (``TableScreen``).
    lines = ft.Row(
        faces,
        wrap=True,
        spacing=gap,
        run_spacing=gap if big else 1,
        width=chunk * width + (chunk - 1) * gap,
    )
    if not big:  # a phone's room goes to the cards: each face shows its suit
        return lines
    return ft.Row(
        [kept.get("sign", suit_column, suit), lines],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def per_line(room: float, big: bool) -> int:
    """How many cards a picker line holds in ``room`` px: seven on a 360 px phone, where
    the cards take the whole width (two lines a suit: a 52-card deck is eight lines)."""
    if big:
        return int((room - SUIT_COLUMN - 4 + CARD_GAP) // (BIG_CARD_W + CARD_GAP))
    return int((room + PHONE_GAP) // (CARD_W + PHONE_GAP))


def line_width(count: int, big: bool) -> float:
    """The width a picker line of ``count`` cards takes: ``per_line`` the other way round."""
    if big:
        return SUIT_COLUMN + 4 + count * (BIG_CARD_W + CARD_GAP) - CARD_GAP
    return count * (CARD_W + PHONE_GAP) - PHONE_GAP


def picker_rows(
    tm: TableModel, kept: Kept, room: float, big: bool, shown: bool
) -> list[ft.Control]:
    """One row per suit; a suit takes as few lines as the room allows (one on a landscape
    tablet, ``play_room``; two for 8 or more cards on a 360 px phone, where 48 px targets
    leave room for seven).

    Between deals the picker is hidden (``shown`` False) and its cards keep the states
    they last showed: hiding it is one property, not every card's new state.
    """
    fits = per_line(room, big)
    rows = state.picker(tm) if shown else state.hidden_picker(tm)
    return [
        kept.call(
            ("picker", suit),
            PickerRow,
            suit,
            cards,
            tm.lang,
            tm.tap_card,
            fits,
            big,
            key=suit.value,
        )
        for suit, cards in rows
    ]
