"""Where the database lives and how it is opened: the one place an SQLAlchemy engine is made.

The database is an SQLite file, or – for a club, where many tables write to one
store – a PostgreSQL database named by a URL (``postgresql+psycopg://user@host/db``,
driver in the optional dependency group ``club``). Everything below about files
(the read-only peek, the integrity checks, setting a damaged file aside, WAL) is
about SQLite; a server keeps its own files, so there only the migrations run.

Opening an SQLite file checks the file before anything touches it, on a read-only
connection: a file that is another program's database or was written by a
newer Partija is refused and left byte for byte as it was; one that fails
``PRAGMA quick_check`` (or the full ``integrity_check`` after an unclean
shutdown) is moved aside with a timestamp (never silently lost, never
overwritten), a new one started, and what can still be read of it – every whole
match, the players, the settings – is copied into it (``salvage``, called by
``store.Store``). Only then is the file switched to WAL and migrations bring the
schema up to date.

A fault met later (a lock held too long, a full disk, a read-only file, a
table gone) is raised as ``StoreFault``: one sentence naming the file and what
to do, in English or Lithuanian, never a driver traceback.

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

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from .faults import Told, disk_full, may_write, one_line
from .location import FILE_NAME as FILE_NAME  # these three were defined here: still found here
from .location import chosen, database_file, is_url, look_uri
from .location import data_folder as data_folder
from .location import log_folder as log_folder
from .migrate import check_revision, upgrade
from .tables import utcnow

BUSY_TIMEOUT_S = 10.0  # another process (the command line) may hold the write lock briefly
CONNECT_TIMEOUT_S = 10  # a server that does not answer within this is told as unreachable
# On a server: a statement that runs longer is cancelled (a stuck query never hangs a
# table); a lock waited for longer (another table's write on the match, the roster) is
# given up as busy, as SQLite's busy timeout does; a transaction left open and idle by a
# client gone silent is ended, so its locks do not hold every other table.
STATEMENT_TIMEOUT_S = 30.0
LOCK_TIMEOUT_S = BUSY_TIMEOUT_S
IDLE_IN_TRANSACTION_S = 60.0
_CORRUPT = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}


# What a fault means for the user, by the words SQLite reports it with; first match wins.
_FAULTS = (
    ("locked", "busy"),
    ("busy", "busy"),
    ("readonly", "read_only"),
    ("read-only", "read_only"),
    ("full", "full"),
    ("no such table", "schema"),
    ("no such column", "schema"),
    ("malformed", "damaged"),
    ("not a database", "damaged"),
    ("disk i/o", "io"),
    ("unable to open", "unavailable"),
)


class StoreFault(Told, RuntimeError):
    """A database fault in the middle of work: nothing of that call was stored.

    ``kind`` is one of ``busy``, ``read_only``, ``full``, ``schema``, ``damaged``,
    ``io``, ``unavailable`` (an SQLite file), or ``no_driver``, ``unreachable``,
    ``timeout``, ``unavailable`` (a PostgreSQL server); ``message(lang)`` is the sentence
    for the user (``faults.TEXTS``). ``file`` is the file, or the server's URL without
    its password.
    """

    def __init__(
        self, kind: str, file: Path | str, detail: str, seconds: float | None = None
    ) -> None:
        self.kind, self.file, self.detail = kind, file, detail
        wait = BUSY_TIMEOUT_S if seconds is None else seconds
        super().__init__(kind, file=file, detail=detail, seconds=wait)


class DatabaseUnavailable(StoreFault):
    """The database cannot be opened at all (permissions, a folder in its place, a lock
    held, a full disk, not a database Partija can use)."""


def fault_kind(error: BaseException, file: Path | str | None = None) -> str:
    """What a driver error means for the user (``unavailable`` when nothing more is known);
    an I/O error on a disk with no room left is ``full``."""
    text = str(error).lower()
    kind = next((kind for words, kind in _FAULTS if words in text), "unavailable")
    if kind in ("io", "unavailable") and file is not None and disk_full(file):
        return "full"
    return kind


@dataclass(frozen=True)
class MovedAside:
    """A damaged database file that was moved away so a new one could start; tell the user."""

    original: Path
    moved_to: Path
    problem: str
    recovered: int = 0  # whole matches read from the damaged file and copied into the new one
    total: int = 0  # the matches the damaged file shows it held

    def message(self, lang: str = "en") -> str:
        """One line: what happened, where the damaged file is, what was recovered."""
        problem = one_line(self.problem)
        if len(problem) > 160:
            problem = problem[:159] + "…"
        if lang == "lt":
            return (
                f"Duomenų bazė {self.original} sugadinta ({problem}): ji perkelta į "
                f"{self.moved_to}, pradėta nauja, į ją atkurta žaidimų: {self.recovered} "
                f"iš {self.total}."
            )
        return (
            f"The database {self.original} is damaged ({problem}): it was moved to "
            f"{self.moved_to} and a new one started, with {self.recovered} of "
            f"{self.total} matches recovered."
        )


@dataclass(frozen=True)
class Database:
    """An open, migrated database: its engine, its file (None on a server), and a damaged
    file set aside on the way."""

    engine: Engine
    path: Path | None
    moved_aside: MovedAside | None


def database_location(override: str | os.PathLike[str] | None = None) -> Path | URL:
    """The database: ``--db`` (``override``), else ``PARTIJA_DB``, else a file in the app's
    data folder. A value that starts like a URL (``postgresql+psycopg://…``) names a server.
    """
    file = database_file(override)
    if file is not None:
        return file
    value = chosen(override)
    assert value is not None and is_url(value)
    return server_url(value)


def server_url(text: str) -> URL:
    """A PostgreSQL URL, with psycopg 3 as its driver (``postgresql://`` would make
    SQLAlchemy look for psycopg2); ``DatabaseUnavailable`` for any other kind of URL."""
    try:
        url = make_url(text)
    except ArgumentError:
        url = None
    if url is None or url.get_backend_name() != "postgresql":
        named = shown(url) if url is not None else text.split("://", 1)[0] + "://…"
        raise DatabaseUnavailable("not_server", named, "")
    return url.set(drivername="postgresql+psycopg")


def shown(url: URL) -> str:
    """A server's URL as messages and the log name it: never with its password."""
    return url.render_as_string(hide_password=True)


def open_database(path: str | os.PathLike[str] | None = None) -> Database:
    """Open (creating if needed), check and migrate the database; raise if it cannot be used.

    Raises ``DatabaseUnavailable`` when the file cannot be opened, ``StoreFault`` when
    a server cannot be used (no driver, not reachable), and ``migrate.NewerDatabase`` /
    ``migrate.ForeignDatabase`` when the schema is not one this version may write.
    """
    location = database_location(path)
    if isinstance(location, URL):
        engine = make_server_engine(location)
        _migrate(engine, shown(location))
        return Database(engine, None, None)
    file = location
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        kind = "full" if disk_full(file.parent) else "folder"
        raise DatabaseUnavailable(kind, file.parent, exc.strerror or str(exc)) from None
    if file.exists():
        _refuse_if_not_ours(file)
    moved = _set_aside_if_damaged(file)
    engine = make_engine(file)
    _migrate(engine, file)
    return Database(engine, file, moved)


def _migrate(engine: Engine, where: Path | str) -> None:
    try:
        upgrade(engine, where)
    except BaseException:
        engine.dispose()
        raise


def make_engine(file: Path) -> Engine:
    """An engine whose connections are durable and transactional (see the module docstring)."""
    engine = create_engine(
        URL.create("sqlite", database=str(file)),
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_S},
    )
    event.listen(engine, "connect", _configure_connection)
    event.listen(engine, "begin", _begin)

    def as_fault(context: Any) -> None:
        error = context.original_exception
        if isinstance(error, sqlite3.Error):
            raise StoreFault(fault_kind(error, file), file, str(error)) from error

    event.listen(engine, "handle_error", as_fault)
    return engine


def make_server_engine(url: URL) -> Engine:
    """An engine on a PostgreSQL server; ``StoreFault`` (``no_driver``) without psycopg.

    READ COMMITTED is pinned, not left to the server's default: a write to a match
    starts by raising the match's revision on the condition that it is still the one
    the writer read (``live.LiveMatch``). That UPDATE locks the match's row; a second
    writer waits for the first to commit, then finds the new revision and is told
    ``StaleMatch`` – under REPEATABLE READ it would get a serialization error instead.
    Connections are checked before use (``pool_pre_ping``), so a restarted server costs
    a reconnect, not a failed tap. Every session runs with the timeouts above: a
    statement cancelled is ``timeout``, a lock not had in time ``busy``.
    """
    where = shown(url)
    limits = {
        "statement_timeout": STATEMENT_TIMEOUT_S,
        "lock_timeout": LOCK_TIMEOUT_S,
        "idle_in_transaction_session_timeout": IDLE_IN_TRANSACTION_S,
    }
    options = " ".join(f"-c {name}={round(seconds * 1000)}" for name, seconds in limits.items())
    try:
        engine = create_engine(
            url,
            isolation_level="READ COMMITTED",
            pool_pre_ping=True,
            connect_args={"connect_timeout": CONNECT_TIMEOUT_S, "options": options},
        )
    except ImportError as exc:
        raise StoreFault("no_driver", where, str(exc)) from None

    def as_fault(context: Any) -> None:
        if context.is_pre_ping:  # a dead pooled connection: the pool makes a new one
            return
        fault = server_fault(engine, context.original_exception)
        if fault is not None:
            raise fault from context.original_exception

    event.listen(engine, "handle_error", as_fault)
    return engine


def server_fault(engine: Engine, error: BaseException) -> StoreFault | None:
    """The ``StoreFault`` a PostgreSQL driver's error on ``engine`` is told as (None for
    any other error): what SQLAlchemy's statements raise, and what a caller that runs the
    driver's own calls (``records.write_entries``, a COPY) raises too."""
    driver = engine.dialect.loaded_dbapi
    if not isinstance(error, driver.Error):
        return None
    kind = server_fault_kind(error, (driver.OperationalError, driver.InterfaceError))
    seconds = STATEMENT_TIMEOUT_S if kind == "timeout" else LOCK_TIMEOUT_S
    return StoreFault(kind, shown(engine.url), _first_line(error), seconds)


def server_fault_kind(error: BaseException, connection_errors: tuple[type, ...]) -> str:
    """``unreachable`` for a connection that could not be made or was lost (SQLSTATE class
    08, an administrator's shutdown 57P01–57P03, a transaction ended for idling 25P03,
    or the client library's own failure to connect, which has no SQLSTATE); ``timeout``
    for a statement cancelled (57014), ``busy`` for a lock not had in time (55P03);
    ``unavailable`` for anything else, in the server's own words (a table gone, a
    permission refused)."""
    state = getattr(error, "sqlstate", None)
    if state is None:
        return "unreachable" if isinstance(error, connection_errors) else "unavailable"
    if state.startswith("08") or state in ("57P01", "57P02", "57P03", "25P03"):
        return "unreachable"
    return {"57014": "timeout", "55P03": "busy"}.get(state, "unavailable")


def _first_line(error: BaseException) -> str:
    """The driver's own words, first line only: the sentence stays one line."""
    lines = str(error).strip().splitlines()
    return lines[0].rstrip(".") if lines else type(error).__name__


def _configure_connection(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    # Autocommit at the driver: SQLAlchemy's "begin" event below opens every transaction.
    dbapi_connection.isolation_level = None
    with closing(dbapi_connection.cursor()) as cursor:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # A freed page is zeroed: a damaged file's salvage (``pages``) never takes the old
        # rows of a free page for live ones.
        cursor.execute("PRAGMA secure_delete=ON")


def _begin(connection: Any) -> None:
    # IMMEDIATE takes the write lock up front: a transaction that reads, then
    # writes, can then not fail half-way because another process wrote first.
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def _refuse_if_not_ours(file: Path) -> None:
    """Raise ``ForeignDatabase`` / ``NewerDatabase`` for a file this version must not write.

    Read only (``location.look_uri``): a refused file is not switched to WAL, not
    migrated, not touched at all, and no file is made beside it. A file that cannot
    be read this way is left to the integrity check, which sets it aside if it is
    damaged.
    """
    try:
        with closing(sqlite3.connect(look_uri(file), uri=True, timeout=BUSY_TIMEOUT_S)) as peek:
            tables = {
                row[0]
                for row in peek.execute(
                    "SELECT name FROM sqlite_master"
                    " WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                )
            }
            revision = None
            if "alembic_version" in tables:
                revision = peek.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError:
        return
    check_revision(file, revision[0] if revision else None, has_tables=bool(tables))


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
            raise _cannot_open(file, exc) from None
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


def _cannot_open(file: Path, error: sqlite3.Error) -> DatabaseUnavailable:
    """Why the file cannot be opened, in words the user can act on."""
    if not may_write(file):
        return DatabaseUnavailable("read_only", file, str(error))
    kind = fault_kind(error, file)
    return DatabaseUnavailable(kind if kind != "schema" else "unavailable", file, str(error))


def _free_name(file: Path) -> Path:
    stamp = utcnow().strftime("%Y%m%dT%H%M%SZ")
    target = file.with_name(f"{file.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = file.with_name(f"{file.name}.corrupt-{stamp}-{n}")
    return target
