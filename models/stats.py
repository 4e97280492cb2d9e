"""Per-player statistics over every stored match, from the cached results.

Averages count finished deals only (an annulled deal scores nothing and
says nothing about play); win rate counts finished matches only. In
domino a deal's points are penalty points, so there a lower average is
better.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass

from sqlmodel import Session, col, select

from .tables import DealRow, MatchRow, Player, Seat


@dataclass(frozen=True)
class PlayerStats:
    name: str
    matches: int  # matches he sat in, finished or not
    finished: int  # of those, finished
    wins: int  # finished matches he won (a shared first place counts)
    deals: int  # finished deals he played
    points: int  # points over those deals
    violations: int  # rule breaks proven against him

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None

    @property
    def points_per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None


def player_stats(session: Session, game: str | None = None) -> list[PlayerStats]:
    """One line per roster player, in name order: over all games, or over ``game`` only."""
    chosen = select(MatchRow.id)
    if game is not None:
        chosen = chosen.where(col(MatchRow.game) == game)
    wanted = set(session.exec(chosen))
    seats: dict[int, list[int]] = defaultdict(list)  # match -> player id per seat
    for match_id, player_id in session.exec(
        select(Seat.match_id, Seat.player_id).order_by(col(Seat.match_id), col(Seat.seat))
    ):
        if match_id in wanted:
            seats[match_id].append(player_id)
    matches, finished, wins = Counter[int](), Counter[int](), Counter[int]()
    for row_id, match_status, winners in session.exec(
        select(MatchRow.id, MatchRow.status, MatchRow.winners).where(col(MatchRow.id).in_(wanted))
    ):
        assert row_id is not None
        table = seats[row_id]
        matches.update(table)
        if match_status == "finished":
            finished.update(table)
            wins.update({table[seat] for seat in json.loads(winners or "[]")})
    deals, points, violations = Counter[int](), Counter[int](), Counter[int]()
    for deal_match, status, gained, proven in session.exec(
        select(DealRow.match_id, DealRow.status, DealRow.points, DealRow.violations).where(
            col(DealRow.undone_at).is_(None), col(DealRow.match_id).in_(wanted)
        )
    ):
        table = seats[deal_match]
        if status == "finished":
            for player_id, got in zip(table, json.loads(gained or "[]")):
                deals[player_id] += 1
                points[player_id] += got
        violations.update(table[v["player"]] for v in json.loads(proven or "[]"))
    return [
        PlayerStats(
            name, matches[pid], finished[pid], wins[pid], deals[pid], points[pid], violations[pid]
        )
        for pid, name in session.exec(select(Player.id, Player.name).order_by(col(Player.name)))
        if pid is not None  # a stored row always has its id
    ]
