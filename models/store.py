"""The store the app and the command line call: matches in, matches out.

Each call is one transaction of its own: a change is committed before the
call returns, so nothing is left half-written when the app is closed or
killed; a read ends without a commit. A match being played is a
``LiveMatch`` (see ``live.py``).
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import logging
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, func, select

from rules.record import FORMAT, RecordError, load

from .backup import Restored, backup_lines, daily_copy, read_backup, restore, write_file
from .changes import listen_url
from .engine import MovedAside, open_database
from .faults import Told
from .files import record_bytes, totals_csv
from .live import LiveMatch, open_stored
from .ratings import GameRatings, RatingPoint, Standing, rate_matches, rating_history, standings
from .ratings import rebuild_ratings as rebuild_all
from .records import CheckedRecord as CheckedRecord
from .records import insert_matches, read_match, roster_names
from .roster import merge_players, rename_player, set_gender, set_member
from .salvage import salvage
from .settings import read_settings, write_setting
from .stats import PlayerStats, player_stats
from .summaries import MatchSummary, list_matches, live_marks
from .tables import MatchRow, Player, utcnow


class RecordRejected(RecordError):
    """Record number ``position`` (0-based) of an import is not a match record."""

    def __init__(self, position: int, problem: RecordError) -> None:
        super().__init__(problem.reason, **problem.params)
        self.position = position


# Objects made between two collections of the youngest generation while records are checked
# and stored in bulk (Python's default: 700).
BULK_COLLECTION = 50_000


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """The collector's youngest generation collected after ``BULK_COLLECTION`` new objects,
    not 700, for the duration: replaying 10 000 records makes objects by the million, and
    with the records read and checked so far all alive, Python's collections took a sixth
    of an import. What cycles a replay leaves are still collected, fifty thousand
    objects later. The thresholds are put back as they were (the app changes the oldest
    one: ``app.collector``)."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], BULK_COLLECTION), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def check_records(records: Sequence[Any]) -> list[CheckedRecord]:
    """Load each record through the rules; ``RecordRejected`` names the first that is not a
    match record. Nothing is opened: a command line checks its files before the database."""
    checked = []
    with fewer_collections():
        for position, record in enumerate(records):
            try:
                checked.append(CheckedRecord.of(record))
            except RecordError as exc:
                raise RecordRejected(position, exc) from None
    return checked


class Store:
    """The matches of one database: an SQLite file, or a PostgreSQL database."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        """Open the database: a file or a URL (``engine.database_location`` says which, by
        default)."""
        database = open_database(path)
        self._engine = database.engine
        self.path: Path | None = database.path  # None on a server
        self.moved_aside: MovedAside | None = database.moved_aside
        if self.moved_aside is not None:
            self.moved_aside = self._recover(self.moved_aside)

    def _recover(self, moved: MovedAside) -> MovedAside:
        """Copy what can still be read of a damaged file into the new one (``salvage``):
        every whole match, the players and the settings.

        Whatever the damaged file does to the salvage, the store opens: a salvage that
        fails is rolled back whole (the new file stays empty, the damaged one is kept
        beside it) and logged, and the message says nothing was recovered.
        """
        try:
            found = salvage(moved.moved_to, self._engine)
        except Exception:  # the damaged file's bytes are anyone's: no fault of them may stop
            logging.getLogger("partija").exception("salvage of %s failed", moved.moved_to)
            return moved
        return replace(moved, recovered=found.recovered, total=found.total)

    def close(self) -> None:
        self._engine.dispose()

    def create_match(
        self,
        *,
        game: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        first_dealer: int = 0,
        genders: Sequence[str] | None = None,
        table: str | None = None,
        round_number: int | None = None,
    ) -> LiveMatch:
        """A new match with no deal yet; ``RecordError`` for a bad game, seating or option.

        ``genders`` (one per player) are kept for names new to the roster; ``table``: the
        club's table it is played at (kept beside the record, not in it).
        """
        record = {
            "format": FORMAT,
            "game": game,
            "players": list(players),
            "options": dict(options or {}),
            "first_dealer": first_dealer,
            "deals": [],
        }
        match, names = load(record)
        checked = CheckedRecord.loaded(record, match, roster_names(names), genders)
        with Session(self._engine) as session, session.begin():
            [done] = insert_matches(session, [checked])
            if table or round_number:
                row = session.get(MatchRow, done.match_id)
                assert row is not None  # inserted just now, in this transaction
                row.table_name, row.round_number = table or None, round_number
                session.add(row)
        return LiveMatch(
            self._engine, done.match_id, match, done.names, done.deal_ids, genders=done.genders
        )

    def resume(self, match_id: int) -> LiveMatch:
        """A stored match ready to go on; ``records.UnknownMatch`` if there is none.

        Its closed deals are taken from their cached results and only the last deal
        is replayed (see ``live.open_stored``): as fast at deal 1 000 as at deal 10.
        """
        with Session(self._engine) as session:
            match, deal_ids, names, genders, revision = open_stored(session, match_id)
        return LiveMatch(self._engine, match_id, match, names, deal_ids, revision, genders)

    def replay(self, match_id: int) -> LiveMatch:
        """A stored match replayed from its first entry: every deal with its entries, for
        the history and the verdict."""
        with Session(self._engine) as session:
            stored = read_match(session, match_id)
        match, names = load(stored.record())
        deal_ids = [deal.id for deal in stored.deals]
        return LiveMatch(
            self._engine, match_id, match, names, deal_ids, stored.revision, stored.genders
        )

    def import_records(self, records: Sequence[Any]) -> list[int]:
        """Store match records (or records ``check_records`` has checked), all or none;
        their new ids, in order. A finished record's ``finished_at`` is kept as the match's
        finishing time (its ratings' order), else the import's time is.

        ``RecordRejected`` names the first record that is not a match
        record. Refused entries in a record are kept as they are.
        """
        checked = [r for r in records if isinstance(r, CheckedRecord)]
        if len(checked) != len(records):  # records as read from files
            checked = check_records(records)
        with fewer_collections(), Session(self._engine) as session, session.begin():
            ids = [done.match_id for done in insert_matches(session, checked)]
            rate_matches(session, [i for r, i in zip(checked, ids) if r.finished])
            return ids

    def export_record(self, match_id: int) -> bytes:
        """The match as a record file: the same match always gives the same bytes."""
        with Session(self._engine) as session:
            return record_bytes(read_match(session, match_id).record())

    def totals_csv(self, match_id: int) -> str:
        """Points per deal and the totals, as CSV."""
        with Session(self._engine) as session:
            stored = read_match(session, match_id)
        match, names = load(stored.record())
        return totals_csv(match, names)

    def list_matches(
        self, *, unfinished: bool = False, offset: int = 0, limit: int | None = None
    ) -> list[MatchSummary]:
        """Matches, unfinished first (every one, or a page: ``offset``, ``limit``);
        ``unfinished``: only those going on."""
        with Session(self._engine) as session:
            return list_matches(session, unfinished=unfinished, offset=offset, limit=limit)

    def summary(self, match_id: int) -> MatchSummary | None:
        """One match's line of the list."""
        with Session(self._engine) as session:
            found = list_matches(session, ids=[match_id])
        return found[0] if found else None

    def player_stats(self, game: str | None = None) -> list[PlayerStats]:
        """Matches, wins, win rate, points per deal and violations of each roster player.

        Over every game, or over ``game`` only.
        """
        with Session(self._engine) as session:
            return player_stats(session, game)

    def rename_player(self, old: str, new: str) -> None:
        """Rename a roster player; ``RosterError`` if the name is taken or empty."""
        with Session(self._engine) as session, session.begin():
            rename_player(session, old, new)

    def merge_players(self, keep: str, drop: str) -> None:
        """One person entered twice: ``drop``'s matches become ``keep``'s."""
        with Session(self._engine) as session, session.begin():
            merge_players(session, keep, drop)

    def last_round(self) -> tuple[int, str, dict[str, Any], list[tuple[str, list[str]]]] | None:
        """The latest round: its number, game, options and seating (table, players), in
        the order its tables were begun; None before the first."""
        with Session(self._engine) as session:
            number = session.exec(select(func.max(MatchRow.round_number))).one()
            if number is None:
                return None
            game, options = session.exec(
                select(MatchRow.game, MatchRow.options)
                .where(col(MatchRow.round_number) == number)
                .order_by(col(MatchRow.id))
                .limit(1)
            ).one()
        seating = [(str(m.table), m.players) for m in self.round_matches(int(number))]
        return int(number), game, json.loads(options), seating

    def round_matches(self, number: int) -> list[MatchSummary]:
        """Round ``number``'s matches, one a table, in the order they were begun."""
        with Session(self._engine) as session:
            ids = session.exec(
                select(MatchRow.id).where(col(MatchRow.round_number) == number)
            ).all()
            found = list_matches(session, ids=[i for i in ids if i is not None])
        return sorted(found, key=lambda m: m.id)

    def start_round(
        self,
        number: int,
        game: str,
        options: Mapping[str, Any],
        seating: Sequence[tuple[str, Sequence[str]]],
    ) -> list[LiveMatch]:
        """Round ``number``: a match of ``game`` at each table, its players seated as
        given, each with its first deal; every table is checked (``rounds.check_tables``)
        before the first is begun."""
        from .rounds import check_tables

        check_tables(game, options, seating)
        begun = []
        for table, players in seating:
            live = self.create_match(
                game=game, players=players, options=options, table=table, round_number=number
            )
            live.start_deal()
            begun.append(live)
        return begun

    def live_marks(self) -> tuple[dict[int, int], int]:
        """The matches going on with their revisions, and the count of stored ratings
        (``summaries.live_marks``): a club's board reads again only what moved."""
        with Session(self._engine) as session:
            return live_marks(session)

    def listen_url(self) -> str | None:
        """Where another process's changes of matches are heard (PostgreSQL; None for a
        file, which one process serves)."""
        return listen_url(self._engine)

    def settings(self) -> dict[str, Any]:
        with Session(self._engine) as session:
            return read_settings(session)

    def save_setting(self, key: str, value: Any) -> None:
        with Session(self._engine) as session, session.begin():
            write_setting(session, key, value)

    def roster(self) -> list[str]:
        """Every player's name, in name order."""
        with Session(self._engine) as session:
            return list(session.exec(select(Player.name).order_by(col(Player.name))))

    def roster_genders(self) -> dict[str, str]:
        """Every player's grammatical gender (``m`` or ``f``), by name."""
        with Session(self._engine) as session:
            return dict(session.exec(select(Player.name, Player.gender)).all())

    def set_gender(self, name: str, gender: str) -> None:
        """Say whether sentences call the player "he" or "she"; ``RosterError`` if unknown."""
        with Session(self._engine) as session, session.begin():
            set_gender(session, name, gender)

    def set_member(self, name: str, member: bool) -> None:
        """Make a player a member of the club, or its guest; ``RosterError`` if unknown."""
        with Session(self._engine) as session, session.begin():
            set_member(session, name, member)

    def members(self) -> set[str]:
        """The names of the club's members (every other player is a guest)."""
        with Session(self._engine) as session:
            return set(session.exec(select(Player.name).where(col(Player.member).is_(True))))

    def standings(self, game: str) -> list[Standing]:
        """Every rated player of ``game``, best first (``ratings.standings``)."""
        with Session(self._engine) as session:
            return standings(session, game=game)

    def rating_history(self, player: str, game: str) -> list[RatingPoint]:
        """The player's rating after each of his rated matches of ``game``, in order."""
        with Session(self._engine) as session:
            return rating_history(session, player=player, game=game)

    # -- backups ------------------------------------------------------------------------------
    def backup_lines(self) -> Iterator[bytes]:
        """The backup file's lines (``backup``): players, settings, every match."""
        return backup_lines(lambda: Session(self._engine), utcnow())

    def backup(self, path: str | os.PathLike[str]) -> int:
        """Write a backup file, whole or not at all; how many matches it holds.

        ``StoreFault`` for a fault of the database, ``Told`` (``backup_unwritable``) for a
        file that cannot be written.
        """
        target = Path(path)
        lines = self.backup_lines()
        try:
            write_file(target, lines)
        except OSError as exc:
            raise Told("backup_unwritable", file=target, detail=exc.strerror or exc) from None
        with target.open("rb") as written:  # the last line counts what it holds
            last = written.readlines()[-1]
        return int(json.loads(last)["end"]["matches"])

    def restore(self, source: str | os.PathLike[str] | bytes) -> Restored:
        """Merge a backup (a file, or its bytes) into the store in one transaction.

        ``BackupRefused`` for a file that is not a whole backup of this version, and
        ``Told`` (``backup_unreadable``) for one that cannot be read: nothing changed.
        """
        name = "…" if isinstance(source, bytes) else Path(source)
        try:
            if isinstance(source, bytes):
                found = read_backup(io.BytesIO(source), name)
            else:
                with open(source, "rb") as handle:
                    found = read_backup(handle, name)
        except OSError as exc:
            raise Told("backup_unreadable", file=name, detail=exc.strerror or exc) from None
        with Session(self._engine) as session, session.begin():
            return restore(session, found)

    def keep_daily_copy(self, today: date) -> Path | None:
        """Today's copy of an SQLite file in ``backups/`` beside it (``backup.daily_copy``),
        if not made yet; None on a server, whose copies are its administrator's."""
        return daily_copy(self.path, today) if self.path is not None else None

    def rebuild_ratings(self) -> list[GameRatings]:
        """Recompute every game's ratings from the stored matches, in one transaction."""
        with Session(self._engine) as session, session.begin():
            return rebuild_all(session)
