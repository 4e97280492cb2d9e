"""Start the Flet app: on the desktop, or served to a browser on 127.0.0.1 without any CDN."""
from __future__ import annotations

import pathlib

import flet as ft

from app.home import Home
from app.i18n import tr
from app.model import AppModel

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"


@ft.component
def TopBar(model: AppModel) -> ft.Control:
    return ft.AppBar(
        title=ft.Text(tr(model.lang, "app.title"), weight=ft.FontWeight.BOLD),
        actions=[
            ft.Semantics(identifier="action-language", content=ft.TextButton(
                tr(model.lang, "lang.switch"), tooltip=tr(model.lang, "lang.switch.hint"),
                on_click=lambda _: model.toggle_language(),
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=12)))),
            ft.Semantics(identifier="action-theme", content=ft.IconButton(
                ft.Icons.DARK_MODE if not model.dark else ft.Icons.LIGHT_MODE,
                tooltip=tr(model.lang, "theme.toggle"),
                on_click=lambda _: model.toggle_theme())),
        ],
    )


@ft.component
def App() -> ft.Control:
    model, _ = ft.use_state(AppModel)
    page = ft.context.page
    page.theme_mode = ft.ThemeMode.DARK if model.dark else ft.ThemeMode.LIGHT
    page.title = tr(model.lang, "app.title")
    return ft.SafeArea(
        expand=True,
        content=ft.Column([
            TopBar(model),
            ft.Container(Home(model), padding=ft.Padding.symmetric(horizontal=16), expand=True),
        ], expand=True),
    )


def main(page: ft.Page) -> None:
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN)
    page.padding = 0
    page.render(App)


def run(*, web: bool, port: int) -> None:
    if web:
        ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port,
               assets_dir=str(ASSETS), no_cdn=True)
    else:
        ft.run(main, assets_dir=str(ASSETS), no_cdn=True)
