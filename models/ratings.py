"""Players' OpenSkill ratings per game, from the finished matches (Plackett–Luce, defaults).

What counts: a match that finished – by the rules (a winner) or stopped by the table,
which ranks the players by their totals and so has a result too – with at least two
players and at least one finished deal (a match stopped before any deal says nothing
about play). One match is one rating event of its game; matches are rated in the order
of ``finished_at``, then match id.

Places: the match's winners first (a Ramsas player who takes every trick wins whatever
the totals say), then the others by their totals, best first (lower is better where the
game counts penalty points, ``Game.LOWEST_WINS``); equal totals share a place.

The ``ratings`` rows are a cache of the stored matches, like the match's cached outcome:
``rate_match`` runs in every transaction that may change a match's result (it finishes,
is stopped, reopened, corrected, imported; a player merged into another). A match that
comes after every rated match of its game is appended to; anything else recomputes that
game from its first match. Either way the numbers are exactly what ``rebuild_ratings``
gives: the same computation on the same inputs in the same order (floats round-trip
through both databases unchanged).
"""

from __future__ import annotations

import json
import zlib
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import delete, insert, text
from sqlmodel import Session, col, select

from rules.games import GAMES

from .records import find_player, stored_id
from .tables import DealRow, MatchRow, Player, RatingRow, Seat

MODEL = PlackettLuce()
ID_BATCH = 500  # ids in one IN list: well within SQLite's and PostgreSQL's limits
RATINGS_LOCK = 0x52415445  # "RATE": with the game's checksum, the advisory lock of its ratings


@dataclass(frozen=True)
class Standing:
    """A player's current rating in one game; ``ordinal`` is openskill's (mu − 3 sigma)."""

    name: str
    mu: float
    sigma: float
    ordinal: float
    matches: int  # rated matches of this game


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating in one game after one match (the chart's point)."""

    match_id: int
    finished_at: datetime  # aware, UTC
    place: int
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class GameRatings:
    """What a rebuild rated in one game."""

    game: str
    matches: int
    players: int


@dataclass(frozen=True)
class RatedMatch:
    """One rating event: a finished match that counts, its players (ids, by seat) with their
    places."""

    match_id: int
    finished_at: datetime
    places: dict[int, int]

    @property
    def order(self) -> tuple[datetime, int]:
        return self.finished_at, self.match_id


def places(totals: list[int], winners: set[int], *, lowest_wins: bool) -> list[int]:
    """Each seat's place (1 the best): winners first, then by total; equal ones share."""
    keys = [
        (seat not in winners, total if lowest_wins else -total) for seat, total in enumerate(totals)
    ]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def rated_matches(
    session: Session, game: str, match_ids: Collection[int] | None = None
) -> list[RatedMatch]:
    """The matches of ``game`` that count (or those of ``match_ids`` only), in rating order,
    read from the store's cached results."""
    if match_ids is not None and len(match_ids) > ID_BATCH:
        ids = sorted(match_ids)
        found = [
            event
            for start in range(0, len(ids), ID_BATCH)
            for event in rated_matches(session, game, ids[start : start + ID_BATCH])
        ]
        return sorted(found, key=lambda event: event.order)
    chosen: list[Any] = [col(MatchRow.game) == game, col(MatchRow.status) == "finished"]
    if match_ids is not None:
        chosen.append(col(MatchRow.id).in_(match_ids))
    seats: dict[int, list[int]] = defaultdict(list)
    for seat_match, player_id in session.exec(
        select(Seat.match_id, Seat.player_id)
        .join(MatchRow, col(MatchRow.id) == Seat.match_id)
        .where(*chosen)
        .order_by(col(Seat.match_id), col(Seat.seat))
    ):
        seats[seat_match].append(player_id)
    totals: dict[int, list[int]] = {}
    counted: set[int] = set()
    for deal_match, status, points in session.exec(
        select(DealRow.match_id, DealRow.status, DealRow.points)
        .join(MatchRow, col(MatchRow.id) == DealRow.match_id)
        .where(*chosen, col(DealRow.undone_at).is_(None), col(DealRow.points).is_not(None))
    ):
        gained = json.loads(points or "[]")
        running = totals.setdefault(deal_match, [0] * len(gained))
        totals[deal_match] = [t + p for t, p in zip(running, gained)]
        if status == "finished":
            counted.add(deal_match)
    lowest_wins = GAMES[game].LOWEST_WINS
    found = []
    for row_id, finished_at, winners in session.exec(
        select(MatchRow.id, MatchRow.finished_at, MatchRow.winners)
        .where(*chosen)
        .order_by(col(MatchRow.finished_at), col(MatchRow.id))
    ):
        rated_id = stored_id(row_id)
        players = seats[rated_id]
        # A finished match always has its time; the column allows none only for open ones.
        if finished_at is None or rated_id not in counted or len(players) < 2:
            continue
        won = set(json.loads(winners or "[]"))
        placed = places(totals[rated_id], won, lowest_wins=lowest_wins)
        found.append(RatedMatch(rated_id, finished_at, dict(zip(players, placed))))
    return found


def _rate(event: RatedMatch, current: dict[int, tuple[float, float]]) -> list[dict[str, Any]]:
    """The rows one match gives, from each player's rating before it (``current``, updated)."""
    players = list(event.places)
    teams = [[MODEL.rating(*current[p]) if p in current else MODEL.rating()] for p in players]
    after = MODEL.rate(teams, ranks=[event.places[p] for p in players])
    rows = []
    for player, [rating] in zip(players, after):
        current[player] = (rating.mu, rating.sigma)
        rows.append(
            {
                "match_id": event.match_id,
                "player_id": player,
                "finished_at": event.finished_at,
                "place": event.places[player],
                "mu": rating.mu,
                "sigma": rating.sigma,
            }
        )
    return rows


def _lock(session: Session, game: str) -> None:
    """On PostgreSQL, hold this game's ratings against other writers until the transaction
    ends: two tables finishing matches at once would both rate from the same latest rows.
    SQLite's write lock (``BEGIN IMMEDIATE``) already keeps them apart."""
    if session.get_bind().dialect.name == "postgresql":
        key = zlib.crc32(game.encode()) & 0x7FFFFFFF
        session.connection().execute(
            text("SELECT pg_advisory_xact_lock(:lock, :game)"), {"lock": RATINGS_LOCK, "game": key}
        )


def _insert(session: Session, game: str, rows: list[dict[str, Any]]) -> None:
    if rows:
        session.exec(insert(RatingRow), params=[{**row, "game": game} for row in rows])


def _recompute(session: Session, game: str) -> GameRatings:
    """Rate ``game`` again from its first match (the caller holds its lock)."""
    session.exec(delete(RatingRow).where(col(RatingRow.game) == game))
    events = rated_matches(session, game)
    current: dict[int, tuple[float, float]] = {}
    rows = [row for event in events for row in _rate(event, current)]
    _insert(session, game, rows)
    return GameRatings(game, len(events), len(current))


def rate_match(session: Session, *, match_id: int) -> None:
    """Bring the ratings in step with match ``match_id`` as it is now stored, in the
    caller's transaction: append it, recompute its game, or (unchanged) nothing."""
    game = session.exec(select(MatchRow.game).where(col(MatchRow.id) == match_id)).one()
    _lock(session, game)
    event = next(iter(rated_matches(session, game, [match_id])), None)
    rated = {
        player: (place, finished_at)
        for player, place, finished_at in session.exec(
            select(RatingRow.player_id, RatingRow.place, RatingRow.finished_at).where(
                col(RatingRow.match_id) == match_id
            )
        )
    }
    if event is None and not rated:
        return
    if event is not None and rated:
        wanted = {player: (place, event.finished_at) for player, place in event.places.items()}
        if wanted == rated:
            return
    if event is None or rated:
        _recompute(session, game)
        return
    last = _last_rated(session, game)
    if last is not None and tuple(last) >= event.order:
        _recompute(session, game)  # an older match finished (or came in) after newer ones
        return
    current = {}
    for player in event.places:
        latest = session.exec(
            select(RatingRow.mu, RatingRow.sigma)
            .where(col(RatingRow.player_id) == player, col(RatingRow.game) == game)
            .order_by(col(RatingRow.finished_at).desc(), col(RatingRow.match_id).desc())
            .limit(1)
        ).first()
        if latest is not None:
            current[player] = (latest[0], latest[1])
    _insert(session, game, _rate(event, current))


def _last_rated(session: Session, game: str) -> tuple[datetime, int] | None:
    """The (finished_at, match_id) of the game's last rated match, or None: a match that
    comes before it cannot be appended, the game is rated again."""
    return session.exec(
        select(RatingRow.finished_at, RatingRow.match_id)
        .where(col(RatingRow.game) == game)
        .order_by(col(RatingRow.finished_at).desc(), col(RatingRow.match_id).desc())
        .limit(1)
    ).first()


def rate_matches(session: Session, match_ids: Sequence[int]) -> None:
    """Rate matches new to the store (an import), in the caller's transaction: what
    ``rate_match`` of each, one after another, gives, in a few statements a game.

    A game's new matches that all come after its rated ones are appended, rated from
    their players' latest ratings; otherwise the game is rated again from its first match.
    """
    games: dict[str, list[int]] = defaultdict(list)
    for start in range(0, len(match_ids), ID_BATCH):
        chunk = match_ids[start : start + ID_BATCH]
        for match_id, game in session.exec(
            select(MatchRow.id, MatchRow.game).where(col(MatchRow.id).in_(chunk))
        ):
            games[game].append(stored_id(match_id))
    for game in sorted(games):  # in name order, as a rebuild takes the games' locks
        _lock(session, game)
        events = rated_matches(session, game, games[game])
        if not events:
            continue
        last = _last_rated(session, game)
        if last is not None and tuple(last) >= events[0].order:
            _recompute(session, game)  # one of them comes before a rated match
            continue
        players = sorted({player for event in events for player in event.places})
        current: dict[int, tuple[float, float]] = {}
        for start in range(0, len(players), ID_BATCH):
            for player, mu, sigma in session.exec(
                select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma)
                .where(
                    col(RatingRow.game) == game,
                    col(RatingRow.player_id).in_(players[start : start + ID_BATCH]),
                )
                .order_by(col(RatingRow.finished_at), col(RatingRow.match_id))
            ):
                current[player] = (mu, sigma)  # the latest row last
        _insert(session, game, [row for event in events for row in _rate(event, current)])


def rerate_player(session: Session, *, player_id: int) -> None:
    """Recompute every game the player is rated in, once his seats went to another player
    (a merge): his rows go, and the games are rated as the seats now say."""
    games = session.exec(
        select(RatingRow.game).where(col(RatingRow.player_id) == player_id).distinct()
    )
    for game in sorted(games):  # in name order, as a rebuild takes the games' locks
        _lock(session, game)
        _recompute(session, game)


def rebuild_ratings(session: Session) -> list[GameRatings]:
    """Recompute every game's ratings from the stored matches; what each game rated."""
    rebuilt = []
    for game in sorted(GAMES):  # one order for every taker of several games' locks: no deadlock
        _lock(session, game)
        rebuilt.append(_recompute(session, game))
    return rebuilt


def _utc(moment: datetime) -> datetime:
    """The time in UTC; SQLite gives the stored UTC time back without its zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _ordinal(mu: float, sigma: float) -> float:
    return float(MODEL.rating(mu, sigma).ordinal())


def standings(session: Session, *, game: str) -> list[Standing]:
    """Every rated player of ``game`` with his current rating, best (highest ordinal) first."""
    latest: dict[str, tuple[float, float]] = {}
    counts: dict[str, int] = defaultdict(int)
    for name, mu, sigma in session.exec(
        select(Player.name, RatingRow.mu, RatingRow.sigma)
        .join(Player, col(Player.id) == RatingRow.player_id)
        .where(col(RatingRow.game) == game)
        .order_by(col(RatingRow.finished_at), col(RatingRow.match_id))
    ):
        latest[name] = (mu, sigma)
        counts[name] += 1
    table = [
        Standing(name, mu, sigma, _ordinal(mu, sigma), counts[name])
        for name, (mu, sigma) in latest.items()
    ]
    return sorted(table, key=lambda s: (-s.ordinal, s.name))


def rating_history(session: Session, *, player: str, game: str) -> list[RatingPoint]:
    """The player's rating after each of his rated matches of ``game``, in rating order;
    empty for a name the roster lacks (in any case or typing it is the roster's player)."""
    found = find_player(session, player)
    if found is None:
        return []
    rows = session.exec(
        select(RatingRow)
        .where(col(RatingRow.player_id) == found.id, col(RatingRow.game) == game)
        .order_by(col(RatingRow.finished_at), col(RatingRow.match_id))
    )
    return [
        RatingPoint(
            row.match_id,
            _utc(row.finished_at),
            row.place,
            row.mu,
            row.sigma,
            _ordinal(row.mu, row.sigma),
        )
        for row in rows
    ]
