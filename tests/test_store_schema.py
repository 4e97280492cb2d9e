"""The database: where it lives, how it is opened, migrated, and refused or set aside.

Migrating runs on SQLite and PostgreSQL; the rest is about SQLite files (the server's
own checks are in test_store_club.py)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from conftest import SCENARIOS
from sqlmodel import SQLModel

from models import Store  # importing the store registers its tables on SQLModel.metadata
from models.engine import DatabaseUnavailable, database_location, make_engine, open_database
from models.migrate import HEAD, MIGRATIONS, ForeignDatabase, NewerDatabase, run_migrations
from rules.record import load, verdict


def test_head_is_the_newest_revision():
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD


def test_migrations_build_exactly_the_tables(store_url):
    database = open_database(store_url)
    with database.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
    database.engine.dispose()


def test_connections_are_durable(tmp_path):
    database = open_database(tmp_path / "p.db")
    with database.engine.connect() as connection:
        pragma = lambda name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
        assert pragma("journal_mode") == "wal"
        assert pragma("foreign_keys") == 1
        assert pragma("synchronous") == 2  # FULL
    database.engine.dispose()


def test_database_location_order(monkeypatch, tmp_path):
    monkeypatch.delenv("PARTIJA_DB", raising=False)
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    assert database_location().name == "partija.db"  # the platform's user-data folder
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert database_location() == tmp_path / "flet" / "partija.db"
    monkeypatch.setenv("PARTIJA_DB", str(tmp_path / "env.db"))
    assert database_location() == tmp_path / "env.db"
    assert database_location(tmp_path / "flag.db") == tmp_path / "flag.db"


def _first_schema_database(file: Path) -> None:
    """A database as the first schema (revision 0001) left it: entries, no cached results."""
    engine = make_engine(file)
    with engine.begin() as connection:
        run_migrations(connection, file, None, "0001")
        sql = connection.exec_driver_sql
        for name in ("Ona", "Jonas", "Rūta", "Petras"):
            sql("INSERT INTO players (name, created_at) VALUES (?, '2024-01-01 10:00:00')", (name,))
        record = json.loads((SCENARIOS / "devynake-full-deal.json").read_text(encoding="utf-8"))
        sql(
            "INSERT INTO matches (id, game, options, first_dealer, stopped, status, created_at)"
            " VALUES (1, 'devynake', '{}', 1, 0, 'open', '2024-01-01 10:00:00')"
        )
        for seat in range(4):
            sql("INSERT INTO seats (match_id, seat, player_id) VALUES (1, ?, ?)", (seat, seat + 1))
        sql(
            "INSERT INTO deals (id, match_id, number, started_at) VALUES"
            " (1, 1, 0, '2024-01-01 10:00:00')"
        )
        for seq, event in enumerate(record["deals"][0]["events"]):
            sql(
                "INSERT INTO entries (deal_id, seq, event, refused, at) VALUES"
                " (1, ?, ?, 0, '2024-01-01 10:00:00')",
                (seq, json.dumps(event)),
            )
    engine.dispose()


def test_upgrade_from_the_first_schema_fills_the_caches(tmp_path):
    file = tmp_path / "old.db"
    _first_schema_database(file)
    database = open_database(file)
    database.engine.dispose()
    with sqlite3.connect(file) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        status, points, violations = connection.execute(
            "SELECT status, points, violations FROM deals"
        ).fetchone()
        entries = connection.execute("SELECT count(*) FROM entries").fetchone()[0]
    replayed, _ = load(json.loads((SCENARIOS / "devynake-full-deal.json").read_bytes()))
    log = replayed.deals[0]
    assert (status, json.loads(points)) == (log.status.value, log.points)
    assert json.loads(violations) == [v.to_dict() for v in log.violations]
    assert entries == log.entries
    store = Store(file)
    [summary] = store.list_matches()
    assert summary.players == ["Ona", "Jonas", "Rūta", "Petras"]
    assert summary.totals == replayed.totals
    assert store.resume(summary.id).verdict() == verdict(replayed, summary.players)
    store.close()


def test_newer_schema_is_refused_untouched(tmp_path):
    file = tmp_path / "new.db"
    open_database(file).engine.dispose()
    with sqlite3.connect(file) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    before = file.read_bytes()
    with pytest.raises(NewerDatabase, match="newer version of Partija"):
        open_database(file)
    assert file.read_bytes() == before


def test_foreign_database_is_refused(tmp_path):
    file = tmp_path / "other.db"
    with sqlite3.connect(file) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(ForeignDatabase, match="not a Partija database"):
        open_database(file)


def test_folder_in_place_of_the_file_is_unavailable(tmp_path):
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(DatabaseUnavailable):
        open_database(tmp_path / "dir.db")


def _moved_aside_and_restarted(file: Path, damaged: bytes) -> None:
    database = open_database(file)
    assert database.moved_aside is not None
    moved = database.moved_aside.moved_to
    assert moved.name.startswith("p.db.corrupt-") and moved.read_bytes() == damaged
    assert str(moved) in database.moved_aside.message("en")
    assert str(moved) in database.moved_aside.message("lt")
    with database.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        assert connection.exec_driver_sql("SELECT count(*) FROM matches").scalar() == 0
    database.engine.dispose()


def test_file_that_is_not_a_database_is_moved_aside(tmp_path):
    file = tmp_path / "p.db"
    file.write_bytes(b"this is not an SQLite database, but it is someone's data" * 100)
    _moved_aside_and_restarted(file, file.read_bytes())


def test_damaged_database_is_moved_aside(tmp_path):
    file = tmp_path / "p.db"
    _first_schema_database(file)
    open_database(file).engine.dispose()
    data = bytearray(file.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page + 8 : 3 * page] = b"\xa5" * (page - 8)  # scribble over a b-tree page
    file.write_bytes(bytes(data))
    _moved_aside_and_restarted(file, bytes(data))
