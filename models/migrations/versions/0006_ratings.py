"""Players' OpenSkill ratings per game, one row per (match, player), from the finished matches.

The table is filled here from the matches already stored, as ``models/ratings.py`` rates
them at this revision (Plackett–Luce with openskill's defaults; a finished or stopped
match with two players or more and a finished deal; winners first, then by totals, equal
totals sharing a place; in the order finished_at, match id). Written out with its own SQL
rather than imported: the store's code may change, and a migration must do tomorrow what
it did today. ``main.py club ratings --rebuild`` recomputes with the code of the day.

Revision ID: 0006
Revises: 0005
"""
from __future__ import annotations

import json
from collections import defaultdict

import sqlalchemy as sa
from alembic import op
from openskill.models import PlackettLuce

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

LOWEST_WINS = {"domino"}  # the games that count penalty points at this revision


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
    )
    op.create_index("ix_ratings_game_order", "ratings", ["game", "finished_at", "match_id"])
    op.create_index("ix_ratings_player_game", "ratings",
                    ["player_id", "game", "finished_at", "match_id"])
    bind = op.get_bind()
    seats = defaultdict(list)
    for match_id, player_id in bind.execute(sa.text(
            "SELECT match_id, player_id FROM seats ORDER BY match_id, seat")):
        seats[match_id].append(player_id)
    totals, counted = {}, set()
    for match_id, status, points in bind.execute(sa.text(
            "SELECT match_id, status, points FROM deals"
            " WHERE undone_at IS NULL AND points IS NOT NULL")):
        gained = json.loads(points)
        running = totals.setdefault(match_id, [0] * len(gained))
        totals[match_id] = [t + p for t, p in zip(running, gained)]
        if status == "finished":
            counted.add(match_id)
    model = PlackettLuce()
    current = {}  # (game, player) -> (mu, sigma)
    rows = []
    for match_id, game, finished_at, winners in bind.execute(sa.text(
            "SELECT id, game, finished_at, winners FROM matches WHERE status = 'finished'"
            " AND finished_at IS NOT NULL ORDER BY finished_at, id")):
        players = seats[match_id]
        if match_id not in counted or len(players) < 2:
            continue
        won = set(json.loads(winners or "[]"))
        sign = 1 if game in LOWEST_WINS else -1
        keys = [(seat not in won, sign * total) for seat, total in enumerate(totals[match_id])]
        places = [1 + sum(other < mine for other in keys) for mine in keys]
        teams = [[model.rating(*current[game, p]) if (game, p) in current else model.rating()]
                 for p in players]
        for player, place, [rating] in zip(players, places, model.rate(teams, ranks=places)):
            current[game, player] = (rating.mu, rating.sigma)
            rows.append({"m": match_id, "p": player, "g": game, "f": finished_at, "r": place,
                         "mu": rating.mu, "s": rating.sigma})
    if rows:
        bind.execute(sa.text(
            "INSERT INTO ratings (match_id, player_id, game, finished_at, place, mu, sigma)"
            " VALUES (:m, :p, :g, :f, :r, :mu, :s)"), rows)
