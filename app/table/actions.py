"""The entry buttons of the moment, and – kept apart below the cards – what the table
decides now and then (annul the deal, end the match)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

import flet as ft

from app.cards_view import SmallCard
from app.games.common import SMALL_CARD
from app.games.plugin import Option
from app.i18n import tr
from app.kept import Same
from app.suits import on_table_colour, suit_mark
from app.table.buttons import ACTION_ICONS, icon_button, kept_buttons
from app.table.mode import Answering, AskingWho, Correcting, Picking
from app.table.model import TableModel


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


def answer_button(tm: TableModel, option: Option) -> ft.Control:
    """One answer to the question asked: 48 px high, showing the card or the suit it is
    about beside its words."""
    shows: list[ft.Control] = []
    if option.card is not None:
        shows.append(SmallCard(option.card, tm.lang, width=SMALL_CARD))
    if option.suit is not None:
        shows.append(suit_mark(option.suit, 20, on_table_colour(option.suit)))
    return ft.Semantics(
        identifier=f"choice-{option.key}",
        content=ft.OutlinedButton(
            content=ft.Row([*shows, ft.Text(option.label)], tight=True, spacing=6),
            on_click=lambda _: tm.answer(option),
            height=48,
        ),
    )


@ft.component
def ButtonRow(buttons: Same[ft.Control]) -> ft.Control:
    """A row of buttons, wrapping; drawn again only when one of them is another control
    (the table's buttons are kept while they show the same)."""
    return ft.Row(
        list(buttons),
        wrap=True,
        spacing=8,
        run_spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,  # a strip's head beside them
    )


def action_buttons(tm: TableModel) -> list[ft.Control]:
    """The buttons of the moment: what the mode asks for, else the entries the rules expect
    besides a card, "someone else played", and "next deal" between deals."""
    lang, mode = tm.lang, tm.mode
    button = kept_buttons(tm).button
    buttons: list[ft.Control] = []
    cancel = partial(button, "cancel", tr(lang, "action.cancel"), tm.cancel)
    if isinstance(mode, Answering):
        buttons = [answer_button(tm, option) for option in mode.question.options]
        buttons.append(cancel())
        return buttons
    if isinstance(mode, Correcting):
        buttons = [button("cancel", tr(lang, "action.cancel"), tm.cancel)]
        if tm.can_correct_to_pass():
            buttons.insert(0, button("correct-pass", tr(lang, "action.pass"), tm.correct_to_pass))
        return buttons
    if isinstance(mode, AskingWho):
        buttons = seat_buttons(tm, range(len(tm.names)), None, tm.play_for)
        buttons.append(cancel())
        return buttons
    if isinstance(mode, Picking):
        pick = tm.game.picks[mode.kind]
        if pick.choose_seat:
            buttons += seat_buttons(tm, tm.pick_seats(mode.kind), mode.seat, tm.choose_player)
        confirm = (
            tr(lang, f"action.{mode.kind}")
            if not pick.cards
            else tr(lang, "action.confirm", count=len(mode.picked))
        )
        buttons.append(button("confirm", confirm, tm.confirm_picking, primary=True))
        buttons.append(cancel())
        return buttons
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
    playing = expected is not None and "play" in expected.kinds and expected.player is not None
    if playing:
        # What the game offers the player to act besides one card (domino: several), as
        # an icon with its words for a screen reader: the row stays one line on a phone.
        for kind in tm.game.play_actions(tm):
            icon = ACTION_ICONS.get(kind, ft.Icons.MORE_HORIZ)
            buttons.append(
                icon_button(
                    f"action-{kind}", icon, tr(lang, f"action.{kind}"), partial(tm.act, kind)
                )
            )
    log = tm.match.current
    if log is not None and log.status.value != "open" and not tm.match.finished:
        buttons.append(
            button("next_deal", tr(lang, "action.next_deal"), tm.next_deal, primary=True)
        )
    return buttons


def table_actions(tm: TableModel) -> tuple[object, ...]:
    """The arguments of ``TableActions`` now: the table (not observed), its buttons, and
    the watch link's dialog while it is open (its address and language)."""
    watching = tm.watch_url if tm.showing_watch else None
    return (Same([tm]), Same(decision_buttons(tm)), watching, tm.lang)


@ft.component
def TableActions(
    table: Same[TableModel], buttons: Same[ft.Control], watching: str | None, lang: str
) -> ft.Control:
    """What the table decides now and then – annul the deal, end the match, reopen it, show
    the watch link – kept apart below the cards, so that a tap meant for a card never lands
    on them; annulling and ending ask once first (``TableModel.ask``)."""
    [tm] = table
    # The watch link opens over the table, where a phone shows it whole without scrolling.
    ft.use_dialog(watch_dialog(tm) if watching is not None else None)
    return ft.Row(list(buttons), wrap=True, spacing=8, run_spacing=8)


def decision_buttons(tm: TableModel) -> list[ft.Control]:
    lang = tm.lang
    button = kept_buttons(tm).button
    buttons: list[ft.Control] = []
    if tm.expected() is not None:
        buttons.append(button("annul", tr(lang, "action.annul"), partial(tm.ask, "annul")))
    if tm.match.stopped:
        buttons.append(button("reopen", tr(lang, "action.reopen"), tm.reopen, primary=True))
    elif not tm.match.finished:
        buttons.append(button("stop", tr(lang, "action.stop"), partial(tm.ask, "stop")))
    if tm.watch_url is not None:
        buttons.append(button("watch-link", tr(lang, "club.show_watch"), tm.toggle_watch))
    return buttons


def watch_dialog(tm: TableModel) -> ft.AlertDialog:
    """The match's watch link as a dialog: its QR code for the players' phones, closed by
    its button or a tap beside it."""
    from app.club import WatchLink

    assert tm.watch_url is not None
    close = ft.Semantics(
        identifier="action-watch-close",
        content=ft.TextButton(
            tr(tm.lang, "notice.close"), height=48, on_click=lambda _: tm.hide_watch()
        ),
    )
    return ft.AlertDialog(
        title=tr(tm.lang, "club.show_watch"),
        content=WatchLink(tm.watch_url, tm.lang),
        actions=[close],
        scrollable=True,
        on_dismiss=lambda _: tm.hide_watch(),
    )
