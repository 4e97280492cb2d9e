"""The app's observable model: which screen is up, the language, the open match.

Views read these fields; handlers call its methods; assigning a field
re-renders the components that read it. The store is opened once, at start:
before the first screen (``start``), or – when the home screen could be drawn from a
read-only look at the file (``models.peek``) – on a thread of its own right after it
(``peeked``). Then everything that reads or writes the store waits for it (``store``),
and if opening it brought news the first screen did not show (a damaged file set
aside, no store at all), the home screen says it, as it would have at the start.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from app.i18n import DEFAULT_LANGUAGE, tr, trn
from app.new_match import NewMatchModel
from app.notices import Notice
from app.settings_model import Settings

if TYPE_CHECKING:
    from app.table.model import TableModel
    from models.stats import PlayerStats
    from models.summaries import MatchSummary

__all__ = ["HISTORY_PAGE", "AppModel"]

HISTORY_PAGE = 50  # matches per page of the history list
UNFINISHED_SHOWN = 6  # unfinished matches on the home screen


def table_model(live: Any, lang: str) -> TableModel:
    """A table on a live match (``models.LiveMatch``)."""
    from app.table.model import TableModel  # the table's code: not for the first screen

    return TableModel(live, lang)


class Opening(Protocol):
    """The store being opened in the background (``app.run.StoreOpening``)."""

    def result(self) -> tuple[Any, str | None]:
        """Wait for it: the store (None if it cannot be used) and a sentence for the user."""
        ...


class _PeekedSettings:
    """The settings' store until the real one is open: the settings as read at start, and
    a save that waits for the store (nothing is written before its checks have passed)."""

    def __init__(self, model: AppModel, values: dict[str, Any]) -> None:
        self.model, self.values = model, values

    def settings(self) -> dict[str, Any]:
        return dict(self.values)

    def save_setting(self, key: str, value: Any) -> None:
        store = self.model.store
        if store is not None:
            store.save_setting(key, value)


@ft.observable
@dataclass
class AppModel:
    problem: str | None = None  # why the store is missing, or what happened to a damaged file
    settings: Settings = field(default_factory=lambda: Settings(None))
    lang: str = DEFAULT_LANGUAGE
    theme: str = "system"
    # The route the model last went to (``app.routes``): "/", "/new", "/match/<id>" …
    route: str = "/"
    width: float = 360.0  # the window's: the table lays itself out by it
    table: TableModel | None = None  # the match open at the table
    viewing: TableModel | None = None  # a match opened from the history
    new_match: NewMatchModel = field(default_factory=NewMatchModel)
    message: str | None = None  # a one-line result of the last history or roster action
    stats_game: str | None = None
    history_page: int = 0  # the page of the history list shown
    club: Any = None  # models.club.Club on a club's server (``--club``), else None
    operator: bool = True  # on a club's server: logged in with the club's PIN
    # On a club's server: the table this device runs, given at log-in ("3", "Prie lango");
    # its home shows that table's matches, and the matches it starts are played there.
    table_name: str | None = None
    organiser: bool = False  # logged in with the organiser's PIN: every table's matches
    # Private (a leading "_"): set without re-rendering anything.
    _store: Any = field(default=None, init=False, repr=False)  # models.Store, or None
    _opening: Opening | None = field(default=None, init=False, repr=False)
    _peeked: list[Any] = field(default_factory=list, init=False, repr=False)
    # The page's navigation (``page.navigate``), once a page shows the model.
    _navigate: Callable[[str], None] | None = field(default=None, init=False, repr=False)
    # The organiser's screen's tables and rounds (``app.evening_model``), once he opens it.
    _evening: Any = field(default=None, init=False, repr=False)

    @classmethod
    def start(cls, store: Any, problem: str | None, *, local: bool = True) -> AppModel:
        """The model on a store already open (``models.Store``; None when it could not be)."""
        from app.club import club_of
        from app.club_mode import club_mode

        settings = Settings(store, local=local)
        club = club_of(store) if club_mode() else None
        model = cls(
            problem=problem,
            settings=settings,
            lang=settings.lang,
            theme=settings.theme,
            club=club,
            operator=club is None,
        )
        model._store = store
        return model

    @classmethod
    def peeked(cls, home: Any, opening: Opening, *, local: bool = True) -> AppModel:
        """The model of a first screen drawn from ``home`` (``models.peek.Home``) while the
        store is being opened (``opening``). Not for a club's server: that opens its store
        first."""
        model = cls()
        model._opening = opening
        model._peeked = list(home.unfinished)
        model.settings = Settings(_PeekedSettings(model, home.settings), local=local)
        model.lang, model.theme = model.settings.lang, model.settings.theme
        return model

    @property
    def store(self) -> Any:
        """The store (``models.Store``), or None when it cannot be used; while it is still
        being opened, this waits for it."""
        if self._opening is not None:
            self.store_opened(self._opening.result())
        return self._store

    def store_opened(self, opened: tuple[Any, str | None]) -> bool:
        """The store opened in the background has come: from now on it is used. True when
        the first screen still stands; False when the store came with news (a damaged file
        set aside, or none could be opened): then the home screen tells it, with the
        matches and settings of the store as it now is. Called once more, it changes
        nothing."""
        if self._opening is None:
            return True
        self._opening = None
        self._peeked = []
        store, problem = opened
        self._store = store
        if store is not None and problem is None:
            self.settings.store = store  # saves write through to it from now on
            return True
        self.problem = problem
        self.settings = Settings(store, local=self.settings.local)
        self.lang, self.theme = self.settings.lang, self.settings.theme
        self.table = self.viewing = None
        self.go_home()
        return False

    def ready(self) -> bool:
        """Wait for the store; False when it came with news (see ``store_opened``): the
        caller then does nothing more, and the home screen shows the news."""
        return self._opening is None or self.store_opened(self._opening.result())

    async def login(self, pin: str, table: str = "") -> bool:
        """An operator's PIN, checked (and slowed down after wrong ones); ``table``: the
        club's table this device runs (none: every table's matches are listed)."""
        from app.club import check_role, table_label
        from models.club import Role

        role = await check_role(self.club, pin) if self.club is not None else None
        if role is not None:
            self.table_name = table_label(table)
            self.organiser = role is Role.ORGANISER
        self.operator = self.operator or role is not None
        return role is not None

    def _at_table(self, table: TableModel) -> TableModel:
        """A table on a club's server carries its match's watch link and its table's name."""
        if self.club is not None:
            from app.club import watch_url

            table.watch_url = watch_url(self.club, table.keeper.match_id)
            summary = self.store.summary(table.keeper.match_id)
            table.table_name = summary.table if summary is not None else None
        return table

    def evening_form(self) -> Any:
        """The organiser's evening (``app.evening_model.EveningModel``), made at his first
        look with the first game and its saved defaults."""
        if self._evening is None:
            from app.evening_model import EveningModel

            game = self.new_match.game
            self._evening = EveningModel.new(game, self.settings.defaults(game))
        return self._evening

    # -- settings -----------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.ready()  # the store's news first: the choice is then saved in the store as it is
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
        self.ready()
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
    def shown_on(self, navigate: Callable[[str], None]) -> None:
        """A page shows the model: its routes are followed through ``navigate``."""
        self._navigate = navigate

    def go(self, route: str) -> None:
        """Show the screen of ``route`` (the page's history takes it, so back returns)."""
        if route != "/" and not route.startswith("/rules/") and not self.ready():
            return  # every other screen reads the store
        self.message = None
        if not route.startswith("/history"):
            self.history_page = 0
        self.route = route
        if self._navigate is not None:
            self._navigate(route)

    def go_home(self) -> None:
        self.go("/")

    def open_new(self, game: str | None = None) -> None:
        if not self.ready():  # the form lists the roster; and the defaults come from the store
            return
        game = game or self.new_match.game
        self.new_match.choose_game(game, self.settings.defaults(game))
        self.go("/new")

    def open_rules(self, game: str) -> None:
        """A game's rules page."""
        self.go(f"/rules/{game}")

    def open_match_rules(self, match_id: int, anchor: str | None = None) -> None:
        """The rules of the match at the table, with its options, opened at ``anchor``'s
        paragraph (the one a refusal or violation points to)."""
        self.go(f"/match/{match_id}/rules" + (f"?at={anchor}" if anchor else ""))

    # -- matches ------------------------------------------------------------
    def start_match(self) -> None:
        plan = self.new_match.validated(self.lang)
        if plan is None or not self.ready():
            return
        if self.store is None:  # nothing could be kept: say so rather than play unrecorded
            self.new_match.error = self.problem
            return
        live = self.store.create_match(**plan, table=self.table_name)
        live.start_deal()
        self.table = self._at_table(table_model(live, self.lang))
        self.new_match = NewMatchModel(
            game=plan["game"], players=plan["players"], options=plan["options"]
        )
        self.go(f"/match/{live.match_id}")

    def resume(self, match_id: int) -> None:
        if not self.ready():  # a match set aside with a damaged file is not the one tapped
            return
        self.table_for(match_id)
        self.go(f"/match/{match_id}")

    def table_for(self, match_id: int) -> TableModel | None:
        """The table of ``match_id``, resumed from the store unless it is the one open; None
        when the store has no such match."""
        if self.table is not None and self.table.keeper.match_id == match_id:
            return self.table
        from models import UnknownMatch

        if not self.ready() or self.store is None:
            return None
        if self.table_name is not None and not self.organiser:  # bound to its table
            summary = self.store.summary(match_id)
            if summary is None or summary.table != self.table_name:
                return None
        try:
            live = self.store.resume(match_id)
        except UnknownMatch:
            return None
        table = table_model(live, self.lang)
        log = live.match.current
        if log is None and not live.match.finished:
            live.start_deal()
        elif (
            log is not None
            and log.status.value != "open"
            and not live.match.finished
            and not live.match.waiting(log)  # a waiting violation is what the table sees
        ):
            table.notice = Notice("info", tr(self.lang, "table.resumed_after_deal"))
        self.table = self._at_table(table)
        return self.table

    def reopen(self, match_id: int) -> None:
        """A match the table had ended goes on, at the table screen."""
        table = table_model(self.store.resume(match_id), self.lang)
        table.reopen()
        self.table = self._at_table(table)
        self.go(f"/match/{match_id}")

    def stop_match(self) -> None:
        """The table ends the match now: ranked by totals."""
        if self.table is not None:
            self.table.stop()

    def open_match(self, match_id: int) -> None:
        """A stored match from the history: its scoreboard and deals."""
        self.viewed(match_id)
        self.go(f"/history/{match_id}")

    def viewed(self, match_id: int) -> TableModel | None:
        """The match ``match_id`` replayed for the history (None when there is none)."""
        if self.viewing is not None and self.viewing.keeper.match_id == match_id:
            return self.viewing
        from models import UnknownMatch

        if not self.ready() or self.store is None:
            return None
        try:
            self.viewing = table_model(self.store.replay(match_id), self.lang)
        except UnknownMatch:
            return None
        return self.viewing

    def matches(self) -> list[MatchSummary]:
        """One page of the history list."""
        if self.store is None:
            return []
        page: list[MatchSummary] = self.store.list_matches(
            offset=self.history_page * HISTORY_PAGE, limit=HISTORY_PAGE
        )
        return page

    def unfinished(self) -> list[Any]:
        """The matches to resume from the home screen (SQL picks them, with a limit); as read
        at start while the store is still being opened."""
        if self._opening is not None:
            return list(self._peeked)
        if self.store is None:
            return []
        found: list[MatchSummary] = self.store.list_matches(unfinished=True, limit=UNFINISHED_SHOWN)
        if self.table_name is not None and not self.organiser:  # bound to its table
            found = [summary for summary in found if summary.table == self.table_name]
        return found

    def history_more(self, step: int) -> None:
        self.history_page = max(0, self.history_page + step)

    def roster(self) -> list[str]:
        return self.store.roster() if self.store is not None else []

    def stats(self) -> list[PlayerStats]:
        """Each roster player's record, over all games or the chosen one."""
        if self.store is None:
            return []
        found: list[PlayerStats] = self.store.player_stats(self.stats_game)
        return found

    # -- files --------------------------------------------------------------
    def export_name(self, match_id: int, suffix: str) -> str:
        summary = self.store.summary(match_id) if self.store is not None else None
        game = summary.game if summary is not None else "match"
        return f"partija-{game}-{match_id}.{suffix}"

    def import_files(self, contents: list[bytes]) -> None:
        """Store match records read from files; say how it went in one line."""
        from models import RecordRejected
        from rules.errors import ReadError
        from rules.reader import read_record

        try:
            records = [read_record(data) for data in contents]
            ids = self.store.import_records(records)
        except ReadError as exc:
            self.message = tr(self.lang, "history.unreadable", problem=exc.message(self.lang))
        except RecordRejected as exc:
            self.message = tr(self.lang, "history.not_record", problem=exc.message(self.lang))
        else:
            self.message = trn(self.lang, "history.imported", len(ids))

    def backup_file(self) -> tuple[str, bytes] | None:
        """The backup ("Atsarginė kopija") as a file to save: its name and bytes, and what
        it holds said in one line; None (and the reason said) when the store cannot be read."""
        import json
        from datetime import date

        from models import StoreFault

        if self.store is None:
            return None
        try:
            data = b"".join(self.store.backup_lines())
        except StoreFault as fault:
            self.message = fault.message(self.lang)
            return None
        held = json.loads(data.splitlines()[-1])["end"]
        self.message = tr(self.lang, "settings.backup.saved", **held)
        return f"partija-{date.today().isoformat()}.jsonl", data

    def restore_backup(self, data: bytes) -> None:
        """Add what a backup holds and this device lacks; say what was added in one line,
        or why nothing was (``models.BackupRefused``)."""
        from models import BackupRefused, StoreFault

        try:
            done = self.store.restore(data)
        except (BackupRefused, StoreFault) as exc:
            self.message = exc.message(self.lang)
            return
        self.message = tr(
            self.lang,
            "settings.backup.restored",
            matches=done.matches,
            present=done.present,
            players=done.players,
            settings=done.settings,
        )

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

    def _roster_change(self, change: Callable[[], None], done: str, **facts: str) -> None:
        from models import RosterError

        try:
            change()
        except RosterError as exc:
            self.message = tr(self.lang, exc.key, **exc.facts)
        else:
            self.message = tr(self.lang, done, **facts)
