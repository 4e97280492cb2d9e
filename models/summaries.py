"""The match list: one line per match, unfinished first, from the cached deal results."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, func, select

from .tables import DealRow, MatchRow, Player, RatingRow, Seat


@dataclass(frozen=True)
class MatchSummary:
    id: int
    game: str
    players: list[str]
    status: str  # "open" or "finished"
    stopped: bool
    totals: list[int]
    created_at: datetime
    finished_at: datetime | None
    table: str | None = None  # the club's table it is played at
    round: int | None = None  # the evening's round (``rounds``)


def list_matches(
    session: Session,
    *,
    unfinished: bool = False,
    offset: int = 0,
    limit: int | None = None,
    ids: list[int] | None = None,
) -> list[MatchSummary]:
    """Matches, unfinished first, newest first within each group; one page of them.

    ``unfinished``: only matches going on (neither finished nor stopped). SQL picks
    the page first, so seats and totals are read for those matches only: a page
    costs the same with ten thousand matches stored as with none.
    """
    query = select(MatchRow).order_by(
        col(MatchRow.status) == "finished",
        col(MatchRow.created_at).desc(),
        col(MatchRow.id).desc(),
    )
    if unfinished:
        query = query.where(col(MatchRow.status) == "open", col(MatchRow.stopped).is_(False))
    if ids is not None:
        query = query.where(col(MatchRow.id).in_(ids))
    rows = [row for row in session.exec(query.offset(offset).limit(limit)) if row.id is not None]
    chosen = [row.id for row in rows]
    players: dict[int, list[str]] = defaultdict(list)
    for match_id, name in session.exec(
        select(Seat.match_id, Player.name)
        .join(Player, col(Player.id) == Seat.player_id)
        .where(col(Seat.match_id).in_(chosen))
        .order_by(col(Seat.match_id), col(Seat.seat))
    ):
        players[match_id].append(name)
    totals: dict[int, list[int]] = {}
    for match_id, points in session.exec(
        select(DealRow.match_id, DealRow.points).where(
            col(DealRow.match_id).in_(chosen),
            col(DealRow.undone_at).is_(None),
            col(DealRow.points).is_not(None),
        )
    ):
        gained = json.loads(points or "[]")  # the query asks for points that are not null
        running = totals.setdefault(match_id, [0] * len(gained))
        totals[match_id] = [t + p for t, p in zip(running, gained)]
    return [
        MatchSummary(
            row.id,
            row.game,
            players[row.id],
            row.status,
            row.stopped,
            totals.get(row.id, [0] * len(players[row.id])),
            row.created_at,
            row.finished_at,
            row.table_name,
            row.round_number,
        )
        for row in rows
        if row.id is not None
    ]


def live_marks(session: Session) -> tuple[dict[int, int], int]:
    """The matches going on with their revisions, and how many ratings are stored: what a
    club's board compares between two looks to know what to read again (two small
    queries, however many tables play)."""
    going = session.exec(
        select(MatchRow.id, MatchRow.revision).where(
            col(MatchRow.status) == "open", col(MatchRow.stopped).is_(False)
        )
    )
    marks = {match_id: revision for match_id, revision in going if match_id is not None}
    rated = session.exec(select(func.count()).select_from(RatingRow)).one()
    return marks, int(rated)
