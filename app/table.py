"""The table screen: expected-now line, totals, the verdict, the card picker, the public table.

What a tap is answered with never scrolls away: the expected-now line, the
totals, the last entry with its undo, and the verdict (a refusal, or a
violation waiting for the table's ruling) are pinned at the top; the picker
and the rest scroll below them. On a tablet the entry list and the
scoreboard stand beside the table.

Drawn as memoized components fed with plain values (``table_state``): a tap
draws again only the parts whose values changed – the header, the cards whose
state changed, the board, the entry list – and never the scoreboard, which is
keyed by the closed deals.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from functools import partial

import flet as ft

from app import table_state
from app.cards_view import CARD_H, CARD_W, face_content, tappable_card
from app.games import GAME_VIEWS
from app.i18n import tr, trn
from app.kept import Kept, use_kept
from app.memo import memo
from app.suits import on_table_colour, suit_mark
from app.table_model import TableModel
from app.table_state import EntryLine, HeaderState, PendingViolation, ScoreState
from rules import Status
from rules.cards import SUITS, Card, Suit

ACTION_ICONS = {
    "pass": ft.Icons.SKIP_NEXT,
    "draw": ft.Icons.DOWNLOAD,
    "buy": ft.Icons.SHOPPING_BASKET,
    "no_buy": ft.Icons.BLOCK,
    "stay": ft.Icons.CHECK,
    "fold": ft.Icons.CLOSE,
    "redeal": ft.Icons.REPLAY,
    "jacks": ft.Icons.STYLE,
    "ramsas": ft.Icons.EMOJI_EVENTS,
    "reveal": ft.Icons.VISIBILITY,
    "multi": ft.Icons.LAYERS,
    "annul": ft.Icons.DELETE_SWEEP,
    "undo": ft.Icons.UNDO,
    "next_deal": ft.Icons.ARROW_FORWARD,
    "stop": ft.Icons.FLAG,
    "confirm-stop": ft.Icons.FLAG,
    "keep-playing": ft.Icons.PLAY_ARROW,
    "reopen": ft.Icons.REPLAY,
    "other-player": ft.Icons.PERSON_SEARCH,
    "let-stand": ft.Icons.CHECK,
    "annul-violation": ft.Icons.DELETE_SWEEP,
    "lists": ft.Icons.LIST_ALT,
    "watch-link": ft.Icons.QR_CODE,
}
WIDE = 720  # from this width on (a tablet) the entry list and scoreboard stand beside the table
BIG_CARD_W, BIG_CARD_H = 52, 60  # a tablet's picker: the room is there, the cards grow
CARD_GAP = 3
SUIT_COLUMN = 22

NOTICE_COLOURS = {
    "refused": (ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
    "violation": (ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER),
    "info": (ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER),
}


def bare_button(
    kind: str, text: str, on_click: Callable[[], None], *, primary: bool = False
) -> ft.Control:
    """The button of ``action_button``, without its semantics node: 48 px high, its icon."""
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=14, vertical=12))
    button_type = ft.FilledButton if primary else ft.OutlinedButton
    return button_type(
        text, icon=ACTION_ICONS.get(kind), on_click=lambda _: on_click(), style=style, height=48
    )


def action_button(
    kind: str, text: str, on_click, *, primary: bool = False, label: str | None = None
) -> ft.Control:
    return ft.Semantics(
        identifier=f"action-{kind}",
        label=label,
        content=bare_button(kind, text, on_click, primary=primary),
    )


class Buttons(Kept):
    """The table's buttons kept from one drawing to the next, by what they show.

    A tap that leaves "Pass" as it was then hands Flet the same control in the same
    place, which its diff skips without a look inside; made anew, the button would be
    compared field by field, six or seven controls on every tap. A kept button calls
    what the latest drawing gave for it (``Kept.handler``).
    """

    def button(
        self,
        kind: str,
        text: str,
        on_click: Callable[[], None],
        *,
        primary: bool = False,
        label: str | None = None,
    ) -> ft.Control:
        key = (kind, text, primary, label)
        if key in self.now:  # the same button twice in one drawing: the second is its own
            return action_button(kind, text, on_click, primary=primary, label=label)
        click = self.handler(key, on_click)
        return self.get(key, lambda: action_button(kind, text, click, primary=primary, label=label))


def kept_buttons(tm: TableModel) -> Buttons:
    """The buttons kept for ``tm``'s table (beside the observable fields, not among them)."""
    kept: Buttons | None = tm.__dict__.get("_buttons")
    if kept is None:
        kept = tm.__dict__["_buttons"] = Buttons()
    return kept


def icon_button(
    identifier: str,
    icon: ft.IconData,
    tooltip: str,
    on_click: Callable[[], None],
    colour: str | None = None,
) -> ft.Control:
    """An icon button with a 48 × 48 touch target (Flet's default is 40)."""
    return ft.Semantics(
        identifier=identifier,
        content=ft.IconButton(
            icon,
            icon_size=24,
            icon_color=colour,
            width=48,
            height=48,
            tooltip=tooltip,
            on_click=lambda _: on_click(),
        ),
    )


def seat_mark(icon: ft.IconData) -> ft.Icon:
    return ft.Icon(icon, size=16)


def seat_words(text: str) -> ft.Text:
    return ft.Text(text, size=14, weight=ft.FontWeight.W_600)


@memo
@ft.component
def SeatTotal(
    seat: int, name: str, total: int, turn: bool, deals: bool, dealer_word: str
) -> ft.Control:
    """One seat's total in the header; a tap redraws the two whose turn it moved between,
    and keeps their marks and words (``use_kept``)."""
    kept = use_kept()
    # The seat to act is marked twice: filled, and with an arrow (never colour alone).
    return ft.Semantics(
        identifier=f"total-{seat}",
        # The total stays last: "Ona (dalija) 12".
        label=f"{name} ({dealer_word}) {total}" if deals else f"{name} {total}",
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=10, vertical=5),
            border_radius=16,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if turn else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            content=ft.Row(
                [
                    *([kept.get("turn", seat_mark, ft.Icons.PLAY_ARROW)] if turn else []),
                    *([kept.get("deals", seat_mark, ft.Icons.STYLE)] if deals else []),
                    kept.get((name, total), seat_words, f"{name} {total}"),
                ],
                tight=True,
                spacing=2,
            ),
        ),
    )


def info_words(text: str) -> ft.Text:
    return ft.Text(text, size=14, color=ft.Colors.ON_SURFACE_VARIANT)


@memo
@ft.component
def Header(state: HeaderState) -> ft.Control:
    kept = use_kept()
    totals = [
        kept.call(
            ("seat", seat), SeatTotal, seat, name, total, turn, deals, state.dealer_word, key=seat
        )
        for seat, (name, total, turn, deals) in enumerate(state.seats)
    ]
    return ft.Column(
        [
            ft.Semantics(
                identifier="expected-now",
                content=ft.Text(
                    state.headline,
                    size=20,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY,
                    max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
            ),
            ft.Row(
                [
                    kept.get(state.info, info_words, state.info),
                    *totals,
                ],
                wrap=True,
                spacing=6,
                run_spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ],
        spacing=4,
    )


@memo
@ft.component
def LastLine(text: str, undo_label: str, lang: str, on_undo: Callable[[], None]) -> ft.Control:
    """The last entry (or refusal) and, beside it, the undo that takes it back: always in
    sight, so a wrong tap is seen and mended without scrolling.

    The undo's label names what it takes back, so it changes on every tap; the button
    under it is kept (``use_kept``) and calls the latest ``on_undo``.
    """
    kept = use_kept()
    undo = kept.get(
        ("undo", lang), bare_button, "undo", tr(lang, "action.undo"), kept.handler("undo", on_undo)
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
            ft.Semantics(identifier="action-undo", label=undo_label, content=undo),
        ],
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        wrap=False,
    )


def no_notice() -> ft.Control:
    """The banner's place while there is nothing to tell."""
    return ft.Container(height=0)


def NoticeBanner(tm: TableModel, on_rule) -> ft.Control:
    notice = tm.notice
    if notice is None:
        return no_notice()
    bg, fg = NOTICE_COLOURS[notice.kind]
    icon = {"refused": ft.Icons.BLOCK, "violation": ft.Icons.GAVEL, "info": ft.Icons.INFO}[
        notice.kind
    ]
    extra: list[ft.Control] = []
    if notice.anchor:
        extra.append(
            icon_button(
                "action-rule",
                ft.Icons.MENU_BOOK,
                tr(tm.lang, "notice.rule"),
                lambda: on_rule(notice.anchor),
                fg,
            )
        )
    if notice.kind == "info":  # a refusal or news stays until the next tap answers it
        extra.append(
            icon_button(
                "action-dismiss", ft.Icons.CLOSE, tr(tm.lang, "notice.close"), tm.dismiss, fg
            )
        )
    return ft.Semantics(
        identifier=f"notice-{notice.kind}",
        live_region=True,
        content=ft.Container(
            bgcolor=bg,
            border_radius=10,
            padding=ft.Padding.only(left=10, top=4, bottom=4, right=0),
            content=ft.Row(
                [
                    ft.Icon(icon, color=fg, size=22),
                    ft.Text(
                        notice.text, color=fg, size=15, expand=True, weight=ft.FontWeight.W_500
                    ),
                    *extra,
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


@memo
@ft.component
def ViolationPanel(
    items: tuple[PendingViolation, ...],
    lang: str,
    on_stand: Callable[[tuple[int, int, int, str]], None],
    on_annul: Callable[[tuple[int, int, int, str]], None],
) -> ft.Control:
    """Flagged violations waiting for the table: the proof in words and the two rulings.

    One at a time, the oldest first, and how many more wait: four of them in full would
    fill a phone's pinned top and push the deal's summary and buttons out of reach.
    """
    bg, fg = NOTICE_COLOURS["violation"]
    panels: list[ft.Control] = []
    for item in items[:1]:
        choices = [
            action_button(
                "let-stand", tr(lang, "violation.let_stand"), lambda k=item.key: on_stand(k)
            )
        ]
        if item.can_annul:
            choices.append(
                action_button(
                    "annul-violation",
                    tr(lang, "action.annul"),
                    lambda k=item.key: on_annul(k),
                    primary=True,
                )
            )
        panels.append(
            ft.Container(
                bgcolor=bg,
                border_radius=10,
                padding=ft.Padding.only(left=10, top=6, bottom=6, right=8),
                content=ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.GAVEL, color=fg, size=22),
                                ft.Text(
                                    f"{item.text} {tr(lang, 'penalty.flag')}",
                                    color=fg,
                                    size=15,
                                    expand=True,
                                    weight=ft.FontWeight.W_500,
                                ),
                            ],
                            spacing=8,
                        ),
                        ft.Row(choices, wrap=True, spacing=8, run_spacing=6),
                    ],
                    spacing=4,
                ),
            )
        )
    if len(items) > 1:
        panels.append(
            ft.Text(
                trn(lang, "violation.more", len(items) - 1),
                size=14,
                weight=ft.FontWeight.W_600,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return ft.Semantics(
        identifier="notice-violation", live_region=True, content=ft.Column(panels, spacing=6)
    )


@memo
@ft.component
def DealSummary(text: str) -> ft.Control:
    """Why the deal ended as it did; it stays until the next deal starts."""
    return ft.Semantics(
        identifier="deal-summary",
        content=ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=10,
            padding=10,
            content=ft.Text(text, size=15, color=ft.Colors.ON_SECONDARY_CONTAINER),
        ),
    )


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
    width = BIG_CARD_W if big else CARD_W
    chunk = lines_of(len(cards), per_line)
    kept = use_kept(PickerCards)
    tap = kept.handler("tap", on_tap)
    faces = [kept.card(code, state, lang, big, tap) for code, state in cards]
    return ft.Row(
        [
            kept.get("sign", suit_column, suit),
            ft.Row(
                faces,
                wrap=True,
                spacing=CARD_GAP,
                run_spacing=CARD_GAP,
                width=chunk * width + (chunk - 1) * CARD_GAP,
            ),
        ],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def per_line(room: float, big: bool) -> int:
    """How many cards a picker line holds in ``room`` px (six on a 360 px phone)."""
    width = BIG_CARD_W if big else CARD_W
    return int((room - SUIT_COLUMN - 4 + CARD_GAP) // (width + CARD_GAP))


def Picker(tm: TableModel, room: float, big: bool, shown: bool, kept: Kept) -> ft.Control:
    """One block per suit; a suit takes as few lines as the room allows (one on a tablet,
    two for 8 or 9 cards on a 360 px phone, where 48 px targets leave room for six).

    Between deals it is hidden, not removed: the card closing a deal and the "next
    deal" tap then change a property and the cards' states, not a whole deck of controls.
    """
    fits = per_line(room, big)
    rows = table_state.picker(tm) if shown else table_state.hidden_picker(tm)
    return ft.Column(
        [
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
        ],
        spacing=5,
        visible=shown,
    )


@memo
@ft.component
def Board(game: str, view: object, names: tuple[str, ...], lang: str) -> ft.Control:
    """The public table, drawn by the game's module; what a tap leaves is kept."""
    return ft.Container(
        GAME_VIEWS[game].board(view, names, lang, use_kept()),
        padding=8,
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    )


def seat_buttons(
    tm: TableModel, seats: Iterable[int], selected: int | None, on_choose: Callable[[int], None]
) -> list[ft.Control]:
    return [
        ft.Semantics(
            identifier=f"seat-{seat}",
            selected=seat == selected,
            content=(ft.FilledButton if seat == selected else ft.OutlinedButton)(
                tm.names[seat], on_click=lambda _, s=seat: on_choose(s), height=48
            ),
        )
        for seat in seats
    ]


def end_buttons(tm: TableModel) -> ft.Control:
    """Domino: the end of the line a tapped card goes to, as two 48 px buttons."""
    lang = tm.lang
    return ft.Semantics(
        identifier="action-end",
        content=ft.Row(
            [
                ft.Semantics(
                    identifier=f"action-end-{end}",
                    selected=tm.end == end,
                    content=(ft.FilledButton if tm.end == end else ft.OutlinedButton)(
                        tr(lang, f"board.{end}"),
                        icon=ft.Icons.WEST if end == "left" else ft.Icons.EAST,
                        on_click=lambda _, e=end: tm.set_end(e),
                        height=48,
                    ),
                )
                for end in ("left", "right")
            ],
            tight=True,
            spacing=4,
        ),
    )


def Actions(tm: TableModel) -> ft.Control:
    lang = tm.lang
    button = kept_buttons(tm).button
    buttons: list[ft.Control] = []

    def row() -> ft.Control:
        return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)

    if tm.pending_ace:
        for suit in SUITS:
            buttons.append(
                ft.Semantics(
                    identifier=f"suit-{suit.value}",
                    content=ft.OutlinedButton(
                        content=ft.Row(
                            [
                                suit_mark(suit, 20, on_table_colour(suit)),
                                ft.Text(tr(lang, f"suit.{suit.value}")),
                            ],
                            tight=True,
                        ),
                        on_click=lambda _, s=suit.value: tm.name_suit(s),
                        height=48,
                    ),
                )
            )
        buttons.append(button("cancel", tr(lang, "action.cancel"), tm.cancel_picking))
        return row()
    if tm.editing is not None:
        buttons = [button("cancel", tr(lang, "action.cancel"), tm.cancel_correcting)]
        if tm.can_correct_to_pass():
            buttons.insert(0, button("correct-pass", tr(lang, "action.pass"), tm.correct_to_pass))
        return row()
    if tm.asking_who:
        buttons = seat_buttons(tm, range(len(tm.names)), None, tm.play_for)
        buttons.append(button("cancel", tr(lang, "action.cancel"), tm.cancel_who))
        return row()
    if tm.picking:
        choices = tm.must_reveal() if tm.picking == "reveal" else list(range(len(tm.names)))
        if tm.picking != "multi":
            buttons += seat_buttons(tm, choices, tm.picker_player, tm.choose_player)
        confirm = (
            tr(lang, "action.ramsas")
            if tm.picking == "ramsas"
            else tr(lang, "action.confirm", count=len(tm.picked))
        )
        buttons.append(button("confirm", confirm, tm.confirm_picking, primary=True))
        buttons.append(button("cancel", tr(lang, "action.cancel"), tm.cancel_picking))
        return row()
    for kind in tm.actions():
        if kind == "draw":
            buttons.append(
                ft.Row(
                    [
                        icon_button(
                            "action-draw-less",
                            ft.Icons.REMOVE,
                            "-1",
                            lambda: tm.set_draw_count(tm.draw_count - 1),
                        ),
                        ft.Text(str(tm.draw_count), size=18, weight=ft.FontWeight.BOLD),
                        icon_button(
                            "action-draw-more",
                            ft.Icons.ADD,
                            "+1",
                            lambda: tm.set_draw_count(tm.draw_count + 1),
                        ),
                        button("draw", tr(lang, "action.draw"), lambda: tm.act("draw")),
                    ],
                    tight=True,
                    spacing=0,
                )
            )
        else:
            buttons.append(button(kind, tr(lang, f"action.{kind}"), partial(tm.act, kind)))
    expected = tm.expected()
    if tm.game_id == "domino" and expected and "play" in expected.kinds:
        buttons.append(end_buttons(tm))
        if tm.match.game.options.get("multi_play"):
            buttons.append(button("multi", tr(lang, "action.multi"), lambda: tm.act("multi")))
    if expected is not None and "play" in expected.kinds and expected.player is not None:
        if tm.who is None:
            buttons.append(button("other-player", tr(lang, "action.other_player"), tm.ask_who))
        else:
            buttons.append(button("cancel", tr(lang, "action.cancel"), tm.cancel_who))
    log = tm.match.current
    if log is not None and log.status.value != "open" and not tm.match.finished:
        buttons.append(
            button("next_deal", tr(lang, "action.next_deal"), tm.next_deal, primary=True)
        )
    return row()


def TableActions(tm: TableModel) -> ft.Control:
    """What the table decides now and then – annul the deal, end the match – kept apart
    below the cards, so that a tap meant for a card never lands on them."""
    lang = tm.lang
    button = kept_buttons(tm).button
    buttons = []
    if tm.expected() is not None:
        buttons.append(button("annul", tr(lang, "action.annul"), lambda: tm.act("annul")))
    if tm.match.stopped:
        buttons.append(button("reopen", tr(lang, "action.reopen"), tm.reopen, primary=True))
    elif tm.confirming_stop:
        return ft.Column(
            [
                ft.Text(tr(lang, "stop.ask"), size=16, weight=ft.FontWeight.W_600),
                ft.Row(
                    [
                        button("confirm-stop", tr(lang, "stop.yes"), tm.stop, primary=True),
                        button("keep-playing", tr(lang, "stop.no"), tm.keep_playing),
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
            ],
            spacing=6,
        )
    elif not tm.match.finished:
        buttons.append(button("stop", tr(lang, "action.stop"), tm.ask_stop))
    if tm.watch_url is None:
        return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
    from app.club import WatchLink

    buttons.append(button("watch-link", tr(lang, "club.show_watch"), tm.toggle_watch))
    return ft.Column(
        [
            ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            *([WatchLink(tm.watch_url, lang)] if tm.showing_watch else []),
        ],
        spacing=8,
    )


FLAG_ICONS = {"violation": ft.Icons.GAVEL, "proof": ft.Icons.SEARCH}


@memo
@ft.component
def EntryRow(line: EntryLine, lang: str, on_correct: Callable[[int], None]) -> ft.Control:
    edit = (
        icon_button(
            f"correct-{line.number}",
            ft.Icons.EDIT,
            tr(lang, "correct.tooltip"),
            lambda: on_correct(line.number - 1),
        )
        if line.editable
        else None
    )
    flag = (
        [
            ft.Icon(FLAG_ICONS[line.flag], size=18, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Text(tr(lang, f"entry.flag.{line.flag}"), size=14, italic=True),
        ]
        if line.flag
        else []
    )
    return ft.Semantics(
        identifier=f"entry-{line.number}",
        content=ft.Container(
            bgcolor=ft.Colors.TERTIARY_CONTAINER if line.marked or line.flag else None,
            padding=ft.Padding.only(left=6),
            border_radius=4,
            content=ft.Row(
                [
                    ft.Text(f"{line.number}. {line.text}", size=14, expand=True),
                    *flag,
                    *([edit] if edit else []),
                ],
                spacing=4,
                height=48,
            ),
        ),
    )


@memo
@ft.component
def EntryList(
    lines: tuple[EntryLine, ...], lang: str, on_correct: Callable[[int], None]
) -> ft.Control:
    """The open deal's entries, newest first; in a trick game each trick under its header."""
    items: list[ft.Control] = []
    group = None
    for line in lines:
        if line.group and line.group != group:
            items.append(
                ft.Text(
                    tr(lang, "table.trick", number=line.group),
                    size=14,
                    weight=ft.FontWeight.W_600,
                    color=ft.Colors.PRIMARY,
                    key=f"trick-{line.group}",
                )
            )
        group = line.group
        items.append(EntryRow(line, lang, on_correct, key=line.number))
    return ft.Column(
        [
            ft.Text(tr(lang, "table.entries"), size=15, weight=ft.FontWeight.BOLD),
            *(items or [ft.Text(tr(lang, "table.no_entries"), size=14)]),
        ],
        spacing=2,
    )


PALETTE = [
    ft.Colors.GREEN_700,
    ft.Colors.BLUE_700,
    ft.Colors.ORANGE_800,
    ft.Colors.PURPLE_600,
    ft.Colors.RED_700,
    ft.Colors.TEAL_700,
    ft.Colors.BROWN_600,
    ft.Colors.PINK_600,
    ft.Colors.INDIGO_600,
    ft.Colors.LIME_800,
]


def chart(state: ScoreState, kept: Kept) -> ft.Control:
    """The totals as lines; flet_charts is imported here, where a chart is drawn."""
    if max((len(line) for line in state.series), default=0) <= 1:
        return ft.Container()
    import flet_charts as fch

    return fch.LineChart(
        height=180,
        expand=False,
        data_series=[
            fch.LineChartData(
                points=[
                    kept.get(("point", seat, x, y), fch.LineChartDataPoint, x, y) for x, y in line
                ],
                color=PALETTE[seat % len(PALETTE)],
                stroke_width=3,
                curved=False,
            )
            for seat, line in enumerate(state.series)
        ],
    )


def score_row(number: int, points: tuple[int, ...] | None, seats: int) -> ft.DataRow:
    cells = [ft.DataCell(ft.Text(str(number)))]
    cells += [
        ft.DataCell(ft.Text("…" if p is None else f"{p:+d}")) for p in (points or [None] * seats)
    ]
    return ft.DataRow(cells=cells, key=f"deal-{number}")


@memo
@ft.component
def Scoreboard(state: ScoreState) -> ft.Control:
    """One row per deal (the latest ones until all are asked for), the totals, the chart.

    Its value is the same object until a deal opens or closes: a tap never draws it again.
    """
    lang, names = state.lang, state.names
    show_all, set_show_all = ft.use_state(False)
    kept = use_kept()
    columns = [ft.DataColumn(ft.Text(tr(lang, "score.deal")))] + [
        ft.DataColumn(ft.Text(name), numeric=True) for name in names
    ]
    shown = state.rows if show_all else state.rows[-table_state.RECENT_DEALS :]
    rows = [
        kept.get(("row", number, points), score_row, number, points, len(names))
        for number, points in shown
    ]
    rows.append(
        ft.DataRow(
            cells=[ft.DataCell(ft.Text(tr(lang, "score.total"), weight=ft.FontWeight.BOLD))]
            + [ft.DataCell(ft.Text(str(t), weight=ft.FontWeight.BOLD)) for t in state.totals],
            key="total",
        )
    )
    more = (
        [
            ft.Semantics(
                identifier="action-all-deals",
                content=ft.TextButton(
                    tr(lang, "score.all_deals", count=len(state.rows)),
                    on_click=lambda _: set_show_all(True),
                ),
            )
        ]
        if len(shown) < len(state.rows)
        else []
    )
    legend = ft.Row(
        [
            ft.Row(
                [
                    ft.Container(
                        width=12, height=12, bgcolor=PALETTE[i % len(PALETTE)], border_radius=6
                    ),
                    ft.Text(name, size=14),
                ],
                tight=True,
            )
            for i, name in enumerate(names)
        ],
        wrap=True,
        spacing=10,
    )
    board = ft.Column(
        [
            ft.Text(tr(lang, "table.scoreboard"), size=15, weight=ft.FontWeight.BOLD),
            *more,
            ft.Row(
                [
                    ft.DataTable(
                        columns=columns,
                        rows=rows,
                        column_spacing=16,
                        data_row_min_height=32,
                        data_row_max_height=36,
                        heading_row_height=36,
                    )
                ],
                scroll=ft.ScrollMode.AUTO,
            ),
            chart(state, kept),
            legend,
        ],
        spacing=6,
    )
    return board


def keyed(control: ft.Control, key: str) -> ft.Control:
    """``control`` with a key, for a list whose parts come and go around it."""
    control.key = key
    return control


def follow_other_screens(tm: TableModel) -> None:
    """Other screens of this match (another tab, another phone on the same server) are
    told of every change this one stores, and this one redraws on theirs."""
    page = ft.context.page
    topic = f"match-{tm.keeper.match_id}"

    def subscribe() -> None:
        async def refresh() -> None:
            tm.refresh_from_store()

        page.pubsub.subscribe_topic(topic, lambda _topic, _message: page.run_task(refresh))
        tm.on_stored = lambda: page.pubsub.send_others_on_topic(topic, "stored")

    # Flet's cleanup is its own argument (what the setup returns is not called).
    ft.use_effect(subscribe, [topic], cleanup=lambda: page.pubsub.unsubscribe_topic(topic))


def confirm_shown(tm: TableModel) -> None:
    """Tell the table model which revision the player's screen shows, once it does.

    A drawing sent is not yet a picture seen: a tap made on the old picture (in the same
    frame as another tab's tap, say) may already be on its way. So after the drawing of
    a new revision has gone out, the page is asked something – a round trip behind the
    drawing on the same connection – and only its answer moves the model's revision on:
    the client has the drawing then, and any tap it sent before it arrived first.
    A revision this screen's own write made is taken at once (``TableModel._stored``).
    """
    page = ft.context.page
    revision = tm.keeper.revision

    async def confirm() -> None:
        if tm.shows(revision):  # this screen's own write: its player made it
            return
        # Any answer will do, even an error (a closed session, a platform without device
        # information): it came back after the drawing. Were none to come, the screen
        # would refuse every tap as made on the older picture rather than credit it.
        with contextlib.suppress(Exception):
            await page.get_device_info()
        tm.shown(revision)

    ft.use_effect(confirm, [revision])


def scroll_to_top_on_new_deal(tm: TableModel) -> ft.Ref[ft.Column]:
    """The table's scrolling part, brought back to its top when a new deal starts.

    "Next deal" often sits below the fold, so the player has scrolled down to it; the new
    deal's cards would then open half scrolled away.
    """
    page = ft.context.page
    # Kept beside the table's observable fields, as the buttons are: changing them draws
    # nothing.
    scroller: ft.Ref[ft.Column] = tm.__dict__.setdefault("_scroller", ft.Ref())
    log = tm.match.current
    number = log.number if log is not None else -1

    async def scroll(column: ft.Column) -> None:
        # A nicety, never an error: a screen closed meanwhile has nothing left to scroll.
        with contextlib.suppress(RuntimeError):
            await column.scroll_to(offset=0)

    def to_top() -> None:
        column = scroller.current
        if tm.__dict__.get("_scrolled_for", number) != number and column is not None:
            page.run_task(scroll, column)
        tm.__dict__["_scrolled_for"] = number

    ft.use_effect(to_top, [number])
    return scroller


@ft.component
def TableScreen(tm: TableModel, on_rule, width: float = 360) -> ft.Control:
    _ = tm.rev  # re-render whenever the match changes; the parts below skip what did not
    kept = use_kept()  # the parts called as last time are handed back as they were
    follow_other_screens(tm)
    confirm_shown(tm)
    kept_buttons(tm).done()
    scroller = scroll_to_top_on_new_deal(tm)
    wide = width >= WIDE
    deal = tm.deal
    log = tm.match.current
    pinned = ft.Column(
        [
            kept.call("header", Header, table_state.header(tm)),
            kept.call("last", LastLine, tm.last_entry(), tm.undo_label(), tm.lang, tm.undo),
            NoticeBanner(tm, on_rule) if tm.notice else kept.get("no-notice", no_notice),
            *(
                [ViolationPanel(pending, tm.lang, tm.let_stand, tm.annul_for)]
                if (pending := table_state.pending_violations(tm))
                else []
            ),
        ],
        spacing=6,
    )
    # Every part of the play column has a key: when the deal's summary comes in above
    # them, Flet's diff moves the board and the buttons instead of drawing them anew.
    board = (
        kept.call("board", Board, tm.game_id, deal.view(), tuple(tm.names), tm.lang, key="board")
        if deal is not None
        else ft.Container(key="board")
    )
    closed = log is not None and log.status is not Status.OPEN
    # The room the picker has: the play column less the page's margins and the gap.
    room = (width - 40) * 7 / 12 if wide else width - 24
    picking = tm.expected() is not None or tm.editing is not None
    # No card is expected between deals: the picker steps aside for "next deal".
    picker = Picker(tm, room, wide, picking, kept)
    # The board goes first while the picker has one line per suit; a bigger deck on a
    # phone needs the room, and the picker itself shows which cards are down.
    longest = max((len(cards) for _, cards in table_state.deck_rows(tm)), default=0)
    board_first = longest <= per_line(room, wide)
    play = [
        *(
            [DealSummary(tm.deal_summary(), key="summary")]
            if log is not None and closed and log.points is not None
            else []
        ),
        *([board] if board_first else []),
        keyed(Actions(tm), "actions"),
        keyed(picker, "picker"),
        *([] if board_first else [board]),
        kept.get("divider", ft.Divider),
        keyed(TableActions(tm), "table-actions"),
    ]

    def side() -> list[ft.Control]:
        return [
            kept.call(
                "entries", EntryList, table_state.entry_lines(tm), tm.lang, tm.start_correcting
            ),
            kept.call("scores", Scoreboard, table_state.scores(tm)),
        ]

    if not wide:
        # A phone draws the entry list and the scoreboard only when asked: below the fold
        # they would cost every tap a frame of layout that nobody sees.
        lists = kept_buttons(tm).button(
            "lists",
            tr(tm.lang, "table.hide_lists" if tm.show_lists else "table.show_lists"),
            tm.toggle_lists,
        )
        return ft.Column(
            [
                pinned,
                ft.Column(
                    [*play, lists, *(side() if tm.show_lists else [])],
                    spacing=10,
                    scroll=ft.ScrollMode.AUTO,
                    expand=True,
                    ref=scroller,
                ),
            ],
            spacing=8,
            expand=True,
        )
    return ft.Row(
        [
            ft.Column(
                [
                    pinned,
                    ft.Column(
                        play, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True, ref=scroller
                    ),
                ],
                spacing=8,
                expand=7,
            ),
            ft.Column(side(), spacing=14, scroll=ft.ScrollMode.AUTO, expand=5),
        ],
        spacing=16,
        expand=True,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
