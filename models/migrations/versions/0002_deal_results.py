"""Cache each deal's result (status, points, violations) and each match's winners.

The first schema derived totals by replaying every match, which the match
list and player statistics cannot afford. The caches are filled here by
replaying the stored entries through the rules. This revision reads the
tables with its own SQL, as they are at this point of history, rather than
through the store's current code, which may change with later revisions.

Revision ID: 0002
Revises: 0001
"""
from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from rules.record import load

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("deals", sa.Column("status", sa.String(), nullable=True))
    op.add_column("deals", sa.Column("points", sa.Text(), nullable=True))
    op.add_column("deals", sa.Column("violations", sa.Text(), nullable=True))
    op.add_column("matches", sa.Column("winners", sa.Text(), nullable=True))
    bind = op.get_bind()
    matches = bind.execute(sa.text(
        "SELECT id, game, options, first_dealer, stopped FROM matches")).all()
    for match_id, game, options, first_dealer, stopped in matches:
        players = bind.execute(sa.text(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
            " WHERE s.match_id = :m ORDER BY s.seat"), {"m": match_id}).scalars().all()
        deal_ids = bind.execute(sa.text(
            "SELECT id FROM deals WHERE match_id = :m AND undone_at IS NULL ORDER BY number"),
            {"m": match_id}).scalars().all()
        deals = [{"events": [json.loads(event) for event in bind.execute(sa.text(
            "SELECT event FROM entries WHERE deal_id = :d AND undone_at IS NULL ORDER BY seq"),
            {"d": deal_id}).scalars()]} for deal_id in deal_ids]
        replayed, _ = load({"format": 1, "game": game, "players": list(players),
                            "options": json.loads(options), "first_dealer": first_dealer,
                            "deals": deals, "stopped": bool(stopped)})
        for deal_id, log in zip(deal_ids, replayed.deals):
            bind.execute(sa.text(
                "UPDATE deals SET status = :s, points = :p, violations = :v WHERE id = :d"),
                {"s": log.status.value,
                 "p": None if log.points is None else json.dumps(log.points),
                 "v": json.dumps([v.to_dict() for v in log.violations]), "d": deal_id})
        if replayed.winners is not None:
            bind.execute(sa.text("UPDATE matches SET winners = :w WHERE id = :m"),
                         {"w": json.dumps(sorted(replayed.winners)), "m": match_id})
