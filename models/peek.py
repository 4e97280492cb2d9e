"""What the home screen shows, read from the SQLite file with the standard library only.

The first screen after a start needs the settings (language, theme) and the unfinished
matches to resume. The full store (``store.Store``) would import SQLAlchemy, SQLModel and
pydantic, run ``PRAGMA quick_check`` over the whole file and the migrations: most of a
start's Python. ``home()`` reads the same rows on a read-only connection
(``location.look_uri``: nothing is written, the file is not switched to WAL, no file is
made beside it) and gives up – None – whenever the
answer might differ from the store's: no file yet, a server's URL, a schema that is not
this version's newest (the store would migrate or refuse it), or any error at all (a
damaged file is then the store's to find and tell). The store is opened right after,
and checks the file before anything is written to it.

The queries are ``summaries.list_matches(unfinished=True, limit=…)`` and
``settings.read_settings`` in plain SQL; ``tests/test_peek.py`` keeps them in step.
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .location import database_file, look_uri

MIGRATIONS = Path(__file__).resolve().parent / "migrations" / "versions"
TIMEOUT_S = 1.0  # a lock held longer: the store waits for it, with its own message


@dataclass(frozen=True)
class Unfinished:
    """A match going on, as its home screen tile shows it (``summaries.MatchSummary``'s
    fields of the same names)."""

    id: int
    game: str
    players: list[str]
    totals: list[int]


@dataclass(frozen=True)
class Home:
    """What the first screen needs from the file."""

    file: Path
    settings: dict[str, Any]
    unfinished: list[Unfinished]


def schema_head() -> str:
    """The newest revision this version has (``migrate.HEAD``), from the file names."""
    return max(path.name.split("_", 1)[0] for path in MIGRATIONS.glob("[0-9]*_*.py"))


def home(limit: int, override: str | os.PathLike[str] | None = None) -> Home | None:
    """Settings and the newest ``limit`` unfinished matches; None: ask the store."""
    file = database_file(override)
    if file is None or not file.is_file():
        return None
    try:
        with closing(sqlite3.connect(look_uri(file), uri=True, timeout=TIMEOUT_S)) as connection:
            return _read(connection, file, limit)
    except (sqlite3.Error, ValueError, TypeError, KeyError, OSError):
        # Damaged, locked, another program's, half-migrated, a value not as written:
        # the store's own checks decide and say what it is.
        return None


def _read(connection: sqlite3.Connection, file: Path, limit: int) -> Home | None:
    revision = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    if revision != [(schema_head(),)]:
        return None
    settings = {
        str(key): json.loads(value)
        for key, value in connection.execute("SELECT key, value FROM settings")
    }
    games = {
        int(match_id): str(game)
        for match_id, game in connection.execute(
            "SELECT id, game FROM matches WHERE status = 'open' AND stopped IS 0"
            " ORDER BY created_at DESC, id DESC LIMIT ?",
            (limit,),
        )
    }
    players: dict[int, list[str]] = {match_id: [] for match_id in games}
    totals: dict[int, list[int]] = {}
    if games:
        chosen = list(games)
        marks = ", ".join("?" * len(chosen))
        for match_id, name in connection.execute(
            "SELECT seats.match_id, players.name FROM seats"
            " JOIN players ON players.id = seats.player_id"
            f" WHERE seats.match_id IN ({marks}) ORDER BY seats.match_id, seats.seat",
            chosen,
        ):
            players[match_id].append(str(name))
        for match_id, points in connection.execute(
            f"SELECT match_id, points FROM deals WHERE match_id IN ({marks})"
            " AND undone_at IS NULL AND points IS NOT NULL",
            chosen,
        ):
            gained = json.loads(points or "[]")
            running = totals.setdefault(match_id, [0] * len(gained))
            totals[match_id] = [t + p for t, p in zip(running, gained)]
    unfinished = [
        Unfinished(
            match_id, game, players[match_id], totals.get(match_id, [0] * len(players[match_id]))
        )
        for match_id, game in games.items()
    ]
    return Home(file, settings, unfinished)
