"""Settings: language, theme; default options are saved from the new-match form."""

from __future__ import annotations

import flet as ft

from app.i18n import LANGUAGES, tr
from app.model import AppModel
from app.settings_model import THEMES


@ft.component
def SettingsScreen(model: AppModel) -> ft.Control:
    lang = model.lang
    return ft.Column(
        [
            ft.Text(tr(lang, "settings.title"), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(tr(lang, "settings.language"), size=16, weight=ft.FontWeight.W_600),
            ft.Semantics(
                identifier="settings-language",
                content=ft.SegmentedButton(
                    selected=[lang],
                    on_change=lambda e: model.set_language(e.control.selected[0]),
                    segments=[
                        ft.Segment(value=code, label=ft.Text(tr(lang, f"settings.lang.{code}")))
                        for code in LANGUAGES
                    ],
                ),
            ),
            ft.Text(tr(lang, "settings.theme"), size=16, weight=ft.FontWeight.W_600),
            ft.Semantics(
                identifier="settings-theme",
                content=ft.SegmentedButton(
                    selected=[model.theme],
                    on_change=lambda e: model.set_theme(e.control.selected[0]),
                    segments=[
                        ft.Segment(value=theme, label=ft.Text(tr(lang, f"settings.theme.{theme}")))
                        for theme in THEMES
                    ],
                ),
            ),
            ft.Text(
                tr(lang, "settings.defaults_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT
            ),
            ft.Text(
                tr(lang, "settings.database", path=str(getattr(model.store, "path", "–"))),
                size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
                selectable=True,
            ),
        ],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
