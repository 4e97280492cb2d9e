"""Players: the roster with rename and merge, and each player's record per game."""

from __future__ import annotations

import flet as ft

from app.games import ordered
from app.i18n import format_number, format_percent, tr
from app.model import AppModel
from app.number_table import number_table
from app.widths import WIDE
from rules.grammar import GENDERS

# The roster's fields: on a 360 px phone „Naujas vardas / su kuo sujungti“ in one line.
ROSTER_FIELD = 320


# The statistics' columns: each heading whole (a tablet, and a screen reader everywhere),
# and cut short where six columns must fit a phone (None: never cut).
HEADINGS = (
    ("players.name", None),
    ("players.matches_full", "players.matches"),
    ("players.wins_full", "players.wins"),
    ("players.win_rate_full", "players.win_rate"),
    ("players.per_deal_full", "players.per_deal"),
    ("players.violations_full", "players.violations"),
)


def stat_column(lang: str, whole: str, short: str | None, wide: bool) -> ft.DataColumn:
    """A column of the statistics, headed in a whole word where the screen is ``wide``,
    else in its short form (whole for a screen reader)."""
    text, numeric = tr(lang, whole), whole != "players.name"
    if short is None or wide:
        return ft.DataColumn(label=ft.Text(text), numeric=numeric)
    # No tooltip: Flutter's tooltip would be read after the label, the word twice.
    return ft.DataColumn(label=ft.Text(tr(lang, short), semantics_label=text), numeric=numeric)


def _rate(lang: str, value: float | None) -> str:
    return "–" if value is None else format_percent(lang, value)


def _average(lang: str, value: float | None) -> str:
    return "–" if value is None else format_number(lang, round(value, 2))


def gender_chips(model: AppModel, name: str) -> list[ft.Control]:
    """The chosen player's gender ("jis" / "ji"): the sentences about him or her agree."""
    gender = model.roster_genders().get(name)
    if gender is None:
        return []
    return [
        ft.Row(
            [
                ft.Text(tr(model.lang, "players.gender"), size=14),
                *(
                    ft.Semantics(
                        identifier=f"gender-{g}",
                        content=ft.Chip(
                            label=ft.Text(tr(model.lang, f"gender.{g}")),
                            selected=gender == g,
                            on_select=lambda _, g=g: model.set_gender(name, g),
                        ),
                    )
                    for g in GENDERS
                ),
            ],
            spacing=8,
        )
    ]


@ft.component
def PlayersScreen(model: AppModel) -> ft.Control:
    lang = model.lang
    game = model.stats_game
    stats = model.stats()
    old, set_old = ft.use_state("")
    new, set_new = ft.use_state("")
    chips: list[ft.Control] = [
        ft.Semantics(
            identifier="stats-all",
            content=ft.Chip(
                height=48,
                label=ft.Text(tr(lang, "players.all_games")),
                selected=game is None,
                on_select=lambda _: setattr(model, "stats_game", None),
            ),
        )
    ]
    chips += [
        ft.Semantics(
            identifier=f"stats-{g}",
            content=ft.Chip(
                height=48,
                label=ft.Text(tr(lang, f"game.{g}.name")),
                selected=game == g,
                on_select=lambda _, g=g: setattr(model, "stats_game", g),
            ),
        )
        for g in (game.id for game in ordered())
    ]
    wide = model.width >= WIDE
    columns = [stat_column(lang, whole, short, wide) for whole, short in HEADINGS]
    rows = [
        ft.DataRow(
            cells=[
                ft.DataCell(ft.Text(s.name)),
                ft.DataCell(ft.Text(str(s.matches))),
                ft.DataCell(ft.Text(str(s.wins))),
                ft.DataCell(ft.Text(_rate(lang, s.win_rate))),
                ft.DataCell(ft.Text(_average(lang, s.points_per_deal))),
                ft.DataCell(ft.Text(str(s.violations))),
            ]
        )
        for s in stats
        if s.matches
    ]
    played = [s for s in stats if s.finished]
    import flet_charts as fch  # type: ignore[import-untyped]  # drawn here, not at the start

    chart = (
        fch.BarChart(
            height=180,
            groups=[
                fch.BarChartGroup(
                    x=i,
                    rods=[
                        fch.BarChartRod(
                            from_y=0,
                            to_y=round(100 * (s.win_rate or 0)),
                            width=18,
                            color=ft.Colors.PRIMARY,
                            tooltip=f"{s.name}: {_rate(lang, s.win_rate)}",
                        )
                    ],
                )
                for i, s in enumerate(played)
            ],
            bottom_axis=fch.ChartAxis(
                labels=[
                    fch.ChartAxisLabel(value=i, label=ft.Text(s.name, size=11))
                    for i, s in enumerate(played)
                ],
                label_size=28,
            ),
            max_y=100,
        )
        if played
        else ft.Container()
    )
    names = [s.name for s in stats]
    return ft.Column(
        [
            ft.Text(tr(lang, "players.title"), size=22, weight=ft.FontWeight.BOLD),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            # six columns on a 360 px phone: gaps a little narrower than the scoreboard's
            number_table("player-stats", columns, rows, gap=10)
            if rows
            else ft.Text(tr(lang, "players.none")),
            *(
                [ft.Text(tr(lang, "players.win_chart"), size=15, weight=ft.FontWeight.BOLD), chart]
                if played
                else []
            ),
            ft.Text(tr(lang, "players.roster"), size=15, weight=ft.FontWeight.BOLD),
            ft.Text(tr(lang, "players.roster_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Dropdown(
                label=tr(lang, "players.who"),
                value=old or None,
                width=ROSTER_FIELD,
                options=[ft.DropdownOption(key=n, text=n) for n in names],
                on_select=lambda e: set_old(e.control.value or ""),
            ),
            *gender_chips(model, old),
            ft.TextField(
                label=tr(lang, "players.new_name"),
                value=new,
                width=ROSTER_FIELD,
                on_change=lambda e: set_new(e.control.value),
            ),
            ft.Row(
                [
                    ft.Semantics(
                        identifier="action-rename",
                        content=ft.OutlinedButton(
                            tr(lang, "players.rename"),
                            icon=ft.Icons.EDIT,
                            height=48,
                            on_click=lambda _: model.rename(old, new),
                        ),
                    ),
                    ft.Semantics(
                        identifier="action-merge",
                        content=ft.OutlinedButton(
                            tr(lang, "players.merge"),
                            icon=ft.Icons.MERGE,
                            height=48,
                            on_click=lambda _: model.merge(new, old),
                        ),
                    ),
                ],
                wrap=True,
                spacing=8,
            ),
            ft.Text(model.message, size=14) if model.message else ft.Container(),
        ],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
