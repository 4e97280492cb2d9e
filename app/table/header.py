"""The pinned top of the table: the expected-now line, the totals strip (the seat to act
and the dealer marked), the last entry with the undo that takes it back."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.i18n import number, tr
from app.kept import use_kept
from app.memo import memo
from app.table.buttons import bare_button, icon_button
from app.table.state import HeaderState

# Up to six seats' totals wrap into two lines of a phone's header as they are. More (a
# bumas with two decks seats ten) took a third line, and a 52-card deck's last line left
# the screen: so they are drawn as equal cells in two lines, a name cut short where it
# must be, its total never (the seat's label keeps both whole for a screen reader).
ROOMY_SEATS = 6
SEAT_SPACING = 6
TIGHT_SPACING = 4


def seat_mark(icon: ft.IconData, shown: bool, size: int = 16) -> ft.Icon:
    return ft.Icon(icon, size=size, visible=shown)


def seat_words(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.W_600)


def cell_words(text: str, name: bool) -> ft.Text:
    """Words in a cell among many seats (``Seats``), on one line, ending in an ellipsis
    where the cell ends: a seat's name (no wider than itself, so that its total stands
    right after it), or the deal's number."""
    return ft.Text(
        text,
        size=12,
        weight=ft.FontWeight.W_600 if name else None,
        color=None if name else ft.Colors.ON_SURFACE_VARIANT,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        expand=name,
        expand_loose=name,
    )


@memo
@ft.component
def SeatTotal(
    seat: int,
    name: str,
    total: int,
    turn: bool,
    deals: bool,
    dealer_word: str,
    width: float | None = None,
) -> ft.Control:
    """One seat's total in the header; a tap redraws the two whose turn it moved between,
    and keeps their marks and words while they stay (``use_kept``). ``width``: a cell of
    that width (``Seats`` with many seats), the name cut short to fit, the total whole."""
    kept = use_kept()
    shown = number(total)
    # Both marks are always in the row, hidden when they do not apply: when the turn
    # moves, each of the two seats changes one property, where a mark taken out shifted
    # the words and the browser drew them anew.
    words: list[ft.Control]
    if width is None:
        words = [
            kept.get(("turn", turn), seat_mark, ft.Icons.PLAY_ARROW, turn),
            kept.get(("deals", deals), seat_mark, ft.Icons.STYLE, deals),
            kept.get((name, total), seat_words, f"{name} {shown}"),
        ]
    else:
        words = [
            kept.get(("cell turn", turn), seat_mark, ft.Icons.PLAY_ARROW, turn, 11),
            kept.get(("cell deals", deals), seat_mark, ft.Icons.STYLE, deals, 11),
            kept.get(("cell name", name), cell_words, name, True),
            kept.get(("cell total", shown), seat_words, shown, 12),
        ]
    # The seat to act is marked twice: filled, and with an arrow (never colour alone).
    return ft.Semantics(
        identifier=f"total-{seat}",
        # The total stays last: "Ona (dalija) 12". The label is all a screen reader says
        # (the words inside said it again, and a cut name would be read cut).
        label=f"{name} ({dealer_word}) {shown}" if deals else f"{name} {shown}",
        exclude_semantics=True,
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=10 if width is None else 3, vertical=3),
            border_radius=16,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if turn else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            width=width,
            content=ft.Row(words, tight=width is None, spacing=2),
        ),
    )


def info_words(text: str, width: float | None = None) -> ft.Control:
    """The deal's number (and a club's table): in a cell of ``width`` among many seats."""
    if width is None:
        return ft.Text(text, size=14, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Container(cell_words(text, name=False), width=width)


@memo
@ft.component
def Header(state: HeaderState) -> ft.Control:
    """The expected-now line above the totals strip (a watcher's phone: one part)."""
    return ft.Column(
        [Headline(state.headline), Seats(state.info, state.seats, state.dealer_word)], spacing=4
    )


@memo
@ft.component
def Headline(text: str) -> ft.Control:
    """What the table expects now: drawn again on every tap, alone."""
    return ft.Semantics(
        identifier="expected-now",
        content=ft.Text(
            text,
            size=20,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY,
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
    )


@memo
@ft.component
def Seats(
    info: str,
    seats: tuple[tuple[str, int, bool, bool], ...],
    dealer_word: str,
    room: float | None = None,
) -> ft.Control:
    """The deal's number and each seat's total, the seat to act and the dealer marked: drawn
    again when the turn moves or a total changes; the seats that stay are kept.

    ``room``: the width of a phone's line; more than ``ROOMY_SEATS`` seats are then drawn
    as equal cells, the deal's number one of them, in two lines."""
    kept = use_kept()
    width = None
    if room is not None and len(seats) > ROOMY_SEATS:
        per_line = -(-(len(seats) + 1) // 2)
        width = (room - (per_line - 1) * TIGHT_SPACING) // per_line
    totals = [
        kept.call(
            ("seat", seat), SeatTotal, seat, name, total, turn, deals, dealer_word, width, key=seat
        )
        for seat, (name, total, turn, deals) in enumerate(seats)
    ]
    return ft.Row(
        [kept.get((info, width), info_words, info, width), *totals],
        wrap=True,
        spacing=SEAT_SPACING if width is None else TIGHT_SPACING,
        run_spacing=2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@memo
@ft.component
def LastLine(
    text: str,
    undo_label: str,
    lang: str,
    on_undo: Callable[[], None],
    who: str = "",
    on_who: Callable[[], None] | None = None,
) -> ft.Control:
    """The last entry (or refusal) and, beside it, the undo that takes it back: always in
    sight, so a wrong tap is seen and mended without scrolling. Between them, while a card
    is expected, "someone else played" (``who`` "ask"), or its cancel ("cancel").

    The undo's label names what it takes back, so it changes on every tap; the button
    under it is kept (``use_kept``) and calls the latest ``on_undo``.
    """
    kept = use_kept()
    undo = kept.get(
        ("undo", lang), bare_button, "undo", tr(lang, "action.undo"), kept.handler("undo", on_undo)
    )
    other: list[ft.Control] = []
    if who and on_who is not None:
        other.append(
            kept.get(
                (who, lang),
                icon_button,
                "action-other-player" if who == "ask" else "action-cancel",
                ft.Icons.PERSON_SEARCH if who == "ask" else ft.Icons.CLOSE,
                tr(lang, "action.other_player" if who == "ask" else "action.cancel"),
                kept.handler("who", on_who),
            )
        )
    return ft.Row(
        [
            # The label carries the text: Flutter's web tree can keep a Text's first (empty)
            # value, and screen readers and tests read this line after every tap.
            ft.Semantics(
                identifier="last-entry",
                label=text,
                exclude_semantics=True,
                expand=True,
                content=ft.Text(
                    text,
                    size=14,
                    max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
            *other,
            ft.Semantics(identifier="action-undo", label=undo_label, content=undo),
        ],
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        wrap=False,
    )
