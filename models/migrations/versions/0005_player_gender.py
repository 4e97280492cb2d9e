"""Each player's grammatical gender, so that sentences about him or her agree.

``m`` or ``f``. Existing players get the guess from their first name, written
out here rather than imported: the rule the app guesses with may change, and
a migration must do tomorrow what it did today.

Revision ID: 0005
Revises: 0004
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _guess(name: str) -> str:
    """Lithuanian feminine first names end in -a or -ė; any other is taken as masculine."""
    words = name.split()
    return "f" if words and words[0].casefold().endswith(("a", "ė")) else "m"


def upgrade() -> None:
    op.add_column(
        "players",
        sa.Column("gender", sa.String(), nullable=False, server_default=sa.text("'m'")),
    )
    connection = op.get_bind()
    players = connection.execute(sa.text("SELECT id, name FROM players")).all()
    feminine = [{"id": id_} for id_, name in players if _guess(name) == "f"]
    if feminine:
        connection.execute(sa.text("UPDATE players SET gender = 'f' WHERE id = :id"), feminine)
