"""Card faces: the picker's cards and the small cards the boards show."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import flet as ft

from app.describe import card_words
from app.i18n import tr
from app.memo import memo
from app.suits import SHAPES, suit_colour, suit_mark
from rules.cards import Card, Suit, rank_name

# The picker's touch target: at least 48 px each way, and no taller, so that a phone shows
# a 36-card deck whole beneath the pinned header.
CARD_W, CARD_H = 48, 48

_BORDER = {"fits": ft.Colors.GREEN_700, "picked": ft.Colors.BLUE_700}
# A card gone from play is drawn faded: the page's own colour laid over it at 72 %, which
# shows the same as the card at 28 % opacity over the page. Opacity made Flutter paint each
# such card into a layer of its own first: a deal's gone cards cost the browser 8–15 % more
# of its CPU a tap (30 taps of a devynakė deal, three runs each way).
_GONE = ft.BoxDecoration(bgcolor=ft.Colors.with_opacity(0.72, ft.Colors.SURFACE), border_radius=6)


# A face's frame is 1 px wide, 3 px when the card fits or is picked; the face inside keeps
# the room the widest frame leaves, so a change of state never moves or resizes it.
_ROOM = 2 * 3


@lru_cache(maxsize=512)
def face_svg(card: Card, width: float, height: float) -> str:
    """The face as one picture: the rank over the suit sign, both in black (the image's
    tint colours them). Drawn at one pixel a unit, so it is never scaled; sized as the
    rank and the sign were when they were a text and a picture in a column (0.34 and
    0.3 of the card's height), the column's line box included."""
    room_w, room_h = width - _ROOM, height - _ROOM
    rank, sign = height * 0.34, height * 0.3
    top = (room_h - (rank * 1.22 + sign)) / 2
    baseline = top + rank * 0.93
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {room_w:g} {room_h:g}">'
        f'<text x="{room_w / 2:g}" y="{baseline:.2f}" font-size="{rank:.2f}"'
        f' font-weight="700" text-anchor="middle">{rank_name(card.rank)}</text>'
        f'<g transform="translate({(room_w - sign) / 2:.2f},{top + rank * 1.22:.2f})'
        f' scale({sign / 100:.4f})">{SHAPES[card.suit]}</g></svg>'
    )


def face_content(card: Card, width: float, height: float) -> ft.Control:
    """What a card's face shows whatever its state: the rank over the drawn suit sign.

    One picture, not a text and a sign in a column: a deck on the screen is 36 to 52
    of them, and each control fewer is some 80 fewer for a table to build and send.
    """
    return ft.Image(
        src=face_svg(card, width, height),
        width=width - _ROOM,
        height=height - _ROOM,
        color=suit_colour(card.suit),
    )


def card_face(
    card: Card,
    *,
    width: float = CARD_W,
    height: float = CARD_H,
    state: str = "plain",
    on_click: Callable[[ft.Event[ft.Container]], None] | None = None,
    content: ft.Control | None = None,
) -> ft.Control:
    """A card as it looks on the table: white face, rank and drawn suit sign.

    ``content``, when given, is the face's ``face_content`` kept from an earlier drawing:
    a change of state then makes the frame alone anew.
    """
    return ft.Container(
        on_click=on_click,
        width=width,
        height=height,
        border_radius=6,
        bgcolor="#FFFFFF" if state != "fits" else "#E8F5E9",
        border=ft.Border.all(3 if state in _BORDER else 1, _BORDER.get(state, "#9E9E9E")),
        foreground_decoration=_GONE if state == "gone" else None,
        alignment=ft.Alignment.CENTER,
        content=content or face_content(card, width, height),
    )


def tappable_card(
    card: Card,
    state: str,
    lang: str,
    on_tap: Callable[[str], None],
    *,
    width: float = CARD_W,
    height: float = CARD_H,
    content: ft.Control | None = None,
) -> ft.Control:
    """A picker card: one tap enters it. Carries ``card-<CODE>`` for tests and screen readers.

    The label says what the colours and the dimming show (fits, gone, picked), so the
    state is never told by colour alone.
    """
    words = card_words(card, lang)
    if state != "plain":
        words = tr(lang, f"card.state.{state}", card=words)
    return ft.Semantics(
        identifier=f"card-{card}",
        label=words,
        selected=state == "picked",
        button=True,
        # The face takes the tap itself: one control fewer a card than a gesture detector
        # around it, 36 fewer to build when a table opens.
        content=card_face(
            card,
            width=width,
            height=height,
            state=state,
            on_click=lambda _: on_tap(str(card)),
            content=content,
        ),
    )


def small_card(card: Card | None, lang: str, *, width: float = 40) -> ft.Control:
    if card is None:
        return ft.Container(
            width=width,
            height=width * 1.3,
            border_radius=5,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        )
    return ft.Semantics(
        label=card_words(card, lang), content=card_face(card, width=width, height=width * 1.3)
    )


@memo
@ft.component
def SmallCard(card: Card | None, lang: str, width: float = 40) -> ft.Control:
    """A board's card as a memoized component: drawn once, kept while the card stays."""
    return small_card(card, lang, width=width)


@memo
@ft.component
def SuitMark(suit: Suit, size: float, colour: str | None = None) -> ft.Control:
    """A drawn suit sign as a memoized component (its shapes are many small controls)."""
    return suit_mark(suit, size, colour)
