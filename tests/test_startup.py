"""The first screen without the store's modules, and the store opened right after it.

A fresh interpreter renders the app's first screen into a real Flet session over an
in-memory connection, as ``bench/startup.py``'s child does (Flet's internal session API,
as Flet's own tests use it: kept to this file). The model's side – what waits for the
store, what a damaged file found after the first screen does – is tested on the model.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SCENARIOS

from app.model import UNFINISHED_SHOWN, AppModel
from app.run import StoreOpening, open_store
from models import Store
from models.peek import home

ORM = ("sqlalchemy", "sqlmodel", "pydantic")
CLUB = ("app.club", "models.pin_gate")  # a club's screens and its PIN gate
FULL_DEAL = json.loads((SCENARIOS / "devynake-full-deal.json").read_bytes())

# The child: the app's first screen, noting which ORM modules were loaded when its patch
# was packed for the wire, and the resume tiles it drew; then the store opened after it.
CHILD = """
import asyncio, json, sys
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
import flet as ft

from app.run import main

ORM = ("sqlalchemy", "sqlmodel", "pydantic")
CLUB = ("app.club", "models.pin_gate")
encode = configure_encode_object_for_msgpack(BaseControl)


class Wire(Connection):
    def __init__(self):
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.loaded = None  # the ORM modules loaded when the first patch was packed

    def send_message(self, message):
        msgpack.packb([message.action, message.body], default=encode)
        if self.loaded is None:
            self.loaded = [m for m in ORM if m in sys.modules]
            self.club = [m for m in CLUB if m in sys.modules]


def tiles(session):
    found = {}
    for control in list(session.index.values()):
        if isinstance(control, ft.Semantics) and str(control.identifier).startswith("resume-"):
            tile = control.content.content
            found[control.identifier] = tile.subtitle.value
    return found


def texts(session):
    return [c.value for c in list(session.index.values())
            if isinstance(c, ft.Text) and isinstance(c.value, str)]


async def run():
    wire = Wire()
    session = Session(wire)
    _context_page.set(session.page)
    # The answer to the client's registration, packed as the web server sends it; then
    # main(), whose page.render sends the home screen.
    msgpack.packb(session.get_page_patch(), default=encode)
    opening = main(session.page)
    out = {"loaded": wire.loaded, "club": wire.club, "tiles": tiles(session),
           "texts": texts(session), "background": opening is not None}
    if opening is not None:
        store, problem = opening.result()
        out["problem_after"] = problem
        out["loaded_after"] = [m for m in ORM if m in sys.modules]
        # The loop hands the store to the model, which tells what it found on the screen:
        # waited for (60 s at most), not slept on.
        for _ in range(6000):
            if problem is None or problem in texts(session):
                break
            await asyncio.sleep(0.01)
        out["texts_after"] = texts(session)
        out["tiles_after"] = tiles(session)
    session.close()
    print(json.dumps(out))


asyncio.run(run())
"""


def first_screen(db: Path, **env: str) -> dict:
    run = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PARTIJA_DB": str(db), **env},
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def stored(file: Path, unfinished: int = 3) -> list[dict]:
    """A store with ``unfinished`` matches going on and two finished; the tiles the store
    path would draw for them (``app.home.ResumeTile``: identifier and totals line)."""
    store = Store(file)
    store.import_records([FULL_DEAL] * unfinished)
    for players in (["Ona", "Jonas"], ["Rūta", "Petras", "Ona"]):
        live = store.create_match(game="bumas", players=players)
        live.start_deal()
        live.stop()
    shown = {
        f"resume-{m.id}": ", ".join(f"{n} {t}" for n, t in zip(m.players, m.totals))
        for m in store.list_matches(unfinished=True, limit=UNFINISHED_SHOWN)
    }
    store.close()
    return shown


def test_the_first_screen_is_drawn_without_the_orm(tmp_path):
    file = tmp_path / "partija.db"
    expected = stored(file)
    assert len(expected) == 3
    assert any(int(n.rsplit(" ", 1)[1]) for line in expected.values() for n in line.split(", "))
    screen = first_screen(file)
    assert screen["background"]
    assert screen["loaded"] == []  # not one of SQLAlchemy, SQLModel, pydantic
    assert screen["club"] == []  # nor a club's screens and PIN gate
    assert screen["tiles"] == expected  # the same matches to resume, with the same totals
    assert screen["problem_after"] is None
    assert screen["loaded_after"] == list(ORM)  # and then the store did open


def test_more_unfinished_matches_than_shown(tmp_path):
    file = tmp_path / "partija.db"
    expected = stored(file, unfinished=UNFINISHED_SHOWN + 2)
    assert len(expected) == UNFINISHED_SHOWN
    screen = first_screen(file)
    assert screen["loaded"] == [] and screen["tiles"] == expected


@pytest.mark.parametrize("kind", ["newer", "foreign", "garbage"])
def test_a_file_the_store_must_judge_is_judged_before_the_first_screen(tmp_path, kind):
    """No peek: the store opens first, and its sentence is on the first screen, as before."""
    file = tmp_path / "partija.db"
    if kind == "newer":
        Store(file).close()
        with sqlite3.connect(file) as raw:
            raw.execute("UPDATE alembic_version SET version_num = '9999'")
        words = "įrašė naujesnė Partijos versija"  # the device's language (below)
    elif kind == "foreign":
        with sqlite3.connect(file) as raw:
            raw.execute("CREATE TABLE notes (text TEXT)")
        words = "nėra Partijos duomenų bazė"
    else:
        file.write_bytes(b"not an SQLite database, but someone's data" * 100)
        words = "sugadinta"
    before = file.read_bytes()
    screen = first_screen(file, LANG="lt_LT.UTF-8", LC_ALL="", LC_MESSAGES="")
    assert not screen["background"] and screen["tiles"] == {}
    assert [t for t in screen["texts"] if words in t]
    if kind != "garbage":
        assert file.read_bytes() == before  # refused byte for byte, as the store does
    else:
        assert set_aside(tmp_path)


def test_a_club_server_opens_its_store_first(tmp_path):
    file = tmp_path / "partija.db"
    stored(file)
    screen = first_screen(file, PARTIJA_CLUB="1")
    assert not screen["background"] and screen["loaded"] == list(ORM)
    assert screen["club"] == list(CLUB)  # its first screen asks for the PIN


def set_aside(folder: Path) -> list[Path]:
    """The damaged database files set aside in ``folder`` (not their WAL and index)."""
    return [p for p in folder.glob("partija.db.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]


def damaged_after_the_first_screen(file: Path) -> bytes:
    """A file whose home screen reads well but whose quick check fails: the entries
    table's root page broken (the home screen reads no entries; the rows are on the
    leaves below it, which the salvage finds by their shape)."""
    stored(file)
    with sqlite3.connect(file) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = raw.execute("PRAGMA page_size").fetchone()[0]
        [root] = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entries'").fetchone()
        [kind] = raw.execute(
            "SELECT pagetype FROM dbstat WHERE name = 'entries' AND pageno = ?", (root,)
        ).fetchone()
        assert kind == "internal"  # the entries are on the leaves below it
    data = bytearray(file.read_bytes())
    data[(root - 1) * page : root * page] = b"\xa5" * page
    file.write_bytes(bytes(data))
    return bytes(data)


def opened_after(file: Path, monkeypatch) -> tuple[AppModel, StoreOpening]:
    """The model of a first screen drawn from the file, its store being opened."""
    monkeypatch.setenv("PARTIJA_DB", str(file))
    peeked = home(UNFINISHED_SHOWN)
    assert peeked is not None
    opening = StoreOpening()
    model = AppModel.peeked(peeked, opening, local=False)
    opening.start()
    return model, opening


def test_a_damage_found_after_the_first_screen_is_told_and_nothing_resumed(tmp_path, monkeypatch):
    file = tmp_path / "partija.db"
    damaged = damaged_after_the_first_screen(file)
    model, _ = opened_after(file, monkeypatch)
    [first, *_] = model.unfinished()  # drawn from the file as it was
    model.route = "/rules/ramsas"
    model.resume(first.id)  # waits for the store, which set the file aside
    assert model.route == "/" and model.table is None
    [moved] = set_aside(tmp_path)
    assert moved.read_bytes() == damaged  # nothing was written to it before the check
    assert model.problem is not None and str(moved) in model.problem
    assert model.problem.startswith(f"Duomenų bazė {file} sugadinta")
    # the store as it now is: what could be read was recovered into the new file
    assert [m.id for m in model.unfinished()] == [
        m.id for m in model.store.list_matches(unfinished=True, limit=UNFINISHED_SHOWN)
    ]


def test_a_damage_found_after_the_first_screen_is_told_without_a_tap(tmp_path):
    file = tmp_path / "partija.db"
    damaged_after_the_first_screen(file)
    screen = first_screen(file)
    assert screen["background"] and len(screen["tiles"]) == 3  # drawn from the file
    assert not [t for t in screen["texts"] if "sugadinta" in t]
    [moved] = set_aside(tmp_path)
    assert screen["problem_after"] in screen["texts_after"]  # then told on the home screen
    assert str(moved) in screen["problem_after"]
    # The broken root held no row: every match is recovered, with its totals.
    assert screen["tiles_after"] == screen["tiles"]


def test_the_same_sentence_as_a_start_on_the_store_gives(tmp_path, monkeypatch):
    file = tmp_path / "partija.db"
    damaged = damaged_after_the_first_screen(file)
    model, _ = opened_after(file, monkeypatch)
    assert not model.ready()
    told = model.problem
    [moved] = set_aside(tmp_path)
    model.store.close()
    for part in tmp_path.glob("partija.db*"):
        if part != moved:
            part.unlink()
    moved.replace(file)  # the same damaged file again, opened the way a start used to
    assert file.read_bytes() == damaged
    store, problem = open_store("lt")
    store.close()
    [again] = set_aside(tmp_path)
    assert problem == told.replace(str(moved), str(again))


def test_what_needs_the_store_waits_for_it(tmp_path, monkeypatch):
    file = tmp_path / "partija.db"
    expected = stored(file)
    model, _ = opened_after(file, monkeypatch)
    assert [f"resume-{m.id}" for m in model.unfinished()] == list(expected)
    match_id = model.unfinished()[0].id
    model.resume(match_id)
    assert model.route == f"/match/{match_id}" and model.table.keeper.match_id == match_id
    assert model.problem is None and model.ready()
    model.go_home()
    model.set_language("en")  # written through to the store once it is open
    assert model.store.settings()["lang"] == "en"
    assert [m.id for m in model.unfinished()] == [int(k.split("-")[1]) for k in expected]
    model.store.close()


def test_a_setting_saved_before_the_store_is_open_is_kept(tmp_path, monkeypatch):
    file = tmp_path / "partija.db"
    stored(file)
    model, opening = opened_after(file, monkeypatch)
    model.set_theme("dark")  # waits for the store, then saves
    assert opening.result()[0].settings()["theme"] == "dark"
    model.store.close()
    assert home(UNFINISHED_SHOWN, file).settings["theme"] == "dark"


def test_settings_on_the_first_screen_are_the_files(tmp_path, monkeypatch):
    file = tmp_path / "partija.db"
    stored(file)
    store = Store(file)
    store.save_setting("lang", "en")
    store.save_setting("theme", "light")
    store.close()
    model, opening = opened_after(file, monkeypatch)
    assert (model.lang, model.theme) == ("en", "light")
    opening.result()[0].close()


def test_news_of_the_opening_is_in_the_players_language(monkeypatch):
    """What opening the store says (a damaged file, a newer one) is said in the language the
    file's settings name, else the device's; a browser's is not known before the store."""
    from app.run import first_language

    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert first_language({"lang": "lt"}, web=False) == "lt"
    assert first_language({"lang": "en"}, web=True) == "en"
    assert first_language({"lang": 7}, web=False) == "en"  # the device's
    assert first_language({}, web=True) == "lt"
