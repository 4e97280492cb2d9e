"""Settings: language, theme, the backup; default options are saved from the new-match form.

The backup ("Atsarginė kopija") leaves through the platform's save dialog and comes back
through its file picker, as the history's records do: a file the player keeps or takes to
another phone (``models.backup``).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.i18n import LANGUAGES, tr
from app.model import AppModel
from app.settings_model import THEMES
from models.backup import MAX_BACKUP_BYTES


async def save_backup(model: AppModel) -> None:
    made = model.backup_file()
    if made is not None:
        name, data = made
        await ft.FilePicker().save_file(file_name=name, src_bytes=data)


async def pick_backup(model: AppModel) -> None:
    files = await ft.FilePicker().pick_files(with_data=True)
    for file in files[:1]:
        if file.bytes is not None:
            model.restore_backup(file.bytes)
        elif file.path:
            with open(file.path, "rb") as handle:  # the reader refuses anything longer
                model.restore_backup(handle.read(MAX_BACKUP_BYTES + 1))


def backup_button(
    identifier: str,
    text: str,
    icon: ft.IconData,
    action: Callable[[ft.Event[ft.OutlinedButton]], object],
) -> ft.Control:
    return ft.Semantics(
        identifier=identifier,
        content=ft.OutlinedButton(text, icon=icon, height=48, on_click=action),
    )


def choices(
    identifier: str, values: list[tuple[str, str]], chosen: str, on_choose: Callable[[str], None]
) -> ft.Control:
    """One of a few values, each a 48 px button, the chosen one filled."""
    return ft.Row(
        [
            ft.Semantics(
                identifier=f"{identifier}-{value}",
                selected=value == chosen,
                content=(ft.FilledButton if value == chosen else ft.OutlinedButton)(
                    text, height=48, on_click=lambda _, v=value: on_choose(v)
                ),
            )
            for value, text in values
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


@ft.component
def SettingsScreen(model: AppModel) -> ft.Control:
    lang = model.lang
    page = ft.context.page
    return ft.Column(
        [
            ft.Text(tr(lang, "settings.title"), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(tr(lang, "settings.language"), size=16, weight=ft.FontWeight.W_600),
            choices(
                "settings-language",
                [(code, tr(lang, f"settings.lang.{code}")) for code in LANGUAGES],
                lang,
                model.set_language,
            ),
            ft.Text(tr(lang, "settings.theme"), size=16, weight=ft.FontWeight.W_600),
            choices(
                "settings-theme",
                [(theme, tr(lang, f"settings.theme.{theme}")) for theme in THEMES],
                model.theme,
                model.set_theme,
            ),
            ft.Text(
                tr(lang, "settings.defaults_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT
            ),
            ft.Text(tr(lang, "settings.backup"), size=16, weight=ft.FontWeight.W_600),
            ft.Text(tr(lang, "settings.backup.hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row(
                [
                    backup_button(
                        "action-backup",
                        tr(lang, "settings.backup.save"),
                        ft.Icons.SAVE_ALT,
                        lambda _: page.run_task(save_backup, model),
                    ),
                    backup_button(
                        "action-restore",
                        tr(lang, "settings.backup.restore"),
                        ft.Icons.RESTORE,
                        lambda _: page.run_task(pick_backup, model),
                    ),
                ],
                wrap=True,
            ),
            ft.Semantics(identifier="settings-message", content=ft.Text(model.message, size=14))
            if model.message
            else ft.Container(),
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
