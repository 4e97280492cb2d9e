"""The club table a match is played at ("3", "Prie lango"), shown at the table, to its
watchers and on the club's board, and the evening's round it belongs to (1, 2, …);
None for a match played anywhere else, or outside a round. And whether a player is a
member of the club (the others are its guests): none is, until the club says so.

Revision ID: 0007
Revises: 0006
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("table_name", sa.String(), nullable=True))
    op.add_column("matches", sa.Column("round_number", sa.Integer(), nullable=True))
    op.add_column(
        "players",
        sa.Column("member", sa.Boolean(), nullable=False, server_default=sa.text("false")),
    )

