"""Word of a changed match between server processes that share one PostgreSQL database.

A club may run several server processes on one database. Within one process
the screens of a match tell each other through Flet's PubSub; across processes
every write of a match on PostgreSQL also sends ``NOTIFY`` on one channel, with
the match id (PostgreSQL delivers it when the write commits, and never for a
write rolled back). A process that shows matches listens on one connection of
its own and calls what its screens asked to be told. SQLite needs none of it:
one process serves its file.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, Engine, text

CHANNEL = "partija_match"
log = logging.getLogger("partija")


def announce(connection: Connection, match_id: int) -> None:
    """Inside a write of the match: tell the other processes once it commits."""
    if connection.dialect.name == "postgresql":
        connection.execute(
            text("SELECT pg_notify(:channel, :match)"),
            {"channel": CHANNEL, "match": str(match_id)},
        )


def listen_url(engine: Engine) -> str | None:
    """The libpq address of a PostgreSQL store (None for SQLite: nothing to listen to)."""
    if engine.dialect.name != "postgresql":
        return None
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """One ``LISTEN`` connection for the process, calling each match's followers.

    It runs on a thread of its own; a follower is called there and must hand the
    work to its own loop (a Flet page's ``run_task``). A lost connection is opened
    again after a pause, and the followers are all called then: what they missed
    is read from the store.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.followers: dict[int, set[Callable[[], Any]]] = {}
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="partija-listen", daemon=True)
        self.thread.start()

    def follow(self, match_id: int, call: Callable[[], Any]) -> Callable[[], None]:
        """Call ``call`` on every change of the match; returns what stops it."""
        with self.lock:
            self.followers.setdefault(match_id, set()).add(call)

        def stop() -> None:
            with self.lock:
                self.followers.get(match_id, set()).discard(call)

        return stop

    def _tell(self, match_id: int | None) -> None:
        with self.lock:
            if match_id is None:
                calls = [c for group in self.followers.values() for c in group]
            else:
                calls = list(self.followers.get(match_id, ()))
        for call in calls:
            try:
                call()
            except Exception:  # one screen's failure must not silence the others
                log.exception("a follower of match %s failed", match_id)

    def _run(self) -> None:
        import psycopg

        pause = threading.Event()
        first = True
        wait = 0.0  # seconds before the next try; grows while the server stays away
        while True:
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    wait = 0.0
                    if not first:
                        self._tell(None)  # changes while the connection was down
                    first = False
                    for note in conn.notifies():
                        if note.payload.isdigit():
                            self._tell(int(note.payload))
            except Exception as exc:  # the server restarted, a network cut: again, later
                if not wait:  # told once a streak, not at every try
                    log.warning("listening for changed matches: %s", exc)
                wait = min(60.0, max(2.0, wait * 2))
                pause.wait(wait)


_listeners: dict[str, Listener] = {}
_made = threading.Lock()


def listener(url: str) -> Listener:
    """The process's listener on this database, started at the first use."""
    with _made:
        if url not in _listeners:
            _listeners[url] = Listener(url)
        return _listeners[url]
