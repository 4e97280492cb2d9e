"""The organiser's evening, as his screen holds it: the tables being seated for a round,
and the next round about to begin.

A table being seated is a name and a new-match form (``NewMatchModel``): its players are
added, tidied, refused and ordered exactly as on the new-match screen, and the form's
checks of the game's seats and options say what is wrong with a table. A round begins
through ``models.rounds.begin_round``, the same call as ``club round``; a refusal leaves
the store as it was and puts one sentence in ``error``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from app.i18n import tr
from app.new_match import NewMatchModel
from rules.names import name_key


@dataclass
class TableDraft:
    """A table being seated: its name and its players, in seating order."""

    name: str
    seats: NewMatchModel


@dataclass
class EveningModel(ft.Observable):  # the class itself, not the decorator: ``notify`` typed
    # The game and the table's options, chosen as on the new-match form (its players unused).
    setup: NewMatchModel = field(default_factory=NewMatchModel)
    tables: list[TableDraft] = field(default_factory=list)
    active: int = 0  # the table the roster's names are added to
    draw: bool = False  # the seats drawn by lot when the round begins
    error: str | None = None
    seating: bool = False  # a round has been played: the organiser seats a new one anyway
    previewing: bool = False  # the next round's seating shown, waiting for a confirmation
    stop_offered: bool = False  # the next round was refused over unfinished matches

    @classmethod
    def new(cls, game: str, defaults: dict[str, Any] | None = None) -> EveningModel:
        """Two tables, "1" and "2", to seat for ``game`` with its saved defaults."""
        evening = cls()
        evening.choose_game(game, defaults)
        evening.tables = [evening._draft("1"), evening._draft("2")]
        return evening

    def _draft(self, name: str) -> TableDraft:
        return TableDraft(name, NewMatchModel(game=self.setup.game))

    def _changed(self, error: str | None = None) -> None:
        """``error`` said (or cleared) and the screen drawn again: a table's form is not
        observed through this model, and an equal value assigned notifies no one."""
        self.error = error
        self.notify()  # type: ignore[no-untyped-call]  # untyped in Flet

    # -- the tables ------------------------------------------------------------
    def choose_game(self, game: str, defaults: dict[str, Any] | None = None) -> None:
        self.setup.choose_game(game, defaults)
        for table in self.tables:
            table.seats.choose_game(game)
        self._changed()

    def add_table(self) -> None:
        taken = {name_key(t.name) for t in self.tables}
        number = next(n for n in range(1, len(self.tables) + 2) if str(n) not in taken)
        self.tables = [*self.tables, self._draft(str(number))]
        self.active = len(self.tables) - 1
        self.error = None

    def remove_table(self, index: int) -> None:
        del self.tables[index]
        self.active = min(self.active, max(len(self.tables) - 1, 0))
        self._changed()

    def rename_table(self, index: int, name: str) -> None:
        self.tables[index].name = name
        self._changed()

    def choose_table(self, index: int) -> None:
        self.active = index

    def add_player(self, index: int, name: str, lang: str, roster: Sequence[str]) -> bool:
        """Seat a typed name at table ``index`` as the new-match form does; refused (False,
        ``error`` says why) when it is empty, is not a name, or sits at another table."""
        if not name.strip():
            self._changed(tr(lang, "evening.empty_name"))
            return False
        key = name_key(name)
        for other, table in enumerate(self.tables):
            seated = next((p for p in table.seats.players if name_key(p) == key), None)
            if other != index and seated is not None:
                self._changed(tr(lang, "evening.player_elsewhere", name=seated, table=table.name))
                return False
        seats = self.tables[index].seats
        added = seats.add_player(name, lang, roster)
        self._changed(None if added else seats.error)
        return added

    def remove_player(self, index: int, seat: int) -> None:
        self.tables[index].seats.remove_player(seat)
        self._changed()

    def move_player(self, index: int, seat: int, step: int) -> None:
        self.tables[index].seats.move_player(seat, step)
        self._changed()

    def seated(self) -> set[str]:
        """The name keys of everyone at a table."""
        return {name_key(p) for t in self.tables for p in t.seats.players}

    def checked(self, lang: str) -> list[tuple[str, list[str]]] | None:
        """The seating to begin, each table checked as the new-match form checks a match;
        None, with ``error`` saying the first thing to fix."""
        if not self.tables:
            self._changed(tr(lang, "evening.no_tables"))
            return None
        names: set[str] = set()
        for number, table in enumerate(self.tables, 1):
            name = " ".join(table.name.split())
            if not name:
                self._changed(tr(lang, "evening.table_unnamed", number=number))
                return None
            if name_key(name) in names:
                self._changed(tr(lang, "evening.table_twice", table=name))
                return None
            names.add(name_key(name))
            seats = table.seats
            seats.game, seats.options = self.setup.game, dict(self.setup.options)
            if seats.validated(lang) is None:
                self._changed(tr(lang, "evening.at_table", table=name, problem=seats.error))
                return None
        self._changed()
        return [(" ".join(t.name.split()), list(t.seats.players)) for t in self.tables]

    # -- the rounds ------------------------------------------------------------
    def start(self, store: Any, lang: str, *, stop: bool = False) -> bool:
        """Begin a round at the tables as seated (drawn first when asked); False, with
        ``error`` saying why and nothing begun, when it cannot. Refused while the last
        round is being played, unless ``stop``: then its unfinished matches stop first."""
        from models.rounds import Unfinished, begin_round

        seating = self.checked(lang)
        if seating is None:
            return False
        rng = random.SystemRandom() if self.draw else None
        refused = self._begin(
            lang,
            lambda: begin_round(
                store,
                seating,
                game=self.setup.game,
                options=self.setup.options,
                rng=rng,
                left=Unfinished.STOP if stop else Unfinished.REFUSE,
            ),
        )
        self.stop_offered = getattr(refused, "key", None) == "round_unfinished"
        if refused is None:
            self.seating = False
        return refused is None

    def seat_anew(self) -> None:
        """Seat a new round's tables by hand (another game, other players)."""
        self.seating, self.previewing, self.stop_offered, self.error = True, False, False, None

    def preview(self) -> None:
        """Show who goes where in the next round, before it is confirmed."""
        self.previewing, self.stop_offered, self.error = True, False, None

    def cancel(self) -> None:
        self.previewing = self.stop_offered = self.seating = False
        self.error = None

    def next_round(self, store: Any, lang: str, *, stop: bool = False) -> bool:
        """The next round, the players moved on; refused while the last round is being
        played, unless ``stop``: then its unfinished matches are stopped first."""
        from models.rounds import Unfinished, begin_round

        left = Unfinished.STOP if stop else Unfinished.REFUSE
        refused = self._begin(lang, lambda: begin_round(store, left=left))
        # A round still being played may be closed: the organiser is asked, once.
        self.stop_offered = getattr(refused, "key", None) == "round_unfinished"
        self.previewing = refused is not None
        return refused is None

    def _begin(self, lang: str, begin: Callable[[], object]) -> Exception | None:
        """Run ``begin``; what refused it (its sentence in ``error``), or None."""
        from models import Told
        from rules.errors import RecordError

        try:
            begin()
        except Told as exc:  # a round refused (``RoundError``), or the store's fault
            self.error = exc.message(lang)
            return exc
        except RecordError as exc:  # a game, a number of players, an option the rules refuse
            self.error = exc.line(lang)
            return exc
        self.error = None
        return None
