"""Settings that follow the player: language, theme, default options per game.

Kept in the store (so they survive restarts and travel with backups). The
language starts from the device's locale – English when it is English,
Lithuanian otherwise, the app's first language.
"""

from __future__ import annotations

import locale
import os
from typing import Any

from app.i18n import DEFAULT_LANGUAGE, LANGUAGES

THEMES = ("system", "light", "dark")


def device_language(tags: list[str] | None = None) -> str:
    """The app language for the device's locale tags (``en-GB``, ``lt_LT.UTF-8``, …)."""
    if tags is None:
        tags = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
        tags.append(locale.getlocale()[0] or "")
    for tag in tags:
        code = tag.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
        if code and code not in ("c", "posix"):
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


class Settings:
    """Read once at start, written through at each change."""

    def __init__(self, store: Any, *, local: bool = True) -> None:
        """``local``: the app runs on the player's device, so its locale is the device's.

        Served to a browser, this process's locale says nothing about the
        player; the browser reports its own through the page's locale event.
        """
        self.store = store
        self.local = local
        self.values: dict[str, Any] = store.settings() if store is not None else {}

    @property
    def lang(self) -> str:
        value = self.values.get("lang")
        if isinstance(value, str) and value in LANGUAGES:
            return value
        return device_language() if self.local else DEFAULT_LANGUAGE

    @property
    def chosen_lang(self) -> bool:
        return self.values.get("lang") in LANGUAGES

    @property
    def theme(self) -> str:
        value = self.values.get("theme")
        return value if value in THEMES else "system"

    def defaults(self, game: str) -> dict[str, Any]:
        value = self.values.get(f"defaults.{game}")
        return dict(value) if isinstance(value, dict) else {}

    def save(self, key: str, value: Any) -> None:
        self.values[key] = value
        if self.store is not None:
            self.store.save_setting(key, value)
