"""Schema migrations, applied at start: Alembic run from code, no alembic.ini.

The revisions live in ``models/migrations/versions``. A database already
at ``HEAD`` opens without importing Alembic at all (it costs a third of a
second at every start on a phone); an older one is upgraded in one
transaction, so a kill half-way leaves the old schema intact; one whose
revision this version does not know was written by a newer Partija and is
refused untouched.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, Engine, text

HEAD = "0003"  # the newest revision in migrations/versions (a test keeps them in step)
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class NewerDatabase(RuntimeError):
    """The database was written by a newer version of Partija."""


class ForeignDatabase(RuntimeError):
    """The file is an SQLite database, but not one of Partija's."""


def upgrade(engine: Engine, file: Path) -> None:
    """Bring the schema to ``HEAD``, or raise ``NewerDatabase`` / ``ForeignDatabase``."""
    with engine.begin() as connection:
        current = current_revision(connection)
        if current == HEAD:
            return
        if current is None and _has_tables(connection):
            raise ForeignDatabase(
                f"{file} is not a Partija database (it has other tables);"
                " choose another file with --db"
            )
        run_migrations(connection, file, current, "head")


def run_migrations(connection: Connection, file: Path, current: str | None, target: str) -> None:
    """Upgrade inside the caller's transaction to ``target`` ("head" or a revision id)."""
    from alembic import command
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    if current is not None and current not in known:
        raise NewerDatabase(
            f"{file} was written by a newer version of Partija (schema"
            f" {current}; this version knows up to {HEAD}): update Partija"
            " to open it"
        )
    command.upgrade(config, target)


def current_revision(connection: Connection) -> str | None:
    """The schema revision recorded in the database; None for a new (or foreign) one."""
    has_version = connection.execute(
        text("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'")
    ).first()
    if not has_version:
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def _has_tables(connection: Connection) -> bool:
    return (
        connection.execute(
            text("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        ).first()
        is not None
    )
