"""The table's buttons: 48 px high with their icon, and kept from one drawing to the next."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.kept import Kept
from app.table.model import TableModel

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
