"""The rules screen: the game's rules in the chosen language, searchable, one paragraph lit."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.describe import option_value
from app.i18n import tr
from app.rules_text import marked, rules_page, search
from rules import GAMES
from rules.options import COMMON, help_text


def OptionsInForce(game: str, lang: str, options: dict[str, Any]) -> ft.Control:
    """The options of the match the rules were opened from, with what each means."""
    rows = []
    for option in GAMES[game].OPTIONS + COMMON:
        rows.append(
            ft.Column(
                [
                    ft.Text(
                        f"{tr(lang, f'option.{option.name}')}: "
                        f"{option_value(lang, options.get(option.name))}",
                        size=14,
                        weight=ft.FontWeight.W_600,
                    ),
                    ft.Text(
                        help_text(game, option, lang),
                        size=12,
                        color=ft.Colors.ON_SECONDARY_CONTAINER,
                    ),
                ],
                spacing=0,
            )
        )
    return ft.Semantics(
        identifier="rules-options",
        content=ft.Container(
            padding=12,
            border_radius=10,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            content=ft.Column(
                [ft.Text(tr(lang, "rules.in_force"), size=17, weight=ft.FontWeight.BOLD), *rows],
                spacing=6,
            ),
        ),
    )


@ft.component
def RulesScreen(
    game: str, lang: str, anchor: str | None, options: dict[str, Any] | None
) -> ft.Control:
    query, set_query = ft.use_state("")
    title, paragraphs = rules_page(game, lang)
    shown = search(game, lang, query) if query.strip() else paragraphs
    if anchor and not query.strip():  # the paragraph a refusal pointed to comes first
        shown = tuple(sorted(shown, key=lambda p: p.anchor != anchor))
    searching = bool(query.strip())

    def lit(text: str, size: int, bold: bool = False) -> ft.Text:
        """The text, the words the search found marked (bold, on the highlight colour)."""
        weight = ft.FontWeight.BOLD if bold else None
        if not searching:
            return ft.Text(text, size=size, weight=weight, selectable=not bold)
        found = ft.TextStyle(weight=ft.FontWeight.BOLD, bgcolor=ft.Colors.TERTIARY_CONTAINER)
        return ft.Text(
            spans=[
                ft.TextSpan(piece, style=found if hit else None)
                for piece, hit in marked(query, text, lang)
            ],
            size=size,
            weight=weight,
        )

    cards: list[ft.Control] = [
        ft.Semantics(
            identifier=f"rule-{p.anchor}",
            content=ft.Container(
                padding=12,
                border_radius=10,
                bgcolor=ft.Colors.TERTIARY_CONTAINER
                if p.anchor == anchor
                else ft.Colors.SURFACE_CONTAINER_LOW,
                content=ft.Column([lit(p.title, 17, bold=True), lit(p.body, 15)], spacing=4),
            ),
        )
        for p in shown
    ]
    options_card = [OptionsInForce(game, lang, options)] if options else []
    if searching:  # what the search found first, then the table's options
        found = cards or [ft.Text(tr(lang, "rules.nothing"))]
        body = [*found, *options_card]
    elif anchor:  # the paragraph a refusal pointed to, the options, the rest
        body = [*cards[:1], *options_card, *cards[1:]]
    else:
        body = [*options_card, *cards]
    return ft.Column(
        [
            ft.Text(title, size=22, weight=ft.FontWeight.BOLD),
            ft.Semantics(
                identifier="rules-search",
                content=ft.TextField(
                    label=tr(lang, "rules.search"),
                    prefix_icon=ft.Icons.SEARCH,
                    value=query,
                    on_change=lambda e: set_query(e.control.value),
                ),
            ),
            *body,
        ],
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        # The search field and every paragraph as wide as the screen: one edge to read down.
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
