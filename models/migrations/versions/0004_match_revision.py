"""Each match counts its changes, so that two screens on one match cannot fork it.

Every write to a match (an entry, an undo, a correction, a new deal, the end)
raises ``revision`` by one, on the condition that it is still the revision the
writer last saw; a writer that saw an older one is told and reloads.

Revision ID: 0004
Revises: 0003
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "matches",
        sa.Column("revision", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )
