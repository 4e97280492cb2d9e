"""A throwaway PostgreSQL server for the tests and bench/club.py, from Debian's package.

``initdb`` into a temporary folder, ``pg_ctl start`` on 127.0.0.1 at a free port,
``pg_ctl stop -m fast`` and the folder removed afterwards. PostgreSQL refuses to
run as root, so as root the server runs as the ``postgres`` user (``runuser``),
which owns the folder. Each caller then makes its own database
(``create_database``), so tests never see each other's rows.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from pathlib import Path

USER = "postgres"
_names = count()


def binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: /usr/local/bin on this machine, or
    Debian's /usr/lib/postgresql/<version>/bin (the newest); None when neither has them."""
    debian = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True
    )
    for folder in ["/usr/local/bin", *debian]:
        if all(os.access(Path(folder) / tool, os.X_OK) for tool in ("initdb", "pg_ctl")):
            return Path(folder)
    return None


def missing() -> str | None:
    """Why a PostgreSQL test cannot run here, or None when it can."""
    if binaries() is None:
        return "PostgreSQL is not installed (Debian package postgresql: initdb, pg_ctl)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the PostgreSQL driver is not installed (uv sync --group club)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(USER)
        except KeyError:
            return f"running as root and there is no user {USER} to run PostgreSQL as"
    return None


@dataclass(frozen=True)
class Server:
    port: int

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def admin(self, sql: str, database: str = "postgres") -> None:
        """Run one statement outside a transaction (CREATE / DROP DATABASE need that)."""
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=USER, dbname=database, autocommit=True
        ) as connection:
            connection.execute(sql)

    def value(self, sql: str) -> object:
        """The one value a query of the server's own database gives."""
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=USER, dbname="postgres"
        ) as connection:
            row = connection.execute(sql).fetchone()
        return row[0] if row else None

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """The rows of a query of the server's own database."""
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=USER, dbname="postgres"
        ) as connection:
            return list(connection.execute(sql, params).fetchall())

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = f"partija_{os.getpid()}_{next(_names)}"
        self.admin(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        self.admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def running(
    *, durable: bool = False, crash_safe: bool = False, extra: str = ""
) -> Iterator[Server]:
    """A server for the duration of the block, stopped even when the block fails.

    ``durable``: commits wait for the disk (the server's defaults), as SQLite's
    ``synchronous=FULL`` does – for benchmarks. Tests run with ``fsync=off``: a test
    never survives a crash of the machine, and it saves seconds. ``crash_safe``: still
    ``fsync=off``, but a commit is answered only once its log is written out of the
    server's memory (``synchronous_commit=on``), so a server process killed loses no
    commit it answered – for the kill campaign (``test_store_crash_club.py``). ``extra``:
    more server settings (``-c name=value …``).
    """
    tools = binaries()
    assert tools is not None, missing()
    folder = Path(tempfile.mkdtemp(prefix="partija-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        account = pwd.getpwnam(USER)
        os.chown(folder, account.pw_uid, account.pw_gid)
        as_user = ["runuser", "-u", USER, "--"]
    data, log = folder / "data", folder / "server.log"
    port = free_port()
    settings = f"-p {port} -c listen_addresses=127.0.0.1 -k {folder} -c max_connections=200"
    if not durable:
        settings += " -c fsync=off -c full_page_writes=off"
        settings += f" -c synchronous_commit={'on' if crash_safe else 'off'}"
    settings += f" {extra}" if extra else ""

    def run(*command: str | Path) -> None:
        subprocess.run([*as_user, *map(str, command)], check=True, capture_output=True, timeout=120)

    try:
        run(
            tools / "initdb",
            "-D",
            data,
            "-U",
            USER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        run(tools / "pg_ctl", "-D", data, "-l", log, "-o", settings, "-w", "start")
        try:
            yield Server(port)
        finally:
            run(tools / "pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
