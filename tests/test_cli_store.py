"""``main.py``'s store commands (import, export, matches, csv) on a real database (a file;
import, export, matches and csv also on PostgreSQL)."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import types

import pytest
from conftest import SCENARIOS, main_process

from rules.record import load, verdict

SCENARIO = SCENARIOS / "devynake-full-deal.json"


def test_import_export_matches_csv(store_url, cli, monkeypatch, tmp_path):
    db = store_url
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))  # the log, for a server
    imported = main_process(
        "--db", db, "import", SCENARIO, SCENARIOS / "devynake-opening.json", text=False
    )
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout == b"1\n2\n" and imported.stderr == b""

    exported = main_process("--db", db, "export", "1", text=False)
    assert exported.returncode == 0
    original = json.loads(SCENARIO.read_bytes())
    assert verdict(*load(json.loads(exported.stdout))) == verdict(*load(original))
    assert cli("--db", db, "export", "1").stdout == exported.stdout

    listed = cli("--db", db, "matches").stdout.decode("utf-8").splitlines()
    assert sorted(listed) == [
        "1\tdevynake\tOna, Jonas, Rūta, Petras\topen\t0 0 5 0",
        "2\tdevynake\tOna, Jonas, Rūta\topen\t0 0 0",
    ]

    table = cli("--db", db, "csv", "1").stdout.decode("utf-8")
    assert (
        table == "deal,dealer,status,Ona,Jonas,Rūta,Petras\n1,Jonas,finished,0,0,5,0\n"
        "total,,open,0,0,5,0\n"
    )


@pytest.mark.parametrize(
    "content, says",
    [
        (b'{"format": 1,', "not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        (
            b'{"format": 1, "game": "chess", "players": [], "options": {}, "deals": []}',
            "not a match record",
        ),
    ],
)
def test_bad_file_is_one_line_and_exit_2(tmp_path, cli, content, says):
    db = tmp_path / "p.db"
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    run = cli("--db", db, "import", str(SCENARIO), str(bad))
    assert run.returncode == 2 and run.stdout == b""
    [line] = run.stderr.decode("utf-8").splitlines()
    assert str(bad) in line and says in line
    assert cli("--db", db, "matches").stdout == b""  # all or nothing


def test_missing_file_and_unknown_match(store_url, cli, monkeypatch, tmp_path):
    db = store_url
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))  # the log, for a server
    for args, says in (
        (("import", str(tmp_path / "none.json")), "cannot read"),
        (("export", "7"), "no match 7"),
        (("csv", "7"), "no match 7"),
    ):
        run = cli("--db", db, *args)
        assert run.returncode == 2 and run.stdout == b""
        [line] = run.stderr.decode("utf-8").splitlines()
        assert says in line


def test_newer_database_is_one_line_and_exit_2(tmp_path, cli):
    db = tmp_path / "p.db"
    assert cli("--db", db, "matches").returncode == 0
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff'")
    run = cli("--db", db, "matches")
    assert run.returncode == 2
    [line] = run.stderr.decode("utf-8").splitlines()
    assert "newer version of Partija" in line


def test_damaged_database_is_reported_and_replaced(tmp_path, cli):
    db = tmp_path / "p.db"
    db.write_bytes(b"garbage" * 1000)
    run = cli("--db", db, "matches")
    assert run.returncode == 0 and run.stdout == b""
    assert "moved to" in run.stderr.decode("utf-8")
    assert list(tmp_path.glob("p.db.corrupt-*"))


def test_without_a_command_the_app_starts(monkeypatch):
    from app import cli as command_line

    calls = []
    fake = types.ModuleType("app.run")
    fake.run = lambda **kwargs: calls.append(kwargs)
    monkeypatch.setitem(sys.modules, "app.run", fake)
    monkeypatch.setenv("PARTIJA_DB", "")  # restored after the test: main sets it below
    loopback = {("127.0.0.1", 9000), ("localhost", 9000), ("::1", 9000)}
    start = {"host": "127.0.0.1", "url": None, "watch": None}
    assert command_line.main(["--web", "--port", "9000"]) == 0
    assert calls == [{"web": True, "port": 9000, "hosts": loopback, **start}]
    assert command_line.main(["--db", "/tmp/elsewhere.db"]) == 0
    assert calls[-1] == {
        "web": False,
        "port": 8550,
        "hosts": {(name, 8550) for name, _ in loopback},
        **start,
    }
    assert os.environ["PARTIJA_DB"] == "/tmp/elsewhere.db"  # where the app opens its store
