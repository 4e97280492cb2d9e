"""Where the database and the log live: the standard library only.

The first screen (``peek``) and the command line's log need to know where the file is
before anything imports SQLAlchemy; ``engine.database_location`` builds on this to turn a
URL into a server's address.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

FILE_NAME = "partija.db"
URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")  # a database URL, not a file path


def chosen(override: str | os.PathLike[str] | None = None) -> str | None:
    """What names the database: ``--db`` (``override``), else ``PARTIJA_DB``, else None."""
    value = override or os.environ.get("PARTIJA_DB")
    return str(value) if value else None


def is_url(value: str) -> bool:
    """Whether ``value`` starts like a URL (``postgresql+psycopg://…``): a server."""
    return bool(URL.match(value))


def database_file(override: str | os.PathLike[str] | None = None) -> Path | None:
    """The database's file, or None when a URL names a server instead."""
    value = chosen(override)
    if value and is_url(value):
        return None
    return Path(value) if value else data_folder() / FILE_NAME


def data_folder() -> Path:
    """``FLET_APP_STORAGE_DATA`` when Flet sets it (packaged and ``flet run`` apps: durable
    across updates), else the platform's user-data folder."""
    folder = os.environ.get("FLET_APP_STORAGE_DATA") or platformdirs.user_data_dir(
        "partija", appauthor=False
    )
    return Path(folder)


def log_folder(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the log is written: beside the database file, or in the data folder when the
    database is on a server."""
    value = chosen(override)
    if value and is_url(value):  # judged by the store when it opens, not here
        return data_folder()
    return Path(value).parent if value else data_folder()


def look_uri(file: Path) -> str:
    """A URI that opens ``file`` to read it without leaving a trace beside it.

    A read-only connection (``mode=ro``) to a database in WAL mode still creates its
    ``-wal`` and ``-shm`` files. With no write-ahead log beside the file (none, or an
    empty one) there is nothing but the file to read, and ``immutable=1`` reads it
    with no lock and no other file; a log with frames in it must be read, and its
    files are there already.
    """
    uri = file.resolve().as_uri()
    wal = Path(f"{file}-wal")
    if (not wal.exists() or wal.stat().st_size == 0) and not Path(f"{file}-shm").exists():
        return f"{uri}?immutable=1"
    return f"{uri}?mode=ro"
