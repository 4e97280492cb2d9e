"""Schema migrations, applied at start: Alembic run from code, no alembic.ini.

The revisions live in ``models/migrations/versions``. A database already
at ``HEAD`` opens without importing Alembic at all (it costs a third of a
second at every start on a phone); an older one is upgraded in one
transaction, so a kill half-way leaves the old schema intact; one whose
revision this version does not know was written by a newer Partija and is
refused untouched. On PostgreSQL the upgrade first takes an advisory lock, so
devices starting at once on a new database migrate it once, one after another.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, Engine, inspect, text

from .faults import Told

HEAD = "0007"  # the newest revision in migrations/versions (a test keeps them in step)
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x50415254  # "PART": the advisory lock key of an upgrade on PostgreSQL


class NewerDatabase(Told, RuntimeError):
    """The database was written by a newer version of Partija."""


class ForeignDatabase(Told, RuntimeError):
    """The file is an SQLite database, but not one of Partija's."""


def known_revisions() -> set[str]:
    """The revision ids this version has, read from the file names (``0003_settings.py``)."""
    return {path.name.split("_", 1)[0] for path in (MIGRATIONS / "versions").glob("[0-9]*_*.py")}


def check_revision(file: Path | str, current: str | None, *, has_tables: bool) -> None:
    """Raise ``ForeignDatabase`` or ``NewerDatabase`` for a schema this version may not write."""
    if current is None and has_tables:
        raise ForeignDatabase("foreign", file=file)
    if current is not None and current not in known_revisions():
        raise NewerDatabase("newer", file=file, current=current, head=HEAD)


def upgrade(engine: Engine, file: Path | str) -> None:
    """Bring the schema to ``HEAD``, or raise ``NewerDatabase`` / ``ForeignDatabase``."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # SQLite's BEGIN IMMEDIATE serialises it
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        current = current_revision(connection)
        if current == HEAD:
            return
        check_revision(file, current, has_tables=_has_tables(connection))
        run_migrations(connection, file, current, "head")


def run_migrations(
    connection: Connection, file: Path | str, current: str | None, target: str
) -> None:
    """Upgrade inside the caller's transaction to ``target`` ("head" or a revision id)."""
    from alembic import command
    from alembic.config import Config

    check_revision(file, current, has_tables=False)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, target)


def current_revision(connection: Connection) -> str | None:
    """The schema revision recorded in the database; None for a new (or foreign) one."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def _has_tables(connection: Connection) -> bool:
    """Whether the database has tables of its own (SQLite's ``sqlite_…`` ones are not)."""
    return bool(inspect(connection).get_table_names())
