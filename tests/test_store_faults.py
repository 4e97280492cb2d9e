"""Faults of the store on real files: each one a sentence naming the file, the data intact.

Locked (a second process holds the write lock), read-only, full (``RLIMIT_FSIZE`` in
a child process), a table dropped behind the app's back, a refused file left byte for
byte, and a damaged file set aside with its readable matches copied into the new one
(``test_salvage.py`` damages files in every way it tries).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from conftest import ROOT, SCENARIOS, main_process

from bench.table import next_entry
from models import ForeignDatabase, NewerDatabase, Store, StoreFault
from models.engine import open_database
from rules import Status

FULL_DEAL = json.loads((SCENARIOS / "devynake-full-deal.json").read_bytes())


# A terminal in the C locale: the command line speaks English.
C_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}


@pytest.fixture
def main_py(cli_text):
    """``main.py --db DB ARGS`` in the terminal locale ``lang``."""

    def run(db, *args, lang="C.UTF-8"):
        return cli_text("--db", db, *args, env={**C_LOCALE, "LANG": lang})

    return run


@pytest.fixture
def db(tmp_path):
    """A database with two finished-deal matches and one open match."""
    path = tmp_path / "partija.db"
    store = Store(path)
    store.import_records([FULL_DEAL, FULL_DEAL])
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    store.close()
    return path


def stored_events(path):
    with sqlite3.connect(path) as raw:
        return raw.execute("SELECT deal_id, seq, event FROM entries ORDER BY id").fetchall()


def hold_write_lock(db):
    """A second process that holds the database's write lock until it is told to stop."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                c.execute("BEGIN IMMEDIATE")
                c.execute("INSERT INTO settings (key, value) VALUES ('x', '1')")
                print("locked", flush=True)
                sys.stdin.read()
                """
            ),
            str(db),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "locked"
    return holder


def test_a_locked_database_is_retried_then_told(db, monkeypatch):
    import models.engine

    monkeypatch.setattr(models.engine, "BUSY_TIMEOUT_S", 0.3)
    store = Store(db)
    live = store.resume(max(m.id for m in store.list_matches()))  # the match being played
    before = stored_events(db)
    holder = hold_write_lock(db)
    try:
        with pytest.raises(StoreFault) as fault:
            live.add_entry({"type": "play", "player": 1, "card": "9H"})
        assert fault.value.kind == "busy"
        assert str(db) in fault.value.message("en") and "try again" in fault.value.message("en")
        assert "0.3 s" in fault.value.message("en")
        assert "bandykite dar kartą" in fault.value.message("lt")
    finally:
        holder.communicate("", timeout=30)
    assert stored_events(db) == before
    # Once the other program is done, the same entry goes in, on the same open match.
    assert live.add_entry({"type": "play", "player": 1, "card": "9H"}).refusal is None
    store.close()
    assert len(stored_events(db)) == len(before) + 1


def test_the_command_line_tells_a_lock_in_one_line(db):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3,sys\n"
            "c=sqlite3.connect(sys.argv[1],isolation_level=None)\n"
            "c.execute('BEGIN EXCLUSIVE')\n"
            "print('locked',flush=True)\n"
            "sys.stdin.read()",
            str(db),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        env_run = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; sys.path.insert(0, sys.argv[1]); import models.engine as e;"
                "e.BUSY_TIMEOUT_S = 0.3; from app.cli import main;"
                "raise SystemExit(main(['--db', sys.argv[2], 'export', '1'], prog='main.py'))",
                str(ROOT),
                str(db),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        holder.communicate("", timeout=30)
    assert env_run.returncode == 2
    assert "Traceback" not in env_run.stderr
    [line] = env_run.stderr.splitlines()
    assert str(db) in line


def test_a_write_limit_at_the_table_stores_nothing_and_says_so(db, tmp_path):
    """The child may not grow any file (``RLIMIT_FSIZE``): every write fails, nothing is lost."""
    child = textwrap.dedent(
        """
        import json, resource, signal, sys
        sys.path.insert(0, sys.argv[2])
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead
        from models import Store, StoreFault
        from rules.entries import Entry
        store = Store(sys.argv[1])
        live = store.resume(max(m.id for m in store.list_matches()))
        live.match  # resumed; the WAL was emptied before: its first frame is a file growing
        resource.setrlimit(resource.RLIMIT_FSIZE, (16, resource.RLIM_INFINITY))
        told, message = [], ""
        for card in ("9H", "10H", "8H", "JH", "7H", "QH", "6H", "KH"):
            try:
                live.add_entry({"type": "play", "player": live.match.current.deal.turn,
                                "card": card})
            except StoreFault as fault:
                told.append(fault.kind)
                message = fault.message("lt")
                break
        print(json.dumps({"told": told, "message": message}))
        """
    )
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = stored_events(db)
    run = subprocess.run(
        [sys.executable, "-c", child, str(db), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    # A write past the limit fails with EFBIG: SQLite calls it an I/O error, and so do we.
    assert said["told"] == ["io"], said
    assert "Nepavyko skaityti ar rašyti" in said["message"]
    assert str(db) in said["message"]
    after = stored_events(db)
    assert after[: len(before)] == before  # nothing stored is lost
    store = Store(db)  # and the file opens, checks and replays
    assert len(store.list_matches()) == 3
    store.close()


def test_a_dropped_table_is_told_not_a_traceback(db, main_py):
    with sqlite3.connect(db) as raw:
        raw.execute("DROP TABLE entries")
    run = main_py(db, "export", "1")
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "missing a part of its tables" in run.stderr and str(db) in run.stderr
    run = main_py(db, "import", str(SCENARIOS / "devynake-full-deal.json"))
    assert run.returncode == 2 and "Traceback" not in run.stderr


@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_a_newer_database_is_refused_byte_for_byte(tmp_path, journal):
    """Refused by the store, the first screen's look and the command line: the file as it
    was, and nothing made beside it (a read-only connection would make a WAL file's
    ``-wal`` and ``-shm``) but the fault log."""
    from models.peek import home

    file = tmp_path / "newer.db"
    open_database(file).engine.dispose()
    with contextlib.closing(sqlite3.connect(file)) as raw:
        raw.execute(f"PRAGMA journal_mode={journal}")
        raw.execute("UPDATE alembic_version SET version_num = '9999'")
        raw.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["newer.db"]
    before = file.read_bytes()
    with pytest.raises(NewerDatabase) as refused:
        open_database(file)
    assert "newer version of Partija" in refused.value.message("en")
    assert "naujesnė Partijos versija" in refused.value.message("lt")
    assert home(6, file) is None
    run = main_process("--db", file, "matches", env=C_LOCALE)
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1
    assert file.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["newer.db", "partija.log"]


def test_another_programs_database_is_refused_byte_for_byte(tmp_path):
    file = tmp_path / "notes.db"
    with sqlite3.connect(file) as raw:
        raw.execute("CREATE TABLE notes (text TEXT)")
        raw.execute("INSERT INTO notes VALUES ('keep me')")
    before = file.read_bytes()
    run = main_process("--db", file, "matches", env=C_LOCALE)
    assert run.returncode == 2 and "not a Partija database" in run.stderr
    assert file.read_bytes() == before
    with pytest.raises(ForeignDatabase):
        open_database(file)
    assert file.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db", "partija.log"]


def test_a_damaged_file_is_kept_and_its_readable_matches_recovered(tmp_path):
    path = tmp_path / "partija.db"
    store = Store(path)
    store.import_records([FULL_DEAL] * 6)
    store.close()
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = raw.execute("PRAGMA page_size").fetchone()[0]
        # The last page holds the last match's rows: break it, as a bad sector would.
        pages = raw.execute("PRAGMA page_count").fetchone()[0]
    damaged = bytearray(path.read_bytes())
    damaged[(pages - 1) * page : pages * page] = b"\xa5" * page
    path.write_bytes(bytes(damaged))
    store = Store(path)
    moved = store.moved_aside
    assert moved is not None and moved.moved_to.read_bytes() == bytes(damaged)
    assert moved.total == 6 and 1 <= moved.recovered < 6
    assert len(store.list_matches()) == moved.recovered
    assert f"with {moved.recovered} of 6 matches recovered" in moved.message("en")
    assert f"atkurta žaidimų: {moved.recovered} iš 6" in moved.message("lt")
    for summary in store.list_matches():  # what was recovered is whole
        assert json.loads(store.export_record(summary.id))["deals"] == FULL_DEAL["deals"]
    store.close()


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MiB tmpfs of its own (root may mount one); skipped where mounting is not allowed."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mount = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mount.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({mount.stderr.strip()}): full-disk test")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_full_disk_is_told_and_nothing_acknowledged_is_lost(small_disk):
    path = small_disk / "partija.db"
    store = Store(path)
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    fill(small_disk)
    acknowledged, fault = [], None
    for _ in range(60):
        deal = live.match.current.deal
        try:
            entry = next_entry(live.match, random.Random(len(acknowledged)))
            if live.add_entry(entry).refusal is None:
                acknowledged.append(entry)
        except StoreFault as error:
            fault = error
            break
        if deal.status is not Status.OPEN:
            live.start_deal()
    assert fault is not None and fault.kind == "full", fault
    assert str(path) in fault.message("en") and "Free some space" in fault.message("en")
    store.close()
    os.remove(small_disk / "filler")
    store = Store(path)
    stored = json.loads(store.export_record(live.match_id))
    assert [e for d in stored["deals"] for e in d["events"]] == acknowledged
    store.close()


def fill(disk):
    """Fill the disk to its last byte (the write that does not fit ends it)."""
    with contextlib.suppress(OSError), open(disk / "filler", "wb", buffering=0) as filler:
        while True:
            filler.write(b"\0" * 512)


@pytest.mark.parametrize("lang", ["C.UTF-8", "lt_LT.UTF-8"])
def test_a_full_disk_is_named_when_a_new_file_is_opened(small_disk, lang, main_py):
    """One line in the terminal's language naming the full disk: no logging traceback (the
    log beside the database cannot be written either) and no bare "disk I/O error"."""
    fill(small_disk)
    run = main_py(
        small_disk / "partija.db", "import", str(SCENARIOS / "devynake-full-deal.json"), lang=lang
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    [line] = run.stderr.splitlines()
    full = "Diskas, kuriame yra" if lang.startswith("lt") else "The disk holding"
    assert full in line and str(small_disk / "partija.db") in line, line


def test_a_full_disk_is_named_when_a_migration_cannot_be_written(small_disk, tmp_path, main_py):
    """A file of the first schema on a disk with room to open it but not to upgrade it
    (0002 writes every deal's cached results): the upgrade is told as a full disk and
    rolled back whole, the file still at its old revision with its rows."""
    from test_store_crash import old_database

    from bench.table import devynake_record

    rng = random.Random(3)
    old = tmp_path / "old.db"
    old_database(old, "0001", [devynake_record(4, rng) for _ in range(40)])
    path = small_disk / "partija.db"
    path.write_bytes(old.read_bytes())
    fill(small_disk)
    os.truncate(small_disk / "filler", os.path.getsize(small_disk / "filler") - 96 * 1024)
    run = main_py(path, "matches")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    [line] = run.stderr.splitlines()
    assert "The disk holding" in line and "is full" in line, line
    with contextlib.closing(sqlite3.connect(path)) as raw:
        assert raw.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]
        assert raw.execute("SELECT count(*) FROM matches").fetchone() == (40,)
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def test_a_read_only_disk_is_told_and_the_data_kept(small_disk, main_py):
    path = small_disk / "partija.db"
    store = Store(path)
    store.import_records([FULL_DEAL])
    store.close()
    before = path.read_bytes()
    remount = subprocess.run(
        ["mount", "-o", "remount,ro", str(small_disk)], capture_output=True, text=True, check=False
    )
    if remount.returncode != 0:
        pytest.skip(f"cannot make the tmpfs read-only: {remount.stderr.strip()}")
    run = main_py(path, "import", str(SCENARIOS / "devynake-full-deal.json"))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert str(path) in run.stderr
    assert "cannot be written" in run.stderr or "cannot be used" in run.stderr, run.stderr
    assert path.read_bytes() == before
