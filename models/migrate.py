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

HEAD = "0005"  # the newest revision in migrations/versions (a test keeps them in step)
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class NewerDatabase(RuntimeError):
    """The database was written by a newer version of Partija."""


class ForeignDatabase(RuntimeError):
    """The file is an SQLite database, but not one of Partija's."""


def known_revisions() -> set[str]:
    """The revision ids this version has, read from the file names (``0003_settings.py``)."""
    return {path.name.split("_", 1)[0] for path in (MIGRATIONS / "versions").glob("[0-9]*_*.py")}


def check_revision(file: Path, current: str | None, *, has_tables: bool) -> None:
    """Raise ``ForeignDatabase`` or ``NewerDatabase`` for a schema this version may not write."""
    if current is None and has_tables:
        raise ForeignDatabase(
            f"{file} is not a Partija database (it has other tables); choose another file with --db"
        )
    if current is not None and current not in known_revisions():
        raise NewerDatabase(
            f"{file} was written by a newer version of Partija (schema"
            f" {current}; this version knows up to {HEAD}): update Partija"
            " to open it"
        )


def upgrade(engine: Engine, file: Path) -> None:
    """Bring the schema to ``HEAD``, or raise ``NewerDatabase`` / ``ForeignDatabase``."""
    with engine.begin() as connection:
        current = current_revision(connection)
        if current == HEAD:
            return
        check_revision(file, current, has_tables=_has_tables(connection))
        run_migrations(connection, file, current, "head")


def run_migrations(connection: Connection, file: Path, current: str | None, target: str) -> None:
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
