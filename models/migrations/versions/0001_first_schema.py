"""The first schema: the roster, matches, seats, deals and the append-only entries.

Written for SQLite first; when the store learnt PostgreSQL (where no database of this
revision was ever made) the two partial unique indexes were given their condition for
PostgreSQL too, and the times their time zone, as the models declare them. SQLite
ignores both, so its files are as before.

Revision ID: 0001
Revises: (none)
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("stopped", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
    )
    op.create_index("ix_seats_player_id", "seats", ["player_id"])
    op.create_table(
        "deals",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_deals_match_id", "deals", ["match_id"])
    op.create_index("ix_deals_live_number", "deals", ["match_id", "number"], unique=True,
                    sqlite_where=sa.text("undone_at IS NULL"),
                    postgresql_where=sa.text("undone_at IS NULL"))
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("deal_id", sa.Integer(), sa.ForeignKey("deals.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("event", sa.Text(), nullable=False),
        sa.Column("refused", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("replaced_by", sa.Integer(), sa.ForeignKey("entries.id"), nullable=True),
    )
    op.create_index("ix_entries_deal_id", "entries", ["deal_id"])
    op.create_index("ix_entries_live_seq", "entries", ["deal_id", "seq"], unique=True,
                    sqlite_where=sa.text("undone_at IS NULL"),
                    postgresql_where=sa.text("undone_at IS NULL"))
