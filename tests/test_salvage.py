"""A damaged database file: set aside, and everything whole that it holds recovered.

One database is played once for the module, as a table plays: matches of every game
going on at the same time (their entries interleaved on the pages), undos, players of
both genders, settings and a club. Each test damages a copy of its file as a disk
would – cut short, bytes flipped in one page of each table, page 1 – and opens it.

Which matches must come back is worked out beside the salvage, from SQLite's own
account of the undamaged file (the ``dbstat`` table: which page of each table holds
which rows): a finished match is recovered exactly when none of its rows was on a
damaged page; a match going on may be given up (what was lost could be its newest
entries), never recovered when it lost a row. Every recovered match must export the
same record and give the same verdict as before the damage.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
from collections import defaultdict
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import main_process
from randomplay import random_entry

from models import Store
from rules.match import Status
from rules.record import load, verdict

GAMES = ("devynake", "ramsas", "bumas", "domino")
NAMES = {"Ona": "f", "Jonas": "m", "Rūta": "f", "Petras": "m", "Aistė": "f"}
MATCHES = 12
PAGE_SIZE = 1024
NEWEST = 20  # entries of the last match's open deal written last
SETTINGS = {"lang": "en", "theme": "dark", "defaults.devynake": {"deals": 2}}


@dataclass(frozen=True)
class Played:
    """The undamaged file and what it held."""

    file: Path
    records: dict[int, dict]  # match id: its exported record
    finished: set[int]  # matches finished with every deal closed
    last: int  # the match that took the file's last entries (going on)
    pages: dict[tuple[str, int], int]  # (table, rowid): the page holding the row
    leaves: dict[str, list[int]]  # each table's leaf pages, in key order
    page_size: int


def _play(file: Path) -> tuple[dict[int, dict], set[int], int]:
    rng = random.Random(32)
    with closing(sqlite3.connect(file)) as db:  # small pages: a page lost is a few rows
        db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        db.execute("VACUUM")
    store = Store(file)
    for key, value in SETTINGS.items():
        store.save_setting(key, value)
    store.save_setting("club", {"name": "Klubas", "salt": "00", "pin_hash": "11", "secret": "22"})

    def new_match(number: int):
        game = GAMES[number % 4]
        names = rng.sample(sorted(NAMES), 3)
        options = {"deals": 2} if game == "devynake" else {}
        genders = [NAMES[n] for n in names]
        return store.create_match(game=game, players=names, options=options, genders=genders)

    # Two matches going on at a time (two tables, or one phone switching between two), a
    # new one started as one ends; the last two are left going on.
    going = [new_match(0), new_match(1)]
    created = 2
    while created < MATCHES:
        live = rng.choice(going)
        _step(live, rng)
        if live.match.finished:
            going.remove(live)
            going.append(new_match(created))
            created += 1
    for live in going:
        for _ in range(rng.randrange(5, 40)):
            _step(live, rng)
    last = going[-1]
    for _ in range(2000):  # the file's last entries: a run in the open deal of the last match
        log = last.match.current
        open_deal = log is not None and log.status is Status.OPEN
        if open_deal and log.entries >= NEWEST and len(last.match.deals) >= 2:
            break  # with a deal it closed before
        _step(last, rng, undo=0.0)
    records = {m.id: json.loads(store.export_record(m.id)) for m in store.list_matches()}
    finished = {
        m.id
        for m in store.list_matches()
        if m.status == "finished"
        and all(d.status.value != "open" for d in load(records[m.id])[0].deals)
    }
    store.close()
    return records, finished, last.match_id


def _step(live, rng: random.Random, undo: float = 0.03) -> None:
    log = live.match.current
    if log is None or log.status is not Status.OPEN:
        live.start_deal()
    elif log.entries and rng.random() < undo:
        live.undo()
    elif log.accepted and rng.random() < undo:  # a correction: the entry put in anew
        index, entry = log.accepted[-1]
        assert live.replace(deal=log.number, index=index, raw=entry.to_record()).refusal is None
    else:
        live.add_entry(random_entry(live.match, rng) or {"type": "annul"})


def _pages(file: Path) -> tuple[dict[tuple[str, int], int], dict[str, list[int]], int]:
    """Which page holds each row of each table, by SQLite's own ``dbstat``: a table's leaf
    pages in key order hold its rows in key order, ``ncell`` of them each."""
    where: dict[tuple[str, int], int] = {}
    leaves: dict[str, list[int]] = defaultdict(list)
    with closing(sqlite3.connect(file)) as db:
        size = db.execute("PRAGMA page_size").fetchone()[0]
        for table in ("players", "settings", "matches", "seats", "deals", "entries"):
            keys = [k for (k,) in db.execute(f"SELECT rowid FROM {table} ORDER BY rowid")]
            at = 0
            for page, cells in db.execute(
                "SELECT pageno, ncell FROM dbstat WHERE name = ? AND pagetype = 'leaf'"
                " ORDER BY path",
                (table,),
            ):
                leaves[table].append(page)
                for key in keys[at : at + cells]:
                    where[(table, key)] = page
                at += cells
            assert at == len(keys), table
    return where, dict(leaves), size


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Played:
    file = tmp_path_factory.mktemp("played") / "partija.db"
    records, finished, last = _play(file)
    where, leaves, size = _pages(file)
    return Played(file, records, finished, last, where, leaves, size)


def match_pages(played: Played, match_id: int, undone: bool = False) -> set[int]:
    """The pages the rows of a match's record lie on (its row, seats and their players,
    live deals and live entries); ``undone``: its undone and replaced rows' pages too."""
    live = "" if undone else " AND undone_at IS NULL"
    with closing(sqlite3.connect(played.file)) as db:
        pages = {played.pages[("matches", match_id)]}
        for rowid, player in db.execute(
            "SELECT rowid, player_id FROM seats WHERE match_id = ?", (match_id,)
        ):
            pages |= {played.pages[("seats", rowid)], played.pages[("players", player)]}
        for (deal,) in db.execute(f"SELECT id FROM deals WHERE match_id = ?{live}", (match_id,)):
            pages.add(played.pages[("deals", deal)])
            for (entry,) in db.execute(f"SELECT id FROM entries WHERE deal_id = ?{live}", (deal,)):
                pages.add(played.pages[("entries", entry)])
    return pages


def every_row(file: Path, match_id: int) -> list[tuple]:
    """A match's deal and entry rows as stored, undone and replaced ones included."""
    with closing(sqlite3.connect(file)) as db:
        return db.execute(
            "SELECT d.id, d.number, d.started_at, d.undone_at, d.status, d.points,"
            " e.id, e.seq, e.event, e.refused, e.at, e.undone_at, e.replaced_by"
            " FROM deals d LEFT JOIN entries e ON e.deal_id = d.id WHERE d.match_id = ?"
            " ORDER BY d.id, e.id",
            (match_id,),
        ).fetchall()


def damaged_copy(played: Played, folder: Path, damage) -> Path:
    file = folder / "partija.db"
    shutil.copyfile(played.file, file)
    data = bytearray(file.read_bytes())
    file.write_bytes(bytes(damage(data)))
    return file


def flip(played: Played, page: int, start: int = 0, count: int = 10):
    """``count`` bytes flipped from ``start`` of ``page`` (1-based): its header first."""

    def damage(data: bytearray) -> bytearray:
        at = (page - 1) * played.page_size + start
        for i in range(at, at + count):
            data[i] ^= 0xFF
        return data

    return damage


def opened(
    played: Played, file: Path, lost_pages: set[int], added: dict[int, dict] | None = None
) -> tuple[Store, set[int]]:
    """Open the damaged file; check the message, the matches recovered and their verdicts;
    the store and the ids recovered. ``added``: matches the file holds beyond ``played``'s."""
    records = {**played.records, **(added or {})}
    store = Store(file)
    moved = store.moved_aside
    assert moved is not None, "the damage was not found"
    recovered = {m.id for m in store.list_matches()}
    for lang in ("en", "lt"):
        line = moved.message(lang)
        assert "\n" not in line and str(moved.moved_to) in line
    assert f"with {len(recovered)} of {len(records)} matches recovered" in moved.message("en")
    assert f"atkurta žaidimų: {len(recovered)} iš {len(records)}" in moved.message("lt")
    for match_id in recovered:
        record = json.loads(store.export_record(match_id))
        assert record == records[match_id], match_id
        match, names = load(record)
        assert verdict(match, names) == verdict(*load(records[match_id])), match_id
    case = os.environ.get("PYTEST_CURRENT_TEST", "").split("::")[-1].split(" ")[0]
    print(  # the campaign's figures (uv run pytest -n 0 -s tests/test_salvage.py)
        f"salvage {case}: {len(recovered)} of {len(records)} matches recovered"
        f" ({len(played.finished)} finished), {len(store.roster())} players,"
        f" {len(store.settings())} settings"
    )
    for match_id in played.records:
        untouched = not match_pages(played, match_id) & lost_pages
        if match_id in played.finished:
            assert (match_id in recovered) == untouched, (match_id, untouched)
        elif match_id in recovered:
            assert untouched, match_id
        if match_id in recovered and not match_pages(played, match_id, undone=True) & lost_pages:
            # every row as it was: the undone and replaced ones, their times, their links
            assert every_row(store.path, match_id) == every_row(played.file, match_id)
    return store, recovered


def test_the_played_file_is_what_the_tests_need(played):
    assert len(played.finished) >= MATCHES - 3 and played.last not in played.finished
    assert len(played.leaves["entries"]) > 8 and len(played.leaves["deals"]) > 2
    with closing(sqlite3.connect(played.file)) as db:
        assert db.execute("SELECT count(*) FROM entries WHERE undone_at IS NOT NULL").fetchone()[0]
        assert db.execute("SELECT count(*) FROM entries WHERE replaced_by IS NOT NULL").fetchone()[
            0
        ]
        newest = db.execute("SELECT deal_id FROM entries ORDER BY id DESC LIMIT 1").fetchone()[0]
        owner = db.execute("SELECT match_id FROM deals WHERE id = ?", (newest,)).fetchone()[0]
    assert owner == played.last


@pytest.mark.parametrize("cut", [0.5, 0.8], ids=["half", "four-fifths"])
def test_a_file_cut_short(played, tmp_path, cut):
    size = played.file.stat().st_size
    keep = int(size * cut) // played.page_size * played.page_size + 100  # a page cut too
    file = damaged_copy(played, tmp_path, lambda data: data[:keep])
    lost = set(range(keep // played.page_size + 1, size // played.page_size + 1))
    store, _ = opened(played, file, lost)
    store.close()


@pytest.mark.parametrize("table", ["matches", "players", "seats", "deals", "entries", "settings"])
def test_bytes_flipped_in_a_page_of_each_table(played, tmp_path, table):
    leaves = played.leaves[table]
    page = leaves[len(leaves) // 2]
    file = damaged_copy(played, tmp_path, flip(played, page))
    store, _ = opened(played, file, {page})
    kept = store.settings()
    if table == "settings":
        assert kept == {}
    else:
        assert {k: kept[k] for k in SETTINGS} == SETTINGS and kept["club"]["name"] == "Klubas"
    if table != "players":  # every player, with the gender the roster gave them
        assert store.roster_genders() == NAMES
    store.close()


def test_the_newest_entries_lost_give_up_the_match_that_took_them(played, tmp_path):
    """The last entries page is lost: the match going on that took them must not come
    back without them – its caches cannot show it, only the missing keys can."""
    page = played.leaves["entries"][-1]
    assert played.last in {m for m in played.records if page in match_pages(played, m)}, (
        "the last page does not hold the last match's entries"
    )
    file = damaged_copy(played, tmp_path, flip(played, page))
    store, recovered = opened(played, file, {page})
    assert played.last not in recovered
    assert played.finished <= recovered | {
        m for m in played.finished if page in match_pages(played, m)
    }
    store.close()


def test_the_end_of_an_old_deal_lost_gives_up_its_match(played, tmp_path):
    """A match going on loses the last entries of a deal it closed before: the rows lost
    are older than its deal going on (no rule of missing keys gives it up), but the deal
    no longer ends where its row says it did."""
    found = []
    with closing(sqlite3.connect(played.file)) as db:
        for match_id in sorted(set(played.records) - played.finished):
            deals = [
                d
                for (d,) in db.execute(
                    "SELECT id FROM deals WHERE match_id = ? AND undone_at IS NULL ORDER BY number",
                    (match_id,),
                )
            ]
            newest = {
                played.pages[("entries", e)]
                for (e,) in db.execute("SELECT id FROM entries WHERE deal_id = ?", (deals[-1],))
            }
            for deal in deals[:-1]:
                (ending,) = db.execute(
                    "SELECT max(id) FROM entries WHERE deal_id = ? AND undone_at IS NULL",
                    (deal,),
                ).fetchone()
                if played.pages[("entries", ending)] not in newest:
                    found.append((match_id, played.pages[("entries", ending)]))
    assert found, "no match going on has a deal it closed on a page of its own"
    match_id, page = found[0]
    file = damaged_copy(played, tmp_path, flip(played, page))
    store, recovered = opened(played, file, {page})
    assert match_id not in recovered
    store.close()


def test_an_interior_page_lost_loses_no_row(played, tmp_path):
    with closing(sqlite3.connect(played.file)) as db:
        (page,) = db.execute(
            "SELECT pageno FROM dbstat WHERE name = 'entries' AND path = '/'"
        ).fetchone()
    file = damaged_copy(played, tmp_path, flip(played, page))
    store, recovered = opened(played, file, set())
    assert played.finished <= recovered
    store.close()


@pytest.mark.parametrize("start", [0, 100], ids=["header", "schema"])
def test_page_one_damaged(played, tmp_path, start):
    """The file's header, or the schema's own page: the tables are found by their pages."""
    file = damaged_copy(played, tmp_path, flip(played, 1, start, 100 if start == 0 else 10))
    store, recovered = opened(played, file, set())
    assert played.finished <= recovered
    assert store.roster_genders() == NAMES
    store.close()


def test_committed_frames_of_the_log_are_read(played, tmp_path):
    """An unclean stop: the newest entries are only in the write-ahead log, and a page of
    the main file is damaged; the log's transactions are recovered with the rest."""
    shutil.copyfile(played.file, tmp_path / "partija.db")
    store = Store(tmp_path / "partija.db")
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    for _ in range(12):
        live.add_entry(random_entry(live.match, random.Random(live.match.current.entries)))
    record = json.loads(store.export_record(live.match_id))
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for suffix in ("", "-wal"):  # as a kill would leave them, the store still open
        shutil.copyfile(tmp_path / f"partija.db{suffix}", crashed / f"partija.db{suffix}")
    store.close()
    assert (crashed / "partija.db-wal").stat().st_size > 0
    settings_page = played.leaves["settings"][0]
    data = bytearray((crashed / "partija.db").read_bytes())
    data = flip(played, settings_page)(data)
    (crashed / "partija.db").write_bytes(bytes(data))
    store, recovered = opened(
        played, crashed / "partija.db", {settings_page}, {live.match_id: record}
    )
    assert live.match_id in recovered
    store.close()


def test_the_command_line_tells_the_salvage_in_one_line(played, tmp_path):
    file = damaged_copy(played, tmp_path, flip(played, played.leaves["players"][0]))
    run = main_process("--db", file, "matches")
    assert run.returncode == 0
    [line] = run.stderr.splitlines()
    assert f"of {len(played.records)} matches recovered" in line and ".corrupt-" in line


def test_a_salvage_that_fails_still_opens_the_new_store(played, tmp_path, monkeypatch):
    """Whatever the damaged bytes do to the reader, the app starts: the salvage is rolled
    back whole, the damaged file kept, and the message says nothing was recovered."""
    import models.store

    def broken(damaged, engine):
        raise ValueError("a page nobody foresaw")

    monkeypatch.setattr(models.store, "salvage", broken)
    file = damaged_copy(played, tmp_path, flip(played, played.leaves["players"][0]))
    store = Store(file)
    assert store.moved_aside.recovered == 0 and store.moved_aside.moved_to.exists()
    assert "with 0 of 0 matches recovered" in store.moved_aside.message("en")
    assert store.list_matches() == [] and store.roster() == []
    store.close()
