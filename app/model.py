"""The app's observable model: which screen is up, the language, the open match.

Views read these fields; handlers call its methods; assigning a field
re-renders the components that read it. The store is opened once, at start.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from app.i18n import DEFAULT_LANGUAGE, tr
from app.new_match import NewMatchModel
from app.table_model import Notice, TableModel

# The order the home screen lists the games in (the players' favourite first).
GAME_ORDER = ("ramsas", "bumas", "devynake", "domino")


@ft.observable
@dataclass
class AppModel:
    store: Any = None  # models.Store, or None when the database could not be opened
    problem: str | None = None  # why the store is missing, or what happened to a damaged file
    lang: str = DEFAULT_LANGUAGE
    dark: bool = False
    screen: str = "home"  # home, new, table, rules
    table: TableModel | None = None
    new_match: NewMatchModel = field(default_factory=NewMatchModel)
    rules_game: str = "ramsas"
    rules_anchor: str | None = None
    back_to: str = "home"
    version: int = 0  # bumped when stored matches change, so lists re-read the store

    def toggle_language(self) -> None:
        self.lang = "en" if self.lang == "lt" else "lt"
        if self.table is not None:
            self.table.lang = self.lang
            self.table.notice = None

    def toggle_theme(self) -> None:
        self.dark = not self.dark

    # -- navigation ---------------------------------------------------------
    def go_home(self) -> None:
        self.screen = "home"
        self.version += 1

    def open_new(self, game: str | None = None) -> None:
        if game:
            self.new_match.choose_game(game)
        self.screen = "new"

    def open_rules(self, game: str, anchor: str | None = None) -> None:
        self.back_to = self.screen
        self.rules_game, self.rules_anchor, self.screen = game, anchor, "rules"

    def close_rules(self) -> None:
        self.screen = self.back_to

    # -- matches ------------------------------------------------------------
    def start_match(self) -> None:
        plan = self.new_match.validated(self.lang)
        if plan is None or self.store is None:
            return
        live = self.store.create_match(**plan)
        live.start_deal()
        self.table = TableModel(live, self.lang)
        self.new_match = NewMatchModel(game=plan["game"], players=plan["players"])
        self.screen = "table"

    def resume(self, match_id: int) -> None:
        live = self.store.resume(match_id)
        table = TableModel(live, self.lang)
        log = live.match.current
        if log is None and not live.match.finished:
            live.start_deal()
        elif log is not None and log.status.value != "open" and not live.match.finished:
            table.notice = Notice("info", tr(self.lang, "table.resumed_after_deal"))
        self.table = table
        self.screen = "table"

    def matches(self) -> list:
        return self.store.list_matches() if self.store is not None else []

    def roster(self) -> list[str]:
        return self.store.roster() if self.store is not None else []
