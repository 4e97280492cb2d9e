"""Where the database lives and how it is opened: the one place an SQLAlchemy engine is made.

Opening checks the file before anything touches it (``PRAGMA quick_check``,
or the full ``integrity_check`` after an unclean shutdown): a file that fails
is moved aside with a timestamp (never silently lost, never overwritten) and
a new one started; a database written by a
newer Partija is refused. Then migrations bring the schema up to date.

Every connection runs in WAL mode with foreign keys on and
``synchronous=FULL``, and real transactions (pysqlite's own transaction
handling would run DDL outside them and begin lazily): a commit that
returns is on disk.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

from .migrate import upgrade
from .tables import utcnow

FILE_NAME = "partija.db"
BUSY_TIMEOUT_S = 10.0  # another process (the command line) may hold the write lock briefly
_CORRUPT = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}


class DatabaseUnavailable(RuntimeError):
    """The database file cannot be opened (permissions, a folder in its place, a lock held)."""


@dataclass(frozen=True)
class MovedAside:
    """A damaged database file that was moved away so a new one could start; tell the user."""

    original: Path
    moved_to: Path
    problem: str

    def message(self, lang: str = "en") -> str:
        if lang == "lt":
            return (
                f"Duomenų bazė {self.original} sugadinta ({self.problem}). Ji perkelta į "
                f"{self.moved_to}, pradėta nauja."
            )
        return (
            f"The database {self.original} is damaged ({self.problem}). It was moved to "
            f"{self.moved_to} and a new one started."
        )


@dataclass(frozen=True)
class Database:
    """An open, migrated database: its engine, its file, and a damaged file set aside on the way."""

    engine: Engine
    path: Path
    moved_aside: MovedAside | None


def database_path(override: str | os.PathLike[str] | None = None) -> Path:
    """The database file: ``--db`` (``override``), else ``PARTIJA_DB``, else the app's data folder.

    The data folder is ``FLET_APP_STORAGE_DATA`` when Flet sets it (packaged
    and ``flet run`` apps: durable across updates), else the platform's
    user-data folder.
    """
    if override:
        return Path(override)
    if os.environ.get("PARTIJA_DB"):
        return Path(os.environ["PARTIJA_DB"])
    folder = os.environ.get("FLET_APP_STORAGE_DATA") or platformdirs.user_data_dir(
        "partija", appauthor=False
    )
    return Path(folder) / FILE_NAME


def open_database(path: str | os.PathLike[str] | None = None) -> Database:
    """Open (creating if needed), check and migrate the database; raise if it cannot be used.

    Raises ``DatabaseUnavailable`` when the file cannot be opened and
    ``migrate.NewerDatabase`` / ``migrate.ForeignDatabase`` when its schema
    is not one this version may write.
    """
    file = database_path(path)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseUnavailable(f"{file.parent}: cannot create the folder: {exc}") from None
    moved = _set_aside_if_damaged(file)
    engine = make_engine(file)
    try:
        upgrade(engine, file)
    except BaseException:
        engine.dispose()
        raise
    return Database(engine, file, moved)


def make_engine(file: Path) -> Engine:
    """An engine whose connections are durable and transactional (see the module docstring)."""
    engine = create_engine(
        URL.create("sqlite", database=str(file)),
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_S},
    )
    event.listen(engine, "connect", _configure_connection)
    event.listen(engine, "begin", _begin)
    return engine


def _configure_connection(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    # Autocommit at the driver: SQLAlchemy's "begin" event below opens every transaction.
    dbapi_connection.isolation_level = None
    with closing(dbapi_connection.cursor()) as cursor:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")


def _begin(connection: Any) -> None:
    # IMMEDIATE takes the write lock up front: a transaction that reads, then
    # writes, can then not fail half-way because another process wrote first.
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def unclean_shutdown(file: Path) -> bool:
    """Whether the last process to use the file did not close it: its write-ahead log is
    still there (SQLite removes it when the last connection closes)."""
    wal = Path(f"{file}-wal")
    return wal.exists() and wal.stat().st_size > 0


def _set_aside_if_damaged(file: Path) -> MovedAside | None:
    """Check the file; move a damaged file (and its WAL) aside.

    ``PRAGMA quick_check`` on a file closed cleanly (it reads every page, without
    cross-checking the indexes: a start stays fast with thousands of matches), the
    full ``PRAGMA integrity_check`` after an unclean shutdown.
    """
    if not file.exists():
        return None
    pragma = "integrity_check" if unclean_shutdown(file) else "quick_check"
    try:
        with closing(sqlite3.connect(file, timeout=BUSY_TIMEOUT_S)) as check:
            rows = check.execute(f"PRAGMA {pragma}").fetchall()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", None) not in _CORRUPT:
            raise DatabaseUnavailable(f"{file}: cannot open the database: {exc}") from None
        problem = str(exc)
    else:
        if rows == [("ok",)]:
            return None
        problem = "; ".join(str(row[0]) for row in rows[:3])
    target = _free_name(file)
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{file}{suffix}")
        if part.exists():
            os.replace(part, f"{target}{suffix}")
    return MovedAside(file, target, problem)


def _free_name(file: Path) -> Path:
    stamp = utcnow().strftime("%Y%m%dT%H%M%SZ")
    target = file.with_name(f"{file.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = file.with_name(f"{file.name}.corrupt-{stamp}-{n}")
    return target
