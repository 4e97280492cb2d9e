"""The first screen's read-only look at the file (``models.peek``): the same as the store
says, or None whenever the store must decide (no file, a server, another schema, damage)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SCENARIOS

import models
from models import Store
from models.engine import make_engine
from models.migrate import HEAD, run_migrations
from models.peek import home, schema_head

SHOWN = 6  # app.model.UNFINISHED_SHOWN, the home screen's limit


def records() -> list[dict]:
    paths = sorted(p for p in SCENARIOS.glob("*.json") if not p.name.endswith(".expected.json"))
    return [json.loads(path.read_bytes()) for path in paths]


def stored(file: Path) -> Store:
    """A store holding finished, stopped and unfinished matches (more than home shows),
    some with deals closed (totals), one with an open deal, one with a deal undone."""
    store = Store(file)
    store.import_records(records() * 2)
    for players in (["Ona", "Jonas", "Rūta"], ["Petras", "Ona"]):
        store.create_match(game="bumas", players=players).start_deal()
    stopped = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    stopped.start_deal()
    stopped.stop()
    undone = store.create_match(game="domino", players=["Jonas", "Rūta"])
    undone.start_deal()
    undone.undo()
    store.save_setting("lang", "en")
    store.save_setting("theme", "dark")
    store.save_setting("defaults.bumas", {"target": 300})
    return store


def shown(matches) -> list[tuple]:
    return [(m.id, m.game, list(m.players), list(m.totals)) for m in matches]


def test_the_schema_it_reads_is_the_newest():
    assert schema_head() == HEAD


def test_it_shows_what_the_store_lists(tmp_path):
    file = tmp_path / "partija.db"
    store = stored(file)
    listed = store.list_matches(unfinished=True, limit=SHOWN)
    first = listed[0]
    second = next(m for m in listed[1:] if any(m.totals))
    with sqlite3.connect(file) as raw:  # rows the filters are for, whatever made them
        raw.execute("UPDATE matches SET stopped = 1 WHERE id = ?", (first.id,))
        raw.execute(
            "UPDATE deals SET undone_at = started_at WHERE id ="
            " (SELECT min(id) FROM deals WHERE match_id = ? AND points IS NOT NULL)",
            (second.id,),
        )
    assert first.id not in [m.id for m in store.list_matches(unfinished=True)]
    assert store.summary(second.id).totals != second.totals
    expected = shown(store.list_matches(unfinished=True, limit=SHOWN))
    settings = store.settings()
    everything = store.list_matches(unfinished=True)
    store.close()
    assert len(everything) > SHOWN  # the limit is in play
    assert any(any(m[3]) for m in expected)  # and totals that are not all zero
    before = file.read_bytes()
    peeked = home(SHOWN, file)
    assert peeked is not None and peeked.file == file
    assert shown(peeked.unfinished) == expected
    assert peeked.settings == settings
    assert peeked.settings["lang"] == "en" and peeked.settings["defaults.bumas"] == {"target": 300}
    assert file.read_bytes() == before  # read only
    assert home(100, file).unfinished == [  # every unfinished match, as the store lists them
        models.peek.Unfinished(*m) for m in shown(everything)
    ]


def test_the_database_is_found_where_the_store_finds_it(tmp_path, monkeypatch):
    file = tmp_path / "env.db"
    stored(file).close()
    monkeypatch.setenv("PARTIJA_DB", str(file))
    peeked = home(SHOWN)
    assert peeked is not None and peeked.file == file and peeked.unfinished


def test_an_empty_store_shows_nothing_to_resume(tmp_path):
    file = tmp_path / "partija.db"
    Store(file).close()
    peeked = home(SHOWN, file)
    assert peeked is not None and peeked.unfinished == [] and peeked.settings == {}


def test_no_file_yet_is_the_stores_to_create(tmp_path):
    file = tmp_path / "folder" / "partija.db"
    assert home(SHOWN, file) is None
    assert not file.parent.exists()  # nothing created


def test_a_server_is_the_stores(tmp_path, monkeypatch):
    url = "postgresql+psycopg://partija@127.0.0.1:1/club"
    assert home(SHOWN, url) is None
    monkeypatch.setenv("PARTIJA_DB", "postgresql://partija@127.0.0.1:1/club")
    assert home(SHOWN) is None


def test_an_older_schema_is_left_to_the_migrations(tmp_path):
    file = tmp_path / "old.db"
    engine = make_engine(file)
    with engine.begin() as connection:
        run_migrations(connection, file, None, "0005")
    engine.dispose()
    assert home(SHOWN, file) is None
    store = Store(file)  # which bring it up to date; then it is read
    store.close()
    assert home(SHOWN, file) is not None


def test_a_newer_or_foreign_database_is_left_to_the_store(tmp_path):
    newer = tmp_path / "newer.db"
    Store(newer).close()
    with sqlite3.connect(newer) as raw:
        raw.execute("UPDATE alembic_version SET version_num = '9999'")
    foreign = tmp_path / "notes.db"
    with sqlite3.connect(foreign) as raw:
        raw.execute("CREATE TABLE notes (text TEXT)")
    for file in (newer, foreign):
        before = file.read_bytes()
        assert home(SHOWN, file) is None
        assert file.read_bytes() == before


def test_a_damaged_file_is_left_to_the_store_to_set_aside(tmp_path):
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not an SQLite database, but someone's data" * 100)
    broken = tmp_path / "broken.db"
    stored(broken).close()
    with sqlite3.connect(broken) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = raw.execute("PRAGMA page_size").fetchone()[0]
        [root] = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'matches'").fetchone()
    data = bytearray(broken.read_bytes())
    data[(root - 1) * page : root * page] = b"\xa5" * page  # the matches table's first page
    broken.write_bytes(bytes(data))
    for file in (garbage, broken):
        assert home(SHOWN, file) is None
        store = Store(file)  # the store's own handling: set aside, told
        assert store.moved_aside is not None and store.moved_aside.original == file
        store.close()


def test_a_folder_in_place_of_the_file_is_the_stores(tmp_path):
    (tmp_path / "dir.db").mkdir()
    assert home(SHOWN, tmp_path / "dir.db") is None


def test_the_package_loads_the_store_only_when_asked():
    """``import models.peek`` stays cheap; every public name of ``models`` still resolves."""
    script = (
        "import sys, models.peek, models.location;"
        "print(sorted(m for m in ('sqlalchemy', 'sqlmodel', 'pydantic') if m in sys.modules));"
        "from models import Store;"
        "print('sqlmodel' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert run.stdout.split("\n")[:2] == ["[]", "True"]
    for name in models.__all__:
        assert getattr(models, name) is not None
    with pytest.raises(AttributeError):
        _ = models.NoSuchName  # type: ignore[attr-defined]
