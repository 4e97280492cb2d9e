"""Tables of numbers (the scoreboard, the players' records) that fit a phone."""

from __future__ import annotations

import flet as ft


def number_table(
    identifier: str, columns: list[ft.DataColumn], rows: list[ft.DataRow], *, gap: int
) -> ft.Control:
    """A table that scrolls sideways only when it must.

    Flutter's table keeps margins of its own (24 px a side) inside the page's: on a 360 px
    phone those left the players' six columns and a fifth player's scores partly off the
    screen, so they are near none. ``identifier`` names the table for tests and screen
    readers; ``gap`` is the room between columns.
    """
    return ft.Row(
        [
            ft.Semantics(
                identifier=identifier,
                content=ft.DataTable(
                    columns=columns,
                    rows=rows,
                    horizontal_margin=2,
                    column_spacing=gap,
                    heading_row_height=36,
                    data_row_min_height=32,
                    data_row_max_height=36,
                ),
            )
        ],
        scroll=ft.ScrollMode.AUTO,
    )
