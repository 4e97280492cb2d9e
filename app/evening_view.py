"""The organiser's screen (``/club/evening``): the evening's rounds from the app.

Before the first round he chooses the game and its options (the new-match form's own
pieces), names the tables and seats their players, and begins round 1. Then the screen
shows the round's tables with the state of their matches, and "Kitas ratas" shows who
goes where before the next round begins. The screen follows the club's store
(``app.board.use_board``): a match finished at any table is shown without a reload.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.board import use_board
from app.evening_model import EveningModel
from app.i18n import number, tr
from app.model import AppModel
from app.new_match import TOUCH, NewMatchModel, game_chips, option_control
from models.summaries import MatchSummary
from rules.names import name_key

# A round's table: its match being played, or over (finished or stopped).
PLAYING, DONE = ft.Colors.PRIMARY_CONTAINER, ft.Colors.SURFACE_CONTAINER_HIGHEST


def heading(text: str) -> ft.Control:
    return ft.Text(text, size=17, weight=ft.FontWeight.BOLD)


def refusal(text: str | None) -> list[ft.Control]:
    """What was refused, said once, loud and kind (read out when it appears); a line of
    the store's, written for the command line, as a sentence."""
    if not text:
        return []
    text = text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
    return [
        ft.Semantics(
            identifier="evening-error",
            live_region=True,
            label=text,
            content=ft.Container(
                bgcolor=ft.Colors.ERROR_CONTAINER,
                border_radius=10,
                padding=10,
                content=ft.Text(text, color=ft.Colors.ON_ERROR_CONTAINER, size=15),
            ),
        )
    ]


def button(
    identifier: str, text: str, icon: ft.IconData, on_click: Any, *, filled: bool = True
) -> ft.Control:
    kind = ft.FilledButton if filled else ft.OutlinedButton
    return ft.Semantics(
        identifier=identifier,
        content=kind(text, icon=icon, height=48, on_click=lambda _: on_click()),
    )


@ft.component
def TableEditor(
    ev: EveningModel,
    index: int,
    name: str,
    players: list[str],
    free: list[str],
    active: bool,
    lang: str,
    roster: list[str],
) -> ft.Control:
    """One table being seated: its ``name``, its ``players`` in order, a field for a new
    name and the roster's names not seated anywhere (``free``; only at the ``active``
    table, else a button that makes it the active one). What it shows comes as its
    arguments: a change of any of them draws it again."""
    draft = ft.use_ref("")  # the name being typed: kept, never echoed back (as on new-match)

    def typed(e: ft.Event[ft.TextField]) -> None:
        ft.context.disable_auto_update()  # type: ignore[no-untyped-call]  # untyped in Flet
        draft.current = e.control.value or ""

    def renamed(e: ft.Event[ft.TextField]) -> None:
        ft.context.disable_auto_update()  # type: ignore[no-untyped-call]  # untyped in Flet
        ev.tables[index].name = e.control.value or ""  # read when the round begins

    def add(name: str) -> None:
        if ev.add_player(index, name, lang, roster):
            draft.current = ""

    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Semantics(
                    identifier=f"table-{index}-name",
                    expand=True,
                    content=ft.TextField(
                        value=name,
                        label=tr(lang, "evening.table_name"),
                        on_change=renamed,
                        on_blur=lambda e: ev.rename_table(index, e.control.value or ""),
                    ),
                ),
                ft.Semantics(
                    identifier=f"action-remove-table-{index}",
                    content=ft.IconButton(
                        ft.Icons.DELETE_OUTLINE,
                        size_constraints=TOUCH,
                        tooltip=tr(lang, "evening.remove_table"),
                        on_click=lambda _: ev.remove_table(index),
                    ),
                ),
            ]
        )
    ]
    for seat, player in enumerate(players):
        rows.append(
            ft.Semantics(
                identifier=f"table-{index}-player-{seat}",
                label=player,
                content=ft.Row(
                    [
                        ft.Text(f"{seat + 1}.", width=24),
                        ft.Text(player, size=16, expand=True),
                        ft.IconButton(
                            ft.Icons.ARROW_UPWARD,
                            size_constraints=TOUCH,
                            tooltip=tr(lang, "new.up"),
                            on_click=lambda _, s=seat: ev.move_player(index, s, -1),
                        ),
                        ft.IconButton(
                            ft.Icons.DELETE,
                            size_constraints=TOUCH,
                            tooltip=tr(lang, "new.remove"),
                            on_click=lambda _, s=seat: ev.remove_player(index, s),
                        ),
                    ],
                    spacing=0,
                ),
            )
        )
    rows.append(
        ft.Row(
            [
                ft.Semantics(
                    identifier=f"table-{index}-new",
                    expand=True,
                    content=ft.TextField(
                        label=tr(lang, "new.name"),
                        value=draft.current or "",
                        on_change=typed,
                        on_submit=lambda e: add(e.control.value or ""),
                    ),
                ),
                ft.Semantics(
                    identifier=f"action-add-player-{index}",
                    content=ft.FilledTonalButton(
                        tr(lang, "new.add"),
                        icon=ft.Icons.PERSON_ADD,
                        height=48,
                        on_click=lambda _: add(draft.current or ""),
                    ),
                ),
            ]
        )
    )
    if free and active:
        rows.append(
            ft.Row(
                [
                    ft.Chip(
                        height=48,
                        label=ft.Text(known),
                        on_click=lambda _, n=known: ev.add_player(index, n, lang, roster),
                    )
                    for known in free
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    elif free:
        rows.append(
            ft.Semantics(
                identifier=f"action-roster-{index}",
                content=ft.TextButton(
                    tr(lang, "evening.roster_here"),
                    icon=ft.Icons.PEOPLE,
                    height=48,
                    on_click=lambda _: ev.choose_table(index),
                ),
            )
        )
    return ft.Semantics(
        identifier=f"seat-table-{index}",
        content=ft.Container(
            border=ft.Border.all(2 if active else 1, ft.Colors.OUTLINE_VARIANT),
            border_radius=12,
            padding=10,
            content=ft.Column(rows, spacing=6),
        ),
    )


@ft.component
def GameOptions(setup: NewMatchModel, lang: str) -> ft.Control:
    """The game's options, each as on the new-match form (drawn again as one changes)."""
    return ft.Column([option_control(setup, option, lang) for option in setup.all_options()])


def seating_rows(m: AppModel, ev: EveningModel, round_number: int) -> list[ft.Control]:
    """The tables to seat and the game to play, then "Pradėti N ratą"."""
    lang, roster = m.lang, m.roster()
    low, high = ev.setup.seat_limits()
    rows: list[ft.Control] = [
        heading(tr(lang, "new.game")),
        game_chips(ev.setup.game, lang, lambda g: ev.choose_game(g, m.settings.defaults(g))),
        heading(tr(lang, "evening.tables", low=low, high=high)),
        ft.Text(tr(lang, "evening.order_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    seated = ev.seated()
    free = [name for name in roster if name_key(name) not in seated]
    for index, table in enumerate(ev.tables):
        rows.append(
            TableEditor(  # type: ignore[call-arg]  # Flet's components take a key; untyped
                ev,
                index,
                table.name,
                list(table.seats.players),
                free,
                ev.active == index,
                lang,
                roster,
                key=f"seat-{index}",
            )
        )
    rows += [
        button(
            "action-add-table",
            tr(lang, "evening.add_table"),
            ft.Icons.ADD,
            ev.add_table,
            filled=False,
        ),
        ft.Semantics(
            identifier="draw-seats",
            content=ft.Switch(
                label=tr(lang, "evening.draw"),
                value=ev.draw,
                height=48,
                on_change=lambda e: setattr(ev, "draw", bool(e.control.value)),
            ),
        ),
        heading(tr(lang, "new.options")),
        GameOptions(ev.setup, lang),
        *refusal(ev.error),
        button(
            "action-start-round",
            tr(lang, "evening.start", round=round_number),
            ft.Icons.PLAY_ARROW,
            lambda: ev.start(m.store, lang),
        ),
    ]
    if ev.stop_offered:  # the last round still plays: stopped only when he says so
        rows.append(
            button(
                "action-close-round",
                tr(lang, "evening.close", round=round_number - 1, next=round_number),
                ft.Icons.STOP_CIRCLE,
                lambda: ev.start(m.store, lang, stop=True),
            )
        )
    if ev.seating:
        rows.append(
            button(
                "action-cancel", tr(lang, "evening.cancel"), ft.Icons.CLOSE, ev.cancel, filled=False
            )
        )
    return rows


def state_of(lang: str, match: MatchSummary) -> str:
    if match.stopped:
        return tr(lang, "history.stopped")
    return tr(lang, "history.finished" if match.status == "finished" else "history.open.status")


def round_rows(m: AppModel, ev: EveningModel, last: Any) -> list[ft.Control]:
    """The round being played: each table with its match's state; the next round, shown
    before it begins."""
    from models.rounds import RoundError, next_seating

    lang, store = m.lang, m.store
    round_number, game = last[0], last[1]
    rows: list[ft.Control] = [
        heading(
            tr(
                lang,
                "evening.round",
                round=round_number,
                game=tr(lang, f"game.{game}.name"),
            )
        )
    ]
    for n, match in enumerate(store.round_matches(round_number), 1):
        totals = ", ".join(f"{p} {number(t)}" for p, t in zip(match.players, match.totals))
        state = state_of(lang, match)
        table = tr(lang, "club.table", table=match.table)
        rows.append(
            ft.Semantics(
                identifier=f"round-table-{n}",
                label=f"{table} · {state}: {totals}",
                exclude_semantics=True,
                content=ft.Container(
                    bgcolor=PLAYING if match.status != "finished" and not match.stopped else DONE,
                    border_radius=12,
                    padding=10,
                    content=ft.Column(
                        [
                            ft.Text(f"{table} · {state}", size=16, weight=ft.FontWeight.W_600),
                            ft.Text(totals, size=15),
                        ],
                        spacing=2,
                    ),
                ),
            )
        )
    new_seating = button(
        "action-new-seating",
        tr(lang, "evening.new_seating"),
        ft.Icons.TABLE_RESTAURANT,
        ev.seat_anew,
        filled=False,
    )
    cancel = button(
        "action-cancel", tr(lang, "evening.cancel"), ft.Icons.CLOSE, ev.cancel, filled=False
    )
    if not ev.previewing:
        next_round = button(
            "action-next-round",
            tr(lang, "evening.next", round=round_number + 1),
            ft.Icons.SKIP_NEXT,
            ev.preview,
        )
        return [*rows, *refusal(ev.error), next_round, new_seating]
    try:
        moves = next_seating(store)
    except RoundError as exc:  # tables of different sizes: no movement; seat them anew
        return [*rows, *refusal(exc.message(lang)), new_seating, cancel]
    rows.append(heading(tr(lang, "evening.moves", round=round_number + 1)))
    for n, (table, players) in enumerate(moves, 1):
        text = f"{tr(lang, 'club.table', table=table)}: {', '.join(players)}"
        rows.append(
            ft.Semantics(
                identifier=f"next-table-{n}",
                label=text,
                exclude_semantics=True,
                content=ft.Text(text, size=15),
            )
        )
    rows += refusal(ev.error)
    if ev.stop_offered:
        rows.append(
            button(
                "action-close-round",
                tr(lang, "evening.close", round=round_number, next=round_number + 1),
                ft.Icons.STOP_CIRCLE,
                lambda: ev.next_round(store, lang, stop=True),
            )
        )
    else:
        rows.append(
            button(
                "action-confirm-next",
                tr(lang, "evening.begin", round=round_number + 1),
                ft.Icons.PLAY_ARROW,
                lambda: ev.next_round(store, lang),
            )
        )
    return [*rows, cancel]


@ft.component
def EveningScreen(m: AppModel, ev: EveningModel, setup: NewMatchModel) -> ft.Control:
    """The organiser's screen: seat a round, or follow the round and begin the next
    (``ev``: his evening, and ``setup`` its game's form, given so that their changes draw
    the screen again: an option may change how many players a table takes)."""
    use_board(m.store, m.lang)  # drawn again when a match moves anywhere
    last = m.store.last_round()
    rows: list[ft.Control] = [
        ft.Text(tr(m.lang, "evening.title"), size=22, weight=ft.FontWeight.BOLD)
    ]
    if last is None or ev.seating:
        rows += seating_rows(m, ev, 1 if last is None else last[0] + 1)
    else:
        rows += round_rows(m, ev, last)
    return ft.Column(
        rows,
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,  # the cards as wide as the page
    )


@ft.component
def OrganiserOnly(lang: str) -> ft.Control:
    """What an operator's device sees at the organiser's address."""
    return ft.Semantics(
        identifier="evening-refused",
        label=tr(lang, "evening.organiser_only"),
        content=ft.Text(tr(lang, "evening.organiser_only"), size=16),
    )
