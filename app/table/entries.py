"""The open deal's entry list: newest first, each correctable line with its pencil, a
violation and its proof marked; in a trick game each trick under its header."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.i18n import tr
from app.memo import memo
from app.table.buttons import icon_button
from app.table.state import EntryLine

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
                    # A row is at least a finger high, and grows with a line that wraps:
                    # two domino aces put down together, each naming its suit, take three
                    # lines on a phone.
                    ft.Container(width=0, height=48),
                ],
                spacing=4,
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
