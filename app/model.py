"""The app's observable model: what the screens show is derived from it.

Views read these fields; handlers call its methods; assigning a field
re-renders the components that read it.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from app.i18n import DEFAULT_LANGUAGE

# The order the home screen lists the games in (the players' favourite first).
GAME_ORDER = ("ramsas", "bumas", "devynake", "domino")


@ft.observable
@dataclass
class AppModel:
    lang: str = DEFAULT_LANGUAGE
    dark: bool = False

    def toggle_language(self) -> None:
        self.lang = "en" if self.lang == "lt" else "lt"

    def toggle_theme(self) -> None:
        self.dark = not self.dark
