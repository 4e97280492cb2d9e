"""The app's observable model: which screen is up, the language, the open match.

Views read these fields; handlers call its methods; assigning a field
re-renders the components that read it. The store is opened once, at start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from app.i18n import DEFAULT_LANGUAGE, tr, trn
from app.new_match import GAME_ORDER, NewMatchModel
from app.settings_model import Settings
from app.table_model import Notice, TableModel
from rules.errors import ReadError
from rules.reader import read_record

__all__ = ["GAME_ORDER", "HISTORY_PAGE", "AppModel"]

HISTORY_PAGE = 50  # matches per page of the history list
UNFINISHED_SHOWN = 6  # unfinished matches on the home screen


@ft.observable
@dataclass
class AppModel:
    store: Any = None  # models.Store, or None when the database could not be opened
    problem: str | None = None  # why the store is missing, or what happened to a damaged file
    settings: Settings = field(default_factory=lambda: Settings(None))
    lang: str = DEFAULT_LANGUAGE
    theme: str = "system"
    screen: str = "home"  # home, new, table, rules, history, match, players, settings
    table: TableModel | None = None
    new_match: NewMatchModel = field(default_factory=NewMatchModel)
    rules_game: str = "ramsas"
    rules_anchor: str | None = None
    rules_options: dict[str, Any] | None = (
        None  # the options of the match the rules were opened from
    )
    back_to: str = "home"
    viewing: TableModel | None = None  # a match opened from the history
    message: str | None = None  # a one-line result of the last history or roster action
    stats_game: str | None = None
    version: int = 0  # bumped when stored matches change, so lists re-read the store
    history_page: int = 0  # the page of the history list shown
    club: Any = None  # models.club.Club on a club's server (``--club``), else None
    operator: bool = True  # on a club's server: logged in with the club's PIN

    @classmethod
    def start(cls, store: Any, problem: str | None, *, local: bool = True) -> AppModel:
        from app.club import club_mode, club_of

        settings = Settings(store, local=local)
        club = club_of(store) if club_mode() else None
        return cls(
            store=store,
            problem=problem,
            settings=settings,
            lang=settings.lang,
            theme=settings.theme,
            club=club,
            operator=club is None,
        )

    async def login(self, pin: str) -> bool:
        """An operator's PIN, checked (and slowed down after wrong ones)."""
        from app.club import check_pin

        ok = self.club is not None and await check_pin(self.club, pin)
        self.operator = self.operator or ok
        return ok

    def _at_table(self, table: TableModel) -> TableModel:
        """A table on a club's server carries its match's watch link."""
        if self.club is not None:
            from app.club import watch_url

            table.watch_url = watch_url(self.club, table.keeper.match_id)
        return table

    # -- settings -----------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.settings.save("lang", lang)
        for table in (self.table, self.viewing):
            if table is not None:
                table.lang = lang
                if table.notice is not None:  # the banner stays, said in the new language
                    table.notice = table.notice.in_language(lang)

    def toggle_language(self) -> None:
        self.set_language("en" if self.lang == "lt" else "lt")

    def device_locale(self, tags: list[str]) -> None:
        """The device said its locale: follow it unless the player chose a language."""
        from app.settings_model import device_language

        if not self.settings.chosen_lang:
            self.lang = device_language(tags)

    def set_theme(self, theme: str) -> None:
        self.theme = theme
        self.settings.save("theme", theme)

    def toggle_theme(self, platform_dark: bool = False) -> None:
        dark = self.theme == "dark" or (self.theme == "system" and platform_dark)
        self.set_theme("light" if dark else "dark")

    def save_defaults(self) -> None:
        """The options on the new-match form become this game's defaults."""
        nm = self.new_match
        self.settings.save(f"defaults.{nm.game}", dict(nm.options))
        nm.error = None
        self.message = tr(
            self.lang, "settings.defaults_saved", game=tr(self.lang, f"game.{nm.game}.name")
        )

    # -- navigation ---------------------------------------------------------
    def go(self, screen: str) -> None:
        self.message = None
        if screen != "history" or self.screen not in ("history", "match"):
            self.history_page = 0
        self.screen = screen
        self.version += 1

    def go_home(self) -> None:
        self.go("home")

    def open_new(self, game: str | None = None) -> None:
        game = game or self.new_match.game
        self.new_match.choose_game(game, self.settings.defaults(game))
        self.go("new")

    def open_rules(
        self, game: str, anchor: str | None = None, options: dict[str, Any] | None = None
    ) -> None:
        if self.screen != "rules":
            self.back_to = self.screen
        self.rules_game, self.rules_anchor, self.rules_options = game, anchor, options
        self.screen = "rules"

    def close_rules(self) -> None:
        self.screen = self.back_to

    # -- matches ------------------------------------------------------------
    def start_match(self) -> None:
        plan = self.new_match.validated(self.lang)
        if plan is None:
            return
        if self.store is None:  # nothing could be kept: say so rather than play unrecorded
            self.new_match.error = self.problem
            return
        live = self.store.create_match(**plan)
        live.start_deal()
        self.table = self._at_table(TableModel(live, self.lang))
        self.new_match = NewMatchModel(
            game=plan["game"], players=plan["players"], options=plan["options"]
        )
        self.go("table")

    def resume(self, match_id: int) -> None:
        live = self.store.resume(match_id)
        table = TableModel(live, self.lang)
        log = live.match.current
        if log is None and not live.match.finished:
            live.start_deal()
        elif log is not None and log.status.value != "open" and not live.match.finished:
            table.notice = Notice("info", tr(self.lang, "table.resumed_after_deal"))
        self.table = self._at_table(table)
        self.go("table")

    def reopen(self, match_id: int) -> None:
        """A match the table had ended goes on, at the table screen."""
        table = TableModel(self.store.resume(match_id), self.lang)
        table.reopen()
        self.table = self._at_table(table)
        self.go("table")

    def stop_match(self) -> None:
        """The table ends the match now: ranked by totals."""
        if self.table is not None:
            self.table.stop()

    def open_match(self, match_id: int) -> None:
        self.viewing = TableModel(self.store.replay(match_id), self.lang)
        self.go("match")

    def matches(self) -> list:
        """One page of the history list."""
        if self.store is None:
            return []
        return self.store.list_matches(offset=self.history_page * HISTORY_PAGE, limit=HISTORY_PAGE)

    def unfinished(self) -> list:
        """The matches to resume from the home screen (SQL picks them, with a limit)."""
        if self.store is None:
            return []
        return self.store.list_matches(unfinished=True, limit=UNFINISHED_SHOWN)

    def history_more(self, step: int) -> None:
        self.history_page = max(0, self.history_page + step)

    def roster(self) -> list[str]:
        return self.store.roster() if self.store is not None else []

    def stats(self) -> list:
        """Each roster player's record, over all games or the chosen one."""
        return self.store.player_stats(self.stats_game) if self.store is not None else []

    # -- files --------------------------------------------------------------
    def export_name(self, match_id: int, suffix: str) -> str:
        summary = self.store.summary(match_id) if self.store is not None else None
        game = summary.game if summary is not None else "match"
        return f"partija-{game}-{match_id}.{suffix}"

    def import_files(self, contents: list[bytes]) -> None:
        """Store match records read from files; say how it went in one line."""
        from models import RecordRejected

        try:
            records = [read_record(data) for data in contents]
            ids = self.store.import_records(records)
        except ReadError as exc:
            self.message = tr(self.lang, "history.unreadable", problem=exc.message(self.lang))
        except RecordRejected as exc:
            self.message = tr(self.lang, "history.not_record", problem=exc.message(self.lang))
        else:
            self.message = trn(self.lang, "history.imported", len(ids))
            self.version += 1

    # -- roster ---------------------------------------------------------------
    def rename(self, old: str, new: str) -> None:
        self._roster_change(
            lambda: self.store.rename_player(old, new), "roster.renamed", old=old, new=new
        )

    def roster_genders(self) -> dict[str, str]:
        return self.store.roster_genders() if self.store is not None else {}

    def set_gender(self, name: str, gender: str) -> None:
        self._roster_change(
            lambda: self.store.set_gender(name, gender),
            "roster.gender_set",
            name=name,
            gender=tr(self.lang, f"gender.{gender}"),
        )

    def merge(self, keep: str, drop: str) -> None:
        self._roster_change(
            lambda: self.store.merge_players(keep, drop), "roster.merged", keep=keep, drop=drop
        )

    def _roster_change(self, change, done: str, **facts: str) -> None:
        from models import RosterError

        try:
            change()
        except RosterError as exc:
            self.message = tr(self.lang, exc.key, **exc.facts)
        else:
            self.message = tr(self.lang, done, **facts)
            self.version += 1
