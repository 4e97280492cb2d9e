"""The evening's results page (``/club/results``): every finished match with its table,
round, finishing time, players and totals, then each game's standings with the rating
change of the evening.

The page is drawn from ``models.evening.results``, the very value ``club results``
writes to ``results.json``, and offers that file and ``results.csv`` for download: the
page and the export cannot disagree. It follows the store (``app.board.use_board``): a
match finished anywhere is listed without a reload.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

import flet as ft

from app.board import use_board
from app.history import save_file
from app.i18n import format_number, format_time, number, tr, trn
from models.evening import changes_csv, results, results_json


def signed_rating(lang: str, value: float) -> str:
    """A rating change to one decimal, with its sign: "+4,2", "−1,3"."""
    shown = round(value, 1)
    return ("+" if shown > 0 else "") + format_number(lang, shown) if shown else "0"


def match_line(lang: str, match: dict[str, Any]) -> tuple[str, str]:
    """A finished match in two lines: where and when, then the players' totals."""
    parts = [tr(lang, f"game.{match['game']}.name")]
    if match["table"]:
        parts.insert(0, tr(lang, "club.table", table=match["table"]))
    if match["round"]:
        parts.insert(0, tr(lang, "board.round", round=match["round"]))
    if match["finished_at"]:
        parts.append(format_time(lang, datetime.fromisoformat(match["finished_at"])))
    if match["stopped"]:
        parts.append(tr(lang, "history.stopped"))
    totals = ", ".join(f"{p} {number(t)}" for p, t in zip(match["players"], match["totals"]))
    return " · ".join(parts), totals


@ft.component
def ResultsScreen(store: Any, lang: str) -> ft.Control:
    use_board(store, lang)  # drawn again when a match moves anywhere
    found = results(store)
    page = ft.context.page
    rows: list[ft.Control] = [
        ft.Text(tr(lang, "results.title"), size=22, weight=ft.FontWeight.BOLD),
        ft.Row(
            [
                ft.Semantics(
                    identifier=f"action-results-{kind}",
                    content=ft.OutlinedButton(
                        tr(lang, f"results.{kind}"),
                        icon=ft.Icons.DOWNLOAD,
                        height=48,
                        on_click=lambda _, name=name, data=data: page.run_task(
                            save_file, name, data
                        ),
                    ),
                )
                for kind, name, data in (
                    ("json", "results.json", results_json(found).encode()),
                    ("csv", "results.csv", changes_csv(found).encode()),
                )
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
        ft.Text(tr(lang, "results.records_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(
            tr(lang, "results.matches", count=len(found["matches"])),
            size=17,
            weight=ft.FontWeight.BOLD,
        ),
    ]
    if not found["matches"]:
        rows.append(ft.Text(tr(lang, "results.none"), size=15))
    for match in found["matches"]:
        where, totals = match_line(lang, match)
        rows.append(
            ft.Semantics(
                identifier=f"result-{match['id']}",
                label=f"{where}: {totals}",
                exclude_semantics=True,
                content=ft.Container(
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                    border_radius=12,
                    padding=10,
                    content=ft.Column(
                        [
                            ft.Text(where, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                            ft.Text(totals, size=16, weight=ft.FontWeight.W_600),
                        ],
                        spacing=2,
                    ),
                ),
            )
        )
    evening: dict[tuple[str, str], float] = defaultdict(float)
    for change in found["changes"]:
        evening[change["game"], change["player"]] += change["change"]
    for game, standings in found["standings"].items():
        rows.append(
            ft.Text(
                tr(lang, "club.standings", game=tr(lang, f"game.{game}.name")),
                size=17,
                weight=ft.FontWeight.BOLD,
            )
        )
        for place, row in enumerate(standings, 1):
            line = tr(
                lang,
                "results.standing",
                place=place,
                player=row["player"],
                rating=format_number(lang, round(row["rating"], 1)),
                matches=trn(lang, "club.rated_matches", row["matches"]),
                change=signed_rating(lang, evening[game, row["player"]]),
            )
            rows.append(
                ft.Semantics(
                    identifier=f"result-standing-{game}-{place}",
                    label=line,
                    exclude_semantics=True,
                    content=ft.Text(line, size=15),
                )
            )
    return ft.Column(
        rows,
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,  # the cards as wide as the page
    )
