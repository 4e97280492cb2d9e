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

from sqlalchemy import bindparam, insert, text
from sqlmodel import Session, col, select

from rules.games import GAMES
from rules.grammar import seat_genders
from rules.match import Match, Status
from rules.names import MAX_NAME, BadName, clean_name, name_key
from rules.record import FORMAT, RecordError

from .faults import Told
from .prepared import Prepared
from .results import deal_results, match_results
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


def dumps(value: Any) -> str:
    """JSON text as stored: compact, key order kept, letters unescaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


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


def insert_record(
    session: Session,
    record: dict[str, Any],
    match: Match,
    names: list[str],
    genders: Sequence[str] | None = None,
    *,
    created_at: datetime | None = None,
    finished_at: datetime | None = None,
) -> tuple[int, list[int], list[str], list[str]]:
    """Store a record the rules have loaded as ``match``.

    Returns the match id, the deal ids, the names as the roster spells them
    (a "jonas" typed for the roster's "Jonas" sits as "Jonas") and the
    players' genders (``genders`` are those of names new to the roster).
    ``created_at`` / ``finished_at``: the match's own times (a restored backup's),
    else now.

    Events are kept verbatim, refused ones included and marked, so that
    export gives back the same record and the same verdict.
    """
    now = utcnow()
    results = match_results(match)
    created = created_at or now
    row = MatchRow(
        game=match.game.id,
        options=dumps(record["options"]),
        first_dealer=match.first_dealer,
        stopped=match.stopped,
        created_at=created,
        finished_at=(finished_at or created) if match.finished else None,
        status=results["status"],
        winners=results["winners"],
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    players = seat_players(session, names, genders)
    session.exec(
        insert(Seat),
        params=[
            {"match_id": row.id, "seat": seat, "player_id": player.id}
            for seat, player in enumerate(players)
        ],
    )
    deal_ids: list[int] = []
    for number, (deal, log) in enumerate(zip(record["deals"], match.deals)):
        deal_id: int = session.exec(
            insert(DealRow)
            .values(match_id=row.id, number=number, started_at=now, **deal_results(log))
            .returning(col(DealRow.id))
        ).scalar_one()
        deal_ids.append(deal_id)
        refused = {index for index, _ in log.rejected}
        if deal["events"]:
            session.exec(
                insert(EntryRow),
                params=[
                    {
                        "deal_id": deal_id,
                        "seq": seq,
                        "event": dumps(event),
                        "refused": seq in refused,
                        "at": now,
                    }
                    for seq, event in enumerate(deal["events"])
                ],
            )
    return row.id, deal_ids, [p.name for p in players], [p.gender for p in players]


def find_player(session: Session, name: str) -> Player | None:
    """The roster's player this name means: the same name, in any case or typing."""
    key = name_key(name)
    exact = session.exec(select(Player).where(col(Player.name) == name)).first()
    if exact is not None:
        return exact
    return next((p for p in session.exec(select(Player)) if name_key(p.name) == key), None)


def lock_roster(session: Session) -> None:
    """On PostgreSQL, hold the roster against other writers until this transaction ends.

    Whether a name is new is decided by comparing it with every roster name
    (``find_player``): two tables seating a new "Jonas" and "jonas" at once would both
    find none and add two people. SQLite's write lock (``BEGIN IMMEDIATE``) already
    keeps such transactions apart; EXCLUSIVE mode does that on PostgreSQL and still
    lets others read.
    """
    if session.get_bind().dialect.name == "postgresql":
        session.connection().execute(text("LOCK TABLE players IN EXCLUSIVE MODE"))


def seat_players(
    session: Session, names: Sequence[str], genders: Sequence[str] | None = None
) -> list[Player]:
    """The roster's players of these names, adding the names the roster lacks.

    A name new to the roster takes its gender from ``genders`` (one per name),
    else the guess from its spelling; a known player keeps the roster's.
    """
    lock_roster(session)
    players = []
    for name, gender in zip(names, seat_genders(names, genders)):
        player = find_player(session, name)
        if player is None:
            player = Player(name=name, gender=gender)
            session.add(player)
            session.flush()
        players.append(player)
    return players
