"""Backups: everything in one file, restored on another device without duplicates; hostile
or damaged backups refused whole; the app's daily copies of its database file."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from contextlib import closing
from datetime import date, timedelta

import pytest
from conftest import SCENARIOS, rows
from randomplay import random_entry

from models import BackupRefused, Store
from models.backup import MAX_BYTES
from rules.match import Status
from rules.record import load, verdict

FULL_DEAL = json.loads((SCENARIOS / "devynake-full-deal.json").read_bytes())
CLUB = {"name": "Kortų klubas", "salt": "00", "pin_hash": "11", "secret": "22"}
GENDERS = {"Ona": "f", "Jonas": "m", "Rūta": "f", "Aistė": "f", "Kęstas": "m"}


def filled(url: str) -> Store:
    """A store as a player's phone holds it after a while: matches of every game played
    at the table (finished and going on, with undos), one file imported twice, players of
    both genders (one the name would not tell: Kęstas kept as "m", Aistė as "f"), the
    settings and a club."""
    rng = random.Random(7)
    store = Store(url)
    store.save_setting("lang", "en")
    store.save_setting("defaults.ramsas", {"target": 25})
    store.save_setting("club", CLUB)
    store.import_records([FULL_DEAL, FULL_DEAL])
    for number, game in enumerate(("devynake", "ramsas", "bumas", "domino")):
        names = ["Ona", "Jonas", "Rūta", "Aistė", "Kęstas"][number : number + 3]
        live = store.create_match(
            game=game,
            players=names,
            options={"deals": 1} if game == "devynake" else {},
            genders=[GENDERS[n] for n in names],
        )
        for _ in range(60 + 40 * number):
            if live.match.finished:
                break
            log = live.match.current
            if log is None or log.status is not Status.OPEN:
                live.start_deal()
            elif log.entries and rng.random() < 0.05:
                live.undo()
            else:
                live.add_entry(random_entry(live.match, rng) or {"type": "annul"})
    return store


def contents(store: Store) -> dict:
    """What a backup must carry: every match's record and verdict with its times, the
    roster with genders, the settings, and the ratings the matches give."""
    from rules.games import GAMES

    matches = []
    for summary in store.list_matches():
        record = json.loads(store.export_record(summary.id))
        matches.append((record, verdict(*load(record))))
    return {
        "matches": sorted(matches, key=lambda m: json.dumps(m[0], sort_keys=True)),
        "roster": store.roster_genders(),
        "settings": store.settings(),
        "ratings": {
            game: [(s.name, round(s.mu, 9), s.matches) for s in store.standings(game)]
            for game in GAMES
        },
    }


def everything(url: str) -> dict:
    """Every row of every table, for "nothing changed"."""
    return {
        table: sorted(map(repr, rows(url, f"SELECT * FROM {table}")))
        for table in ("players", "matches", "seats", "deals", "entries", "settings", "ratings")
    }


@pytest.fixture(scope="module")
def backup_file(tmp_path_factory):
    """A backup of ``filled``'s store and what it must carry: made once for the module's
    tests, which only read it (a damaged copy is a file of the test's own)."""
    folder = tmp_path_factory.mktemp("backup")
    store = filled(str(folder / "phone.db"))
    file = folder / "partija-backup.jsonl"
    assert store.backup(file) == len(store.list_matches())
    wanted = contents(store)
    store.close()
    return file, wanted


def test_a_backup_restored_on_another_device_is_everything(backup_file, store_url):
    file, wanted = backup_file
    other = Store(store_url)
    done = other.restore(file)
    assert (done.matches, done.present) == (len(wanted["matches"]), 0)
    assert done.players == len(wanted["roster"]) and done.settings == 3
    got = contents(other)
    assert got == wanted  # records, verdicts, genders, settings, club, ratings
    finished = [m for m in other.list_matches() if m.status == "finished"]
    assert finished and any(got["ratings"].values())
    other.close()


def test_restoring_again_or_where_it_came_from_adds_nothing(backup_file, tmp_path):
    file, wanted = backup_file
    shutil.copyfile(file.parent / "phone.db", tmp_path / "phone.db")  # the device it came from
    phone = Store(tmp_path / "phone.db")
    before = everything(str(tmp_path / "phone.db"))
    done = phone.restore(file)
    assert (done.matches, done.present, done.players, done.settings) == (
        0,
        len(wanted["matches"]),
        0,
        0,
    )
    assert everything(str(tmp_path / "phone.db")) == before
    phone.close()
    other = Store(tmp_path / "other.db")
    other.restore(file)
    assert other.restore(file).matches == 0
    assert len(other.list_matches()) == len(wanted["matches"])  # both of the twice-imported
    other.close()


def test_a_restore_merges_with_what_the_device_has(backup_file, tmp_path):
    """The device's own matches stay; its players keep their genders and its settings
    their values; the backup adds what the device lacks."""
    file, wanted = backup_file
    device = Store(tmp_path / "tablet.db")
    device.save_setting("lang", "lt")
    device.create_match(game="bumas", players=["Ona", "Petras"], genders=["m", "m"])
    done = device.restore(file)
    assert done.matches == len(wanted["matches"]) and done.settings == 2
    assert len(device.list_matches()) == len(wanted["matches"]) + 1
    genders = device.roster_genders()
    assert genders["Ona"] == "m"  # the device's own roster wins for a name it has
    assert {k: v for k, v in genders.items() if k != "Ona"} == {
        k: v for k, v in wanted["roster"].items() if k != "Ona"
    }
    assert device.settings()["lang"] == "lt" and device.settings()["club"] == CLUB
    device.close()


def damaged(file, how):
    data = file.read_bytes()
    lines = data.splitlines(keepends=True)
    return {
        "empty": b"",
        "a database file": (file.parent / "phone.db").read_bytes(),
        "another format": b'{"format": "something-else", "version": 1}\n' + b"".join(lines[1:]),
        "a newer version": lines[0].replace(b'"version":1', b'"version":2') + b"".join(lines[1:]),
        "cut at a line": b"".join(lines[:-1]),
        "cut in a line": data[: len(data) // 2],
        "a flipped byte": data[:200] + bytes([data[200] ^ 0x80]) + data[201:],
        "an unknown game": data.replace(b'"game":"ramsas"', b'"game":"chess"', 1),
        "a record without options": data.replace(b'"options":{', b'"opts":{', 1),
        "a count that is off": data.replace(b'{"end":{"players":', b'{"end":{"players":1', 1),
        "more after the end": data + lines[1],
        "a bad gender": data.replace(b'"gender":"f"', b'"gender":"x"', 1),
        "a bad name": data.replace(b'"name":"Ona"', b'"name":"\\u0007"', 1),
        "a bad time": data.replace(b'"created_at":"', b'"created_at":"yesterday', 1),
        "a lone surrogate": data.replace(b'"name":"Ona"', b'"name":"\\ud800"', 1),
        "deep nesting": lines[0] + b'{"setting":{"key":"x","value":' + b"[" * 100_000 + b"\n",
        "a huge number": lines[0] + b'{"setting":{"key":"x","value":1' + b"0" * 50 + b"}}\n",
        "a line too long": lines[0]
        + b'{"setting":{"key":"x","value":"'
        + b"a" * MAX_BYTES
        + b'"}}\n',
        "two kinds in a line": data.replace(b'{"player":{', b'{"setting":1,"player":{', 1),
    }[how]


HOSTILE = [
    "empty",
    "a database file",
    "another format",
    "a newer version",
    "cut at a line",
    "cut in a line",
    "a flipped byte",
    "an unknown game",
    "a record without options",
    "a count that is off",
    "more after the end",
    "a bad gender",
    "a bad name",
    "a bad time",
    "a lone surrogate",
    "deep nesting",
    "a huge number",
    "a line too long",
    "two kinds in a line",
]


@pytest.mark.parametrize("how", HOSTILE)
def test_a_hostile_or_damaged_backup_is_refused_in_one_line_and_nothing_changes(
    backup_file, tmp_path, how
):
    file, _ = backup_file
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(damaged(file, how))
    url = str(tmp_path / "tablet.db")
    device = Store(url)
    device.create_match(game="bumas", players=["Ona", "Petras"])
    device.save_setting("lang", "lt")
    before = everything(url)
    with pytest.raises(BackupRefused) as refused:
        device.restore(bad)
    for lang, words in (("en", "Nothing was changed."), ("lt", "Niekas nepakeista.")):
        line = refused.value.message(lang)
        assert "\n" not in line and line.endswith(words) and str(bad) in line
    assert everything(url) == before
    device.close()


def test_the_command_line_writes_and_restores_a_backup(tmp_path, cli_text):
    def cli(db, *args, lang="C.UTF-8"):
        return cli_text("--db", db, *args, env={"LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""})

    phone = tmp_path / "phone.db"
    assert cli(phone, "import", str(SCENARIOS / "devynake-full-deal.json")).returncode == 0
    file = tmp_path / "b.jsonl"
    run = cli(phone, "backup", str(file))
    assert run.returncode == 0 and run.stdout == f"{file}: backup written, matches: 1\n"
    run = cli(tmp_path / "new.db", "restore", str(file), lang="lt_LT.UTF-8")
    assert run.returncode == 0
    assert run.stdout.startswith(f"{file}: pridėta žaidimų: 1 (jau buvo: 0)")
    (tmp_path / "cut.jsonl").write_bytes(file.read_bytes()[:-30])
    run = cli(tmp_path / "new.db", "restore", str(tmp_path / "cut.jsonl"))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    [line] = run.stderr.splitlines()
    assert "not a backup this Partija can restore" in line and "Nothing was changed" in line
    run = cli(tmp_path / "new.db", "restore", str(tmp_path / "none.jsonl"))
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1
    run = cli(phone, "backup", str(tmp_path / "no-folder" / "b.jsonl"))
    assert run.returncode == 2 and "cannot be written" in run.stderr
    assert not list(tmp_path.glob("no-folder*"))


def test_daily_copies_are_whole_databases_and_a_week_of_them_is_kept(tmp_path):
    """Made with SQLite's backup API while a write is under way on another connection:
    each copy is a whole database (integrity check ok) with the matches committed."""
    path = tmp_path / "partija.db"
    store = Store(path)
    store.import_records([FULL_DEAL] * 3)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO settings (key, value) VALUES ('mid-write', '1')")
    first = date(2026, 12, 1)
    made = [store.keep_daily_copy(first + timedelta(days=n)) for n in range(9)]
    writer.execute("ROLLBACK")
    writer.close()
    assert all(made) and store.keep_daily_copy(first + timedelta(days=8)) is None
    kept = sorted(p.name for p in (tmp_path / "backups").iterdir())
    assert kept == [f"partija-{first + timedelta(days=n)}.db" for n in range(2, 9)]
    for copy in (tmp_path / "backups").iterdir():
        with closing(sqlite3.connect(f"{copy.as_uri()}?immutable=1", uri=True)) as db:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert db.execute("SELECT count(*) FROM matches").fetchone() == (3,)
            assert db.execute("SELECT count(*) FROM settings").fetchone() == (0,)
    store.close()


def test_the_settings_screen_saves_a_backup_and_restores_it_elsewhere(tmp_path):
    """ "Atsarginė kopija": the file to save and what it holds in one line; restored on
    another device with what was added in one line; a damaged one refused in one line."""
    from app.model import AppModel

    phone = AppModel.start(filled(str(tmp_path / "phone.db")), None, local=False)
    name, data = phone.backup_file()
    assert name.startswith("partija-") and name.endswith(".jsonl")
    assert phone.message == "The backup holds matches: 6, players: 6, settings: 3."  # lang: en
    tablet = AppModel.start(Store(tmp_path / "tablet.db"), None, local=False)
    tablet.restore_backup(data)
    assert tablet.message == (
        "Atkurta: pridėta žaidimų: 6 (jau buvo: 0), žaidėjų: 6, nustatymų: 3."
    )
    assert len(tablet.store.list_matches()) == 6
    tablet.restore_backup(data[: len(data) // 3])
    assert tablet.message.startswith("… nėra atsarginė kopija")
    assert tablet.message.endswith("Niekas nepakeista.") and "\n" not in tablet.message
    assert len(tablet.store.list_matches()) == 6
    for model in (phone, tablet):
        model.store.close()


def test_the_app_keeps_a_copy_of_the_day_when_its_store_opens(tmp_path, monkeypatch):
    from app.run import open_store

    monkeypatch.setenv("PARTIJA_DB", str(tmp_path / "partija.db"))
    store, problem = open_store("lt")
    assert problem is None
    [copy] = (tmp_path / "backups").iterdir()
    assert copy.name == f"partija-{date.today()}.db"
    store.close()
    store, _ = open_store("lt")  # the same day: no second copy
    assert len(list((tmp_path / "backups").iterdir())) == 1
    store.close()
