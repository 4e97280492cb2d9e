"""Stored matches as match records (RECORDS.md), both ways.

A match is stored as the record it serialises to: the options object and
each entry's JSON as they were given. Reading a match back builds exactly
that record, and the rules replay it – so export, resume, undo and the
verdict all go through one path, ``rules.record.load``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, insert, text
from sqlmodel import Session, col, select

from rules.games import GAMES
from rules.grammar import seat_genders
from rules.match import Match, Status
from rules.names import MAX_NAME, BadName, clean_name, name_key
from rules.record import FORMAT, RecordError, finished_time, load

from .engine import server_fault
from .faults import Told
from .prepared import Prepared
from .results import MatchResults, deal_results, match_results
from .tables import DealRow, EntryRow, MatchRow, Player, Seat, utcnow


class UnknownMatch(Told, LookupError):
    """No match with this id in the store."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__("unknown_match", match=match_id)


def stored_id(value: int | None) -> int:
    """A row's id as read back: the database always gives one (the column's type allows
    None only for a row not yet inserted)."""
    assert value is not None
    return value


# The C encoder behind ``json.dumps``, made once: ``json.dumps`` with arguments makes a new
# ``JSONEncoder`` and that a new C encoder on every call, which cost more than encoding an
# entry (an import encodes millions). Made as ``_STORED.encode`` makes it, less the check
# for cycles (the values come from JSON): the same text.
_STORED = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_ENCODE: Any = json.encoder.c_make_encoder(  # type: ignore[attr-defined]  # untyped in typeshed
    None,
    _STORED.default,
    json.encoder.encode_basestring,
    _STORED.indent,
    _STORED.key_separator,
    _STORED.item_separator,
    _STORED.sort_keys,
    _STORED.skipkeys,
    _STORED.allow_nan,
)


def dumps(value: Any) -> str:
    """JSON text as stored: compact, key order kept, letters unescaped."""
    return "".join(_ENCODE(value, 0))


def roster_names(names: Sequence[str]) -> list[str]:
    """A table's names as the roster keeps them (``rules.names``), or ``RecordError`` why not.

    One person cannot take two seats: names that differ only in case or in how
    their letters were typed are the same person.
    """
    cleaned = []
    for seat, name in enumerate(names):
        try:
            cleaned.append(clean_name(name))
        except BadName as bad:
            raise RecordError(f"name_{bad.reason}", seat=seat + 1, limit=MAX_NAME) from None
    keys = [name_key(name) for name in cleaned]
    for seat, key in enumerate(keys):
        if key in keys[:seat]:
            raise RecordError("same_player", seat=seat + 1, name=cleaned[seat])
    return cleaned


@dataclass
class StoredEntry:
    id: int
    event: str
    refused: bool


@dataclass
class StoredDeal:
    """A live deal: its row id, its cached results as stored, and its live entries in order."""

    id: int
    results: dict[str, str | None]
    entries: list[StoredEntry] = field(default_factory=list)


@dataclass
class StoredMatch:
    """A match as the store holds it, read in one transaction; ``results`` are its cached ones."""

    game: str
    options: str
    first_dealer: int
    stopped: bool
    results: dict[str, str | None]
    names: list[str]
    deals: list[StoredDeal]
    revision: int = 0  # the match's count of changes when it was read (``live.LiveMatch``)
    genders: list[str] = field(default_factory=list)  # each seat's player's, as the roster keeps
    finished_at: datetime | None = None  # when it finished or was stopped (UTC)

    def record(self) -> dict[str, Any]:
        """The match record; the same stored match always gives an equal record. A finished
        match carries its ``finished_at`` (RECORDS.md), so that ratings, which follow the
        order in which matches finished, are rebuilt from exports as they were stored."""
        finished = self.finished_at
        return {
            "format": FORMAT,
            "game": self.game,
            "players": list(self.names),
            **({"genders": list(self.genders)} if self.genders else {}),
            "options": json.loads(self.options),
            "first_dealer": self.first_dealer,
            "deals": [
                {"events": [json.loads(e.event) for e in deal.entries]} for deal in self.deals
            ],
            "stopped": self.stopped,
            **({"finished_at": utc_text(finished)} if finished is not None else {}),
        }


def utc_text(moment: datetime) -> str:
    """A stored time as RECORDS.md writes it: ISO 8601 in UTC, with its offset (SQLite gives
    the stored UTC time back without its zone)."""
    aware = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return aware.isoformat()


# A match's deals with their cached results, read at the driver (``prepared``): a
# 1 000-deal match is resumed from these rows, which the ORM's result took 12 ms to read.
LIVE_DEALS = Prepared(
    select(col(DealRow.id), DealRow.status, DealRow.points, DealRow.violations)
    .where(col(DealRow.match_id) == bindparam("match"), col(DealRow.undone_at).is_(None))
    .order_by(col(DealRow.number))
)


def read_match(session: Session, match_id: int, *, last_only: bool = False) -> StoredMatch:
    """Read one match: its row, seated names, live deals and live entries.

    ``last_only``: the entries of the last live deal only; the other deals come
    with their cached results and no entries (what ``resumed`` needs).
    """
    row = session.exec(select(MatchRow).where(col(MatchRow.id) == match_id)).first()
    if row is None:
        raise UnknownMatch(match_id)
    seated = list(
        session.exec(
            select(Player.name, Player.gender)
            .join(Seat, col(Seat.player_id) == Player.id)
            .where(Seat.match_id == match_id)
            .order_by(col(Seat.seat))
        )
    )
    names = [name for name, _ in seated]
    deals = [
        StoredDeal(deal_id, {"status": status, "points": points, "violations": violations})
        for deal_id, status, points, violations in LIVE_DEALS.run(
            session.connection(), match=match_id
        ).all()
    ]
    by_id = {deal.id: deal for deal in deals}
    entries = (
        select(col(EntryRow.id), EntryRow.deal_id, EntryRow.event, EntryRow.refused)
        .join(DealRow, col(DealRow.id) == EntryRow.deal_id)
        .where(
            DealRow.match_id == match_id,
            col(DealRow.undone_at).is_(None),
            col(EntryRow.undone_at).is_(None),
        )
        .order_by(col(DealRow.number), col(EntryRow.seq))
    )
    if last_only:
        entries = entries.where(col(EntryRow.deal_id) == (deals[-1].id if deals else -1))
    for entry_id, deal_id, event, refused in session.exec(entries):
        by_id[deal_id].entries.append(StoredEntry(stored_id(entry_id), event, refused))
    return StoredMatch(
        row.game,
        row.options,
        row.first_dealer,
        row.stopped,
        {"status": row.status, "winners": row.winners},
        names,
        deals,
        row.revision,
        [gender for _, gender in seated],
        row.finished_at if row.status == "finished" else None,
    )


def resumable(stored: StoredMatch) -> bool:
    """Whether the match can be resumed from its cached deal results: it is going on and
    every deal before the last is closed with its points cached."""
    if stored.stopped or stored.results.get("status") != "open":
        return False
    return all(
        deal.results["status"] in ("finished", "annulled") and deal.results["points"] is not None
        for deal in stored.deals[:-1]
    )


def resumed(stored: StoredMatch) -> Match:
    """The match from the cached results of its closed deals and a replay of its last deal.

    ``stored`` is read with ``last_only`` and is ``resumable``: the state is the one
    a replay of every entry gives (tests/test_resume.py checks it for all four games).
    """
    game = GAMES[stored.game](len(stored.names), json.loads(stored.options))
    match = Match(game, stored.first_dealer)
    closed = stored.deals[:-1]
    # One JSON text for all the deals' points: a thousand little parses cost five times more.
    points = json.loads("[" + ",".join(deal.results["points"] or "null" for deal in closed) + "]")
    match.add_results([(Status(d.results["status"]), p) for d, p in zip(closed, points)])
    if stored.deals:
        match.start_deal()
        for entry in stored.deals[-1].entries:
            match.apply(json.loads(entry.event))
    return match


@dataclass(frozen=True, slots=True)
class CheckedDeal:
    """A deal of a checked record as it is stored: its cached results and each entry's JSON,
    the ones the rules refuse marked."""

    results: dict[str, str | None]
    events: tuple[str, ...]
    refused: frozenset[int]


@dataclass(frozen=True)
class CheckedRecord:
    """A record the rules have loaded (``RecordError`` if they cannot), kept as the rows that
    store it, with its names as the roster spells them.

    It holds no ``Match``: an import of 10 000 matches keeps these, where the replayed
    matches took a gigabyte and their objects made every collection of the interpreter's
    garbage collector slower. Events are kept verbatim, refused ones included and
    marked, so that export gives back the same record and the same verdict.
    """

    game: str
    options: str
    first_dealer: int
    stopped: bool
    finished: bool
    results: MatchResults
    names: list[str]
    genders: list[str] | None  # the record's, for names new to the roster
    deals: tuple[CheckedDeal, ...]
    created_at: datetime | None = None  # the match's own times (a restored backup's)
    finished_at: datetime | None = None

    @classmethod
    def of(cls, record: Any) -> CheckedRecord:
        match, names = load(record)
        return cls.loaded(record, match, roster_names(names), record.get("genders"))

    @classmethod
    def loaded(
        cls,
        record: dict[str, Any],
        match: Match,
        names: list[str],
        genders: Sequence[str] | None = None,
    ) -> CheckedRecord:
        """The rows of ``record``, which the rules have loaded as ``match``."""
        deals = []
        for deal, log in zip(record["deals"], match.deals):
            deals.append(
                CheckedDeal(
                    deal_results(log),
                    tuple(map(dumps, deal["events"])),
                    frozenset(index for index, _ in log.rejected),
                )
            )
        return cls(
            game=match.game.id,
            options=dumps(record["options"]),
            first_dealer=match.first_dealer,
            stopped=match.stopped,
            finished=match.finished,
            results=match_results(match),
            names=names,
            genders=None if genders is None else list(genders),
            deals=tuple(deals),
            finished_at=finished_time(record),
        )


@dataclass(frozen=True)
class Inserted:
    """A match as stored: its id, its deals' ids, and its players' names and genders as the
    roster has them (a "jonas" typed for the roster's "Jonas" sits as "Jonas")."""

    match_id: int
    deal_ids: list[int]
    names: list[str]
    genders: list[str]


# An entry row at the driver (``prepared``): a tap's one row, an import's many.
INSERT_ENTRY = Prepared(
    insert(EntryRow).values(
        deal_id=bindparam("deal_id"),
        seq=bindparam("seq"),
        event=bindparam("event"),
        refused=bindparam("refused"),
        at=bindparam("at"),
    )
)
ENTRY_BATCH = 20_000  # entry rows handed to the driver at a time: what they cost in memory
ENTRY_COLUMNS = ("deal_id", "seq", "event", "refused", "at")
COPY_ENTRIES = f"COPY entries ({', '.join(ENTRY_COLUMNS)}) FROM STDIN"


def write_entries(connection: Connection, rows: list[dict[str, Any]]) -> None:
    """Insert entry rows (``ENTRY_COLUMNS``) in the connection's transaction.

    On PostgreSQL by ``COPY``: psycopg's ``executemany`` sends each row as a statement
    of its own (in a pipeline), and its Python work per row was most of an import's
    time there (10 000 matches, 2.4 million entries: over two minutes). A driver's
    error is told as SQLAlchemy's statements tell it (``engine.server_fault``).
    """
    if connection.dialect.name != "postgresql":
        INSERT_ENTRY.run_many(connection, rows)
        return
    if not rows:
        return
    try:
        with (
            connection.connection.driver_connection.cursor() as cursor,  # type: ignore[union-attr]
            cursor.copy(COPY_ENTRIES) as copy,
        ):
            for row in rows:
                copy.write_row([row[name] for name in ENTRY_COLUMNS])
    except Exception as error:
        fault = server_fault(connection.engine, error)
        if fault is None:
            raise
        raise fault from error


def insert_matches(
    session: Session, checked: Sequence[CheckedRecord], roster: Roster | None = None
) -> list[Inserted]:
    """Store checked records in the caller's transaction; what was stored, in order.

    Each kind of row is written with one statement for all the records (the driver
    takes the rows in batches), where one record at a time through the ORM cost some
    50 statements a match: an import of 10 000 matches took many minutes. Each match
    is stored as one import of it alone stores it: created (and, if it ended, finished)
    at a moment of its own, now unless it has its own times, and its names seated
    through the ``roster`` (read here if not given).
    """
    if not checked:
        return []
    roster = roster or Roster(session)
    connection = session.connection()
    moments = [utcnow() for _ in checked]
    match_ids = [
        row.id
        for row in connection.execute(
            insert(MatchRow).returning(col(MatchRow.id), sort_by_parameter_order=True),
            [
                {
                    "game": one.game,
                    "options": one.options,
                    "first_dealer": one.first_dealer,
                    "stopped": one.stopped,
                    "status": one.results["status"],
                    "winners": one.results["winners"],
                    "created_at": one.created_at or now,
                    "finished_at": (one.finished_at or one.created_at or now)
                    if one.finished
                    else None,
                    "revision": 0,
                }
                for one, now in zip(checked, moments)
            ],
        )
    ]
    seated = [roster.seat(one.names, one.genders) for one in checked]
    connection.execute(
        insert(Seat),
        [
            {"match_id": match_id, "seat": seat, "player_id": player.id}
            for match_id, players in zip(match_ids, seated)
            for seat, player in enumerate(players)
        ],
    )
    deal_rows = [
        {"match_id": match_id, "number": number, "started_at": now, **deal.results}
        for match_id, one, now in zip(match_ids, checked, moments)
        for number, deal in enumerate(one.deals)
    ]
    deal_ids: dict[tuple[int, int], int] = {}
    if deal_rows:
        # Rows come back in the driver's batches, each naming its match and number.
        for row in connection.execute(
            insert(DealRow).returning(col(DealRow.id), col(DealRow.match_id), col(DealRow.number)),
            deal_rows,
        ):
            deal_ids[row.match_id, row.number] = row.id
    del deal_rows
    entry_rows: list[dict[str, Any]] = []
    for match_id, one, now in zip(match_ids, checked, moments):
        for number, deal in enumerate(one.deals):
            deal_id = deal_ids[match_id, number]
            entry_rows.extend(
                {
                    "deal_id": deal_id,
                    "seq": seq,
                    "event": event,
                    "refused": seq in deal.refused,
                    "at": now,
                }
                for seq, event in enumerate(deal.events)
            )
            if len(entry_rows) >= ENTRY_BATCH:
                write_entries(connection, entry_rows)
                entry_rows = []
    write_entries(connection, entry_rows)
    return [
        Inserted(
            match_id,
            [deal_ids[match_id, number] for number in range(len(one.deals))],
            [p.name for p in players],
            [p.gender for p in players],
        )
        for match_id, one, players in zip(match_ids, checked, seated)
    ]


def find_player(session: Session, name: str) -> Player | None:
    """The roster's player this name means: the same name, in any case or typing.

    The exact name is looked up by its index; only a name the roster does not spell so
    is compared with every roster name, by its key, without loading the players.
    """
    exact = session.exec(select(Player).where(col(Player.name) == name)).first()
    if exact is not None:
        return exact
    key = name_key(name)
    for player_id, other in session.exec(select(Player.id, Player.name).order_by(col(Player.id))):
        if name_key(other) == key:
            return session.get(Player, player_id)
    return None


def lock_roster(session: Session) -> None:
    """On PostgreSQL, hold the roster against other writers until this transaction ends.

    Whether a name is new is decided by comparing it with every roster name
    (``Roster``, ``find_player``): two tables seating a new "Jonas" and "jonas" at once
    would both find none and add two people. SQLite's write lock (``BEGIN IMMEDIATE``)
    already keeps such transactions apart; EXCLUSIVE mode does that on PostgreSQL and
    still lets others read.
    """
    if session.get_bind().dialect.name == "postgresql":
        session.connection().execute(text("LOCK TABLE players IN EXCLUSIVE MODE"))


@dataclass(frozen=True, slots=True)
class RosterPlayer:
    id: int
    name: str
    gender: str


class Roster:
    """The roster as one transaction sees it, held against other writers (``lock_roster``):
    each player by name and by name key, so that seating a name is one look-up however
    many players the club has and however many matches an import seats.

    A name means the player of that exact name, else the first player (by id) whose
    name has its key ("jonas" is "Jonas"); a name with neither is added, with the
    gender given for it, else the one its spelling suggests (``seat_genders``).
    """

    def __init__(self, session: Session) -> None:
        lock_roster(session)
        self._connection = session.connection()
        self._by_name: dict[str, RosterPlayer] = {}
        self._by_key: dict[str, RosterPlayer] = {}
        for row in self._connection.execute(
            select(Player.id, Player.name, Player.gender).order_by(col(Player.id))
        ):
            self._know(RosterPlayer(row.id, row.name, row.gender))

    def _know(self, player: RosterPlayer) -> None:
        self._by_name.setdefault(player.name, player)
        self._by_key.setdefault(name_key(player.name), player)

    def find(self, name: str) -> RosterPlayer | None:
        return self._by_name.get(name) or self._by_key.get(name_key(name))

    def add(self, name: str, gender: str) -> RosterPlayer:
        """Add a name the roster lacks (``find`` found none)."""
        player_id = self._connection.execute(
            insert(Player)
            .values(name=name, gender=gender, created_at=utcnow())
            .returning(col(Player.id))
        ).scalar_one()
        player = RosterPlayer(stored_id(player_id), name, gender)
        self._know(player)
        return player

    def seat(
        self, names: Sequence[str], genders: Sequence[str] | None = None
    ) -> list[RosterPlayer]:
        """The players of these names, adding the names the roster lacks."""
        return [
            self.find(name) or self.add(name, gender)
            for name, gender in zip(names, seat_genders(names, genders))
        ]
