"""The club table a match is played at ("3", "Prie lango"), shown at the table, to its
watchers and on the club's board; None for a match played anywhere else.

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

